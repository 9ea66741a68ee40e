//! Calorie Chess, ruling by ruling (RULINGS.md, "Calorie Chess"; the rules page is docs/calorie.md).
//!
//! Each test sets up a concrete position (FEN; a piece whose energy is not 7 carries it in braces)
//! and states exactly what must happen. Where a count is compared, the expected number is either
//! worked out by hand in a comment or computed by the small independent mover in [`mini`], which
//! shares no code with the rules core.

use messhall_catalog::builtin;
use messhall_rules::{Color, Game, Move, MoveKind, Outcome, Position, Reason, Square, Variant};
use std::collections::HashMap;
use std::sync::Arc;

fn calorie() -> Variant {
    builtin("calorie").expect("the built-in calorie variant compiles")
}

fn chess() -> Variant {
    builtin("chess").expect("the built-in chess variant compiles")
}

fn at(v: &Variant, fen: &str) -> Position {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(pos.hash(), pos.recomputed_hash(v), "{fen}");
    pos
}

fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|_| panic!("{name} is not a square"))
}

/// The legal moves in coordinate notation, sorted.
fn moves(v: &Variant, pos: &Position) -> Vec<String> {
    let mut list: Vec<String> = v.legal_moves(pos).iter().map(|m| m.to_coordinates(v)).collect();
    list.sort();
    list
}

/// Plays a legal move given as text and checks the incremental hash.
fn play(v: &Variant, pos: &Position, text: &str) -> Position {
    let (_, next) = v
        .try_play(pos, text)
        .unwrap_or_else(|e| panic!("{}: {e}", pos.to_fen(v)));
    assert_eq!(next.hash(), next.recomputed_hash(v), "after {text}");
    next
}

/// Plays the moves one after the other and returns the FEN reached.
fn fen_after(v: &Variant, fen: &str, line: &[&str]) -> String {
    let mut pos = at(v, fen);
    for text in line {
        pos = play(v, &pos, text);
    }
    pos.to_fen(v)
}

fn cal(pos: &Position, square: &str) -> u16 {
    pos.counter(sq(square))
}

