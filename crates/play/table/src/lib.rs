//! The messhall play layer: one library that runs a game for every front end (the terminal, the
//! engine protocols, the play server and the browser).
//!
//! - [`catalog`]: every game by name, the built-in variants compiled once and shared.
//! - [`Table`]: a game in progress as a turn state machine; [`Table::try_act`] takes an action
//!   from a seat and returns [`Event`]s, which front ends word and draw.
//! - [`Player`]: whatever chooses actions (the engine, baselines, cafeteria bots, a person).
//! - [`GameClock`]: base time and increment per seat, flag fall.
//! - [`Record`]: one record type for every game, as JSON; [`pgn`] for the chess games.
//! - [`arena`]: matches between players, and the [`Tally`] of their score.
//! - [`Thinker`]: a search on its own thread, for protocol front ends that read input meanwhile.
//!
//! No terminal, network or database code lives here.
//!
//! ```
//! use messhall_table::{Budget, Choice, PlayerSpec, Table, TableSetup, catalog};
//! use messhall_dice::Seed;
//! use std::time::Duration;
//!
//! // Two engines play a PieceEater game with known dice; the record replays it exactly.
//! let game = catalog::builtin("pieceeater").unwrap();
//! let setup = TableSetup { seed: Some(Seed::from_number(7)), ..TableSetup::default() };
//! let mut table = Table::new(game.clone(), &setup).unwrap();
//! let mut players = [
//!     PlayerSpec::Depth(1).make(&game, 1, 1).unwrap(),
//!     PlayerSpec::Random.make(&game, 2, 1).unwrap(),
//! ];
//! for _ in 0..20 {
//!     let Some(seat) = table.turn().seat() else { break };
//!     let budget = Budget::movetime(Duration::from_millis(100));
//!     let Choice::Act(action) = players[seat.index()].choose(&table, seat, &budget) else { break };
//!     for event in table.try_act(seat, action).unwrap() {
//!         // A front end words or draws each event here.
//!         let _ = event;
//!     }
//! }
//! let json = table.record().to_json();
//! let again = messhall_table::Record::from_json(&json).unwrap().replay().unwrap();
//! assert_eq!(again.chess().unwrap().position(), table.chess().unwrap().position());
//! ```

#![warn(missing_docs)]

pub mod arena;
mod baseline_player;
mod cafeteria_player;
mod cafeteria_table;
pub mod catalog;
mod chess_table;
mod clock;
mod engine_player;
mod event;
pub mod pgn;
mod player;
mod players;
mod record;
mod result;
pub mod seed;
mod table;
mod thinker;

pub use baseline_player::{Greedy, RandomMover};
pub use cafeteria_player::CafeteriaBot;
pub use cafeteria_table::CafeteriaTable;
pub use catalog::{ChessGame, GameKind, GameSource};
pub use chess_table::{ChessTable, color_of, seat_of};
pub use clock::{ClockSpec, GameClock};
pub use engine_player::{EnginePlayer, file_weights};
pub use event::{Event, Removal, Seat, changed_squares, removed_pieces};
pub use messhall_tally::{Decide, EloEstimate, SEQUENTIAL_MIN_GAMES, Tally, elo};
pub use player::{Budget, Choice, Person, Player, TurnError, take_turn};
pub use players::{LEVELS, PlayerSpec, SpecError};
pub use record::{FORMAT, MAX_RECORD_BYTES, Record, RecordError, Step, from_rules_text, read_record_file};
pub use result::{Ending, GameResult};
pub use table::{ActError, Action, Legal, SetupError, Table, TableSetup, Turn};
pub use thinker::{PerftFirst, SearchPanicked, Thinker};

/// docs/play-layer.md, whose example runs as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../../../docs/play-layer.md")]
pub struct PlayLayerPage;
