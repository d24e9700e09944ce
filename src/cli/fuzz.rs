//! `vdmchess fuzz`: generated cases against an engine, the first difference shrunk.

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};
use vdmchess::oracle::case::{Case, CaseJson};
use vdmchess::oracle::diff::reproduce_command;
use vdmchess::oracle::fuzz::{fuzz, Finding, FuzzOptions, FuzzReport};
use vdmchess::oracle::shell::quote;

use super::{check_timeout, note, out, outln, start_engine, Outcome, PositionOptions};
use crate::FuzzArgs;

pub(crate) fn fuzz_command(args: &FuzzArgs) -> Outcome {
    let timeout = check_timeout(args.timeout)?;
    let options = FuzzOptions {
        cases: args.cases,
        seed: args.seed.unwrap_or_else(seed_from_clock),
        depth: args.depth,
        limits: PositionOptions {
            chess960: false,
            lenient: args.lenient,
        }
        .limits(),
        ..FuzzOptions::default()
    };
    let lenient = if args.lenient { " --lenient" } else { "" };
    let progress_on = io::stderr().is_terminal();
    let mut last = Instant::now();
    let report = fuzz(
        || start_engine(&args.engine, timeout),
        &options,
        |n| {
            if progress_on && last.elapsed().as_millis() >= 200 {
                last = Instant::now();
                note(format_args!("\r\x1b[K{n} cases"));
            }
        },
    );
    if progress_on {
        note("\r\x1b[K");
    }
    let mut report = report.map_err(|e| e.to_string())?;
    if let Finding::Differs { report: diff, .. } = &mut report.finding {
        if let Some(command) = &mut diff.reproduce {
            command.push_str(lenient);
        }
    }
    let flag = engine_flag(args);
    let rate = report.cases as f64 / report.elapsed.as_secs_f64().max(1e-9);
    let code = match &report.finding {
        Finding::None => ExitCode::SUCCESS,
        Finding::Differs { .. } => ExitCode::from(1),
        Finding::EngineFailed { .. } => ExitCode::from(2),
    };
    if args.json {
        outln(to_json(&report, rate))?;
    } else {
        out(to_text(&report, rate, &flag, lenient))?;
    }
    Ok(code)
}

fn seed_from_clock() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn engine_flag(args: &FuzzArgs) -> String {
    match (&args.engine.engine, &args.engine.script) {
        (Some(c), _) => format!("--engine {}", quote(c)),
        (None, Some(c)) => format!("--script {}", quote(c)),
        (None, None) => String::new(),
    }
}

/// `vdmchess diff` on `case` at `depth`.
fn diff_command_for(flag: &str, case: &Case, depth: u32, lenient: &str) -> String {
    let command = reproduce_command(flag, &case.start_fen(), &case.uci_moves(), depth);
    format!("{command}{lenient}")
}

fn describe(case: &Case) -> String {
    let moves = case.uci_moves();
    if moves.is_empty() {
        format!("{} ({} pieces)", case.start_fen(), case.piece_count())
    } else {
        format!(
            "{} moves {} ({} pieces)",
            case.start_fen(),
            moves.join(" "),
            case.piece_count()
        )
    }
}

fn to_text(report: &FuzzReport, rate: f64, flag: &str, lenient: &str) -> String {
    let head = format!(
        "seed {}, depth {}, {} cases, {:.0} cases/s",
        report.seed, report.depth, report.cases, rate
    );
    match &report.finding {
        Finding::None => format!("agree: {head}\n"),
        Finding::Differs {
            case,
            report: diff,
            original,
            steps,
        } => {
            format!(
                "differ: {head}\nfailing case: {}\nshrunk in {steps} steps from: {}\n{}",
                describe(case),
                describe(original),
                diff
            )
        }
        Finding::EngineFailed { case, error } => format!(
            "engine failed: {head}\nerror: {error}\ncase: {}\nreproduce: {}\n",
            describe(case),
            diff_command_for(flag, case, report.depth, lenient)
        ),
    }
}

fn to_json(report: &FuzzReport, rate: f64) -> Value {
    let mut value = match &report.finding {
        Finding::None => json!({
            "agree": true,
            "engine_nodes": report.engine_nodes,
            "our_nodes": report.our_nodes,
        }),
        Finding::Differs {
            case,
            report: diff,
            original,
            steps,
        } => {
            let mut v = serde_json::to_value(diff).unwrap_or(Value::Null);
            v["case"] = json!(CaseJson::from(case));
            v["original"] = json!(CaseJson::from(original));
            v["shrink_steps"] = json!(steps);
            v
        }
        Finding::EngineFailed { case, error } => json!({
            "agree": false,
            "error": error.to_string(),
            "case": CaseJson::from(case),
        }),
    };
    value["seed"] = json!(report.seed);
    value["cases"] = json!(report.cases);
    value["depth"] = json!(report.depth);
    value["cases_per_second"] = json!(rate);
    value
}
