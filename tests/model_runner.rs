//! The spec's `Runner` (spec/Runner.vdmpp, src/model/runner.rs) equals `vdmchess replay`.
//!
//! On every game of `spec/conformance/games/` and on random games (random legal play from the
//! standard start, Chess960 starts and random placements, with a token changed into SAN that
//! is illegal, ambiguous or not SAN, or a move after the end), the spec's
//! `Runner`replay_movetext` gives the plies, the final FEN, and the failure's ply and kind
//! that the replay runner gives with `--rules model` and `--rules core`, and the binary gives
//! the same on a file of random games.
//!
//! The two read the same text in two places differently, by design, and the comparisons keep
//! to what both read the same way:
//! - `vdmchess replay` reads real-world SAN leniently (`0-0`, `Pe4`, `e8Q`, UCI text, null
//!   moves...); the spec reads the standard (PGN 8.2.3). Changed tokens are kept only where
//!   strict and lenient parsing agree (`tests/model_pgn.rs` compares the spec with the strict
//!   reader on any text).
//! - The spec refuses any move after the game has ended (`GameModule`move`'s precondition:
//!   `<GameOver>`). After checkmate and stalemate the replay refuses it too (no move is
//!   legal: `illegal`); after the other automatic draws (insufficient material, 75 moves,
//!   fivefold repetition) a PGN replay goes on, as PGN readers do. There the spec's position
//!   at the failure must be the one the replay reaches with the moves before it.

use std::io::Write as _;

use proptest::prelude::*;
use proptest::strategy::ValueTree;

mod common;
use common::cli::vdmchess;
use common::pgn_files;
use common::san_text::{notation_text, random_text, reader_sans, Rng};
use vdmchess::core::Chess;
use vdmchess::model::arbitrary::{random_play, starts_and_choices};
use vdmchess::model::array::{
    is_checkmate_on_array, is_stalemate_on_array, possible_moves_on_array,
};
use vdmchess::model::board::{default_board, to_setup, Start};
use vdmchess::model::game::Game;
use vdmchess::model::pgn::{movetext, text};
use vdmchess::model::runner::{
    final_game, plies, replay_file, replay_movetext, step, step_literal, Outcome, Reason,
};
use vdmchess::notation::san::{SanMode, SanPlus};
use vdmchess::runner::{replay_reader, GameReport, Options, Replay, Single};
use vdmchess::CastlingMode;

fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    ProptestConfig::with_cases(cases)
}

/// What a replay came to: plies, final FEN, and the failure's ply and kind (`syntax`,
/// `illegal`, `ambiguous`, or `over` for the spec's `<GameOver>`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Seen {
    plies: usize,
    fen: String,
    failure: Option<(usize, &'static str)>,
}

fn fen_of(g: &Game) -> String {
    to_setup(g.board()).to_fen()
}

fn spec_seen(o: &Outcome) -> Seen {
    Seen {
        plies: plies(o) as usize,
        fen: fen_of(&final_game(o)),
        failure: match o {
            Outcome::Game(_) => None,
            Outcome::Failure(f) => Some((
                f.ply as usize,
                match f.reason {
                    Reason::NotSan => "syntax",
                    Reason::Illegal => "illegal",
                    Reason::Ambiguous => "ambiguous",
                    Reason::GameOver => "over",
                },
            )),
        },
    }
}

fn report_seen(r: &GameReport) -> Seen {
    Seen {
        plies: r.plies,
        fen: r.final_fen.clone(),
        failure: r.error.as_ref().map(|e| {
            let kind = match serde_json::to_value(e.kind).unwrap().as_str().unwrap() {
                "syntax" => "syntax",
                "illegal" if e.message.starts_with("ambiguous san") => "ambiguous",
                "illegal" => "illegal",
                other => panic!("unexpected error kind {other}: {}", e.message),
            };
            (e.ply, kind)
        }),
    }
}

/// The reports of replaying `pgn` over `P`, as `vdmchess replay` does.
fn reports<P: Replay>(pgn: &(impl AsRef<[u8]> + ?Sized)) -> Vec<GameReport> {
    let mut out = Vec::new();
    replay_reader::<P, _>(pgn.as_ref(), "-", &Options::default(), &mut |r| out.push(r)).unwrap();
    out
}

