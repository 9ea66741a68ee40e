//! Variants and positions shared by the property tests.

#![allow(dead_code)]

use messhall_rules::Variant;

pub mod lockstep;

/// A FEN of a `files` x `ranks` board from pieces written as letter + square (`"Kg1 kg12 Nf6"`; a
/// `{m}`/`{u}` note may follow the square), the side to move and the en passant field.
pub fn fen_from_pieces(files: usize, ranks: usize, pieces: &str, side: char, ep: &str) -> String {
    let mut board = vec![vec![String::new(); files]; ranks];
    for item in pieces.split_whitespace() {
        let letter = &item[..1];
        let rest = &item[1..];
        let (square, note) = match rest.find('{') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, ""),
        };
        let file = usize::from(square.as_bytes()[0] - b'a');
        let rank: usize = square[1..].parse().expect("a rank");
        assert!(board[rank - 1][file].is_empty(), "{square} twice in {pieces}");
        board[rank - 1][file] = format!("{letter}{note}");
    }
    let mut rows = Vec::new();
    for rank in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &board[rank] {
            if cell.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row += &empty.to_string();
                empty = 0;
            }
            row += cell;
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    format!("{} {side} - {ep} 0 1", rows.join("/"))
}

pub fn chess() -> Variant {
    messhall_catalog::builtin("chess").unwrap()
}

pub fn grand_food() -> Variant {
    let path = format!(
        "{}/../../../examples/variants/grand-food.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    messhall_catalog::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// A 10x10 variant with a piece for most XBetza features, to walk random games through them:
/// cannons, grasshoppers, crooked bishops, a locust that shoots an adjacent enemy and steps back
/// (`cWabW`), a lame knight with the patient pawn capture (`mfWacfF`), and the E, whose initial
/// lame double step in any orthogonal direction gives en passant rights (sideways too) and which
/// captures en passant diagonally.
pub const ZOO: &str = r#"
name = "zoo"
files = 10
ranks = 10
start = "rncgkzlaer/pppppppppp/2e4e2/10/10/10/10/2E4E2/PPPPPPPPPP/RNCGKZLAER w KQkq - 0 1"

[[piece]]
letter = "P"
name = "Pawn"
betza = "mfWcfeFifmneD"
pawn = true

[[piece]]
letter = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
letter = "R"
name = "Rook"
betza = "R"

[[piece]]
letter = "N"
name = "Knight"
betza = "N"

[[piece]]
letter = "C"
name = "Cannon"
betza = "mRcpR"

[[piece]]
letter = "G"
name = "Grasshopper"
betza = "gQ"

[[piece]]
letter = "Z"
name = "Crooked bishop"
betza = "zB"

[[piece]]
letter = "L"
name = "Locust"
betza = "mKcWabW"

[[piece]]
letter = "A"
name = "Patient horse"
betza = "nNmfWacfF"

[[piece]]
letter = "E"
name = "Sidestepper"
betza = "mWceFimneD"

[[promotion]]
rank = 10
choices = "RNCGZ"

[castling]
king = "K"
rook = "R"
kingside_file = "h"
queenside_file = "c"
"#;

pub fn zoo() -> Variant {
    messhall_catalog::from_toml("zoo", ZOO).unwrap_or_else(|e| panic!("{e}"))
}

/// Chess positions with castling, en passant, promotions and pins.
pub const CHESS_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

pub const GRAND_FOOD_FENS: &[&str] = &[
    "rcnbsqksbncr/1t2h2h2t1/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/1T2H2H2T1/RCNBSQKSBNCR w KQkq - 0 1",
    "r2b1qks2cr/1t2h1nh2t1/pp1p1p1pp1pp/2p3p2p2/3Pp3b3/1S10/4P2c4/PPP2PP1PPPP/1T2H2H2T1/RCNB1QK4R w Kkq e7 0 12",
    "2b6n1r/1P3k6/p3h3q1p1/7c4/12/2Pp8/6C5/6P5/9p2/R5K1B3 b Q c4 0 30",
];
