//! Outside programs some tests check against (Stockfish, python-chess, an SVG renderer, the
//! Debian Polyglot book). A test that needs one calls the finder here and, when it is absent,
//! prints why it skips and returns: the README's test command passes on a bare machine, and
//! `.ci/run` installs them so that CI runs those tests.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The path of `program` on `PATH`, or in `/usr/games` (where Debian puts Stockfish).
pub fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// Stockfish, or `None` after printing why the calling test skips.
pub fn stockfish(test: &str) -> Option<PathBuf> {
    let found = find_program("stockfish");
    if found.is_none() {
        eprintln!("skipping {test}: stockfish is not installed (apt-get install stockfish)");
    }
    found
}

/// Whether `python3` can import python-chess; prints why the calling test skips when not.
pub fn python_chess(test: &str) -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import chess"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !ok {
        eprintln!("skipping {test}: python-chess is not installed (pip install chess)");
    }
    ok
}

/// `rsvg-convert`, or `None` after printing why the calling test skips.
pub fn svg_renderer(test: &str) -> Option<PathBuf> {
    let found = find_program("rsvg-convert");
    if found.is_none() {
        eprintln!("skipping {test}: rsvg-convert is not installed (apt-get install librsvg2-bin)");
    }
    found
}

/// Debian's public-domain Polyglot book, or `None` after printing why the calling test skips.
pub fn gnuchess_book(test: &str) -> Option<PathBuf> {
    let p = Path::new("/usr/share/games/gnuchess/book.bin");
    if p.is_file() {
        Some(p.to_path_buf())
    } else {
        eprintln!("skipping {test}: no Polyglot book (apt-get install gnuchess-book)");
        None
    }
}
