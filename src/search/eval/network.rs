//! A small neural network evaluation, the alternative to the hand-written terms of
//! [`evaluate`](super::evaluate) alone: `SearchFeatures network` switches the engine to it.
//!
//! The network reads the board alone: 768 inputs per point of view (a piece of one's own or
//! the other side, of one of six roles, on one of 64 squares, the board mirrored for Black),
//! each point of view's inputs weighted into [`HIDDEN`] sums by the same first layer (an
//! *accumulator*), clipped to 0 .. 1, and the two (the side to move's first) weighted into one
//! output. A *residual* network's output is a correction added to the hand-written evaluation
//! (which keeps what the board alone cannot say cheaply: mobility, king safety, threats, the
//! drawish endings); otherwise it is the whole score. Either way the score is in the
//! hand-written evaluation's centipawns, which the search's margins are set in.
//!
//! Its weights are the generated file `network.bin`, made by `examples/nnue.rs` from
//! Stockfish's scores of quiet positions of master games and of the engine's own games (that
//! example's docs say how to make it again, and the README's engine section what it
//! measured). A residual network is only right on top of the hand-written weights it was
//! fitted with: it records their [`weights_fingerprint`], and a test fails when `weights.rs`
//! has changed since.
//!
//! The weights are integers, as they are stored: the first layer scaled by [`QA`], the output
//! layer by [`QB`]; a clipped sum times an output weight is then in units of `QA · QB`, and the
//! score their total times [`SCALE`] over `QA · QB`. In the search the sums are not added up
//! for each position: an [`AccumulatorStack`] keeps them along the current line and brings
//! them up to date from the ply above, piece by piece.
//!
//! ```
//! use vdmchess::core::Position;
//! use vdmchess::search::eval::network;
//! // The start position is symmetric, so the side to move's score is small.
//! let score = network::evaluate(&Position::start());
//! assert!(score.abs() < 60, "{score}");
//! ```

use std::sync::LazyLock;

use crate::core::bitboard::Squares;
use crate::core::Position;
use crate::types::{Color, Role};

/// Inputs per point of view: (own or other side, role, square).
pub const INPUTS: usize = 768;
/// The width of one point of view's hidden layer.
pub const HIDDEN: usize = 128;
/// The first layer's weights and biases are stored times this; a clipped sum is at most this.
pub const QA: i32 = 255;
/// The output layer's weights are stored times this.
pub const QB: i32 = 64;
/// The network's output times this is the score in centipawns.
pub const SCALE: i32 = 400;
/// The first bytes of `network.bin`.
pub const MAGIC: &[u8; 8] = b"VDMNNUE1";

/// The weights of the network, as integers ([`QA`], [`QB`]).
#[derive(Clone)]
pub struct Network {
    /// The first layer: one row of [`HIDDEN`] weights per input.
    pub input: Vec<[i16; HIDDEN]>,
    /// The first layer's biases.
    pub input_bias: [i16; HIDDEN],
    /// The output weights of the side to move's hidden layer, then of the other side's.
    pub output: [[i16; HIDDEN]; 2],
    /// The output's bias, in units of `QA · QB`.
    pub output_bias: i32,
    /// Whether the output is a correction added to the hand-written evaluation
    /// ([`super::evaluate`]) rather than the whole score.
    pub residual: bool,
    /// For a residual network, the [`weights_fingerprint`] of the hand-written weights it
    /// was fitted on top of (0 otherwise): a correction is only right for those.
    pub base: u64,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("hidden", &HIDDEN)
            .field("output_bias", &self.output_bias)
            .finish_non_exhaustive()
    }
}

/// The engine's network, read from the bytes of `network.bin` built into the crate.
pub static NETWORK: LazyLock<Network> = LazyLock::new(|| {
    Network::from_bytes(include_bytes!("network.bin")).expect("network.bin is well formed")
});

