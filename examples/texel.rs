//! The Texel tuner: fits every weight of the evaluation (each piece-square table entry in
//! both phases, the piece values and the other terms, see `vdmchess::search::eval::Param`)
//! to game results, and writes them as `src/search/eval/weights.rs`.
//!
//! Texel's method: over quiet positions from games with a known result, minimise the mean
//! squared error between the result (1, ½, 0 for White) and `sigmoid(K × eval / 400)`, where
//! `eval` is the evaluation for White before the side to move is taken into account. `K` is
//! fitted first, with the starting weights, and then held. The evaluation is linear in its
//! weights once a position is traced (`eval::terms` with a recording accumulator: how many
//! times each weight counts, the fixed king-attack part, the phase, whether the drawish damping
//! applies), so the gradient is exact; the optimiser is Adam over the whole data set.
//!
//! Data: the master games bundled in `spec/conformance/games/` (pgnmentor.com player
//! collections, public game records; provenance in `spec/conformance/games/SOURCES.md`),
//! labelled by each game's result. From every game, the positions from move 8 on where the
//! side to move is not in check, the move played is not a capture or promotion, and no capture
//! wins material by static exchange; every `--sample`-th of them is kept. The positions of one
//! game in ten are held out to measure the error on games not fitted.
//!
//! Labels better than results: Stockfish's scores. `--write-fens FILE` writes the quiet
//! positions' FENs and stops; `scripts/sf_labels.py` has Stockfish score (every `--every`-th
//! of) them, and `--labels FILE` fits only the positions labelled (each once, however many
//! games reach it), to `lambda × sigmoid(K' × cp / 400) + (1 − lambda) × result`, `cp`
//! Stockfish's score for White. `K'` is by default the one that makes Stockfish's scores best
//! predict the results (`--label-k fit`: the evaluation keeps the scale the results give it),
//! or the evaluation's own (`--label-k same`: the evaluation is drawn to Stockfish's
//! centipawns), or a number. The labels are the user's own Stockfish run, not in the
//! repository:
//!
//! ```sh
//! cargo run --release --example texel -- --write-fens /tmp/quiet.fens
//! nice -n 19 python3 scripts/sf_labels.py --fens /tmp/quiet.fens --out /tmp/sf.labels \
//!     --every 4 --depth 10 --procs 2
//! cargo run --release --example texel -- --labels /tmp/sf.labels [--lambda 1] [--label-k fit]
//! ```
//!
//! It starts from the hand-written values of `src/search/eval/tables.rs`, so a run is
//! deterministic and reproducible:
//!
//! ```sh
//! cargo run --release --example texel -- [--games DIR] [--sample N] [--epochs N] [--out FILE]
//!     [--rate R] [--l2 L] [--free INDEX] [--start hand|current]
//!     [--labels FILE [--lambda L] [--label-k fit|same|K]]
//! ```
//!
//! `--epochs 0` writes the starting values unchanged; `--free 408` fits only the weights
//! from index 408 on (the threat and pawn-structure terms and the mobility tables), the others
//! held at their starting values. `--start current` starts from the engine's weights
//! (`vdmchess::search::eval::WEIGHTS`) instead: with `--epochs 0` it scores them on the data
//! given (the line "error before"), the way to compare a new fit with the weights in use on
//! the same held-out positions.

#[path = "common/labels.rs"]
mod labels;

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use vdmchess::core::Chess;
use vdmchess::notation::pgn::{Game, Outcome};
use vdmchess::notation::san::{SanMode, SanPlus};
use vdmchess::search::eval::tables::{hand_weights, PHASE_TOTAL};
use vdmchess::search::eval::{
    damping, phase, terms, Acc, Param, MOBILITY_SQUARES, N_PARAMS, S, WEIGHTS,
};
use vdmchess::search::ordering::is_quiet;
use vdmchess::search::search::noisy_moves;
use vdmchess::search::see::see;
use vdmchess::{Color, Rules, Setup};

