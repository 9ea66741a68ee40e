//! Reading input lines on their own thread, each at most [`crate::MAX_LINE_BYTES`] long.

use std::io::{BufRead, ErrorKind};
use std::sync::mpsc::Sender;

/// One read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Input {
    /// A line, without its line end (bytes that are not UTF-8 shown as U+FFFD).
    Line(String),
    /// A line longer than the limit: its start, and how many bytes it had.
    TooLong { start: String, bytes: usize },
    /// The input ended.
    End,
    /// Reading failed.
    Failed(String),
}

/// Reads one line of at most `max` bytes (a longer one is read to its end and reported).
pub(crate) fn read_line<R: BufRead>(input: &mut R, max: usize) -> Input {
    let mut kept = Vec::new();
    let mut total = 0usize;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Input::Failed(e.to_string()),
        };
        if buf.is_empty() {
            if !any {
                return Input::End;
            }
            break;
        }
        any = true;
        let (chunk, ends) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (buf.get(..i).unwrap_or_default(), true),
            None => (buf, false),
        };
        let room = max.saturating_sub(kept.len());
        kept.extend_from_slice(chunk.get(..room.min(chunk.len())).unwrap_or_default());
        total = total.saturating_add(chunk.len());
        let used = chunk.len() + usize::from(ends);
        input.consume(used);
        if ends {
            break;
        }
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
        total -= 1;
    }
    let text = String::from_utf8_lossy(&kept).into_owned();
    if total > max {
        Input::TooLong {
            start: text,
            bytes: total,
        }
    } else {
        Input::Line(text)
    }
}

/// Reads `input` line by line on a new thread, sending each read through `send` (wrapped by
/// `wrap`) until the input ends, fails, or nobody listens any more.
pub(crate) fn spawn_reader<R, E>(mut input: R, send: Sender<E>, wrap: fn(Input) -> E)
where
    R: BufRead + Send + 'static,
    E: Send + 'static,
{
    std::thread::spawn(move || {
        loop {
            let read = read_line(&mut input, crate::MAX_LINE_BYTES);
            let last = matches!(read, Input::End | Input::Failed(_));
            if send.send(wrap(read)).is_err() || last {
                return;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn lines_end_at_newlines_and_long_ones_are_cut() {
        let mut input = Cursor::new(b"uci\r\nisready\n\nabcdefgh\nlast".to_vec());
        assert_eq!(read_line(&mut input, 5), Input::Line("uci".into()));
        assert_eq!(
            read_line(&mut input, 5),
            Input::TooLong {
                start: "isrea".into(),
                bytes: 7
            }
        );
        assert_eq!(read_line(&mut input, 5), Input::Line(String::new()));
        assert_eq!(
            read_line(&mut input, 5),
            Input::TooLong {
                start: "abcde".into(),
                bytes: 8
            }
        );
        assert_eq!(read_line(&mut input, 5), Input::Line("last".into()));
        assert_eq!(read_line(&mut input, 5), Input::End);
    }
}
