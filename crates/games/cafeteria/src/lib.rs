//! Food Fight, the cafeteria board game, as a rules engine with records (its bots are in `messhall-cafeteria-ai`, its terminal game the `messhall`
//! CLI's).
//!
//! Two to four players (two players run two students each) fight with food in a cafeteria described
//! by data files (`data/cafeteria.map`, `data/legend.toml`, `data/numbers.toml`). All randomness comes
//! from a [`messhall_dice::Dice`] source, so a seed and the list of actions replay a game exactly.
//!
//! ```
//! use messhall_cafeteria::{Game, Setup};
//! use messhall_dice::SeededDice;
//! let mut dice = SeededDice::new(1);
//! let mut game = Game::new(Setup::new(4, &[]), &mut dice).unwrap();
//! // The bots live in `messhall_cafeteria_ai::bots`; here the last action
//! // open each time is taken.
//! while !game.is_over() {
//!     let action = game.legal_actions().pop().unwrap();
//!     game.play(&action, &mut dice).unwrap();
//! }
//! assert!(game.outcome().unwrap().rounds <= 10);
//! ```

#![warn(missing_docs)]

/// The game in one line, for lists of games.
pub const DESCRIPTION: &str = "2-4 students throw food at each other across the cafeteria while the faculty hunt them";

/// The game's name for people: "Food Fight" alone would also name the chess game.
pub const TITLE: &str = "Cafeteria Food Fight";

/// The weights of the bots' learned evaluation (`data/weights.toml`; its first line is the
/// command that fitted it). `messhall_cafeteria_ai::model` reads them.
pub const BOT_WEIGHTS: &str = include_str!("../data/weights.toml");

mod action;
mod data;
mod error;
mod event;
mod faculty;
mod game;
mod ids;
mod legal;
pub mod lessons;
mod notation;
mod reach;
mod record;
mod refusal;
mod rules;
mod unseen;
mod walk;
pub mod words;

pub use action::{Action, FacultyId, FoodId, GameOption, StudentId, Target};
pub use data::{CENTER_TABLE, Cell, Data, Dir, FacultySpec, Family, FoodKind, Map, Special, Sq, StudentSpec, data};
pub use error::{ActionError, BrokenInvariant, DataError, NotationError, OptionError, ReplayError, SetupError};
pub use event::{Attack, Event, Note, Seen};
pub use game::{
    Can, CanPlace, EndKind, Faculty, FoodPlace, Game, GarbageMark, Hold, Mystery, Outcome, Setup, Status, Student,
    TableState,
};
pub use record::{Record, from_toml, play_recorded, replay, to_toml};
pub use refusal::Refusal;

#[cfg(any(test, feature = "lab"))]
pub mod lab;
#[cfg(test)]
mod tests;
