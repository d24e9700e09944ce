//! Recipes for fuzz cases: lists of choices that build valid [`Case`]s.
//!
//! A [`Recipe`] is plain data (numbers), and [`Recipe::build`] turns any recipe into a valid
//! case: positions are generated *into* the domain, never filtered. A choice that would make
//! the position illegal (a piece giving check to the side not to move, a third checker, a
//! castling right without its rook) is skipped, so every recipe builds, and a shorter list of
//! choices builds a simpler case. Three kinds:
//!
//! - [`Recipe::Game`]: random legal play from the standard start or a Chess960 start; the
//!   k-th choice picks the move `legal[choice % legal.len()]`.
//! - [`Recipe::Placement`]: two kings and pieces on random squares, castling rights where king
//!   and rook stand ready, and an en-passant square (in the FEN, or by playing the double
//!   push as the case's move).
//! - [`Recipe::Rich`]: positions built around [`Motif`]s: pins, checks, promotions, en passant
//!   (also the capture that would expose the king along the rank), castling (also through
//!   attacked squares), a castling rook captured, kings two squares apart, a double push with
//!   a blocker.
//!
//! [`Recipe::random`] draws recipes from a [`SplitMix64`]; the proptest strategies of
//! `oracle::strategies` draw the same recipes with proptest.

use crate::core::Chess;
use crate::rules::{Move, Rules};
use crate::setup::{CastlingMode, MaterialLimits, Setup};
use crate::types::{Color, Piece, Role, Square, SquareSet};

use super::case::Case;
use super::rng::SplitMix64;

/// A position built around one chess motif (see [`Recipe::Rich`]); the parameter picks the
/// squares and pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Motif {
    /// A piece of the side to move pinned to its king by an enemy slider.
    Pin,
    /// An enemy piece giving check.
    Check,
    /// A pawn of the side to move on its seventh rank, perhaps with pieces to capture or a
    /// blocker.
    Promotion,
    /// The enemy pawn's double push as the case's move, beside a pawn of the side to move.
    EnPassant,
    /// As [`Motif::EnPassant`], with king, both pawns and an enemy rook or queen on one rank:
    /// the capture would expose the king.
    EnPassantRankPin,
    /// King and rooks of the side to move at home with their rights, enemy pieces nearby.
    Castling,
    /// The enemy captures a castling rook of the side to move as the case's move.
    RookCaptured,
    /// The enemy king two squares from the king of the side to move.
    KingsClose,
    /// A pawn of the side to move on its second rank with a piece just in front.
    BlockedPawn,
}

impl Motif {
    /// Every motif, in order.
    pub const ALL: [Motif; 9] = [
        Motif::Pin,
        Motif::Check,
        Motif::Promotion,
        Motif::EnPassant,
        Motif::EnPassantRankPin,
        Motif::Castling,
        Motif::RookCaptured,
        Motif::KingsClose,
        Motif::BlockedPawn,
    ];
}

