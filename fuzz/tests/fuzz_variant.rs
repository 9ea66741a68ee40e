//! Variant files: `messhall_catalog::from_toml` and the play layer's `catalog::from_file_text` on
//! mutated built-in, example and hostile files. An accepted variant starts in a consistent
//! position and plays a few random moves; a refused one gets one line that names the file.

use messhall_fuzz::{Rng, Target, check_position, one_line_error, played_positions, run, variant_texts};

const TOKENS: &[&str] = &[
    "\n[[piece]]\n",
    "\n[[promotion]]\n",
    "\n[castling]\n",
    "\n[[drop]]\n",
    "letter = \"X\"\n",
    "name = \"X\"\n",
    "betza = \"mfRambR\"\n",
    "royal = true\n",
    "pawn = true\n",
    "value = ",
    "counter = ",
    "files = ",
    "ranks = ",
    "fifty_moves = ",
    "repetitions = ",
    "rules = \"pieceeater\"\n",
    "rules = \"calorie\"\n",
    "kingside_file = \"h\"\n",
    "queenside_file = \"a\"\n",
    "choices = \"QK\"\n",
    "rank = ",
    "\"",
    "=",
    "true",
    "false",
    "[]",
    "{}",
];

fn check(text: &str) -> Result<(), String> {
    let compiled = messhall_catalog::from_toml("fuzz.toml", text);
    let through_play = messhall_records::catalog::from_file_text("fuzz.toml", text);
    if compiled.is_ok() != through_play.is_ok() {
        return Err("from_toml and catalog::from_file_text disagree".into());
    }
    if let Err(e) = &through_play {
        one_line_error(&e.to_string(), "fuzz.toml: ")?;
    }
    match compiled {
        Ok(v) => {
            let mut rng = Rng::new(text.len() as u64);
            for pos in played_positions(&v, &mut rng, 6) {
                check_position(&v, &pos, "a played position")?;
            }
            Ok(())
        }
        Err(e) => one_line_error(&e.to_string(), "fuzz.toml: "),
    }
}

/// A built-in or example file with one field's value changed to an odd one, or a piece added.
fn generate(rng: &mut Rng, corpus: &[String]) -> String {
    let base = rng.pick(corpus).clone();
    let mut lines: Vec<String> = base.lines().map(str::to_string).collect();
    let i = rng.below(lines.len());
    if let Some((key, _)) = lines[i].split_once(" = ") {
        let value = match rng.below(4) {
            0 => messhall_fuzz::INTERESTING_NUMBERS[rng.below(messhall_fuzz::INTERESTING_NUMBERS.len())].to_string(),
            1 => format!(
                "\"{}\"",
                rng.pick(&["", "K", "QK", "h", "z", "mfRambRamfRambRamfRambR", "w", "🙂"])
            ),
            2 => rng.pick(&["true", "false", "[]", "{}"]).to_string(),
            _ => format!("\"{}\"", "Q".repeat(rng.below(300))),
        };
        lines[i] = format!("{key} = {value}");
    } else {
        lines.insert(
            i,
            format!(
                "[[piece]]\nletter = \"{}\"\nname = \"Extra\"\nbetza = \"{}\"",
                char::from(b'A' + rng.below(26) as u8),
                rng.pick(&["W", "N", "mfRambR", "caKmcabK", "Q", "(2,3)"])
            ),
        );
    }
    lines.join("\n")
}

#[test]
fn fuzz_variant() {
    let mut corpus = variant_texts();
    corpus.extend(messhall_fuzz::read_corpus(&["crates/games/catalog/tests/data/hostile"]));
    run(Target {
        name: "variant",
        corpus,
        tokens: TOKENS,
        max_len: 64 * 1024,
        generate: Box::new(generate),
        check: Box::new(check),
    });
}
