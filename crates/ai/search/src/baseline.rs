//! Baseline players to measure the engine against: a random mover and a one-ply greedy capturer.

use crate::SearchRng;
use crate::eval::Evaluator;
use crate::movepicker::{ROYAL_VICTIM, victim_value};
use messhall_rules::{ChanceOutcome, Color, Move, Position, Variant};

/// A uniformly random legal move.
pub fn random_move(v: &Variant, pos: &Position, rng: &mut SearchRng) -> Option<Move> {
    let moves = v.legal_moves(pos);
    if moves.is_empty() {
        return None;
    }
    Some(moves[rng.below(moves.len() as u32) as usize])
}

/// The legal move that wins at once or captures the most valuable piece (promotions count their
/// gain); ties broken at random.
pub fn greedy_move(v: &Variant, eval: &Evaluator, pos: &Position, rng: &mut SearchRng) -> Option<Move> {
    let moves = v.legal_moves(pos);
    let gain = |m: &Move| {
        let next = pos.play_unchecked(v, m);
        if v.material_decided(&next) == Some(pos.side_to_move()) || v.legal_moves(&next).is_empty() && v.in_check(&next)
        {
            return 10 * ROYAL_VICTIM;
        }
        victim_value(v, eval, pos, m) + m.promotion().map_or(0, |r| eval.value(r))
    };
    let gains: Vec<i32> = moves.iter().map(gain).collect();
    let best = *gains.iter().max()?;
    let top: Vec<Move> = moves
        .iter()
        .zip(&gains)
        .filter(|(_, g)| **g == best)
        .map(|(m, _)| *m)
        .collect();
    Some(top[rng.below(top.len() as u32) as usize])
}

/// The steered outcome that eats the most valuable enemy piece for `chooser` (and spares its own);
/// the first such outcome on ties.
pub fn greedy_step(v: &Variant, pos: &Position, chooser: Color, outcomes: &[ChanceOutcome]) -> Option<ChanceOutcome> {
    let gain = |o: &ChanceOutcome| {
        pos.piece_at(o.to).map_or(0, |p| {
            let value = v.role(p.role()).value;
            if p.color() == chooser { -value } else { value }
        })
    };
    // max_by_key keeps the last of equal keys; reversing keeps the first.
    outcomes.iter().rev().copied().max_by_key(gain)
}
