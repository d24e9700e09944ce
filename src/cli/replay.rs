//! `vdmchess replay`: the PGN replay runner on the command line.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use vdmchess::notation::san::SanMode;
use vdmchess::runner::export::{export_reader, Export, ExportError, Variations};
use vdmchess::runner::input::Stoppable;
use vdmchess::runner::{self, GameReport, Options, Replay, Summary};

use super::progress::Progress;
use super::{note, Failure, Outcome};

/// `--export`, `--export-errors` and `--no-variations`.
pub(crate) struct ExportArgs {
    /// Where the games that replayed go, normalized.
    pub(crate) games: Option<String>,
    /// Where the games that failed go, unchanged.
    pub(crate) errors: Option<String>,
    /// Leave variations out of the export instead of checking them.
    pub(crate) no_variations: bool,
}

impl ExportArgs {
    fn wanted(&self) -> bool {
        self.games.is_some() || self.errors.is_some()
    }
}

/// Replays `files` over `P` (one implementation of the port, or two in lock step).
pub(crate) fn replay_command<P: Replay>(
    files: Vec<String>,
    jobs: usize,
    json: bool,
    strict: bool,
    errors_only: bool,
    export_args: ExportArgs,
) -> Outcome {
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
    let mut games_out = create(export_args.games.as_deref(), &files)?;
    let mut errors_out = create(export_args.errors.as_deref(), &files)?;
    let variations = if export_args.no_variations {
        Variations::Drop
    } else {
        Variations::Check
    };
    let mut export = Export::new(
        games_out.as_mut().map(|w| w as &mut dyn Write),
        errors_out.as_mut().map(|w| w as &mut dyn Write),
        variations,
    );
    let bytes = Arc::new(AtomicU64::new(0));
    let stored = Arc::new(AtomicU64::new(0));
    let mut progress = Progress::new(&files, Arc::clone(&bytes), Arc::clone(&stored));
    let start = Instant::now();
    let mut summary = Summary::default();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    // A failed write to standard output (its reader gone, say) ends the run: the input is
    // read no further, and the failure is returned.
    let mut write_error: Option<io::Error> = None;
    let stop = Arc::new(AtomicBool::new(false));
    for file in &files {
        let input = runner::input::open_counting(file, Arc::clone(&bytes), Arc::clone(&stored))
            .map_err(|e| e.to_string())?;
        let input = Stoppable::new(input, Arc::clone(&stop));
        let mut sink = |report: GameReport, refused: Option<ExportError>| {
            summary.add(&report);
            if let Some(why) = refused {
                progress.clear();
                note(format_args!(
                    "{}#{}: not exported: {why}\n",
                    report.file, report.index
                ));
            }
            if write_error.is_none() && (!errors_only || report.error.is_some()) {
                if let Err(e) = write_report(&mut out, &report, json) {
                    write_error = Some(e);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            progress.tick(summary.games);
        };
        let read = if export_args.wanted() {
            export_reader::<P, _>(input, file, &options, &mut export, &mut sink)
        } else {
            runner::replay_reader::<P, _>(input, file, &options, &mut |r| sink(r, None))
        };
        if let Some(e) = write_error.take() {
            progress.clear();
            return Err(Failure::from(e));
        }
        read.map_err(|e| format!("{file}: {e}"))?;
    }
    if let Err(e) = out.flush() {
        progress.clear();
        return Err(Failure::from(e));
    }
    let refused = export.failed_in_variation;
    let export_line = export_args
        .wanted()
        .then(|| export_summary(&export, &export_args));
    drop(export);
    for (w, name) in [
        (games_out, &export_args.games),
        (errors_out, &export_args.errors),
    ] {
        if let (Some(mut w), Some(name)) = (w, name) {
            w.flush().map_err(|e| format!("{name}: {e}"))?;
        }
    }
    summary.bytes = bytes.load(Ordering::Relaxed);
    progress.clear();
    note(format_args!("{}\n", summary.line(start.elapsed())));
    if let Some(line) = export_line {
        note(format_args!("{line}\n"));
    }
    Ok(if summary.errors + refused > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes one report line (text or JSON).
fn write_report(out: &mut impl Write, report: &GameReport, json: bool) -> io::Result<()> {
    if json {
        serde_json::to_writer(&mut *out, report).map_err(io::Error::from)?;
        out.write_all(b"\n")
    } else {
        writeln!(out, "{report}")
    }
}

/// Creates an export file, refusing to overwrite one of the inputs.
fn create(name: Option<&str>, inputs: &[String]) -> Result<Option<BufWriter<File>>, String> {
    let Some(name) = name else {
        return Ok(None);
    };
    if let Ok(target) = std::fs::canonicalize(name) {
        let clash = inputs
            .iter()
            .any(|i| std::fs::canonicalize(i).is_ok_and(|p| p == target));
        if clash {
            return Err(format!(
                "{name}: is an input; an export may not overwrite it"
            ));
        }
    }
    let file = File::create(name).map_err(|e| format!("{name}: {e}"))?;
    Ok(Some(BufWriter::with_capacity(1 << 16, file)))
}

/// The export's line of the summary.
fn export_summary(export: &Export<'_>, args: &ExportArgs) -> String {
    let mut parts = Vec::new();
    if let Some(name) = &args.games {
        parts.push(format!("{} games exported to {name}", export.exported));
    }
    let failed = match &args.errors {
        Some(name) => format!("{} failed games written to {name}", export.failed),
        None => format!("{} failed games not written", export.failed),
    };
    parts.push(failed);
    if export.failed_in_variation > 0 {
        parts.push(format!(
            "{} of them for a variation",
            export.failed_in_variation
        ));
    }
    if export.cut > 0 {
        parts.push(format!(
            "{} cut at {} MiB",
            export.cut,
            vdmchess::runner::export::MAX_KEPT >> 20
        ));
    }
    format!("export: {}", parts.join(", "))
}
