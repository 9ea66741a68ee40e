//! Cafeteria records: the cafeteria crate's TOML record (`from_toml`, then `replay`) and the play
//! layer's JSON record of a cafeteria game (`Record::from_json`, then `replay`), mutated from
//! records of seeded games and the tampered records of the tests. A record replays or is refused
//! with one line.

use messhall_fuzz::{INTERESTING_NUMBERS, Rng, Target, one_line_error, run};

const TOKENS: &[&str] = &[
    "\n[[actions]]\n",
    "[actions.Move]\n",
    "[actions.Throw]\n",
    "[actions.FeedCan]\n",
    "[actions.FoodLine]\n",
    "{ Drop = 200 }",
    "can = ",
    "food = ",
    "x = ",
    "y = ",
    "student = ",
    "families = ",
    "tray = true",
    "players = ",
    "options = []",
    "seed = ",
    "draws = []",
    "\"student\"",
    "\"Move\"",
    "\"Throw\"",
    "\"Drop\"",
    "\"Pass\"",
    "200",
    "255",
    "-1",
];

fn check(text: &str) -> Result<(), String> {
    if text.trim_start().starts_with('{') {
        return match messhall_records::Record::from_json(text).and_then(|r| messhall_table::Table::replay(&r).map(drop))
        {
            Ok(()) => Ok(()),
            Err(e) => one_line_error(&e.to_string(), "record"),
        };
    }
    match messhall_cafeteria::from_toml(text).and_then(|r| messhall_cafeteria::replay(&r).map(drop)) {
        Ok(()) => Ok(()),
        Err(e) => one_line_error(&e.to_string(), ""),
    }
}

/// A corpus record with one number changed to an edge value, or cut short.
fn generate(rng: &mut Rng, corpus: &[String]) -> String {
    let base = rng.pick(corpus);
    let mut lines: Vec<String> = base.lines().map(str::to_string).collect();
    if rng.one_in(3) {
        lines.truncate(rng.below(lines.len() + 1));
    } else {
        let numbered: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].contains(|c: char| c.is_ascii_digit()))
            .collect();
        if !numbered.is_empty() {
            let i = *rng.pick(&numbered);
            let line = &lines[i];
            let start = line.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
            let end = line[start..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(line.len(), |n| start + n);
            lines[i] = format!("{}{}{}", &line[..start], rng.pick(INTERESTING_NUMBERS), &line[end..]);
        }
    }
    lines.join("\n")
}

#[test]
fn fuzz_cafeteria_records() {
    let corpus = messhall_fuzz::read_corpus(&[
        "fuzz/corpus/cafeteria-records",
        "crates/games/cafeteria/tests/data/tampered",
    ]);
    run(Target {
        name: "cafeteria_records",
        corpus,
        tokens: TOKENS,
        max_len: 512 * 1024,
        generate: Box::new(generate),
        check: Box::new(check),
    });
}
