//! The messhall play layer: one library that runs a game for every front end (the terminal, the
//! engine protocols, the play server and the browser).
//!
//! - [`Table`]: a game in progress as a turn state machine; [`Table::try_act`] takes an action
//!   from a seat and returns [`Event`]s, which front ends word and draw.
//! - [`Player`]: whatever chooses actions (the engine, baselines, cafeteria bots, a person).
//! - [`GameClock`]: base time and increment per seat, flag fall.
//! - [`Table::record`] and [`Table::replay`]: a game as a record and back (the record format,
//!   PGN and the catalog of games live in `messhall_records`, which needs no table).
//! - [`arena`]: matches between players, and the [`Tally`] of their score.
//! - [`Thinker`]: a search on its own thread, for protocol front ends that read input meanwhile.
//!
//! No terminal, network or database code lives here.
//!
//! ```
//! use messhall_dice::Seed;
//! use messhall_records::{Record, catalog};
//! use messhall_table::{Budget, Choice, PlayerSpec, Table, TableSetup};
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
//! let again = Table::replay(&Record::from_json(&json).unwrap()).unwrap();
//! assert_eq!(again.chess().unwrap().position(), table.chess().unwrap().position());
//! ```

#![warn(missing_docs)]

pub mod arena;
mod baseline_player;
mod cafeteria_player;
mod cafeteria_table;
mod chess_table;
mod clock;
mod engine_player;
mod event;
mod line;
mod player;
mod players;
mod replay;
pub mod seed;
mod table;
mod thinker;

pub use baseline_player::{Greedy, RandomMover};
pub use cafeteria_player::CafeteriaBot;
pub use cafeteria_table::CafeteriaTable;
pub use chess_table::ChessTable;
pub use clock::GameClock;
pub use engine_player::{EnginePlayer, RefusedWeights, file_weights};
pub use event::{Event, Removal, changed_squares, removed_pieces};
pub use line::Line;
pub use messhall_tally::{Decide, EloEstimate, SEQUENTIAL_MIN_GAMES, Tally, elo};
pub use player::{Budget, Choice, Person, Player, TurnError, take_turn};
pub use players::{CannotPlay, LEVELS, PlayerSpec, SpecError};
pub use table::{ActError, Action, Expected, Illegal, Legal, SetupError, Table, TableSetup, Turn};
pub use thinker::{PerftFirst, SearchPanicked, Thinker};

/// docs/play-layer.md, whose example runs as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../../../docs/play-layer.md")]
pub struct PlayLayerPage;
