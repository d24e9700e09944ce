//! Property tests of the notation parsers, the stable-toolchain counterpart of the fuzz targets
//! in `fuzz/`: parse∘display round trips, no panics on any bytes, chunked reading agreeing with
//! the reader, and PGN read∘write∘read giving the same games.

use proptest::prelude::*;
use vdmchess::core::Chess;
use vdmchess::notation::pgn::{write_game, Game, PgnReader};
use vdmchess::notation::san::{SanMode, SanPlus};
use vdmchess::notation::uci::UciMove;
use vdmchess::{CastlingMode, Rules, Setup};

const SAN_LIKE: &str = "[NBRQKP]?[a-h]?[1-8]?[x:-]?[a-h][1-8](=?[QRBNqrbnK])?(e\\.p\\.|ep)?[+#]{0,2}[!?]{0,2}|[O0]-[O0](-[O0])?[+#]?|--|Z0|0000";

/// PGN fragments, well-formed and not, to be glued together at random.
const PIECES: [&str; 36] = [
    "1.",
    "1...",
    "12.",
    "e4",
    "Nf3",
    "exd5",
    "O-O",
    "0-0",
    "e8=Q+",
    "--",
    "{c}",
    "{a\nb}",
    "{",
    "}",
    "(",
    ")",
    "$5",
    "$300",
    "!?",
    "??",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "[Event \"x\"]",
    "[Site \"a\\\"b\"]",
    "[",
    "]",
    "\"",
    "\\",
    ";com",
    "%esc",
    "\0",
    "\u{e9}",
    "\r",
    "\n",
];

fn pgn_soup() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec((0..PIECES.len(), 0..4u8), 0..60).prop_map(|parts| {
        let mut out = Vec::new();
        for (i, sep) in parts {
            out.extend_from_slice(PIECES[i].as_bytes());
            out.extend_from_slice(match sep {
                0 => &b""[..],
                1 => b" ",
                2 => b"\n",
                _ => b"\n\n",
            });
        }
        out
    })
}

fn check_pgn(data: &[u8]) {
    let games = Game::read_all(data).unwrap();
    // Skipping finds the games reading finds.
    let mut skipping = PgnReader::new(data);
    let mut n = 0;
    while skipping.skip_game().unwrap() {
        n += 1;
    }
    assert_eq!(n, games.len());
    // Writing and reading again gives the same lines, without syntax errors.
    let mut text = String::new();
    for g in &games {
        write_game(g, &mut text);
    }
    let again = Game::read_all(text.as_bytes()).unwrap();
    assert_eq!(again.len(), games.len(), "{text}");
    for (a, b) in games.iter().zip(&again) {
        assert_eq!(a.lines, b.lines, "{text}");
        assert!(b.errors.is_empty(), "{:?}\n{text}", b.errors);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn san_display_parse_round_trip(text in SAN_LIKE) {
        let start = Chess::from_setup(&Setup::start(), CastlingMode::Standard).unwrap();
        if let Ok(strict) = SanPlus::from_ascii(text.as_bytes(), SanMode::Strict) {
            prop_assert_eq!(strict.to_string(), text.clone());
        }
        if let Ok(san) = SanPlus::from_ascii(text.as_bytes(), SanMode::Lenient) {
            let shown = san.to_string();
            prop_assert_eq!(SanPlus::from_ascii(shown.as_bytes(), SanMode::Lenient), Ok(san));
            if let Ok(m) = san.to_move(&start) {
                prop_assert!(start.legal_moves().contains(&m));
            }
        }
    }

    #[test]
    fn san_and_uci_never_panic_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..12)) {
        let _ = SanPlus::from_ascii(&bytes, SanMode::Lenient);
        let _ = SanPlus::from_ascii(&bytes, SanMode::Strict);
        if let Ok(m) = UciMove::from_ascii(&bytes) {
            prop_assert_eq!(m.to_string().into_bytes(), bytes.to_ascii_lowercase());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn pgn_soup_reads_splits_and_round_trips(data in pgn_soup()) {
        check_pgn(&data);
    }

    #[test]
    fn pgn_bytes_read_split_and_round_trip(data in prop::collection::vec(any::<u8>(), 0..300)) {
        check_pgn(&data);
    }
}

/// Placement ranks with a king or rooks somewhere, and castling fields of any letters.
fn fen_like() -> impl Strategy<Value = String> {
    let rank = prop::sample::select(vec![
        "8", "r3k2r", "R3K2R", "1r2k1r1", "3RK2r", "rk6", "6KR", "pppppppp", "4k3", "4K3", "2R5",
        "k7", "K7", "q6k",
    ]);
    (
        prop::collection::vec(rank, 8),
        "[wb]",
        "-|[KQkqA-Ha-h]{1,4}",
        "-|[a-h][36]",
    )
        .prop_map(|(ranks, turn, castling, ep)| {
            format!("{} {turn} {castling} {ep} 0 1", ranks.join("/"))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn fen_write_then_parse_is_a_fixed_point(text in fen_like()) {
        use vdmchess::notation::fen::parse_fen;
        if let Ok(setup) = parse_fen(&text) {
            let written = setup.to_fen();
            let again = parse_fen(&written);
            prop_assert_eq!(again.as_ref().map(|s| s.castling_rights), Ok(setup.castling_rights), "{}", written);
            prop_assert_eq!(again.unwrap().to_fen(), written);
        }
    }
}

#[test]
fn fen_castling_letters_read_back_as_written() {
    // Found by the fen fuzz target: rights on c1 (no rook) and d1 (the a-side rook) were both
    // written `Q`, which does not parse.
    use vdmchess::notation::fen::parse_fen;
    let fen = "r3k2p/p1ppqpb1/bn2pnr1/3PN3/1p3k2/2N2Q1p/PPPBBPPP/3RK2r w CQkq - 0 1";
    let setup = parse_fen(fen).unwrap();
    let written = setup.to_fen();
    assert_eq!(written, fen.replace("CQkq", "QCkq"));
    assert_eq!(parse_fen(&written).unwrap(), setup);
    assert_eq!(
        Setup::start().to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}
