//! `replay --export`: the normalized export reads back as the same games (plies, final FENs,
//! status, claims) on the whole bundled corpus, exporting it again changes nothing, the
//! failed games are written unchanged, and the export changes no report.

use std::fs;
use std::path::Path;

mod common;
use common::pgn_files;

use vdmchess::core::Chess;
use vdmchess::model::game::Game as ModelGame;
use vdmchess::notation::pgn::{Game, Item};
use vdmchess::runner::export::{export_reader, Export, ExportError, Variations};
use vdmchess::runner::{replay_reader, ErrorKind, GameReport, Lockstep, Options, Replay, Single};

/// The rules of `--rules core`, `model` and `both`.
type Core = Single<Chess>;
type Model = Single<ModelGame>;
type Both = Lockstep<ModelGame, Chess>;

fn replay<P: Replay>(text: &[u8]) -> Vec<GameReport> {
    let mut reports = Vec::new();
    replay_reader::<P, _>(text, "x", &Options::default(), &mut |r| reports.push(r)).unwrap();
    reports
}

/// An export of `text`: the reports, the refusals, the exported and the failed games' text.
struct Exported {
    reports: Vec<GameReport>,
    refused: Vec<(usize, ExportError)>,
    games: Vec<u8>,
    errors: Vec<u8>,
}

fn export<P: Replay>(text: &[u8], variations: Variations) -> Exported {
    let (mut games, mut errors) = (Vec::new(), Vec::new());
    let mut reports = Vec::new();
    let mut refused = Vec::new();
    let mut export = Export::new(Some(&mut games), Some(&mut errors), variations);
    export_reader::<P, _>(
        text,
        "x",
        &Options::default(),
        &mut export,
        &mut |r, why| {
            if let Some(why) = why {
                refused.push((r.index, why));
            }
            reports.push(r);
        },
    )
    .unwrap();
    let failed = reports.iter().filter(|r| r.error.is_some()).count() + refused.len();
    assert_eq!(export.exported as usize, reports.len() - failed);
    assert_eq!(export.failed as usize, failed);
    Exported {
        reports,
        refused,
        games,
        errors,
    }
}

/// What must survive an export: plies, final position, status, claims, result.
fn essentials(r: &GameReport) -> (usize, &str, &str, String, String) {
    (
        r.plies,
        r.final_fen.as_str(),
        r.result.as_str(),
        r.status.to_string(),
        format!("{:?}", r.claims),
    )
}

/// Exports `text`, reads the export back and checks it game by game; returns the numbers of
/// games exported and failed.
fn round_trip(text: &[u8], what: &str) -> (usize, usize) {
    let first = export::<Core>(text, Variations::Check);
    assert_eq!(
        first.reports,
        replay::<Core>(text),
        "{what}: the export changed a report"
    );
    let kept: Vec<&GameReport> = first
        .reports
        .iter()
        .filter(|r| r.error.is_none() && !first.refused.iter().any(|(i, _)| *i == r.index))
        .collect();
    // Reading the export back (by exporting it again) gives the same games ...
    let second = export::<Core>(&first.games, Variations::Check);
    assert_eq!(second.reports.len(), kept.len(), "{what}: games exported");
    for (a, b) in second.reports.iter().zip(&kept) {
        assert!(a.error.is_none(), "{what}#{}: {:?}", b.index, a.error);
        assert_eq!(essentials(a), essentials(b), "{what}#{}", b.index);
    }
    // ... and normalized once is normalized: the second export writes the same bytes.
    assert!(
        second.errors.is_empty() && second.refused.is_empty(),
        "{what}"
    );
    assert!(
        first.games == second.games,
        "{what}: a second export differs"
    );
    // The failed games, read again, fail the same way.
    let failed: Vec<&GameReport> = first.reports.iter().filter(|r| r.error.is_some()).collect();
    let errors_again = replay::<Core>(&first.errors);
    assert_eq!(
        errors_again.len(),
        failed.len() + first.refused.len(),
        "{what}"
    );
    for (a, b) in errors_again
        .iter()
        .filter(|r| r.error.is_some())
        .zip(&failed)
    {
        let (ea, eb) = (a.error.as_ref().unwrap(), b.error.as_ref().unwrap());
        assert_eq!(
            (ea.kind, ea.ply, &ea.san),
            (eb.kind, eb.ply, &eb.san),
            "{what}"
        );
    }
    (kept.len(), failed.len() + first.refused.len())
}

#[test]
fn the_export_of_every_master_game_reads_back_as_the_same_games() {
    let mut all = Vec::new();
    for f in pgn_files("spec/conformance/games") {
        all.extend(fs::read(f).unwrap());
        all.extend(b"\n");
    }
    assert_eq!(round_trip(&all, "games/"), (27_343, 0));
}

