//! Reads the perft suites of `spec/conformance/perft/` (shared by the model's and the core's
//! tests; include it with `#[path = "common/perft_data.rs"] mod perft_data;`).
//!
//! Two formats:
//! - `.perft`: blocks of `id <name>`, `epd <fen>`, then `perft <depth> <nodes>` lines; `#`
//!   starts a comment line; blank lines separate blocks.
//! - `.epd`: one position a line, `<fen> ;D1 <nodes> ;D2 <nodes> ...`; the id is `line <n>`.
#![allow(dead_code)]

use std::path::PathBuf;

/// One position of a perft suite with its known node counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftCase {
    /// The id (`.perft`) or `line <n>` (`.epd`, 1-based).
    pub id: String,
    /// The position (FEN, X-FEN or Shredder-FEN; EPD lines may lack the clocks).
    pub fen: String,
    /// `(depth, nodes)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
}

impl PerftCase {
    /// The node count at `depth`, if the file gives one.
    pub fn count(&self, depth: u32) -> Option<u64> {
        self.counts
            .iter()
            .find(|(d, _)| *d == depth)
            .map(|(_, n)| *n)
    }
}

/// Parses the `.perft` format. Errors name the line (1-based) and what was wrong.
pub fn parse_perft(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "id" => cases.push(PerftCase {
                id: rest.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => match cases.last_mut() {
                Some(case) if case.fen.is_empty() => case.fen = rest.to_string(),
                _ => return Err(format!("line {}: epd without its id", i + 1)),
            },
            "perft" => {
                let mut fields = rest.split_whitespace();
                let depth = fields.next().and_then(|d| d.parse().ok());
                let nodes = fields.next().and_then(|n| n.parse().ok());
                match (depth, nodes, cases.last_mut()) {
                    (Some(d), Some(n), Some(case)) if !case.fen.is_empty() => {
                        case.counts.push((d, n))
                    }
                    _ => return Err(format!("line {}: bad perft line {line:?}", i + 1)),
                }
            }
            _ => return Err(format!("line {}: unknown key {key:?}", i + 1)),
        }
    }
    Ok(cases)
}

/// Parses the EPD perft format (`<fen> ;D1 20 ;D2 400`).
pub fn parse_epd(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        for part in parts {
            let part = part.trim();
            let parsed = part.strip_prefix('D').and_then(|p| {
                let (d, n) = p.split_once(' ')?;
                Some((d.trim().parse().ok()?, n.trim().parse().ok()?))
            });
            match parsed {
                Some(c) => counts.push(c),
                None => return Err(format!("line {}: bad count {part:?}", i + 1)),
            }
        }
        cases.push(PerftCase {
            id: format!("line {}", i + 1),
            fen,
            counts,
        });
    }
    Ok(cases)
}

/// Reads and parses `spec/conformance/perft/<name>` (`.perft` or `.epd`), panicking with the
/// parse error (this is test support: a broken data file should fail the test loudly).
pub fn load(name: &str) -> Vec<PerftCase> {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "spec",
        "conformance",
        "perft",
        name,
    ]
    .iter()
    .collect();
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let parsed = if name.ends_with(".epd") {
        parse_epd(&text)
    } else {
        parse_perft(&text)
    };
    parsed.unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The case with this id.
pub fn case<'a>(cases: &'a [PerftCase], id: &str) -> &'a PerftCase {
    cases
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no perft case {id:?}"))
}

#[test]
fn parses_both_formats() {
    let perft = parse_perft("# c\n\nid a\nepd 8/8 w - -\nperft 1 20\nperft 2 400\n").unwrap();
    assert_eq!(perft[0].id, "a");
    assert_eq!(perft[0].count(2), Some(400));
    assert!(parse_perft("perft 1 2\n").is_err());
    assert!(parse_perft("id a\nepd x\nperft one 2\n").is_err());
    let epd = parse_epd("8/8 w - - ;D1 5 ;D2 75\n").unwrap();
    assert_eq!(epd[0].counts, [(1, 5), (2, 75)]);
    assert!(parse_epd("8/8 w - - ;D1 x\n").is_err());
}
