//! Random SAN text for the property tests of the spec's PGN module and Runner.

use vdmchess::model::array::Squares;
use vdmchess::model::board::Move;
use vdmchess::model::game::Game;
use vdmchess::model::port::to_port_move;
use vdmchess::notation::pgn::{PgnReader, TextPos, Visitor};
use vdmchess::notation::san as nsan;

/// The text `notation::san` writes for model move `m` on `g`.
pub fn notation_text(g: &Game, m: Move) -> String {
    let port = to_port_move(&Squares::of(g.board().state()), &m);
    nsan::san_plus(g, &port).to_string()
}

/// A small deterministic generator (xorshift) for the texts of one case.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn pick<'a>(&mut self, from: &'a [&'a str]) -> &'a str {
        from[self.below(from.len())]
    }
}

pub const ALPHABET: &[u8] = b"NBRQKPOo0-x=+#!?:abcdefghi123456789 ";

/// A text to read on `g`: the SAN of a legal move, often changed into something that may be
/// ambiguous, illegal or not SAN.
pub fn random_text(g: &Game, moves: &[Move], rng: &mut Rng) -> String {
    let change = rng.below(14);
    let texts: Vec<String> = moves.iter().map(|&m| notation_text(g, m)).collect();
    // Dropping a disambiguation makes ambiguous SAN: prefer a move that has one.
    let disambiguated: Vec<&String> = texts
        .iter()
        .filter(|t| {
            let body = t.trim_end_matches(['+', '#']).replace('x', "");
            body.len() > 3
                && body.starts_with(|c: char| c.is_ascii_uppercase())
                && !body.contains('=')
        })
        .collect();
    let base = if change == 1 && !disambiguated.is_empty() && rng.below(2) == 0 {
        disambiguated[rng.below(disambiguated.len())].clone()
    } else if texts.is_empty() {
        "e4".to_string()
    } else {
        texts[rng.below(texts.len())].clone()
    };
    let mut t: Vec<char> = base.chars().collect();
    let square = |rng: &mut Rng| {
        format!(
            "{}{}",
            (b'a' + rng.below(8) as u8) as char,
            (b'1' + rng.below(8) as u8) as char
        )
    };
    match change {
        0 => {}
        // Drop the disambiguation (and any x): `Nbd7` -> `Nd7`, `exd5` -> `xd5` or `d5`,
        // maybe ambiguous (the x does not choose the move).
        1 => {
            let s: String = t.iter().collect();
            let body = s.trim_end_matches(['+', '#']);
            if body.len() > 3 && body.starts_with(|c: char| c.is_ascii_uppercase()) {
                let tail = &body[body.len() - 2..];
                t = format!("{}{}", &body[..1], tail).chars().collect();
            } else if body.len() >= 4 && body.as_bytes()[1] == b'x' {
                t = body[1 + rng.below(2)..].chars().collect();
            }
        }
        // Another piece letter (or none, or P).
        2 => {
            let l = rng.pick(&["N", "B", "R", "Q", "K", "", "P"]);
            let s: String = t.iter().collect();
            let rest = s.trim_start_matches(['N', 'B', 'R', 'Q', 'K']);
            t = format!("{l}{rest}").chars().collect();
        }
        // Another target square.
        3 => {
            if let Some(i) = t.iter().rposition(|c| c.is_ascii_digit()) {
                if i >= 1 {
                    let sq = square(rng);
                    t.splice(i - 1..=i, sq.chars());
                }
            }
        }
        // Toggle the x.
        4 => match t.iter().position(|&c| c == 'x') {
            Some(i) => {
                t.remove(i);
            }
            None if t.len() > 2 => {
                let at = t.len() - 2 - usize::from(t.ends_with(&['+']) || t.ends_with(&['#']));
                t.insert(at, 'x');
            }
            None => {}
        },
        // Another check mark.
        5 => {
            while matches!(t.last(), Some('+' | '#')) {
                t.pop();
            }
            t.extend(rng.pick(&["", "+", "#", "++", "+#"]).chars());
        }
        // Over-disambiguate with a file, a rank or a square (right or wrong).
        6 => {
            if t.first().is_some_and(char::is_ascii_uppercase) {
                let d = match rng.below(3) {
                    0 => ((b'a' + rng.below(8) as u8) as char).to_string(),
                    1 => ((b'1' + rng.below(8) as u8) as char).to_string(),
                    _ => square(rng),
                };
                t.splice(1..1, d.chars());
            }
        }
        // Random characters.
        7 => {
            let n = 1 + rng.below(7);
            t = (0..n)
                .map(|_| ALPHABET[rng.below(ALPHABET.len())] as char)
                .collect();
        }
        // Insert, delete or replace a character.
        8 => {
            let at = rng.below(t.len() + 1);
            t.insert(at, ALPHABET[rng.below(ALPHABET.len())] as char);
        }
        9 => {
            if !t.is_empty() {
                t.remove(rng.below(t.len()));
            }
        }
        // Promotions, right and wrong.
        10 => t.extend(rng.pick(&["=Q", "=N", "=K", "=q", "Q", "=", "=P"]).chars()),
        // Castling, right and wrong.
        11 => {
            t = rng
                .pick(&[
                    "O-O", "O-O-O", "0-0", "O-O+", "O-O-O#", "O-O-O-O", "OO", "o-o",
                ])
                .chars()
                .collect();
        }
        // Pawn moves with ranks, coordinates.
        12 => {
            t = format!(
                "{}{}{}",
                rng.pick(&["e", "d", "", "e2", "ex", "P"]),
                rng.pick(&["", "x", "-"]),
                square(rng)
            )
            .chars()
            .collect();
        }
        // Glyphs and the en-passant mark.
        _ => t.extend(rng.pick(&["!", "?", "!?", "e.p.", "ep"]).chars()),
    }
    t.into_iter().collect()
}

/// The SAN tokens of a game's mainline as the PGN reader gives them.
pub struct Sans(Vec<String>);

impl Visitor for Sans {
    type Output = Vec<String>;
    fn san(&mut self, san: &[u8], _at: TextPos) {
        self.0.push(String::from_utf8_lossy(san).into_owned());
    }
    fn end_game(&mut self) -> Vec<String> {
        std::mem::take(&mut self.0)
    }
}

pub fn reader_sans(movetext: &str) -> Vec<String> {
    let mut reader = PgnReader::new(movetext.as_bytes());
    reader
        .read_game(&mut Sans(Vec::new()))
        .unwrap()
        .unwrap_or_default()
}
