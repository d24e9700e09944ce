//! Running the `vdmchess` binary in the integration tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `vdmchess ARGS`, capturing both outputs.
pub fn vdmchess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vdmchess"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `vdmchess ARGS` with `input` on its standard input, capturing both outputs.
pub fn vdmchess_with_input(args: &[&str], input: &str) -> Output {
    vdmchess_with_bytes(args, input.as_bytes())
}

/// Runs `vdmchess ARGS` with `input`, any bytes, on its standard input.
pub fn vdmchess_with_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vdmchess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}
