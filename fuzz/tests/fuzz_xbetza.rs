//! XBetza: `messhall_betza::parse`, then a variant with a piece of those moves compiled on an 8x8
//! and a 16x16 board, and its moves generated (perft 2 and 1). A refused string gets one line that
//! starts `XBetza`; a refused variant one line that names the file.

use messhall_fuzz::{Rng, Target, one_line_error, run};

const TOKENS: &[&str] = &[
    "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "Q", "R", "B", "m", "c", "f", "b", "l", "r", "v", "s", "h", "i",
    "e", "n", "j", "p", "g", "a", "y", "o", "z", "q", "x", "k", "t", "u", "(", ")", "[", "]", "-", "0", "1", "2", "7",
    "15", "16", "255", "256", "(1,2)", "(0,0)", "(15,15)", "mfRa", "cbR", "amfR",
];

/// A variant file of `size` x `size`: a King and an `X` of `betza` on each side.
fn variant_file(betza: &str, size: usize) -> String {
    let empty = vec![size.to_string(); size - 2].join("/");
    let start = format!("xk{rest}/{empty}/XK{rest} w - - 0 1", rest = size - 2);
    format!(
        r#"name = "fuzz"
files = {size}
ranks = {size}
start = "{start}"

[[piece]]
letter = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
letter = "X"
name = "Fuzzed"
betza = "{}"
"#,
        betza.replace('\\', "\\\\").replace('"', "\\\"")
    )
}

fn check(text: &str) -> Result<(), String> {
    let moves = match messhall_betza::parse(text) {
        Ok(moves) => moves,
        Err(e) => return one_line_error(&e.to_string(), "XBetza "),
    };
    drop(moves);
    for (size, depth) in [(8, 2), (16, 1)] {
        let file = variant_file(text, size);
        match messhall_catalog::from_toml("fuzz.toml", &file) {
            Ok(v) => {
                let start = v.start();
                v.perft(&start, depth);
            }
            Err(e) => one_line_error(&e.to_string(), "fuzz.toml: ")?,
        }
    }
    Ok(())
}

/// A string of modifiers and atoms, sometimes with ranges, leapers, brackets and legs.
fn generate(rng: &mut Rng, _corpus: &[String]) -> String {
    const ATOMS: &[&str] = &[
        "W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "Q", "R", "B", "(2,3)", "(1,4)",
    ];
    const MODS: &[&str] = &[
        "m", "c", "f", "b", "l", "r", "v", "s", "h", "i", "e", "n", "j", "p", "g", "a", "y", "o", "z", "q", "x",
    ];
    let mut s = String::new();
    for _ in 0..1 + rng.below(6) {
        for _ in 0..rng.below(4) {
            s.push_str(rng.pick::<&str>(MODS));
        }
        s.push_str(rng.pick::<&str>(ATOMS));
        if rng.one_in(4) {
            s.push_str(&rng.below(20).to_string());
        }
        if rng.one_in(6) {
            // A multi-leg chain.
            for _ in 0..1 + rng.below(5) {
                s.push('a');
                s.push_str(rng.pick::<&str>(MODS));
                s.push_str(rng.pick::<&str>(ATOMS));
            }
        }
    }
    s
}

#[test]
fn fuzz_xbetza() {
    let mut corpus: Vec<String> = messhall_fuzz::read_corpus(&["fuzz/corpus/xbetza"])
        .iter()
        .flat_map(|t| t.lines().map(str::to_string).collect::<Vec<_>>())
        .filter(|l| !l.trim().is_empty())
        .collect();
    // Every betza of the built-in and example variant files.
    for text in messhall_fuzz::variant_texts() {
        for line in text.lines() {
            if let Some(b) = line.trim().strip_prefix("betza = \"").and_then(|b| b.strip_suffix('"')) {
                corpus.push(b.to_string());
            }
        }
    }
    run(Target {
        name: "xbetza",
        corpus,
        tokens: TOKENS,
        max_len: 400,
        generate: Box::new(generate),
        check: Box::new(check),
    });
}
