//! An engine session held open as a GUI holds it: lines sent when the test says, the engine's
//! answers read line by line as they are written, and the session's end seen.

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The engine's input: a pipe the conversation holds open until it is dropped.
pub struct PipeIn {
    chunks: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Read for PipeIn {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            match self.chunks.recv() {
                Ok(chunk) => self.pending = chunk,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// The engine's output, sent on line by line.
pub struct PipeOut {
    partial: Vec<u8>,
    lines: Sender<String>,
}

impl Write for PipeOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(i) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=i).collect();
            let _ = self.lines.send(String::from_utf8_lossy(&line[..i]).into_owned());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A session running on its own thread.
pub struct Conversation {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    session: Option<JoinHandle<io::Result<()>>>,
    /// Every line the engine has written so far.
    pub seen: Vec<String>,
}

impl Conversation {
    /// Starts `session` (a protocol's `run`) on the held-open input.
    pub fn start(session: impl FnOnce(BufReader<PipeIn>, PipeOut) -> io::Result<()> + Send + 'static) -> Conversation {
        let (input, chunks) = mpsc::channel();
        let (lines, output) = mpsc::channel();
        let handle = std::thread::spawn(move || {
            let reader = BufReader::new(PipeIn {
                chunks,
                pending: Vec::new(),
            });
            session(
                reader,
                PipeOut {
                    partial: Vec::new(),
                    lines,
                },
            )
        });
        Conversation {
            input: Some(input),
            output,
            session: Some(handle),
            seen: Vec::new(),
        }
    }

    /// Sends `text` and a line break (nothing when the session has ended).
    pub fn send(&self, text: &str) {
        if let Some(input) = &self.input {
            let _ = input.send(format!("{text}\n").into_bytes());
        }
    }

    /// Reads the engine's lines until one for which `wanted` holds; `Err` says what came when
    /// none did within `within`, or the session ended first.
    pub fn expect(&mut self, within: Duration, what: &str, wanted: impl Fn(&str) -> bool) -> Result<String, String> {
        let deadline = Instant::now() + within;
        loop {
            match self
                .output
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if wanted(&line) {
                        return Ok(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no {what} within {within:?}; the engine said {}", self.said()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("the session ended before {what}: {}", self.ended_how()));
                }
            }
        }
    }

    /// Whether the session has ended (by `quit`, or by a panic).
    pub fn ended(&self) -> bool {
        self.session.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Waits up to `within` for the session to end, the input still open; `Err` when it does
    /// not, or ends by a panic or an error.
    pub fn wait_end(&mut self, within: Duration) -> Result<(), String> {
        let deadline = Instant::now() + within;
        while !self.ended() {
            if Instant::now() >= deadline {
                return Err(format!("the session did not end within {within:?}: {}", self.said()));
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        match self.ended_how().as_str() {
            "" => Ok(()),
            how => Err(how.to_string()),
        }
    }

    /// Why the session ended: empty when it returned `Ok`.
    fn ended_how(&mut self) -> String {
        let Some(handle) = self.session.take() else {
            return String::new();
        };
        match handle.join() {
            Ok(Ok(())) => String::new(),
            Ok(Err(e)) => format!("the session failed: {e}"),
            Err(payload) => {
                let why = payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                format!("the session panicked: {why}")
            }
        }
    }

    /// The last lines the engine wrote, for a report.
    fn said(&self) -> String {
        let from = self.seen.len().saturating_sub(12);
        format!("{:?}", &self.seen[from..])
    }
}

impl Drop for Conversation {
    fn drop(&mut self) {
        // The input ends: a session still running finishes on its own.
        self.input = None;
    }
}
