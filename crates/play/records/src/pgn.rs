//! PGN for the chess games: writing a game's record with its variant, start, seed and the
//! neutral piece's steps, and reading it back (any number of games in one text, ours or FIDE
//! chess from elsewhere), every move checked by the rules.
//!
//! messhall's PGN is standard PGN with these additions, which other readers skip as unknown tags
//! and comments:
//! - `[Variant "pieceeater"]` names the game (left out for FIDE chess; `Standard` reads as it);
//!   `[SetUp "1"]` and `[FEN "..."]` give the start of every game but FIDE chess from its usual
//!   start, in messhall's FEN (Calorie energies and the PieceEater's state included);
//! - `[Seed "..."]` gives the dice, so a game's chance events come out again as they did. It
//!   tells every roll to come: publish it only once the game is over;
//! - `{step d4-e5}` after a move is the step the dice gave the neutral piece (`{step d4}`: it
//!   stood still); `{steer d4-e5}` is one a player chose. The reader checks each against the dice
//!   and the rules;
//! - `[Termination]` and a comment before the result say how a game ended; `time forfeit`,
//!   `adjudication` (a match's move limit) and `rules infraction` (a forfeit, its reason in the
//!   comment: `{White forfeits: ...}`) are read back.
//!
//! ```
//! use messhall_records::catalog;
//! use messhall_records::pgn::{self, Header};
//! use messhall_table::Table;
//!
//! let mut table = Table::new(catalog::builtin("chess").unwrap(), &Default::default()).unwrap();
//! for san in ["f3", "e5", "g4", "Qh4"] {
//!     let seat = table.turn().seat().unwrap();
//!     let action = table.parse_action(san).unwrap();
//!     table.try_act(seat, action).unwrap();
//! }
//! let text = pgn::write(&table.record(), &Header::default()).unwrap();
//! assert!(text.contains("1. f3 e5 2. g4 Qh4# {Black wins: checkmate} 0-1"));
//! let games = pgn::read(&text).unwrap();
//! assert_eq!(games[0].record, table.record());
//! ```

mod board;
mod header;
mod lex;
mod read;
mod write;

pub use header::Header;

use crate::catalog::GameKind;
use crate::record::Record;

/// The largest PGN text read.
pub const MAX_PGN_BYTES: usize = 16 * 1024 * 1024;

/// The most games read from one text.
pub const MAX_GAMES: usize = 10_000;

/// The most moves read in one game.
pub const MAX_MOVES: usize = 5_000;

/// The most moves read from one text, all games together: each is checked at a table, so this
/// bounds the time a text takes (about 10 s of FIDE chess, a minute of Food Fight's 12x12).
pub const MAX_TOTAL_MOVES: usize = 200_000;

/// The most tags one game may have.
pub const MAX_TAGS: usize = 1_000;

/// The built-in PGN means without a `Variant` tag.
const FIDE_CHESS: &str = "chess";

/// `Termination` of a loss on time.
const TERMINATION_FLAG: &str = "time forfeit";

/// `Termination` of a game a side left on its move (claimed by the other side, or ended by the
/// server).
const TERMINATION_ABANDONED: &str = "abandoned";

/// `Termination` of a game a match stopped at its move limit.
const TERMINATION_LIMIT: &str = "adjudication";

/// `Termination` of a game lost by a player's fault (an engine's illegal move, crash or silence).
const TERMINATION_FORFEIT: &str = "rules infraction";

/// One game read from PGN.
#[derive(Clone, Debug, PartialEq)]
pub struct PgnGame {
    /// Its event, site, date, round and other tags.
    pub header: Header,
    /// The game: rules, start, seed, players, clock, every step, result.
    pub record: Record,
}

/// Why a PGN text was refused, or a game could not be written as PGN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// The text as a whole (too large, no game, too many games or moves).
    #[error("PGN: {0}")]
    Text(String),
    /// A game's tags, or its layout.
    #[error("PGN game {game}, line {line}: {why}")]
    Game {
        /// The game's place in the text, from 1.
        game: usize,
        /// The line, from 1.
        line: usize,
        /// Why.
        why: String,
    },
    /// One move, step comment or result of a game.
    #[error("PGN game {game}, line {line}, {place} \"{token}\": {why}")]
    Token {
        /// The game's place in the text, from 1.
        game: usize,
        /// The line, from 1.
        line: usize,
        /// Where in the game: `move 12...`, `the step after move 12. Nf3`, `the result`.
        place: String,
        /// The token as written (shortened).
        token: String,
        /// Why.
        why: String,
    },
    /// A game that cannot be written as PGN.
    #[error("PGN: {0}")]
    Export(String),
}

/// A record of a chess game as PGN (ending in a newline; separate games by a blank line). The
/// moves are played again by the rules to write them in SAN, so a record whose moves or steps do
/// not fit is refused; its result is written as the record says (`Table::replay` checks it).
///
/// # Errors
/// [`PgnError::Export`] for a record that is not of a chess game, or whose steps do not fit.
pub fn write(record: &Record, header: &Header) -> Result<String, PgnError> {
    write::write_record(record, header)
}

/// Every game of a PGN text, each checked move by move by the rules, the built-in games known by
/// their `Variant` tag.
///
/// # Errors
/// [`PgnError`] naming the game, line, move and token that do not fit, and why: malformed text,
/// an unknown variant, a bad start or seed, an illegal move, a step the dice or the rules do
/// not give, a result the moves do not give, a text cut short, or more than the limits
/// ([`MAX_PGN_BYTES`], [`MAX_GAMES`], [`MAX_MOVES`], [`MAX_TOTAL_MOVES`], [`MAX_TAGS`]).
pub fn read(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    read::read_games(text, &[])
}

/// [`read`], also knowing `games` (variant files, say) by their names in `Variant` tags.
///
/// # Errors
/// As [`read`].
pub fn read_with(text: &str, games: &[GameKind]) -> Result<Vec<PgnGame>, PgnError> {
    read::read_games(text, games)
}
