//! Engines the oracle asks for perft divides: the [`Engine`] trait, its errors, and
//! [`UciEngine`], any program that speaks UCI and answers Stockfish's `go perft N`.
//!
//! The conversation with a UCI engine: `uci` until `uciok`, `isready` until `readyok`; per
//! query, `setoption name UCI_Chess960 value true|false` when the castling mode changes,
//! `isready`/`readyok` (which also drops anything left over from before), then
//! `position fen F moves ...` and `go perft D`, read by [`StockfishReader`] up to
//! `Nodes searched: N`. Every wait has the same deadline, the timeout given at the start. Only
//! validated positions and legal moves are ever sent (some engines die on anything else).
//! Dropping the engine sends `quit`, then kills the process and reaps it.

use std::fmt;
use std::time::{Duration, Instant};

use super::case::Case;
use super::divide::{Divide, NotADivide, ReadStep, StockfishReader};
use super::process::{Next, Process, Transcript};
use super::shell::{quote, split_command};
use crate::setup::CastlingMode;

/// Something that answers perft divide queries about [`Case`]s: a UCI engine, a perftree
/// script, or a move generator in this process.
pub trait Engine {
    /// The divide of the position `case` reaches, `depth` plies deep (at least 1).
    ///
    /// # Errors
    ///
    /// [`EngineError`] when the engine does not answer, dies, or prints something else.
    fn divide(&mut self, case: &Case, depth: u32) -> Result<Divide, EngineError>;

    /// The `vdmchess diff` arguments that name this engine (`--engine 'CMD'`), when it can be
    /// named on a command line.
    fn cli_flag(&self) -> Option<String>;
}

/// What went wrong with an engine. Each variant keeps what the engine printed last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The command line could not be split or the program could not be started.
    Start {
        /// The command line.
        command: String,
        /// Why not.
        message: String,
    },
    /// The engine did not answer in time.
    Timeout {
        /// What it was asked (`uci`, `isready`, `go perft 3` ...).
        asked: String,
        /// The answer awaited (`uciok`, `readyok`, `a divide`).
        awaited: String,
        /// The timeout.
        timeout: Duration,
        /// Its last output.
        transcript: Transcript,
    },
    /// The engine exited, or closed its output, before answering.
    Exited {
        /// What it was asked.
        asked: String,
        /// How it ended (`exit status: 1`, `signal: 11` ...), if known.
        status: String,
        /// Its last output.
        transcript: Transcript,
    },
    /// The engine printed something that is not the awaited answer.
    NotADivide {
        /// What it was asked.
        asked: String,
        /// The line and what is wrong with it.
        error: NotADivide,
        /// Its last output.
        transcript: Transcript,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Start { command, message } => {
                write!(f, "cannot start engine {command:?}: {message}")
            }
            EngineError::Timeout {
                asked,
                awaited,
                timeout,
                transcript,
            } => write!(
                f,
                "the engine did not answer `{asked}` with {awaited} within {} s{transcript}",
                timeout.as_secs_f64()
            ),
            EngineError::Exited {
                asked,
                status,
                transcript,
            } => write!(
                f,
                "the engine exited ({status}) before answering `{asked}`{transcript}"
            ),
            EngineError::NotADivide {
                asked,
                error,
                transcript,
            } => write!(
                f,
                "the engine's answer to `{asked}` is not a perft divide: {error}{transcript}"
            ),
        }
    }
}

impl std::error::Error for EngineError {}

/// A UCI engine in a child process (see the module docs).
///
/// # Examples
///
/// ```no_run
/// use std::time::Duration;
/// use vdmchess::oracle::{case::Case, engine::{Engine, UciEngine}};
/// use vdmchess::{CastlingMode, Setup};
/// let mut stockfish = UciEngine::start("stockfish", Duration::from_secs(30))?;
/// let divide = stockfish.divide(&Case::at(Setup::start(), CastlingMode::Standard), 3)?;
/// assert_eq!(divide.total, 8902);
/// # Ok::<(), vdmchess::oracle::engine::EngineError>(())
/// ```
#[derive(Debug)]
pub struct UciEngine {
    process: Process,
    command: String,
    timeout: Duration,
    chess960: Option<bool>,
    name: Option<String>,
}