/// Checks the spec's outcome for `tokens` against the replay's report `r` of the same game
/// (`replay_prefix` replays the first n tokens, for a game over by an automatic draw).
fn agree(
    spec: &Outcome,
    r: &GameReport,
    replay_prefix: &dyn Fn(usize) -> GameReport,
) -> Result<(), String> {
    let s = spec_seen(spec);
    let seen = report_seen(r);
    match s.failure {
        Some((ply, "over")) => {
            let g = final_game(spec);
            if is_checkmate_on_array(&g) || is_stalemate_on_array(&g) {
                let want = Seen {
                    failure: Some((ply, "illegal")),
                    ..s.clone()
                };
                if seen.failure.is_some_and(|(_, k)| k == "syntax") {
                    return Err(format!("spec {s:?} (game over), replay {seen:?}"));
                }
                (seen == want)
                    .then_some(())
                    .ok_or_else(|| format!("spec {s:?} (mate or stalemate), replay {seen:?}"))
            } else {
                let before = report_seen(&replay_prefix(ply - 1));
                let want = Seen {
                    failure: None,
                    ..s.clone()
                };
                if seen.failure.is_some_and(|(p, _)| p < ply) {
                    return Err(format!("spec {s:?}, replay failed earlier: {seen:?}"));
                }
                (before == want)
                    .then_some(())
                    .ok_or_else(|| format!("spec {s:?} (automatic draw), replay {before:?}"))
            }
        }
        _ => (s == seen)
            .then_some(())
            .ok_or_else(|| format!("spec {s:?}, replay {seen:?}")),
    }
}

// ---------------------------------------------------------------------------------------------
// The bundled master games

/// The games of a PGN file: their tags' text and their movetext (a tag line after movetext
/// starts the next game).
fn split_games(pgn: &str) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    let mut in_movetext = false;
    for line in pgn.trim_start_matches('\u{feff}').lines() {
        if line.starts_with('[') {
            if in_movetext || games.is_empty() {
                games.push(String::new());
                in_movetext = false;
            }
        } else if !line.trim().is_empty() {
            if games.is_empty() {
                games.push(String::new());
            }
            in_movetext = true;
            let g = games.last_mut().unwrap();
            g.push_str(line);
            g.push('\n');
        }
    }
    games
}