fn game(v: Variant, fen: &str) -> Game {
    let start = at(&v, fen);
    Game::new(Arc::new(v), start)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// ---------------------------------------------------------------------------------------------
// Energy at the start, and the cost of a move
// ---------------------------------------------------------------------------------------------

#[test]
fn start_energies_are_seven_and_kings_carry_none() {
    let v = calorie();
    let pos = v.start();
    for rank in 1..=8 {
        for file in "abcdefgh".chars() {
            let name = format!("{file}{rank}");
            let Some(piece) = pos.piece_at(sq(&name)) else {
                continue;
            };
            let expected = if v.is_royal(piece.role()) { 0 } else { 7 };
            assert_eq!(cal(&pos, &name), expected, "{name}");
        }
    }
    // 7 Cal is the default, so the start FEN has no braces at all.
    assert_eq!(pos.to_fen(&v), START);
    assert_eq!(at(&v, START), pos);
}

#[test]
fn each_move_costs_the_mover_one_cal() {
    let v = calorie();
    let mut pos = v.start();
    pos = play(&v, &pos, "e2e4");
    assert_eq!(cal(&pos, "e4"), 6);
    // No black pawn can take on e3, so no en passant square is recorded.
    assert_eq!(
        pos.to_fen(&v),
        "rnbqkbnr/pppppppp/8/8/4P{6}3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    pos = play(&v, &pos, "Nf6");
    pos = play(&v, &pos, "e4e5");
    assert_eq!(cal(&pos, "e5"), 5);
    assert_eq!(cal(&pos, "f6"), 6);
    assert_eq!(
        pos.to_fen(&v),
        "rnbqkb1r/pppppppp/5n{6}2/4P{5}3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
    // Every other piece still has its 7.
    for name in ["a1", "b1", "d1", "h2", "a8", "d8", "h7"] {
        assert_eq!(cal(&pos, name), 7, "{name}");
    }
}

#[test]
fn king_moves_are_free_and_kings_never_carry_energy_in_fen() {
    let v = calorie();
    let mut pos = at(&v, "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1");
    for (i, text) in ["e1e2", "e8e7", "e2d3", "e7d6", "d3c4", "d6c6", "c4d4", "c6d6"]
        .iter()
        .enumerate()
    {
        pos = play(&v, &pos, text);
        let fen = pos.to_fen(&v);
        assert!(!fen.contains("K{") && !fen.contains("k{"), "ply {i}: {fen}");
    }
    assert_eq!(pos.to_fen(&v), "8/p7/3k4/8/3K4/8/P7/8 w - - 8 5");
    assert_eq!(cal(&pos, "a2"), 7);
    assert_eq!(cal(&pos, "a7"), 7);
}

// ---------------------------------------------------------------------------------------------
// A piece at 0 Cal
// ---------------------------------------------------------------------------------------------

#[test]
fn zero_cal_piece_cannot_move() {
    let v = calorie();
    let pos = at(&v, "4k3/8/8/8/8/8/8/R{0}3K3 w - - 0 1");
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // FIDE: the rook's 10 moves (a2-a8, b1-d1) as well.
    let fide = chess();
    assert_eq!(fide.legal_moves(&at(&fide, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")).len(), 15);
    // With 1 Cal it may move, once.
    let pos = at(&v, "4k3/8/8/8/8/8/8/R{1}3K3 w - - 0 1");
    assert_eq!(v.legal_moves(&pos).len(), 15);
    let pos = play(&v, &pos, "a1a5");
    assert_eq!(pos.to_fen(&v), "4k3/8/8/R{0}7/8/8/8/4K3 b - - 1 1");
    let pos = play(&v, &pos, "e8e7");
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

#[test]
fn zero_cal_piece_cannot_capture_but_a_one_cal_piece_can() {
    let v = calorie();
    // The queen on a2 stands next to the rook; d2, e2 and f2 are on its rank.
    let pos = at(&v, "4k3/8/8/8/8/8/q7/R{0}3K3 w - - 0 1");
    assert_eq!(moves(&v, &pos), ["e1d1", "e1f1"]);
    let pos = at(&v, "4k3/8/8/8/8/8/q7/R{1}3K3 w - - 0 1");
    assert_eq!(moves(&v, &pos), ["a1a2", "a1b1", "a1c1", "a1d1", "e1d1", "e1f1"]);
    // Paying its last Cal, it eats 7 + 9.
    let next = play(&v, &pos, "a1a2");
    assert_eq!(cal(&next, "a2"), 16);
    assert_eq!(next.to_fen(&v), "4k3/8/8/8/8/8/R{16}7/4K3 b - - 0 1");
}

#[test]
fn zero_cal_piece_gives_no_check() {
    let v = calorie();
    let fide = chess();
    // A black rook at 0 Cal on White's king's rank.
    let pos = at(&v, "4k3/8/8/8/8/8/8/r{0}3K3 w - - 0 1");
    assert!(!v.in_check(&pos));
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // In FIDE chess it is check, and d1 and f1 are covered.
    let f = at(&fide, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(fide.in_check(&f));
    assert_eq!(moves(&fide, &f), ["e1d2", "e1e2", "e1f2"]);

    // A position whose side not to move "is in check" by a 0-Cal piece is a legal position.
    assert!(Position::from_fen(&v, "4k3/8/8/8/8/8/8/4R{0}K2 w - - 0 1").is_ok());
    assert!(Position::from_fen(&v, "4k3/8/8/8/8/8/8/4R{1}K2 w - - 0 1").is_err());
    assert!(Position::from_fen(&fide, "4k3/8/8/8/8/8/8/4RK2 w - - 0 1").is_err());

    // A rook that spends its last Cal reaching the king's rank gives no check...
    let pos = at(&v, "4k3/8/8/8/8/8/8/R{1}3K3 w - - 0 1");
    let next = play(&v, &pos, "a1a8");
    assert!(!v.in_check(&next));
    assert_eq!(v.san(&pos, &v.parse_move(&pos, "a1a8").unwrap()), "Ra8");
    assert_eq!(moves(&v, &next), ["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]);
    // ...with one Cal left over, it does.
    let pos = at(&v, "4k3/8/8/8/8/8/8/R{2}3K3 w - - 0 1");
    let next = play(&v, &pos, "a1a8");
    assert!(v.in_check(&next));
    assert_eq!(moves(&v, &next), ["e8d7", "e8e7", "e8f7"]);
}

#[test]
fn zero_cal_piece_does_not_guard_squares_for_the_enemy_king() {
    let v = calorie();
    let fide = chess();
    // A 0-Cal rook on d8 does not cover d1 or d2.
    let pos = at(&v, "3r{0}k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    let f = at(&fide, "3rk3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves(&fide, &f), ["e1e2", "e1f1", "e1f2"]);

    // The queen on d2 checks; the rook on d1 would defend it and cover f1 through the king.
    // In FIDE chess this is mate. At 0 Cal the rook defends nothing: the king takes the queen
    // or steps to f1 (d1 stays covered by the queen, e2 and f2 too).
    let fen = "7k/8/8/8/8/8/3q4/3r{0}K3 w - - 0 1";
    let pos = at(&v, fen);
    assert!(v.in_check(&pos));
    assert_eq!(moves(&v, &pos), ["e1d2", "e1f1"]);
    let f = at(&fide, "7k/8/8/8/8/8/3q4/3rK3 w - - 0 1");
    assert!(fide.legal_moves(&f).is_empty() && fide.in_check(&f));
    // The king eats for free and stays without energy.
    assert_eq!(fen_after(&v, fen, &["e1d2"]), "7k/8/8/8/8/8/3K4/3r{0}4 b - - 0 1");
}

#[test]
fn zero_cal_piece_does_not_stop_castling() {
    let v = calorie();
    let fide = chess();
    let castles = |v: &Variant, fen: &str| -> Vec<String> {
        let pos = at(v, fen);
        v.legal_moves(&pos)
            .iter()
            .filter(|m| m.kind() == MoveKind::Castle)
            .map(|m| m.to_coordinates(v))
            .collect::<Vec<_>>()
    };
    // f1 crossed, covered by a rook on f8.
    assert_eq!(castles(&v, "4kr{0}2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["e1g1", "e1c1"]);
    assert_eq!(castles(&v, "4kr{1}2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["e1c1"]);
    assert_eq!(castles(&fide, "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["e1c1"]);
    // The king "in check" from a 0-Cal rook is not in check.
    assert_eq!(castles(&v, "4r{0}k2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["e1g1", "e1c1"]);
    assert!(castles(&v, "4r{1}k2/8/8/8/8/8/8/R3K2R w KQ - 0 1").is_empty());
    // d1 crossed, covered by a rook on d8.
    assert_eq!(castles(&v, "3r{0}k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["e1g1", "e1c1"]);
    assert_eq!(castles(&v, "3r{1}k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["e1g1"]);
}

#[test]
fn zero_cal_piece_pins_nothing() {
    let v = calorie();
    let fide = chess();
    // The knight on e2 stands between its king and a rook on e7.
    let pos = at(&v, "4k3/4r{0}3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        moves(&v, &pos),
        [
            "e1d1", "e1d2", "e1f1", "e1f2", "e2c1", "e2c3", "e2d4", "e2f4", "e2g1", "e2g3"
        ]
    );
    let pinned = ["e1d1", "e1d2", "e1f1", "e1f2"];
    assert_eq!(moves(&v, &at(&v, "4k3/4r{1}3/8/8/8/8/4N3/4K3 w - - 0 1")), pinned);
    assert_eq!(moves(&fide, &at(&fide, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")), pinned);
    // Same for a bishop pinning along a diagonal, and for Black.
    let pos = at(&v, "4k3/5n2/8/7B{0}/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        moves(&v, &pos),
        [
            "e8d7", "e8d8", "e8e7", "e8f8", "f7d6", "f7d8", "f7e5", "f7g5", "f7h6", "f7h8"
        ]
    );
    let pos = at(&v, "4k3/5n2/8/7B{1}/8/8/8/4K3 b - - 0 1");
    assert_eq!(moves(&v, &pos), ["e8d7", "e8d8", "e8e7", "e8f8"]);
}

#[test]
fn zero_cal_piece_still_blocks() {
    let v = calorie();
    // White's own 0-Cal knight shields the king from the rook on e8 (and cannot move itself).
    let pos = at(&v, "k3r3/8/8/8/4N{0}3/8/8/4K3 w - - 0 1");
    assert!(!v.in_check(&pos));
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // Without it, it is check and e2 is covered.
    let pos = at(&v, "k3r3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(v.in_check(&pos));
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1f1", "e1f2"]);
    // An enemy 0-Cal knight blocks the rook behind it too, and covers neither d2 nor f2.
    let pos = at(&v, "k3r3/8/8/8/4n{0}3/8/8/4K3 w - - 0 1");
    assert!(!v.in_check(&pos));
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // It also stops a rook of its own side: a1 to a3 only.
    let pos = at(&v, "k7/8/8/8/N{0}7/8/8/R3K3 w - - 0 1");
    assert_eq!(
        moves(&v, &pos),
        [
            "a1a2", "a1a3", "a1b1", "a1c1", "a1d1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Eating
// ---------------------------------------------------------------------------------------------

#[test]
fn capture_adds_the_victims_cal_and_value_after_paying_one() {
    let v = calorie();
    // A 7-Cal knight eats a 7-Cal rook: 7 - 1 + 7 + 5 = 18.
    assert_eq!(
        fen_after(&v, "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", &["e3d5"]),
        "4k3/8/8/3N{18}4/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn capture_values_of_every_piece_type() {
    let v = calorie();
    // A rook with `captor` Cal on a1 eats a black piece on a5 with `victim` Cal.
    for (captor, victim, letter, expected) in [
        (3, 2, 'p', 2 + 2 + 1),
        (3, 0, 'n', 2 + 3),
        (3, 4, 'b', 2 + 4 + 3),
        (3, 7, 'r', 2 + 7 + 5),
        (3, 11, 'q', 2 + 11 + 9),
        (1, 0, 'p', 1),
        (1, 7, 'q', 16),
        (20, 30, 'n', 19 + 30 + 3),
    ] {
        let fen = format!("4k3/8/8/{letter}{{{victim}}}7/8/8/8/R{{{captor}}}3K3 w - - 0 1");
        let pos = play(&v, &at(&v, &fen), "a1a5");
        assert_eq!(cal(&pos, "a5"), expected, "{fen}");
    }
    // Black eats the same way: 3 - 1 + 4 + 9 = 15.
    let pos = play(&v, &at(&v, "r{3}3k3/8/8/8/Q{4}7/8/8/4K3 b - - 0 1"), "a8a4");
    assert_eq!(pos.to_fen(&v), "4k3/8/8/8/r{15}7/8/8/4K3 w - - 0 2");
}

#[test]
fn a_king_eats_for_nothing() {
    let v = calorie();
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/4p{3}3/4K3 w - - 0 1", &["e1e2"]),
        "4k3/8/8/8/8/8/4K3/8 b - - 0 1"
    );
}

#[test]
fn en_passant_feeds_the_captor() {
    let v = calorie();
    // e7-e5 costs 1; d5xe6 e.p. pays 1 and eats the pawn's 6 plus 1: 7 - 1 + 6 + 1 = 13.
    let start = "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1";
    assert_eq!(fen_after(&v, start, &["e7e5"]), "4k3/8/8/3Pp{6}3/8/8/8/4K3 w - e6 0 2");
    let pos = at(&v, &fen_after(&v, start, &["e7e5"]));
    let ep = v.parse_move(&pos, "d5e6").unwrap();
    assert_eq!(ep.kind(), MoveKind::EnPassant);
    assert_eq!(
        fen_after(&v, start, &["e7e5", "d5e6"]),
        "4k3/8/4P{13}3/8/8/8/8/4K3 b - - 0 2"
    );
    // Black with its last Cal: 1 - 1 + 6 + 1 = 7, written without braces.
    let start = "4k3/8/8/8/4p{1}3/8/3P4/4K3 w - - 0 1";
    assert_eq!(
        fen_after(&v, start, &["d2d4"]),
        "4k3/8/8/8/3P{6}p{1}3/8/8/4K3 b - d3 0 1"
    );
    assert_eq!(
        fen_after(&v, start, &["d2d4", "e4d3"]),
        "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2"
    );
}

#[test]
fn en_passant_needs_a_pawn_with_energy() {
    let v = calorie();
    let pos = at(&v, "4k3/4p3/8/3P{0}4/8/8/8/4K3 b - - 0 1");
    let pos = play(&v, &pos, "e7e5");
    // No en passant square: the only pawn that could take cannot move.
    assert_eq!(pos.to_fen(&v), "4k3/8/8/3P{0}p{6}3/8/8/8/4K3 w - - 0 2");
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

// ---------------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------------

#[test]
fn a_promoted_piece_has_exactly_seven() {
    let v = calorie();
    for pawn in [1, 2, 7, 40] {
        for (promo, letter) in [("q", 'Q'), ("r", 'R'), ("b", 'B'), ("n", 'N')] {
            // Taking the queen on b8 would feed 9 + 7; the promoted piece gets 7 all the same.
            let fen = format!("1q2k3/P{{{pawn}}}7/8/8/8/8/8/4K3 w - - 0 1");
            assert_eq!(
                fen_after(&v, &fen, &[&format!("a7b8{promo}")]),
                format!("1{letter}2k3/8/8/8/8/8/8/4K3 b - - 0 1")
            );
            // A quiet promotion too.
            assert_eq!(
                fen_after(&v, &fen, &[&format!("a7a8{promo}")]),
                format!("{letter}q2k3/8/8/8/8/8/8/4K3 b - - 0 1")
            );
        }
    }
    // Black: a 1-Cal pawn promotes to a 7-Cal knight.
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/p{1}7/1R2K3 b - - 0 1", &["a2b1n"]),
        "4k3/8/8/8/8/8/8/1n2K3 w - - 0 2"
    );
}

#[test]
fn a_promoted_piece_is_eaten_as_its_new_type() {
    let v = calorie();
    // The rook on h8 (7 Cal) eats what the pawn became: 6 + 7 + value.
    for (promo, expected) in [("q", 6 + 7 + 9), ("r", 6 + 7 + 5), ("b", 6 + 7 + 3), ("n", 6 + 7 + 3)] {
        let pos = at(&v, "7r/P7/8/8/8/8/8/K6k w - - 0 1");
        let pos = play(&v, &pos, &format!("a7a8{promo}"));
        let pos = play(&v, &pos, "h8a8");
        assert_eq!(cal(&pos, "a8"), expected, "a8={promo}");
        assert_eq!(pos.to_fen(&v), format!("r{{{expected}}}7/8/8/8/8/8/8/K6k w - - 0 2"));
    }
}

// ---------------------------------------------------------------------------------------------
// Castling
// ---------------------------------------------------------------------------------------------

#[test]
fn castling_costs_the_rook_one_and_the_king_nothing() {
    let v = calorie();
    let both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(fen_after(&v, both, &["e1g1"]), "r3k2r/8/8/8/8/8/8/R4R{6}K1 b kq - 1 1");
    assert_eq!(fen_after(&v, both, &["O-O-O"]), "r3k2r/8/8/8/8/8/8/2KR{6}3R b kq - 1 1");
    assert_eq!(
        fen_after(&v, both, &["e1g1", "e8c8"]),
        "2kr{6}3r/8/8/8/8/8/8/R4R{6}K1 w - - 2 2"
    );
    // The rook's last Cal.
    assert_eq!(
        fen_after(&v, "r3k2r/8/8/8/8/8/8/R3K2R{1} w KQkq - 0 1", &["e1g1"]),
        "r3k2r/8/8/8/8/8/8/R4R{0}K1 b kq - 1 1"
    );
}

#[test]
fn a_rook_at_zero_cal_cannot_castle() {
    let v = calorie();
    let pos = at(&v, "r3k2r/8/8/8/8/8/8/R{0}3K2R{0} w KQkq - 0 1");
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    let pos = at(&v, "r3k2r/8/8/8/8/8/8/R{0}3K2R w KQkq - 0 1");
    let castles: Vec<String> = v
        .legal_moves(&pos)
        .iter()
        .filter(|m| m.kind() == MoveKind::Castle)
        .map(|m| m.to_coordinates(&v))
        .collect();
    assert_eq!(castles, ["e1g1"]);
}

// ---------------------------------------------------------------------------------------------
// No legal move: pass, checkmate, both stalemated
// ---------------------------------------------------------------------------------------------

/// White's king is walled in by its own 0-Cal pieces; Black's king is free.
const WHITE_STUCK: &str = "7k/8/8/8/8/8/P{0}P{0}6/KN{0}6 w - - 0 1";
/// Both kings walled in by their own 0-Cal pieces.
const BOTH_STUCK: &str = "kn{0}6/p{0}p{0}6/8/8/8/8/P{0}P{0}6/KN{0}6 w - - 0 1";

#[test]
fn a_side_without_a_legal_move_passes() {
    let v = calorie();
    let pos = at(&v, WHITE_STUCK);
    assert!(!v.in_check(&pos));
    let legal = v.legal_moves(&pos);
    assert_eq!(legal, [Move::pass()]);
    assert_eq!(legal[0].kind(), MoveKind::Pass);
    // In FIDE chess the pawns and the knight move: a3 a4 b3 b4, Na3 Nc3 Nd2.
    let fide = chess();
    assert_eq!(fide.legal_moves(&at(&fide, "7k/8/8/8/8/8/PP6/KN6 w - - 0 1")).len(), 7);
    // The pass is recorded in the position (and its FEN) and costs nobody anything.
    let after = play(&v, &pos, "pass");
    assert!(after.last_move_was_pass());
    assert_eq!(after.to_fen(&v), "7k/8/8/8/8/8/P{0}P{0}6/KN{0}6 b - - 1 1 passed");
    assert_eq!(at(&v, &after.to_fen(&v)), after);
    // Black moves; White passes again (Black's last move was not a pass).
    let after = play(&v, &after, "h8g8");
    assert!(!after.last_move_was_pass());
    assert_eq!(v.legal_moves(&after), [Move::pass()]);
    // A side with a legal move never passes.
    assert!(!v.legal_moves(&v.start()).iter().any(|m| m.kind() == MoveKind::Pass));
    assert!(v.parse_move(&v.start(), "pass").is_err());

    let mut g = game(v, WHITE_STUCK);
    assert_eq!(g.outcome(), None);
    g.play_text("pass").unwrap();
    assert!(g.last_was_pass());
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_pass_is_one_perft_node() {
    let v = calorie();
    let pos = at(&v, WHITE_STUCK);
    // 1: the pass. 2: Black's king g8 g7 h7. 3: White passes after each.
    // 4: from g8 five squares, from g7 eight, from h7 five.
    assert_eq!(v.perft(&pos, 1), 1);
    assert_eq!(v.perft(&pos, 2), 3);
    assert_eq!(v.perft(&pos, 3), 3);
    assert_eq!(v.perft(&pos, 4), 5 + 8 + 5);
    // The rook on h1 has 1 Cal: 12 moves (h2-h8, c1-g1), then it is spent, Black (walled in)
    // passes, and White has no move after a pass: both stalemated, no node below.
    let pos = at(&v, "kn{0}6/p{0}p{0}6/8/8/8/8/P{0}P{0}6/KN{0}5R{1} w - - 0 1");
    assert_eq!(v.perft(&pos, 1), 12);
    assert_eq!(v.perft(&pos, 2), 12);
    assert_eq!(v.perft(&pos, 3), 0);
}

#[test]
fn both_sides_stalemated_is_an_immediate_draw() {
    let v = calorie();
    let pos = at(&v, BOTH_STUCK);
    assert_eq!(v.legal_moves(&pos), [Move::pass()]);
    assert_eq!(v.perft(&pos, 1), 1);
    assert_eq!(v.perft(&pos, 2), 0);
    let after = play(&v, &pos, "pass");
    // Black has no move and White just passed: no second pass.
    assert!(v.legal_moves(&after).is_empty());
    assert!(v.parse_move(&after, "pass").is_err());

    let draw = Outcome {
        winner: None,
        reason: Reason::BothStalemated,
    };
    let mut g = game(calorie(), BOTH_STUCK);
    assert_eq!(g.outcome(), None);
    g.play_text("pass").unwrap();
    assert_eq!(g.outcome(), Some(draw));
    assert_eq!(draw.reason.name(), "both sides stalemated");
    // The same, read from a FEN that says the last move was a pass.
    let g = game(calorie(), "kn{0}6/p{0}p{0}6/8/8/8/8/P{0}P{0}6/KN{0}6 b - - 1 1 passed");
    assert_eq!(g.outcome(), Some(draw));
    // After a real move, the walled-in side passes instead.
    let mut g = game(calorie(), "kn{0}6/p{0}p{0}6/8/8/8/8/8/K6R{1} w - - 0 1");
    g.play_text("h1h2").unwrap();
    assert_eq!(g.variant().legal_moves(g.position()), [Move::pass()]);
    g.play_text("pass").unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(moves(g.variant(), g.position()), ["a1a2", "a1b1", "a1b2"]);
}

#[test]
fn in_check_without_a_legal_move_is_checkmate() {
    let v = calorie();
    // The rook checks along the a-file; a7 and b7 are the white king's, b8 holds a 0-Cal bishop.
    let mate = "kb{0}6/8/1K6/8/8/8/8/R7 b - - 0 1";
    let pos = at(&v, mate);
    assert!(v.in_check(&pos));
    assert!(v.legal_moves(&pos).is_empty());
    assert_eq!(
        game(calorie(), mate).outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: Reason::Checkmate
        })
    );
    assert_eq!(v.perft(&pos, 1), 0);
    // With 1 Cal the bishop interposes.
    let pos = at(&v, "kb{1}6/8/1K6/8/8/8/8/R7 b - - 0 1");
    assert_eq!(moves(&v, &pos), ["b8a7"]);
    // With a 0-Cal rook it is no check: Black passes.
    let pos = at(&v, "kb{0}6/8/1K6/8/8/8/8/R{0}7 b - - 0 1");
    assert!(!v.in_check(&pos));
    assert_eq!(v.legal_moves(&pos), [Move::pass()]);
}

// ---------------------------------------------------------------------------------------------
// Energies are part of the position
// ---------------------------------------------------------------------------------------------

#[test]
fn energies_round_trip_through_fen() {
    let v = calorie();
    for fen in [
        START,
        "r{0}n{3}b{12}qk2r/p{1}ppp1ppp/8/4p{6}3/4P{6}3/5N{9}2/PPPP1PPP/RNBQK2R{0} w KQkq - 3 5",
        "4k3/8/8/3P{2}p{6}3/8/8/8/4K3 w - e6 0 2",
        "kn{0}6/p{0}p{0}6/8/8/8/8/P{0}P{0}6/KN{0}6 b - - 1 1 passed",
        "4k3/8/8/8/8/8/8/Q{32767}3K3 w - - 0 1",
    ] {
        let pos = at(&v, fen);
        assert_eq!(pos.to_fen(&v), fen);
        let again = at(&v, &pos.to_fen(&v));
        assert_eq!(again, pos);
        assert_eq!(again.hash(), pos.hash());
    }
    // {7} is the default.
    let pos = at(&v, "4k3/8/8/8/8/8/8/R{7}3K3 w - - 0 1");
    assert_eq!(pos.to_fen(&v), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(pos, at(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
    assert_eq!(cal(&pos, "a1"), 7);
    assert_eq!(cal(&at(&v, "4k3/8/8/8/8/8/8/R{12}3K3 w - - 0 1"), "a1"), 12);
    // Out of range or not a number.
    for bad in [
        "4k3/8/8/8/8/8/8/R{32768}3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R{-1}3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R{x}3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R{3K3 w - - 0 1",
    ] {
        assert!(Position::from_fen(&v, bad).is_err(), "{bad}");
    }
}

#[test]
fn energies_are_in_the_hash() {
    let v = calorie();
    let seven = at(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let six = at(&v, "4k3/8/8/8/8/8/8/R{6}3K3 w - - 0 1");
    let zero = at(&v, "4k3/8/8/8/8/8/8/R{0}3K3 w - - 0 1");
    assert_ne!(seven.hash(), six.hash());
    assert_ne!(six.hash(), zero.hash());
    assert_ne!(seven.hash(), zero.hash());
    assert_ne!(seven, six);
    // The incremental hash follows every energy change (play() checks it against a recount).
    let pos = play(&v, &seven, "a1a2");
    let pos = play(&v, &pos, "e8e7");
    let pos = play(&v, &pos, "a2a1");
    let pos = play(&v, &pos, "e7e8");
    assert_eq!(cal(&pos, "a1"), 5);
    assert_eq!(pos.hash(), at(&v, "4k3/8/8/8/8/8/8/R{5}3K3 w - - 4 3").hash());
    assert_ne!(pos.hash(), seven.hash());
}

#[test]
fn the_same_board_with_other_energies_is_another_position() {
    // Knights out and back: the board is the start board again, but both knights have 5 Cal.
    let line = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut g = game(calorie(), START);
    for text in line {
        g.play_text(text).unwrap();
    }
    assert_eq!(
        g.position().to_fen(g.variant()),
        "rnbqkbn{5}r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN{5}R w KQkq - 4 3"
    );
    assert_eq!(g.repetitions(), 1);
    assert_ne!(g.position().hash(), g.variant().start().hash());
    // In FIDE chess it is the start position again.
    let mut g = game(chess(), START);
    for text in line {
        g.play_text(text).unwrap();
    }
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn only_free_king_moves_repeat_and_three_times_is_a_draw() {
    let mut g = game(calorie(), "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1");
    let shuffle = ["e1e2", "e8e7", "e2e1", "e7e8"];
    for text in shuffle {
        g.play_text(text).unwrap();
    }
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    for text in shuffle {
        g.play_text(text).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Repetition
        })
    );
    // A rook's steps spend energy, so shuffling it back and forth never repeats a position.
    let mut g = game(calorie(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    for text in ["a1a2", "e8e7", "a2a1", "e7e8", "a1a2", "e8e7", "a2a1", "e7e8"] {
        g.play_text(text).unwrap();
        assert_eq!(g.repetitions(), 1, "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------------

#[test]
fn start_perft_equals_fide() {
    let v = calorie();
    let start = v.start();
    assert_eq!(v.perft(&start, 1), 20);
    assert_eq!(v.perft(&start, 2), 400);
    // Nobody runs dry in three plies (a piece moves at most twice), so 8902 as in FIDE chess.
    assert_eq!(v.perft(&start, 3), 8_902);
}

#[test]
fn kiwipete_perft_equals_fide_while_energy_lasts() {
    let v = calorie();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = at(&v, kiwipete);
    assert_eq!(v.perft(&pos, 1), 48);
    assert_eq!(v.perft(&pos, 2), 2_039);
    assert_eq!(v.perft(&pos, 3), 97_862);
}

#[test]
fn energy_lowers_perft_counted_by_hand() {
    let v = calorie();
    let fide = chess();
    // White: king 5 moves, the 0-Cal rook none. Black's king then has 5 replies each.
    let pos = at(&v, "4k3/8/8/8/8/8/8/R{0}3K3 w - - 0 1");
    assert_eq!(v.perft(&pos, 1), 5);
    assert_eq!(v.perft(&pos, 2), 25);
    let f = at(&fide, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(fide.perft(&f, 1), 15);
    assert!(fide.perft(&f, 2) > 25);
}

#[test]
fn energy_lowers_perft_counted_by_an_independent_mover() {
    let v = calorie();
    let fide = chess();
    for (fen, depth) in [
        ("4k3/8/8/8/8/8/8/R{0}3K3 w - - 0 1", 4),
        ("r{1}3k3/8/2n{0}5/8/3B{1}4/8/1Q{2}6/R{0}3K2R{1} w - - 0 1", 3),
        ("r{1}3k2r{2}/8/8/3q{1}4/8/8/2N{1}5/R{2}3K2R{1} b - - 0 1", 3),
        ("kn{0}6/r{0}r{0}6/8/8/8/8/8/4K2R{3} w - - 0 1", 4),
        ("kn{0}6/p{0}p{0}6/8/8/8/8/P{0}P{0}6/KN{0}5R{1} w - - 0 1", 4),
        ("3k4/8/3r{1}4/8/8/3N{1}4/3R{0}4/3K4 w - - 0 1", 4),
    ] {
        let fide_fen = strip_energies(fen);
        let pawns = fen.split(' ').next().unwrap().contains(['p', 'P']);
        let calorie_count = v.perft(&at(&v, fen), depth);
        let fide_count = fide.perft(&at(&fide, &fide_fen), depth);
        if !pawns {
            let board = mini::Board::parse(fen);
            assert_eq!(calorie_count, mini::perft(&board, depth, true), "{fen}");
            assert_eq!(fide_count, mini::perft(&board, depth, false), "{fide_fen}");
        }
        assert!(calorie_count < fide_count, "{fen}: {calorie_count} vs {fide_count}");
    }
}

fn strip_energies(fen: &str) -> String {
    let mut out = String::new();
    let mut skip = false;
    for c in fen.chars() {
        match c {
            '{' => skip = true,
            '}' => skip = false,
            _ if !skip => out.push(c),
            _ => {}
        }
    }
    out.replace(" passed", "")
}

/// A tiny, slow, independent mover for kings, queens, rooks, bishops and knights (no pawns, no
/// castling): plays Calorie Chess (`calorie`) or FIDE chess, straight from the rules.
mod mini {
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Kind {
        K,
        Q,
        R,
        B,
        N,
    }

    #[derive(Clone, Copy, Debug)]
    struct Man {
        white: bool,
        kind: Kind,
        cal: u16,
    }

    #[derive(Clone)]
    pub struct Board {
        men: [Option<Man>; 64],
        white: bool,
        passed: bool,
    }

    impl Board {
        pub fn parse(fen: &str) -> Board {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let mut men = [None; 64];
            for (row, text) in fields[0].split('/').enumerate() {
                let rank = 7 - row;
                let mut file = 0;
                let mut chars = text.chars();
                let mut pending = chars.next();
                while let Some(c) = pending {
                    pending = chars.next();
                    if let Some(d) = c.to_digit(10) {
                        file += d as usize;
                        continue;
                    }
                    let kind = match c.to_ascii_uppercase() {
                        'K' => Kind::K,
                        'Q' => Kind::Q,
                        'R' => Kind::R,
                        'B' => Kind::B,
                        'N' => Kind::N,
                        _ => panic!("the mini mover has no {c}"),
                    };
                    let mut cal = 7;
                    if pending == Some('{') {
                        let digits: String = chars.by_ref().take_while(|&c| c != '}').collect();
                        cal = digits.parse().unwrap();
                        pending = chars.next();
                    }
                    men[rank * 8 + file] = Some(Man {
                        white: c.is_ascii_uppercase(),
                        kind,
                        cal,
                    });
                    file += 1;
                }
                assert_eq!(file, 8, "{text}");
            }
            Board {
                men,
                white: fields[1] == "w",
                passed: fields.contains(&"passed"),
            }
        }
    }

    fn food(kind: Kind) -> u16 {
        match kind {
            Kind::Q => 9,
            Kind::R => 5,
            Kind::B | Kind::N => 3,
            Kind::K => 0,
        }
    }

    fn active(m: Man, calorie: bool) -> bool {
        !calorie || m.kind == Kind::K || m.cal > 0
    }

    /// Whether a `kind` on `from` could go to `to`, whatever stands on `to`.
    fn reaches(b: &Board, from: usize, to: usize, kind: Kind) -> bool {
        let (fx, fy) = ((from % 8) as i32, (from / 8) as i32);
        let (dx, dy) = ((to % 8) as i32 - fx, (to / 8) as i32 - fy);
        if (dx, dy) == (0, 0) {
            return false;
        }
        let straight = dx == 0 || dy == 0;
        let diagonal = dx.abs() == dy.abs();
        let open = || {
            let (sx, sy) = (dx.signum(), dy.signum());
            (1..dx.abs().max(dy.abs())).all(|i| b.men[((fy + sy * i) * 8 + fx + sx * i) as usize].is_none())
        };
        match kind {
            Kind::K => dx.abs() <= 1 && dy.abs() <= 1,
            Kind::N => dx.abs() * dy.abs() == 2,
            Kind::R => straight && open(),
            Kind::B => diagonal && open(),
            Kind::Q => (straight || diagonal) && open(),
        }
    }

    fn attacked(b: &Board, target: usize, by_white: bool, calorie: bool) -> bool {
        (0..64).any(|from| {
            b.men[from].is_some_and(|m| m.white == by_white && active(m, calorie) && reaches(b, from, target, m.kind))
        })
    }

    fn king(b: &Board, white: bool) -> usize {
        (0..64)
            .find(|&s| b.men[s].is_some_and(|m| m.kind == Kind::K && m.white == white))
            .unwrap()
    }

    fn children(b: &Board, calorie: bool) -> Vec<Board> {
        let mut out = Vec::new();
        for from in 0..64 {
            let Some(m) = b.men[from] else { continue };
            if m.white != b.white || !active(m, calorie) {
                continue;
            }
            for to in 0..64 {
                if b.men[to].is_some_and(|t| t.white == b.white) || !reaches(b, from, to, m.kind) {
                    continue;
                }
                let mut next = b.clone();
                let victim = next.men[to].take();
                let mut man = m;
                if man.kind != Kind::K {
                    man.cal = man.cal.saturating_sub(1) + victim.map_or(0, |v| v.cal + food(v.kind));
                }
                next.men[from] = None;
                next.men[to] = Some(man);
                next.white = !b.white;
                next.passed = false;
                if !attacked(&next, king(&next, b.white), next.white, calorie) {
                    out.push(next);
                }
            }
        }
        let in_check = attacked(b, king(b, b.white), !b.white, calorie);
        if out.is_empty() && calorie && !in_check && !b.passed {
            let mut next = b.clone();
            next.white = !b.white;
            next.passed = true;
            out.push(next);
        }
        out
    }

    pub fn perft(b: &Board, depth: u32, calorie: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        children(b, calorie).iter().map(|c| perft(c, depth - 1, calorie)).sum()
    }
}

// ---------------------------------------------------------------------------------------------
// Long random games against an independent energy ledger
// ---------------------------------------------------------------------------------------------

fn food_of(letter: char) -> u16 {
    match letter.to_ascii_uppercase() {
        'P' => 1,
        'N' | 'B' => 3,
        'R' => 5,
        'Q' => 9,
        other => panic!("no food value for {other}"),
    }
}

/// The energies after `mv`, worked out from the rules alone (kings left out).
fn ledger_after(v: &Variant, pos: &Position, mv: &Move) -> HashMap<Square, u16> {
    let mut ledger: HashMap<Square, u16> = HashMap::new();
    for color in Color::ALL {
        for s in pos.pieces_of(color) {
            let p = pos.piece_at(s).unwrap();
            if !v.is_royal(p.role()) {
                ledger.insert(s, pos.counter(s));
            }
        }
    }
    let letter_at = |s: Square| v.role(pos.piece_at(s).unwrap().role()).letter;
    match mv.kind() {
        MoveKind::Pass => {}
        MoveKind::Castle => {
            let rook = ledger.remove(&mv.extra()).unwrap();
            assert!(rook > 0, "a rook without energy castled");
            let rook_file = if mv.to().file() > mv.from().file() {
                mv.to().file() - 1
            } else {
                mv.to().file() + 1
            };
            ledger.insert(Square::new(rook_file, mv.to().rank()).unwrap(), rook - 1);
        }
        _ => {
            let victim_square = match mv.kind() {
                MoveKind::EnPassant => Some(mv.extra()),
                MoveKind::Capture => Some(mv.to()),
                _ => None,
            };
            let food = victim_square.map_or(0, |s| ledger.remove(&s).unwrap() + food_of(letter_at(s)));
            if let Some(energy) = ledger.remove(&mv.from()) {
                assert!(energy > 0, "a piece without energy moved: {mv:?}");
                let energy = if mv.promotion().is_some() { 7 } else { energy - 1 + food };
                ledger.insert(mv.to(), energy);
            }
        }
    }
    ledger
}

#[test]
fn random_games_keep_energy_hash_fen_and_passes_consistent() {
    let v = calorie();
    let mut seed: u64 = 0x5EED_CA10;
    let mut next_random = || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize
    };
    let (mut passes, mut eaten, mut castles, mut promotions, mut ep) = (0, 0, 0, 0, 0);
    for _game in 0..40 {
        let mut pos = v.start();
        for _ply in 0..400 {
            let legal = v.legal_moves(&pos);
            if legal.is_empty() {
                break;
            }
            let has_pass = legal.iter().any(|m| m.kind() == MoveKind::Pass);
            if has_pass {
                assert_eq!(legal.len(), 1);
                assert!(!v.in_check(&pos) && !pos.last_move_was_pass());
                passes += 1;
            }
            // Favour captures so that energy changes hands often.
            let captures: Vec<&Move> = legal.iter().filter(|m| m.is_capture()).collect();
            let mv = if !captures.is_empty() && next_random() % 2 == 0 {
                *captures[next_random() % captures.len()]
            } else {
                legal[next_random() % legal.len()]
            };
            eaten += usize::from(mv.is_capture());
            castles += usize::from(mv.kind() == MoveKind::Castle);
            promotions += usize::from(mv.promotion().is_some());
            ep += usize::from(mv.kind() == MoveKind::EnPassant);
            let expected = ledger_after(&v, &pos, &mv);
            let next = pos.play_unchecked(&v, &mv);
            for color in Color::ALL {
                for s in next.pieces_of(color) {
                    if !v.is_royal(next.piece_at(s).unwrap().role()) {
                        assert_eq!(
                            Some(&next.counter(s)),
                            expected.get(&s),
                            "{s} after {} in {}",
                            mv.to_coordinates(&v),
                            pos.to_fen(&v)
                        );
                    } else {
                        assert_eq!(next.counter(s), 0, "a king has energy");
                    }
                }
            }
            assert_eq!(next.hash(), next.recomputed_hash(&v));
            let fen = next.to_fen(&v);
            assert_eq!(at(&v, &fen), next, "{fen}");
            pos = next;
        }
    }
    assert!(
        eaten > 100 && passes > 0 && castles > 0 && promotions > 0,
        "{eaten} captures, {passes} passes, {castles} castlings, {promotions} promotions, {ep} e.p."
    );
}

// ---------------------------------------------------------------------------------------------
// A user's Calorie variant: pieces the core attacks with by generating their moves
// ---------------------------------------------------------------------------------------------

#[test]
fn a_zero_cal_piece_with_generated_attacks_gives_no_check() {
    // `icR` captures like a rook only while it has never moved: the core finds its attacks by
    // generating its moves, and must skip it at 0 Cal as well.
    let text = r#"
        name = "calorie-slow"
        files = 8
        ranks = 8
        start = "4k3/8/8/8/8/8/8/4K2Z w - - 0 1"
        rules = "calorie"
        counter = "Cal"
        [end]
        stalemate = "pass"
        [[piece]]
        letter = "K"
        name = "King"
        betza = "K"
        royal = true
        [[piece]]
        letter = "Z"
        name = "Zealot"
        betza = "icR"
        value = 500
        counter = 7
    "#;
    let v = messhall_catalog::from_toml("calorie-slow", text).unwrap();
    let pos = at(&v, "4k3/8/8/8/8/8/8/4K2z{0,u} w - - 0 1");
    assert!(!v.in_check(&pos));
    assert_eq!(moves(&v, &pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    let pos = at(&v, "4k3/8/8/8/8/8/8/4K2z{1,u} w - - 0 1");
    assert!(v.in_check(&pos));
    assert_eq!(moves(&v, &pos), ["e1d2", "e1e2", "e1f2"]);
}

#[test]
fn energies_are_facts_of_each_side_kings_left_out() {
    use messhall_rules::{CounterValue, Fact, Piece};
    let v = calorie();
    let pos = play(&v, &at(&v, "4k3/3n4/8/8/8/8/4P3/4K3 w - - 0 1"), "e2e4");
    let letter = |c: char| v.roles().find(|(_, info)| info.letter == c).map(|(r, _)| r).unwrap();
    assert_eq!(
        v.facts(&pos),
        [
            Fact::Counters {
                color: Color::White,
                counter: messhall_calorie::ENERGY,
                values: vec![CounterValue {
                    piece: Piece::new(Color::White, letter('P')),
                    square: sq("e4"),
                    value: 6,
                }],
            },
            Fact::Counters {
                color: Color::Black,
                counter: messhall_calorie::ENERGY,
                values: vec![CounterValue {
                    piece: Piece::new(Color::Black, letter('N')),
                    square: sq("d7"),
                    value: 7,
                }],
            },
        ]
    );
    assert_eq!(
        (messhall_calorie::ENERGY.name, messhall_calorie::ENERGY.unit),
        ("energy", "Cal")
    );
}

/// The pieces' words tell their energy: a Rook's 7 Cal and food value 5, a King's free moves.
#[test]
fn the_words_of_a_piece_tell_its_energy() {
    let v = calorie();
    let words = |letter| messhall_rules::words::piece_words(&v, v.role_by_letter(letter).unwrap());
    assert_eq!(
        words('R'),
        "slides any distance orthogonally; starts with 7 Cal; each move costs 1 Cal, a capture eats the victim's \
         Cal and food value; at 0 Cal it can neither move nor capture; its food value is 5 Cal"
    );
    assert!(
        words('K').ends_with("moves without spending energy; royal: checkmate it to win"),
        "{}",
        words('K')
    );
    assert!(!messhall_rules::words::piece_words(&chess(), chess().role_by_letter('R').unwrap()).contains("Cal"));
}
