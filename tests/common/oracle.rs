//! Running `vdmchess` and the test-only broken engine (`tests/engine/broken.rs`) for the
//! oracle's tests.

use std::process::{Command, Output};

use serde_json::Value;

/// `vdmchess ARGS`, its output.
pub fn vdmchess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vdmchess"))
        .args(args)
        .output()
        .expect("vdmchess runs")
}

/// The command line of the broken engine with these arguments (`--bug ep-rank-pin` ...).
pub fn broken(args: &str) -> String {
    format!("'{}' {args}", env!("CARGO_BIN_EXE_broken-engine"))
}

/// The command line of `vdmchess` itself with these arguments (for `--script`).
pub fn vdmchess_command(args: &str) -> String {
    format!("'{}' {args}", env!("CARGO_BIN_EXE_vdmchess"))
}

/// Standard output as text.
pub fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The exit code (-1 when killed by a signal).
pub fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

/// Standard output parsed as one JSON value.
pub fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\nstderr: {}", out(o), err(o)))
}

/// A JSON array of strings as a vector.
pub fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

/// The number of pieces the placement field of a FEN names.
pub fn pieces_in_fen(fen: &str) -> usize {
    fen.split(' ')
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .count()
}

/// Whether process `pid` exists, running or a zombie not yet reaped.
pub fn exists(pid: u32) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
}

/// Whether process `pid` still runs (exists and is not a zombie).
pub fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

/// A fresh path in the system's temporary directory, never the same twice in one run.
pub fn temp_path(name: &str) -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::env::temp_dir().join(format!("vdmchess-oracle-{}-{n}-{name}", std::process::id()))
}

/// `vdmchess diff --engine ENGINE --fen FEN --depth DEPTH --json` and `more` arguments.
pub fn diff_json(engine: &str, fen: &str, depth: &str, more: &[&str]) -> Output {
    let args = [
        &[
            "diff", "--engine", engine, "--fen", fen, "--depth", depth, "--json",
        ][..],
        more,
    ]
    .concat();
    vdmchess(&args)
}
