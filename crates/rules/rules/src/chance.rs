//! Chance events: what happens between the players' moves by the roll of a die (the PieceEater's
//! step), as a first-class part of the game model.
//!
//! After a player's move a game's hooks may leave a chance event pending
//! ([`crate::GameRules::after_move`]). While it is, the position has no legal moves;
//! [`Variant::chance`] gives the event: who chooses its outcome (nobody: the dice) and the ways it
//! can come out with their exact probabilities, and [`Variant::resolve`] applies one. Perft branches on the outcomes, a [`crate::Game`] draws them
//! with its seeded dice and records them, and a search can average over them.

use crate::{Color, Position, Variant};
use messhall_dice::Dice;
use messhall_geometry::Square;

/// One way a pending chance event can come out, with its probability `weight / total`.
///
/// An outcome is a step of a neutral piece from `from` to `to`; standing still is `from == to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChanceOutcome {
    /// Where the piece the event moves stands.
    pub from: Square,
    /// Where it ends (equal to `from` when it stands still).
    pub to: Square,
    /// The numerator of the probability.
    pub weight: u32,
    /// The denominator of the probability, the same for every outcome of one event.
    pub total: u32,
}

impl ChanceOutcome {
    /// The outcome that certainly happens: a forced step, or standing still.
    pub const fn forced(from: Square, to: Square) -> ChanceOutcome {
        ChanceOutcome {
            from,
            to,
            weight: 1,
            total: 1,
        }
    }

    /// The probability as a float (for display and expectations; the exact value is `weight / total`).
    pub fn probability(&self) -> f64 {
        f64::from(self.weight) / f64::from(self.total.max(1))
    }

    /// Whether the piece stands still.
    pub fn is_still(&self) -> bool {
        self.from == self.to
    }

    /// `d4-e5`, or `d4` for standing still.
    pub fn to_text(&self) -> String {
        if self.is_still() {
            self.from.to_string()
        } else {
            format!("{}-{}", self.from, self.to)
        }
    }
}

/// A pending chance event: who chooses how it comes out, and the ways it can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChanceEvent {
    /// The side that chooses the outcome itself (a steered PieceEater), or `None` when the dice
    /// decide by the probabilities.
    pub chooser: Option<Color>,
    /// The outcomes with their probabilities, which sum to 1; a forced event has one outcome of
    /// probability 1.
    pub outcomes: Vec<ChanceOutcome>,
}

impl ChanceEvent {
    /// An event the dice decide.
    pub fn by_dice(outcomes: Vec<ChanceOutcome>) -> ChanceEvent {
        ChanceEvent {
            chooser: None,
            outcomes,
        }
    }

    /// Whether `outcome` is one of the event's.
    pub fn offers(&self, outcome: &ChanceOutcome) -> bool {
        self.outcomes.contains(outcome)
    }
}

/// Picks one of `outcomes` with `dice`, by their weights. With equal weights this is one uniform
/// draw among them (the die of the rules, rolled again on a face that is not allowed, is the same
/// thing); nothing is drawn for a single outcome; `None` for none.
pub fn pick_outcome<D: Dice + ?Sized>(outcomes: &[ChanceOutcome], dice: &mut D) -> Option<ChanceOutcome> {
    match outcomes {
        [] => None,
        [only] => Some(*only),
        _ if outcomes.iter().all(|o| o.weight == outcomes[0].weight) => {
            dice.pick_index(outcomes.len()).and_then(|i| outcomes.get(i)).copied()
        }
        _ => {
            let total = outcomes.iter().fold(0u32, |sum, o| sum.saturating_add(o.weight));
            let mut r = dice.below(total);
            for o in outcomes {
                if r < o.weight {
                    return Some(*o);
                }
                r -= o.weight;
            }
            outcomes.last().copied()
        }
    }
}

impl Variant {
    /// Whether a chance event waits to be resolved in `pos` (then `pos` has no legal moves).
    #[inline]
    pub fn chance_pending(&self, pos: &Position) -> bool {
        self.rules.chance_pending(self, pos)
    }

    /// The pending chance event (who chooses, and its outcomes with their probabilities);
    /// `None` when none is pending.
    pub fn chance(&self, pos: &Position) -> Option<ChanceEvent> {
        if !self.chance_pending(pos) {
            return None;
        }
        self.rules.chance(self, pos)
    }

    /// The position after the pending event came out as `outcome` (one of [`Variant::chance`]'s).
    pub fn resolve(&self, pos: &Position, outcome: &ChanceOutcome) -> Position {
        let mut next = pos.clone();
        self.resolve_in_place(&mut next, outcome);
        next
    }

    /// [`Variant::resolve`] in place. A step that moves something also ends a run of passes: the
    /// board changed, so a side that could not move before may move now.
    pub fn resolve_in_place(&self, pos: &mut Position, outcome: &ChanceOutcome) {
        self.rules.resolve_chance(self, pos, outcome);
        if !outcome.is_still() {
            pos.set_passed(false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use messhall_dice::ScriptedDice;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn one_outcome_draws_nothing() {
        let mut dice = ScriptedDice::new([2]);
        let only = ChanceOutcome::forced(sq("d4"), sq("e5"));
        assert_eq!(pick_outcome(&[only], &mut dice), Some(only));
        assert_eq!(dice.used(), 0);
        assert_eq!(pick_outcome(&[], &mut dice), None);
    }

    #[test]
    fn equal_weights_are_one_uniform_draw_and_unequal_ones_follow_the_weights() {
        let outcomes: Vec<ChanceOutcome> = ["c5", "d5", "e5"]
            .iter()
            .map(|s| ChanceOutcome {
                weight: 1,
                total: 3,
                ..ChanceOutcome::forced(sq("d4"), sq(s))
            })
            .collect();
        let mut dice = ScriptedDice::new([3, 1]);
        assert_eq!(pick_outcome(&outcomes, &mut dice).map(|o| o.to), Some(sq("e5")));
        assert_eq!(pick_outcome(&outcomes, &mut dice).map(|o| o.to), Some(sq("c5")));
        let mut weighted = outcomes.clone();
        weighted[0].weight = 2;
        // Faces 1-2 give the first outcome, 3 the second, 4 the third.
        let mut dice = ScriptedDice::new([2, 3, 4]);
        let got: Vec<Square> = (0..3)
            .filter_map(|_| pick_outcome(&weighted, &mut dice))
            .map(|o| o.to)
            .collect();
        assert_eq!(got, vec![sq("c5"), sq("d5"), sq("e5")]);
    }

    #[test]
    fn outcome_text() {
        let step = ChanceOutcome::forced(sq("d4"), sq("e5"));
        assert_eq!(step.to_text(), "d4-e5");
        assert_eq!(ChanceOutcome::forced(sq("d4"), sq("d4")).to_text(), "d4");
        assert_eq!(step.probability(), 1.0);
    }
}
