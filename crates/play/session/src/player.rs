//! Players: whatever chooses a seat's actions. The engine at a level, depth, node count or time;
//! the random and greedy baselines; the cafeteria bots; and a person, whose choices a front end
//! reads. The CLI, the match runner and the server drive them all alike.

use crate::event::Seat;
use crate::table::{Action, Table};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What a player decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// This action.
    Act(Action),
    /// A person decides: the front end asks them.
    Ask,
    /// Nothing to choose (the game is over, or the player cannot play this game).
    Nothing,
}

/// The time a player may take for one choice: a fixed time per move, and the table's clock
/// (read by the engine from the table) when there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Time per move (with no clock, a computer player's whole budget; with one, a cap).
    pub movetime: Option<Duration>,
    /// When the choice is asked for (clocks are read at this instant).
    pub now: Instant,
}

impl Budget {
    /// A fixed time per move.
    pub fn movetime(time: Duration) -> Budget {
        Budget {
            movetime: Some(time),
            now: Instant::now(),
        }
    }
}

/// Whatever chooses actions for a seat.
pub trait Player: Send {
    /// How the player is named in records and match reports (`level=10`, `random`...).
    fn name(&self) -> String;

    /// Chooses the action of `seat`, which is to act at `table`.
    fn choose(&mut self, table: &Table, seat: Seat, budget: &Budget) -> Choice;

    /// A flag that stops a search under way soon after it is set (for servers ending a game).
    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        None
    }

    /// Whether the player is a person (a front end asks them).
    fn is_person(&self) -> bool {
        false
    }
}

/// A person at a front end.
#[derive(Clone, Copy, Debug, Default)]
pub struct Person;

impl Player for Person {
    fn name(&self) -> String {
        "human".into()
    }

    fn choose(&mut self, _table: &Table, _seat: Seat, _budget: &Budget) -> Choice {
        Choice::Ask
    }

    fn is_person(&self) -> bool {
        true
    }
}
