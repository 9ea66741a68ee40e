//! The search in the Friendly game: the last Friend is royal, Friends borrow, captures can poison.

use messhall_rules::{Position, Variant};
use messhall_search::{Engine, Limits, Options, Score};
use std::sync::Arc;

fn friendly() -> Arc<Variant> {
    Arc::new(messhall_games::builtin("friendly").unwrap())
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
    assert!(take.poisoned);
    let (mv, _) = search(&v, fen, 3);
    assert_ne!(mv, v.san(&pos, &take));
}
