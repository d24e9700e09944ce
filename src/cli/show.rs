//! `vdmchess show`: a position as text (ASCII or Unicode) and as an SVG picture.

use std::process::ExitCode;

use vdmchess::core::Chess;
use vdmchess::notation::san::SanPlus;
use vdmchess::notation::uci::UciMove;
use vdmchess::render::svg::{Arrow, Picture, Tint};
use vdmchess::render::text::{board_text, Glyphs};
use vdmchess::{Color, Rules, Square};

use super::{out, outln, play_moves, setup_of, Failure, Outcome, PositionOptions};

/// What `show` was asked to draw.
pub(crate) struct ShowArgs<'a> {
    pub(crate) fen: Option<&'a str>,
    pub(crate) moves: &'a [String],
    pub(crate) options: PositionOptions,
    pub(crate) glyphs: Glyphs,
    pub(crate) svg: Option<&'a str>,
    pub(crate) bottom: Color,
    pub(crate) lastmove: Option<&'a str>,
    pub(crate) arrows: &'a [String],
    pub(crate) squares: &'a [String],
}

pub(crate) fn show_command(args: &ShowArgs<'_>) -> Outcome {
    let (start, mode) = setup_of(args.fen, args.options)?;
    let pos =
        Chess::from_setup_with(&start, mode, args.options.limits()).map_err(|e| e.to_string())?;
    let (pos, played) = play_moves(pos, mode, args.moves).map_err(|e| format!("--moves: {e}"))?;
    let setup = pos.to_setup();
    if let Some(path) = args.svg {
        let mut picture = Picture::new(&setup);
        picture.bottom = args.bottom;
        let lastmove = args.lastmove.or(played.last().map(String::as_str));
        picture.last_move = lastmove.map(two_squares).transpose()?;
        for a in args.arrows {
            let (from, to) = two_squares(a)?;
            picture.arrows.push(Arrow {
                from,
                to,
                tint: Tint::Green,
            });
        }
        for sq in args.squares {
            picture.marked.push(
                sq.parse::<Square>()
                    .map_err(|e| format!("--squares: {e}"))?,
            );
        }
        write_svg(path, &picture)?;
        if path == "-" {
            return Ok(ExitCode::SUCCESS);
        }
    }
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| SanPlus::from_move(&pos, m).to_string())
        .collect();
    outln(format_args!(
        "{}\nfen: {}\nstatus: {}\ncheck: {}\nlegal moves ({}): {}",
        board_text(&setup.board, args.glyphs, args.bottom),
        pos.to_setup().to_fen(),
        pos.status(),
        pos.is_check(),
        moves.len(),
        moves.join(" ")
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// The from- and to-square of UCI-like text `e2e4` (a promotion letter is ignored; `e4e4`
/// names one square).
fn two_squares(text: &str) -> Result<(Square, Square), String> {
    let same = text.len() == 4 && text[..2] == text[2..];
    let parsed = if same {
        text[..2].parse::<Square>().map(|s| (s, s)).ok()
    } else {
        match UciMove::from_ascii(text.as_bytes()) {
            Ok(UciMove::Normal { from, to, .. }) => Some((from, to)),
            _ => None,
        }
    };
    parsed.ok_or_else(|| format!("invalid squares {text:?}: expected two squares such as e2e4"))
}

/// Writes the picture's SVG to `path` (`-`: standard output).
pub(crate) fn write_svg(path: &str, picture: &Picture) -> Result<(), Failure> {
    let svg = picture.to_svg();
    if path == "-" {
        out(svg)
    } else {
        std::fs::write(path, svg).map_err(|e| format!("{path}: {e}").into())
    }
}
