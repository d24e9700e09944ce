//! `Runner`: replaying a game, move by move, from its start.
//!
//! The twin of `spec/Runner.vdmpp`. The replay is a pure function ([`replay`]) from a
//! [`Start`] and the SAN tokens of a game to the game reached or to the first [`Failure`]: its
//! ply, its text, and why ([`Reason`]). Reading a file is the one operation,
//! [`replay_file`]. The spec's recursion on `hd sans` and `tl sans` is a loop here.
//!
//! [`step`] asks `GameModule`winner` and `PgnModule`meaning` by their fast forms
//! ([`winner_on_array`], [`meaning_on_array`]), proven equal to their twins in
//! `tests/model_twins.rs` and `tests/model_pgn.rs`, as `GameModule`move` checks its own
//! precondition; [`step_literal`] is the clause with the literal twins, and
//! `tests/model_pgn.rs` checks the two give the same outcome.
//!
//! ```
//! use vdmchess::model::board::default_board;
//! use vdmchess::model::game::{winner, Winner};
//! use vdmchess::model::pgn::text;
//! use vdmchess::model::runner::{final_game, plies, replay_movetext, Outcome, Reason};
//! let start = default_board().start().clone();
//! let o = replay_movetext(&start, &text("1. f3 e5 2. g4 Qh4# 3. a3"));
//! let Outcome::Failure(f) = &o else { panic!("a3 comes after the mate") };
//! assert_eq!((f.ply, f.reason), (5, Reason::GameOver));
//! assert_eq!((plies(&o), winner(&final_game(&o))), (4, Winner::Black));
//! ```

use std::fmt;
use std::path::Path;

use crate::model::array::winner_on_array;
use crate::model::board::{default_board, from_start, Start};
use crate::model::game::{self, winner, Game, Winner};
use crate::model::pgn::{meaning, meaning_on_array, movetext, parse_san, Text};
use crate::model::Seq;

/// VDM `Reason = <NotSan> | <Illegal> | <Ambiguous> | <GameOver>`: why a move could not be
/// played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reason {
    /// The text is not SAN (`PgnModule`parse_san` gives nil).
    NotSan,
    /// The SAN stands for no possible move.
    Illegal,
    /// The SAN stands for several possible moves.
    Ambiguous,
    /// The game had ended before it (`GameModule`winner` is decided).
    GameOver,
}

impl Reason {
    /// A short lower-case description.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::NotSan => "not san",
            Reason::Illegal => "illegal",
            Reason::Ambiguous => "ambiguous",
            Reason::GameOver => "the game is over",
        }
    }
}

/// VDM `Failure :: ply san reason game`: the first move that could not be played: its ply
/// (1 = the first move of the game), its text, why, and the game before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// VDM `f.ply`.
    pub ply: u32,
    /// VDM `f.san`.
    pub san: Text,
    /// VDM `f.reason`.
    pub reason: Reason,
    /// VDM `f.game`.
    pub game: Game,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let san: String = self.san.iter().collect();
        write!(f, "ply {} {san:?}: {}", self.ply, self.reason.as_str())
    }
}

/// VDM `Outcome = GameModule`Game | Failure`: the game after the last move, or the first
/// failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Every move was played.
    Game(Game),
    /// A move could not be played.
    Failure(Failure),
}

/// VDM `step`: plays one SAN token as ply number `ply` of game `g`: the game after it, or why
/// not. By the fast forms of `winner` and `meaning` (see the module docs).
#[must_use]
pub fn step(g: &Game, text: &Text, ply: u32) -> Outcome {
    step_with(g, text, ply, winner_on_array, meaning_on_array)
}

/// [`step`] with the literal twins `GameModule`winner` and `PgnModule`meaning`.
#[must_use]
pub fn step_literal(g: &Game, text: &Text, ply: u32) -> Outcome {
    step_with(g, text, ply, winner, meaning)
}

fn step_with(
    g: &Game,
    text: &Text,
    ply: u32,
    winner: impl FnOnce(&Game) -> Winner,
    meaning: impl FnOnce(
        &crate::model::board::Board,
        crate::model::pgn::San,
    ) -> crate::model::Set<crate::model::board::Move>,
) -> Outcome {
    let fail = |reason| {
        Outcome::Failure(Failure {
            ply,
            san: text.clone(),
            reason,
            game: g.clone(),
        })
    };
    let Some(sp) = parse_san(text) else {
        return fail(Reason::NotSan);
    };
    if winner(g) != Winner::Undecided {
        return fail(Reason::GameOver);
    }
    let ms = meaning(g.board(), sp.san);
    match ms.get_min() {
        None => fail(Reason::Illegal),
        Some(_) if ms.len() > 1 => fail(Reason::Ambiguous),
        // The one move is possible and the game undecided: GameModule`pre_move holds.
        Some(&m) => {
            Outcome::Game(game::move_(g, m).unwrap_or_else(|e| unreachable!("pre_move holds: {e}")))
        }
    }
}

/// VDM `replay_from`: plays the tokens one by one from game `g`, the first as ply number
/// `ply`.
#[must_use]
pub fn replay_from(g: &Game, sans: &Seq<Text>, ply: u32) -> Outcome {
    let mut g = g.clone();
    for (i, t) in sans.iter().enumerate() {
        match step(&g, t, ply + i as u32) {
            Outcome::Game(next) => g = next,
            failure => return failure,
        }
    }
    Outcome::Game(g)
}

/// VDM `replay`: a game's SAN tokens played in order from the start `s`.
#[must_use]
pub fn replay(s: &Start, sans: &Seq<Text>) -> Outcome {
    replay_from(&Game::new(from_start(s)), sans, 1)
}

/// VDM `replay_movetext`: replays a game's movetext (`PgnModule`movetext`) from `s`.
#[must_use]
pub fn replay_movetext(s: &Start, text: &Text) -> Outcome {
    replay(s, &movetext(text))
}

/// VDM `final_game`: the game after the last move, or the game before the failed one.
#[must_use]
pub fn final_game(o: &Outcome) -> Game {
    match o {
        Outcome::Game(g) => g.clone(),
        Outcome::Failure(f) => f.game.clone(),
    }
}

/// VDM `plies`: the number of moves played (all, or those before the failed one).
#[must_use]
pub fn plies(o: &Outcome) -> u32 {
    final_game(o).board().history().len() as u32
}

/// VDM operation `replay_file`: reads the movetext of a game from the file at `path` and
/// replays it from the standard start. (The spec reads the text as a VDM string value with
/// `IO`freadval`; here the file holds the text itself.)
///
/// # Errors
///
/// The error of reading the file (the spec's `nil`).
pub fn replay_file(path: &Path) -> std::io::Result<Outcome> {
    let bytes = std::fs::read(path)?;
    let text: Text = String::from_utf8_lossy(&bytes).chars().collect();
    Ok(replay_movetext(default_board().start(), &text))
}