/// The games of spec/conformance/games/: the spec's Runner and the replay over the model and
/// over the core agree (two threads share the files). CI takes every 8th game of each file
/// (3,418 of the 27,343: the spec's Runner plays every move through `GameModule`move` with
/// its contracts); `SPEC_RUNNER_STRIDE=1` takes them all.
#[test]
fn the_spec_runner_replays_the_bundled_games_as_vdmchess_replay() {
    let files = pgn_files("spec/conformance/games");
    assert_eq!(files.len(), 12);
    let stride: usize = std::env::var("SPEC_RUNNER_STRIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let start = default_board().start().clone();
    let checked: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|w| {
                let (files, start) = (&files, &start);
                scope.spawn(move || {
                    let mut n = 0;
                    for file in files.iter().skip(w).step_by(2) {
                        let bytes = std::fs::read(file).unwrap();
                        let pgn = String::from_utf8_lossy(&bytes).into_owned();
                        let games = split_games(&pgn);
                        let model = reports::<Single<Game>>(&bytes);
                        let core = reports::<Single<Chess>>(&bytes);
                        assert_eq!(games.len(), model.len(), "{}", file.display());
                        for (i, game_text) in games.iter().enumerate().step_by(stride) {
                            let spec = replay_movetext(start, &text(game_text));
                            // A game that goes on after an automatic draw: the replay of
                            // its first n tokens.
                            let tokens = movetext(&text(game_text));
                            let prefix = |n: usize| {
                                let moves: Vec<String> =
                                    tokens.iter().take(n).map(|t| t.iter().collect()).collect();
                                let pgn = format!("{} *\n", moves.join(" "));
                                reports::<Single<Game>>(&pgn).remove(0)
                            };
                            for (name, r) in [("model", &model[i]), ("core", &core[i])] {
                                if let Err(e) = agree(&spec, r, &prefix) {
                                    panic!("{}#{i} --rules {name}: {e}", file.display());
                                }
                            }
                            n += 1;
                        }
                    }
                    n
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    });
    assert!(
        checked * stride >= 27_000,
        "{checked} games, every {stride}th"
    );
}

// ---------------------------------------------------------------------------------------------
// Random games

/// A random game: its start, its SAN tokens (notation's, changed as `change` says), and its
/// PGN (with the FEN tag of a start other than the standard one).
#[derive(Debug)]
struct RandomGame {
    start: Start,
    tokens: Vec<String>,
    fen_tag: Option<(String, bool)>,
}

impl RandomGame {
    fn movetext(&self, n: usize) -> String {
        let start = &self.start;
        let black_first = start.turn() == vdmchess::model::piece::Colour::Black;
        let mut out = String::new();
        let mut number = start.fullmove_number();
        for (i, t) in self.tokens.iter().take(n).enumerate() {
            let white = (i % 2 == 0) != black_first;
            if white {
                out.push_str(&format!("{number}. "));
            } else if i == 0 {
                out.push_str(&format!("{number}... "));
            }
            if !white {
                number += 1;
            }
            out.push_str(t);
            out.push(' ');
        }
        out.push('*');
        out
    }

    fn pgn(&self, n: usize) -> String {
        let mut out = String::from("[Event \"random\"]\n");
        if let Some((fen, chess960)) = &self.fen_tag {
            out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
            if *chess960 {
                out.push_str("[Variant \"Chess960\"]\n");
            }
        }
        out.push('\n');
        out.push_str(&self.movetext(n));
        out.push_str("\n\n");
        out
    }
}

/// Whether `vdmchess replay` reads `t` as the spec does: the PGN reader and the spec's
/// `movetext` both read it as the one token `t`, and the lenient SAN reader reads it as the
/// strict one (the spec's grammar) does.
fn read_alike(t: &str) -> bool {
    let one = vec![t.to_string()];
    let spec_tokens: Vec<String> = movetext(&text(t))
        .iter()
        .map(|x| x.iter().collect())
        .collect();
    if reader_sans(t) != one || spec_tokens != one {
        return false;
    }
    let strict = SanPlus::from_ascii(t.as_bytes(), SanMode::Strict);
    let lenient = SanPlus::from_ascii(t.as_bytes(), SanMode::Lenient);
    match (strict, lenient) {
        (Ok(a), Ok(b)) => a == b,
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

fn random_game(start: &Game, choices: &[usize], change: u8, seed: u64) -> RandomGame {
    let games = random_play(start, choices);
    let mut tokens: Vec<String> = games
        .windows(2)
        .map(|w| notation_text(&w[0], *w[1].board().history().back().unwrap()))
        .collect();
    let mut rng = Rng(seed);
    match change % 4 {
        // A token changed into other text that both read alike.
        1 | 2 if !tokens.is_empty() => {
            let k = rng.below(tokens.len());
            let g = &games[k];
            let moves = possible_moves_on_array(g.board());
            for _ in 0..20 {
                let t = random_text(g, &moves, &mut rng);
                if read_alike(&t) {
                    tokens[k] = t;
                    break;
                }
            }
        }
        // A move after the last position (over or not).
        3 => {
            let g = games.last().unwrap();
            let moves = possible_moves_on_array(g.board());
            let t = if moves.is_empty() {
                rng.pick(&["e4", "Kd2", "O-O", "Nf3"]).to_string()
            } else {
                notation_text(g, moves[rng.below(moves.len())])
            };
            tokens.push(t);
        }
        _ => {}
    }
    let start_value = start.board().start().clone();
    let setup = start_value.to_setup();
    let fen = setup.to_fen();
    let standard = fen == vdmchess::Setup::start().to_fen();
    RandomGame {
        fen_tag: (!standard).then(|| (fen, start_value.mode() == CastlingMode::Chess960)),
        start: start_value,
        tokens,
    }
}

fn random_games() -> impl Strategy<Value = RandomGame> {
    let starts = prop_oneof![
        starts_and_choices(false, 40),
        starts_and_choices(true, 30),
        (
            vdmchess::model::arbitrary::placements(),
            proptest::collection::vec(any::<usize>(), 0..30)
        )
            .prop_map(|(setup, ix)| (
                Game::from_setup(&setup, CastlingMode::Standard).unwrap(),
                ix
            )),
    ];
    (starts, any::<u8>(), 1u64..)
        .prop_map(|((start, ix), change, seed)| random_game(&start, &ix, change, seed))
}

fn check_random(game: &RandomGame) -> Result<(), String> {
    let spec = replay_movetext(&game.start, &text(&game.movetext(game.tokens.len())));
    let pgn = game.pgn(game.tokens.len());
    let model = reports::<Single<Game>>(&pgn);
    let core = reports::<Single<Chess>>(&pgn);
    for (name, r) in [("model", &model), ("core", &core)] {
        if r.len() != 1 {
            return Err(format!("--rules {name} read {} games in {pgn}", r.len()));
        }
        let prefix = |n: usize| {
            let rs = if name == "model" {
                reports::<Single<Game>>(&game.pgn(n))
            } else {
                reports::<Single<Chess>>(&game.pgn(n))
            };
            rs.into_iter().next().unwrap()
        };
        agree(&spec, &r[0], &prefix).map_err(|e| format!("--rules {name}: {e}\n{pgn}"))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(10_000))]

    /// On random games, the spec's Runner and the replay over the model and over the core
    /// agree on the plies, the final FEN, and the failure's ply and kind.
    #[test]
    fn the_spec_runner_replays_random_games_as_vdmchess_replay(game in random_games()) {
        if let Err(e) = check_random(&game) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// The random games reach every outcome: finished, not SAN, illegal, ambiguous, and over
/// (after mate or stalemate, and after another automatic draw).
#[test]
fn random_games_reach_every_outcome() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut seen = std::collections::BTreeMap::new();
    for _ in 0..3000 {
        let game = random_games().new_tree(&mut runner).unwrap().current();
        let o = replay_movetext(&game.start, &text(&game.movetext(game.tokens.len())));
        let kind = match &o {
            Outcome::Game(_) => "finished".to_string(),
            Outcome::Failure(f) => format!("{:?}", f.reason),
        };
        *seen.entry(kind).or_insert(0) += 1;
    }
    for kind in ["finished", "NotSan", "Illegal", "Ambiguous", "GameOver"] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "{kind} in {seen:?}"
        );
    }
}

/// `step` (by the fast forms) and `step_literal` (the literal twins) agree.
#[test]
fn step_equals_its_literal_twin() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..60 {
        let game = random_games().new_tree(&mut runner).unwrap().current();
        let mut g = Game::new(vdmchess::model::board::from_start(&game.start));
        for (i, t) in game.tokens.iter().enumerate() {
            let fast = step(&g, &text(t), i as u32 + 1);
            assert_eq!(fast, step_literal(&g, &text(t), i as u32 + 1), "{t}");
            match fast {
                Outcome::Game(next) => g = next,
                Outcome::Failure(_) => break,
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The binary, and the one operation

/// `vdmchess replay --rules model` and `--rules core` on a file of random games give the
/// spec's plies, final FEN and failures.
#[test]
fn the_binary_replays_random_games_as_the_spec() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let games: Vec<RandomGame> = (0..300)
        .map(|_| random_games().new_tree(&mut runner).unwrap().current())
        .collect();
    let pgn: String = games.iter().map(|g| g.pgn(g.tokens.len())).collect();
    let path =
        std::env::temp_dir().join(format!("vdmchess-spec-runner-{}.pgn", std::process::id()));
    std::fs::File::create(&path)
        .unwrap()
        .write_all(pgn.as_bytes())
        .unwrap();
    for rules in ["model", "core"] {
        let out = vdmchess(&["replay", "--rules", rules, "--json", path.to_str().unwrap()]);
        let stdout = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<serde_json::Value> = stdout
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), games.len(), "--rules {rules}");
        for (game, line) in games.iter().zip(&lines) {
            let spec = spec_seen(&replay_movetext(
                &game.start,
                &text(&game.movetext(game.tokens.len())),
            ));
            let error = &line["error"];
            let binary = Seen {
                plies: line["plies"].as_u64().unwrap() as usize,
                fen: line["final_fen"].as_str().unwrap().to_string(),
                failure: (!error.is_null()).then(|| {
                    let kind = match error["kind"].as_str().unwrap() {
                        "syntax" => "syntax",
                        _ if error["message"].as_str().unwrap().starts_with("ambiguous") => {
                            "ambiguous"
                        }
                        _ => "illegal",
                    };
                    (error["ply"].as_u64().unwrap() as usize, kind)
                }),
            };
            match spec.failure {
                // Compared in full by the property above (mate, stalemate, other draws).
                Some((_, "over")) => assert!(binary.plies >= spec.plies, "--rules {rules}"),
                _ => assert_eq!(
                    spec,
                    binary,
                    "--rules {rules}\n{}",
                    game.pgn(game.tokens.len())
                ),
            }
        }
    }
    std::fs::remove_file(&path).unwrap();
}

/// `replay_file` reads the movetext from a file and replays it from the standard start.
#[test]
fn replay_file_reads_and_replays() {
    let path =
        std::env::temp_dir().join(format!("vdmchess-replay-file-{}.txt", std::process::id()));
    std::fs::write(&path, "1. f3 e5 2. g4 Qh4# 0-1\n").unwrap();
    let o = replay_file(&path).unwrap();
    assert_eq!(plies(&o), 4);
    assert_eq!(
        fen_of(&final_game(&o)),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    std::fs::remove_file(&path).unwrap();
    assert!(
        replay_file(&path).is_err(),
        "a missing file is an error, not a panic"
    );
}
