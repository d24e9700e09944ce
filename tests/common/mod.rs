//! Helpers shared by the integration tests.

#![allow(dead_code)]

pub mod agree;
pub mod chunked;
pub mod cli;
pub mod external;
pub mod oracle;
pub mod perft_data;
pub mod san_text;
pub mod uci;

use std::path::{Path, PathBuf};

use vdmchess::{MoveKind, Role};

/// The `.pgn` files of `dir` (relative to the crate), sorted.
pub fn pgn_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

/// Every move kind, promotions to the king and to a pawn included (never legal).
pub const MOVE_KINDS: [MoveKind; 9] = [
    MoveKind::Normal,
    MoveKind::EnPassant,
    MoveKind::Castle,
    MoveKind::Promotion(Role::Queen),
    MoveKind::Promotion(Role::Rook),
    MoveKind::Promotion(Role::Bishop),
    MoveKind::Promotion(Role::Knight),
    MoveKind::Promotion(Role::King),
    MoveKind::Promotion(Role::Pawn),
];
