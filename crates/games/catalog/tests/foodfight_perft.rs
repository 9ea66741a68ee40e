//! Food Fight perft: the table-driven core against a plain reference generator written only for
//! these tests (`foodfight_reference`), compared move by move at every node down to the depth, and
//! the counts pinned.

mod common;
mod foodfight_reference;

use common::lockstep::{self, Reference};
use foodfight_reference::{Board, letter, square_name};
use messhall_catalog::builtin;
use messhall_rules::Variant;

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

impl Reference for Board {
    fn moves(&self) -> Vec<String> {
        self.legal_moves().iter().map(text).collect()
    }

    fn play_text(&self, mv: &str) -> Board {
        let moves = self.legal_moves();
        let m = moves
            .iter()
            .find(|m| text(m) == mv)
            .expect("a move both generators list");
        self.play(m)
    }
}

/// A reference move in the core's coordinate notation.
fn text(m: &foodfight_reference::RefMove) -> String {
    let mut s = format!("{}{}", square_name(m.from), square_name(m.to));
    if let Some(p) = m.promotion {
        s.push(letter(p));
    }
    s
}

/// Checks the core's perft counts, the reference move by move down to the deepest depth listed,
/// and the reference's own perft(1).
fn check(fen: &str, expected: &[u64]) {
    let board = Board::from_fen(fen);
    lockstep::check(&foodfight(), fen, &board, expected);
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
#[ignore = "deep: minutes in a test build; cargo test -p messhall-catalog -- --ignored"]
fn midgame_positions_to_depth_3() {
    check(PROMOTIONS, &[132, 9_224, 1_133_983]);
    check(EN_PASSANT, &[103, 8_656, 850_059]);
    check(BLACK_EN_PASSANT, &[77, 5_727, 415_946]);
}
