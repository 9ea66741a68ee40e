//! XBoard's input, read on its own thread so the engine hears commands while it thinks; lines
//! longer than [`MAX_LINE`] bytes are cut, and said to be.

use messhall_search::SearchInfo;
use std::io::BufRead;
use std::sync::mpsc::Sender;

/// The longest line read whole, in bytes (a FEN of a 16x16 board is far shorter).
pub const MAX_LINE: usize = 4096;

/// What the engine's loop hears: XBoard's lines and the search's news, in the order they came.
#[derive(Debug)]
pub(crate) enum Msg {
    /// A line of input, without its line break.
    Line(String),
    /// A line longer than [`MAX_LINE`]: its first bytes.
    TooLong(String),
    /// The input has ended.
    End,
    /// The search finished an iteration.
    Iteration(SearchInfo),
    /// The search has ended.
    Finished,
}

/// Reads lines from `input` until it ends, sending each to `tx`.
pub(crate) fn read_lines<R: BufRead>(mut input: R, tx: &Sender<Msg>) {
    loop {
        match read_bounded(&mut input) {
            Ok(Some((line, false))) => {
                if tx.send(Msg::Line(line)).is_err() {
                    return;
                }
            }
            Ok(Some((line, true))) => {
                if tx.send(Msg::TooLong(line)).is_err() {
                    return;
                }
            }
            Ok(None) | Err(_) => {
                let _ = tx.send(Msg::End);
                return;
            }
        }
    }
}

/// One line, at most [`MAX_LINE`] bytes of it kept (the rest skipped); whether it was cut.
/// `None` at the end of the input.
fn read_bounded<R: BufRead>(input: &mut R) -> std::io::Result<Option<(String, bool)>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut cut = false;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (buf.get(..i).unwrap_or(&[]), Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        if chunk.len() > room {
            cut = true;
        }
        kept.extend_from_slice(chunk.get(..chunk.len().min(room)).unwrap_or(&[]));
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some((String::from_utf8_lossy(&kept).into_owned(), cut)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn long_lines_are_cut_and_the_next_one_is_whole() {
        let text = format!("{}\nping 1\r\nlast", "x".repeat(MAX_LINE + 10));
        let mut input = Cursor::new(text.into_bytes());
        let (first, cut) = read_bounded(&mut input).unwrap().unwrap();
        assert!(cut);
        assert_eq!(first.len(), MAX_LINE);
        assert_eq!(read_bounded(&mut input).unwrap(), Some(("ping 1".to_string(), false)));
        assert_eq!(read_bounded(&mut input).unwrap(), Some(("last".to_string(), false)));
        assert_eq!(read_bounded(&mut input).unwrap(), None);
    }
}
