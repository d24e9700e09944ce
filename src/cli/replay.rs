//! `vdmchess replay`: the PGN replay runner on the command line.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use vdmchess::notation::san::SanMode;
use vdmchess::runner::{self, GameReport, Options, Replay, Summary};

/// Replays `files` over `P` (one implementation of the port, or two in lock step).
pub(crate) fn replay_command<P: Replay>(
    files: Vec<String>,
    jobs: usize,
    json: bool,
    strict: bool,
    errors_only: bool,
) -> Result<ExitCode, String> {
    if jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    let files = if files.is_empty() {
        vec!["-".to_string()]
    } else {
        files
    };
    let options = Options {
        san_mode: if strict {
            SanMode::Strict
        } else {
            SanMode::Lenient
        },
        jobs,
    };
    let bytes = Arc::new(AtomicU64::new(0));
    let progress_on = io::stderr().is_terminal();
    let start = Instant::now();
    let mut summary = Summary::default();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut write_error: Option<io::Error> = None;
    let mut last_draw = Instant::now();
    for file in &files {
        let input = runner::input::open(file, Arc::clone(&bytes)).map_err(|e| e.to_string())?;
        let mut sink = |report: GameReport| {
            summary.add(&report);
            if write_error.is_none() && (!errors_only || report.error.is_some()) {
                let written = if json {
                    serde_json::to_writer(&mut out, &report)
                        .map_err(io::Error::other)
                        .and_then(|()| out.write_all(b"\n"))
                } else {
                    writeln!(out, "{report}")
                };
                if let Err(e) = written {
                    write_error = Some(e);
                }
            }
            if progress_on && last_draw.elapsed() >= Duration::from_millis(200) {
                last_draw = Instant::now();
                let b = bytes.load(Ordering::Relaxed);
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                eprint!(
                    "\r\x1b[K{:.1} MB, {} games, {:.0} games/s",
                    b as f64 / 1e6,
                    summary.games,
                    summary.games as f64 / secs
                );
            }
        };
        runner::replay_reader::<P, _>(input, file, &options, &mut sink)
            .map_err(|e| format!("{file}: {e}"))?;
    }
    out.flush().map_err(|e| e.to_string())?;
    if let Some(e) = write_error {
        if e.kind() != io::ErrorKind::BrokenPipe {
            return Err(e.to_string());
        }
    }
    summary.bytes = bytes.load(Ordering::Relaxed);
    if progress_on {
        eprint!("\r\x1b[K");
    }
    eprintln!("{}", summary.line(start.elapsed()));
    Ok(if summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
