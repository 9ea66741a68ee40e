//! XBetza notation for fairy chess pieces.
//!
//! [`parse`] turns a string such as `"mfWcfFifmnD"` into a [`PieceMoves`]: every move direction
//! expanded, seen from White's side. The grammar is documented in `docs/xbetza.md`.
//!
//! ```
//! let knight = messhall_betza::parse("N").unwrap();
//! assert_eq!(knight.moves.len(), 8);
//! ```

mod ast;
mod error;
mod parser;

pub use ast::{Hop, Leg, Mode, Move, PieceMoves, Step, UNLIMITED};
pub use error::BetzaError;
pub use parser::parse;
