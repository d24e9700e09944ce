//! A move as the front door hands it back: [`PlayedMove`], shown as SAN.

use std::fmt;

use crate::notation::san::SanPlus;
use crate::rules::Move;
use crate::setup::CastlingMode;

/// A move played in a [`crate::Game`]: the port's [`Move`] together with its SAN in the
/// position it was played in. It displays (and compares with text) as its SAN, so
/// `game.play_san("Nf3")?` reads as chess.js users expect, while [`PlayedMove::to_move`] and
/// [`PlayedMove::san`] give the typed values (as shakmaty's `San` and python-chess's `Move`).
///
/// ```
/// use vdmchess::Game;
/// let mut game = Game::new();
/// let e4 = game.play_uci("e2e4")?;
/// assert_eq!(e4, "e4");
/// assert_eq!(e4.to_string(), "e4");
/// assert_eq!(e4.to_move().from.to_string(), "e2");
/// assert_eq!(e4.uci(vdmchess::CastlingMode::Standard), "e2e4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayedMove {
    mv: Move,
    san: SanPlus,
}

impl PlayedMove {
    /// A move and its SAN where it was played.
    #[must_use]
    pub const fn new(mv: Move, san: SanPlus) -> PlayedMove {
        PlayedMove { mv, san }
    }

    /// The port's move.
    #[must_use]
    pub const fn to_move(&self) -> Move {
        self.mv
    }

    /// The SAN, with its check suffix.
    #[must_use]
    pub const fn san(&self) -> SanPlus {
        self.san
    }

    /// The UCI text, castling written as `mode` asks.
    #[must_use]
    pub fn uci(&self, mode: CastlingMode) -> String {
        self.mv.to_uci(mode)
    }
}

impl fmt::Display for PlayedMove {
    /// The SAN: `Nf3`, `O-O`, `exd8=Q+`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.san.fmt(f)
    }
}

impl From<PlayedMove> for Move {
    fn from(m: PlayedMove) -> Move {
        m.mv
    }
}

impl PlayedMove {
    /// Whether the SAN is `text`, written into a comparison rather than a new string.
    fn san_is(&self, text: &str) -> bool {
        struct Matcher<'a> {
            rest: &'a str,
        }
        impl fmt::Write for Matcher<'_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.rest = self.rest.strip_prefix(s).ok_or(fmt::Error)?;
                Ok(())
            }
        }
        let mut m = Matcher { rest: text };
        fmt::Write::write_fmt(&mut m, format_args!("{}", self.san)).is_ok() && m.rest.is_empty()
    }
}

impl PartialEq<str> for PlayedMove {
    /// Whether the SAN is this text.
    fn eq(&self, other: &str) -> bool {
        self.san_is(other)
    }
}

impl PartialEq<&str> for PlayedMove {
    fn eq(&self, other: &&str) -> bool {
        self.san_is(other)
    }
}

impl PartialEq<String> for PlayedMove {
    fn eq(&self, other: &String) -> bool {
        self.san_is(other)
    }
}
