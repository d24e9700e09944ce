//! The network trainer: fits the weights of `vdmchess::search::eval::network` (the
//! evaluation `SearchFeatures network` switches the engine to) to Stockfish's scores of quiet
//! positions, and writes them as `src/search/eval/network.bin`.
//!
//! Data: the labels file of `scripts/sf_labels.py` (one position a line, its FEN and
//! Stockfish's score for White in centipawns), made from the Texel tuner's quiet positions of
//! the master games in `spec/conformance/games/` (its docs say which positions; provenance in
//! `spec/conformance/games/SOURCES.md`) and of the engine's own games (`scripts/selfplay.py
//! --pgn`, read by the tuner's `--games DIR`). The labels are the user's own Stockfish run:
//!
//! ```sh
//! cargo run --release --example texel -- --write-fens /tmp/quiet.fens
//! nice -n 19 python3 scripts/sf_labels.py --fens /tmp/quiet.fens --out /tmp/sf8.labels \
//!     --every 1 --depth 8 --procs 2
//! python3 scripts/selfplay.py --a "BIN uci" --b "BIN uci" --b-option SearchFeatures=-network \
//!     --games 2000 --nodes 5000 --plies 10 --max-plies 240 --seed 21 --pgn /tmp/gen/sp21.pgn
//! cargo run --release --example texel -- --games /tmp/gen --sample 1 --write-fens /tmp/gen/q.fens
//! python3 scripts/sf_labels.py --fens /tmp/gen/q.fens --out /tmp/sf8.labels --every 1 --depth 8
//! cargo run --release --example nnue -- --labels /tmp/sf8.labels [--epochs N] [--rate R]
//!     [--batch N] [--decay D] [--residual yes|no] [--holdout N] [--seed N] [--k-label K]
//!     [--k-eval K] [--out FILE]
//! ```
//!
//! `network.bin` was made with `--epochs 16 --batch 1024 --rate 0.001 --residual yes --decay 3`
//! from 654,691 positions labelled at `go depth 8` by Debian's Stockfish 15.1: all 519,642 of the
//! master games and 135,049 more from 2,069 games of the engine at 5,000 nodes a move, its
//! network against its terms alone (held out: 0.02028 against the hand-written evaluation's
//! 0.02578). The positions of its own games were worth the most: a fifth more labels, +72 Elo
//! in self-play against the same fit without them. With `--residual yes` the network's
//! output is a correction added to the hand-written evaluation (`Network::residual`; it then
//! starts at zero and records the fingerprint of the weights it corrects); `--decay` is the
//! decoupled weight decay (AdamW's) that keeps the weights, and so the correction, small where
//! the data say little. A lower error on held-out quiet positions did not mean a stronger engine
//! (the README's engine section has the matches): the decay matters more.
//!
//! The network's output `v` (the score `400 · v` in the engine's centipawns) is fitted by
//! minimising the mean squared error between `sigmoid(k_eval · v)` and
//! `sigmoid(k_label · cp / 400)`, Stockfish's score `cp` from the side to move's view: the same
//! error the Texel tuner minimises against labels, with its two fitted scales (`--k-label`
//! 3.80 for Stockfish's centipawns, `--k-eval` 2.55 for the engine's: the network keeps the
//! hand-written evaluation's centipawns, which the search's margins are set in). One position
//! in `--holdout` (by a hash of its FEN) is held out and never fitted; the error on them is
//! printed after each epoch beside the hand-written evaluation's on the same positions. The
//! optimiser is Adam over minibatches in a random order (fixed by `--seed`), its rate falling
//! to a twentieth along a cosine; the first layer's weights are kept within ±1.98 so that the
//! stored sums (times 255) cannot overflow. The weights are then rounded to integers
//! (`network::QA`, `network::QB`) and the rounded network, as the engine runs it, is scored on
//! the held-out positions again.

#[path = "common/labels.rs"]
mod labels;

use std::path::{Path, PathBuf};
use std::time::Instant;

