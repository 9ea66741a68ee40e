//! FENs: `Position::from_fen` on every built-in and example variant. An accepted position is
//! consistent and playable; a refused one gets one line that starts `FEN` and says where.

use messhall_fuzz::{INTERESTING_NUMBERS, Rng, Target, check_position, chess_variants, one_line_error, run};
use messhall_rules::Position;

const TOKENS: &[&str] = &[
    "/", " w ", " b ", " - ", "KQkq", "[", "]", "*", "~", "+", "8", "16", "12", "K", "k", "Q", "q", "P", "p", "e3",
    "p16", "a0", "z9", " 0 1", "{", "}", "E", ":", "!",
];

fn check(text: &str) -> Result<(), String> {
    for v in chess_variants() {
        match Position::from_fen(v, text) {
            Ok(pos) => check_position(v, &pos, text)?,
            Err(e) => one_line_error(&e.to_string(), "FEN ").map_err(|m| format!("{}: {m}", v.name()))?,
        }
    }
    Ok(())
}

/// A FEN-shaped text: rows of letters and numbers, then the other fields, each sometimes odd.
fn generate(rng: &mut Rng, corpus: &[String]) -> String {
    const LETTERS: &[u8] = b"KQRBNPkqrbnpEeCcAaXx*";
    let ranks = 1 + rng.below(17);
    let files = 1 + rng.below(17);
    let mut rows = Vec::new();
    for _ in 0..ranks {
        let mut row = String::new();
        let mut left = files;
        while left > 0 {
            if rng.one_in(3) {
                let n = 1 + rng.below(left);
                row.push_str(&n.to_string());
                left -= n;
            } else {
                row.push(char::from(*rng.pick(LETTERS)));
                if rng.one_in(10) {
                    row.push_str(rng.pick::<&str>(&["~", "+", "(5)", "{3}", "'"]));
                }
                left -= 1;
            }
        }
        rows.push(row);
    }
    let mut fen = rows.join("/");
    if rng.one_in(4) {
        fen.push_str(&format!("[{}]", rng.pick(&["", "QQQQ", "Pp", "Kk", "x"])));
    }
    let side = rng.pick(&["w", "b", "x", ""]);
    let castling = rng.pick(&["-", "KQkq", "K", "q", "AHah", "KQkqKQkq", "z"]);
    let ep = if rng.one_in(2) {
        "-".to_string()
    } else {
        format!("{}{}", char::from(b'a' + rng.below(17) as u8), rng.below(18))
    };
    let half = rng.pick(INTERESTING_NUMBERS);
    let full = rng.pick(INTERESTING_NUMBERS);
    fen = format!("{fen} {side} {castling} {ep} {half} {full}");
    if rng.one_in(5) {
        // A real FEN's tail on a generated board, or the other way round.
        let other = rng.pick(corpus);
        if let Some(tail) = other.split_once(' ').map(|t| t.1) {
            fen = format!("{} {tail}", fen.split(' ').next().unwrap_or(""));
        }
    }
    fen
}

#[test]
fn fuzz_fen() {
    let rejected = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../crates/games/catalog/tests/rejected/fens.txt"
    );
    let rejected = std::fs::read_to_string(rejected).unwrap_or_else(|e| panic!("{rejected}: {e}"));
    let mut corpus: Vec<String> = messhall_fuzz::read_corpus(&["fuzz/corpus/fen"])
        .iter()
        .chain([&rejected])
        .flat_map(|t| {
            t.lines()
                .map(|l| l.split(" | ").nth(1).unwrap_or(l).to_string())
                .collect::<Vec<_>>()
        })
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    corpus.extend(chess_variants().iter().map(|v| v.start_fen().to_string()));
    run(Target {
        name: "fen",
        corpus,
        tokens: TOKENS,
        max_len: 4096,
        generate: Box::new(generate),
        check: Box::new(check),
    });
}
