//! Players: whatever chooses a seat's actions. The engine at a level, depth, node count or time;
//! the random and greedy baselines; the cafeteria bots; and a person, whose choices a front end
//! reads. The CLI, the match runner and the server drive them all alike.

use crate::event::Event;
use crate::table::{ActError, Action, Table};
use messhall_records::Seat;
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

    /// Why its last choice failed by its own fault, if it did: an external engine that answered
    /// an illegal move, resigned, claimed a result, crashed or did not answer in time. A match
    /// scores such a game lost for it ([`messhall_records::Ending::Forfeit`]) with this reason. Taking it
    /// clears it.
    fn fault(&mut self) -> Option<String> {
        None
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

/// Why a computer player's turn was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The player is a person: the front end asks them.
    #[error("a person plays this seat")]
    Person,
    /// The player found nothing to play (the game is over, or it cannot play this game).
    #[error("the player found nothing to play")]
    Nothing,
    /// The table refused the player's choice.
    #[error("the player's choice was refused: {0}")]
    Refused(ActError),
}

/// Asks `player` for `seat`'s action at `table` within `budget` and plays it: the action and the
/// events it caused. Front ends, matches and servers run a computer player's turn through this.
///
/// # Errors
/// [`TurnError`] when the player is a person, finds nothing, or chooses what the table refuses
/// (the table is then unchanged).
pub fn take_turn(
    player: &mut dyn Player,
    table: &mut Table,
    seat: Seat,
    budget: &Budget,
) -> Result<(Action, Vec<Event>), TurnError> {
    let action = match player.choose(table, seat, budget) {
        Choice::Act(action) => action,
        Choice::Ask => return Err(TurnError::Person),
        Choice::Nothing => return Err(TurnError::Nothing),
    };
    let events = table.try_act(seat, action.clone()).map_err(TurnError::Refused)?;
    Ok((action, events))
}
