//! The search benchmark: a fixed depth on fixed positions of a variant, for a node count that
//! changes exactly when the search's behaviour does.

use crate::{Engine, Limits, Options, SearchRng};
use messhall_rules::{Position, Variant};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Depth of `messhall bench search`.
pub const BENCH_DEPTH: u32 = 6;
/// Most nodes per bench position, so games with huge trees (the Friendly game) stay affordable;
/// a node limit is as deterministic as a depth.
pub const BENCH_NODES: u64 = 2_000_000;
/// Plies of seeded random play before each bench position after the start.
pub const BENCH_PLIES: [u32; 4] = [0, 6, 12, 20];
/// The seed of the random plies before the bench positions.
pub const BENCH_SEED: u64 = 20_261_122;

/// The bench positions of a variant: the start and positions after seeded random plies, each with
/// its pending chance event (the PieceEater's step) resolved by a seeded draw, so that every
/// position has a side to move.
pub fn positions(v: &Variant) -> Vec<Position> {
    let mut out = Vec::new();
    for (i, &plies) in BENCH_PLIES.iter().enumerate() {
        let mut rng = SearchRng::new(BENCH_SEED + i as u64);
        let mut pos = settle(v, v.start(), &mut rng);
        for _ in 0..plies {
            let moves = v.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let next = settle(
                v,
                pos.play_unchecked(v, &moves[rng.below(moves.len() as u32) as usize]),
                &mut rng,
            );
            if v.legal_moves(&next).is_empty() {
                break;
            }
            pos = next;
        }
        out.push(pos);
    }
    out
}

/// `pos` with its pending chance events resolved by seeded draws.
fn settle(v: &Variant, mut pos: Position, rng: &mut SearchRng) -> Position {
    while let Some(outcomes) = v.chance(&pos).map(|e| e.outcomes).filter(|o| !o.is_empty()) {
        pos = v.resolve(&pos, &outcomes[rng.below(outcomes.len() as u32) as usize]);
    }
    pos
}

/// Searches every bench position of `v` to `depth` (or `max_nodes`) with a fresh engine; the total
/// node count and time.
pub fn run(v: &Arc<Variant>, depth: u32, max_nodes: u64) -> (u64, Duration) {
    let start = Instant::now();
    let mut nodes = 0;
    let limits = Limits {
        nodes: Some(max_nodes),
        ..Limits::depth(depth)
    };
    for pos in positions(v) {
        let mut engine = Engine::new(v.clone(), &Options::default());
        if let Some(info) = engine.search(&pos, &[], &limits, &mut |_| {}) {
            nodes += info.nodes;
        }
    }
    (nodes, start.elapsed())
}
