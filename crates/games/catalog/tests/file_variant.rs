//! A variant that exists only as a file, `examples/variants/grand-food.toml` (12x10, FIDE pieces
//! plus nightrider `NN`, cannon `mRcpR`, lame knight `nN` and the `HFD` tumbler): it loads through
//! `messhall_catalog::load`, and its perft numbers equal Fairy-Stockfish's.
//!
//! How the reference numbers were obtained (Fairy-Stockfish is not needed to run this test):
//!
//! * `GRAND_FOOD`: the whole game, section `[grandfood]` of `examples/variants/grand-food.ini`,
//!   with Fairy-Stockfish 230826 (PyPI `pyffish` 0.0.90, "Fairy-Stockfish 230826 LB"):
//!   `pyffish.load_variant_config(ini)`, then perft by recursion over
//!   `pyffish.legal_moves("grandfood", fen, moves)` counting the leaves. The Debian package's
//!   Fairy-Stockfish 11.1 cannot play this section: it has no custom pieces, so no nightrider and
//!   no HFD piece (`fairy-stockfish check grand-food.ini` reports "Invalid option: customPiece1"
//!   and "startFen - Invalid piece type: s").
//! * `GRAND_FOOD_LITE`: positions of the same game without nightriders and tumblers, so every
//!   piece on the board is one 11.1 knows (its predefined `cannon` = mRcpR and `horse` = nN).
//!   Obtained with `/usr/games/fairy-stockfish` 11.1: `setoption name VariantPath value
//!   examples/variants/grand-food.ini`, `setoption name UCI_Variant value grandfoodlite`,
//!   `position fen <FEN>`, `go perft N` ("Nodes searched"). pyffish gives the same numbers for
//!   them in both sections. messhall plays these positions with the full grand-food variant.

use messhall_rules::{Position, Variant};

