//! `examples/variants/xcheck.toml`, the 12x10 game the perft benchmark compares with
//! Fairy-Stockfish master's largeboards build: its perft counts equal Fairy-Stockfish's.
//!
//! The counts are Fairy-Stockfish master (largeboards build, commit c19b5f6c, 2026-07-23) with
//! `setoption name VariantPath value xcheck.ini`, `setoption name UCI_Variant value xcheck`,
//! `position fen <FEN>` (or `startpos`), `go perft N` ("Nodes searched"), the ini being the
//! section the TOML file's header describes.

use messhall_rules::{Position, Variant};

fn xcheck() -> Variant {
    let path = format!("{}/../../../examples/variants/xcheck.toml", env!("CARGO_MANIFEST_DIR"));
    messhall_catalog::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// Positions and Fairy-Stockfish's perft 1 to 3 (and 4 where the test runs it).
const TABLE: &[(&str, [u64; 4])] = &[
    (
        "rnbacqkdebnr/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/RNBACQKDEBNR w - - 0 1",
        [38, 1_438, 59_183, 2_416_931],
    ),
    // A cannon on h6 past both lines of pawns, a nightrider out on g3, a knight on c8.
    (
        "r1bacqkdebnr/pppp1ppppppp/2n9/4p7/4P2c4/12/12/2N3A5/PPPP1PPPPPPP/R1B1CQKDEBNR w - - 0 1",
        [52, 2_802, 150_867, 8_594_136],
    ),
    // A promotion to any of eight pieces, and an en passant capture on e3.
    ("4k7/1P10/12/12/12/12/3pP7/12/12/4K7 b - e3 0 1", [7, 94, 592, 9_098]),
];

#[test]
fn perft_matches_fairy_stockfish_master() {
    let v = xcheck();
    for (fen, expected) in TABLE {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let ours: Vec<u64> = (1..=3).map(|d| v.perft(&pos, d)).collect();
        assert_eq!(ours, expected[..3], "perft 1-3 of {fen}");
        // Depth 4 where it takes a test build a few seconds (all but the 8.6 million).
        if expected[3] < 3_000_000 {
            assert_eq!(v.perft(&pos, 4), expected[3], "perft 4 of {fen}");
        }
    }
}
