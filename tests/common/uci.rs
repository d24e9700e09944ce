//! Driving `vdmchess uci` in the integration tests: starting it, and the positions and
//! `bestmove` lines its answers are checked against.

use std::process::{Child, Command, Stdio};

use vdmchess::core::Chess;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::uci::UciMove;
use vdmchess::{Rules, Setup};

/// `vdmchess uci` started with its standard input and output piped (standard error dropped).
pub fn start() -> Child {
    Command::new(env!("CARGO_BIN_EXE_vdmchess"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("vdmchess uci starts")
}

/// The position after UCI `moves` from `fen` (the start position when `None`).
pub fn game(fen: Option<&str>, moves: &[&str]) -> Chess {
    let setup = fen.map_or_else(Setup::start, |f| parse_fen(f).unwrap());
    let mut g = Chess::from_setup(&setup, setup.castling_mode_hint()).unwrap();
    for m in moves {
        let mv = UciMove::from_ascii(m.as_bytes())
            .unwrap()
            .to_move(&g)
            .unwrap();
        g.play_unchecked(&mv);
    }
    g
}

/// The move of a `bestmove` line, checked legal in `g`.
pub fn assert_legal_bestmove(line: &str, g: &Chess) {
    let text = line
        .split_whitespace()
        .nth(1)
        .expect("a move after bestmove");
    let m = UciMove::from_ascii(text.as_bytes()).expect("uci move text");
    assert!(
        m.to_move(g).is_ok(),
        "{line} is not legal in {}",
        g.to_setup().to_fen()
    );
}
