//! Replaying one game's moves over a rule implementation, or over two in lock step.

use crate::notation::san::{common_form, PawnText, San, SanError, SanMode, SanPlus};
use crate::rules::{Claim, Move, MoveMatch, Rules, Status};
use crate::setup::{CastlingMode, Setup};

/// What went wrong with one move of a replay, before position information is attached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveFailure {
    /// The token is not SAN (or, leniently, UCI) text.
    Syntax(String),
    /// The move is well formed but not legal, or ambiguous, in the position.
    Meaning(String),
    /// The two implementations of `--rules both` disagree.
    Disagreement(String),
}

/// A game being replayed: one implementation or two in lock step.
pub trait Replay: Clone {
    /// Builds the start position.
    ///
    /// # Errors
    ///
    /// The validation message when the setup is not a legal position.
    fn start(setup: &Setup, mode: CastlingMode) -> Result<Self, String>;

    /// Resolves and plays one SAN token (a null move `--` or `Z0` passes the turn).
    ///
    /// # Errors
    ///
    /// [`MoveFailure`] when the token is not a legal move (or the two rule sets disagree).
    #[inline(always)]
    fn play_san(&mut self, token: &[u8], mode: SanMode) -> Result<(), MoveFailure> {
        self.play_san_move(token, mode).map(|_| ())
    }

    /// Like [`Replay::play_san`], and returns the move played: `None` for a null move. What
    /// a caller that lists a game's moves (as UCI text, say) reads.
    ///
    /// # Errors
    ///
    /// As [`Replay::play_san`].
    fn play_san_move(&mut self, token: &[u8], mode: SanMode) -> Result<Option<Move>, MoveFailure>;

    /// Like [`Replay::play_san`], and returns the move's canonical SAN (`--` for a null
    /// move): what `replay --export` writes.
    ///
    /// # Errors
    ///
    /// As [`Replay::play_san`].
    fn play_san_canonical(&mut self, token: &[u8], mode: SanMode) -> Result<String, MoveFailure>;

    /// Passes the turn (a PGN null move `--`).
    ///
    /// # Errors
    ///
    /// When passing is impossible (the side to move is in check).
    fn play_null(&mut self) -> Result<(), MoveFailure>;

    /// The position's FEN (X-FEN; en-passant square only when the capture is legal).
    fn fen(&self) -> String;

    /// The game's status by the automatic rules.
    fn status(&self) -> Status;

    /// The draws the player to move may claim.
    fn claims(&self) -> Vec<Claim>;

    /// At the end of a game: a disagreement between implementations on the final status, if
    /// any (only a lock step can have one).
    fn final_disagreement(&self) -> Option<String> {
        None
    }
}

/// One implementation of the port, with a reusable move buffer.
pub struct Single<R> {
    pos: R,
    buf: Vec<Move>,
}

/// The move buffer is scratch space: a copy starts with an empty one, and `clone_from` keeps
/// its own (and lets the position reuse its memory: the runner starts every game this way).
impl<R: Clone> Clone for Single<R> {
    fn clone(&self) -> Self {
        Single {
            pos: self.pos.clone(),
            buf: Vec::with_capacity(16),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.pos.clone_from(&source.pos);
    }
}

impl<R: Rules> Single<R> {
    /// The position being replayed.
    pub fn position(&self) -> &R {
        &self.pos
    }

    #[inline(always)]
    fn resolve(&mut self, san: &SanPlus, mode: SanMode) -> Result<Move, MoveFailure> {
        let resolved = match mode {
            SanMode::Strict => san.to_move_strict(&self.pos),
            _ => san.san.to_move_in(&self.pos, &mut self.buf),
        };
        resolved.map_err(|e: SanError| MoveFailure::Meaning(e.to_string()))
    }
}

fn null_move<R: Rules>(pos: &R) -> Result<R, MoveFailure> {
    if pos.is_check() {
        return Err(MoveFailure::Meaning("null move while in check".to_string()));
    }
    let mut setup = pos.to_setup();
    if setup.turn == crate::types::Color::Black {
        setup.fullmoves += 1;
    }
    setup.turn = setup.turn.other();
    setup.ep_square = None;
    setup.halfmoves += 1;
    R::from_setup(&setup, pos.castling_mode())
        .map_err(|e| MoveFailure::Meaning(format!("null move: {e}")))
}

/// How a null move is written in exported PGN (as pgn-extract writes it).
const NULL_MOVE: &str = "--";

#[inline(always)]
fn parse(token: &[u8], mode: SanMode) -> Result<SanPlus, MoveFailure> {
    SanPlus::from_ascii(token, mode).map_err(|e| MoveFailure::Syntax(e.to_string()))
}

impl<R: Rules> Replay for Single<R> {
    fn start(setup: &Setup, mode: CastlingMode) -> Result<Self, String> {
        let pos = R::from_setup(setup, mode).map_err(|e| e.to_string())?;
        Ok(Single {
            pos,
            buf: Vec::with_capacity(16),
        })
    }

