//! The search in the Friendly game: the last Friend is royal, Friends borrow, captures can poison.

use messhall_rules::{Position, Variant};
use messhall_search::{Engine, Limits, Options, Score};
use std::sync::Arc;

fn friendly() -> Arc<Variant> {
    Arc::new(messhall_catalog::builtin("friendly").unwrap())
}

fn search(v: &Arc<Variant>, fen: &str, depth: u32) -> (String, Score) {
    let pos = Position::from_fen(v, fen).unwrap();
    let mut engine = Engine::new(v.clone(), &Options::default());
    let info = engine.search(&pos, &[], &Limits::depth(depth), &mut |_| {}).unwrap();
    let mv = info.pv[0];
    (v.san(&pos, &mv), info.score)
}

#[test]
fn mates_the_last_friend_in_one() {
    let v = friendly();
    // Black's last Friend on a12 has no guard, so no move; the Mtawala's check along the 12th rank
    // (b12) cannot be answered: the pawn can neither take nor block.
    let (mv, score) = search(&v, "f11/12/7p4/12/12/12/12/12/12/12/1T10/4FF6 w - - 0 1", 2);
    assert_eq!(score, Score::Mate(1), "{mv}");
    assert!(mv.ends_with('#'), "{mv}");
}

#[test]
fn a_friend_does_not_take_a_poisonous_jellyfish() {
    let v = friendly();
    // The Friend on d4 borrows the Lady's moves from d3 and could take the Jellyfish on d8, but the
    // poison would kill it: a Friend (600) for a Jellyfish (350).
    let fen = "f10f/12/12/12/3j8/12/12/12/3F8/3L8/12/7F4 w - - 0 1";
    let pos = Position::from_fen(&v, fen).unwrap();
    let take = v.parse_move(&pos, "d4d8").unwrap();
    assert!(take.poisoned());
    let (mv, _) = search(&v, fen, 3);
    assert_ne!(mv, v.san(&pos, &take));
}

#[test]
fn a_friend_does_not_take_poison_when_the_other_friend_would_then_be_mated() {
    let v = friendly();
    // The Friend on d4 borrows the Gerbil's leaps (A and (1,4)) from f6 and could take the
    // Jellyfish on e8, dying of its poison. The Friend on a1 would then be the last and royal, with
    // no guard and so no move, and Ta12 would mate it: the Gerbil can neither take on a12 nor block
    // the a-file.
    let fen = "7t4/12/12/12/4j7/12/5G5f/12/3F8/12/12/F11 w - - 0 1";
    let pos = Position::from_fen(&v, fen).unwrap();
    let take = v.parse_move(&pos, "d4e8").unwrap();
    assert!(take.poisoned());
    let after = pos.play_unchecked(&v, &take);
    let mut engine = Engine::new(v.clone(), &Options::default());
    let info = engine.search(&after, &[], &Limits::depth(2), &mut |_| {}).unwrap();
    assert_eq!(info.score, Score::Mate(1), "{}", v.san(&after, &info.pv[0]));
    let (mv, _) = search(&v, fen, 3);
    assert_ne!(mv, v.san(&pos, &take));
}

/// Plays the engine's principal variation from `fen` and checks it ends in checkmate after
/// `moves` moves of the side to move; returns the moves in SAN. The search goes one ply deeper
/// than the mate: late move reductions may leave a quiet first move of the mate a ply short.
fn mates_in(v: &Arc<Variant>, fen: &str, moves: i32) -> Vec<String> {
    let mut pos = Position::from_fen(v, fen).unwrap();
    let mut engine = Engine::new(v.clone(), &Options::default());
    let depth = 2 * moves as u32 - 1;
    let info = engine
        .search(&pos, &[], &Limits::depth(depth + 1), &mut |_| {})
        .unwrap();
    assert_eq!(info.score, Score::Mate(moves), "{fen}");
    assert_eq!(info.pv.len(), depth as usize, "{fen}");
    let mut line = Vec::new();
    for mv in &info.pv {
        line.push(v.san(&pos, mv));
        pos = pos.play_unchecked(v, mv);
    }
    assert!(v.legal_moves(&pos).is_empty() && v.in_check(&pos), "{fen}: {line:?}");
    line
}

// The mates below were found by a scratch search over random positions and are confirmed move by
// move, with no shorter mate, by the plain reference generator
// (crates/games/catalog/tests/friendly_mates.rs).

#[test]
fn mates_in_two() {
    let v = friendly();
    // A White Friend gives the mate: it borrows from the Squirrel behind it.
    let line = mates_in(&v, "12/12/1f10/3e8/10D1/12/12/12/12/7F4/6F5/6Q5 w - - 0 1", 2);
    assert!(line[2].starts_with('F'), "{line:?}");
    // Black's last Friend can step away only with moves borrowed from its Gerbil.
    mates_in(&v, "g11/12/2f9/9C2/11C/12/12/12/4T7/4F7/10F1/12 w - - 0 1", 2);
}

#[test]
fn mates_in_three() {
    let v = friendly();
    mates_in(&v, "1f10/12/12/6g5/4A7/10U1/6A5/12/12/5FF5/12/12 w - - 0 1", 3);
    mates_in(&v, "12/2f9/11p/12/6q5/9G2/12/12/12/12/4L4F2/4F7 w - - 0 1", 3);
}