/// A list of choices that builds a [`Case`] (see the module docs).
///
/// # Examples
///
/// ```
/// use vdmchess::oracle::recipe::{Motif, Recipe};
/// use vdmchess::MaterialLimits;
/// // A pin: white to move, kings on a1 (0) and h8 (63), whatever the parameter picks.
/// let recipe = Recipe::Rich { white_to_move: true, kings: [0, 63], motifs: vec![(Motif::Pin, 7)], pieces: vec![] };
/// let case = recipe.build(MaterialLimits::Enforced);
/// assert!(case.validate(MaterialLimits::Enforced).is_ok());
/// assert_eq!(case, recipe.build(MaterialLimits::Enforced));
/// // A game from the standard start: the first legal move, then the second.
/// let game = Recipe::Game { chess960: None, choices: vec![0, 1] }.build(MaterialLimits::Enforced);
/// assert_eq!(game.moves.len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Recipe {
    /// Random legal play from the standard start (`chess960: None`) or from Chess960 start
    /// array `n` (taken modulo 960).
    Game {
        /// The Chess960 start, if any.
        chess960: Option<u32>,
        /// One choice per ply.
        choices: Vec<u32>,
    },
    /// Kings and pieces on random squares.
    Placement {
        /// The side to move.
        white_to_move: bool,
        /// The kings' squares (modulo 64; the black king moves on if they touch).
        kings: [u8; 2],
        /// Pieces as (square modulo 64, piece code modulo 10: white pawn, knight, bishop,
        /// rook, queen, then black's).
        pieces: Vec<(u8, u8)>,
        /// Four bits: castling rights to try (white a-side, h-side, black a-side, h-side).
        castling: u8,
        /// En passant: bit 7 tries one, bit 6 plays the double push as a move rather than
        /// naming the square in the FEN, the rest picks the pawn.
        ep: u8,
    },
    /// Kings, motifs, then pieces.
    Rich {
        /// The side to move (after the case's move, if a motif makes one).
        white_to_move: bool,
        /// The kings' squares, as in [`Recipe::Placement`].
        kings: [u8; 2],
        /// The motifs, each with its parameter.
        motifs: Vec<(Motif, u32)>,
        /// More pieces, as in [`Recipe::Placement`].
        pieces: Vec<(u8, u8)>,
    },
}

impl Recipe {
    /// A random recipe: a quarter games from the standard start, a fifth from Chess960
    /// starts, a quarter placements, the rest rich positions. With
    /// [`MaterialLimits::Ignored`], placements may be crowded beyond the limits.
    pub fn random(rng: &mut SplitMix64, limits: MaterialLimits) -> Recipe {
        let kind = rng.below(100);
        let kings = [rng.below(64) as u8, rng.below(64) as u8];
        let white_to_move = rng.chance(50);
        let pieces = |rng: &mut SplitMix64, max: u32| -> Vec<(u8, u8)> {
            let n = rng.below(max + 1);
            (0..n)
                .map(|_| (rng.below(64) as u8, rng.below(10) as u8))
                .collect()
        };
        if kind < 45 {
            let chess960 = (kind >= 25).then(|| rng.below(960));
            let plies = rng.below(121);
            Recipe::Game {
                chess960,
                choices: (0..plies).map(|_| rng.next_u64() as u32).collect(),
            }
        } else if kind < 70 {
            let max = match limits {
                MaterialLimits::Enforced => 24,
                MaterialLimits::Ignored => 44,
            };
            Recipe::Placement {
                white_to_move,
                kings,
                pieces: pieces(rng, max),
                castling: if rng.chance(50) {
                    rng.below(16) as u8
                } else {
                    0
                },
                ep: rng.below(256) as u8,
            }
        } else {
            let n = 1 + rng.below(3);
            let motifs = (0..n)
                .map(|_| {
                    let m = Motif::ALL[rng.below(Motif::ALL.len() as u32) as usize];
                    (m, rng.next_u64() as u32)
                })
                .collect();
            Recipe::Rich {
                white_to_move,
                kings,
                motifs,
                pieces: pieces(rng, 8),
            }
        }
    }

    /// The valid case this recipe builds, its start validated with `limits`.
    #[must_use]
    pub fn build(&self, limits: MaterialLimits) -> Case {
        match self {
            Recipe::Game { chess960, choices } => game(*chess960, choices),
            Recipe::Placement {
                white_to_move,
                kings,
                pieces,
                castling,
                ep,
            } => {
                let mut b = Builder::new(*white_to_move, *kings, limits);
                b.put_all(pieces);
                b.rights(*castling);
                b.en_passant(*ep)
            }
            Recipe::Rich {
                white_to_move,
                kings,
                motifs,
                pieces,
            } => {
                let mut b = Builder::new(*white_to_move, *kings, limits);
                for &(motif, param) in motifs {
                    b.motif(motif, param);
                }
                b.put_all(pieces);
                b.finish()
            }
        }
    }
}

