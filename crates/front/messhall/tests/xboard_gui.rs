//! The real XBoard (Debian's `xboard`) under a virtual X server plays a short Food Fight chess
//! game between two `messhall xboard` engines, saves it as PGN, and `messhall replay` reads the
//! PGN back move by move.
//!
//! Without xboard or xvfb-run the test fails when `CI` is set (CI installs them) and is skipped,
//! loudly, otherwise.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The game's length: XBoard scores it a draw after this many moves of each side.
const MOVES: u32 = 10;

fn find(program: &str, also: &[&str]) -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join(program)).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path
        .into_iter()
        .chain(also.iter().map(PathBuf::from))
        .find(|p| p.is_file())
}

/// The plies of a PGN's move text: every token that is not a move number, a comment, a tag or
/// the result.
fn plies(pgn: &str) -> usize {
    let mut depth = 0;
    let mut text = String::new();
    let body: Vec<&str> = pgn.lines().filter(|l| !l.starts_with('[')).collect();
    for c in body.join(" ").chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace()
        .filter(|t| !["1-0", "0-1", "1/2-1/2", "*"].contains(t))
        .filter(|t| !t.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .count()
}

#[test]
fn xboard_plays_food_fight_between_two_messhall_engines_and_messhall_reads_its_pgn() {
    let xboard = find("xboard", &["/usr/games/xboard"]);
    let xvfb = find("xvfb-run", &[]);
    let (Some(xboard), Some(xvfb)) = (xboard, xvfb) else {
        if std::env::var_os("CI").is_some() {
            panic!("xboard and xvfb-run are needed (scripts/test installs them)");
        }
        eprintln!("\n*** SKIPPED: xboard or xvfb-run is not installed (apt-get install xboard xvfb) ***\n");
        return;
    };
    let messhall = Path::new(env!("CARGO_BIN_EXE_messhall"));
    let dir = std::env::temp_dir().join(format!("messhall-xboard-gui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("game.pgn");
    let engine = format!("{} xboard --seed 1", messhall.display());
    // `timeout` ends XBoard whatever happens (a dialog nobody answers, an engine that hangs).
    let output = Command::new("timeout")
        .arg("150")
        .arg(&xvfb)
        .args(["-a", "-s", "-screen 0 1280x1024x24"])
        .arg(&xboard)
        // Its own settings file, unsaved: nothing from an earlier run, nothing left in $HOME.
        .arg("-settingsFile")
        .arg(dir.join("xboardrc"))
        .args(["-saveSettingsOnExit", "false"])
        .args(["-fcp", &engine, "-scp", &engine])
        .arg("-fd")
        .arg(&dir)
        .arg("-sd")
        .arg(&dir)
        .args(["-variant", "foodfight", "-mode", "TwoMachines"])
        .args(["-tc", "0:20", "-inc", "0", "-testLegality", "false"])
        .args(["-adjudicateDrawMoves", &MOVES.to_string(), "-matchGames", "1", "-xexit"])
        .arg("-saveGameFile")
        .arg(&pgn)
        .output()
        .expect("xvfb-run runs");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "xboard ended with {}: {log}", output.status);
    let text = std::fs::read_to_string(&pgn).unwrap_or_else(|e| panic!("no PGN from xboard ({e}): {log}"));
    assert!(text.contains("[Variant \"foodfight\"]"), "{text}");
    assert!(text.contains("[Result \"1/2-1/2\"]"), "{text}");
    // XBoard took the Cantaloupe's every leap, (3,4) as two-leg chains, so its SAN names which
    // of two Cantaloupes moves where both reach the square.
    assert!(text.contains("C:ChrmparChlmpaflC"), "{text}");
    let played = plies(&text);
    assert!(played >= 2 * MOVES as usize, "{played} plies: {text}");

    let replay = Command::new(messhall)
        .arg("replay")
        .arg(&pgn)
        .args(["--pause", "false"])
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&replay.stdout);
    assert!(
        replay.status.success(),
        "{}\n{shown}",
        String::from_utf8_lossy(&replay.stderr)
    );
    assert_eq!(shown.matches(" played ").count(), played, "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pgns_plies_are_counted_without_comments_and_numbers() {
    assert_eq!(
        plies("[Event \"x\"]\n\n1. Nd5 {+0.62/4} Gh8 {-0.44/4 0.8} 2. Nd6\n{x y} 1/2-1/2"),
        3
    );
}
