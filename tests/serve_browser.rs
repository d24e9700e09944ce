//! The playground in a real browser: runs `tests/browser/playground.py` (Playwright driving
//! Debian's chromium against `vdmchess serve`). It plays 1. e4 e5 2. Nf3 by clicks, sets a
//! position by FEN, tries an illegal castle and reads the reason, the clause and the quoted
//! VDM++ line from the page. Skips, saying why, when python3, Playwright or chromium is absent
//! (`.ci/run` installs them).

#![cfg(feature = "serve")]

use std::process::Command;

#[test]
fn the_page_plays_refuses_and_quotes_the_clause_in_chromium() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/browser/playground.py");
    let screenshot = concat!(env!("CARGO_TARGET_TMPDIR"), "/playground.png");
    let output = match Command::new("python3")
        .args([
            script,
            "--bin",
            env!("CARGO_BIN_EXE_vdmchess"),
            "--screenshot",
            screenshot,
        ])
        .output()
    {
        Ok(output) => output,
        Err(e) => {
            println!("skipped: python3 does not run ({e})");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "the browser test failed:\n{stdout}\n{stderr}"
    );
    if !stdout.contains("skipped:") {
        assert!(
            stdout.contains("ok: the playground plays, refuses and quotes"),
            "{stdout}"
        );
        assert!(std::fs::metadata(screenshot).is_ok_and(|m| m.len() > 10_000));
    }
}
