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
//! It starts from the hand-written values of `src/search/eval/tables.rs`, so a run is
//! deterministic and reproducible:
//!
//! ```sh
//! cargo run --release --example texel -- [--games DIR] [--sample N] [--epochs N] [--out FILE]
//! ```
//!
//! `--epochs 0` writes the hand-written values unchanged.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use vdmchess::core::Chess;
use vdmchess::notation::pgn::{Game, Outcome};
use vdmchess::notation::san::{SanMode, SanPlus};
use vdmchess::search::eval::tables::{hand_weights, PHASE_TOTAL};
use vdmchess::search::eval::{is_drawish, phase, terms, Acc, Param, N_PARAMS, S};
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
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: PathBuf::from("spec/conformance/games"),
        sample: 2,
        epochs: 3000,
        out: PathBuf::from("src/search/eval/weights.rs"),
        rate: 1.0,
        l2: 0.0,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
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
    /// Whether the position is held out: its game is one in ten.
    held: Vec<bool>,
}

impl Data {
    fn len(&self) -> usize {
        self.result.len()
    }

    fn push(&mut self, chess: &Chess, result: f64, held: bool) {
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
        let damp = |c: Color| if is_drawish(pos, c) { 0.25 } else { 1.0 };
        self.scale.push((damp(Color::White), damp(Color::Black)));
        self.result.push(result);
        self.held.push(held);
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

/// The mean squared error over the positions `keep` selects.
fn error(d: &Data, w: &[f64], k: f64, keep: &dyn Fn(usize) -> bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for p in (0..d.len()).filter(|&p| keep(p)) {
        let e = d.eval(p, w).0;
        let r = d.result[p] - sigmoid(k, e);
        sum += r * r;
        n += 1;
    }
    sum / n.max(1) as f64
}

/// Reads the games and keeps their quiet positions.
fn load(o: &Options) -> Result<(Data, usize), String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(&o.games)
        .map_err(|e| format!("{}: {e}", o.games.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    let mut data = Data::default();
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
                        if seen % o.sample == 0 {
                            data.push(&chess, result, games % 10 == 7);
                        }
                    }
                }
                chess.play_unchecked(&m);
            }
        }
    }
    Ok((data, games))
}

/// The `K` that minimises the error with weights `w` (golden-section search on 0.2 to 4).
fn fit_k(d: &Data, w: &[f64]) -> f64 {
    let (mut a, mut b) = (0.2f64, 4.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - g * (b - a);
        let e = a + g * (b - a);
        if error(d, w, c, &|p| !d.held[p]) < error(d, w, e, &|p| !d.held[p]) {
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
fn tune(d: &Data, w: &mut [f64], k: f64, epochs: usize, rate: f64, l2: f64) {
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
            let de = -(d.result[p] - s) * s * (1.0 - s) * k / 400.0 * scale;
            let mg = d.mg_share[p];
            for j in d.start[p]..d.start[p + 1] {
                let i = d.index[j] as usize;
                grad[2 * i] += de * d.count[j] * mg;
                grad[2 * i + 1] += de * d.count[j] * (1.0 - mg);
            }
        }
        let scale = 2.0 / train.len() as f64;
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for i in 0..n {
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
                error(d, w, k, &|p| !d.held[p]),
                error(d, w, k, &|p| d.held[p])
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
        404 => Some("Mobility per square: knight, bishop, rook, queen.".into()),
        408 => Some("King shield one rank, two ranks ahead; open file by the king.".into()),
        411 => Some("Tempo.".into()),
        _ => None,
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

fn main() -> Result<(), String> {
    let o = options()?;
    let t0 = Instant::now();
    let (data, games) = load(&o)?;
    let held = (0..data.len()).filter(|&p| data.held[p]).count();
    eprintln!(
        "{} positions from {games} games ({held} held out), read in {:.1} s",
        data.len(),
        t0.elapsed().as_secs_f64()
    );
    let hand = hand_weights();
    let mut w: Vec<f64> = hand
        .iter()
        .flat_map(|s| [f64::from(s.mg()), f64::from(s.eg())])
        .collect();
    let k = fit_k(&data, &w);
    let before = (
        error(&data, &w, k, &|p| !data.held[p]),
        error(&data, &w, k, &|p| data.held[p]),
    );
    eprintln!(
        "K = {k:.4}; error before: {:.6} (held out {:.6})",
        before.0, before.1
    );
    tune(&data, &mut w, k, o.epochs, o.rate, o.l2);
    let drift = w
        .iter()
        .zip(
            hand.iter()
                .flat_map(|s| [f64::from(s.mg()), f64::from(s.eg())]),
        )
        .map(|(a, b)| (a - b).abs())
        .sum::<f64>()
        / w.len() as f64;
    eprintln!("mean |change| of a weight: {drift:.1}");
    let tuned: Vec<S> = (0..N_PARAMS)
        .map(|i| S(w[2 * i].round() as i32, w[2 * i + 1].round() as i32))
        .collect();
    let rounded: Vec<f64> = tuned
        .iter()
        .flat_map(|s| [f64::from(s.mg()), f64::from(s.eg())])
        .collect();
    let after = (
        error(&data, &rounded, k, &|p| !data.held[p]),
        error(&data, &rounded, k, &|p| data.held[p]),
    );
    eprintln!(
        "error after: {:.6} (held out {:.6}), {:.1} s in all",
        after.0,
        after.1,
        t0.elapsed().as_secs_f64()
    );
    let how = format!(
        "Made by `cargo run --release --example texel -- --sample {} --epochs {} --rate {} --l2 {}`\n\
         (examples/texel.rs), starting from the hand-written values of tables.rs.\n\
         Data: {} quiet positions from {games} master games of spec/conformance/games/\n\
         (pgnmentor.com collections, public game records; see its SOURCES.md), labelled by result.\n\
         K = {k:.4}. Mean squared error {:.6} -> {:.6} on the positions fitted,\n\
         {:.6} -> {:.6} on the {held} held out.",
        o.sample,
        o.epochs,
        o.rate,
        o.l2,
        data.len(),
        before.0,
        after.0,
        before.1,
        after.1,
    );
    std::fs::write(&o.out, render(&tuned, &how))
        .map_err(|e| format!("{}: {e}", o.out.display()))?;
    eprintln!("wrote {}", o.out.display());
    Ok(())
}
