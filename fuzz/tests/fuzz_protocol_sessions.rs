//! Protocol sessions: random UCI and XBoard command sequences, with pauses between lines, sent to
//! a session whose input stays open as a GUI keeps it. An input is a script of lines: the first
//! word of the first line (`uci` or `xboard`) chooses the protocol, `@wait N` pauses N ms (at most
//! [`MAX_PAUSE_MS`] in all), every other line is sent as it is. After the script the GUI checks the
//! engine is alive: UCI `stop` and `isready` must give `readyok`, XBoard `force` and `ping` a
//! `pong` (with `?` sent meanwhile, as the protocol answers a ping during the engine's own move
//! only after the move), each within [`PROMPT`] (of the engine's last line: moves made for
//! commands that waited show it alive); then `quit` (or a `quit` of the script) must
//! end the session within [`PROMPT`], without a panic.

use messhall_fuzz::{Conversation, Rng, Target, read_corpus, run};
use std::time::{Duration, Instant};

/// How long a GUI waits for an answer: a second (the protocols' tests require it on an idle
/// machine), three in a build with debug assertions, which also shares the machine with others.
const PROMPT: Duration = Duration::from_millis(if cfg!(debug_assertions) { 3000 } else { 1000 });
/// The most a script pauses in all, so one input stays within the harness's time bound.
const MAX_PAUSE_MS: u64 = 150;
/// The largest hash table a script may ask for, in MB: the harness bounds the process's memory.
const MAX_HASH_MB: u64 = 64;
/// The deepest `sd` (XBoard) kept: a search the GUI asks to run long is not a hang.
const MAX_SD: u64 = 4;

const TOKENS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position startpos",
    "position fen ",
    " moves ",
    "e2e4",
    "e7e5",
    "g1f3",
    "go",
    "go depth 2",
    "go nodes 500",
    "go movetime 50",
    "go infinite",
    "go ponder",
    "go perft 3",
    "go perft 10",
    " wtime 86400000 btime 86400000",
    "stop",
    "ponderhit",
    "quit",
    "setoption name ",
    "UCI_Variant value ",
    "Skill Level value ",
    "Hash value ",
    "VariantPath value ",
    "/dev/zero",
    "/tmp",
    "Seed value ",
    "xboard",
    "protover 2",
    "new",
    "variant ",
    "force",
    "analyze",
    "exit",
    "undo",
    "remove",
    "setboard ",
    "usermove ",
    "sd 2",
    "st 1",
    "level 40 0:05 0",
    "time 500",
    "otim 500",
    "ping 1",
    "?",
    ".",
    "post",
    "nopost",
    "playother",
    "memory ",
    "result 1-0",
    "lift e2",
    "put e4",
    "hover e4",
    "pieceeater-steered",
    "pieceeater",
    "foodfight",
    "calorie",
    "friendly",
    "normal",
    "chess",
    "@wait 20",
    "@wait 100",
    "\n",
    " ",
    "\r",
    "@@@@",
    "d4e5,e2e4",
    "P@e4",
    "-1",
    "18446744073709551615",
];

/// The commands generated scripts are made of, for each protocol.
const UCI_LINES: &[&str] = &[
    "isready",
    "ucinewgame",
    "position startpos",
    "position startpos moves e2e4 e7e5",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "go depth 1",
    "go depth 3",
    "go nodes 2000",
    "go movetime 30",
    "go infinite",
    "go ponder",
    "go wtime 86400000 btime 86400000",
    "go wtime 300 btime 300 winc 10 binc 10",
    "go perft 2",
    "go perft 10",
    "stop",
    "ponderhit",
    "setoption name Skill Level value 8",
    "setoption name Skill Level value 3",
    "setoption name Hash value 1",
    "setoption name Seed value 42",
    "setoption name VariantPath value /dev/zero",
    "setoption name VariantPath value /tmp",
];
const XBOARD_LINES: &[&str] = &[
    "protover 2",
    "new",
    "force",
    "go",
    "playother",
    "analyze",
    "exit",
    "undo",
    "remove",
    "?",
    ".",
    "post",
    "nopost",
    "sd 1",
    "sd 3",
    "st 1",
    "level 40 0:05 0",
    "time 300",
    "otim 300",
    "e2e4",
    "e7e5",
    "usermove g1f3",
    "setboard 4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    "memory 1",
    "result 1/2-1/2 {draw}",
    "lift e2",
    "hint",
];
const VARIANTS: &[&str] = &[
    "chess",
    "calorie",
    "foodfight",
    "friendly",
    "pieceeater",
    "pieceeater-mate",
    "pieceeater-steered",
];

