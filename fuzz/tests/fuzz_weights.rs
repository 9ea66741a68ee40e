//! Weights files: `Weights::from_toml` for every built-in and example variant (the first line
//! `# variant NAME` picks it), then the evaluation and a shallow search with the weights taken.
//! Taken weights lie within +/-`MAX_WEIGHT`, write back to themselves, keep every static score
//! within +/-`MAX_EVAL` (below the mate band) and let the engine find a legal move; refused ones
//! get one line that starts `weights file`.

use messhall_fuzz::{INTERESTING_NUMBERS, Rng, Target, chess_variants, one_line_error, played_positions, run};
use messhall_rules::Variant;
use messhall_search::eval::{Evaluator, MAX_EVAL};
use messhall_search::weights::MAX_WEIGHT;
use messhall_search::{Engine, Limits, Options, Weights};
use std::sync::Arc;

const TOKENS: &[&str] = &[
    "tempo = ",
    "centre = ",
    "corner = ",
    "close_in = ",
    "advance = ",
    "[mobility]\n",
    "Queen = ",
    "King = ",
    "Dragon = ",
    "[10000, 10000]",
    "[-10000, -10000]",
    "[-2147483648, 2147483647]",
    "[1, 2, 3]",
    "[]",
    "\"x\"",
    "1e9",
    "\n",
    "=",
    "[",
    "]",
];

/// The variant the input names on its first line, `# variant NAME`, else one chosen by the text.
fn variant_of(text: &str) -> &'static Arc<Variant> {
    let all = chess_variants();
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("# variant "))
        .and_then(|name| all.iter().find(|v| v.name() == name.trim()))
        .unwrap_or_else(|| &all[text.len() % all.len()])
}

fn check(text: &str) -> Result<(), String> {
    let v = variant_of(text);
    let weights = match Weights::from_toml(v, text) {
        Ok(w) => w,
        Err(e) => return one_line_error(&e.to_string(), "weights file"),
    };
    if let Some((name, pair)) = weights
        .named()
        .into_iter()
        .find(|(_, p)| p.iter().any(|x| x.abs() > MAX_WEIGHT))
    {
        return Err(format!("{}: {name} = {pair:?} was taken", v.name()));
    }
    match Weights::from_toml(v, &weights.to_toml()) {
        Ok(again) if again == weights => {}
        other => return Err(format!("{}: the weights do not read back: {other:?}", v.name())),
    }
    let mut eval = Evaluator::new(v);
    eval.set_weights(v, &weights);
    // The positions depend on the text only, so a finding replays.
    let mut rng = Rng::new(text.len() as u64);
    let positions = played_positions(v, &mut rng, 12);
    for pos in &positions {
        let score = eval.evaluate(v, pos);
        if score.abs() > MAX_EVAL {
            return Err(format!(
                "{}: static score {score} beyond {MAX_EVAL} in {}",
                v.name(),
                pos.to_fen(v)
            ));
        }
    }
    let Some(pos) = positions
        .iter()
        .rev()
        .find(|p| v.chance(p).is_none() && !v.legal_moves(p).is_empty())
    else {
        return Ok(());
    };
    let options = Options {
        hash_mb: 1,
        ..Options::default()
    };
    let mut engine = Engine::new(v.clone(), &options);
    engine.set_weights(&weights);
    let info = engine.search(pos, &[], &Limits::depth(1), &mut |_| {});
    match info.and_then(|i| i.pv.first().copied()) {
        Some(mv) if v.legal_moves(pos).contains(&mv) => Ok(()),
        other => Err(format!("{}: the search gave {other:?} in {}", v.name(), pos.to_fen(v))),
    }
}

/// A variant's weights file (its fitted one, or the derived weights written out) with one weight
/// set to an edge value, a piece name changed, or cut short.
fn generate(rng: &mut Rng, _corpus: &[String]) -> String {
    let v = rng.pick(chess_variants());
    let base = if rng.one_in(2) {
        Weights::for_variant(v)
    } else {
        Weights::derived(v)
    };
    let mut lines: Vec<String> = base.to_toml().lines().map(str::to_string).collect();
    let i = rng.below(lines.len().max(1));
    if let Some(line) = lines.get_mut(i) {
        match rng.below(4) {
            0 => {
                if let Some(eq) = line.find('=') {
                    let a = rng.pick(INTERESTING_NUMBERS);
                    let b = rng.pick(INTERESTING_NUMBERS);
                    *line = format!("{}= [{a}, {b}]", &line[..eq]);
                }
            }
            1 => {
                *line = format!(
                    "{} = [{MAX_WEIGHT}, {MAX_WEIGHT}]",
                    line.split('=').next().unwrap_or("tempo").trim()
                )
            }
            2 => *line = line.replacen(|c: char| c.is_ascii_uppercase(), "Z", 1),
            _ => lines.truncate(i),
        }
    }
    format!("# variant {}\n{}\n", v.name(), lines.join("\n"))
}

#[test]
fn fuzz_weights() {
    let corpus = messhall_fuzz::read_corpus(&["crates/games/catalog/weights"]);
    run(Target {
        name: "weights",
        corpus,
        tokens: TOKENS,
        max_len: 128 * 1024,
        generate: Box::new(generate),
        check: Box::new(check),
    });
}
