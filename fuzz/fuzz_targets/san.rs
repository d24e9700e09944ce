//! SAN: parsing never panics; display∘parse is the identity on parsed values; strict text is
//! already canonical; resolving in a few positions never panics and gives legal moves whose
//! written SAN resolves back to them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vdmchess::core::Chess;
use vdmchess::notation::fen::parse_fen;
use vdmchess::notation::san::{SanMode, SanPlus};
use vdmchess::{CastlingMode, Rules};

const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1k6/3P4/8/4pP2/8/8/8/R3K2R w KQ e6 0 1",
];

fuzz_target!(|data: &[u8]| {
    if let Ok(strict) = SanPlus::from_ascii(data, SanMode::Strict) {
        assert_eq!(strict.to_string().as_bytes(), data);
    }
    let Ok(san) = SanPlus::from_ascii(data, SanMode::Lenient) else {
        return;
    };
    let text = san.to_string();
    assert_eq!(SanPlus::from_ascii(text.as_bytes(), SanMode::Lenient), Ok(san));
    for fen in FENS {
        let pos = Chess::from_setup(&parse_fen(fen).unwrap(), CastlingMode::Standard).unwrap();
        if let Ok(m) = san.to_move(&pos) {
            assert!(pos.legal_moves().contains(&m));
            let canonical = SanPlus::from_move(&pos, &m);
            assert_eq!(canonical.to_move_strict(&pos), Ok(m));
        }
    }
});