    #[inline(always)]
    fn play_san_move(&mut self, token: &[u8], mode: SanMode) -> Result<Option<Move>, MoveFailure> {
        // The common forms (`e4`, `Nf3`, `exd5`, `Rfe1`, ...), read leniently, go straight to
        // the port's question; anything else, and any move that does not resolve to exactly
        // one, takes the general way below (which says what is wrong).
        if mode == SanMode::Lenient {
            if let Some(SanPlus {
                san: san @ San::Normal { role, to, .. },
                ..
            }) = common_form(token)
            {
                let from = san.from_squares(PawnText::Lenient);
                let found = self.pos.unique_move_to(role, to, from, None, &mut self.buf);
                if let MoveMatch::One(m) = found {
                    self.pos.play_unchecked(&m);
                    return Ok(Some(m));
                }
            }
        }
        let san = parse(token, mode)?;
        if san.san == San::Null {
            return self.play_null().map(|()| None);
        }
        let m = self.resolve(&san, mode)?;
        self.pos.play_unchecked(&m);
        Ok(Some(m))
    }

    fn play_san_canonical(&mut self, token: &[u8], mode: SanMode) -> Result<String, MoveFailure> {
        let san = parse(token, mode)?;
        if san.san == San::Null {
            self.play_null()?;
            return Ok(NULL_MOVE.to_string());
        }
        let m = self.resolve(&san, mode)?;
        Ok(SanPlus::from_move_and_play(&mut self.pos, &m).to_string())
    }

    fn play_null(&mut self) -> Result<(), MoveFailure> {
        self.pos = null_move(&self.pos)?;
        Ok(())
    }

    fn fen(&self) -> String {
        self.pos.to_setup().to_fen()
    }

    fn status(&self) -> Status {
        self.pos.status()
    }

    fn claims(&self) -> Vec<Claim> {
        self.pos.claims()
    }
}

/// Two implementations replayed in lock step (`--rules both`): every move is resolved by
/// both, and after every move the two must agree on the move and the FEN. Messages name them
/// by [`Rules::NAME`].
pub struct Lockstep<A, B> {
    a: Single<A>,
    b: Single<B>,
}

impl<A: Clone, B: Clone> Clone for Lockstep<A, B> {
    fn clone(&self) -> Self {
        Lockstep {
            a: self.a.clone(),
            b: self.b.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.a.clone_from(&source.a);
        self.b.clone_from(&source.b);
    }
}

impl<A: Rules, B: Rules> Replay for Lockstep<A, B> {
    fn start(setup: &Setup, mode: CastlingMode) -> Result<Self, String> {
        let a = Single::<A>::start(setup, mode);
        let b = Single::<B>::start(setup, mode);
        match (a, b) {
            (Ok(a), Ok(b)) => Ok(Lockstep { a, b }),
            (Err(e), Err(_)) => Err(e),
            (Ok(_), Err(e)) | (Err(e), Ok(_)) => Err(format!(
                "{} and {} disagree on the start position: {e}",
                A::NAME,
                B::NAME
            )),
        }
    }

    fn play_san_move(&mut self, token: &[u8], mode: SanMode) -> Result<Option<Move>, MoveFailure> {
        let san = parse(token, mode)?;
        if san.san == San::Null {
            return self.play_null().map(|()| None);
        }
        let m = self.resolve_both(&san, mode)?;
        self.play_both(&m)?;
        Ok(Some(m))
    }

    fn play_san_canonical(&mut self, token: &[u8], mode: SanMode) -> Result<String, MoveFailure> {
        let san = parse(token, mode)?;
        if san.san == San::Null {
            self.play_null()?;
            return Ok(NULL_MOVE.to_string());
        }
        let m = self.resolve_both(&san, mode)?;
        let (ta, tb) = (
            SanPlus::from_move(&self.a.pos, &m),
            SanPlus::from_move(&self.b.pos, &m),
        );
        if ta != tb {
            return Err(MoveFailure::Disagreement(format!(
                "{} writes the move {ta} and {} {tb}",
                A::NAME,
                B::NAME
            )));
        }
        self.play_both(&m)?;
        Ok(ta.to_string())
    }