fn game(chess960: Option<u32>, choices: &[u32]) -> Case {
    let (start, mode) = match chess960 {
        Some(n) => (Setup::chess960_start(n), CastlingMode::Chess960),
        None => (Setup::start(), CastlingMode::Standard),
    };
    let mut case = Case::at(start, mode);
    let Ok(mut pos) = Chess::from_setup(&start, mode) else {
        return case;
    };
    let mut legal = Vec::with_capacity(64);
    for &c in choices {
        legal.clear();
        pos.legal_moves_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        pos.play_unchecked(&m);
        case.moves.push(m);
    }
    case
}

/// The piece of a piece code (see [`Recipe::Placement`]).
fn piece_of(code: u8) -> Piece {
    const ROLES: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    let code = code % 10;
    Piece {
        color: if code < 5 { Color::White } else { Color::Black },
        role: ROLES[usize::from(code % 5)],
    }
}

fn square(index: u32) -> Square {
    Square::new_masked((index % 64) as u8)
}

/// Builds a valid setup one choice at a time, undoing every choice that breaks validity.
struct Builder {
    setup: Setup,
    limits: MaterialLimits,
    /// The case's move, made by the side not to move, and the setup before it.
    before: Option<(Setup, Move)>,
}

impl Builder {
    fn new(white_to_move: bool, kings: [u8; 2], limits: MaterialLimits) -> Builder {
        let mut setup = Setup::empty();
        setup.turn = if white_to_move {
            Color::White
        } else {
            Color::Black
        };
        let wk = square(u32::from(kings[0]));
        let mut bk = square(u32::from(kings[1]));
        while distance(wk, bk) < 2 {
            bk = square(u32::from(bk.as_u8()) + 19);
        }
        setup.board[wk.index()] = Some(Piece {
            color: Color::White,
            role: Role::King,
        });
        setup.board[bk.index()] = Some(Piece {
            color: Color::Black,
            role: Role::King,
        });
        Builder {
            setup,
            limits,
            before: None,
        }
    }

    fn mover(&self) -> Color {
        self.setup.turn
    }

    fn king(&self, color: Color) -> Square {
        self.setup
            .king(color)
            .unwrap_or_else(|| unreachable!("the builder keeps both kings"))
    }

    /// Whether the setup is valid, with at most two pieces giving check.
    fn valid(setup: &Setup, limits: MaterialLimits) -> bool {
        setup
            .validate_with(setup.castling_mode_hint(), limits)
            .is_ok()
            && setup
                .king(setup.turn)
                .is_some_and(|k| setup.attackers(setup.turn.other(), k).len() <= 2)
    }

    /// Applies `change` to a copy of the setup and keeps it if the result is valid.
    fn try_change(&mut self, change: impl FnOnce(&mut Setup)) -> bool {
        let mut next = self.setup;
        change(&mut next);
        if Builder::valid(&next, self.limits) {
            self.setup = next;
            true
        } else {
            false
        }
    }

    /// Puts `piece` on `sq` if the square is empty (and not a king's) and the result valid.
    fn put(&mut self, sq: Square, piece: Piece) -> bool {
        self.setup.piece_at(sq).is_none() && self.try_change(|s| s.board[sq.index()] = Some(piece))
    }

    fn put_all(&mut self, pieces: &[(u8, u8)]) {
        for &(sq, code) in pieces {
            self.put(square(u32::from(sq)), piece_of(code));
        }
    }

