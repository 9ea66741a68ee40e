//! `messhall uci` driven by a real UCI client: python-chess's engine module (PyPI
//! `chess`, which scripts/test installs into Debian's python) plays a short FIDE chess game between two messhall engines and analyses
//! positions (crates/front/uci/tests/python/uci_game.py). Without python-chess the test fails
//! under CI (`CI` set, where scripts/test installs it) and is skipped with a loud message elsewhere.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Debian's python, into which scripts/test installs python-chess (a `python3` earlier on PATH may not).
const PYTHON: &str = "/usr/bin/python3";
/// The whole run takes a few seconds; past this it is stopped and fails.
const LIMIT: Duration = Duration::from_secs(180);

fn has_python_chess() -> bool {
    Command::new(PYTHON)
        .args(["-c", "import chess.engine"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn python_chess_plays_and_analyses_through_messhall_uci() {
    if !has_python_chess() {
        let why = format!("{PYTHON} has no python-chess (`/usr/bin/python3 -m pip install chess`)");
        if std::env::var_os("CI").is_some() {
            panic!("{why}: scripts/test installs it");
        }
        eprintln!("\n\n*** SKIPPED the python-chess UCI test: {why} ***\n\n");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../uci/tests/python/uci_game.py");
    let pgn = std::env::temp_dir().join(format!("messhall-uci-python-{}.pgn", std::process::id()));
    let mut child = Command::new(PYTHON)
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_messhall"))
        .arg(&pgn)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python starts");
    let started = Instant::now();
    while child.try_wait().expect("waiting for python").is_none() {
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the python-chess run took longer than {LIMIT:?} and was stopped");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().expect("python's output");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "python-chess run failed:\n{stdout}\n{stderr}");
    assert!(stdout.lines().last().is_some_and(|l| l.starts_with("ok: ")), "{stdout}");

    // The game python-chess recorded reads back in messhall as a legal chess game.
    let text = std::fs::read_to_string(&pgn).expect("the game's PGN");
    let _ = std::fs::remove_file(&pgn);
    let games = messhall_records::pgn::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1);
    let replayed = messhall_table::Table::replay(&games[0].record);
    assert!(replayed.is_ok(), "{:?}\n{text}", replayed.err());
}
