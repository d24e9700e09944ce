//! A child process spoken to a line at a time, with deadlines, and always ended.
//!
//! Standard output and standard error are read by two threads each into its own queue, so a
//! silent or flooding child never blocks the caller: [`Process::next_line`] waits for the next
//! line of standard output at most until a deadline. The last lines of both streams are kept,
//! to be quoted when something goes wrong. Dropping a [`Process`] kills the child (and, on
//! Unix, every process in its process group, which it leads) and reaps it, so no zombie and no
//! orphan is left, whatever happened.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How many lines of each stream are kept for quoting.
pub const TAIL_LINES: usize = 12;

/// The longest line kept (longer lines are cut, so a flood cannot exhaust memory).
const MAX_LINE: usize = 4096;

/// What waiting for a line of standard output gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// A line, without its line break.
    Line(String),
    /// Standard output was closed (the child exited or closed it).
    Closed,
    /// The deadline passed first.
    TimedOut,
}

/// The last lines a child printed on each stream.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Transcript {
    /// The last lines of standard output.
    pub stdout: Vec<String>,
    /// The last lines of standard error.
    pub stderr: Vec<String>,
}

impl std::fmt::Display for Transcript {
    /// `; it printed: "a" "b"; its standard error ended with: "c"`, or nothing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let quote = |lines: &[String]| {
            lines
                .iter()
                .map(|l| format!("{l:?}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        if self.stdout.is_empty() {
            f.write_str("; it printed nothing")?;
        } else {
            write!(f, "; it printed (last lines): {}", quote(&self.stdout))?;
        }
        if !self.stderr.is_empty() {
            write!(
                f,
                "; its standard error ended with: {}",
                quote(&self.stderr)
            )?;
        }
        Ok(())
    }
}

/// A running child process (see the module docs).
///
/// # Examples
///
/// ```
/// # #[cfg(unix)] {
/// use std::time::{Duration, Instant};
/// use vdmchess::oracle::process::{Next, Process};
/// let mut cat = Process::spawn(&["cat".to_string()]).unwrap();
/// cat.send("hello").unwrap();
/// let soon = Instant::now() + Duration::from_secs(10);
/// assert_eq!(cat.next_line(soon), Next::Line("hello".into()));
/// cat.close_stdin();
/// assert_eq!(cat.next_line(soon), Next::Closed);
/// # }
/// ```
#[derive(Debug)]
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    recent: VecDeque<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The threads reading standard output and standard error (finished at their end).
    readers: Vec<JoinHandle<()>>,
}

impl Process {
    /// Starts `argv[0]` with the rest as arguments, its standard streams piped.
    ///
    /// # Errors
    ///
    /// The [`std::io::Error`] of spawning (no such program, not executable ...), or
    /// [`std::io::ErrorKind::InvalidInput`] when `argv` is empty.
    pub fn spawn(argv: &[String]) -> std::io::Result<Process> {
        let Some((program, args)) = argv.split_first() else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "empty command",
            ));
        };
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take();
        let (tx, lines) = mpsc::channel();
        let mut readers = Vec::with_capacity(2);
        if let Some(out) = child.stdout.take() {
            readers.push(std::thread::spawn(move || {
                for line in read_lines(out) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }));
        }
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = child.stderr.take() {
            let tail = Arc::clone(&stderr);
            readers.push(std::thread::spawn(move || {
                for line in read_lines(err) {
                    if let Ok(mut tail) = tail.lock() {
                        push_tail(&mut tail, line);
                    }
                }
            }));
        }
        Ok(Process {
            child,
            stdin,
            lines,
            recent: VecDeque::new(),
            stderr,
            readers,
        })
    }

    /// The child's process id.
    #[must_use]
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes `line` and a line break to the child's standard input.
    ///
    /// # Errors
    ///
    /// The write error (a child that exited closes its input: [`std::io::ErrorKind::BrokenPipe`]).
    pub fn send(&mut self, line: &str) -> std::io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// Closes the child's standard input (end of file for it).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line of standard output, waiting at most until `deadline`.
    pub fn next_line(&mut self, deadline: Instant) -> Next {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                push_tail(&mut self.recent, line.clone());
                Next::Line(line)
            }
            Err(RecvTimeoutError::Timeout) => Next::TimedOut,
            Err(RecvTimeoutError::Disconnected) => Next::Closed,
        }
    }

    /// Waits for the child to exit, at most until `deadline`; its status if it did.
    pub fn wait_until(&mut self, deadline: Instant) -> Option<ExitStatus> {
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(2));
                }
                _ => return None,
            }
        }
    }

    /// How the child ended, if it has: waits a moment for a child whose output just closed.
    #[must_use]
    pub fn exit_status(&mut self) -> Option<ExitStatus> {
        self.wait_until(Instant::now() + Duration::from_millis(500))
    }

    /// The last lines of standard output and standard error, those not yet read by
    /// [`Process::next_line`] included (they are taken: ask for the transcript when giving up
    /// on the child). Of a child that has exited, everything it printed: its streams are read
    /// to their end first (for at most half a second, in case a process it started keeps them
    /// open).
    #[must_use]
    pub fn transcript(&mut self) -> Transcript {
        let until = Instant::now() + Duration::from_millis(500);
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            while self.readers.iter().any(|r| !r.is_finished()) && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(2));
            }
        } else {
            // A live child: give the readers a moment with what it just wrote.
            std::thread::sleep(Duration::from_millis(20));
        }
        while let Ok(line) = self.lines.try_recv() {
            push_tail(&mut self.recent, line);
        }
        Transcript {
            stdout: self.recent.iter().cloned().collect(),
            stderr: self
                .stderr
                .lock()
                .map(|t| t.iter().cloned().collect())
                .unwrap_or_default(),
        }
    }

    /// Kills the child and every process of its group, and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        kill_group(self.child.id());
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Kills what is left of the process group the child led (processes it started), by the
/// group id, which is the child's own id.
#[cfg(unix)]
fn kill_group(pgid: u32) {
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{pgid}")])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

#[cfg(not(unix))]
fn kill_group(_pgid: u32) {}

fn push_tail(tail: &mut VecDeque<String>, line: String) {
    if tail.len() == TAIL_LINES {
        tail.pop_front();
    }
    tail.push_back(line);
}

/// The lines of `stream`, lossily decoded, each cut to [`MAX_LINE`] bytes, without line breaks.
fn read_lines(stream: impl Read) -> impl Iterator<Item = String> {
    let mut reader = BufReader::new(stream);
    std::iter::from_fn(move || {
        let mut line = Vec::new();
        loop {
            let chunk = match reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => &[],
            };
            if chunk.is_empty() {
                break;
            }
            let (take, done) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let room = MAX_LINE.saturating_sub(line.len());
            line.extend_from_slice(&chunk[..take.min(room)]);
            reader.consume(take);
            if done {
                let text = String::from_utf8_lossy(&line);
                return Some(text.trim_end_matches(['\n', '\r']).to_string());
            }
        }
        if line.is_empty() {
            None
        } else {
            Some(String::from_utf8_lossy(&line).into_owned())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_cut_and_last_without_break() {
        let long = "x".repeat(MAX_LINE + 10);
        let text = format!("a\r\n{long}\nlast");
        let lines: Vec<String> = read_lines(text.as_bytes()).collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], "a");
        assert_eq!(lines[1].len(), MAX_LINE);
        assert_eq!(lines[2], "last");
    }
}
