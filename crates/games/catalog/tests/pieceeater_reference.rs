//! PieceEater Chess without the PieceEater - FIDE chess with reinforcements in hand (Knight,
//! Bishop, Rook dropped on the own first rank, Pawns on the own second), promotion forced on the
//! last rank and optional on the seventh, castling with the FIDE conditions and king capture -
//! as the file variant `examples/variants/drops-king-capture.toml`: its perft equals
//! Fairy-Stockfish's.
//!
//! How the reference numbers were obtained (Fairy-Stockfish is not needed to run this test): with
//! Fairy-Stockfish 230826 through PyPI `pyffish` 0.0.90, section `[dropskingcapture]` of
//! `examples/variants/drops-king-capture.ini`, counted by
//! `python3 examples/variants/drops-king-capture-perft.py DEPTH FEN` (recursion over
//! `pyffish.legal_moves`, no moves once a King is gone). Three rules Fairy-Stockfish cannot state
//! are filters on its move lists there, each written out in the script: the drop rank of Knights,
//! Bishops and Rooks, the forced last-rank and Queen-less seventh-rank promotion, and the castling
//! conditions for a King that is not royal (Fairy-Stockfish castles a non-royal king through
//! attacks). The start position at depth 4 took Python a few minutes.

use messhall_rules::{Position, Variant};

fn variant() -> Variant {
    let path = format!(
        "{}/../../../examples/variants/drops-king-capture.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    messhall_catalog::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1";
/// White to move: b7 promotes (b8 or xa8, forced), g6 may promote on f7 or h7 (optional, no Queen),
/// e5xd6 en passant, drops on d2/e2 (Pawn) and the first rank (Knight, Rook); the Black Bishop on
/// f3 covers d1, so no queenside castling, while kingside castling is allowed.
const MIDDLE_W: &str = "r3k2r/1P3ppp/2n3P1/3pP3/8/5b2/PPP2PPP/R3K2R[PNRpbr] w KQkq d6 0 12";
/// The same for Black: b2 promotes on b1/xa1, g3 may promote on f2 or h2, e4xd3 en passant, the
/// White Bishop on f6 covers d8.
const MIDDLE_B: &str = "r3k2r/ppp2ppp/5B2/8/3Pp3/2N3p1/1p3PPP/R3K2R[PNRpbr] b KQkq d3 0 12";

/// Fairy-Stockfish (pyffish 0.0.90) with the filters above: perft 1, 2, 3.
const REFERENCE: &[(&str, [u64; 3])] = &[
    (START, [20, 400, 9_462]),
    (MIDDLE_W, [51, 2_531, 119_879]),
    (MIDDLE_B, [51, 2_531, 119_780]),
];

/// The start position at depth 4 (same source).
const START_DEPTH_4: u64 = 223_450;

#[test]
fn perft_agrees_with_fairy_stockfish() {
    let v = variant();
    for (fen, counts) in REFERENCE {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, &expected) in (1..).zip(counts.iter()) {
            assert_eq!(v.perft(&pos, depth), expected, "{fen} depth {depth}");
        }
    }
    assert_eq!(v.perft(&v.start(), 4), START_DEPTH_4);
}

#[test]
fn the_reference_positions_use_the_rules_fairy_stockfish_needed_filters_for() {
    let v = variant();
    let pos = Position::from_fen(&v, MIDDLE_W).unwrap();
    let moves: Vec<String> = v.legal_moves(&pos).iter().map(|m| m.to_coordinates(&v)).collect();
    let has = |m: &str| moves.iter().any(|x| x == m);
    assert!(has("e1g1") && !has("e1c1"), "castling: d1 is covered");
    assert!(
        has("g6f7") && has("g6f7r") && !has("g6f7q"),
        "seventh rank: optional, no Queen"
    );
    assert!(!has("b7b8") && has("b7b8q"), "last rank: forced");
    assert!(has("N@b1") && !has("N@d2") && has("P@d2"), "drop zones");
    assert!(has("e5d6"), "en passant");
}
