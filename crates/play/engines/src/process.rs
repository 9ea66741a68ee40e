//! An engine as a child process: lines to its standard input, lines from its standard output
//! read on a thread of their own so every wait has a deadline. The process is killed when the
//! value is dropped, so no engine outlives its game.

use crate::fault::{Exit, SendError, SpawnError};
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The longest line read from an engine; the rest of a longer line is dropped.
const MAX_LINE: u64 = 64 * 1024;

/// Lines read ahead of the driver before the reading thread waits.
const READ_AHEAD: usize = 4096;

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Option<Log>,
}

/// A transcript of the dialogue: each line with the engine's process id, the milliseconds since
/// it started, and `>` (to the engine) or `<` (from it).
#[derive(Clone)]
struct Log {
    file: Arc<Mutex<File>>,
    pid: u32,
    started: Instant,
}

impl Log {
    fn write(&self, direction: char, line: &str) {
        let ms = self.started.elapsed().as_millis();
        if let Ok(mut file) = self.file.lock() {
            // A transcript that cannot be written is no reason to stop a game.
            let _ = writeln!(file, "{} {ms:>7} {direction} {line}", self.pid);
        }
    }
}

/// Why no line came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The deadline passed.
    Timeout,
    /// The engine closed its output: it ended or crashed (with how it ended, when known).
    Closed(Exit),
}

impl EngineProcess {
    /// Starts `program` with `args` in `dir` (the current folder when `None`), its standard
    /// error thrown away, the dialogue appended to `log` if one is given.
    ///
    /// # Errors
    /// [`SpawnError`]: why the program could not be started or the log not opened.
    pub fn spawn(
        program: &Path,
        args: &[String],
        dir: Option<&Path>,
        log: Option<&Path>,
    ) -> Result<EngineProcess, SpawnError> {
        let log_file = match log {
            Some(path) => Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|error| SpawnError::Log {
                        path: path.to_path_buf(),
                        error,
                    })?,
            ),
            None => None,
        };
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|error| SpawnError::Start {
            program: program.to_path_buf(),
            error,
        })?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(SpawnError::NoPipes {
                    program: program.to_path_buf(),
                });
            }
        };
        let log = log_file.map(|file| Log {
            file: Arc::new(Mutex::new(file)),
            pid: child.id(),
            started: Instant::now(),
        });
        let reader_log = log.clone();
        let (send, lines) = sync_channel(READ_AHEAD);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut bytes = Vec::new();
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                if bytes.last() != Some(&b'\n') && bytes.len() as u64 == MAX_LINE {
                    // Skip the rest of an overlong line.
                    let mut rest = Vec::new();
                    if reader.read_until(b'\n', &mut rest).is_err() {
                        break;
                    }
                }
                let line = String::from_utf8_lossy(&bytes).trim().to_string();
                if let Some(log) = &reader_log {
                    log.write('<', &line);
                }
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin: Some(stdin),
            lines,
            log,
        })
    }

    /// Sends one line.
    ///
    /// # Errors
    /// [`SendError`] when the engine no longer reads (it ended or crashed).
    pub fn send(&mut self, line: &str) -> Result<(), SendError> {
        if let Some(log) = &self.log {
            log.write('>', line);
        }
        let stdin = self.stdin.as_mut().ok_or(SendError::InputClosed)?;
        let sent = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        sent.map_err(|_| SendError::StoppedReading(self.exit_status()))
    }

    /// The next line the engine writes before `deadline`.
    ///
    /// # Errors
    /// [`ReadError`] when the deadline passes or the engine's output ends.
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed(self.exit_status())),
        }
    }

    /// How the process ended, or that it still runs.
    fn exit_status(&mut self) -> Exit {
        // Give a dying process a moment to be reaped.
        for _ in 0..20 {
            match self.child.try_wait() {
                Ok(Some(status)) => return describe_exit(status),
                Ok(None) => std::thread::sleep(std::time::Duration::from_millis(5)),
                Err(_) => break,
            }
        }
        Exit::Running
    }

    /// Stops the engine at once.
    pub fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

#[cfg(unix)]
fn describe_exit(status: std::process::ExitStatus) -> Exit {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => Exit::Status(code),
        (None, Some(signal)) => Exit::Signal(signal),
        (None, None) => Exit::Ended,
    }
}

#[cfg(not(unix))]
fn describe_exit(status: std::process::ExitStatus) -> Exit {
    match status.code() {
        Some(code) => Exit::Status(code),
        None => Exit::Ended,
    }
}