/// A fingerprint of the hand-written evaluation's weights ([`super::WEIGHTS`]): FNV-1a of
/// their middlegame and endgame values. A residual network records the one it was fitted on
/// top of ([`Network::base`]); a test checks that it is the engine's.
#[must_use]
pub fn weights_fingerprint() -> u64 {
    super::WEIGHTS
        .iter()
        .flat_map(|s| [s.mg(), s.eg()])
        .flat_map(i32::to_le_bytes)
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// The input of a `role` of side `color` on square `sq` (0 = a1) seen from `view`'s side:
/// its own pieces first, the board mirrored (rank 1 to rank 8) for Black.
#[must_use]
#[inline(always)]
pub const fn input(view: Color, color: Color, role: Role, sq: usize) -> usize {
    let (side, sq) = match view {
        Color::White => (color.index(), sq),
        Color::Black => (1 - color.index(), sq ^ 56),
    };
    (side * 6 + role.index()) * 64 + sq
}

/// Calls `f` with each piece of `pos`'s inputs, from White's view and from Black's.
#[inline(always)]
pub fn for_each_input(pos: &Position, mut f: impl FnMut(usize, usize)) {
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in Squares(pos.color_bb(color) & pos.role_bb(role)) {
                f(
                    input(Color::White, color, role, sq),
                    input(Color::Black, color, role, sq),
                );
            }
        }
    }
}

impl Network {
    /// Reads the weights from their file's bytes: [`MAGIC`], the hidden width and the flags
    /// (1: [`Network::residual`]; little-endian `u32`s), [`Network::base`] (a `u64`), then little-endian `i16`s (the first layer's rows, its biases,
    /// the two output rows) and the output's bias as an `i32`.
    ///
    /// # Errors
    /// The bytes are not such a file for this [`HIDDEN`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or("not a network file (no VDMNNUE1 header)")?;
        let (width, rest) = rest.split_at_checked(4).ok_or("no hidden width")?;
        let width = u32::from_le_bytes(width.try_into().expect("4 bytes")) as usize;
        let (flags, rest) = rest.split_at_checked(4).ok_or("no flags")?;
        let residual = match u32::from_le_bytes(flags.try_into().expect("4 bytes")) {
            0 => false,
            1 => true,
            other => return Err(format!("unknown flags {other}")),
        };
        let (base, rest) = rest.split_at_checked(8).ok_or("no fingerprint")?;
        let base = u64::from_le_bytes(base.try_into().expect("8 bytes"));
        if width != HIDDEN {
            return Err(format!(
                "a hidden layer of {width}, this build reads {HIDDEN}"
            ));
        }
        let shorts = INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN;
        if rest.len() != shorts * 2 + 4 {
            return Err(format!(
                "{} bytes of weights, {} expected",
                rest.len(),
                shorts * 2 + 4
            ));
        }
        let mut words = rest[..shorts * 2]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]));
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            for w in &mut r {
                *w = words.next().expect("length checked");
            }
            r
        };
        let input = (0..INPUTS).map(|_| row()).collect();
        let input_bias = row();
        let output = [row(), row()];
        let output_bias = i32::from_le_bytes(rest[shorts * 2..].try_into().expect("4 bytes"));
        Ok(Network {
            input,
            input_bias,
            output,
            output_bias,
            residual,
            base,
        })
    }

    /// Reads a network file (as `examples/nnue.rs` writes it) for this build: a residual
    /// network must have been fitted on top of this build's hand-written weights
    /// ([`weights_fingerprint`]), as a correction to other weights would be wrong here.
    ///
    /// # Errors
    /// The file cannot be read, is not such a file for this [`HIDDEN`], or is a correction to
    /// other hand-written weights; the message says which.
    pub fn open(path: impl AsRef<std::path::Path>) -> Result<Network, String> {
        let bytes = std::fs::read(path.as_ref()).map_err(|e| e.to_string())?;
        let net = Network::from_bytes(&bytes)?;
        let ours = weights_fingerprint();
        if net.residual && net.base != ours {
            return Err(format!(
                "a correction fitted on other hand-written weights (fingerprint {:016x}, this build's {ours:016x})",
                net.base
            ));
        }
        Ok(net)
    }

    /// The bytes of its file ([`Network::from_bytes`] reads them back).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((HIDDEN as u32).to_le_bytes());
        out.extend(u32::from(self.residual).to_le_bytes());
        out.extend(self.base.to_le_bytes());
        let rows = self
            .input
            .iter()
            .chain([&self.input_bias, &self.output[0], &self.output[1]]);
        for row in rows {
            for w in row {
                out.extend(w.to_le_bytes());
            }
        }
        out.extend(self.output_bias.to_le_bytes());
        out
    }

    /// The hidden sums of `pos` from both points of view, added up from scratch.
    #[must_use]
    pub fn accumulate(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            white: self.input_bias,
            black: self.input_bias,
        };
        for_each_input(pos, |w, b| {
            add(&mut acc.white, &self.input[w]);
            add(&mut acc.black, &self.input[b]);
        });
        acc
    }

    /// Brings `acc`, the sums of a position with the pieces of `before`, to those of `after`:
    /// only the pieces that differ (two to four after a move) are taken out or put in.
    fn update(&self, acc: &mut Accumulator, before: &Placement, after: &Placement) {
        for color in Color::ALL {
            for role in Role::ALL {
                let was = before.by_color[color.index()] & before.by_role[role.index()];
                let is = after.by_color[color.index()] & after.by_role[role.index()];
                for sq in Squares(was & !is) {
                    sub(
                        &mut acc.white,
                        &self.input[input(Color::White, color, role, sq)],
                    );
                    sub(
                        &mut acc.black,
                        &self.input[input(Color::Black, color, role, sq)],
                    );
                }
                for sq in Squares(is & !was) {
                    add(
                        &mut acc.white,
                        &self.input[input(Color::White, color, role, sq)],
                    );
                    add(
                        &mut acc.black,
                        &self.input[input(Color::Black, color, role, sq)],
                    );
                }
            }
        }
    }

    /// The score for the side to move `turn` from the sums `acc` of `pos` (which a residual
    /// network's correction is added to the hand-written evaluation of).
    #[must_use]
    pub fn output(&self, acc: &Accumulator, pos: &Position) -> i32 {
        let (us, them) = match pos.turn() {
            Color::White => (&acc.white, &acc.black),
            Color::Black => (&acc.black, &acc.white),
        };
        let sum = dot(us, &self.output[0]) + dot(them, &self.output[1]) + self.output_bias;
        let own = sum * SCALE / (QA * QB);
        if self.residual {
            own + super::evaluate(pos)
        } else {
            own
        }
    }

    /// The score of `pos` for the side to move, in centipawns.
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.accumulate(pos), pos)
    }
}