    /// Castling rights where king and rook stand ready (four bits, see [`Recipe::Placement`]).
    fn rights(&mut self, bits: u8) {
        for (i, color) in [Color::White, Color::White, Color::Black, Color::Black]
            .into_iter()
            .enumerate()
        {
            if bits & (1 << i) == 0 {
                continue;
            }
            let king = self.king(color);
            if king.rank() != color.back_rank() {
                continue;
            }
            let rook = Piece {
                color,
                role: Role::Rook,
            };
            // The outermost rook on that side of the king.
            let files: Vec<u8> = if i % 2 == 0 {
                (0..king.file()).collect()
            } else {
                (king.file() + 1..8).rev().collect()
            };
            let found = files
                .into_iter()
                .filter_map(|f| Square::from_coords(f, king.rank()))
                .find(|&sq| self.setup.piece_at(sq) == Some(rook));
            if let Some(sq) = found {
                self.try_change(|s| s.castling_rights.insert(sq));
            }
        }
    }

    /// An en-passant possibility (see [`Recipe::Placement`]), then the case.
    fn en_passant(mut self, bits: u8) -> Case {
        if bits & 0x80 != 0 {
            let them = self.mover().other();
            let pawn = Piece {
                color: them,
                role: Role::Pawn,
            };
            let fourth = if them == Color::White { 3 } else { 4 };
            let pushed: Vec<Square> = Square::all()
                .filter(|sq| sq.rank() == fourth && self.setup.piece_at(*sq) == Some(pawn))
                .collect();
            if !pushed.is_empty() {
                let sq = pushed[usize::from(bits & 0x3f) % pushed.len()];
                if bits & 0x40 != 0 {
                    self.push_as_move(sq);
                } else {
                    let behind = sq.offset(0, if them == Color::White { -1 } else { 1 });
                    self.try_change(|s| s.ep_square = behind);
                }
            }
        }
        self.finish()
    }

    /// Makes the case's move the double push that put the enemy pawn on `pushed`, if the
    /// position before it is valid and the push legal there.
    fn push_as_move(&mut self, pushed: Square) -> bool {
        let them = self.mover().other();
        let dir: i8 = if them == Color::White { -1 } else { 1 };
        let (Some(passed), Some(origin)) = (pushed.offset(0, dir), pushed.offset(0, 2 * dir))
        else {
            return false;
        };
        if self.setup.piece_at(passed).is_some() || self.setup.piece_at(origin).is_some() {
            return false;
        }
        let mut before = self.setup;
        before.board[origin.index()] = before.board[pushed.index()].take();
        before.turn = them;
        before.ep_square = None;
        self.set_move(before, Move::normal(origin, pushed))
    }

    /// Makes `m`, played from `before`, the case's move if it is legal there and leads to the
    /// current setup (but for the clocks and the en-passant square). The first such move wins.
    fn set_move(&mut self, before: Setup, m: Move) -> bool {
        if self.before.is_some() || !Builder::valid(&before, self.limits) {
            return false;
        }
        let mode = before.castling_mode_hint();
        let Ok(mut pos) = Chess::from_setup_with(&before, mode, self.limits) else {
            return false;
        };
        if !pos.is_legal(&m) {
            return false;
        }
        pos.play_unchecked(&m);
        let after = pos.to_setup();
        if after.board != self.setup.board || after.turn != self.setup.turn {
            return false;
        }
        self.setup.castling_rights = after.castling_rights;
        self.before = Some((before, m));
        true
    }

    fn finish(self) -> Case {
        match self.before {
            // Pieces added after the move was set change the position after it: replay.
            Some((mut before, m)) => {
                before.castling_rights =
                    SquareSet(before.castling_rights.0 | self.setup.castling_rights.0);
                for sq in Square::all() {
                    let moved = sq == m.from || sq == m.to;
                    if !moved {
                        before.board[sq.index()] = self.setup.board[sq.index()];
                    }
                }
                let case = Case {
                    start: before,
                    mode: before.castling_mode_hint(),
                    moves: vec![m],
                };
                if case.validate(self.limits).is_ok() {
                    case
                } else {
                    Case::at(self.setup, self.setup.castling_mode_hint())
                }
            }
            None => Case::at(self.setup, self.setup.castling_mode_hint()),
        }
    }

