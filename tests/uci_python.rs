//! python-chess's `chess.engine` drives `vdmchess uci` (the script
//! `tests/engine/python_client.py`): it plays moves under depth, node and clock limits,
//! analyses, stops an infinite analysis, meets a mated position and Chess960 castling.
//! Skipped, saying why, when python-chess is absent.

mod common;

use std::path::Path;
use std::process::Command;

#[test]
fn python_chess_client_plays_and_analyses() {
    if !common::external::python_chess("python_chess_client_plays_and_analyses") {
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engine/python_client.py");
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_vdmchess"))
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "the client failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
