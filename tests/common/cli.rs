//! Running the `vdmchess` binary in the integration tests.

use std::io::Write;
use std::process::{Command, ExitStatus, Output, Stdio};

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

/// Runs `vdmchess ARGS` with its standard output a pipe whose reader has already gone (as
/// after `| head`), and, when `stderr_too`, its standard error the same pipe (`2>&1 | head`).
/// Returns the exit status and what it wrote to standard error (empty when `stderr_too`).
///
/// The pipe is the standard input of a `true` that has exited: no process reads it, before
/// `vdmchess` starts.
#[cfg(unix)]
pub fn vdmchess_into_closed_pipe(args: &[&str], stderr_too: bool) -> (ExitStatus, String) {
    use std::os::fd::OwnedFd;
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("true runs");
    let writer = OwnedFd::from(reader.stdin.take().expect("its standard input"));
    reader.wait().expect("true ends");
    let mut command = Command::new(env!("CARGO_BIN_EXE_vdmchess"));
    command.args(args).stdin(Stdio::null());
    if stderr_too {
        command.stderr(writer.try_clone().expect("a second writer"));
    } else {
        command.stderr(Stdio::piped());
    }
    command.stdout(writer);
    let output = command.output().expect("the binary runs");
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