use vdmchess::core::Position;
use vdmchess::search::eval::evaluate;
use vdmchess::search::eval::network::{
    for_each_input, weights_fingerprint, Network, HIDDEN, INPUTS, QA, QB, SCALE,
};
use vdmchess::Color;

/// Command-line options.
#[derive(Debug, Clone, PartialEq)]
struct Options {
    labels: Option<PathBuf>,
    out: PathBuf,
    epochs: usize,
    rate: f32,
    batch: usize,
    holdout: u64,
    seed: u64,
    k_label: f32,
    k_eval: f32,
    residual: bool,
    decay: f32,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        labels: None,
        out: PathBuf::from("src/search/eval/network.bin"),
        epochs: 30,
        rate: 0.001,
        batch: 16384,
        holdout: 10,
        seed: 1,
        k_label: 3.80,
        k_eval: 2.55,
        residual: false,
        decay: 0.0,
    };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        let whole = || value.parse::<u64>().map_err(|e| bad(&e));
        let positive = || match value.parse::<f32>() {
            Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
            Ok(_) => Err(bad(&"not a positive number")),
            Err(e) => Err(bad(&e)),
        };
        match flag {
            "--labels" => o.labels = Some(PathBuf::from(value)),
            "--out" => o.out = PathBuf::from(value),
            "--epochs" => o.epochs = whole()? as usize,
            "--rate" => o.rate = positive()?,
            "--batch" => o.batch = whole()?.max(1) as usize,
            "--holdout" => o.holdout = whole()?.max(2),
            "--seed" => o.seed = whole()?,
            "--k-label" => o.k_label = positive()?,
            "--k-eval" => o.k_eval = positive()?,
            "--decay" => o.decay = value.parse().map_err(|e| bad(&e))?,
            "--residual" => {
                o.residual = match value.as_str() {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad(&"yes or no")),
                }
            }
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    Ok(o)
}

/// The positions: each one's inputs from the side to move's view and the other's, and its
/// target (the win probability its label gives the side to move).
#[derive(Default)]
struct Data {
    /// Pairs (side to move's input, other side's input), all positions one after the other.
    inputs: Vec<[u16; 2]>,
    /// Where each position's inputs start in `inputs` (one more entry than positions).
    start: Vec<usize>,
    target: Vec<f32>,
    /// The hand-written evaluation, side to move's view (for the comparison).
    hand: Vec<i32>,
    /// What the network's output is added to: the hand-written evaluation over [`SCALE`]
    /// with `--residual yes`, else 0.
    base: Vec<f32>,
    /// The positions themselves, to score the rounded network as the engine runs it.
    positions: Vec<Position>,
}

