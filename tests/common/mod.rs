//! Helpers shared by the integration tests.

#![allow(dead_code)]

pub mod agree;
pub mod chunked;
pub mod external;
pub mod oracle;
pub mod perft_data;

use vdmchess::{MoveKind, Role};

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
