//! Friendly perft: the core (powers as data, `crates/rules/rules/src/powers.rs`) against a plain
//! reference generator written only for these tests (`friendly_reference`), compared move list by
//! move list at every node down to the depth, and the counts pinned. Random games compare the two
//! at every ply of many more positions.

mod common;
mod friendly_reference;

use common::lockstep::{self, Reference};
use friendly_reference::{Board, START};
use messhall_catalog::builtin;
use messhall_rules::{Position, Variant};

/// White to move: a Hangman that can withdraw, a Samurai with katana captures (one over a Poison),
/// a Gerbil frozen by a Jellyfish, a Lady stopped by Hia that a black Friend borrows through two
/// other Friends, an Archer's rifle, a Squirrel that swaps with a Friend and a Bodyguard, a
/// Mecklenbeck about to promote, a Chicken attacked by a pawn, en passant on j6.
const MELEE: &str = "2f3f5/1t2b3o3/5j2y3/2X1f1GL4/1H1p2K2p2/2eu4Y3/12/7o1pP1/3A8/5d6/2Q1B4F2/4F2T4 w - j6 0 30";
/// Black to move with its last Friend (g10, borrowing a Caliph, a Squirrel and a Jellyfish) in
/// check from a Lady; a Poison next to it that it may not take; a Hangman that can withdraw from a
/// Caliph; a swap out of check.
const LAST_FRIEND: &str = "12/5O1j4/6f1q3/2h9/3Cc3p3/12/9A2/12/6L5/12/1F8F1/12 b - - 0 40";
/// White to move: three Friends lending to each other (pawn moves passed on, a Caliph passed
/// both ways from independent sources), an unmoved Friend with unmoved pawns (double step, the
/// Patient's step-then-capture), a Chicken attacked by a Lady, a black Friend with Hia.
const CHAIN: &str = "4f2f4/5b6/12/12/2a9/12/l1i2F6/1Y2F7/3F{u}3C4/2P{u}1V1Z5/12/12 w - - 0 25";

fn friendly() -> Variant {
    builtin("friendly").expect("friendly is built in")
}

impl Reference for Board {
    fn moves(&self) -> Vec<String> {
        self.legal_moves()
    }

    fn play_text(&self, mv: &str) -> Board {
        self.play(mv)
    }
}

fn check(fen: &str, expected: &[u64]) {
    let board = Board::from_fen(fen).expect("the reference reads the FEN");
    lockstep::check(&friendly(), fen, &board, expected);
}

#[test]
fn start_position_to_depth_2() {
    check(START, &[137, 18_735]);
}

#[test]
#[ignore = "deep: minutes in a test build; cargo test -p messhall-catalog -- --ignored"]
fn start_position_to_depth_3() {
    check(START, &[137, 18_735, 2_774_921]);
}

#[test]
fn melee_to_depth_2() {
    check(MELEE, &[124, 19_819]);
}

#[test]
#[ignore = "deep: minutes in a test build; cargo test -p messhall-catalog -- --ignored"]
fn melee_to_depth_3() {
    check(MELEE, &[124, 19_819, 2_326_839]);
}

#[test]
fn last_friend_to_depth_3() {
    check(LAST_FRIEND, &[21, 1_459, 79_202]);
}

#[test]
fn friend_chain_to_depth_3() {
    check(CHAIN, &[78, 3_818, 265_248]);
}

/// Plays seeded random games from the start and from the positions above, comparing the two
/// generators' move lists at every ply.
#[test]
fn random_games_agree_with_the_reference() {
    let v = friendly();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut plies = 0;
    for (game, fen) in [START, MELEE, LAST_FRIEND, CHAIN].iter().cycle().take(24).enumerate() {
        let mut pos = Position::from_fen(&v, fen).unwrap();
        let mut board = Board::from_fen(fen).unwrap();
        let mut line = vec![format!("game {game}")];
        for _ in 0..120 {
            let texts = lockstep::compare(&v, &pos, &board, &line);
            if texts.is_empty() {
                break;
            }
            // Captures twice as likely, so the games thin out and reach endings.
            let moves = v.legal_moves(&pos);
            let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
            let mv = if !captures.is_empty() && next() % 3 > 0 {
                *captures[(next() % captures.len() as u64) as usize]
            } else {
                moves[(next() % moves.len() as u64) as usize]
            };
            let text = mv.to_coordinates(&v);
            pos = pos.play_unchecked(&v, &mv);
            board = board.play(&text);
            line.push(text);
            plies += 1;
        }
    }
    assert!(plies > 1000, "only {plies} plies compared");
}
