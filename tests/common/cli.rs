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
    let mut command = into_closed_pipe(args, stderr_too);
    command.stdin(Stdio::null());
    let output = command.output().expect("the binary runs");
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// [`vdmchess_into_closed_pipe`], with `input` written to its standard input, which then
/// stays open (as a GUI's would) until the process ends or `deadline` passes; `None` when
/// it has not ended by then (it is killed).
#[cfg(unix)]
pub fn vdmchess_into_closed_pipe_with_input(
    args: &[&str],
    input: &str,
    deadline: std::time::Duration,
) -> Option<(ExitStatus, String)> {
    use std::io::Read;
    let mut child = into_closed_pipe(args, false)
        .stdin(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("its standard input");
    stdin
        .write_all(input.as_bytes())
        .expect("the input is written");
    let start = std::time::Instant::now();
    while child.try_wait().expect("the child is waited for").is_none() {
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(stdin);
    let mut stderr = String::new();
    let _ = child
        .stderr
        .take()
        .expect("its standard error")
        .read_to_string(&mut stderr);
    Some((child.wait().expect("the child ended"), stderr))
}

/// A `vdmchess ARGS` command whose standard output (and standard error, when `stderr_too`;
/// else a pipe to read) is a pipe no process reads.
#[cfg(unix)]
fn into_closed_pipe(args: &[&str], stderr_too: bool) -> Command {
    use std::os::fd::OwnedFd;
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("true runs");
    let writer = OwnedFd::from(reader.stdin.take().expect("its standard input"));
    reader.wait().expect("true ends");
    let mut command = Command::new(env!("CARGO_BIN_EXE_vdmchess"));
    command.args(args);
    if stderr_too {
        command.stderr(writer.try_clone().expect("a second writer"));
    } else {
        command.stderr(Stdio::piped());
    }
    command.stdout(writer);
    command
}
