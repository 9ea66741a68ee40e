//! Commands that come while the engine searches, over-long input, and variant files.

use std::io::Cursor;
use std::sync::mpsc;
use std::time::Duration;

/// The output of a session on `input`, failing the test if the session does not end within
/// 60 seconds.
fn session(input: String) -> Vec<String> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut output = Vec::new();
        let result = messhall_uci::run(Cursor::new(input), &mut output);
        let _ = send.send((result.is_ok(), String::from_utf8(output).unwrap()));
    });
    let (ok, text) = receive
        .recv_timeout(Duration::from_secs(60))
        .expect("the session did not end");
    assert!(ok);
    text.lines().map(str::to_string).collect()
}

/// The lines that are not search progress.
fn answers(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|l| !l.starts_with("info depth"))
        .collect()
}

#[test]
fn isready_and_stop_are_answered_during_an_infinite_search() {
    let lines = session("position startpos moves e2e4\ngo infinite\nisready\nstop\nisready\n".into());
    let answers = answers(&lines);
    // Both isready come while the search may still run: each is answered at once.
    assert_eq!(answers.len(), 3, "{lines:?}");
    assert_eq!(answers[0], "readyok");
    assert_eq!(answers.iter().filter(|a| **a == "readyok").count(), 2, "{lines:?}");
    let best = answers
        .iter()
        .find_map(|a| a.strip_prefix("bestmove "))
        .expect("a best move");
    let chess = messhall_records::catalog::builtin_variant("chess").unwrap();
    let pos = chess
        .start()
        .try_play(&chess, &chess.parse_move(&chess.start(), "e2e4").unwrap())
        .unwrap();
    assert!(chess.parse_move(&pos, best).is_ok(), "{best}");
    // Depth 1 is always finished before a stop.
    assert!(lines.iter().any(|l| l.starts_with("info depth 1 ")), "{lines:?}");
}

#[test]
fn quit_ends_an_infinite_search_and_the_session() {
    let lines = session("go infinite\nquit\nisready\n".into());
    assert!(answers(&lines).is_empty(), "{lines:?}");
}

#[test]
fn a_command_during_an_infinite_search_stops_it_first_and_then_runs() {
    let lines = session("go infinite\nposition startpos moves g1f3\ngo depth 1\n".into());
    let answers = answers(&lines);
    assert_eq!(answers.len(), 2, "{lines:?}");
    assert!(answers[0].starts_with("bestmove "), "{lines:?}");
    assert!(answers[1].starts_with("bestmove "), "{lines:?}");
    // The second search is from the position after g1f3: Black's move.
    let second = answers[1].trim_start_matches("bestmove ");
    assert!(second.ends_with('6') || second.ends_with('5'), "{second}");
}

#[test]
fn input_queued_behind_a_pondering_search_reaches_it() {
    // The first search outlasts the reading of the input, so the `go ponder` starts from the
    // queue with the rest behind it: the `stop`, or the end of the input, must still release it.
    for rest in ["", "stop\nisready\n"] {
        let lines = session(format!("go depth 5\ngo ponder depth 1\n{rest}"));
        let answers = answers(&lines);
        let best = answers.iter().filter(|a| a.starts_with("bestmove ")).count();
        assert_eq!(best, 2, "{rest:?}: {lines:?}");
        assert_eq!(answers.contains(&"readyok"), !rest.is_empty(), "{lines:?}");
    }
}

#[test]
fn the_end_of_input_lets_a_finite_search_finish() {
    let lines = session("go depth 3\n".into());
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split(' ').next())
        .collect();
    assert_eq!(depths, ["1", "2", "3"], "{lines:?}");
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[3].starts_with("bestmove "), "{lines:?}");
}

#[test]
fn over_long_lines_and_too_many_moves_are_refused_in_one_line() {
    let long = "x".repeat(messhall_uci::MAX_LINE_BYTES + 10);
    let many = "g1f3 g8f6 f3g1 f6g8 ".repeat(messhall_uci::MAX_MOVES / 4 + 1);
    let lines = session(format!(
        "{long}\nposition startpos moves {many}\nposition startpos moves e2e4 e7e5\nisready\n"
    ));
    assert_eq!(
        lines[0],
        format!(
            "info string Error (a line of {} bytes, longer than {}): {}…",
            messhall_uci::MAX_LINE_BYTES + 10,
            messhall_uci::MAX_LINE_BYTES,
            "x".repeat(messhall_rules::ECHO_CHARS)
        )
    );
    assert_eq!(
        lines[1],
        format!(
            "info string Error ({} moves: at most {} in one command): position startpos moves g1f3 g8f6 f3g1 f…",
            messhall_uci::MAX_MOVES + 4,
            messhall_uci::MAX_MOVES
        )
    );
    assert_eq!(lines[2..], ["readyok"]);
}

#[test]
fn a_variant_file_adds_a_variant_to_select() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../examples/variants/grand-food.toml"
    );
    let lines = session(format!(
        "setoption name VariantPath value {path}\nuci\nsetoption name UCI_Variant value grand-food\nposition startpos moves a3a4\ngo depth 1\n"
    ));
    assert_eq!(
        lines[0],
        format!(
            "info string variant file {} adds grand-food",
            messhall_rules::echo(path)
        )
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant") && l.ends_with(" var grand-food"))
    );
    let variant = lines
        .iter()
        .find(|l| l.starts_with("info string variant grand-food"))
        .unwrap();
    assert!(
        variant.starts_with("info string variant grand-food files 12 ranks 10 pocket 0 startpos "),
        "{variant}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
}

#[test]
fn a_search_without_limits_is_stopped_at_the_end_of_input() {
    let lines = session("position startpos\ngo\n".into());
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")), "{lines:?}");
    let lines = session("go ponder\nucinewgame\ngo depth 1\n".into());
    assert_eq!(answers(&lines).len(), 2, "{lines:?}");
}
