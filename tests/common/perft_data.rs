//! Reads the perft suites of `spec/conformance/perft/`.
//!
//! Two formats (see `spec/conformance/README.md`): `.perft` blocks of `id NAME`, `epd FEN`
//! and `perft DEPTH NODES` lines (`#` starts a comment), and `.epd` lines `FEN ;D1 n ;D2 n ...`.

#![allow(dead_code)]

use std::path::PathBuf;

/// One position of a suite with its known node counts.
#[derive(Debug, Clone)]
pub struct PerftCase {
    /// The id (`.perft`) or `line N` (`.epd`).
    pub id: String,
    /// The FEN (4 or 6 fields).
    pub fen: String,
    /// (depth, nodes) pairs in file order.
    pub counts: Vec<(u32, u64)>,
}

/// The path of a file in `spec/conformance/perft/`.
pub fn perft_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("spec/conformance/perft")
        .join(name)
}

/// Reads a suite by file name, choosing the format by extension.
///
/// # Panics
///
/// When the file is missing or malformed (a test-data error).
pub fn read_suite(name: &str) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(perft_path(name))
        .unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
    if name.ends_with(".epd") {
        parse_epd(&text)
    } else {
        parse_perft(&text)
    }
}

/// Parses the `.perft` block format.
pub fn parse_perft(text: &str) -> Vec<PerftCase> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cases.push(PerftCase {
                id: rest.trim().to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => cases.last_mut().expect("epd before id").fen = rest.trim().to_string(),
            "perft" => {
                let mut it = rest.split_whitespace();
                let depth = it.next().and_then(|d| d.parse().ok());
                let nodes = it.next().and_then(|d| d.parse().ok());
                match (depth, nodes) {
                    (Some(d), Some(c)) => cases
                        .last_mut()
                        .expect("perft before id")
                        .counts
                        .push((d, c)),
                    _ => panic!("line {}: bad perft line {raw:?}", n + 1),
                }
            }
            _ => panic!("line {}: unknown key {key:?}", n + 1),
        }
    }
    cases
}

/// Parses the `FEN ;D1 n ;D2 n` line format.
pub fn parse_epd(text: &str) -> Vec<PerftCase> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, line)| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or("").trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let d = it.next().and_then(|d| d.strip_prefix('D')?.parse().ok());
                    let c = it.next().and_then(|c| c.parse().ok());
                    match (d, c) {
                        (Some(d), Some(c)) => (d, c),
                        _ => panic!("line {}: bad depth field {p:?}", n + 1),
                    }
                })
                .collect();
            PerftCase {
                id: format!("line {}", n + 1),
                fen,
                counts,
            }
        })
        .collect()
}
