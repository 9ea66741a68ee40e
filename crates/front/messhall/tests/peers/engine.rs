//! An outside engine as a child process spoken to line by line, with a deadline on every answer so
//! that a silent engine fails the test instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to answer one request (a search is limited far below this).
const DEADLINE: Duration = Duration::from_secs(60);

/// The engine's program: in /usr/games (where Debian puts it) or on PATH. Where it is missing the
/// test fails under CI, whose `scripts/test` installs it, and is skipped with a message elsewhere.
pub fn required(program: &str, package: &str) -> Option<PathBuf> {
    let games = Path::new("/usr/games").join(program);
    let found = std::iter::once(games)
        .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).map(|d| d.join(program)))
        .find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{program} is missing: CI must install the Debian package {package} (scripts/test)"
        );
        eprintln!("SKIPPED: {program} is not installed (apt-get install {package}); this check did not run");
    }
    found
}

/// A running engine. Dropping it kills the process.
pub struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The last lines read, for failure messages.
    seen: Vec<String>,
}

impl Engine {
    /// Starts `program` with `args` in the folder `dir`.
    pub fn start(program: &Path, args: &[&str], dir: &Path) -> Engine {
        let name = program.display().to_string();
        let mut child = Command::new(program)
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{name}: cannot start: {e}"));
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            name,
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .unwrap_or_else(|e| panic!("{}: cannot write {line:?}: {e}{}", self.name, self.tail()));
    }

    /// Reads lines up to and including the first for which `last` holds, and returns them.
    pub fn until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let end = Instant::now() + DEADLINE;
        let mut out = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim_end().to_string();
                    if self.seen.len() == 40 {
                        self.seen.remove(0);
                    }
                    self.seen.push(line.clone());
                    let done = last(&line);
                    out.push(line);
                    if done {
                        return out;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("{}: no answer in {DEADLINE:?}{}", self.name, self.tail()),
                Err(RecvTimeoutError::Disconnected) => panic!("{}: ended{}", self.name, self.tail()),
            }
        }
    }

    fn tail(&self) -> String {
        format!("; its last lines:\n{}", self.seen.join("\n"))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A file of the repository, by its path from the root.
pub fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..").join(path)
}
