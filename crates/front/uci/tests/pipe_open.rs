//! A GUI keeps the engine's input open for the whole session: the engine must answer `stop`,
//! `isready` and `quit` within a second whatever it is doing and whatever waits before them
//! (tests that end their input instead would pass even when the loop hangs).

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

/// How long a GUI waits for an answer before it calls the engine dead.
const PROMPT: Duration = Duration::from_secs(1);

/// The engine's input as a pipe the test holds open.
struct PipeIn {
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

/// The engine's output, line by line as it is written.
struct PipeOut {
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

struct Gui {
    input: Sender<Vec<u8>>,
    output: Receiver<String>,
    ended: Receiver<bool>,
    seen: Vec<String>,
}

impl Gui {
    fn start() -> Gui {
        let (input, chunks) = mpsc::channel();
        let (lines, output) = mpsc::channel();
        let (end, ended) = mpsc::channel();
        std::thread::spawn(move || {
            let reader = BufReader::new(PipeIn {
                chunks,
                pending: Vec::new(),
            });
            let out = PipeOut {
                partial: Vec::new(),
                lines,
            };
            let _ = end.send(messhall_uci::run(reader, out).is_ok());
        });
        Gui {
            input,
            output,
            ended,
            seen: Vec::new(),
        }
    }

    fn send(&self, text: &str) {
        self.input.send(format!("{text}\n").into_bytes()).unwrap();
    }

    /// The first line (from now on) for which `wanted` holds, failing when it takes longer than
    /// `within`.
    fn expect_within(&mut self, within: Duration, what: &str, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if wanted(&line) {
                        return line;
                    }
                }
                Err(_) => panic!("no {what} within {within:?}; the engine said {:?}", self.seen),
            }
        }
    }

    fn expect(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> String {
        self.expect_within(PROMPT, what, wanted)
    }

    /// `quit` ends the session within a second, the input still open.
    fn quit(self) {
        self.send("quit");
        assert_eq!(
            self.ended.recv_timeout(PROMPT),
            Ok(true),
            "the session did not end: {:?}",
            self.seen
        );
        drop(self.input);
    }
}

#[test]
fn stop_isready_and_quit_are_answered_behind_a_command_that_waits_for_a_long_search() {
    // A day on the clock: the search would think for minutes.
    let mut gui = Gui::start();
    gui.send("position startpos");
    gui.send("go wtime 86400000 btime 86400000");
    gui.send("ucinewgame");
    gui.send("stop");
    gui.send("isready");
    gui.expect("readyok", |l| l == "readyok");
    gui.expect("bestmove", |l| l.starts_with("bestmove "));
    gui.send("isready");
    gui.expect("readyok", |l| l == "readyok");
    gui.quit();

    // `quit` alone, behind a waiting command, during the long search.
    let gui = Gui::start();
    gui.send("go wtime 86400000 btime 86400000");
    gui.send("position startpos moves e2e4");
    gui.quit();
}

#[test]
fn a_stop_behind_a_waiting_go_reaches_that_go() {
    let mut gui = Gui::start();
    gui.send("go wtime 86400000 btime 86400000");
    gui.send("position startpos moves e2e4");
    gui.send("go infinite");
    gui.send("stop");
    gui.expect("the first bestmove", |l| l.starts_with("bestmove "));
    gui.expect("the second bestmove", |l| l.starts_with("bestmove "));
    gui.send("isready");
    gui.expect("readyok", |l| l == "readyok");
    gui.quit();
}

#[test]
fn a_deep_perft_runs_beside_the_loop_and_stops() {
    let mut gui = Gui::start();
    gui.send("go perft 10");
    gui.send("isready");
    gui.expect("readyok", |l| l == "readyok");
    gui.send("stop");
    gui.expect("the perft's end", |l| l == "info string perft stopped before its end");
    gui.send("isready");
    gui.expect("readyok", |l| l == "readyok");
    // And a finished one still counts every first move, then the total.
    gui.send("go perft 2");
    gui.expect("e2e4's count", |l| l == "e2e4: 20");
    gui.expect("the total", |l| l == "Nodes searched: 400");
    gui.send("go perft 10");
    gui.quit();
}

#[test]
fn a_node_limit_holds_at_every_skill_level() {
    // Level 8's minimum depth (5) once outran `go nodes 1` by 25 million nodes in PieceEater.
    for level in 7..=9 {
        let mut gui = Gui::start();
        gui.send("setoption name UCI_Variant value pieceeater");
        gui.send(&format!("setoption name Skill Level value {level}"));
        gui.send("position startpos");
        gui.send("go nodes 1");
        gui.expect("bestmove", |l| l.starts_with("bestmove "));
        let searched: Vec<u64> = gui
            .seen
            .iter()
            .filter_map(|l| l.strip_prefix("info depth "))
            .filter_map(|l| l.split(" nodes ").nth(1)?.split(' ').next()?.parse().ok())
            .collect();
        // Depth 1 is always finished; nothing deeper is begun.
        assert!(searched.iter().all(|&n| n < 4_500), "level {level}: {:?}", gui.seen);
        gui.quit();
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_given_as_a_variant_file_is_refused_without_waiting_for_a_writer() {
    let dir = std::env::temp_dir().join(format!("messhall-uci-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("variant.toml");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let mut gui = Gui::start();
    gui.send(&format!("setoption name VariantPath value {}", fifo.display()));
    gui.send("isready");
    let error = gui.expect("an error", |l| l.starts_with("info string Error"));
    assert!(error.contains("not a regular file"), "{error}");
    gui.expect("readyok", |l| l == "readyok");
    gui.quit();
    let _ = std::fs::remove_dir_all(&dir);
}
