//! `examples/variants/court-powers.toml`: FIDE chess whose pieces carry Friendly powers, loaded from
//! its file. It shows the powers are general piece properties: with a royal King under checkmate
//! rules, castling and en passant, in a variant that has no game code of its own.

use messhall_rules::{Color, Position, Variant};
use std::collections::BTreeSet;

fn court() -> Variant {
    let path = format!(
        "{}/../../../examples/variants/court-powers.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    messhall_catalog::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn moves_from(v: &Variant, fen: &str, from: &str) -> BTreeSet<String> {
    let pos = Position::from_fen(v, fen).unwrap();
    v.legal_moves(&pos)
        .iter()
        .filter(|m| m.from().to_string() == from)
        .map(|m| m.to_coordinates(v))
        .collect()
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn start_position_counts() {
    let v = court();
    // FIDE's 20, less the g-knight's two (an Archer stands there, boxed in), plus four Bishop swaps
    // with the pawns diagonally in front of them.
    let start = v.start();
    assert_eq!(v.perft(&start, 1), 22);
    assert_eq!(v.perft(&start, 2), 22 * 22);
}

#[test]
fn a_pawn_steps_back_only_while_attacked() {
    let v = court();
    assert_eq!(moves_from(&v, "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4"), set(&["e4e5"]));
    // A black rook on a4 attacks it along the rank.
    assert_eq!(
        moves_from(&v, "4k3/8/8/8/r3P3/8/8/4K3 w - - 0 1", "e4"),
        set(&["e4e5", "e4e3"])
    );
}

#[test]
fn an_enemy_queen_stops_slides_next_to_her() {
    let v = court();
    // The white rook on a1 slides along the first rank; the black queen on d2 stops it on c1, d1
    // and e1 are next to her: it may end on c1 but not pass.
    let rook = moves_from(&v, "7k/8/8/8/8/8/3q4/R6K w - - 0 1", "a1");
    assert!(rook.contains("a1c1"), "{rook:?}");
    assert!(!rook.contains("a1d1"), "{rook:?}");
    // Her own rook is not stopped.
    let own = moves_from(&v, "7k/8/8/8/8/7K/3q4/r7 b - - 0 1", "a1");
    assert!(own.contains("a1g1"), "{own:?}");
}

#[test]
fn a_knight_poisons_its_captor_and_freezes_its_neighbours() {
    let v = court();
    // The black knight on e5 freezes the white rook on d5 (no moves) and poisons the white queen
    // that takes it.
    let fen = "4k3/8/8/3Rn3/8/8/8/4QK2 w - - 0 1";
    assert!(moves_from(&v, fen, "d5").is_empty());
    let pos = Position::from_fen(&v, fen).unwrap();
    let take = v.parse_move(&pos, "e1e5").unwrap();
    assert!(take.poisoned());
    let after = pos.play_unchecked(&v, &take);
    assert!(after.piece_at("e5".parse().unwrap()).is_none());
    // A frozen piece gives no check: the white rook on d7 is frozen by
    // the black knight on c6, so the king on d8 is not in check.
    let frozen = Position::from_fen(&v, "3k4/3R4/2n5/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert!(!v.in_check(&frozen));
    assert!(v.is_attacked(
        &Position::from_fen(&v, "3k4/3R4/8/8/8/8/8/4K3 b - - 0 1").unwrap(),
        "d8".parse().unwrap(),
        Color::White
    ));
}

#[test]
fn the_archer_shoots_and_the_bishop_swaps() {
    let v = court();
    assert_eq!(
        moves_from(&v, "4k3/8/8/5p2/8/4A3/8/4K3 w - - 0 1", "e3"),
        set(&[
            "e3d2",
            "e3d3",
            "e3d4",
            "e3e2",
            "e3e4",
            "e3f2",
            "e3f3",
            "e3f4",
            "e3f5,f5e3"
        ])
    );
    let bishop = moves_from(&v, "4k3/8/8/8/8/8/3N4/2B1K3 w - - 0 1", "c1");
    assert!(bishop.contains("c1d2"), "swap with the knight: {bishop:?}");
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/3N4/2B1K3 w - - 0 1").unwrap();
    let swapped = pos.play_unchecked(&v, &v.parse_move(&pos, "c1d2").unwrap());
    assert_eq!(swapped.to_fen(&v), "4k3/8/8/8/8/8/3B4/2N1K3 b - - 1 1");
}

#[test]
fn a_swap_with_a_castling_piece_ends_its_rights() {
    // Issue 17, finding 4: a swap kept the rights, so the program wrote a FEN it refused to read
    // and offered castling with the wrong piece. Whatever moves a King or a Rook ends its rights.
    let v = court();
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/1B1B4/R3K2R w KQ - 0 1").unwrap();
    let play = |pos: &Position, coordinates: &str| {
        let mv = v
            .legal_moves(pos)
            .into_iter()
            .find(|m| m.to_coordinates(&v) == coordinates)
            .unwrap_or_else(|| panic!("{coordinates} is not a legal move"));
        pos.play_unchecked(&v, &mv)
    };
    // The Bishop on d2 swaps with the King: both sides' rights go.
    let king_swapped = play(&pos, "d2e1");
    let fen = king_swapped.to_fen(&v);
    assert_eq!(fen, "4k3/8/8/8/8/8/1B1K4/R3B2R b - - 1 1");
    assert!(Position::from_fen(&v, &fen).is_ok(), "{fen}");
    // The Bishop on b2 swaps with the a1 Rook: the queenside right goes, the kingside one stays.
    let rook_swapped = play(&pos, "b2a1");
    assert_eq!(rook_swapped.to_fen(&v), "4k3/8/8/8/8/8/1R1B4/B3K2R b K - 1 1");
}
