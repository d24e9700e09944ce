//! `vdmchess explain`: whether a move is legal and, if not, why, decided by the model.

use std::process::ExitCode;

use vdmchess::model::game::Game;
use vdmchess::oracle::explain::{explain_game, Explanation};
use vdmchess::Rules;

use super::{out, outln, play_moves, setup_of, Outcome, PositionOptions};

pub(crate) fn explain_command(
    fen: Option<&str>,
    moves: &[String],
    text: Option<String>,
    json: bool,
    svg: Option<&str>,
) -> Outcome {
    let mut moves: Vec<String> = moves
        .iter()
        .flat_map(|m| m.split_whitespace())
        .map(str::to_string)
        .collect();
    let Some(text) = text.or_else(|| moves.pop()) else {
        return Err("no move to explain".into());
    };
    let (start, mode) = setup_of(fen, PositionOptions::default())?;
    let game = Game::from_setup(&start, mode).map_err(|e| e.to_string())?;
    let (game, _) = play_moves(game, mode, &moves).map_err(|e| format!("--moves: {e}"))?;
    let setup = game.to_setup();
    let why = explain_game(&game, &text).map_err(|e| e.to_string())?;
    if let Some(path) = svg {
        super::show::write_svg(path, &why.picture(&setup))?;
        if path == "-" {
            return Ok(exit_code(&why));
        }
    }
    if json {
        outln(serde_json::to_string(&why).map_err(|e| e.to_string())?)?;
    } else {
        out(text_of(&why))?;
    }
    Ok(exit_code(&why))
}

/// 0 for a legal move, 1 for an illegal one.
fn exit_code(why: &Explanation) -> ExitCode {
    if why.legal {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Three lines: the verdict, the clause with its FIDE article, the sentence.
fn text_of(why: &Explanation) -> String {
    let head = match (why.legal, why.reason, &why.uci) {
        (true, _, Some(uci)) => {
            format!("legal: {} ({uci})", why.san.as_deref().unwrap_or(&why.text))
        }
        (true, _, None) => format!("legal: {}", why.text),
        (false, Some(reason), Some(uci)) if *uci != why.text => {
            format!("illegal: {} ({uci}): {reason}", why.text)
        }
        (false, Some(reason), _) => format!("illegal: {}: {reason}", why.text),
        (false, None, _) => format!("illegal: {}", why.text),
    };
    format!(
        "{head}\nclause: {} (FIDE Laws {})\n{}\n",
        why.clause, why.fide, why.detail
    )
}
