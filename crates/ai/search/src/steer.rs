//! The engine steering a neutral piece's step (the steered PieceEater): each step the chooser
//! may pick is searched after it happens, and the best for the chooser is taken.

use crate::search::MATE;
use crate::{Engine, Limits};
use messhall_rules::{ChanceOutcome, Color, Position, Variant};

/// The outcome best for `chooser` among a steered event's `outcomes` in `pos`: each is searched
/// after it happens, the budget of `limits` shared among them. `history` holds the hashes of the
/// positions before `pos`, oldest first. `None` when there is no outcome.
pub fn best_step(
    engine: &mut Engine,
    variant: &Variant,
    pos: &Position,
    chooser: Color,
    outcomes: &[ChanceOutcome],
    history: &[u64],
    limits: &Limits,
) -> Option<ChanceOutcome> {
    let first = *outcomes.first()?;
    if outcomes.len() == 1 {
        return Some(first);
    }
    let share = outcomes.len() as u32;
    let limits = Limits {
        nodes: limits.nodes.map(|n| (n / u64::from(share)).max(1)),
        movetime: limits.movetime.map(|t| t / share),
        ..*limits
    };
    let mut history = history.to_vec();
    history.push(pos.hash());
    let mut best: Option<(i32, ChanceOutcome)> = None;
    for &o in outcomes {
        let child = variant.resolve(pos, &o);
        let to_move = child.side_to_move();
        // The score for the side to move after the step.
        let score = if let Some(winner) = variant.material_decided(&child) {
            if winner == to_move { MATE } else { -MATE }
        } else {
            match engine.search(&child, &history, &limits, &mut |_| {}) {
                Some(info) => info.raw_score,
                None if variant.in_check(&child) => -MATE,
                None => 0,
            }
        };
        let score = if to_move == chooser { score } else { -score };
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, o));
        }
    }
    best.map(|(_, o)| o)
}
