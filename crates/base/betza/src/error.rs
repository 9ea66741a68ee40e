//! Errors from [`crate::parse`].
//!
//! Every error names one character of the input (by its 1-based position, counted in characters,
//! not bytes) and says what is wrong with it. The message is always a single line: the input and
//! the character are printed escaped.

use thiserror::Error;

/// Why an XBetza string was rejected.
///
/// Every variant carries the whole input (`text`), the offending character (`found`) and its
/// 1-based position in `text`, counted in characters (`position`). The message repeats at most
/// the first 60 characters of the input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BetzaError {
    /// A character that is neither an atom, a modifier, `a`, a digit after an atom nor part of a
    /// bracketed leaper.
    #[error("XBetza {}: unexpected {found:?} at position {position}: not an atom or modifier", shown(.text))]
    UnknownChar { text: String, found: char, position: usize },

    /// A digit that does not follow an atom.
    #[error("XBetza {}: unexpected {found:?} at position {position}: a range number must follow an atom", shown(.text))]
    StrayDigit { text: String, found: char, position: usize },

    /// A range number after a doubled atom (`NN2`).
    #[error(
        "XBetza {}: unexpected {found:?} at position {position}: a doubled atom is already a rider and takes no range number", shown(.text))]
    RangeAfterDouble { text: String, found: char, position: usize },

    /// A range number above 255 (`found` is its first digit).
    #[error("XBetza {}: range number starting with {found:?} at position {position} is above 255", shown(.text))]
    RangeTooLarge { text: String, found: char, position: usize },

    /// Modifiers at the end of the string with no atom after them (`found` is the first of them).
    #[error("XBetza {}: modifier {found:?} at position {position} has no atom after it", shown(.text))]
    MissingAtom { text: String, found: char, position: usize },

    /// An `a` that does not stand between two complete legs.
    #[error(
        "XBetza {}: unexpected {found:?} at position {position}: 'a' must join two legs, each ending in an atom", shown(.text))]
    DanglingJoin { text: String, found: char, position: usize },

    /// A `(` whose leaper is never closed by `)`.
    #[error("XBetza {}: {found:?} at position {position} is never closed", shown(.text))]
    UnclosedLeaper { text: String, found: char, position: usize },

    /// A malformed bracketed leaper: something other than `(x,y)`.
    #[error("XBetza {}: unexpected {found:?} at position {position}: a leaper is written (x,y) with two numbers", shown(.text))]
    LeaperSyntax { text: String, found: char, position: usize },

    /// A leaper coordinate above 15 (`found` is its first digit).
    #[error("XBetza {}: leaper coordinate starting with {found:?} at position {position} is above 15", shown(.text))]
    LeaperTooLong { text: String, found: char, position: usize },

    /// The leaper `(0,0)` (`found` is its `(`).
    #[error("XBetza {}: leaper opened by {found:?} at position {position} is (0,0), which does not move", shown(.text))]
    NullLeaper { text: String, found: char, position: usize },

    /// `h` not directly after one of `f`, `b`, `l`, `r`.
    #[error("XBetza {}: unexpected {found:?} at position {position}: 'h' must directly follow f, b, l or r", shown(.text))]
    BadHalf { text: String, found: char, position: usize },

    /// `z` on an atom that is not a rider.
    #[error("XBetza {}: unexpected {found:?} at position {position}: crooked needs a rider", shown(.text))]
    CrookedLeaper { text: String, found: char, position: usize },

    /// Two modifiers of one leg that contradict each other (`p` with `g`, `n` with a hop).
    #[error(
        "XBetza {}: unexpected {found:?} at position {position}: cannot be combined with {other:?} in the same leg", shown(.text))]
    Conflict {
        text: String,
        found: char,
        position: usize,
        other: char,
    },

    /// The string expands to more than 4096 moves, in one chain of legs joined by `a` (`found`
    /// is the `a` that crossed the limit) or in all (`found` starts the chain that did).
    #[error("XBetza {}: {found:?} at position {position} makes more than 4096 moves", shown(.text))]
    TooManyMoves { text: String, found: char, position: usize },
}

/// Most characters of the input an error message repeats.
const SHOWN_CHARS: usize = 60;

/// The input as an error message shows it: quoted, escaped, cut after [`SHOWN_CHARS`] characters.
fn shown(text: &str) -> String {
    if text.chars().count() <= SHOWN_CHARS {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(SHOWN_CHARS).collect();
        format!("{head:?}... ({} characters)", text.chars().count())
    }
}

impl BetzaError {
    /// The offending character.
    pub fn found(&self) -> char {
        self.parts().1
    }

    /// The 1-based position of the offending character, counted in characters.
    pub fn position(&self) -> usize {
        self.parts().2
    }

    /// The whole input string.
    pub fn text(&self) -> &str {
        self.parts().0
    }

    fn parts(&self) -> (&str, char, usize) {
        use BetzaError::*;
        match self {
            UnknownChar { text, found, position }
            | StrayDigit { text, found, position }
            | RangeAfterDouble { text, found, position }
            | RangeTooLarge { text, found, position }
            | MissingAtom { text, found, position }
            | DanglingJoin { text, found, position }
            | UnclosedLeaper { text, found, position }
            | LeaperSyntax { text, found, position }
            | LeaperTooLong { text, found, position }
            | NullLeaper { text, found, position }
            | BadHalf { text, found, position }
            | CrookedLeaper { text, found, position }
            | Conflict {
                text, found, position, ..
            }
            | TooManyMoves { text, found, position } => (text, *found, *position),
        }
    }
}