    fn motif(&mut self, motif: Motif, param: u32) {
        let us = self.mover();
        let them = us.other();
        let p = |color, role| Piece { color, role };
        let mut bits = Bits(param);
        match motif {
            Motif::Pin => {
                let dir = KING_LINES[bits.take(8) as usize];
                let king = self.king(us);
                let near = 1 + bits.take(3) as i8;
                let far = near + 1 + bits.take(4) as i8;
                let slider = slider_for(dir, bits.take(2));
                let pinned = [
                    Role::Pawn,
                    Role::Knight,
                    Role::Bishop,
                    Role::Rook,
                    Role::Queen,
                ][bits.take(5) as usize];
                if let (Some(a), Some(b)) = (
                    king.offset(dir.0 * near, dir.1 * near),
                    king.offset(dir.0 * far, dir.1 * far),
                ) {
                    if self.put(a, p(us, pinned)) && !self.put(b, p(them, slider)) {
                        self.setup.board[a.index()] = None;
                    }
                }
            }
            Motif::Check => {
                let king = self.king(us);
                let role = [
                    Role::Pawn,
                    Role::Knight,
                    Role::Bishop,
                    Role::Rook,
                    Role::Queen,
                ][bits.take(5) as usize];
                let (df, dr) = match role {
                    Role::Knight => KNIGHT_JUMPS[bits.take(8) as usize],
                    Role::Pawn => {
                        let up = if us == Color::White { 1 } else { -1 };
                        (if bits.take(2) == 0 { -1 } else { 1 }, up)
                    }
                    _ => {
                        let dir = KING_LINES[bits.take(8) as usize];
                        let n = 1 + bits.take(5) as i8;
                        (dir.0 * n, dir.1 * n)
                    }
                };
                if let Some(sq) = king.offset(df, dr) {
                    self.put(sq, p(them, role));
                }
            }
            Motif::Promotion => {
                let seventh = if us == Color::White { 6 } else { 1 };
                let eighth = if us == Color::White { 7 } else { 0 };
                let file = bits.take(8) as u8;
                if let Some(sq) = Square::from_coords(file, seventh) {
                    if self.put(sq, p(us, Role::Pawn)) {
                        for df in [-1i8, 0, 1] {
                            if bits.take(2) == 1 {
                                let role = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
                                    [bits.take(4) as usize];
                                if let Some(t) = sq
                                    .offset(df, 0)
                                    .and_then(|s| Square::from_coords(s.file(), eighth))
                                {
                                    self.put(t, p(them, role));
                                }
                            }
                        }
                    }
                }
            }
            Motif::EnPassant | Motif::EnPassantRankPin => {
                let fifth = if us == Color::White { 4 } else { 3 };
                let file = bits.take(8) as u8;
                let side: i8 = if bits.take(2) == 0 { -1 } else { 1 };
                if motif == Motif::EnPassantRankPin {
                    let king = self.king(us);
                    if king.rank() != fifth {
                        let target = Square::from_coords(bits.take(8) as u8, fifth);
                        if let Some(t) = target {
                            self.relocate_king(us, t);
                        }
                    }
                }
                let (Some(ours), Some(theirs)) = (
                    Square::from_coords(file, fifth),
                    Square::from_coords(file, fifth).and_then(|s| s.offset(side, 0)),
                ) else {
                    return;
                };
                if self.put(ours, p(us, Role::Pawn)) {
                    if !self.put(theirs, p(them, Role::Pawn)) {
                        self.setup.board[ours.index()] = None;
                        return;
                    }
                    if motif == Motif::EnPassantRankPin {
                        let king = self.king(us);
                        if king.rank() == fifth {
                            // The slider on the far side of the pawns from the king.
                            let lo = ours.file().min(theirs.file()) as i8;
                            let hi = ours.file().max(theirs.file()) as i8;
                            let k = king.file() as i8;
                            let d = 1 + bits.take(4) as i8;
                            let file = if k < lo { hi + d } else { lo - d };
                            let role = if bits.take(2) == 0 {
                                Role::Rook
                            } else {
                                Role::Queen
                            };
                            if (k < lo || k > hi) && (0..8).contains(&file) {
                                if let Some(sq) = Square::from_coords(file as u8, fifth) {
                                    self.put(sq, p(them, role));
                                }
                            }
                        }
                    }
                    self.push_as_move(theirs);
                }
            }
            Motif::Castling => {
                let rank = us.back_rank();
                if let Some(e) = Square::from_coords(4, rank) {
                    self.relocate_king(us, e);
                }
                let mut rights = 0u8;
                for (bit, file) in [(0u8, 0u8), (1, 7)] {
                    if bits.take(4) != 0 {
                        if let Some(sq) = Square::from_coords(file, rank) {
                            if self.put(sq, p(us, Role::Rook))
                                || self.setup.piece_at(sq) == Some(p(us, Role::Rook))
                            {
                                rights |= 1 << bit;
                            }
                        }
                    }
                }
                let shift = if us == Color::White { 0 } else { 2 };
                self.rights(rights << shift);
                // An enemy piece aiming at the king's path.
                if bits.take(2) == 0 {
                    let role = [
                        Role::Knight,
                        Role::Bishop,
                        Role::Rook,
                        Role::Queen,
                        Role::Pawn,
                    ][bits.take(5) as usize];
                    self.put(square(bits.take(64)), p(them, role));
                }
            }
            Motif::RookCaptured => {
                let rank = us.back_rank();
                let h_side = bits.take(2) == 0;
                let (Some(e), Some(corner)) = (
                    Square::from_coords(4, rank),
                    Square::from_coords(if h_side { 7 } else { 0 }, rank),
                ) else {
                    return;
                };
                self.relocate_king(us, e);
                if self.king(us) != e {
                    return;
                }
                let capturer = [Role::Knight, Role::Bishop, Role::Queen][bits.take(3) as usize];
                // Where the capturer comes from: a square from which it attacks the corner.
                let origins: Vec<Square> = Square::all()
                    .filter(|&o| self.setup.piece_at(o).is_none() && o != corner)
                    .filter(|&o| {
                        let mut s = Setup::empty();
                        s.board[o.index()] = Some(p(them, capturer));
                        s.attacked_by(them, corner)
                    })
                    .collect();
                if origins.is_empty() {
                    return;
                }
                let from = origins[bits.take(64) as usize % origins.len()];
                // Before: our rook in the corner with its right, their piece on `from`.
                let mut before = self.setup;
                before.board[corner.index()] = Some(p(us, Role::Rook));
                before.board[from.index()] = Some(p(them, capturer));
                before.castling_rights.insert(corner);
                before.turn = them;
                let mut after = self.setup;
                after.board[corner.index()] = Some(p(them, capturer));
                let saved = self.setup;
                self.setup = after;
                if !(Builder::valid(&after, self.limits)
                    && self.set_move(before, Move::normal(from, corner)))
                {
                    self.setup = saved;
                }
            }
            Motif::KingsClose => {
                let king = self.king(us);
                let (df, dr) = [
                    (2, 0),
                    (-2, 0),
                    (0, 2),
                    (0, -2),
                    (2, 1),
                    (1, 2),
                    (2, 2),
                    (-2, -1),
                ][bits.take(8) as usize];
                if let Some(t) = king.offset(df, dr) {
                    self.relocate_king(them, t);
                }
            }
            Motif::BlockedPawn => {
                let second = if us == Color::White { 1 } else { 6 };
                let file = bits.take(8) as u8;
                let up: i8 = if us == Color::White { 1 } else { -1 };
                let role = [
                    Role::Pawn,
                    Role::Knight,
                    Role::Bishop,
                    Role::Rook,
                    Role::Queen,
                ][bits.take(5) as usize];
                let color = if bits.take(2) == 0 { us } else { them };
                if let Some(sq) = Square::from_coords(file, second) {
                    if self.put(sq, p(us, Role::Pawn)) {
                        if let Some(front) = sq.offset(0, up) {
                            self.put(front, p(color, role));
                        }
                    }
                }
            }
        }
    }