/// Command-line options.
struct Options {
    games: PathBuf,
    sample: usize,
    epochs: usize,
    out: PathBuf,
    rate: f64,
    l2: f64,
    /// Where to write the quiet positions' FENs (and stop): the input of the labelling script.
    write_fens: Option<PathBuf>,
    /// Stockfish's scores of (some of) the quiet positions: only those positions are fitted.
    labels: Option<PathBuf>,
    /// The share of the label in the target; the game's result has the rest.
    lambda: f64,
    /// The labels' `K`: `None` fits it to the results, `Some(0.0)` takes the evaluation's.
    label_k: Option<f64>,
    /// Only the weights from this index on (`Param::index`) are fitted; the others keep
    /// their starting values (0: all are fitted).
    free: usize,
    /// Start from the engine's weights instead of the hand-written ones.
    start_current: bool,
}

/// The options of the command line `args` (the program's name left out).
fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        games: PathBuf::from("spec/conformance/games"),
        sample: 2,
        epochs: 3000,
        out: PathBuf::from("src/search/eval/weights.rs"),
        rate: 1.0,
        l2: 0.0,
        write_fens: None,
        labels: None,
        lambda: 1.0,
        label_k: None,
        free: 0,
        start_current: false,
    };
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        let number = || {
            value
                .parse::<usize>()
                .map_err(|e| format!("{} {value}: {e}", args[i]))
        };
        match args[i].as_str() {
            "--games" => o.games = PathBuf::from(value),
            "--sample" => o.sample = number()?.max(1),
            "--epochs" => o.epochs = number()?,
            "--out" => o.out = PathBuf::from(value),
            "--rate" => o.rate = value.parse().map_err(|e| format!("--rate {value}: {e}"))?,
            "--l2" => o.l2 = value.parse().map_err(|e| format!("--l2 {value}: {e}"))?,
            "--free" => o.free = number()?.min(N_PARAMS),
            "--start" => {
                o.start_current = match value.as_str() {
                    "hand" => false,
                    "current" => true,
                    _ => return Err(format!("--start {value}: hand or current")),
                }
            }
            "--write-fens" => o.write_fens = Some(PathBuf::from(value)),
            "--labels" => o.labels = Some(PathBuf::from(value)),
            "--label-k" => {
                o.label_k = match value.as_str() {
                    "fit" => None,
                    "same" => Some(0.0),
                    _ => Some(value.parse().ok().filter(|k| *k > 0.0).ok_or_else(|| {
                        format!("--label-k {value}: fit, same or a positive number")
                    })?),
                }
            }
            "--lambda" => {
                o.lambda = value
                    .parse()
                    .ok()
                    .filter(|l| (0.0..=1.0).contains(l))
                    .ok_or_else(|| format!("--lambda {value}: not a number from 0 to 1"))?
            }
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    Ok(o)
}

/// A traced position: how many times each weight counts (White's minus Black's).
#[derive(Default)]
struct Trace {
    counts: Vec<(u16, i32)>,
    fixed: S,
}

impl Acc for Trace {
    fn add(&mut self, p: Param, n: i32) {
        if n != 0 {
            self.counts.push((p.index() as u16, n));
        }
    }
    fn fixed(&mut self, s: S) {
        self.fixed += s;
    }
}

/// The data set: positions in flat arrays.
#[derive(Default)]
struct Data {
    /// Where each position's counts start in `index`/`count`, and one more at the end.
    start: Vec<usize>,
    index: Vec<u16>,
    count: Vec<f64>,
    fixed: Vec<(f64, f64)>,
    /// Phase / 24 (the middlegame share).
    mg_share: Vec<f64>,
    /// The damping when White is ahead, when Black is ahead.
    scale: Vec<(f64, f64)>,
    result: Vec<f64>,
    /// Stockfish's score for White in centipawns, NaN without labels.
    cp: Vec<f64>,
    /// What the fit aims at: the result, or the label's sigmoid blended with it (`set_targets`).
    target: Vec<f64>,
    /// Whether the position is held out: its game is one in ten.
    held: Vec<bool>,
    /// The positions' FENs, kept only for `--write-fens`.
    fens: Vec<String>,
}

impl Data {
    fn len(&self) -> usize {
        self.result.len()
    }

