//! FEN text of a [`Setup`]: X-FEN as python-chess writes it, and Shredder-FEN.
//!
//! [`Setup::to_fen`] writes `KQkq` where the right's rook is the outermost on its side, its
//! file letter otherwise. (Exactly: a letter `K`/`Q` is written when the FEN reader,
//! [`crate::notation::fen::parse_fen`], would read it back as that right's square, so writing
//! and reading again is a fixed point even for rights the validator rejects.)
//! [`Setup::to_shredder_fen`] always writes file letters (`HAha`). The en-passant square is
//! written as the setup holds it; the rule implementations put it there only when an
//! en-passant capture is legal.
//!
//! The writer lives here, with [`Setup`], so that the model and the core, which write FEN in
//! their messages, never reach up into `notation/`.

use super::Setup;
use crate::types::{file_char, Color, Piece, Role};

impl Setup {
    /// The placement field of the FEN (`rnbqkbnr/pppppppp/8/...`).
    #[must_use]
    pub fn board_fen(&self) -> String {
        let mut out = String::with_capacity(72);
        self.push_board_fen(&mut out);
        out
    }

    fn push_board_fen(&self, out: &mut String) {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.board[(rank * 8 + file) as usize] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.char());
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
    }

    /// The X-FEN of this setup, as python-chess writes it.
    ///
    /// ```
    /// use vdmchess::Setup;
    /// assert_eq!(Setup::chess960_start(0).to_shredder_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// ```
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.fen_with(self.castling_xfen())
    }

    /// The Shredder-FEN of this setup: castling rights as rook files (`HAha`).
    #[must_use]
    pub fn to_shredder_fen(&self) -> String {
        let mut castling = String::new();
        for color in Color::ALL {
            for sq in self
                .castling_rights_of(color)
                .iter()
                .collect::<Vec<_>>()
                .iter()
                .rev()
            {
                castling.push(cased(file_char(sq.file()), color));
            }
        }
        self.fen_with(castling)
    }

    fn castling_xfen(&self) -> String {
        let mut castling = String::new();
        for color in Color::ALL {
            let rights = self.castling_rights_of(color);
            if rights.is_empty() {
                continue;
            }
            let rank = color.back_rank();
            let on_rank = |f: u8, role: Role| {
                self.board[(rank * 8 + f) as usize] == Some(Piece { color, role })
            };
            // The same king file and rook choice as the parser's, so `K`/`Q` are written
            // exactly when they read back as this right's square.
            let king_file = (0..8u8).find(|&f| on_rank(f, Role::King)).unwrap_or(4);
            let rooks: Vec<u8> = (0..8u8).filter(|&f| on_rank(f, Role::Rook)).collect();
            let k_square = rooks
                .iter()
                .copied()
                .filter(|&f| f > king_file)
                .max()
                .unwrap_or(7);
            let q_square = rooks
                .iter()
                .copied()
                .filter(|&f| f < king_file)
                .min()
                .unwrap_or(0);
            for sq in rights.iter().collect::<Vec<_>>().iter().rev() {
                let f = sq.file();
                let c = if f == k_square {
                    'k'
                } else if f == q_square {
                    'q'
                } else {
                    file_char(f)
                };
                castling.push(cased(c, color));
            }
        }
        castling
    }

    fn fen_with(&self, castling: String) -> String {
        let mut out = String::with_capacity(96);
        self.push_board_fen(&mut out);
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        match self.ep_square {
            Some(sq) => {
                out.push(file_char(sq.file()));
                out.push(char::from(b'1' + sq.rank()));
            }
            None => out.push('-'),
        }
        out.push(' ');
        push_decimal(&mut out, self.halfmoves);
        out.push(' ');
        push_decimal(&mut out, self.fullmoves);
        out
    }
}

/// Appends `n` in decimal (what `write!` does, without the formatting machinery: a FEN is
/// written at the end of every game a replay reads).
fn push_decimal(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

fn cased(c: char, color: Color) -> char {
    match color {
        Color::White => c.to_ascii_uppercase(),
        Color::Black => c,
    }
}
