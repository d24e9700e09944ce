//! [`InProcess`]: a move generator in this process, as an [`Engine`].
//!
//! A Rust author's generator is a function from a position to its legal moves, written as
//! UCI text. Wrapped in [`InProcess`], it answers the same queries as a UCI engine, so
//! [`super::diff::bisect`], [`super::fuzz::fuzz`] and the shrinker run against
//! it with no process in between. Its perft is computed by playing its moves with the core:
//! a move the rules do not allow cannot be played, so its subtree counts as one node (it is
//! reported as extra where it appears anyway).
//!
//! The position is given as a [`Setup`] whose en-passant square is set whenever a pawn of the
//! side to move stands beside the pawn that just stepped twice, even when the capture would
//! expose its own king: the generator must find that out itself.

use super::case::{Case, CaseError};
use super::diff::{bisect, legal_move, DiffReport};
use super::divide::Divide;
use super::engine::{Engine, EngineError};
use crate::core::Chess;
use crate::notation::uci::UciMove;
use crate::rules::Rules;
use crate::setup::{CastlingMode, MaterialLimits, Setup};

/// A move generator `F: FnMut(&Setup, CastlingMode) -> Vec<String>` (legal moves as UCI text,
/// castling as the [`CastlingMode`] writes it) as an [`Engine`].
#[derive(Debug, Clone)]
pub struct InProcess<F> {
    generate: F,
    limits: MaterialLimits,
}

impl<F> InProcess<F>
where
    F: FnMut(&Setup, CastlingMode) -> Vec<String>,
{
    /// Wraps `generate`.
    pub fn new(generate: F) -> InProcess<F> {
        InProcess {
            generate,
            limits: MaterialLimits::Enforced,
        }
    }

    /// Accepts cases beyond the material limits too (see [`MaterialLimits`]).
    #[must_use]
    pub fn with_limits(mut self, limits: MaterialLimits) -> InProcess<F> {
        self.limits = limits;
        self
    }

    /// The position `pos` as the generator sees it (see the module docs).
    fn setup_of(pos: &Chess) -> Setup {
        let mut setup = pos.to_setup();
        setup.ep_square = pos.position().pseudo_ep_square();
        setup
    }

    fn perft(&mut self, pos: &Chess, depth: u32) -> u64 {
        let moves = (self.generate)(&Self::setup_of(pos), pos.castling_mode());
        if depth <= 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.below(pos, m, depth - 1)).sum()
    }

    /// The count below the generator's move `text` in `pos`, `depth` plies deeper.
    fn below(&mut self, pos: &Chess, text: &str, depth: u32) -> u64 {
        let legal = UciMove::from_ascii(text.as_bytes())
            .ok()
            .and_then(|u| u.to_move(pos).ok())
            .or_else(|| legal_move(pos, text));
        match legal {
            Some(m) => {
                let mut child = pos.clone();
                child.play_unchecked(&m);
                self.perft(&child, depth)
            }
            None => 1,
        }
    }
}

impl<F> Engine for InProcess<F>
where
    F: FnMut(&Setup, CastlingMode) -> Vec<String>,
{
    fn divide(&mut self, case: &Case, depth: u32) -> Result<Divide, EngineError> {
        let Some(pos) = case.play_core(self.limits) else {
            return Ok(Divide::default());
        };
        let texts = (self.generate)(&Self::setup_of(&pos), pos.castling_mode());
        let moves: Vec<(String, u64)> = texts
            .into_iter()
            .map(|t| {
                let n = if depth <= 1 {
                    1
                } else {
                    self.below(&pos, &t, depth - 1)
                };
                (t, n)
            })
            .collect();
        let total = moves.iter().map(|&(_, n)| n).sum();
        Ok(Divide { moves, total })
    }

    fn cli_flag(&self) -> Option<String> {
        None
    }
}

/// Checks `generate` on `case` at `depth` plies against the core: the bisect's report
/// (agreeing, or where and how the generator differs).
///
/// # Errors
///
/// [`CaseError`] when `case` is not valid (every case the strategies of
/// `oracle::strategies` make is).
///
/// # Examples
///
/// A generator that lets the king step next to the other king:
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::oracle::{case::Case, generator::check};
/// use vdmchess::{notation::fen::parse_fen, CastlingMode, Rules, Setup};
///
/// let careless = |setup: &Setup, mode: CastlingMode| -> Vec<String> {
///     let pos = Chess::from_setup(setup, mode).unwrap();
///     let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci(mode)).collect();
///     if setup.board_fen() == "8/8/8/3k4/8/3K4/8/8" {
///         moves.push("d3d4".into());
///     }
///     moves
/// };
/// let case = Case::at(parse_fen("8/8/8/3k4/8/3K4/8/8 w - - 0 1").unwrap(), CastlingMode::Standard);
/// let report = check(&case, 2, careless).unwrap();
/// assert_eq!(report.extra, ["d3d4"]);
/// ```
pub fn check<F>(case: &Case, depth: u32, generate: F) -> Result<DiffReport, CaseError>
where
    F: FnMut(&Setup, CastlingMode) -> Vec<String>,
{
    let mut engine = InProcess::new(generate).with_limits(MaterialLimits::Ignored);
    let pos = case.validate(MaterialLimits::Ignored)?;
    match bisect(&mut engine, case, &pos, depth) {
        Ok(report) => Ok(report),
        Err(e) => unreachable!("an in-process generator never fails: {e}"),
    }
}
