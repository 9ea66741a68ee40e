//! What the rules tell a front end, as values: what a chance outcome did ([`ChanceReport`]) and
//! the game state a position keeps beyond its board, hands and rights ([`Fact`]). The rules build
//! no sentences; each front end words or draws these in its own way.

use crate::{ChanceOutcome, Color, Piece, Position, Variant};
use messhall_geometry::Square;

/// What one outcome of a chance event did, as [`Variant::chance_report`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChanceReport {
    /// The game's name of the neutral piece that stepped ([`crate::GameRules::neutral_name`]).
    pub piece: &'static str,
    /// The outcome: the step from `from` to `to` (the same square when it stood still) and its
    /// probability.
    pub outcome: ChanceOutcome,
    /// Which of the event's outcomes it was, counted from 0, in the order the event lists them.
    pub index: usize,
    /// How many outcomes the event had.
    pub count: usize,
    /// The side that chose it, or `None` when the dice did.
    pub chooser: Option<Color>,
    /// The piece it ate and where that piece stood.
    pub eaten: Option<(Piece, Square)>,
}

impl ChanceReport {
    /// Whether the piece stood still.
    pub fn is_still(&self) -> bool {
        self.outcome.is_still()
    }
}

/// A pending step of a neutral piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingStep {
    /// The side that steers it, or `None` when the dice decide it.
    pub chooser: Option<Color>,
}

/// A counter every piece carries (Calorie's energy), named in the game's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counter {
    /// What it counts ("energy").
    pub name: &'static str,
    /// Its unit ("Cal").
    pub unit: &'static str,
}

/// One piece's counter value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CounterValue {
    /// The piece.
    pub piece: Piece,
    /// Where it stands.
    pub square: Square,
    /// Its count, in the counter's unit.
    pub value: u16,
}

/// A fact about a position that a game's rules keep beyond its board, hands and rights
/// ([`crate::GameRules::facts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// A neutral piece on the board and what rules its next step.
    Neutral {
        /// The game's name of the piece.
        piece: &'static str,
        /// Where it stands.
        square: Square,
        /// The square it may not step back to, if any.
        no_return: Option<Square>,
        /// Its step when it is due now (before the side to move moves), `None` while it comes
        /// only after the next move.
        pending: Option<PendingStep>,
    },
    /// One side's pieces that carry a counter, each with its value; pieces without one (a
    /// Calorie King's unlimited energy) are left out.
    Counters {
        /// The side.
        color: Color,
        /// What is counted.
        counter: Counter,
        /// The pieces and their values, in board order.
        values: Vec<CounterValue>,
    },
}

impl Variant {
    /// What `outcome` of the chance event pending in `before` did: which outcome of how many it
    /// was, who chose it, and what it ate. `None` when no event is pending in `before` or the
    /// event does not offer `outcome`.
    pub fn chance_report(&self, before: &Position, outcome: &ChanceOutcome) -> Option<ChanceReport> {
        let event = self.chance(before)?;
        let index = event.outcomes.iter().position(|o| o == outcome)?;
        let after = self.resolve(before, outcome);
        // Whatever stood on the square it stepped to and is gone after the step was eaten.
        let eaten = before
            .piece_at(outcome.to)
            .filter(|_| !outcome.is_still() && after.piece_at(outcome.to).is_none())
            .map(|p| (p, outcome.to));
        Some(ChanceReport {
            piece: self.rules.neutral_name(),
            outcome: *outcome,
            index,
            count: event.outcomes.len(),
            chooser: event.chooser,
            eaten,
        })
    }

    /// The facts the game's rules keep in `pos` beyond its board, hands and rights.
    pub fn facts(&self, pos: &Position) -> Vec<Fact> {
        self.rules.facts(self, pos)
    }
}
