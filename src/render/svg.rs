//! Boards as SVG pictures, in the conventions python-chess's `chess.svg` set: squares of 45
//! units, the coordinates in a 15-unit margin, light squares `#ffce9e` and dark `#d18b47`, the
//! last move tinted (`#cdd16a` / `#aaa23b`), the king in check under a red glow, and arrows.
//! The piece drawings are this project's own (see `render/pieces.rs`).
//!
//! The output is one self-contained SVG 1.1 document (no scripts, no external references),
//! valid XML, that browsers and `rsvg-convert` render.
//!
//! # Examples
//!
//! ```
//! use vdmchess::render::svg::{Arrow, Picture, Tint};
//! use vdmchess::Setup;
//! let mut picture = Picture::new(&Setup::start());
//! picture.arrows.push(Arrow { from: "g1".parse().unwrap(), to: "f3".parse().unwrap(), tint: Tint::Green });
//! let svg = picture.to_svg();
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(svg.contains("<use xlink:href=\"#white-knight\" x=\"60\" y=\"330\"/>")); // b1
//! ```

use std::fmt::Write;

use super::pieces;
use crate::rules::Move;
use crate::setup::Setup;
use crate::types::{Color, Piece, Role, Square};

/// One square's side in SVG units.
pub const SQUARE: u32 = 45;
/// The margin holding the coordinates.
pub const MARGIN: u32 = 15;
/// Light squares.
pub const LIGHT: &str = "#ffce9e";
/// Dark squares.
pub const DARK: &str = "#d18b47";
/// Light squares of the last move.
pub const LIGHT_LAST_MOVE: &str = "#cdd16a";
/// Dark squares of the last move.
pub const DARK_LAST_MOVE: &str = "#aaa23b";
/// The margin.
pub const MARGIN_COLOUR: &str = "#212121";
/// The coordinates' letters and digits.
pub const COORDINATE_COLOUR: &str = "#e5e5e5";

/// The colour of an arrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tint {
    /// A move (the default).
    #[default]
    Green,
    /// An attack.
    Red,
    /// Another line of play.
    Blue,
    /// A remark.
    Yellow,
}

impl Tint {
    const fn rgb(self) -> &'static str {
        match self {
            Tint::Green => "#15781b",
            Tint::Red => "#882020",
            Tint::Blue => "#003088",
            Tint::Yellow => "#e68f00",
        }
    }
}

/// An arrow from the centre of one square towards another; from a square to itself, a ring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// Its colour.
    pub tint: Tint,
}

/// Whether the file letters and rank digits are drawn in a margin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Coordinates {
    /// In a 15-unit margin around the board (the default).
    #[default]
    Shown,
    /// No margin.
    Hidden,
}

/// What a picture shows: the pieces, which side is at the bottom, and the marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// The piece on each square, `a1 = 0 .. h8 = 63`.
    pub board: [Option<Piece>; 64],
    /// The side whose first rank is at the bottom.
    pub bottom: Color,
    /// Whether the coordinates are drawn.
    pub coordinates: Coordinates,
    /// The last move's from- and to-square, tinted.
    pub last_move: Option<(Square, Square)>,
    /// The square of a king in check, under a red glow.
    pub check: Option<Square>,
    /// Squares marked with a translucent red overlay.
    pub marked: Vec<Square>,
    /// Arrows, drawn over the pieces.
    pub arrows: Vec<Arrow>,
}

impl Picture {
    /// The picture of a position: its pieces, White at the bottom, and the king of the side to
    /// move marked when it is in check.
    #[must_use]
    pub fn new(setup: &Setup) -> Picture {
        let check = setup
            .king(setup.turn)
            .filter(|&k| setup.attacked_by(setup.turn.other(), k));
        Picture {
            board: setup.board,
            bottom: Color::White,
            coordinates: Coordinates::Shown,
            last_move: None,
            check,
            marked: Vec::new(),
            arrows: Vec::new(),
        }
    }

    /// Tints `m` as the last move: its from- and to-square, the king's squares when castling.
    pub fn set_last_move(&mut self, m: &Move) {
        let to = if m.is_castle() {
            m.castle_king_to()
        } else {
            m.to
        };
        self.last_move = Some((m.from, to));
    }

    /// The side of the whole picture in SVG units.
    #[must_use]
    pub fn size(&self) -> u32 {
        8 * SQUARE + 2 * self.margin()
    }

    fn margin(&self) -> u32 {
        match self.coordinates {
            Coordinates::Shown => MARGIN,
            Coordinates::Hidden => 0,
        }
    }

    /// The top-left corner of `sq` in SVG units.
    #[must_use]
    pub fn corner(&self, sq: Square) -> (u32, u32) {
        let (file, rank) = (u32::from(sq.file()), u32::from(sq.rank()));
        let (column, row) = match self.bottom {
            Color::White => (file, 7 - rank),
            Color::Black => (7 - file, rank),
        };
        (
            self.margin() + column * SQUARE,
            self.margin() + row * SQUARE,
        )
    }

    fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (
            f64::from(x) + f64::from(SQUARE) / 2.0,
            f64::from(y) + f64::from(SQUARE) / 2.0,
        )
    }

    /// The picture as an SVG document.
    #[must_use]
    pub fn to_svg(&self) -> String {
        let size = self.size();
        let mut s = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 {size} {size}" width="{size}" height="{size}">"#
        );
        s.push_str("<defs>");
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                s.push_str(&pieces::definition(color, role));
            }
        }
        s.push_str(concat!(
            r#"<radialGradient id="check-glow" r="0.5">"#,
            r##"<stop offset="0%" stop-color="#ff0000"/>"##,
            r##"<stop offset="50%" stop-color="#e70000"/>"##,
            r##"<stop offset="100%" stop-color="#9e0000" stop-opacity="0"/>"##,
            "</radialGradient></defs>"
        ));
        if self.coordinates == Coordinates::Shown {
            let _ = write!(
                s,
                r#"<rect x="0" y="0" width="{size}" height="{size}" fill="{MARGIN_COLOUR}"/>"#
            );
        }
        self.push_squares(&mut s);
        if self.coordinates == Coordinates::Shown {
            self.push_coordinates(&mut s);
        }
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                let (x, y) = self.corner(sq);
                let _ = write!(
                    s,
                    r##"<use xlink:href="#{}" x="{x}" y="{y}"/>"##,
                    pieces::id(p.color, p.role)
                );
            }
        }
        for a in &self.arrows {
            self.push_arrow(&mut s, a);
        }
        s.push_str("</svg>\n");
        s
    }

    fn push_squares(&self, s: &mut String) {
        for sq in Square::all() {
            let (x, y) = self.corner(sq);
            let light = (sq.file() + sq.rank()) % 2 == 1;
            let last = self
                .last_move
                .is_some_and(|(from, to)| sq == from || sq == to);
            let fill = match (light, last) {
                (true, false) => LIGHT,
                (false, false) => DARK,
                (true, true) => LIGHT_LAST_MOVE,
                (false, true) => DARK_LAST_MOVE,
            };
            let kind = if light { "light" } else { "dark" };
            let _ = write!(
                s,
                r#"<rect class="square {kind} {sq}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}" stroke="none"/>"#
            );
            if self.check == Some(sq) {
                let _ = write!(
                    s,
                    r#"<rect class="check" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="url(#check-glow)"/>"#
                );
            }
            if self.marked.contains(&sq) {
                let _ = write!(
                    s,
                    r##"<rect class="marked {sq}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="#e02020" fill-opacity="0.45"/>"##
                );
            }
        }
    }

    fn push_coordinates(&self, s: &mut String) {
        let m = f64::from(MARGIN);
        let far = f64::from(self.size()) - m / 2.0;
        for i in 0..8u8 {
            let file = crate::types::file_char(i);
            let rank = char::from(b'1' + i);
            let column = match self.bottom {
                Color::White => i,
                Color::Black => 7 - i,
            };
            let row = 7 - column;
            let along = m + f64::from(u32::from(column) * SQUARE) + f64::from(SQUARE) / 2.0;
            let down = m + f64::from(u32::from(row) * SQUARE) + f64::from(SQUARE) / 2.0;
            for (x, y, text) in [
                (along, m / 2.0, file),
                (along, far, file),
                (m / 2.0, down, rank),
                (far, down, rank),
            ] {
                let _ = write!(
                    s,
                    r#"<text x="{x}" y="{y}" fill="{COORDINATE_COLOUR}" font-family="sans-serif" font-size="12" text-anchor="middle" dominant-baseline="central">{text}</text>"#
                );
            }
        }
    }

    fn push_arrow(&self, s: &mut String, a: &Arrow) {
        let colour = a.tint.rgb();
        let (x0, y0) = self.centre(a.from);
        let (x1, y1) = self.centre(a.to);
        if a.from == a.to {
            let _ = write!(
                s,
                r#"<circle class="arrow" cx="{x0}" cy="{y0}" r="19" fill="none" stroke="{colour}" stroke-opacity="0.6" stroke-width="4"/>"#
            );
            return;
        }
        let (dx, dy) = (x1 - x0, y1 - y0);
        let length = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = (dx / length, dy / length);
        let head = f64::from(SQUARE) * 0.45;
        let width = f64::from(SQUARE) * 0.2;
        // The shaft stops where the head begins; the tip is at the target's centre.
        let tip = (x1 - ux * 2.0, y1 - uy * 2.0);
        let base = (tip.0 - ux * head, tip.1 - uy * head);
        let (px, py) = (-uy * width * 1.25, ux * width * 1.25);
        let _ = write!(
            s,
            r#"<g class="arrow {}{}" fill="{colour}" stroke="{colour}" opacity="0.6"><line x1="{x0:.1}" y1="{y0:.1}" x2="{:.1}" y2="{:.1}" stroke-width="{width:.1}" stroke-linecap="round"/><polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" stroke="none"/></g>"#,
            a.from,
            a.to,
            base.0,
            base.1,
            tip.0,
            tip.1,
            base.0 + px,
            base.1 + py,
            base.0 - px,
            base.1 - py,
        );
    }
}
