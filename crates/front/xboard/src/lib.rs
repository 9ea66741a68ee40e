//! The XBoard/WinBoard engine protocol (CECP, protocol 2) for the messhall chess games.
//!
//! [`run`] reads XBoard's commands from any [`BufRead`] and writes the engine's answers to any
//! [`Write`], so tests compare a whole conversation. The engine offers every built-in chess
//! game as an engine-defined variant: on `variant NAME` it tells XBoard the board, the pieces'
//! letters and the start position (`setup`) and how each piece moves, in XBoard's Betza (`piece`);
//! with `highlight=1` it answers `lift` with the legal destinations of the lifted piece, so the
//! GUI shows exactly the rules' moves, even those it cannot describe. docs/protocols.md says
//! which command does what.
//!
//! ```
//! use messhall_xboard::{Config, run};
//! let input = b"xboard\nprotover 2\nnew\nvariant foodfight\nforce\ne3d4\nping 1\nquit\n";
//! let mut output = Vec::new();
//! run(&input[..], &mut output, Config::default()).unwrap();
//! let text = String::from_utf8(output).unwrap();
//! assert!(text.contains("setup (PNBR.FE.CWM"));
//! assert!(text.contains("piece K& FsR2"));
//! assert!(text.ends_with("pong 1\n"));
//! ```

#![warn(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

mod betza;
mod clock;
mod highlight;
mod input;
mod notation;
mod session;
mod setup;
mod thinking;

pub use input::MAX_LINE;
pub use session::Config;

use input::Msg;
use session::{Next, Session};
use std::io::{self, BufRead, Write};
use std::sync::mpsc;

/// Speaks the protocol: commands from `input`, answers to `output`, until `quit` or the end of
/// the input (a search still running is stopped first).
///
/// # Errors
/// When `output` cannot be written (XBoard has gone). Bad input is answered in the protocol's
/// error forms and never ends the loop.
pub fn run<R: BufRead + Send + 'static, W: Write>(input: R, output: W, config: Config) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    let reader_tx = tx.clone();
    std::thread::spawn(move || input::read_lines(input, &reader_tx));
    let mut session = Session::new(output, config, tx)?;
    let mut ended = false;
    loop {
        // The engine's own turn goes on (a steered step's move) before what waits, unless a
        // waiting command stopped the last search: then that command goes first, so the `exit`
        // (or move) that left an analysis is never overtaken by the analysis again.
        if !session.thinking() && !std::mem::take(&mut session.after_abandon) {
            session.maybe_search();
            if session.thinking() && session.requeue()? == Next::Quit {
                return Ok(());
            }
        }
        if !session.thinking() {
            let waited = session.queue.pop_front();
            let handled = waited.is_some();
            match waited {
                Some(Some(line)) if session.command(&line)? == Next::Quit => return Ok(()),
                Some(Some(_)) => {}
                Some(None) => session.stop_analysis(),
                None if ended => return Ok(()),
                None => {}
            }
            session.maybe_search();
            if session.thinking() {
                // What still waits meets the new search as if it came now.
                if session.requeue()? == Next::Quit {
                    return Ok(());
                }
            } else if handled {
                continue;
            }
        }
        let Ok(msg) = rx.recv() else { return Ok(()) };
        match msg {
            Msg::Line(line) if session.thinking() => {
                if session.line_while_thinking(line)? == Next::Quit {
                    return Ok(());
                }
            }
            Msg::Line(line) => {
                if session.command(&line)? == Next::Quit {
                    return Ok(());
                }
            }
            Msg::TooLong(start) => session.too_long(&start)?,
            Msg::Iteration(info) => session.iteration(info)?,
            Msg::Finished => session.finished()?,
            Msg::End => {
                ended = true;
                session.end_of_input();
            }
        }
    }
}
