//! The game's history reaches the search: a move back into an earlier position scores a draw.

use messhall_rules::Position;
use messhall_search::{Engine, Limits, Options, Score};
use std::sync::Arc;

#[test]
fn a_move_that_repeats_the_games_history_scores_a_draw() {
    let v = Arc::new(messhall_catalog::builtin("chess").unwrap());
    // White, a rook down, has one move: Ka2.
    let pos = Position::from_fen(&v, "1r6/8/8/8/8/2k5/8/K7 w - - 10 60").unwrap();
    let moves = v.legal_moves(&pos);
    assert_eq!(moves.len(), 1);
    let after = pos.play_unchecked(&v, &moves[0]);
    let search = |history: &[u64]| {
        let mut engine = Engine::new(v.clone(), &Options::default());
        engine
            .search(&pos, history, &Limits::depth(3), &mut |_| {})
            .unwrap()
            .score
    };
    // Without history the rook counts; with the position after Ka2 four plies back, Ka2 repeats it.
    assert!(matches!(search(&[]), Score::Cp(cp) if cp < -300));
    assert_eq!(search(&[after.hash(), 1, 2]), Score::Cp(0));
    // Further back than the fifty-move count reaches (10 plies here), it is no repetition.
    let far: Vec<u64> = std::iter::once(after.hash()).chain(3..14).collect();
    assert!(matches!(search(&far), Score::Cp(cp) if cp < -300));
}
