//! messhall's records of games, read and written without a table: the [`catalog`] of games a
//! record names, the [`Record`] format (JSON, one type for every game) and [`pgn`] for the chess
//! games, with the data a record holds ([`Seat`], [`ClockSpec`], [`GameResult`]), and the English of
//! how a game ended for every text front end ([`words`]).
//!
//! Playing a record again, every step checked, is the table's work (`Table::replay` in
//! `messhall_table`, which depends on this crate). The PGN reader plays each game's moves by the
//! rules themselves.
//!
//! ```
//! use messhall_records::{Record, pgn};
//!
//! let text = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
//! let games = pgn::read(text).unwrap();
//! let record: &Record = &games[0].record;
//! assert_eq!(record.actions.len(), 4);
//! assert_eq!(record.result.as_ref().map(|r| r.pgn()), Some("0-1"));
//! assert!(pgn::write(record, &pgn::Header::default()).unwrap().contains("Qh4#"));
//! ```

#![warn(missing_docs)]

pub mod catalog;
mod clock;
pub mod pgn;
mod record;
mod result;
mod seat;
pub mod words;

pub use catalog::{ChessGame, GameKind, GameSource};
pub use clock::{ClockError, ClockSpec};
pub use record::{
    FORMAT, FreshDice, FreshDiceError, MAX_RECORD_BYTES, OutcomeError, Record, RecordError, Step, from_rules_text,
    parse_outcome, read_record_file, steered,
};
pub use result::{Ending, GameResult};
pub use seat::{Seat, color_of, seat_of};
