//! messhall as a UCI engine (the Universal Chess Interface, with the `UCI_Variant` extension of
//! the multi-variant engines): every built-in chess variant and variant files, for UCI GUIs and
//! tools. docs/protocols.md describes what it understands.
//!
//! [`run`] reads commands from any [`BufRead`](std::io::BufRead) and answers on any
//! [`Write`](std::io::Write), so a test feeds lines and compares the exact output. The search
//! runs on its own thread ([`messhall_table::Thinker`]) while input is still read: `stop`,
//! `isready`, `ponderhit` and `quit` are answered during a search; any other command waits until
//! the search has given its `bestmove` (a search that only `stop` would end is stopped first).
//!
//! ```
//! let input = "uci\nsetoption name UCI_Variant value calorie\nposition startpos moves e2e4\ngo depth 1\n";
//! let mut output = Vec::new();
//! messhall_uci::run(std::io::Cursor::new(input), &mut output).unwrap();
//! let text = String::from_utf8(output).unwrap();
//! assert!(text.contains("uciok"));
//! assert!(text.contains("info string variant calorie files 8 ranks 8 pocket 0 startpos"));
//! assert!(text.lines().last().unwrap().starts_with("bestmove "));
//! ```

#![warn(missing_docs)]
// Protocol code never panics on input (issue 18).
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

mod go;
mod info;
mod input;
mod options;
mod position;
mod session;

pub use session::run;

/// The longest input line read, in bytes; the rest of a longer line is skipped and the line is
/// answered with an error.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// The most moves one `position` command may list.
pub const MAX_MOVES: usize = 4096;
/// The deepest `go perft` (it runs to the end before the next command is read).
pub const MAX_PERFT_DEPTH: u32 = 10;
