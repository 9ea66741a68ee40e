//! The messhall rules core: variants as data, compiled move tables, positions, FEN, moves, SAN,
//! perft and games with their results.
//!
//! A [`Variant`] is read from a TOML [`VariantSpec`] (see `docs/variant-files.md`), its pieces'
//! XBetza compiled into move tables once. A [`Position`] is a plain value; the variant generates its
//! moves ([`Variant::legal_moves`]) and plays them ([`Position::try_play`], [`Position::play_unchecked`]). Special rules of a game
//! come in through the [`GameRules`] hooks, never through checks of the variant's name.
#![warn(missing_docs)]

#[cfg(test)]
mod builtin_files;
mod chance;
mod check;
mod color;
mod echo;
pub mod examples;
mod fen;
pub mod file;
mod game;
mod hooks;
mod illegal;
mod legal;
pub mod limits;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod powers;
mod problem;
pub mod reach;
mod report;
mod role_powers;
mod san;
mod setup;
pub mod spec;
mod tables;
mod value;
mod variant;
pub mod words;
mod zobrist;

pub use chance::{ChanceEvent, ChanceOutcome, pick_outcome};
pub use check::CheckLines;
pub use color::{ByColor, Color};
pub use echo::{ECHO_CHARS, echo, one_line};
pub use fen::{FenError, MAX_MOVE_COUNT};
pub use game::{Action, ActionIdError, Game, GameRecord, Outcome, Reason, ReplayError, ResolveError};
pub use hooks::{GameRules, Inactivity, MoveEffects, NoRules};
pub use messhall_geometry::{BoardSize, Square, SquareSet};
pub use movegen::MoveList;
pub use moves::{Move, MoveError, MoveKind, WhyIllegal};
pub use piece::{MAX_ROLES, NEUTRAL_CODE, NEUTRAL_LETTER, Piece, Role};
pub use position::{Position, REGISTERS};
pub use powers::Borrowed;
pub use problem::{MAX_PROBLEMS, VariantProblem};
pub use report::{ChanceReport, Counter, CounterValue, Fact, PendingStep};
pub use role_powers::Power;
pub use setup::{Setup, SetupProblem};
pub use spec::VariantSpec;
pub use variant::{CastlingSide, DropRule, EndRules, MAX_VALUE, PromotionRule, RoleInfo, Variant, VariantError};
