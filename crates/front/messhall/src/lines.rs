//! Lines typed at a prompt: with line editing and history in a terminal (rustyline), plain
//! lines from a pipe or a test. A line that is not UTF-8 is an error for that line only.

use std::io::{BufRead, Write};

/// One read at a prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text (without its end of line).
    Text(String),
    /// A line whose bytes are not UTF-8.
    NotUtf8,
    /// The input ended (end of file, Ctrl-D, Ctrl-C).
    End,
}

/// Where typed lines come from.
pub trait Lines {
    /// Shows `prompt` on `out` and reads one line.
    ///
    /// # Errors
    /// An error of the terminal or of the input.
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> std::io::Result<Line>;
}

/// Lines from any reader (a pipe, a file, a test's text).
pub struct Plain<R>(pub R);

/// The longest line read; the rest of a longer one is dropped (a pasted novel is not a move).
const MAX_LINE: usize = 4096;

impl<R: BufRead> Lines for Plain<R> {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> std::io::Result<Line> {
        write!(out, "{prompt}")?;
        out.flush()?;
        let mut bytes = Vec::new();
        let n = std::io::Read::take(&mut self.0, MAX_LINE as u64).read_until(b'\n', &mut bytes)?;
        if n == 0 {
            return Ok(Line::End);
        }
        if bytes.last() != Some(&b'\n') && bytes.len() >= MAX_LINE {
            // Skip to the end of the over-long line.
            let mut rest = Vec::new();
            self.0.read_until(b'\n', &mut rest)?;
        }
        while matches!(bytes.last(), Some(b'\n' | b'\r')) {
            bytes.pop();
        }
        Ok(match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        })
    }
}

/// Lines typed at a terminal, with editing and history.
pub struct Editor(rustyline::DefaultEditor);

impl Editor {
    /// An editor for the terminal, or `None` when there is no terminal to edit in.
    pub fn new() -> Option<Editor> {
        use std::io::IsTerminal;
        if !std::io::stdin().is_terminal() {
            return None;
        }
        rustyline::DefaultEditor::new().ok().map(Editor)
    }
}

impl Lines for Editor {
    fn read(&mut self, prompt: &str, out: &mut dyn Write) -> std::io::Result<Line> {
        out.flush()?;
        match self.0.readline(prompt) {
            Ok(text) => {
                if !text.trim().is_empty() {
                    let _ = self.0.add_history_entry(text.as_str());
                }
                Ok(Line::Text(text))
            }
            Err(rustyline::error::ReadlineError::Eof | rustyline::error::ReadlineError::Interrupted) => Ok(Line::End),
            Err(e) => Err(std::io::Error::other(e.to_string())),
        }
    }
}

/// Lines from standard input: edited in a terminal, plain otherwise.
pub fn stdin() -> Box<dyn Lines> {
    match Editor::new() {
        Some(editor) => Box::new(editor),
        None => Box::new(Plain(std::io::stdin().lock())),
    }
}

/// A command read at a prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// The input ended.
    End,
    /// The line was not text (already said so): ask again.
    Again,
    /// A line: its first word in lower case, the rest trimmed, and the whole line trimmed.
    Words {
        /// The first word, in lower case.
        word: String,
        /// What follows it.
        arg: String,
        /// The whole line.
        text: String,
    },
}

/// Shows `prompt` and reads one command; a line that is not text is said so on `out`.
///
/// # Errors
/// An error of the terminal or of the input.
pub fn read_command(lines: &mut dyn Lines, prompt: &str, out: &mut dyn Write) -> std::io::Result<Command> {
    let text = match lines.read(prompt, out)? {
        Line::End => {
            writeln!(out)?;
            return Ok(Command::End);
        }
        Line::NotUtf8 => {
            writeln!(out, "That line is not text (UTF-8); type it again.")?;
            return Ok(Command::Again);
        }
        Line::Text(text) => text,
    };
    let text = text.trim();
    let (word, arg) = match text.split_once(char::is_whitespace) {
        Some((w, a)) => (w.to_ascii_lowercase(), a.trim()),
        None => (text.to_ascii_lowercase(), ""),
    };
    Ok(Command::Words {
        word,
        arg: arg.to_string(),
        text: text.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_byte_spoils_one_line_only() {
        let mut lines = Plain(&b"e4\n\xff\xfe\nNf3\r\n"[..]);
        let mut out = Vec::new();
        assert_eq!(lines.read("> ", &mut out).unwrap(), Line::Text("e4".into()));
        assert_eq!(lines.read("> ", &mut out).unwrap(), Line::NotUtf8);
        assert_eq!(lines.read("> ", &mut out).unwrap(), Line::Text("Nf3".into()));
        assert_eq!(lines.read("> ", &mut out).unwrap(), Line::End);
        assert_eq!(out, b"> > > > ");
    }
}