    /// Moves `color`'s king to `to` if that square is empty and the result valid.
    fn relocate_king(&mut self, color: Color, to: Square) {
        let from = self.king(color);
        if from == to || self.setup.piece_at(to).is_some() {
            return;
        }
        self.try_change(|s| {
            s.board[to.index()] = s.board[from.index()].take();
            s.castling_rights = s
                .castling_rights
                .iter()
                .filter(|r| r.rank() != color.back_rank())
                .collect();
        });
    }
}

/// Takes small numbers off a parameter, one choice at a time.
struct Bits(u32);

impl Bits {
    /// A number in `0..n`.
    fn take(&mut self, n: u32) -> u32 {
        let v = self.0 % n;
        self.0 /= n;
        // Stir, so that a parameter used up still gives varied choices.
        self.0 = self.0.wrapping_mul(0x9E37_79B9).wrapping_add(v);
        v
    }
}

/// The eight directions from a king: four lines, then four diagonals.
const KING_LINES: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

const KNIGHT_JUMPS: [(i8, i8); 8] = crate::setup::KNIGHT_OFFSETS;

/// A slider that attacks along `dir`: rook or queen on lines, bishop or queen on diagonals.
fn slider_for(dir: (i8, i8), choice: u32) -> Role {
    let line = dir.0 == 0 || dir.1 == 0;
    match (line, choice) {
        (_, 0) => Role::Queen,
        (true, _) => Role::Rook,
        (false, _) => Role::Bishop,
    }
}