    fn play_null(&mut self) -> Result<(), MoveFailure> {
        self.a.play_null()?;
        self.b.play_null()
    }

    fn fen(&self) -> String {
        self.a.fen()
    }

    fn status(&self) -> Status {
        self.a.status()
    }

    fn claims(&self) -> Vec<Claim> {
        self.a.claims()
    }

    fn final_disagreement(&self) -> Option<String> {
        let (sa, sb) = (self.a.status(), self.b.status());
        if sa != sb {
            return Some(format!("{} says {sa} and {} {sb}", A::NAME, B::NAME));
        }
        let (ca, cb) = (self.a.claims(), self.b.claims());
        (ca != cb).then(|| format!("{} finds claims {ca:?} and {} {cb:?}", A::NAME, B::NAME))
    }
}

impl<A: Rules, B: Rules> Lockstep<A, B> {
    /// Plays a move both resolved alike, and checks that both reach the same FEN.
    fn play_both(&mut self, m: &Move) -> Result<(), MoveFailure> {
        self.a.pos.play_unchecked(m);
        self.b.pos.play_unchecked(m);
        let (fa, fb) = (self.a.fen(), self.b.fen());
        if fa != fb {
            return Err(MoveFailure::Disagreement(format!(
                "after the move {} has {fa:?} and {} {fb:?}",
                A::NAME,
                B::NAME
            )));
        }
        Ok(())
    }

    /// The move both implementations read `san` as, or why not.
    fn resolve_both(&mut self, san: &SanPlus, mode: SanMode) -> Result<Move, MoveFailure> {
        let ma = self.a.resolve(san, mode);
        let mb = self.b.resolve(san, mode);
        match (ma, mb) {
            (Ok(ma), Ok(mb)) if ma == mb => Ok(ma),
            (Ok(ma), Ok(mb)) => Err(MoveFailure::Disagreement(format!(
                "{} reads the move as {ma} and {} as {mb}",
                A::NAME,
                B::NAME
            ))),
            (Err(ea), Err(_)) => Err(ea),
            (Ok(ma), Err(eb)) => Err(MoveFailure::Disagreement(format!(
                "{} plays {ma}, {} rejects it: {}",
                A::NAME,
                B::NAME,
                failure_text(&eb)
            ))),
            (Err(ea), Ok(mb)) => Err(MoveFailure::Disagreement(format!(
                "{} plays {mb}, {} rejects it: {}",
                B::NAME,
                A::NAME,
                failure_text(&ea)
            ))),
        }
    }
}

/// The message of a failure.
#[must_use]
pub fn failure_text(f: &MoveFailure) -> &str {
    match f {
        MoveFailure::Syntax(m) | MoveFailure::Meaning(m) | MoveFailure::Disagreement(m) => m,
    }
}

/// [`failure_text`], and for a move that is not legal in `pos` (in a game of PGN `Variant`
/// tag `variant`), why, as `explain` says it: `illegal san Ke3: geometry (FIDE 3.8.1): the
/// white king on e1 moves one square ...`.
pub fn explained_failure<P: Replay>(
    f: &MoveFailure,
    pos: &P,
    variant: Option<&str>,
    san: &[u8],
) -> String {
    let text = failure_text(f);
    match f {
        MoveFailure::Meaning(_) => match why_illegal(&pos.fen(), variant, san) {
            Some(why) => format!("{text}: {why}"),
            None => text.to_string(),
        },
        _ => text.to_string(),
    }
}

/// Why the move `san` is illegal in the position `fen`, as `explain` says it (reason, FIDE
/// article, the sentence): what a replay report adds to "illegal san". The move rules alone
/// judge it, as the replay does. `None` when `explain` has nothing to add (the text names no
/// single move, say).
#[cold]
fn why_illegal(fen: &str, variant_tag: Option<&str>, san: &[u8]) -> Option<String> {
    use crate::oracle::explain::{explain_game_with, GameEnd};
    let setup = crate::notation::fen::parse_fen(fen).ok()?;
    let mode = if variant_tag.is_some_and(super::is_chess960_variant) {
        CastlingMode::Chess960
    } else {
        setup.castling_mode_hint()
    };
    let game = crate::model::game::Game::from_setup(&setup, mode).ok()?;
    let why = explain_game_with(&game, std::str::from_utf8(san).ok()?, GameEnd::Ignored).ok()?;
    let reason = why.reason.filter(|_| !why.legal)?;
    Some(format!("{reason} (FIDE {}): {}", why.fide, why.detail))
}
