//! `vdmchess._vdmchess`: the Rust half of the Python package `vdmchess`.
//!
//! Everything here is glue over the `vdmchess` crate: the rules, the notation, the runner
//! and the oracle are the crate's. The Python half (`vdmchess/__init__.py`) adds the plain
//! values python-chess users expect (`Piece`, `Outcome`, `Termination`, the constants) and
//! assembles Arrow tables from the buffers `replay_movetext` fills.

mod arrow_c;
mod batch;
mod board;
mod values;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use vdmchess::core::Chess;
use vdmchess::notation::fen::parse_fen;
use vdmchess::rules::perft as rules_perft;
use vdmchess::{model, Rules};

create_exception!(
    vdmchess,
    InvalidMoveError,
    PyValueError,
    "Move text that is not a move at all (python-chess 1.11's name): `xyz`, `e9e4`."
);
create_exception!(
    vdmchess,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position (python-chess 1.11's name); the message says why."
);
create_exception!(
    vdmchess,
    AmbiguousMoveError,
    PyValueError,
    "SAN that names more than one legal move (python-chess 1.11's name)."
);

/// Which implementation of the rules a Board or a replay runs on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum RulesChoice {
    /// The fast bitboard core.
    Core,
    /// The reference model, the executable specification.
    Model,
    /// Both in lock step (replay only).
    Both,
}

impl RulesChoice {
    pub(crate) fn parse(name: &str, both_allowed: bool) -> PyResult<RulesChoice> {
        match name {
            "core" => Ok(RulesChoice::Core),
            "model" => Ok(RulesChoice::Model),
            "both" if both_allowed => Ok(RulesChoice::Both),
            _ => {
                let allowed = if both_allowed {
                    "'core', 'model' or 'both'"
                } else {
                    "'core' or 'model'"
                };
                Err(PyValueError::new_err(format!(
                    "rules must be {allowed}, not {name:?}"
                )))
            }
        }
    }
}

/// The number of leaf nodes of the legal move tree `depth` plies deep from `fen` (perft),
/// counted without the GIL.
///
/// `rules="model"` counts on the specification (much slower) instead of the core.
#[pyfunction]
#[pyo3(signature = (fen, depth, *, rules = "core"))]
fn perft(py: Python<'_>, fen: &str, depth: u32, rules: &str) -> PyResult<u64> {
    let choice = RulesChoice::parse(rules, false)?;
    let setup = parse_fen(fen).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mode = setup.castling_mode_hint();
    let bad = |e: vdmchess::SetupError| PyValueError::new_err(e.to_string());
    match choice {
        RulesChoice::Model => {
            let pos = model::game::Game::from_setup(&setup, mode).map_err(bad)?;
            Ok(py.allow_threads(|| rules_perft(&pos, depth)))
        }
        _ => {
            let pos = Chess::from_setup(&setup, mode).map_err(bad)?;
            Ok(py.allow_threads(|| rules_perft(&pos, depth)))
        }
    }
}

#[pymodule]
fn _vdmchess(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add_class::<board::Move>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<batch::ReplayIter>()?;
    m.add_class::<batch::PgnBlocks>()?;
    m.add_class::<batch::RustBuffer>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(batch::replay, m)?)?;
    m.add_function(wrap_pyfunction!(batch::replay_movetext_buffers, m)?)?;
    m.add_function(wrap_pyfunction!(batch::replay_movetext_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(batch::replay_arrow_blocks, m)?)?;
    Ok(())
}
