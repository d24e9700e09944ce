//! The PGN reader and writer on real files: every PGN in `spec/conformance/pgn/` and
//! `spec/conformance/games/`, compared game by game with python-chess's results
//! (`*.expected.jsonl`) by replaying each mainline through the core.
//!
//! Where this reader's game boundaries differ from python-chess's (spec/conformance/README.md
//! lists them: python-chess ends a game at a blank line), the two python-chess games are one
//! game here; [`JOINED`] records each case, and the joined game must reach python-chess's
//! final position of the second part.

use std::path::{Path, PathBuf};

use serde_json::Value;
use vdmchess::core::Chess;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::pgn::{write_game, Game, GameBuilder, Item, PgnReader};
use vdmchess::notation::san::{San, SanMode, SanPlus};
use vdmchess::{CastlingMode, Rules, Setup};

/// (file, python-chess index of the first part): that game and the next are one game here.
const JOINED: [(&str, usize); 5] = [
    ("pgnmentor-Anand", 1961),
    ("pgn-extract-barnes-horton", 0),
    ("pgn-extract-test-checkmate", 1),
    ("pgn-extract-test-nomovenumbers", 0),
    ("pgn-extract-test-stalemate", 1),
];

/// Files whose text python-chess reads differently in a way no boundary explains:
/// `pgn-extract-nested-comment` nests `{}` (the standard does not); python-chess finds a `--`
/// null move inside the comment's tail.
const DIFFERENT: [&str; 1] = ["pgn-extract-nested-comment"];

fn pgn_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["spec/conformance/pgn", "spec/conformance/games"] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "pgn") {
                files.push(p);
            }
        }
    }
    files.sort();
    assert_eq!(files.len(), 57);
    files
}

fn stem(p: &Path) -> String {
    p.file_stem().unwrap().to_string_lossy().into_owned()
}