/// The hidden sums of one position from White's point of view and from Black's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accumulator {
    /// From White's view.
    pub white: [i16; HIDDEN],
    /// From Black's view.
    pub black: [i16; HIDDEN],
}

/// Where the pieces stand: what the sums depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Placement {
    by_role: [u64; 6],
    by_color: [u64; 2],
}

impl Placement {
    fn of(pos: &Position) -> Placement {
        Placement {
            by_role: pos.by_role,
            by_color: pos.by_color,
        }
    }
}

/// The sums along the search's current line, one entry a ply, brought up to date only when
/// a position is evaluated: from the nearest ply above whose sums are known, piece by piece
/// (a move changes two to four), so that most evaluations cost a few row additions rather
/// than one per piece.
///
/// The search calls [`AccumulatorStack::enter`] at every node it enters (its pieces, its
/// ply) and [`AccumulatorStack::evaluate`] where it wants the score.
#[derive(Debug, Clone)]
pub struct AccumulatorStack {
    entries: Vec<(Placement, Accumulator, bool)>,
}

impl Default for AccumulatorStack {
    fn default() -> Self {
        AccumulatorStack::new()
    }
}

impl AccumulatorStack {
    /// An empty stack.
    #[must_use]
    pub fn new() -> AccumulatorStack {
        AccumulatorStack {
            entries: Vec::new(),
        }
    }

    /// The search has entered `pos` at `ply`: the entry of that ply is now `pos`'s (its sums
    /// not yet known), and the plies below are left to be entered again.
    #[inline]
    pub fn enter(&mut self, ply: usize, pos: &Position) {
        if self.entries.len() <= ply {
            let zero = Accumulator {
                white: [0; HIDDEN],
                black: [0; HIDDEN],
            };
            self.entries
                .resize(ply + 1, (Placement::default(), zero, false));
        }
        let entry = &mut self.entries[ply];
        entry.0 = Placement::of(pos);
        entry.2 = false;
    }

    /// The score of `pos` (entered at `ply`) for the side to move, by `net`.
    pub fn evaluate(&mut self, net: &Network, ply: usize, pos: &Position) -> i32 {
        debug_assert_eq!(self.entries[ply].0, Placement::of(pos));
        let mut known = ply;
        while !self.entries[known].2 && known > 0 {
            known -= 1;
        }
        if !self.entries[known].2 {
            self.entries[known].1 = net.accumulate_placement(&self.entries[known].0);
            self.entries[known].2 = true;
        }
        for p in known + 1..=ply {
            let (done, todo) = self.entries.split_at_mut(p);
            let (before, acc, _) = &done[p - 1];
            let (after, next, fresh) = &mut todo[0];
            *next = *acc;
            net.update(next, before, after);
            *fresh = true;
        }
        net.output(&self.entries[ply].1, pos)
    }
}

