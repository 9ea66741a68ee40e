//! Whatever comes in, the engine neither panics nor hangs: every line it writes is one of the
//! protocol's, one line each, and no `go` gets more than one `bestmove`.

use proptest::prelude::*;
use std::io::Cursor;

/// Words a GUI (or line noise) might send, valid and not.
const WORDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "depth",
    "nodes",
    "perft",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "ponder",
    "stop",
    "ponderhit",
    "setoption",
    "name",
    "value",
    "UCI_Variant",
    "Hash",
    "Skill",
    "Level",
    "Seed",
    "VariantPath",
    "chess",
    "calorie",
    "foodfight",
    "friendly",
    "pieceeater",
    "pieceeater-mate",
    "pieceeater-steered",
    "e2e4",
    "e7e5",
    "d4e5",
    "d4d4",
    "P@e2",
    "N@b1",
    "0000",
    "a12a10",
    "k2k7,k7k2",
    "e7e8q",
    "1",
    "2",
    "0",
    "-5",
    "99999999999999999999",
    "8/8/8/8/8/8/8/8",
    "w",
    "b",
    "-",
    "KQkq",
    "\u{0}",
    "é",
    "@",
    ",",
    "",
];

/// Whole commands that change the state, so the noise meets every variant and kinds of position.
const COMMANDS: &[&str] = &[
    "setoption name UCI_Variant value calorie",
    "setoption name UCI_Variant value foodfight",
    "setoption name UCI_Variant value friendly",
    "setoption name UCI_Variant value pieceeater",
    "setoption name UCI_Variant value pieceeater-steered",
    "setoption name Skill Level value 3",
    "position startpos moves e2e4",
    "position startpos moves d4c5",
    "go depth 1",
];

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(prop::sample::select(WORDS), 0..8).prop_map(|w| w.join(" ")),
        prop::sample::select(COMMANDS).prop_map(String::from),
    ]
}

/// Whether `line` is one of the forms the engine writes.
fn protocol_line(line: &str) -> bool {
    ["id ", "option ", "info ", "bestmove ", "Nodes searched: "]
        .iter()
        .any(|p| line.starts_with(p))
        || ["uciok", "readyok", ""].contains(&line)
        || line.split_once(": ").is_some_and(|(_, n)| n.parse::<u64>().is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_lines_get_protocol_answers(lines in prop::collection::vec(line(), 1..12)) {
        // Searches stay short: a `go` the words leave without a limit gets a depth.
        let input: String = lines
            .iter()
            .map(|l| {
                let l = l.replace("perft", "perft 2 depth").replace("infinite", "depth 2");
                if l.trim_start().starts_with("go") { format!("{l} depth 2\n") } else { format!("{l}\n") }
            })
            .collect();
        let mut output = Vec::new();
        messhall_uci::run(Cursor::new(input.clone()), &mut output).unwrap();
        let text = String::from_utf8(output).unwrap();
        for l in text.lines() {
            prop_assert!(protocol_line(l), "line {l:?} for input {input:?}");
        }
        let gos = input.lines().filter(|l| l.split_whitespace().next() == Some("go")).count();
        let best = text.lines().filter(|l| l.starts_with("bestmove ")).count();
        prop_assert!(best <= gos, "{best} best moves for {gos} go: {input:?}\n{text}");
    }
}