    fn push(&mut self, chess: &Chess, result: f64, cp: f64, held: bool) {
        let pos = chess.position();
        let mut t = Trace::default();
        terms(pos, &mut t);
        t.counts.sort_unstable();
        if self.start.is_empty() {
            self.start.push(0);
        }
        let mut last: Option<u16> = None;
        for (i, n) in t.counts {
            if last == Some(i) {
                *self.count.last_mut().unwrap() += f64::from(n);
            } else {
                self.index.push(i);
                self.count.push(f64::from(n));
                last = Some(i);
            }
        }
        self.start.push(self.index.len());
        self.fixed
            .push((f64::from(t.fixed.mg()), f64::from(t.fixed.eg())));
        self.mg_share
            .push(f64::from(phase(pos)) / f64::from(PHASE_TOTAL));
        let damp = |c: Color| 1.0 / f64::from(damping(pos, c));
        self.scale.push((damp(Color::White), damp(Color::Black)));
        self.result.push(result);
        self.cp.push(cp);
        self.target.push(result);
        self.held.push(held);
    }

    /// The targets: `lambda × sigmoid(k_label × cp / 400) + (1 − lambda) × result` where a
    /// position has a label, the result where it has none.
    fn set_targets(&mut self, k_label: f64, lambda: f64) {
        for p in 0..self.len() {
            self.target[p] = if self.cp[p].is_nan() {
                self.result[p]
            } else {
                lambda * sigmoid(k_label, self.cp[p]) + (1.0 - lambda) * self.result[p]
            };
        }
    }

    /// The evaluation of position `p` for White under weights `w` (mg, eg interleaved), with
    /// the factor of the damping applied.
    fn eval(&self, p: usize, w: &[f64]) -> (f64, f64) {
        let (mut mg, mut eg) = self.fixed[p];
        for k in self.start[p]..self.start[p + 1] {
            let i = self.index[k] as usize;
            mg += w[2 * i] * self.count[k];
            eg += w[2 * i + 1] * self.count[k];
        }
        let m = self.mg_share[p];
        let tapered = mg * m + eg * (1.0 - m);
        let scale = if tapered >= 0.0 {
            self.scale[p].0
        } else {
            self.scale[p].1
        };
        (tapered * scale, scale)
    }
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e / 400.0).exp())
}

/// The mean squared error against `target` over the positions `keep` selects.
fn error(d: &Data, target: &[f64], w: &[f64], k: f64, keep: &dyn Fn(usize) -> bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for p in (0..d.len()).filter(|&p| keep(p)) {
        let e = d.eval(p, w).0;
        let r = target[p] - sigmoid(k, e);
        sum += r * r;
        n += 1;
    }
    sum / n.max(1) as f64
}

/// Stockfish's scores by position: the first four fields of the FEN (the board, the side to
/// move, castling, en passant) to the score for White in centipawns.
type Labels = HashMap<String, f64>;

/// Reads a labels file: one position a line, its FEN (four or six fields) and then Stockfish's
/// score in centipawns for White (an integer); blank lines and lines starting with `#` are
/// skipped. A bad line is an error naming the file, the line and what is wrong.
fn read_labels(path: &Path) -> Result<Labels, String> {
    let mut labels = Labels::new();
    labels::for_each_label(path, |fen, _, cp| {
        labels.insert(labels::fen_key(fen), f64::from(cp));
        Ok(())
    })?;
    Ok(labels)
}

