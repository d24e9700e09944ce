//! The piece drawings: this project's own, each a few simple shapes in a 45 × 45 box, the
//! size of one square (the convention of python-chess's `chess.svg`).
//!
//! White pieces are white with a black outline, black pieces black with white details, so
//! both read on light and dark squares. Each drawing is an SVG `<g>` with an `id` such as
//! `white-knight`, defined once and placed with `<use>`.

use crate::types::{Color, Role};

/// The fill, outline and detail colours of a side's pieces.
fn colours(color: Color) -> (&'static str, &'static str, &'static str) {
    match color {
        Color::White => ("#ffffff", "#000000", "#000000"),
        Color::Black => ("#000000", "#000000", "#ffffff"),
    }
}

/// The shapes of one piece: outlined shapes first, then detail lines drawn on top.
fn shapes(role: Role) -> (&'static str, &'static str) {
    match role {
        Role::Pawn => (
            concat!(
                r#"<path d="M20 18.5C19.5 25 16.5 30 14.5 35.5H30.5C28.5 30 25.5 25 25 18.5Z"/>"#,
                r#"<ellipse cx="22.5" cy="19" rx="5.5" ry="2"/>"#,
                r#"<circle cx="22.5" cy="12.5" r="5.5"/>"#,
                r#"<rect x="11" y="35.5" width="23" height="4.5" rx="1.5"/>"#,
            ),
            "",
        ),
        Role::Knight => (
            concat!(
                r#"<path d="M14 37.5H33C34.5 28 33.5 19 27.5 12.5L26 6.5L22.5 10.5"#,
                r#"C16.5 11.5 12 16 9.5 22.5L8.5 26C9.5 28.5 13 28.5 15 26.5C17 25.5 19 25 21.5 23.5"#,
                r#"C20 29 15.5 31.5 14 37.5Z"/>"#,
                r#"<rect x="11" y="36.5" width="25" height="4" rx="1.5"/>"#,
            ),
            concat!(
                r#"<circle cx="18" cy="16.5" r="1.5" stroke="none"/>"#,
                r#"<circle cx="11.5" cy="24.5" r="0.9" stroke="none"/>"#,
                r#"<path d="M28.5 14.5C31.5 19 32 27 30.5 35" fill="none"/>"#,
            ),
        ),
        Role::Bishop => (
            concat!(
                r#"<path d="M22.5 9.5C15 15 13 23 16 30H29C32 23 30 15 22.5 9.5Z"/>"#,
                r#"<circle cx="22.5" cy="7" r="2.5"/>"#,
                r#"<rect x="14.5" y="30" width="16" height="4" rx="1"/>"#,
                r#"<rect x="10" y="35.5" width="25" height="4.5" rx="1.5"/>"#,
            ),
            r#"<path d="M26 15.5L20.5 21.5" fill="none"/>"#,
        ),
        Role::Rook => (
            concat!(
                r#"<path d="M11 16V8H15V11H19.5V8H25.5V11H30V8H34V16Z"/>"#,
                r#"<rect x="14" y="16" width="17" height="16"/>"#,
                r#"<rect x="12" y="32" width="21" height="4"/>"#,
                r#"<rect x="9" y="36" width="27" height="4" rx="1.5"/>"#,
            ),
            r#"<path d="M14 20H31M14 28H31" fill="none"/>"#,
        ),
        Role::Queen => (
            concat!(
                r#"<path d="M13 32.5L10 14L16 24L16.5 11L20 23.5L22.5 10L25 23.5L28.5 11L29 24L35 14L32 32.5Z"/>"#,
                r#"<circle cx="10" cy="13" r="2"/><circle cx="16.5" cy="10" r="2"/>"#,
                r#"<circle cx="22.5" cy="9" r="2"/><circle cx="28.5" cy="10" r="2"/>"#,
                r#"<circle cx="35" cy="13" r="2"/>"#,
                r#"<rect x="12" y="32" width="21" height="4" rx="1"/>"#,
                r#"<rect x="9" y="36" width="27" height="4" rx="1.5"/>"#,
            ),
            r#"<path d="M13.5 29H31.5" fill="none"/>"#,
        ),
        Role::King => (
            concat!(
                r#"<path d="M22.5 4V15M18 8.5H27" fill="none" stroke-width="2.5"/>"#,
                r#"<path d="M12 32.5C7.5 26 10.5 18 17 18C19.5 18 21.5 20 22.5 22"#,
                r#"C23.5 20 25.5 18 28 18C34.5 18 37.5 26 33 32.5Z"/>"#,
                r#"<ellipse cx="22.5" cy="18" rx="3" ry="3.5"/>"#,
                r#"<rect x="12" y="32" width="21" height="4" rx="1"/>"#,
                r#"<rect x="9" y="36" width="27" height="4" rx="1.5"/>"#,
            ),
            r#"<path d="M22.5 22V31M13.5 29H31.5" fill="none"/>"#,
        ),
    }
}

/// The `id` of a piece's drawing: `white-pawn`, `black-king` ...
#[must_use]
pub(crate) fn id(color: Color, role: Role) -> String {
    let colour = match color {
        Color::White => "white",
        Color::Black => "black",
    };
    let name = match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    };
    format!("{colour}-{name}")
}

/// The `<g id="...">` definition of a piece's drawing.
#[must_use]
pub(crate) fn definition(color: Color, role: Role) -> String {
    let (fill, outline, detail) = colours(color);
    let (body, details) = shapes(role);
    let mut s = format!(
        r#"<g id="{}" fill="{fill}" stroke="{outline}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">{body}"#,
        id(color, role)
    );
    if !details.is_empty() {
        s.push_str(&format!(
            r#"<g stroke="{detail}" fill="{detail}">{details}</g>"#
        ));
    }
    s.push_str("</g>");
    s
}
