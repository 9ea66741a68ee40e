//! The baseline chess players: a uniformly random mover and a greedy one. Both steer a steered
//! neutral piece too (random: anywhere; greedy: onto the most valuable enemy piece).

use crate::player::{Budget, Choice, Player};
use crate::table::{Action, Legal, Table};
use messhall_records::Seat;
use messhall_records::color_of;
use messhall_rules::Variant;
use messhall_search::eval::Evaluator;
use messhall_search::{SearchRng, baseline};
use std::sync::Arc;

/// Plays uniformly random legal moves, from its own seed.
pub struct RandomMover {
    rng: SearchRng,
}

impl RandomMover {
    /// A random mover for `_variant` with its own seed.
    pub fn new(_variant: Arc<Variant>, seed: u64) -> RandomMover {
        RandomMover {
            rng: SearchRng::new(seed),
        }
    }
}

impl Player for RandomMover {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, table: &Table, _seat: Seat, _budget: &Budget) -> Choice {
        let pick = |n: usize, rng: &mut SearchRng| rng.below(n as u32) as usize;
        match table.legal() {
            Legal::Moves(moves) if !moves.is_empty() => {
                Choice::Act(Action::Move(moves[pick(moves.len(), &mut self.rng)]))
            }
            Legal::Steps(steps) if !steps.is_empty() => {
                Choice::Act(Action::Steer(steps[pick(steps.len(), &mut self.rng)]))
            }
            _ => Choice::Nothing,
        }
    }
}

/// Plays the move that looks best at once (the best capture, else a random move), from its own
/// seed.
pub struct Greedy {
    variant: Arc<Variant>,
    eval: Evaluator,
    rng: SearchRng,
}

impl Greedy {
    /// A greedy player for `variant` with its own seed.
    pub fn new(variant: Arc<Variant>, seed: u64) -> Greedy {
        Greedy {
            eval: Evaluator::new(&variant),
            variant,
            rng: SearchRng::new(seed),
        }
    }
}

impl Player for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, table: &Table, seat: Seat, _budget: &Budget) -> Choice {
        let Some(chess) = table.chess() else {
            return Choice::Nothing;
        };
        let pos = chess.position();
        let chosen = match table.legal() {
            Legal::Moves(_) => baseline::greedy_move(&self.variant, &self.eval, pos, &mut self.rng).map(Action::Move),
            Legal::Steps(steps) => baseline::greedy_step(&self.variant, pos, color_of(seat), steps).map(Action::Steer),
            _ => None,
        };
        chosen.map_or(Choice::Nothing, Choice::Act)
    }
}