impl Data {
    fn len(&self) -> usize {
        self.target.len()
    }
    fn push(&mut self, pos: Position, target: f32, residual: bool) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        let white = pos.turn() == Color::White;
        for_each_input(&pos, |w, b| {
            let (us, them) = if white { (w, b) } else { (b, w) };
            self.inputs.push([us as u16, them as u16]);
        });
        self.start.push(self.inputs.len());
        self.target.push(target);
        let hand = evaluate(&pos);
        self.hand.push(hand);
        self.base.push(if residual {
            hand as f32 / SCALE as f32
        } else {
            0.0
        });
        self.positions.push(pos);
    }
    fn inputs(&self, p: usize) -> &[[u16; 2]] {
        &self.inputs[self.start[p]..self.start[p + 1]]
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// FNV-1a of the FEN's first four fields: which positions are held out.
fn fen_hash(fen: &str) -> u64 {
    labels::fen_key(fen)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// Reads the labels file into (fitted, held out). A bad line is an error naming the file, the
/// line and what is wrong.
fn read(path: &Path, o: &Options) -> Result<(Data, Data), String> {
    let (mut fit, mut held) = (Data::default(), Data::default());
    labels::for_each_label(path, |fen, setup, cp| {
        let pos = Position::from_setup(&setup, setup.castling_mode_hint())
            .map_err(|e| format!("FEN {fen:?}: {e}"))?;
        let cp = if pos.turn() == Color::White { cp } else { -cp };
        let target = sigmoid(o.k_label * cp as f32 / 400.0);
        if fen_hash(fen) % o.holdout == 0 {
            held.push(pos, target, o.residual);
        } else {
            fit.push(pos, target, o.residual);
        }
        Ok(())
    })?;
    Ok((fit, held))
}

/// The network in floating point, as it is fitted.
#[derive(Clone)]
struct Float {
    input: Vec<f32>,
    input_bias: Vec<f32>,
    output: Vec<f32>,
    output_bias: f32,
}

/// The bound on a first-layer weight (so that 32 of them and a bias, times [`QA`], fit an
/// `i16`).
const INPUT_CLIP: f32 = 1.98;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform in -1 .. 1.
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

impl Float {
    fn new(rng: &mut Rng) -> Float {
        let a = 1.0 / (32.0f32).sqrt();
        let b = 1.0 / ((2 * HIDDEN) as f32).sqrt();
        Float {
            input: (0..INPUTS * HIDDEN).map(|_| a * rng.unit()).collect(),
            input_bias: vec![0.0; HIDDEN],
            output: (0..2 * HIDDEN).map(|_| b * rng.unit()).collect(),
            output_bias: 0.0,
        }
    }

    /// The hidden sums of one point of view (column 0: side to move, 1: the other).
    fn hidden(&self, inputs: &[[u16; 2]], view: usize) -> [f32; HIDDEN] {
        let mut h: [f32; HIDDEN] = self.input_bias.clone().try_into().expect("HIDDEN");
        for pair in inputs {
            let row = &self.input[pair[view] as usize * HIDDEN..][..HIDDEN];
            for (a, w) in h.iter_mut().zip(row) {
                *a += w;
            }
        }
        h
    }

    /// The output `v` for a position's inputs, and the two hidden layers.
    fn forward(&self, inputs: &[[u16; 2]]) -> (f32, [[f32; HIDDEN]; 2]) {
        let h = [self.hidden(inputs, 0), self.hidden(inputs, 1)];
        let mut v = self.output_bias;
        for (view, hv) in h.iter().enumerate() {
            let w = &self.output[view * HIDDEN..][..HIDDEN];
            v += hv
                .iter()
                .zip(w)
                .map(|(a, w)| a.clamp(0.0, 1.0) * w)
                .sum::<f32>();
        }
        (v, h)
    }

    /// The mean squared error over `data`.
    fn error(&self, data: &Data, k: f32) -> f64 {
        let sum: f64 = (0..data.len())
            .map(|p| {
                let v = data.base[p] + self.forward(data.inputs(p)).0;
                let r = sigmoid(k * v) - data.target[p];
                f64::from(r * r)
            })
            .sum();
        sum / data.len().max(1) as f64
    }

    /// The rounded network the engine runs.
    fn quantise(&self, residual: bool) -> Network {
        let round = |x: f32, q: i32| (x * q as f32).round() as i16;
        let row = |w: &[f32], q: i32| -> [i16; HIDDEN] { std::array::from_fn(|i| round(w[i], q)) };
        Network {
            input: (0..INPUTS)
                .map(|i| row(&self.input[i * HIDDEN..][..HIDDEN], QA))
                .collect(),
            input_bias: row(&self.input_bias, QA),
            output: [
                row(&self.output[..HIDDEN], QB),
                row(&self.output[HIDDEN..], QB),
            ],
            output_bias: (self.output_bias * (QA * QB) as f32).round() as i32,
            residual,
            base: if residual { weights_fingerprint() } else { 0 },
        }
    }
}

/// Adam's moments for one group of weights.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }
    /// One step of `w` down the gradient `g` at `rate` (`t`: the step's number, from 1).
    fn step(&mut self, w: &mut [f32], g: &[f32], rate: f32, t: i32, clip: f32, decay: f32) {
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(t);
        let c2 = 1.0 - b2.powi(t);
        for i in 0..w.len() {
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g[i];
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g[i] * g[i];
            let m = self.m[i] / c1;
            let v = self.v[i] / c2;
            let w0 = w[i] * (1.0 - rate * decay);
            w[i] = (w0 - rate * m / (v.sqrt() + 1e-8)).clamp(-clip, clip);
        }
    }
}

/// Fits `net` to `fit`, printing the errors after each epoch.
fn train(net: &mut Float, fit: &Data, held: &Data, o: &Options) {
    let k = o.k_eval;
    let mut rng = Rng(o.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut order: Vec<usize> = (0..fit.len()).collect();
    let (mut a_in, mut a_ib, mut a_out) = (
        Adam::new(INPUTS * HIDDEN),
        Adam::new(HIDDEN),
        Adam::new(2 * HIDDEN),
    );
    let mut a_ob = Adam::new(1);
    let (mut g_in, mut g_ib, mut g_out) = (
        vec![0f32; INPUTS * HIDDEN],
        vec![0f32; HIDDEN],
        vec![0f32; 2 * HIDDEN],
    );
    let mut t = 0;
    let batches = fit.len().div_ceil(o.batch);
    for epoch in 0..o.epochs {
        let started = Instant::now();
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next() % (i as u64 + 1)) as usize);
        }
        let mut loss = 0f64;
        for (b, batch) in order.chunks(o.batch).enumerate() {
            g_in.fill(0.0);
            g_ib.fill(0.0);
            g_out.fill(0.0);
            let mut g_ob = 0f32;
            for &p in batch {
                let inputs = fit.inputs(p);
                let (v, h) = net.forward(inputs);
                let v = fit.base[p] + v;
                let s = sigmoid(k * v);
                let r = s - fit.target[p];
                loss += f64::from(r * r);
                let g = 2.0 * r * s * (1.0 - s) * k / batch.len() as f32;
                g_ob += g;
                for (view, hv) in h.iter().enumerate() {
                    let w = &net.output[view * HIDDEN..][..HIDDEN];
                    let go = &mut g_out[view * HIDDEN..][..HIDDEN];
                    let mut gh = [0f32; HIDDEN];
                    for j in 0..HIDDEN {
                        let a = hv[j];
                        go[j] += g * a.clamp(0.0, 1.0);
                        gh[j] = if a > 0.0 && a < 1.0 { g * w[j] } else { 0.0 };
                        g_ib[j] += gh[j];
                    }
                    for pair in inputs {
                        let row = &mut g_in[pair[view] as usize * HIDDEN..][..HIDDEN];
                        for (r, d) in row.iter_mut().zip(&gh) {
                            *r += d;
                        }
                    }
                }
            }
            t += 1;
            let phase = (epoch * batches + b) as f32 / (o.epochs * batches).max(1) as f32;
            let rate = o.rate * (0.05 + 0.95 * 0.5 * (1.0 + (std::f32::consts::PI * phase).cos()));
            a_in.step(&mut net.input, &g_in, rate, t, INPUT_CLIP, o.decay);
            a_ib.step(&mut net.input_bias, &g_ib, rate, t, INPUT_CLIP, 0.0);
            a_out.step(&mut net.output, &g_out, rate, t, 100.0, o.decay);
            let mut ob = [net.output_bias];
            a_ob.step(&mut ob, &[g_ob], rate, t, 100.0, 0.0);
            net.output_bias = ob[0];
        }
        println!(
            "epoch {:>3}: error fitted {:.5}, held out {:.5} ({:.1} s)",
            epoch + 1,
            loss / fit.len().max(1) as f64,
            net.error(held, k),
            started.elapsed().as_secs_f64()
        );
    }
}