impl UciEngine {
    /// Starts `command` (split as a shell would, see [`split_command`]) and waits for `uciok`
    /// and `readyok`, each at most `timeout`.
    ///
    /// # Errors
    ///
    /// [`EngineError::Start`] when it cannot be started; the other variants when it does not
    /// answer as a UCI engine.
    pub fn start(command: &str, timeout: Duration) -> Result<UciEngine, EngineError> {
        let start_error = |message: String| EngineError::Start {
            command: command.to_string(),
            message,
        };
        let argv = split_command(command).map_err(|e| start_error(e.to_string()))?;
        let process = Process::spawn(&argv).map_err(|e| start_error(e.to_string()))?;
        let mut engine = UciEngine {
            process,
            command: command.to_string(),
            timeout,
            chess960: None,
            name: None,
        };
        engine.send("uci")?;
        let deadline = engine.deadline();
        loop {
            let line = engine.next_line("uci", "`uciok`", deadline)?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = Some(name.trim().to_string());
            }
        }
        engine.sync()?;
        Ok(engine)
    }

    /// The name the engine gave (`id name ...`), if any.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The engine's process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.process.id()
    }

    fn deadline(&self) -> Instant {
        Instant::now() + self.timeout
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        if self.process.send(line).is_err() {
            let status = self.status();
            return Err(EngineError::Exited {
                asked: line.to_string(),
                status,
                transcript: self.process.transcript(),
            });
        }
        Ok(())
    }

    fn status(&mut self) -> String {
        match self.process.exit_status() {
            Some(s) => s.to_string(),
            None => "output closed, still running".to_string(),
        }
    }

    /// The next line, or the error of waiting for `awaited` after asking `asked`.
    fn next_line(
        &mut self,
        asked: &str,
        awaited: &str,
        deadline: Instant,
    ) -> Result<String, EngineError> {
        match self.process.next_line(deadline) {
            Next::Line(line) => Ok(line),
            Next::TimedOut => Err(EngineError::Timeout {
                asked: asked.to_string(),
                awaited: awaited.to_string(),
                timeout: self.timeout,
                transcript: self.process.transcript(),
            }),
            Next::Closed => {
                let status = self.status();
                Err(EngineError::Exited {
                    asked: asked.to_string(),
                    status,
                    transcript: self.process.transcript(),
                })
            }
        }
    }

    /// `isready` until `readyok`, dropping every line before it.
    fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = self.deadline();
        while self.next_line("isready", "`readyok`", deadline)?.trim() != "readyok" {}
        Ok(())
    }
}

impl Engine for UciEngine {
    fn divide(&mut self, case: &Case, depth: u32) -> Result<Divide, EngineError> {
        let chess960 = case.mode == CastlingMode::Chess960;
        if self.chess960 != Some(chess960) {
            self.send(&format!("setoption name UCI_Chess960 value {chess960}"))?;
            self.chess960 = Some(chess960);
        }
        self.sync()?;
        self.send(&case.uci_position())?;
        let go = format!("go perft {depth}");
        self.send(&go)?;
        let deadline = self.deadline();
        let mut reader = StockfishReader::default();
        loop {
            let line = self.next_line(&go, "a divide", deadline)?;
            match reader.read_line(&line) {
                Ok(ReadStep::More) => {}
                Ok(ReadStep::Done(divide)) => return Ok(divide),
                Err(error) => {
                    return Err(EngineError::NotADivide {
                        asked: go,
                        error,
                        transcript: self.process.transcript(),
                    })
                }
            }
        }
    }

    fn cli_flag(&self) -> Option<String> {
        Some(format!("--engine {}", quote(&self.command)))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.process.send("quit");
        self.process.close_stdin();
        // A well-behaved engine exits at once; the process's own drop kills it otherwise.
        let _ = self
            .process
            .wait_until(Instant::now() + Duration::from_millis(100));
    }
}

impl<E: Engine + ?Sized> Engine for Box<E> {
    fn divide(&mut self, case: &Case, depth: u32) -> Result<Divide, EngineError> {
        (**self).divide(case, depth)
    }

    fn cli_flag(&self) -> Option<String> {
        (**self).cli_flag()
    }
}
