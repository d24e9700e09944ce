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
        // Written as bytes first (a FEN is written at the end of every game a replay reads):
        // at most 8 letters or digits a rank and 7 slashes.
        let mut text = [0u8; 71];
        let mut n = 0;
        for rank in (0..8).rev() {
            let mut empty = 0;
            for square in &self.board[rank * 8..rank * 8 + 8] {
                match square {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            text[n] = b'0' + empty;
                            n += 1;
                            empty = 0;
                        }
                        text[n] = p.char() as u8;
                        n += 1;
                    }
                }
            }
            if empty > 0 {
                text[n] = b'0' + empty;
                n += 1;
            }
            if rank > 0 {
                text[n] = b'/';
                n += 1;
            }
        }
        out.push_str(std::str::from_utf8(&text[..n]).unwrap_or_default());
    }

    /// The X-FEN of this setup, as python-chess writes it.
    ///
    /// ```
    /// use vdmchess::Setup;
    /// assert_eq!(Setup::chess960_start(0).to_shredder_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// ```
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.fen_with(Setup::push_castling_xfen)
    }

    /// The Shredder-FEN of this setup: castling rights as rook files (`HAha`).
    #[must_use]
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(Setup::push_castling_shredder)
    }

    /// The rights of `color` (rook squares on its back rank), highest file first.
    fn rights_files_descending(&self, color: Color) -> impl Iterator<Item = u8> {
        let mut bits = self.castling_rights_of(color).0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let sq = 63 - bits.leading_zeros();
                bits ^= 1 << sq;
                (sq % 8) as u8
            })
        })
    }

    fn push_castling_shredder(&self, out: &mut String) {
        for color in Color::ALL {
            for f in self.rights_files_descending(color) {
                out.push(cased(file_char(f), color));
            }
        }
    }

    fn push_castling_xfen(&self, out: &mut String) {
        for color in Color::ALL {
            if self.castling_rights_of(color).is_empty() {
                continue;
            }
            let rank = color.back_rank();
            let on_rank = |f: u8, role: Role| {
                self.board[(rank * 8 + f) as usize] == Some(Piece { color, role })
            };
            // The same king file and rook choice as the parser's, so `K`/`Q` are written
            // exactly when they read back as this right's square.
            let king_file = (0..8u8).find(|&f| on_rank(f, Role::King)).unwrap_or(4);
            let rooks = (0..8u8).filter(|&f| on_rank(f, Role::Rook));
            let k_square = rooks.clone().filter(|&f| f > king_file).max().unwrap_or(7);
            let q_square = rooks.filter(|&f| f < king_file).min().unwrap_or(0);
            for f in self.rights_files_descending(color) {
                let c = if f == k_square {
                    'k'
                } else if f == q_square {
                    'q'
                } else {
                    file_char(f)
                };
                out.push(cased(c, color));
            }
        }
    }

    fn fen_with(&self, castling: fn(&Setup, &mut String)) -> String {
        let mut out = String::with_capacity(96);
        self.push_board_fen(&mut out);
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        let before = out.len();
        castling(self, &mut out);
        if out.len() == before {
            out.push('-');
        }
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
