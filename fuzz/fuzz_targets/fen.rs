//! FEN: parsing never panics; writing what was parsed and parsing it again is a fixed point;
//! a setup that validates builds a core position whose FEN parses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vdmchess::core::Chess;
use vdmchess::notation::fen::parse_fen;
use vdmchess::{CastlingMode, Rules};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = parse_fen(text) else {
        return;
    };
    let written = setup.to_fen();
    let again = parse_fen(&written).expect("written FEN parses");
    assert_eq!(again.to_fen(), written);
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        if setup.validate(mode).is_ok() {
            let pos = Chess::from_setup(&setup, mode).expect("validated setup builds");
            parse_fen(&pos.to_setup().to_fen()).expect("position FEN parses");
        }
    }
});
