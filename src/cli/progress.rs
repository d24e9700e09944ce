//! The progress line of `replay` on a terminal: PGN read, games, games per second, and, when
//! the size of every input is known (files, compressed or not), the share done and the time
//! left, from the bytes read of the files as stored. Nothing is drawn when standard error is
//! not a terminal.

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use vdmchess::runner::input::stored_size;

/// How often the line is redrawn.
const EVERY: Duration = Duration::from_millis(200);

/// The progress line of one run.
pub(crate) struct Progress {
    on: bool,
    start: Instant,
    last: Instant,
    /// The stored size of all inputs, when every one is a file.
    total: Option<u64>,
    /// Bytes read of the inputs as stored.
    stored: Arc<AtomicU64>,
    /// Bytes of PGN read (after decompression).
    pgn: Arc<AtomicU64>,
}

impl Progress {
    /// The progress of a run over `files`, drawn only when standard error is a terminal.
    pub(crate) fn new(files: &[String], pgn: Arc<AtomicU64>, stored: Arc<AtomicU64>) -> Progress {
        let total = files.iter().map(|f| stored_size(f)).sum::<Option<u64>>();
        let now = Instant::now();
        Progress {
            on: io::stderr().is_terminal(),
            start: now,
            last: now,
            total,
            stored,
            pgn,
        }
    }

    /// Redraws the line if it is time to, with `games` read so far.
    pub(crate) fn tick(&mut self, games: u64) {
        if !self.on || self.last.elapsed() < EVERY {
            return;
        }
        self.last = Instant::now();
        let done = self
            .total
            .map(|total| (self.stored.load(Ordering::Relaxed), total));
        let text = line(
            self.pgn.load(Ordering::Relaxed),
            games,
            self.start.elapsed(),
            done,
        );
        super::note(format_args!("\r\x1b[K{text}"));
    }

    /// Wipes the line (before the summary, or another message).
    pub(crate) fn clear(&self) {
        if self.on {
            super::note("\r\x1b[K");
        }
    }
}

/// The text of the progress line: `pgn` bytes of PGN and `games` read in `elapsed`, and with
/// `done = Some((read, total))` of the stored input, the share read and the time left at
/// the rate so far.
#[must_use]
pub(crate) fn line(pgn: u64, games: u64, elapsed: Duration, done: Option<(u64, u64)>) -> String {
    let secs = elapsed.as_secs_f64().max(1e-9);
    let counts = format!(
        "{:.1} MB, {games} games, {:.0} games/s",
        pgn as f64 / 1e6,
        games as f64 / secs
    );
    match done {
        Some((read, total)) if total > 0 => {
            let read = read.min(total);
            let share = read as f64 / total as f64;
            let left = if read == 0 {
                "--:--".to_string()
            } else {
                clock(secs * (total - read) as f64 / read as f64)
            };
            format!("{:5.1}% {counts}, {left} left", 100.0 * share)
        }
        _ => counts,
    }
}

/// `m:ss`, or `h:mm:ss` from an hour on.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_size_the_line_has_counts_only() {
        let text = line(12_345_678, 5_000, Duration::from_secs(2), None);
        assert_eq!(text, "12.3 MB, 5000 games, 2500 games/s");
    }

    #[test]
    fn with_a_size_it_has_the_share_and_the_time_left() {
        // A quarter of the stored bytes in 10 s: 30 s to go.
        let text = line(
            40_000_000,
            20_000,
            Duration::from_secs(10),
            Some((250, 1000)),
        );
        assert_eq!(text, " 25.0% 40.0 MB, 20000 games, 2000 games/s, 0:30 left");
        // A compressed file: the share follows the stored bytes, not the PGN.
        let text = line(900_000_000, 1, Duration::from_secs(3600), Some((1, 3)));
        assert!(text.starts_with(" 33.3% 900.0 MB,"), "{text}");
        assert!(text.ends_with(", 2:00:00 left"), "{text}");
        assert!(line(0, 0, Duration::ZERO, Some((0, 10))).ends_with("--:-- left"));
        assert!(line(0, 0, Duration::from_secs(1), Some((10, 10))).starts_with("100.0% "));
    }

    #[test]
    fn the_clock_reads_minutes_and_hours() {
        assert_eq!(clock(0.4), "0:00");
        assert_eq!(clock(59.6), "1:00");
        assert_eq!(clock(3599.0), "59:59");
        assert_eq!(clock(3661.0), "1:01:01");
    }
}
