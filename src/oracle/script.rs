//! [`ScriptEngine`]: an engine reached through perftree's script convention.
//!
//! perftree runs `SCRIPT DEPTH "FEN" "MOVES"` once per query and reads `e2e4 20` lines, a
//! blank line and the total. So does this engine: the command given (split as a shell would)
//! gets three more arguments, the depth, the start FEN and, when the case has moves, the moves
//! separated by spaces. The script must exit within the timeout; it is killed otherwise.

use std::time::{Duration, Instant};

use super::case::Case;
use super::divide::{parse_perftree, Divide};
use super::engine::{Engine, EngineError};
use super::process::{Next, Process};
use super::shell::{quote, split_command};

/// A perftree-style script (see the module docs).
///
/// # Examples
///
/// A script that always answers one move:
///
/// ```
/// # #[cfg(unix)] {
/// use std::time::Duration;
/// use vdmchess::oracle::{case::Case, engine::Engine, script::ScriptEngine};
/// use vdmchess::{CastlingMode, Setup};
/// let mut script = ScriptEngine::new(r#"sh -c 'printf "e2e4 1\n\n1\n"' script"#, Duration::from_secs(10)).unwrap();
/// let d = script.divide(&Case::at(Setup::start(), CastlingMode::Standard), 1).unwrap();
/// assert_eq!(d.moves, [("e2e4".to_string(), 1)]);
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct ScriptEngine {
    argv: Vec<String>,
    command: String,
    timeout: Duration,
}

impl ScriptEngine {
    /// The script `command` (split as a shell would), each run given at most `timeout`.
    ///
    /// # Errors
    ///
    /// [`EngineError::Start`] when the command line cannot be split.
    pub fn new(command: &str, timeout: Duration) -> Result<ScriptEngine, EngineError> {
        let argv = split_command(command).map_err(|e| EngineError::Start {
            command: command.to_string(),
            message: e.to_string(),
        })?;
        Ok(ScriptEngine {
            argv,
            command: command.to_string(),
            timeout,
        })
    }
}

impl Engine for ScriptEngine {
    fn divide(&mut self, case: &Case, depth: u32) -> Result<Divide, EngineError> {
        let mut argv = self.argv.clone();
        argv.push(depth.to_string());
        argv.push(case.start_fen());
        let moves = case.uci_moves().join(" ");
        if !moves.is_empty() {
            argv.push(moves);
        }
        let asked = argv.iter().map(|a| quote(a)).collect::<Vec<_>>().join(" ");
        let mut process = Process::spawn(&argv).map_err(|e| EngineError::Start {
            command: self.command.clone(),
            message: e.to_string(),
        })?;
        process.close_stdin();
        let deadline = Instant::now() + self.timeout;
        let mut output = String::new();
        loop {
            match process.next_line(deadline) {
                Next::Line(line) => {
                    output.push_str(&line);
                    output.push('\n');
                }
                Next::Closed => break,
                Next::TimedOut => {
                    return Err(EngineError::Timeout {
                        asked,
                        awaited: "its output to end".into(),
                        timeout: self.timeout,
                        transcript: process.transcript(),
                    })
                }
            }
        }
        match process.wait_until(deadline) {
            Some(status) if status.success() => {}
            status => {
                return Err(EngineError::Exited {
                    asked,
                    status: status.map_or("still running".into(), |s| s.to_string()),
                    transcript: process.transcript(),
                })
            }
        }
        parse_perftree(&output).map_err(|error| EngineError::NotADivide {
            asked,
            error,
            transcript: process.transcript(),
        })
    }

    fn cli_flag(&self) -> Option<String> {
        Some(format!("--script {}", quote(&self.command)))
    }
}
