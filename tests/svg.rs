//! SVG pictures: valid XML, the right piece drawing on the right square, python-chess's
//! colours, and a real rendering by rsvg-convert whose pixels have those colours.

mod common;

use std::path::Path;
use std::process::Command;

use vdmchess::notation::fen::parse_fen;
use vdmchess::render::svg::{Arrow, Picture, Tint, DARK, LIGHT, LIGHT_LAST_MOVE, MARGIN_COLOUR};
use vdmchess::{Color, Role, Setup, Square};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Every `<use>` of the picture: (piece drawing id, x, y).
fn placed(svg: &str) -> Vec<(String, u32, u32)> {
    let doc = roxmltree::Document::parse(svg).expect("the svg is well-formed xml");
    let xlink = "http://www.w3.org/1999/xlink";
    let mut out: Vec<(String, u32, u32)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("use"))
        .map(|n| {
            let href = n.attribute((xlink, "href")).expect("xlink:href");
            let id = href
                .strip_prefix('#')
                .expect("a local reference")
                .to_string();
            assert!(
                doc.descendants()
                    .any(|d| d.attribute("id") == Some(id.as_str())),
                "{id} is defined"
            );
            let num = |a: &str| n.attribute(a).unwrap().parse().unwrap();
            (id, num("x"), num("y"))
        })
        .collect();
    out.sort();
    out
}

/// Where python-chess's layout puts each piece of `setup` (15-unit margin, 45-unit squares),
/// as (drawing id, x, y).
fn expected(setup: &Setup, bottom: Color) -> Vec<(String, u32, u32)> {
    let mut out: Vec<(String, u32, u32)> = Square::all()
        .filter_map(|s| setup.piece_at(s).map(|p| (s, p)))
        .map(|(s, p)| {
            let colour = if p.color == Color::White {
                "white"
            } else {
                "black"
            };
            let role = match p.role {
                Role::Pawn => "pawn",
                Role::Knight => "knight",
                Role::Bishop => "bishop",
                Role::Rook => "rook",
                Role::Queen => "queen",
                Role::King => "king",
            };
            let (f, r) = (u32::from(s.file()), u32::from(s.rank()));
            let (col, row) = if bottom == Color::White {
                (f, 7 - r)
            } else {
                (7 - f, r)
            };
            (format!("{colour}-{role}"), 15 + 45 * col, 15 + 45 * row)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn pieces_stand_on_their_squares() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let setup = parse_fen(fen).unwrap();
        for bottom in [Color::White, Color::Black] {
            let mut picture = Picture::new(&setup);
            picture.bottom = bottom;
            assert_eq!(placed(&picture.to_svg()), expected(&setup, bottom), "{fen}");
        }
    }
}

#[test]
fn squares_have_python_chess_colours() {
    let mut picture = Picture::new(&Setup::start());
    picture.last_move = Some((sq("d2"), sq("e4"))); // a dark and a light square
    let svg = picture.to_svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let fill_of = |name: &str| {
        doc.descendants()
            .find(|n| {
                n.attribute("class") == Some(&format!("square {} {name}", kind(name)) as &str)
            })
            .and_then(|n| n.attribute("fill"))
            .unwrap()
            .to_string()
    };
    assert_eq!(fill_of("a1"), DARK);
    assert_eq!(fill_of("h1"), LIGHT);
    assert_eq!(fill_of("d5"), LIGHT);
    assert_eq!(fill_of("e4"), LIGHT_LAST_MOVE);
    assert_eq!(fill_of("d2"), "#aaa23b");
    let root = doc.root_element();
    assert_eq!(root.attribute("viewBox"), Some("0 0 390 390"));
}

fn kind(name: &str) -> &'static str {
    let s = sq(name);
    if (s.file() + s.rank()) % 2 == 1 {
        "light"
    } else {
        "dark"
    }
}

/// Renders `svg` with rsvg-convert at 390 pixels (one pixel per unit) and returns the RGBA
/// pixels, or `None` (the test skips) when no renderer is installed.
fn render(svg: &str, name: &str) -> Option<(Vec<u8>, u32)> {
    let rsvg = common::external::svg_renderer(name)?;
    let dir = std::env::temp_dir().join(format!("vdmchess-svg-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (input, output) = (dir.join("board.svg"), dir.join("board.png"));
    std::fs::write(&input, svg).unwrap();
    let status = Command::new(rsvg)
        .args(["-w", "390", "-h", "390", "-o"])
        .arg(&output)
        .arg(&input)
        .status()
        .unwrap();
    assert!(status.success(), "rsvg-convert renders the picture");
    let pixels = decode(&output);
    std::fs::remove_dir_all(&dir).ok();
    Some(pixels)
}

fn decode(path: &Path) -> (Vec<u8>, u32) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (390, 390));
    buf.truncate(info.buffer_size());
    // One RGBA value per pixel, whether the file has an alpha channel or not.
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        other => panic!("unexpected png colour type {other:?}"),
    };
    (rgba, info.width)
}

fn hex(rgba: &[u8]) -> String {
    format!("#{:02x}{:02x}{:02x}", rgba[0], rgba[1], rgba[2])
}

