//! XBoard keeps the engine's input open for the whole session: the engine must answer `ping`
//! and `quit` within a second whatever it is doing and whatever waits before them, and leave
//! analysis mode on each command that leaves it (tests that end their input instead would pass
//! even when the loop hangs).

use messhall_dice::Seed;
use messhall_xboard::Config;
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
            let config = Config {
                seed: Some(Seed::from_number(7)),
                ..Config::default()
            };
            let _ = end.send(messhall_xboard::run(reader, out, config).is_ok());
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

    /// `ping N` is answered within a second.
    fn ping(&mut self, n: u32) {
        let pong = format!("pong {n}");
        self.send(&format!("ping {n}"));
        self.expect(&pong, |l| l == pong);
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

/// An analysis of the start position after 1. e4, its thinking on.
fn analysing() -> Gui {
    let mut gui = Gui::start();
    for line in [
        "xboard",
        "protover 2",
        "new",
        "force",
        "usermove e2e4",
        "post",
        "analyze",
    ] {
        gui.send(line);
    }
    gui.expect("the analysis", |l| l.starts_with("1 "));
    gui
}

#[test]
fn every_command_that_leaves_analysis_is_done_and_the_engine_answers() {
    let leaving = [
        "exit",
        "force",
        "usermove e7e5",
        "undo",
        "new",
        "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "variant pieceeater",
    ];
    for (n, command) in (1..).zip(leaving) {
        let mut gui = analysing();
        gui.send(command);
        gui.ping(n);
        // What the command did shows in the next thing the engine is asked.
        gui.send("exit");
        gui.send("e7e5");
        gui.ping(100 + n);
        let refused = gui.seen.iter().any(|l| l.starts_with("Illegal move"));
        // Black is still to move after `exit` and `force`; after the others White is.
        assert_eq!(refused, n >= 3, "{command}: {:?}", gui.seen);
        gui.quit();
    }
}

#[test]
fn analysis_is_entered_and_left_ten_times_in_one_session() {
    let mut gui = analysing();
    gui.send("exit");
    for n in 1..=10 {
        gui.send("analyze");
        gui.expect("the analysis", |l| l.starts_with("1 "));
        gui.send("exit");
        gui.ping(n);
    }
    // Then a game: the engine plays Black's move.
    gui.send("sd 2");
    gui.send("go");
    gui.expect("the engine's move", |l| l.starts_with("move "));
    gui.ping(11);
    gui.quit();
}

#[test]
fn quit_is_not_kept_waiting_by_a_line_sent_while_the_engine_thinks() {
    // `sd` without a time control: the search ends only at a depth it cannot reach in minutes.
    let gui = Gui::start();
    for line in ["xboard", "protover 2", "new", "sd 60", "go"] {
        gui.send(line);
    }
    gui.send("e7e5");
    gui.send("hint");
    gui.quit();

    // `?` moves at once; a ping sent with it is answered after the move.
    let mut gui = Gui::start();
    for line in ["xboard", "protover 2", "new", "sd 60", "go"] {
        gui.send(line);
    }
    gui.send("?");
    gui.ping(1);
    assert!(gui.seen.iter().any(|l| l.starts_with("move ")), "{:?}", gui.seen);
    gui.quit();
}

#[test]
fn a_question_mark_right_after_go_ends_the_steered_step_and_the_move() {
    let mut gui = Gui::start();
    for line in [
        "xboard",
        "protover 2",
        "new",
        "variant pieceeater-steered",
        "sd 60",
        "go",
        "?",
    ] {
        gui.send(line);
    }
    // The step first, as a leg of its own, then the move.
    let step = gui.expect("the steered step", |l| l.starts_with("move "));
    assert!(step.ends_with(','), "{step}");
    gui.expect("the engine's move", |l| l.starts_with("move ") && !l.ends_with(','));
    gui.ping(1);
    gui.quit();
}