fn path() -> String {
    format!(
        "{}/../../../examples/variants/grand-food.toml",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn grand_food() -> Variant {
    messhall_catalog::load(&path()).unwrap_or_else(|e| panic!("{e}"))
}

const START: &str = "rcnbsqksbncr/1t2h2h2t1/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/1T2H2H2T1/RCNBSQKSBNCR w KQkq - 0 1";
/// White to move; Black has just played e8-e6 (en passant on e7 by d6); the black cannon on h4
/// hits h1 over the horse on h2, so White may not castle kingside; a white nightrider on b5.
const MIDDLE_A: &str =
    "r2b1qks2cr/1t2h1nh2t1/pp1p1p1pp1pp/2p3p2p2/3Pp3b3/1S10/4P2c4/PPP2PP1PPPP/1T2H2H2T1/RCNB1QK4R w Kkq e7 0 12";
/// Black to move after c3-c5 (en passant on c4 by d5); pawns about to promote on both sides,
/// White keeps queenside castling.
const MIDDLE_B: &str = "2b6n1r/1P3k6/p3h3q1p1/7c4/12/2Pp8/6C5/6P5/9p2/R5K1B3 b Q c4 0 30";
/// The start position and `MIDDLE_A` without nightriders and tumblers.
const START_LITE: &str = "rcnb1qk1bncr/4h2h4/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/4H2H4/RCNB1QK1BNCR w KQkq - 0 1";
const MIDDLE_A_LITE: &str =
    "r2b1qk3cr/4h1nh4/pp1p1p1pp1pp/2p3p2p2/3Pp3b3/12/4P2c4/PPP2PP1PPPP/4H2H4/RCNB1QK4R w Kkq e7 0 12";

/// Fairy-Stockfish 230826 (pyffish 0.0.90), section `[grandfood]`: perft 1, 2, 3.
const GRAND_FOOD: &[(&str, [u64; 3])] = &[
    (START, [44, 1_934, 90_335]),
    (MIDDLE_A, [56, 4_221, 236_426]),
    (MIDDLE_B, [87, 4_018, 334_795]),
];

/// Fairy-Stockfish 11.1 (`/usr/games/fairy-stockfish`), section `[grandfoodlite]`: perft 1, 2, 3.
const GRAND_FOOD_LITE: &[(&str, [u64; 3])] = &[
    (START_LITE, [40, 1_600, 66_790]),
    (MIDDLE_A_LITE, [50, 3_219, 159_118]),
    (MIDDLE_B, [87, 4_018, 334_795]),
];

fn check(v: &Variant, table: &[(&str, [u64; 3])]) {
    for (fen, expected) in table {
        let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let ours: Vec<u64> = (1..=3).map(|d| v.perft(&pos, d)).collect();
        assert_eq!(ours, expected, "perft 1-3 of {fen}");
    }
}

#[test]
fn loads_from_its_file() {
    let v = grand_food();
    assert_eq!(v.name(), "grand-food");
    assert_eq!((v.size().files(), v.size().ranks()), (12, 10));
    assert_eq!(v.start().to_fen(&v), START);
    let betza: Vec<(char, &str)> = v.roles().map(|(_, r)| (r.letter, r.betza.as_str())).collect();
    for piece in [('S', "NN"), ('C', "mRcpR"), ('H', "nN"), ('T', "HFD"), ('Q', "Q")] {
        assert!(betza.contains(&piece), "{piece:?} in {betza:?}");
    }
    // Both sides castle both ways: king g1-j1 with rook l1-i1, king g1-c1 with rook a1-d1.
    let castles: Vec<String> = v
        .castling()
        .iter()
        .map(|c| format!("{}{}{}{}", c.king_from, c.king_to, c.rook_from, c.rook_to))
        .collect();
    assert_eq!(castles, ["g1j1l1i1", "g1c1a1d1", "g10j10l10i10", "g10c10a10d10"]);
    assert_eq!(v.promotions().len(), 1);
    assert_eq!(v.promotions()[0].rank, 9);
    let mut choices: Vec<char> = v.promotions()[0].choices.iter().map(|&r| v.role(r).letter).collect();
    choices.sort();
    assert_eq!(choices, ['B', 'C', 'H', 'N', 'Q', 'R']);
}

#[test]
fn the_ini_describes_the_same_start() {
    let ini = std::fs::read_to_string(path().replace(".toml", ".ini")).unwrap();
    let starts: Vec<&str> = ini.lines().filter_map(|l| l.strip_prefix("startFen = ")).collect();
    assert_eq!(starts, [START, START_LITE]);
}

#[test]
fn a_missing_file_is_a_one_line_error() {
    let err = messhall_catalog::load("examples/variants/no-such-food.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("no-such-food.toml"), "{err}");
    assert!(!err.contains('\n'), "{err}");
}

#[test]
fn perft_matches_fairy_stockfish_230826() {
    check(&grand_food(), GRAND_FOOD);
}

#[test]
fn perft_matches_fairy_stockfish_11_without_nightriders_and_tumblers() {
    check(&grand_food(), GRAND_FOOD_LITE);
}

#[test]
fn first_moves_of_the_fairy_pieces() {
    // From the start: tumbler b2 leaps b4 (D over the pawn), b5 (H), d2 (D sideways); nightrider
    // e1 rides to c2 and g2 (the next leaps, a3 and i3, hold own pawns); cannons and horses are
    // shut in.
    let v = grand_food();
    let pos = v.start();
    let from = |sq: &str| {
        let mut m: Vec<String> = v
            .legal_moves(&pos)
            .iter()
            .filter(|m| m.from().to_string() == sq)
            .map(|m| m.to_coordinates(&v))
            .collect();
        m.sort();
        m
    };
    assert_eq!(from("b2"), ["b2b4", "b2b5", "b2d2"]);
    assert_eq!(from("e1"), ["e1c2", "e1g2"]);
    assert_eq!(from("b1"), Vec::<String>::new());
    assert_eq!(from("e2"), Vec::<String>::new());
}