fn pixel(image: &(Vec<u8>, u32), x: u32, y: u32) -> String {
    let i = ((y * image.1 + x) * 4) as usize;
    hex(&image.0[i..i + 4])
}

#[test]
fn rsvg_renders_the_colours_and_the_pieces() {
    let setup = parse_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").unwrap();
    let mut picture = Picture::new(&setup);
    picture.last_move = Some((sq("e7"), sq("e5")));
    let Some(image) = render(&picture.to_svg(), "rsvg_renders_the_colours_and_the_pieces") else {
        return;
    };
    let corner = |name: &str| picture.corner(sq(name));
    let at = |name: &str, dx: u32, dy: u32| {
        let (x, y) = corner(name);
        pixel(&image, x + dx, y + dy)
    };
    assert_eq!(pixel(&image, 3, 3), MARGIN_COLOUR);
    assert_eq!(at("d5", 22, 22), LIGHT); // an empty light square
    assert_eq!(at("d4", 22, 22), DARK); // an empty dark square
    assert_eq!(at("e7", 22, 22), "#aaa23b"); // the last move's dark from-square, now empty
    assert_eq!(at("e5", 3, 3), "#aaa23b"); // the last move's to-square, beside the pawn
                                           // The pieces' bodies: the white king's is white, the black king's black, and the square
                                           // shows around them.
    assert_eq!(at("e1", 17, 27), "#ffffff");
    assert_eq!(at("e8", 17, 27), "#000000");
    assert_eq!(at("e1", 2, 2), DARK);
    // A pawn's head.
    assert_eq!(at("a2", 22, 12), "#ffffff");
    assert_eq!(at("a7", 22, 12), "#000000");
}

#[test]
fn rsvg_renders_check_arrows_and_marks() {
    // The fool's mate: White's king on e1 is in check.
    let setup = parse_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    let mut picture = Picture::new(&setup);
    assert_eq!(picture.check, Some(sq("e1")));
    picture.marked.push(sq("d4"));
    picture.arrows.push(Arrow {
        from: sq("h4"),
        to: sq("e1"),
        tint: Tint::Red,
    });
    let svg = picture.to_svg();
    assert!(svg.contains(r#"class="arrow h4e1""#));
    let Some(image) = render(&svg, "rsvg_renders_check_arrows_and_marks") else {
        return;
    };
    let (x, y) = picture.corner(sq("e1"));
    let glow = pixel(&image, x + 3, y + 22);
    let channel = |h: &str, i: usize| u8::from_str_radix(&h[1 + 2 * i..3 + 2 * i], 16).unwrap();
    // Red dominates where e1 (a dark square, #d18b47: green 0x8b) glows.
    assert!(
        channel(&glow, 0) > channel(&glow, 1) + 0x50,
        "red glow on e1: {glow}"
    );
    assert!(channel(&glow, 1) < 0x78, "red glow on e1: {glow}");
    let (x, y) = picture.corner(sq("d4"));
    let marked = pixel(&image, x + 22, y + 22);
    assert_ne!(marked, DARK, "d4 is marked");
    // On the arrow's shaft, halfway between g3 and f2: the red arrow over the squares.
    let (x, y) = picture.corner(sq("g3"));
    let shaft = pixel(&image, x, y + 45);
    assert!(
        shaft != LIGHT && shaft != DARK,
        "the arrow is drawn: {shaft}"
    );
}

fn vdmchess(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vdmchess"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn show_and_explain_draw_svg() {
    let o = vdmchess(&[
        "show",
        "--svg",
        "-",
        "--flip",
        "--lastmove",
        "e2e4",
        "--arrows",
        "g1f3,e4e4",
        "--squares",
        "d5",
    ]);
    assert!(o.status.success());
    let svg = String::from_utf8(o.stdout).unwrap();
    assert_eq!(placed(&svg), expected(&Setup::start(), Color::Black));
    assert!(svg.contains(
        r##"class="square light e4" x="150" y="150" width="45" height="45" fill="#cdd16a""##
    ));
    assert!(svg.contains(r#"class="arrow g1f3""#) && svg.contains(r#"class="marked d5""#));
    assert!(svg.contains(r#"<circle class="arrow""#), "e4e4 is a ring");

    let o = vdmchess(&[
        "show",
        "--unicode",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.starts_with("   +------------------------+\n 8 | ·  ·  ·  ·  ♚  ·  ·  · |\n"),
        "{text}"
    );
    assert!(text.contains(" 1 | ·  ·  ·  ·  ♔  ·  ·  ♖ |\n"), "{text}");
    assert_eq!(
        vdmchess(&["show", "--svg", "-", "--arrows", "e2"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        vdmchess(&["show", "--svg", "-", "--squares", "i9"])
            .status
            .code(),
        Some(2)
    );

    let dir = std::env::temp_dir().join(format!("vdmchess-explain-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("castling.svg");
    let o = vdmchess(&[
        "explain",
        "--fen",
        "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1",
        "e1g1",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let svg = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    roxmltree::Document::parse(&svg).unwrap();
    // The attacker and the square it attacks: a red arrow a6-f1, and f1 marked.
    assert!(
        svg.contains(r##"<g class="arrow a6f1" fill="#882020""##),
        "{svg}"
    );
    assert!(svg.contains(r#"class="marked f1""#));
}