/// The king distance (Chebyshev) between two squares.
fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_recipe_builds_a_valid_case() {
        let mut rng = SplitMix64::new(42);
        for limits in [MaterialLimits::Enforced, MaterialLimits::Ignored] {
            for _ in 0..2000 {
                let recipe = Recipe::random(&mut rng, limits);
                let case = recipe.build(limits);
                assert!(case.validate(limits).is_ok(), "{recipe:?} built {case:?}");
            }
        }
    }

    #[test]
    fn ignored_limits_crowd_the_board() {
        let mut rng = SplitMix64::new(5);
        let crowded = (0..500)
            .map(|_| {
                Recipe::random(&mut rng, MaterialLimits::Ignored).build(MaterialLimits::Ignored)
            })
            .filter(|case| case.validate(MaterialLimits::Enforced).is_err())
            .count();
        assert!(crowded > 10, "{crowded} cases beyond the limits");
    }

    #[test]
    fn the_same_recipe_builds_the_same_case() {
        let mut a = SplitMix64::new(9);
        let mut b = SplitMix64::new(9);
        for _ in 0..100 {
            let ra = Recipe::random(&mut a, MaterialLimits::Enforced);
            assert_eq!(ra, Recipe::random(&mut b, MaterialLimits::Enforced));
            assert_eq!(
                ra.build(MaterialLimits::Enforced),
                ra.build(MaterialLimits::Enforced)
            );
        }
    }

    #[test]
    fn motifs_make_their_moves() {
        // Rich recipes whose motif plays a move: en passant by a double push, a rook captured.
        let mut rng = SplitMix64::new(3);
        let mut seen = [false; 2];
        for _ in 0..3000 {
            let motif = if rng.chance(50) {
                Motif::EnPassant
            } else {
                Motif::RookCaptured
            };
            let recipe = Recipe::Rich {
                white_to_move: rng.chance(50),
                kings: [rng.below(64) as u8, rng.below(64) as u8],
                motifs: vec![(motif, rng.next_u64() as u32)],
                pieces: Vec::new(),
            };
            let case = recipe.build(MaterialLimits::Enforced);
            if case.moves.len() == 1 {
                seen[usize::from(motif == Motif::RookCaptured)] = true;
            }
        }
        assert_eq!(seen, [true, true]);
    }
}
