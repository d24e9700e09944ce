//! Writing a [`Game`] as PGN export text (PGN standard, section 8).
//!
//! The Seven Tag Roster comes first, in its order, with the standard's defaults (`?`,
//! `????.??.??`, and the result token) for missing tags; the other tags follow in their
//! order. Then a blank line, the movetext wrapped at 80 columns (a comment is never broken,
//! so a long one may exceed it), the result, and a blank line.
//!
//! Comments are written `{text}`; a comment containing `}` (which only a `;` comment can
//! hold) is written as a `;` comment, or, if it also holds a line break, with its `}` removed.
//! Reading the output gives back the same lines, NAGs, comments and result.

use std::fmt;

use super::{Game, Item, Outcome};
use crate::notation::fen::parse_fen;
use crate::types::Color;

/// The Seven Tag Roster (PGN standard 8.1.1), in export order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Where the movetext wraps.
const WIDTH: usize = 80;

struct Out<'a> {
    s: &'a mut String,
    col: usize,
    glue: bool,
}

impl Out<'_> {
    fn token(&mut self, t: &str) {
        if self.col > 0 && !self.glue {
            if self.col + 1 + t.len() > WIDTH {
                self.s.push('\n');
                self.col = 0;
            } else {
                self.s.push(' ');
                self.col += 1;
            }
        }
        self.glue = false;
        self.s.push_str(t);
        match t.rfind('\n') {
            Some(nl) => self.col = t.len() - nl - 1,
            None => self.col += t.len(),
        }
    }

    fn newline(&mut self) {
        self.s.push('\n');
        self.col = 0;
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The result token a game is written with: its own, else a valid Result tag, else `*`.
fn result_token(game: &Game) -> &'static str {
    match game.result {
        Some(o) => Outcome::token(o),
        None => game
            .tag("Result")
            .and_then(|t| Outcome::from_token(t.as_bytes()))
            .map_or("*", Outcome::token),
    }
}

/// The ply (0 = White's first move) of the first move, from the FEN tag if any.
fn first_ply(game: &Game) -> u64 {
    game.tag("FEN")
        .and_then(|f| parse_fen(f).ok())
        .map_or(0, |s| {
            2 * u64::from(s.fullmoves.max(1) - 1) + u64::from(s.turn == Color::Black)
        })
}

struct Frame {
    line: usize,
    item: usize,
    /// The ply of the next move.
    ply: u64,
    moves: usize,
    need_number: bool,
}

/// Appends `game` as PGN export text to `out`.
///
/// ```
/// use vdmchess::notation::pgn::{write_game, Game};
/// let game = &Game::read_all("1. e4 e5 (1... c5 $1) 2. Nf3 {ok} Nc6 1-0".as_bytes()).unwrap()[0];
/// let mut text = String::new();
/// write_game(game, &mut text);
/// assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]"));
/// assert!(text.ends_with("\n\n1. e4 e5 (1... c5 $1) 2. Nf3 {ok} 2... Nc6 1-0\n\n"));
/// ```
pub fn write_game(game: &Game, out: &mut String) {
    let result = result_token(game);
    for name in SEVEN_TAG_ROSTER {
        let value = match (game.tag(name), name) {
            (Some(v), _) => v,
            (None, "Date") => "????.??.??",
            (None, "Result") => result,
            (None, _) => "?",
        };
        push_tag(out, name, value);
    }
    for (name, value) in &game.tags {
        if !SEVEN_TAG_ROSTER.contains(&name.as_str()) {
            push_tag(out, name, value);
        }
    }
    out.push('\n');
    let mut o = Out {
        s: out,
        col: 0,
        glue: false,
    };
    let mut stack = vec![Frame {
        line: 0,
        item: 0,
        ply: first_ply(game),
        moves: 0,
        need_number: true,
    }];
    while let Some(top) = stack.last_mut() {
        let Some(item) = game.lines.get(top.line).and_then(|l| l.items.get(top.item)) else {
            stack.pop();
            if let Some(parent) = stack.last_mut() {
                o.glue = true;
                o.token(")");
                parent.need_number = true;
            }
            continue;
        };
        top.item += 1;
        match item {
            Item::Move(san) => {
                let number = top.ply / 2 + 1;
                if top.ply % 2 == 0 {
                    o.token(&format!("{number}."));
                } else if top.need_number {
                    o.token(&format!("{number}..."));
                }
                o.token(san);
                top.ply += 1;
                top.moves += 1;
                top.need_number = false;
            }
            Item::Nag(n) => o.token(&format!("${n}")),
            Item::Comment(text) => {
                if text.contains('}') && !text.contains('\n') {
                    o.token(&format!(";{text}"));
                    o.newline();
                } else {
                    o.token(&format!("{{{}}}", text.replace('}', "")));
                }
                top.need_number = true;
            }
            Item::Variation(index) => {
                let ply = if top.moves > 0 { top.ply - 1 } else { top.ply };
                top.need_number = true;
                if stack.len() > game.lines.len() {
                    // Only a hand-made game with a cycle of variations gets here.
                    continue;
                }
                o.token("(");
                o.glue = true;
                stack.push(Frame {
                    line: *index,
                    item: 0,
                    ply,
                    moves: 0,
                    need_number: true,
                });
            }
        }
    }
    o.glue = false;
    o.token(result);
    out.push_str("\n\n");
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    out.push_str(&escape(value));
    out.push_str("\"]\n");
}

impl fmt::Display for Game {
    /// The game as PGN export text (see [`write_game`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_game(self, &mut s);
        f.write_str(&s)
    }
}