/// The mean squared error of integer scores (side to move's centipawns) over `data`.
fn error_of(data: &Data, k: f32, score: impl Fn(usize) -> i32) -> f64 {
    let sum: f64 = (0..data.len())
        .map(|p| {
            let r = sigmoid(k * score(p) as f32 / 400.0) - data.target[p];
            f64::from(r * r)
        })
        .sum();
    sum / data.len().max(1) as f64
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = options(&args)?;
    let labels = o
        .labels
        .clone()
        .ok_or("--labels FILE is needed (scripts/sf_labels.py's output; see the docs)")?;
    let started = Instant::now();
    let (fit, held) = read(&labels, &o)?;
    println!(
        "{} positions fitted, {} held out, read in {:.1} s",
        fit.len(),
        held.len(),
        started.elapsed().as_secs_f64()
    );
    let hand = error_of(&held, o.k_eval, |p| held.hand[p]);
    println!("hand-written evaluation: error held out {hand:.5}");
    let mut rng = Rng(o.seed | 1);
    let mut net = Float::new(&mut rng);
    if o.residual {
        // Start from the hand-written evaluation itself: no correction.
        net.output.fill(0.0);
    }
    train(&mut net, &fit, &held, &o);
    let q = net.quantise(o.residual);
    let rounded = error_of(&held, o.k_eval, |p| q.evaluate(&held.positions[p]));
    println!(
        "network {} x 2 -> 1 after {} epochs: error held out {:.5} (rounded, as the engine runs it: {rounded:.5}); hand-written {hand:.5}",
        HIDDEN,
        o.epochs,
        net.error(&held, o.k_eval)
    );
    std::fs::write(&o.out, q.to_bytes()).map_err(|e| format!("{}: {e}", o.out.display()))?;
    println!("wrote {}", o.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_are_read_and_bad_ones_named() {
        let o = options(&args("--labels l --epochs 3 --rate 0.01 --k-eval 2")).unwrap();
        assert_eq!(o.labels, Some(PathBuf::from("l")));
        assert_eq!((o.epochs, o.rate, o.k_eval), (3, 0.01, 2.0));
        assert_eq!(
            options(&args("--rate -1")).unwrap_err(),
            "--rate -1: not a positive number"
        );
        assert_eq!(
            options(&args("--epochs")).unwrap_err(),
            "--epochs needs a value"
        );
        assert_eq!(
            options(&args("--nope 1")).unwrap_err(),
            "unknown option --nope"
        );
    }

    /// A few labelled positions are fitted: the error falls, and the rounded network scores
    /// them as the floating-point one does (within the rounding).
    #[test]
    fn a_small_fit_lowers_the_error_and_survives_rounding() {
        let dir = std::env::temp_dir().join(format!("vdmchess-nnue-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let labels = dir.join("labels");
        std::fs::write(
            &labels,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 20\n\
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1 -900\n\
             rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 900\n\
             4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 150\n",
        )
        .unwrap();
        let o = options(&args(&format!(
            "--labels {} --epochs 60 --rate 0.01 --batch 4 --holdout 1000000",
            labels.display()
        )))
        .unwrap();
        let (fit, held) = read(&labels, &o).unwrap();
        assert_eq!((fit.len() + held.len(), fit.inputs(1).len()), (4, 31));
        // From the side to move: the third position is Black's, a queen up for White.
        assert!(fit.target[2] < 0.1, "{}", fit.target[2]);
        let mut net = Float::new(&mut Rng(7));
        let before = net.error(&fit, o.k_eval);
        train(&mut net, &fit, &held, &o);
        let after = net.error(&fit, o.k_eval);
        assert!(after < before / 4.0, "{before} -> {after}");
        let q = net.quantise(o.residual);
        for p in 0..fit.len() {
            let float = net.forward(fit.inputs(p)).0 * SCALE as f32;
            let int = q.evaluate(&fit.positions[p]) as f32;
            assert!(
                (float - int).abs() < 8.0,
                "position {p}: {float} against {int}"
            );
        }
        let back = Network::from_bytes(&q.to_bytes()).unwrap();
        assert_eq!(
            back.evaluate(&fit.positions[3]),
            q.evaluate(&fit.positions[3])
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
