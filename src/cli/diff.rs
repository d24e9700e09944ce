//! `vdmchess diff`: bisect an engine's perft divides against the rules.

use std::process::ExitCode;

use vdmchess::core::Chess;
use vdmchess::model::game::Game;
use vdmchess::oracle::case::Case;
use vdmchess::oracle::diff::{bisect, DiffReport};
use vdmchess::oracle::engine::EngineError;

use super::{
    check_timeout, outln, play_moves, setup_of, start_engine, Outcome, PositionOptions,
    LENIENT_NEEDS_CORE,
};
use crate::{DiffArgs, OurRules};

pub(crate) fn diff_command(args: &DiffArgs) -> Outcome {
    if args.lenient && args.rules == OurRules::Model {
        return Err(LENIENT_NEEDS_CORE.into());
    }
    let timeout = check_timeout(args.timeout)?;
    let options = PositionOptions {
        chess960: args.chess960,
        lenient: args.lenient,
    };
    let (setup, mode) = setup_of(args.fen.as_deref(), options)?;
    let start = Chess::from_setup_with(&setup, mode, options.limits())
        .map_err(|e| super::setup_error_text(&e))?;
    let (_, moves) = play_moves(start, mode, &args.moves).map_err(|e| format!("--moves: {e}"))?;
    let case = Case::from_uci(setup, mode, &moves, options.limits()).map_err(|e| e.to_string())?;
    let outcome = start_engine(&args.engine, timeout).and_then(|mut engine| match args.rules {
        OurRules::Core => {
            let pos = case
                .validate(options.limits())
                .map_err(|e| unreachable!("checked above: {e}"))?;
            bisect(&mut engine, &case, &pos, args.depth)
        }
        OurRules::Model => {
            let Some(game) = case.play::<Game>() else {
                unreachable!("the case was checked by the core, which agrees with the model");
            };
            bisect(&mut engine, &case, &game, args.depth)
        }
    });
    let mut extra_flags = String::new();
    if args.rules == OurRules::Model {
        extra_flags.push_str(" --rules model");
    }
    if args.lenient {
        extra_flags.push_str(" --lenient");
    }
    if args.chess960 {
        extra_flags.push_str(" --chess960");
    }
    print_outcome(outcome, &extra_flags, args.json)
}

/// Prints a bisect's report (or the engine's failure) and gives the exit code: 0 agree, 1
/// differ, 2 the engine failed.
pub(crate) fn print_outcome(
    outcome: Result<DiffReport, EngineError>,
    extra_flags: &str,
    json: bool,
) -> Outcome {
    match outcome {
        Ok(mut report) => {
            if let Some(command) = &mut report.reproduce {
                command.push_str(extra_flags);
            }
            if json {
                outln(serde_json::to_string(&report).map_err(|e| e.to_string())?)?;
            } else {
                outln(report.to_string().trim_end())?;
            }
            Ok(if report.agree {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Err(error) => {
            if json {
                let value = serde_json::json!({ "agree": false, "error": error.to_string() });
                outln(value)?;
            }
            Err(error.to_string().into())
        }
    }
}
