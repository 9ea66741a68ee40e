//! Error types, one line each.

use thiserror::Error;

use crate::action::{FoodId, StudentId};
use crate::game::{CanPlace, FoodPlace};
use crate::refusal::Refusal;

/// A problem in the game's data files.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DataError {
    /// A TOML file does not parse.
    #[error("data file {0} does not parse: {1}")]
    Toml(String, String),
    /// The map is not usable.
    #[error("map: {0}")]
    Map(String),
    /// The numbers are not usable.
    #[error("numbers: {0}")]
    Numbers(String),
}

/// A game that cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Player count outside 2 to 4.
    #[error("a game needs 2 to 4 players, not {0}")]
    Players(u8),
    /// More bots than players.
    #[error("{bots} bots is more than the {players} players")]
    Bots {
        /// Bots asked for.
        bots: u8,
        /// Players in the game.
        players: u8,
    },
    /// A rules edition this version does not know.
    #[error("rules edition {0} is not one this version plays (1 to {max})", max = crate::Setup::EDITION)]
    Edition(u8),
    /// The data files are broken.
    #[error(transparent)]
    Data(#[from] DataError),
}

/// An action that is not legal now.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action is not among the legal ones; `why` says which rule refuses it (the front ends
    /// word it: see [`crate::words::refusal`]).
    #[error("{action} is refused: {why:?}")]
    Refused {
        /// The action's name (see [`crate::Game::action_name`]).
        action: String,
        /// Why.
        why: Refusal,
    },
    /// The action names a food, can, table, student, staff member, square or family that does not
    /// exist.
    #[error("{action}: {what}")]
    BadId {
        /// The action's verb (see [`crate::Action::kind_name`]).
        action: &'static str,
        /// Which id is out of range.
        what: String,
    },
}

/// Text that is not an action (see [`crate::Game::parse_action`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{text:?} is not an action: {why}")]
pub struct NotationError {
    /// The text, cut to 80 characters.
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

impl NotationError {
    pub(crate) fn new(text: &str, why: &str) -> Self {
        NotationError {
            text: text.chars().take(80).collect(),
            why: why.to_string(),
        }
    }
}

/// An option name that is not known.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown option \"{}\": use a-new-beginning, mystery-meat, table-tipping or salad-bar", messhall_rules::echo(.0))]
pub struct OptionError(pub String);

/// A replay that does not match its record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The setup is invalid.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// Action number `index` was refused.
    #[error("action {index} was refused: {error}")]
    Action {
        /// Position of the action in the record.
        index: usize,
        /// Why it was refused.
        error: ActionError,
    },
    /// The dice gave different outcomes than recorded.
    #[error("the replayed dice differ from the record at draw {0}")]
    Draws(usize),
    /// The record parses badly.
    #[error("record does not parse: {0}")]
    Parse(String),
}

/// A broken invariant of a game in progress ([`crate::Game::check`]): a bug in the rules if it
/// ever shows.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BrokenInvariant {
    /// The census names a food counter the game does not have.
    #[error("food {food} does not exist")]
    NoSuchFood {
        /// The food counter.
        food: FoodId,
    },
    /// A food counter is in two places.
    #[error("food {food} is in two places (one is {place:?})")]
    FoodTwice {
        /// The food counter.
        food: FoodId,
        /// One of its places.
        place: FoodPlace,
    },
    /// A food counter is nowhere.
    #[error("food {food} is nowhere")]
    FoodNowhere {
        /// The food counter.
        food: usize,
    },
    /// Trays were made or lost.
    #[error("{counted} trays instead of {expected}")]
    Trays {
        /// The trays found.
        counted: u32,
        /// The trays of the game.
        expected: u8,
    },
    /// A garbage can's place and the students holding it disagree.
    #[error("can {can} is {place:?} but {holders} students hold it")]
    CanHolders {
        /// The can.
        can: usize,
        /// Where the can says it is.
        place: CanPlace,
        /// How many students hold it.
        holders: usize,
    },
    /// A garbage can names a holder that does not hold it.
    #[error("can {can} is held by the wrong student")]
    CanHolder {
        /// The can.
        can: usize,
    },
    /// Garbage counters were made or lost.
    #[error("{counted} garbage counters instead of {expected}")]
    GarbageCounters {
        /// The counters found.
        counted: u32,
        /// The counters of the game.
        expected: u8,
    },
    /// A student who is not acting carries an empty tray.
    #[error("student {student} carries an empty tray")]
    EmptyTray {
        /// The student.
        student: StudentId,
    },
    /// The round count is past the game's rounds.
    #[error("round {round} is past the last round")]
    PastLastRound {
        /// The round.
        round: u8,
    },
    /// More tables are tipped than there are Tipped! markers.
    #[error("more tipped tables than Tipped! markers ({tipped} of {markers})")]
    TippedTables {
        /// The tipped tables.
        tipped: usize,
        /// The markers.
        markers: u8,
    },
    /// A student carries more than a tray or two hands hold.
    #[error("student {student} carries {items} items, more than {capacity}")]
    Overloaded {
        /// The student.
        student: usize,
        /// What they carry.
        items: usize,
        /// What they can carry.
        capacity: usize,
    },
}