fn generate(rng: &mut Rng, corpus: &[String]) -> String {
    if rng.one_in(4) {
        return rng.pick(corpus).clone();
    }
    let xboard = rng.one_in(2);
    let mut lines = vec![if xboard {
        "xboard".to_string()
    } else {
        "uci".to_string()
    }];
    let variant = rng.pick(VARIANTS);
    if rng.one_in(2) {
        lines.push(if xboard {
            format!("variant {}", if *variant == "chess" { "normal" } else { variant })
        } else {
            format!("setoption name UCI_Variant value {variant}")
        });
    }
    for _ in 0..1 + rng.below(24) {
        if rng.one_in(5) {
            lines.push(format!("@wait {}", rng.below(60)));
        } else if xboard {
            lines.push(rng.pick(XBOARD_LINES).to_string());
        } else {
            lines.push(rng.pick(UCI_LINES).to_string());
        }
    }
    if rng.one_in(6) {
        lines.push("quit".into());
    }
    lines.join("\n")
}

/// A line with its sizes brought within the harness's bounds (see [`MAX_HASH_MB`], [`MAX_SD`]).
fn bounded(line: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let cap = match words.as_slice() {
        ["setoption", "name", "Hash" | "hash", "value", _] | ["memory", _] => MAX_HASH_MB,
        ["sd", _] => MAX_SD,
        _ => return line.to_string(),
    };
    let Some(Ok(n)) = words.last().map(|w| w.parse::<u64>()) else {
        return line.to_string();
    };
    let head = &words[..words.len() - 1];
    format!("{} {}", head.join(" "), n.min(cap))
}

fn check(script: &str) -> Result<(), String> {
    let lines: Vec<&str> = script.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let xboard = lines.first().and_then(|l| l.split_whitespace().next()) == Some("xboard");
    let mut gui = if xboard {
        Conversation::start(|input, output| messhall_xboard::run(input, output, messhall_xboard::Config::default()))
    } else {
        Conversation::start(messhall_uci::run)
    };
    let mut paused = 0;
    let mut quit = false;
    for line in &lines {
        if let Some(ms) = line.strip_prefix("@wait ") {
            let ms = ms.trim().parse::<u64>().unwrap_or(0).min(MAX_PAUSE_MS - paused);
            paused += ms;
            std::thread::sleep(Duration::from_millis(ms));
            continue;
        }
        gui.send(&bounded(line));
        quit |= line.split_whitespace().next() == Some("quit");
    }
    if !quit {
        if xboard {
            let pong = "pong 987654321";
            gui.send("force");
            gui.send("ping 987654321");
            // `?` now and then: a ping waits for the engine's move, and `?` asks for it. Commands
            // that waited behind moves (a script may queue many `go`) are done meanwhile: the
            // engine is alive while it keeps answering, and must ping back within `PROMPT` of
            // its last line.
            let mut deadline = Instant::now() + PROMPT;
            loop {
                gui.send("?");
                let heard = gui.seen.len();
                let left = deadline.saturating_duration_since(Instant::now());
                match gui.expect(left.min(Duration::from_millis(10)), "pong", |l| l == pong) {
                    Ok(_) => break,
                    Err(_) if gui.seen.len() > heard => deadline = Instant::now() + PROMPT,
                    Err(_) if Instant::now() < deadline && !gui.ended() => {}
                    Err(why) => return Err(format!("{why} ({PROMPT:?} since the engine's last line)")),
                }
            }
        } else {
            gui.send("stop");
            gui.send("isready");
            gui.expect(PROMPT, "readyok", |l| l == "readyok")?;
        }
        gui.send("quit");
    }
    gui.wait_end(PROMPT)
}

#[test]
fn fuzz_protocol_sessions() {
    run(Target {
        name: "protocol-sessions",
        corpus: read_corpus(&["fuzz/corpus/protocol-sessions"]),
        tokens: TOKENS,
        max_len: 2048,
        generate: Box::new(generate),
        check: Box::new(check),
    });
}
