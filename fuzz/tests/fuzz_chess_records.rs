//! Chess records: the rules' text record (`GameRecord::from_text`, then `replay`) and the play
//! layer's JSON record of a chess game (`Record::from_json`, then `replay`), mutated from records
//! of seeded games. A record replays or is refused with one line that starts `record`.

use messhall_fuzz::{Rng, Target, one_line_error, run, variant_named_in};
use messhall_rules::GameRecord;

const TOKENS: &[&str] = &[
    "variant ",
    "seed ",
    "start ",
    "\n",
    " ",
    "{",
    "}",
    "-",
    "e2e4",
    "pass",
    "@",
    ",",
    "P@e4",
    "=Q",
    "#",
    "\"move\"",
    "\"chance\"",
    "\"steer\"",
    "\"resign\"",
    "\"flag\"",
    "\"draw\"",
    "\"move-limit\"",
    "\"format\": 2",
    "[",
    "]",
    "null",
    "\"builtin\"",
    "\"file\"",
    "\"text\"",
];

fn check(text: &str) -> Result<(), String> {
    if text.trim_start().starts_with('{') {
        return match messhall_records::Record::from_json(text).and_then(|r| messhall_table::Table::replay(&r).map(drop))
        {
            Ok(()) => Ok(()),
            Err(e) => one_line_error(&e.to_string(), "record"),
        };
    }
    let v = variant_named_in(text).clone();
    match GameRecord::from_text(v.clone(), text).and_then(|r| r.replay(v).map(drop)) {
        Ok(()) => Ok(()),
        Err(e) => one_line_error(&e.to_string(), "record"),
    }
}

/// A corpus record cut after some actions, or with two actions swapped.
fn generate(rng: &mut Rng, corpus: &[String]) -> String {
    let base = rng.pick(corpus);
    let mut words: Vec<&str> = base.split(' ').collect();
    if rng.one_in(2) {
        words.truncate(rng.below(words.len() + 1));
    } else {
        let (i, j) = (rng.below(words.len()), rng.below(words.len()));
        words.swap(i, j);
    }
    words.join(" ")
}

#[test]
fn fuzz_chess_records() {
    let corpus = messhall_fuzz::read_corpus(&["fuzz/corpus/chess-records", "crates/games/catalog/tests/rejected"])
        .into_iter()
        .filter(|t| !t.contains(" | "))
        .collect();
    run(Target {
        name: "chess_records",
        corpus,
        tokens: TOKENS,
        max_len: 256 * 1024,
        generate: Box::new(generate),
        check: Box::new(check),
    });
}
