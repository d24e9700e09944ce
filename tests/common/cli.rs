//! Running the `vdmchess` binary in the integration tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `vdmchess ARGS` with `input` on its standard input, capturing both outputs.
pub fn vdmchess_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vdmchess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