/// Reads the games of `dir` and keeps their quiet positions: every `sample`-th, and, given
/// `labels`, only those labelled (with their label), each once however many games reach it.
/// Keeps the FENs when `keep_fens`.
fn load(
    dir: &Path,
    sample: usize,
    labels: Option<&Labels>,
    keep_fens: bool,
) -> Result<(Data, usize), String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    let mut data = Data::default();
    // The labelled positions met so far: each is fitted once, with its first game's result.
    let mut labelled = HashSet::new();
    let mut games = 0;
    let mut seen = 0usize;
    let mut noisy = Vec::new();
    for path in &files {
        let text = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for game in Game::read_all(&text[..]).map_err(|e| e.to_string())? {
            let result = match game.result {
                Some(Some(Outcome::Decisive {
                    winner: Color::White,
                })) => 1.0,
                Some(Some(Outcome::Decisive {
                    winner: Color::Black,
                })) => 0.0,
                Some(Some(Outcome::Draw)) => 0.5,
                _ => continue,
            };
            if game.tag("FEN").is_some() {
                continue;
            }
            games += 1;
            let setup = Setup::start();
            let Ok(mut chess) = Chess::from_setup(&setup, setup.castling_mode_hint()) else {
                continue;
            };
            for (ply, san) in game.mainline().enumerate() {
                let Ok(m) = SanPlus::from_ascii(san.as_bytes(), SanMode::Lenient)
                    .map_err(|e| e.to_string())
                    .and_then(|s| s.to_move(&chess).map_err(|e| e.to_string()))
                else {
                    break;
                };
                let pos = *chess.position();
                if ply >= 14 && !pos.is_check() && is_quiet(&pos, &m) {
                    noisy.clear();
                    noisy_moves(&pos, &mut noisy);
                    if noisy.iter().all(|c| see(&pos, c) <= 0) {
                        seen += 1;
                        if seen % sample == 0 {
                            let held = games % 10 == 7;
                            let fen = pos.to_setup().to_fen();
                            let cp = match labels {
                                None => Some(f64::NAN),
                                Some(l) => {
                                    let key = labels::fen_key(&fen);
                                    l.get(&key).copied().filter(|_| labelled.insert(key))
                                }
                            };
                            if let Some(cp) = cp {
                                data.push(&chess, result, cp, held);
                                if keep_fens {
                                    data.fens.push(fen);
                                }
                            }
                        }
                    }
                }
                chess.play_unchecked(&m);
            }
        }
    }
    Ok((data, games))
}

/// The `K` that minimises the error with weights `w` against the results on the positions
/// fitted.
fn fit_k(d: &Data, w: &[f64]) -> f64 {
    minimise(|k| error(d, &d.result, w, k, &|p| !d.held[p]))
}

/// The `K` that makes the labels best predict the results on the positions fitted:
/// `sigmoid(K × cp / 400)` against the result, as `fit_k` for the evaluation.
fn fit_label_k(d: &Data) -> f64 {
    minimise(|k| {
        let (mut sum, mut n) = (0.0, 0usize);
        for p in (0..d.len()).filter(|&p| !d.held[p] && !d.cp[p].is_nan()) {
            let r = d.result[p] - sigmoid(k, d.cp[p]);
            sum += r * r;
            n += 1;
        }
        sum / n.max(1) as f64
    })
}