fn expected(p: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(p.with_extension("expected.jsonl")).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The replay result: plies played and the final FEN.
fn replay(game: &Game) -> (u64, String) {
    let chess960 = game.tag("Variant").is_some_and(|v| {
        let v = v.to_ascii_lowercase();
        v.contains("960") || v.contains("fischer")
    });
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let setup = match game.tag("FEN") {
        Some(fen) => parse_fen(fen).unwrap(),
        None => Setup::start(),
    };
    let mut pos = Chess::from_setup(&setup, mode).unwrap();
    let mut plies = 0;
    for text in game.mainline() {
        let Ok(san) = SanPlus::from_ascii(text.as_bytes(), SanMode::Lenient) else {
            break;
        };
        if san.san == San::Null {
            // Passing: the same placement, the other side to move.
            let mut s = pos.to_setup();
            s.turn = s.turn.other();
            s.ep_square = None;
            s.halfmoves += 1;
            if s.turn == vdmchess::Color::White {
                s.fullmoves += 1;
            }
            pos = Chess::from_setup(&s, mode).unwrap();
        } else {
            let Ok(m) = san.to_move(&pos) else {
                break;
            };
            pos.play_unchecked(&m);
        }
        plies += 1;
    }
    (plies, pos.to_setup().to_fen())
}

fn read(p: &Path) -> Vec<Game> {
    Game::read_all(std::fs::File::open(p).unwrap()).unwrap()
}

#[test]
fn every_game_replays_to_python_chess_final_position() {
    let mut total_games = 0;
    let mut total_expected = 0;
    // Plies replayed and mainline SAN tokens read, in games/ and in pgn/.
    let mut master_plies = 0;
    let mut master_sans = 0;
    let mut edge_plies = 0;
    for path in pgn_files() {
        let name = stem(&path);
        let games = read(&path);
        let master = path.to_string_lossy().contains("/games/");
        if master {
            master_sans += games.iter().map(|g| g.mainline().count()).sum::<usize>();
        }
        let exp = expected(&path);
        let joins: Vec<usize> = JOINED
            .iter()
            .filter(|(f, _)| *f == name)
            .map(|(_, i)| *i)
            .collect();
        assert_eq!(games.len() + joins.len(), exp.len(), "{name}: game count");
        if DIFFERENT.contains(&name.as_str()) {
            continue;
        }
        let mut e = 0;
        for (g, game) in games.iter().enumerate() {
            let (plies, fen) = replay(game);
            let joined = joins.contains(&e);
            if joined {
                // The joined game: python-chess's two parts, played as one.
                let second = &exp[e + 1];
                assert_eq!(
                    fen,
                    second["final_fen"].as_str().unwrap(),
                    "{name} game {g}"
                );
                e += 2;
            } else {
                let x = &exp[e];
                assert_eq!(
                    plies,
                    x["plies"].as_u64().unwrap(),
                    "{name} game {g}: plies"
                );
                assert_eq!(fen, x["final_fen"].as_str().unwrap(), "{name} game {g}");
                assert_eq!(
                    game.tag("White").unwrap_or("?"),
                    x["white"].as_str().unwrap()
                );
                assert_eq!(
                    game.tag("Black").unwrap_or("?"),
                    x["black"].as_str().unwrap()
                );
                e += 1;
            }
            if master {
                master_plies += plies;
            } else {
                edge_plies += plies;
            }
        }
        total_games += games.len();
        total_expected += exp.len();
    }
    assert_eq!(total_games, total_expected - JOINED.len());
    // Every game of games/ and pgn/ but the one of `DIFFERENT`.
    assert_eq!(total_games, 27_343 + 3_126 - 1);
    // Every move of the master games is a legal SAN move (python-chess's count).
    assert_eq!(master_sans, 2_149_127);
    assert_eq!(master_plies, 2_149_127);
    // python-chess replays as many (its joined parts add up to ours).
    assert_eq!(edge_plies, 114_498);
}

#[test]
fn tags_comments_and_positions_on_hand_picked_cases() {
    let dir = Path::new("spec/conformance/pgn");
    // A UTF-8 byte order mark, then tags.
    let bom = read(&dir.join("python-chess-utf8-bom.pgn"));
    assert_eq!(bom.len(), 2);
    assert!(bom[0].tags[0].0 == "Event", "{:?}", bom[0].tags);
    // CP437 0x82 in a tag is decoded as Latin-1.
    let kasparov = read(Path::new("spec/conformance/games/pgnmentor-Kasparov.pgn"));
    assert!(kasparov
        .iter()
        .any(|g| g.tags.iter().any(|(_, v)| v == "Quadros,Andr\u{82}")));
    // Comments, NAGs and null moves are kept in text order.
    let nulls = read(&dir.join("pgn-extract-test-allownullmoves.pgn"));
    let line: Vec<&Item> = nulls[1].lines[0].items.iter().collect();
    assert_eq!(line[0], &Item::Move("Qxb5".into()));
    assert_eq!(line[1], &Item::Move("--".into()));
    assert!(matches!(line[2], Item::Variation(_)));
    assert_eq!(nulls[1].lines.len(), 3);
    assert_eq!(nulls[1].result, Some(None));
    // No tags, no result: one game ending at the end of input.
    let bare = read(&dir.join("pgn-reader-bare.pgn"));
    assert_eq!(bare.len(), 1);
    assert!(bare[0].tags.is_empty());
    assert_eq!(bare[0].mainline().count(), 3);
    assert_eq!(bare[0].result, None);
    assert_eq!(bare[0].errors.len(), 1);
    assert_eq!(
        bare[0].errors[0].to_string(),
        "3:1: movetext ends without a result"
    );
}

/// Skipping games (the reader's fast path, which does not look inside the movetext) finds
/// the games reading finds, at the same places. (Reading in chunks, as the parallel runner
/// does, is compared with reading whole in `tests/pgn_chunker_agreement.rs`.)
#[test]
fn skipping_finds_the_games_reading_finds() {
    for path in pgn_files() {
        let whole = read(&path);
        let mut reader = PgnReader::new(std::fs::File::open(&path).unwrap());
        let mut reading = PgnReader::new(std::fs::File::open(&path).unwrap());
        let mut builder = GameBuilder::default();
        for (i, _) in whole.iter().enumerate() {
            assert!(reader.skip_game().unwrap(), "{path:?} game {i}");
            reading.read_game(&mut builder).unwrap();
            assert_eq!(reader.offset(), reading.offset(), "{path:?} game {i}");
            assert_eq!(reader.position(), reading.position(), "{path:?} game {i}");
        }
        assert!(!reader.skip_game().unwrap(), "{path:?}");
    }
}

#[test]
fn reading_writing_and_reading_again_gives_the_same_games() {
    let mut files: Vec<PathBuf> = pgn_files()
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("/pgn/"))
        .collect();
    files.push("spec/conformance/games/pgnmentor-Capablanca.pgn".into());
    for path in files {
        let games = read(&path);
        let mut text = String::new();
        for g in &games {
            write_game(g, &mut text);
        }
        for line in text.lines() {
            let is_tag = line.starts_with('[');
            let has_long_comment = line.contains('{') || line.contains(';') || line.contains('}');
            assert!(
                is_tag || has_long_comment || line.len() <= 80,
                "{path:?}: {line}"
            );
        }
        let again = Game::read_all(text.as_bytes()).unwrap();
        assert_eq!(again.len(), games.len(), "{path:?}");
        let mut text2 = String::new();
        for (a, b) in games.iter().zip(&again) {
            assert_eq!(a.lines, b.lines, "{path:?}");
            if a.result.is_some() {
                assert_eq!(a.result, b.result, "{path:?}");
            }
            for tag in &a.tags {
                assert!(b.tags.contains(tag), "{path:?}: {tag:?}");
            }
            assert!(b.errors.is_empty(), "{path:?}: {:?}", b.errors);
            write_game(b, &mut text2);
        }
        assert_eq!(text, text2, "{path:?}");
    }
}