impl Network {
    /// [`Network::accumulate`] of the pieces alone.
    fn accumulate_placement(&self, placement: &Placement) -> Accumulator {
        let mut acc = Accumulator {
            white: self.input_bias,
            black: self.input_bias,
        };
        let empty = Placement::default();
        self.update(&mut acc, &empty, placement);
        acc
    }
}

/// `acc += row`, lane by lane (the compiler makes it vector additions).
#[inline(always)]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*r);
    }
}

/// `acc -= row`, lane by lane.
#[inline(always)]
fn sub(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*r);
    }
}

/// The sum of each sum clipped to 0 ..= [`QA`] times its weight.
#[inline(always)]
fn dot(acc: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    acc.iter()
        .zip(weights)
        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}

/// The score of `pos` for the side to move by the engine's network ([`NETWORK`]).
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    NETWORK.evaluate(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen::parse_fen;

    fn position(fen: &str) -> Position {
        let setup = parse_fen(fen).unwrap();
        Position::from_setup(&setup, setup.castling_mode_hint()).unwrap()
    }

    #[test]
    fn the_file_round_trips_and_bad_files_are_named() {
        let net = &*NETWORK;
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.input, net.input);
        assert_eq!(
            (back.output, back.output_bias),
            (net.output, net.output_bias)
        );
        assert_eq!(
            Network::from_bytes(b"VDMNNUE0").unwrap_err(),
            "not a network file (no VDMNNUE1 header)"
        );
        let mut wide = bytes.clone();
        wide[8] = 64;
        assert_eq!(
            Network::from_bytes(&wide).unwrap_err(),
            format!("a hidden layer of 64, this build reads {HIDDEN}")
        );
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(),
            format!(
                "{} bytes of weights, {} expected",
                bytes.len() - 25,
                bytes.len() - 24
            )
        );
    }

    /// A residual network is a correction of the hand-written weights it was fitted on top
    /// of: after the Texel tuner changes them, the network must be fitted again.
    #[test]
    fn a_residual_network_was_fitted_on_the_engines_hand_written_weights() {
        let net = &*NETWORK;
        if net.residual {
            assert_eq!(
                net.base,
                weights_fingerprint(),
                "network.bin was fitted on other weights than weights.rs's: run examples/nnue.rs again"
            );
        }
    }

    #[test]
    fn a_mirrored_position_scores_the_same_for_its_side_to_move() {
        // The inputs see the board from the side to move's view, so colours and ranks
        // swapped give the same score (castling rights mirrored too).
        let pairs = [
            (
                "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
                "rnbqk2r/ppp2ppp/3p1n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 0 5",
            ),
            (
                "8/5k2/8/3P4/8/8/2K5/8 w - - 0 1",
                "8/2k5/8/8/3p4/8/5K2/8 b - - 0 1",
            ),
        ];
        for (a, b) in pairs {
            assert_eq!(evaluate(&position(a)), evaluate(&position(b)), "{a}");
        }
    }

    /// Along random games (captures, castling, en passant, promotions, null moves), stepping
    /// back to earlier plies as a search does, the stack's sums always equal the sums added
    /// up from scratch.
    #[test]
    fn the_stack_updated_piece_by_piece_agrees_with_the_sums_from_scratch() {
        let net = &*NETWORK;
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut rand = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for fen in starts {
            let mut stack = AccumulatorStack::new();
            let mut line = vec![position(fen)];
            stack.enter(0, &line[0]);
            for _ in 0..60 {
                for _ in 0..=rand(12) {
                    let ply = line.len();
                    let mut pos = line[ply - 1];
                    let mut moves = Vec::new();
                    pos.legal_moves_into(&mut moves);
                    if moves.is_empty() || ply > 50 {
                        break;
                    }
                    if rand(10) == 0 && !pos.is_check() {
                        pos.play_null();
                    } else {
                        pos.play_unchecked(&moves[rand(moves.len())]);
                    }
                    line.push(pos);
                    stack.enter(ply, &pos);
                    if rand(3) == 0 {
                        assert_eq!(stack.evaluate(net, ply, &pos), net.evaluate(&pos));
                        checked += 1;
                    }
                }
                // Back up to an earlier ply and go down another way, as a search does.
                let back = rand(line.len());
                line.truncate(back + 1);
            }
        }
        assert!(checked > 200, "{checked}");
    }
}
