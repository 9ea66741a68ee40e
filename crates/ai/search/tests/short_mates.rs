//! Short mates are found at the depth they need (two plies a move, and one more), whatever the
//! weights: a mate in hand does not hide a shorter one, and a bare royal's static score does not
//! hide the mate it is in. Each position below was missed at that depth by a search that reduced
//! moves behind a mate in hand, or stood on a bare royal's static score.

use messhall_rules::{Position, Variant};
use messhall_search::{Engine, Limits, Options, Score, Weights};
use std::sync::Arc;

fn variant(name: &str) -> Arc<Variant> {
    Arc::new(messhall_catalog::builtin(name).unwrap())
}

/// The game's own weights with every pair moved a few centipawns, each its own way: a mate must
/// not hang on the weights being exactly these.
fn perturbed(v: &Variant) -> Weights {
    let mut w = Weights::for_variant(v);
    let mut k = 0;
    let mut nudge = |pair: &mut [i32; 2]| {
        k += 1;
        pair[0] += k % 5 - 2;
        pair[1] += 2 - (k * 3) % 5;
    };
    for pair in [
        &mut w.centre,
        &mut w.royal_attack,
        &mut w.royal_centre,
        &mut w.shelter,
        &mut w.tempo,
    ] {
        nudge(pair);
    }
    w.mobility.values_mut().for_each(nudge);
    w
}

/// Searches `fen` to depth `2 * moves` with each set of weights (the game's own, the derived and
/// a perturbed set) and checks the score is a mate in `moves` whose principal variation ends in
/// checkmate.
fn finds_mate_in(v: &Arc<Variant>, fen: &str, moves: i32) {
    let start = Position::from_fen(v, fen).unwrap();
    for (name, weights) in [
        ("own", Weights::for_variant(v)),
        ("derived", Weights::derived(v)),
        ("perturbed", perturbed(v)),
    ] {
        let mut engine = Engine::new(v.clone(), &Options::default());
        engine.set_weights(&weights);
        let info = engine
            .search(&start, &[], &Limits::depth(2 * moves as u32), &mut |_| {})
            .unwrap();
        assert_eq!(info.score, Score::Mate(moves), "{fen} with the {name} weights");
        let mut pos = start.clone();
        for mv in &info.pv {
            pos = pos.play_unchecked(v, mv);
        }
        assert_eq!(info.pv.len(), 2 * moves as usize - 1, "{fen} with the {name} weights");
        assert!(
            v.legal_moves(&pos).is_empty() && v.in_check(&pos),
            "{fen} with the {name} weights"
        );
    }
}

#[test]
fn a_mate_in_hand_does_not_hide_a_shorter_one() {
    // Black mates in 3 with quiet Rook and Bishop moves; a mate in 4 found first made the mate in
    // 3's quiet first move a reduced, late move at the root, searched too shallow to be seen.
    finds_mate_in(&variant("chess"), "3B4/6p1/2p5/2k2b1p/P5r1/5K2/1r6/8 b - - 1 50", 3);
    // The Friendly game: the Lady's quiet first move of the mate in 3 came after a mate in 5.
    let friendly = variant("friendly");
    finds_mate_in(&friendly, "12/2f9/11p/12/6q5/9G2/12/12/12/12/4L4F2/4F7 w - - 0 1", 3);
    finds_mate_in(&friendly, "1f10/12/12/6g5/4A7/10U1/6A5/12/12/5FF5/12/12 w - - 0 1", 3);
}

#[test]
fn a_bare_king_does_not_stand_on_its_static_score() {
    // The lone King's static score, far above what the Rooks' line promised, cut its node at
    // depth 3 before the quiet Rf7 and Rd6 closed the net.
    finds_mate_in(&variant("chess"), "1k6/8/8/5R1P/P5P1/3R1PK1/8/8 w - - 1 59", 3);
}

#[test]
fn mates_in_two_are_found_with_any_weights() {
    let friendly = variant("friendly");
    finds_mate_in(&friendly, "12/12/1f10/3e8/10D1/12/12/12/12/7F4/6F5/6Q5 w - - 0 1", 2);
    finds_mate_in(&friendly, "g11/12/2f9/9C2/11C/12/12/12/4T7/4F7/10F1/12 w - - 0 1", 2);
}
