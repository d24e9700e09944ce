//! UCI move text: parsing never panics; display∘parse is the identity (up to the promotion
//! letter's case); a resolved move is legal and writes back to text that resolves to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vdmchess::core::Chess;
use vdmchess::notation::uci::UciMove;
use vdmchess::{CastlingMode, Rules, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(m) = UciMove::from_ascii(data) else {
        return;
    };
    assert_eq!(m.to_string().parse::<UciMove>(), Ok(m));
    assert_eq!(m.to_string().as_bytes(), data.to_ascii_lowercase().as_slice());
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let pos = Chess::from_setup(&Setup::start(), mode).unwrap();
        if let Ok(mv) = m.to_move(&pos) {
            assert!(pos.legal_moves().contains(&mv));
            let back: UciMove = mv.to_uci(mode).parse().unwrap();
            assert_eq!(back.to_move(&pos), Ok(mv));
        }
    }
});