/// The minimum of `f` on 0.2 to 4 (golden-section search).
fn minimise(f: impl Fn(f64) -> f64) -> f64 {
    let (mut a, mut b) = (0.2f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - g * (b - a);
        let e = a + g * (b - a);
        if f(c) < f(e) {
            b = e;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Adam over the whole training set, the error plus `l2` times the squared distance of each
/// weight from where it started (which keeps the weights seen in few positions near the
/// hand-written values).
fn tune(d: &Data, w: &mut [f64], k: f64, epochs: usize, rate: f64, l2: f64, free: usize) {
    let w0 = w.to_vec();
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let mut grad = vec![0.0; n];
    let train: Vec<usize> = (0..d.len()).filter(|&p| !d.held[p]).collect();
    for epoch in 1..=epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for &p in &train {
            let (e, scale) = d.eval(p, w);
            let s = sigmoid(k, e);
            // d(err)/d(e) for err = (r - s)², without the constant 2/N.
            let de = -(d.target[p] - s) * s * (1.0 - s) * k / 400.0 * scale;
            let mg = d.mg_share[p];
            for j in d.start[p]..d.start[p + 1] {
                let i = d.index[j] as usize;
                grad[2 * i] += de * d.count[j] * mg;
                grad[2 * i + 1] += de * d.count[j] * (1.0 - mg);
            }
        }
        let scale = 2.0 / train.len() as f64;
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for i in 2 * free..n {
            let g = grad[i] * scale + 2.0 * l2 * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            w[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
        }
        if epoch == 1 {
            let mean = grad.iter().map(|g| (g * scale).abs()).sum::<f64>() / n as f64;
            eprintln!("epoch 1: mean |gradient| {mean:.3e}");
        }
        if epoch % 100 == 0 {
            eprintln!(
                "epoch {epoch}: error {:.6} (held out {:.6})",
                error(d, &d.target, w, k, &|p| !d.held[p]),
                error(d, &d.target, w, k, &|p| d.held[p])
            );
        }
    }
}

/// The section names of the weights, by their first index.
fn section(i: usize) -> Option<String> {
    let roles = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    match i {
        0 => Some("Material: pawn, knight, bishop, rook, queen.".into()),
        5..=388 if (i - 5) % 64 == 0 => Some(format!(
            "Piece-square table of the {}, a1 b1 ... h8 (White's view).",
            roles[(i - 5) / 64]
        )),
        389 => Some("Passed pawn by rank (0 = home rank).".into()),
        397 => {
            Some("Passed pawn: enemy king's distance, our king's (x rank beyond the third).".into())
        }
        399 => Some("Doubled, isolated, bishop pair, rook on an open file, half-open file.".into()),
        404 => Some("King shield one rank, two ranks ahead; open file by the king.".into()),
        407 => Some("Tempo.".into()),
        408 => Some("Threats: by a pawn, a minor on a major, a rook on the queen; hanging.".into()),
        412 => Some("Passed pawn blocked; pawn supported, in a phalanx.".into()),
        _ => (0..4)
            .find(|&r| Param::Mobility(r, 0).index() == i)
            .map(|r| {
                let roles = ["knight", "bishop", "rook", "queen"];
                let most = MOBILITY_SQUARES[r] - 1;
                format!(
                    "Mobility of a {} by its count of squares, 0 to {most}.",
                    roles[r]
                )
            }),
    }
}

/// The source of `weights.rs`.
fn render(w: &[S], how: &str) -> String {
    let mut out = String::new();
    out.push_str(
        "//! The evaluation's weights, generated by the Texel tuner: do not edit by hand.\n//!\n",
    );
    for line in how.lines() {
        let _ = writeln!(out, "//! {line}");
    }
    out.push_str(
        "\nuse super::{N_PARAMS, S};\n\n/// Every weight by [`Param::index`](super::Param::index).\n#[rustfmt::skip]\npub static WEIGHTS: [S; N_PARAMS] = [\n",
    );
    for (i, s) in w.iter().enumerate() {
        if let Some(title) = section(i) {
            let _ = writeln!(out, "    // {title}");
        }
        let pst = (5..389).contains(&i);
        let _ = write!(out, "    S({}, {}),", s.mg(), s.eg());
        if !pst || (i - 5) % 8 == 7 {
            out.push('\n');
        }
    }
    out.push_str("];\n");
    out
}

/// The weights as `f64`s, mg and eg interleaved.
fn flat(w: &[S]) -> Vec<f64> {
    w.iter()
        .flat_map(|s| [f64::from(s.mg()), f64::from(s.eg())])
        .collect()
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = options(&args)?;
    let t0 = Instant::now();
    let labels = o.labels.as_deref().map(read_labels).transpose()?;
    let (mut data, games) = load(&o.games, o.sample, labels.as_ref(), o.write_fens.is_some())?;
    let held = (0..data.len()).filter(|&p| data.held[p]).count();
    eprintln!(
        "{} positions from {games} games ({held} held out), read in {:.1} s",
        data.len(),
        t0.elapsed().as_secs_f64()
    );
    if let Some(path) = &o.write_fens {
        let mut text = String::new();
        for fen in &data.fens {
            text.push_str(fen);
            text.push('\n');
        }
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("wrote {} FENs to {}", data.fens.len(), path.display());
        return Ok(());
    }
    let start: Vec<S> = if o.start_current {
        WEIGHTS.to_vec()
    } else {
        hand_weights().to_vec()
    };
    let mut w = flat(&start);
    let k = fit_k(&data, &w);
    let label_k = labels.as_ref().map(|_| match o.label_k {
        None => fit_label_k(&data),
        Some(0.0) => k,
        Some(lk) => lk,
    });
    if let Some(lk) = label_k {
        data.set_targets(lk, o.lambda);
        eprintln!(
            "labels: K = {lk:.4} ({:.4} makes Stockfish's scores best predict the results)",
            fit_label_k(&data)
        );
    }
    let errors = |w: &[f64]| {
        let d = &data;
        (
            error(d, &d.target, w, k, &|p| !d.held[p]),
            error(d, &d.target, w, k, &|p| d.held[p]),
            error(d, &d.result, w, k, &|p| d.held[p]),
        )
    };
    let before = errors(&w);
    eprintln!(
        "K = {k:.4}; error before: {:.6} (held out {:.6}; against the results, held out {:.6})",
        before.0, before.1, before.2
    );
    tune(&data, &mut w, k, o.epochs, o.rate, o.l2, o.free);
    let drift = w
        .iter()
        .zip(flat(&start))
        .map(|(a, b)| (a - b).abs())
        .sum::<f64>()
        / w.len() as f64;
    eprintln!("mean |change| of a weight: {drift:.1}");
    let tuned: Vec<S> = (0..N_PARAMS)
        .map(|i| S(w[2 * i].round() as i32, w[2 * i + 1].round() as i32))
        .collect();
    let after = errors(&flat(&tuned));
    eprintln!(
        "error after: {:.6} (held out {:.6}; against the results, held out {:.6}), {:.1} s in all",
        after.0,
        after.1,
        after.2,
        t0.elapsed().as_secs_f64()
    );
    let (command, labelled) = match (&o.labels, label_k) {
        (Some(path), Some(lk)) => (
            format!(
                " --labels {} --lambda {} --label-k {}",
                path.file_name().unwrap_or_default().to_string_lossy(),
                o.lambda,
                match o.label_k {
                    None => "fit".to_string(),
                    Some(0.0) => "same".to_string(),
                    Some(lk) => lk.to_string(),
                }
            ),
            format!(
                "labelled by Stockfish's scores (scripts/sf_labels.py), the target\n\
                 {} x sigmoid({lk:.4} x cp / 400) + {} x result",
                o.lambda,
                1.0 - o.lambda
            ),
        ),
        _ => (String::new(), "labelled by result".to_string()),
    };
    // The options that change what is fitted, as they were given.
    let mut flags = String::new();
    if o.free > 0 {
        let _ = write!(flags, " --free {}", o.free);
    }
    if o.start_current {
        flags.push_str(" --start current");
    }
    let how = format!(
        "Made by `cargo run --release --example texel -- --sample {} --epochs {} --rate {} --l2 {}{flags}{command}`\n\
         (examples/texel.rs), starting from {}.\n\
         Data: {} quiet positions from {games} master games of spec/conformance/games/\n\
         (pgnmentor.com collections, public game records; see its SOURCES.md), {labelled}.\n\
         K = {k:.4}. Mean squared error {:.6} -> {:.6} on the positions fitted,\n\
         {:.6} -> {:.6} on the {held} held out ({:.6} -> {:.6} against their results).",
        o.sample,
        o.epochs,
        o.rate,
        o.l2,
        if o.start_current {
            "the engine's weights of the time (--start current)"
        } else {
            "the hand-written values of tables.rs"
        },
        data.len(),
        before.0,
        after.0,
        before.1,
        after.1,
        before.2,
        after.2,
    );
    std::fs::write(&o.out, render(&tuned, &how))
        .map_err(|e| format!("{}: {e}", o.out.display()))?;
    eprintln!("wrote {}", o.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Morphy against the Duke of Brunswick and Count Isouard, Paris 1858.
    const OPERA: &str = "[Event \"Paris\"]\n[White \"Morphy\"]\n[Black \"Allies\"]\n\
        [Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 \
        7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 \
        13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

    /// A fresh directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("texel-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_start_is_the_hand_written_values_or_the_engines_weights() {
        let parse = |line: &str| {
            let args: Vec<String> = line.split_whitespace().map(String::from).collect();
            options(&args).map(|o| o.start_current)
        };
        assert_eq!(parse("--epochs 0"), Ok(false));
        assert_eq!(parse("--start hand"), Ok(false));
        assert_eq!(parse("--epochs 0 --start current"), Ok(true));
        assert_eq!(
            parse("--start engine").err().as_deref(),
            Some("--start engine: hand or current")
        );
        assert_eq!(
            parse("--start").err().as_deref(),
            Some("--start needs a value")
        );
        // The engine's weights are not the hand-written ones (they were fitted), so the two
        // starts differ.
        assert_ne!(WEIGHTS.to_vec(), hand_weights().to_vec());
    }

    #[test]
    fn labels_are_read_by_position_and_bad_lines_named() {
        let dir = scratch("read");
        let file = dir.join("sf.labels");
        std::fs::write(
            &file,
            "# Stockfish 15.1, depth 10\n\n\
             rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 -35\n\
             4k3/8/8/8/8/8/8/4K2R w K - 3 40 2000\n",
        )
        .unwrap();
        let labels = read_labels(&file).unwrap();
        assert_eq!(labels.len(), 2);
        assert_eq!(
            labels["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"],
            -35.0
        );
        assert_eq!(labels["4k3/8/8/8/8/8/8/4K2R w K -"], 2000.0);

        std::fs::write(&file, "4k3/8/8/8/8/8/8/4K2R w K - 3 40 1.5\n").unwrap();
        let e = read_labels(&file).unwrap_err();
        assert!(e.contains("line 1: score \"1.5\""), "{e}");
        std::fs::write(
            &file,
            "4k3/8/8/8/8/8/8/4K2R w K - 3 40 12\n4k3/8/8/9/8/8/8/4K2R w - - 0 1 7\n",
        )
        .unwrap();
        let e = read_labels(&file).unwrap_err();
        assert!(e.contains("line 2: FEN"), "{e}");
        std::fs::write(&file, "12\n").unwrap();
        let e = read_labels(&file).unwrap_err();
        assert!(e.contains("line 1: a FEN and a score expected"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_labelled_positions_are_fitted_to_their_labels() {
        let dir = scratch("load");
        // The game twice: each position is met twice, but fitted to its label once.
        std::fs::write(dir.join("opera.pgn"), format!("{OPERA}\n{OPERA}")).unwrap();
        let (all, games) = load(&dir, 1, None, true).unwrap();
        assert_eq!(games, 2);
        assert_eq!(all.fens.len(), all.len());
        assert!(all.len() >= 4, "{} quiet positions", all.len());
        assert_eq!(all.fens[..all.len() / 2], all.fens[all.len() / 2..]);
        assert!(all.cp.iter().all(|cp| cp.is_nan()));

        // Label the second quiet position only (its move counters changed: they are ignored).
        let fen = &all.fens[1];
        let fields: Vec<&str> = fen.split(' ').collect();
        let file = dir.join("sf.labels");
        std::fs::write(&file, format!("{} 0 1 150\n", fields[..4].join(" "))).unwrap();
        let labels = read_labels(&file).unwrap();
        let (mut some, _) = load(&dir, 1, Some(&labels), true).unwrap();
        assert_eq!(some.fens, vec![fen.clone()]);
        assert_eq!(some.cp, vec![150.0]);
        assert_eq!(some.result, vec![1.0]);
        assert_eq!(some.target, vec![1.0]);

        some.set_targets(2.0, 1.0);
        assert!((some.target[0] - 1.0 / (1.0 + (-0.75f64).exp())).abs() < 1e-12);
        some.set_targets(2.0, 0.5);
        assert!((some.target[0] - (0.5 / (1.0 + (-0.75f64).exp()) + 0.5)).abs() < 1e-12);
        // The error is against the target, and the fit takes the evaluation to the label's
        // 150 (fitted to the result, a win, it would climb without end).
        some.set_targets(2.0, 1.0);
        let mut w = flat(&hand_weights());
        let e = some.eval(0, &w).0;
        assert!(
            (error(&some, &some.target, &w, 2.0, &|_| true)
                - (some.target[0] - sigmoid(2.0, e)).powi(2))
            .abs()
                < 1e-12
        );
        assert!(
            (e - 150.0).abs() > 20.0,
            "the hand-written evaluation is {e}"
        );
        tune(&some, &mut w, 2.0, 300, 1.0, 0.0, 0);
        let e = some.eval(0, &w).0;
        assert!((e - 150.0).abs() < 2.0, "fitted to {e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
