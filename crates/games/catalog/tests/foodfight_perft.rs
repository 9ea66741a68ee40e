//! Food Fight perft: the table-driven core against a plain reference generator written only for
//! these tests (`foodfight_reference`), compared move by move at every node down to the depth, and
//! the counts pinned.

mod foodfight_reference;

use foodfight_reference::{Board, letter, square_name};
use messhall_games::builtin;
use messhall_rules::{Position, Variant};

const START: &str = foodfight_reference::START;
/// White to move: a Fish and a Piglet one step from promotion (with a capture onto d12), Pies,
/// a Pancake with hurdles, a moved Piglet back on its start square.
const PROMOTIONS: &str = "r2b6d1/2P4G4/1p3k1u4/5g3w2/12/4p2n4/2c9/4I7/1P6I3/3MG{m}7/10K1/S7N2R w - - 0 30";
/// White to move after Black's d10-d8: a Fish (c8) and a Piglet (e8) can both take en passant on
/// d9; a Fish back on its start square that may not double step; Pies on both sides.
const EN_PASSANT: &str = "5nk4r/1m10/p5g5/7g4/2PpG7/9e2/5I{m}6/10C1/E3i7/1P{m}3G6/3B7R/3U1NK5 w - d9 0 25";
/// Black to move after White's j3-j5: a black Fish (i5) and Piglet (k5) can take en passant on
/// j4; a black Fish one step from promotion; Pies on both sides.
const BLACK_EN_PASSANT: &str = "3n3k4/6s5/2p1f7/7i4/6U5/12/12/3g4pPg1/2G2W2P3/6I4M/Rp5D4/4K7 b - j4 0 40";

fn foodfight() -> Variant {
    builtin("foodfight").expect("foodfight is built in")
}

/// The moves of both generators at one node, in coordinate notation, sorted.
fn both_move_lists(v: &Variant, pos: &Position, board: &Board) -> (Vec<String>, Vec<String>) {
    let mut core: Vec<String> = v.legal_moves(pos).iter().map(|m| m.to_coordinates(v)).collect();
    let mut reference: Vec<String> = board
        .legal_moves()
        .iter()
        .map(|m| {
            let mut s = format!("{}{}", square_name(m.from), square_name(m.to));
            if let Some(p) = m.promotion {
                s.push(letter(p));
            }
            s
        })
        .collect();
    core.sort();
    reference.sort();
    (core, reference)
}

/// Walks both trees together to `depth`, failing at the first node where the move lists differ;
/// returns the leaf count.
fn walk(v: &Variant, pos: &Position, board: &Board, depth: u32, line: &mut Vec<String>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (core, reference) = both_move_lists(v, pos, board);
    if core != reference {
        let only_core: Vec<_> = core.iter().filter(|m| !reference.contains(m)).collect();
        let only_ref: Vec<_> = reference.iter().filter(|m| !core.contains(m)).collect();
        panic!(
            "after [{}] ({}): core {} moves, reference {}; only in core {only_core:?}, only in reference {only_ref:?}",
            line.join(" "),
            pos.to_fen(v),
            core.len(),
            reference.len()
        );
    }
    if depth == 1 {
        return core.len() as u64;
    }
    let core_moves = v.legal_moves(pos);
    let ref_moves = board.legal_moves();
    let mut total = 0;
    for mv in &core_moves {
        let text = mv.to_coordinates(v);
        let rm = ref_moves
            .iter()
            .find(|m| {
                let mut s = format!("{}{}", square_name(m.from), square_name(m.to));
                if let Some(p) = m.promotion {
                    s.push(letter(p));
                }
                s == text
            })
            .expect("matched above");
        line.push(text);
        total += walk(v, &pos.play(v, mv), &board.play(rm), depth - 1, line);
        line.pop();
    }
    total
}

/// Checks `expected[d - 1]` = perft(d) of the core, and that the reference agrees move by move at
/// every node down to the deepest depth listed (so its counts agree too).
fn check(fen: &str, expected: &[u64]) {
    let v = foodfight();
    let pos = Position::from_fen(&v, fen).expect("valid FEN");
    let board = Board::from_fen(fen);
    for (i, &count) in expected.iter().enumerate() {
        assert_eq!(v.perft(&pos, i as u32 + 1), count, "core perft({}) of {fen}", i + 1);
    }
    let deepest = expected.len() as u32;
    assert_eq!(
        walk(&v, &pos, &board, deepest, &mut Vec::new()),
        expected[expected.len() - 1]
    );
    assert_eq!(board.perft(1), expected[0], "reference perft(1) of {fen}");
}

#[test]
fn start_position_to_depth_2() {
    check(START, &[78, 6_074]);
}

#[test]
fn start_position_to_depth_3() {
    check(START, &[78, 6_074, 491_813]);
}

#[test]
fn promotions() {
    check(PROMOTIONS, &[132, 9_224]);
}

#[test]
fn en_passant_for_white() {
    check(EN_PASSANT, &[103, 8_656]);
}

#[test]
fn en_passant_for_black() {
    check(BLACK_EN_PASSANT, &[77, 5_727]);
}

#[test]
fn midgame_positions_to_depth_3() {
    check(PROMOTIONS, &[132, 9_224, 1_133_983]);
    check(EN_PASSANT, &[103, 8_656, 850_059]);
    check(BLACK_EN_PASSANT, &[77, 5_727, 415_946]);
}
