//! The runner is generic over the port: a user's own implementation of `Rules` is replayed like
//! the core and the model. Here a wrapper around the core that counts the moves it plays and
//! refuses to play any castling, replayed over a bundled file.

use std::cell::Cell;
use std::marker::PhantomData;

use vdmchess::core::Chess;
use vdmchess::runner::{replay_reader, ErrorKind, GameReport, Lockstep, Options, Single};
use vdmchess::{CastlingMode, Color, Move, Piece, Rules, Setup, SetupError, Square};

thread_local! {
    static PLAYED: Cell<usize> = const { Cell::new(0) };
}

/// What a [`Wrapped`] core changes.
trait Tweak: Clone {
    /// Its name in messages.
    const NAME: &'static str;
    /// Whether it lists castling moves (a bug when not).
    const CASTLES: bool;
}

/// Counts the moves played on this thread; plays as the core does.
#[derive(Clone)]
struct Counting;

impl Tweak for Counting {
    const NAME: &'static str = "the counting core";
    const CASTLES: bool = true;
}

/// A bug: no castling.
#[derive(Clone)]
struct NoCastling;

impl Tweak for NoCastling {
    const NAME: &'static str = "the castling-blind core";
    const CASTLES: bool = false;
}

/// The core behind a user's own type, changed by `T`.
#[derive(Clone)]
struct Wrapped<T>(Chess, PhantomData<T>);

impl<T: Tweak> Rules for Wrapped<T> {
    const NAME: &'static str = T::NAME;

    fn from_setup(setup: &Setup, mode: CastlingMode) -> Result<Self, SetupError> {
        Chess::from_setup(setup, mode).map(|c| Wrapped(c, PhantomData))
    }
    fn to_setup(&self) -> Setup {
        self.0.to_setup()
    }
    fn castling_mode(&self) -> CastlingMode {
        self.0.castling_mode()
    }
    fn turn(&self) -> Color {
        self.0.turn()
    }
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.0.piece_at(sq)
    }
    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let start = out.len();
        self.0.legal_moves_into(out);
        if !T::CASTLES {
            let mut keep = start;
            for i in start..out.len() {
                if !out[i].is_castle() {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }
    fn play_unchecked(&mut self, m: &Move) {
        PLAYED.with(|p| p.set(p.get() + 1));
        self.0.play_unchecked(m);
    }
    fn is_check(&self) -> bool {
        self.0.is_check()
    }
    fn halfmove_clock(&self) -> u32 {
        self.0.halfmove_clock()
    }
    fn repetition_count(&self) -> usize {
        self.0.repetition_count()
    }
    fn is_insufficient_material(&self) -> bool {
        self.0.is_insufficient_material()
    }
}

const FILE: &str = "spec/conformance/games/pgnmentor-Fischer.pgn";

fn replay<P: vdmchess::runner::Replay>(bytes: &[u8]) -> Vec<GameReport> {
    let mut reports = Vec::new();
    replay_reader::<P, _>(bytes, FILE, &Options::default(), &mut |r| reports.push(r)).unwrap();
    reports
}

#[test]
fn a_wrapper_type_replays_like_the_core() {
    let bytes = std::fs::read(FILE).unwrap();
    let core = replay::<Single<Chess>>(&bytes);
    PLAYED.with(|p| p.set(0));
    let wrapped = replay::<Single<Wrapped<Counting>>>(&bytes);
    assert_eq!(wrapped, core);
    let plies: usize = core.iter().map(|r| r.plies).sum();
    assert_eq!(PLAYED.with(Cell::get), plies);
    assert_eq!(core.len(), 827);
    assert!(core.iter().all(|r| r.error.is_none()));
}

#[test]
fn lock_step_with_a_wrapper_names_it_where_it_disagrees() {
    let bytes = std::fs::read(FILE).unwrap();
    let reports = replay::<Lockstep<Chess, Wrapped<NoCastling>>>(&bytes);
    let first = reports
        .iter()
        .find_map(|r| r.error.as_ref())
        .expect("some game castles");
    assert_eq!(first.kind, ErrorKind::Disagreement);
    assert!(first.san.starts_with("O-O"), "{first:?}");
    assert!(
        first.message.starts_with("the core plays ")
            && first
                .message
                .contains(", the castling-blind core rejects it: "),
        "{}",
        first.message
    );
}
