//! The random openings of a report's games: a few plies each chosen at random among the moves a
//! shallow search scores near the best, so that every game starts differently without either side
//! throwing a tempo or a piece away (a uniformly random ply would cost White its first-move edge).

use messhall_rules::{Game, Position, Variant};
use messhall_search::search::MATE;
use messhall_search::{Engine, Limits, SearchRng};

/// Plies of the random opening (as many for each side).
pub const OPENING_PLIES: usize = 8;
/// A move is a candidate when a search of depth 1 (and its captures) scores it at most this many
/// centipawns below the best.
pub const OPENING_MARGIN_CP: i32 = 30;

/// Plays the opening on `game` with `engine`'s depth-1 search and `rng`'s choices; stops early at
/// a steered chance event or when every move would end the game.
pub(crate) fn play_opening(v: &Variant, game: &mut Game, engine: &mut Engine, rng: &mut SearchRng) {
    for _ in 0..OPENING_PLIES {
        if game.outcome().is_some() || game.pending_chance().is_some() {
            return;
        }
        let mover = game.position().side_to_move();
        let mut scored = Vec::new();
        for mv in v.legal_moves(game.position()) {
            game.play(mv);
            // A move that ends the game is never a random opening's.
            if game.outcome().is_none() {
                let score = if game.pending_chance().is_some() {
                    0
                } else {
                    let positions = game.positions();
                    let history: Vec<u64> = positions[..positions.len() - 1].iter().map(Position::hash).collect();
                    let child = game.position().clone();
                    let raw = engine
                        .search(&child, &history, &Limits::depth(1), &mut |_| {})
                        .map_or(0, |i| i.raw_score);
                    if child.side_to_move() == mover { raw } else { -raw }
                };
                scored.push((score.clamp(-MATE, MATE), mv));
            }
            game.undo();
        }
        let Some(best) = scored.iter().map(|s| s.0).max() else {
            return;
        };
        let near: Vec<_> = scored.iter().filter(|s| s.0 >= best - OPENING_MARGIN_CP).collect();
        let (_, mv) = near[rng.below(near.len() as u32) as usize];
        game.play(*mv);
    }
}