#[test]
fn the_export_of_every_edge_case_reads_back_as_the_same_games() {
    let mut totals = (0, 0);
    for f in pgn_files("spec/conformance/pgn") {
        let (ok, failed) = round_trip(&fs::read(&f).unwrap(), &f.display().to_string());
        totals = (totals.0 + ok, totals.1 + failed);
    }
    // pgn-reader-illegal (an illegal move) and pgn-extract-nested-comment (a word after a
    // nested comment's first `}`) fail; every other game is exported.
    assert_eq!(totals, (3_124, 2));
}

#[test]
fn moves_come_out_in_canonical_san_with_the_seven_tag_roster_first() {
    let text = "[Black \"B\"]\n[Annotator \"me\"]\n[White \"W\"]\n\n\
                1. e2e4 e7-e5 2. Ng1f3 Nb8c6 3. Bb5 a6 4. 0-0 Nf6 5. Bxc6 dxc6 6. d4 exd4 \
                7. Nxd4 c5 8. Nf3 Qxd1 9. Rxd1 Bg4 10. Rd8 $2 {check} *\n";
    let out = export::<Core>(text.as_bytes(), Variations::Check);
    assert_eq!(
        String::from_utf8(out.games).unwrap(),
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n\
         [Black \"B\"]\n[Result \"*\"]\n[Annotator \"me\"]\n\n\
         1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Bxc6 dxc6 6. d4 exd4 7. Nxd4 c5 8.\n\
         Nf3 Qxd1 9. Rxd1 Bg4 10. Rd8+ $2 {check} *\n\n"
    );
}

#[test]
fn a_game_with_an_illegal_variation_is_not_exported_unless_variations_are_dropped() {
    let text = "[Event \"e\"]\n\n1. e4 e5 (1... d6 2. Qh5 Ke7) 2. Nf3 { fine } (2. Nh3) *\n";
    let out = export::<Core>(text.as_bytes(), Variations::Check);
    assert!(out.reports[0].error.is_none());
    assert_eq!(out.refused.len(), 1);
    assert_eq!(out.refused[0].1.san, "Ke7");
    assert!(out.games.is_empty());
    assert_eq!(
        String::from_utf8(out.errors).unwrap(),
        format!("{}\n\n", text.trim())
    );
    // The same game, its variations left out.
    let out = export::<Both>(text.as_bytes(), Variations::Drop);
    assert!(out.refused.is_empty() && out.errors.is_empty());
    let games = Game::read_all(&out.games[..]).unwrap();
    assert_eq!(games[0].lines.len(), 1);
    assert_eq!(
        games[0].lines[0].items,
        [
            Item::Move("e4".into()),
            Item::Move("e5".into()),
            Item::Move("Nf3".into()),
            Item::Comment(" fine ".into())
        ]
    );
}

#[test]
fn variations_are_replayed_from_the_position_before_the_move_they_replace() {
    // 2... Nc6 is legal only in the variation's position (after 1... e5, not 1... d5); the
    // nested variation replaces 2. Nf3 of the variation, not 1. e4.
    let text = "1. e4 d5 (1... e5 2. Nf3 (2. Bc4 Nc6) 2... Nc6) 2. exd5 *\n";
    let out = export::<Both>(text.as_bytes(), Variations::Check);
    assert!(out.refused.is_empty(), "{:?}", out.refused);
    assert!(String::from_utf8(out.games)
        .unwrap()
        .ends_with("\n1. e4 d5 (1... e5 2. Nf3 (2. Bc4 Nc6) 2... Nc6) 2. exd5 *\n\n"));
    // A variation whose first move belongs to the other side is refused.
    let text = "1. e4 d5 (2. d4) *\n";
    let out = export::<Core>(text.as_bytes(), Variations::Check);
    assert_eq!(out.refused[0].1.san, "d4");
    assert_eq!(out.reports[0].error, None);
}

#[test]
fn the_failed_games_are_written_unchanged() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/conformance/pgn/pgn-reader-illegal.pgn");
    let text = fs::read(path).unwrap();
    let out = export::<Model>(&text, Variations::Check);
    let failed: Vec<&GameReport> = out.reports.iter().filter(|r| r.error.is_some()).collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].error.as_ref().unwrap().kind, ErrorKind::Illegal);
    let errors = String::from_utf8(out.errors).unwrap();
    assert!(errors
        .starts_with("[Event \"rated bullet game\"]\n[Site \"https://lichess.org/HajiazyC\"]\n"));
    assert!(errors.ends_with(" 45. Ree7 Kf6 46. Rxf7# 1-0\n\n"));
    // Byte for byte the text of that game in the file.
    let source = String::from_utf8(text).unwrap();
    assert!(source.contains(errors.trim_end()));
}
