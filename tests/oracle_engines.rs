//! Engines that misbehave: never answer, answer garbage, die mid-perft, hang in a perft, print
//! a move that is not a move, cannot be started. Each is a clear error and exit 2, never a
//! panic, and the engine process is always ended and reaped.

mod common;

use std::time::{Duration, Instant};

use common::oracle::{broken, code, err, exists, json, out, running, temp_path, vdmchess};
use vdmchess::oracle::case::Case;
use vdmchess::oracle::engine::{Engine, EngineError, UciEngine};
use vdmchess::{CastlingMode, Setup};

/// `vdmchess diff` against the broken engine misbehaving so; its output and the engine's pid.
fn diff_misbehaving(how: &str, extra: &[&str]) -> (std::process::Output, u32) {
    let pid_file = temp_path(how);
    let engine = broken(&format!(
        "--misbehave {how} --pid-file '{}'",
        pid_file.display()
    ));
    let args = [
        &[
            "diff",
            "--engine",
            &engine,
            "--depth",
            "2",
            "--timeout",
            "1",
        ][..],
        extra,
    ]
    .concat();
    let o = vdmchess(&args);
    let pid = std::fs::read_to_string(&pid_file)
        .unwrap_or_else(|e| panic!("{how}: no pid file: {e}; {}", err(&o)))
        .trim()
        .parse()
        .expect("a pid");
    let _ = std::fs::remove_file(&pid_file);
    (o, pid)
}

/// Waits a little for a process that was just killed to vanish.
fn gone(pid: u32) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while running(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    !running(pid)
}

#[test]
fn misbehaving_engines_are_exit_2_with_their_output_quoted_and_are_killed() {
    for (how, needed) in [
        (
            "silent",
            &["error: the engine did not answer `uci` with `uciok` within 1 s; it printed nothing"][..],
        ),
        (
            "hang-perft",
            &[
                "the engine did not answer `go perft 2` with a divide within 1 s",
                "\"uciok\"",
            ][..],
        ),
        (
            "garbage",
            &[
                "the engine's answer to `go perft 2` is not a perft divide: line \"Nodes searched: lots\": the total is not a number",
                "\"thinking very hard\"",
            ][..],
        ),
        (
            "die",
            &[
                "the engine exited (exit status: 139) before answering `go perft 2`",
                "its standard error ended with: \"segmentation fault (pretend)\"",
            ][..],
        ),
        ("bad-move", &["is not a perft divide", "is not a move"][..]),
    ] {
        let (o, pid) = diff_misbehaving(how, &[]);
        assert_eq!(code(&o), 2, "{how}: {}", out(&o));
        let e = err(&o);
        for n in needed {
            assert!(e.contains(n), "{how}: {n:?} not in {e}");
        }
        assert!(!e.contains("panicked"), "{how}: {e}");
        assert!(gone(pid), "{how}: engine {pid} still runs");
    }
}

#[test]
fn json_mode_prints_the_error_too() {
    let (o, _) = diff_misbehaving("garbage", &["--json"]);
    assert_eq!(code(&o), 2);
    let v = json(&o);
    assert_eq!(v["agree"], false);
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("the total is not a number"));
}

#[test]
fn engines_that_cannot_start() {
    for (engine, message) in [
        (
            "/no/such/engine",
            "cannot start engine \"/no/such/engine\": No such file or directory",
        ),
        ("  ", "cannot start engine \"  \": empty command line"),
        ("'unclosed", "unclosed quote"),
        (
            "true",
            "the engine exited (exit status: 0) before answering `uci`",
        ),
    ] {
        let o = vdmchess(&["diff", "--engine", engine, "--depth", "1", "--timeout", "2"]);
        assert_eq!(code(&o), 2, "{engine}");
        assert!(err(&o).contains(message), "{engine}: {}", err(&o));
        assert!(!err(&o).contains("panicked"), "{engine}: {}", err(&o));
    }
}

#[test]
fn bad_arguments_are_exit_2() {
    for args in [
        &["diff", "--depth", "1"][..],
        &["diff", "--engine", "x", "--script", "y", "--depth", "1"][..],
        &["diff", "--engine", "x", "--depth", "0"][..],
        &["diff", "--engine", "x", "--depth", "1", "--timeout", "-1"][..],
        &[
            "diff",
            "--engine",
            "x",
            "--depth",
            "1",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ][..],
        &["fuzz", "--engine", "x", "--depth", "3"][..],
    ] {
        let o = vdmchess(args);
        assert_eq!(code(&o), 2, "{args:?}: {}", err(&o));
    }
}

#[test]
fn fuzz_reports_the_position_an_engine_crashes_on() {
    let o = vdmchess(&[
        "fuzz",
        "--engine",
        &broken("--misbehave crash-on-promotion"),
        "--seed",
        "5",
        "--cases",
        "3000",
        "--timeout",
        "5",
    ]);
    assert_eq!(code(&o), 2, "{}{}", out(&o), err(&o));
    let text = out(&o);
    assert!(
        text.starts_with("engine failed: seed 5, depth 1, "),
        "{text}"
    );
    assert!(text.contains("the engine exited (signal: 6"), "{text}");
    assert!(
        text.contains("\"assertion failed: promotion not implemented\""),
        "{text}"
    );
    let reproduce = text
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: vdmchess "))
        .expect("a reproduce line");
    let words = vdmchess::oracle::shell::split_command(reproduce).unwrap();
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let again = vdmchess(&args);
    assert_eq!(code(&again), 2, "{reproduce}");
    assert!(err(&again).contains("signal: 6"), "{}", err(&again));
    // The same seed, the same case.
    let o2 = vdmchess(&[
        "fuzz",
        "--engine",
        &broken("--misbehave crash-on-promotion"),
        "--seed",
        "5",
        "--cases",
        "3000",
        "--timeout",
        "5",
    ]);
    let case = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("case: "))
            .map(str::to_string)
    };
    assert_eq!(case(&text), case(&out(&o2)));
}

#[test]
fn the_library_reaps_every_engine() {
    // A working engine: dropped after a query, its process is gone (not a zombie).
    let mut engine = UciEngine::start(&broken("--bug none"), Duration::from_secs(10)).unwrap();
    let pid = engine.pid();
    let d = engine
        .divide(&Case::at(Setup::start(), CastlingMode::Standard), 2)
        .unwrap();
    assert_eq!(d.total, 400);
    assert_eq!(engine.name(), Some("broken-engine"));
    drop(engine);
    assert!(!exists(pid), "engine {pid} left behind");
    // One that never answers: the error is returned, the process killed and reaped.
    let pid_file = temp_path("library-silent");
    let command = broken(&format!(
        "--misbehave silent --pid-file '{}'",
        pid_file.display()
    ));
    let e = UciEngine::start(&command, Duration::from_millis(300)).unwrap_err();
    assert!(matches!(e, EngineError::Timeout { .. }), "{e}");
    let pid: u32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let _ = std::fs::remove_file(&pid_file);
    assert!(!exists(pid), "silent engine {pid} left behind");
}
