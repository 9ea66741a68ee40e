//! The engine as it is against itself with chosen features switched off (the search and
//! evaluation as they were before them), at a fixed node count per move: a measurement that does
//! not depend on how busy the machine is.
//!
//! ```text
//! cargo run --release -p messhall-search --example versus -- VARIANT GAMES NODES [OFF...]
//! ```
//! OFF names what the second engine goes without: a search feature (`see`, `aspiration`,
//! `fifty`, `lmr`, `lmp`, `futility`, `seeprune`, `nullmove`, `iir`, `malus`, `counter`,
//! `tteval`, `safecheck`, `recapture`, `matedistance`, `chanceqs`, `chancehorizon`, `shortermate`,
//! `barefutility`:
//! `messhall_search::search::FEATURES`),
//! `new` (the features of issue 21's second part), `terms` (the evaluation terms derived from
//! the pieces: the weights before them), or `all` (all of these but `matedistance`); or
//! `weights=FILE`: the first engine plays with the weights of FILE (the second keeps the
//! variant's own); or `fitted`: the second plays with the derived weights instead of the
//! variant's fitted ones; or `target=P`: a sequential test of the first engine's share against
//! P (0.65 for 65%), stopping once its 95% interval lies wholly above or below P, judged from 10
//! games on (the rule of `messhall match --target`; GAMES is then the most played; `until=P`
//! says the same in per cent, `until=65`); or `from=N`: begin at game N (even: pairs stay
//! whole), to spread one match over several processes. Games come in
//! pairs from the same seeded random opening (4 plies) and dice, colours swapped; a game still
//! going after 400 plies is a draw.
//!
//! ```text
//! cargo run --release -p messhall-search --example versus -- bench [OFF...]
//! ```
//! counts the nodes of `messhall bench search` with the features named switched off (`only=NAME`
//! keeps to one game, `max=N` searches at most N nodes a position, `depth=N` to depth N instead of
//! the bench's), and
//!
//! ```text
//! cargo run --release -p messhall-search --example versus -- convert VARIANT FEN NODES [OFF...]
//! ```
//! plays the engine against itself from FEN (a won ending, say) and says how the game ended and
//! after how many plies.

use messhall_rules::{Color, Game, Variant};
use messhall_search::baseline::greedy_step;
use messhall_search::search::{FEATURES, SECOND_PART};
use messhall_search::{Engine, Limits, Options, SearchRng};
use std::sync::Arc;

const OPENING_PLIES: usize = 4;
const MAX_PLIES: usize = 400;
const SEED: u64 = 20_261_125;

fn engine(v: &Arc<Variant>, off: &[String]) -> Engine {
    let mut e = Engine::new(v.clone(), &Options::default());
    let all = off.iter().any(|o| o == "all");
    let has = |name: &str| all || off.iter().any(|o| o == name);
    let s = e.searcher_mut();
    for name in FEATURES {
        // `all` is everything before issue 21's first part, which already pruned by mate distance.
        let off = (has(name) && (name != "matedistance" || !all))
            || (off.iter().any(|o| o == "new") && SECOND_PART.contains(&name));
        if let Err(e) = s.set_feature(name, !off) {
            eprintln!("versus: {e}");
            std::process::exit(2);
        }
    }
    if has("terms") {
        s.set_weights(&messhall_search::Weights::legacy(v));
    } else if off.iter().any(|o| o == "fitted") {
        s.set_weights(&messhall_search::Weights::derived(v));
    }
    e
}

/// A seeded game a few random plies in, where no ply ends the game.
fn opening(v: &Arc<Variant>, pair: u64) -> Game {
    let mut rng = SearchRng::new(SEED ^ pair.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    loop {
        let mut game = Game::with_seed(v.clone(), v.start(), SEED + pair);
        let mut ok = true;
        for _ in 0..OPENING_PLIES {
            steer(v, &mut game);
            let moves = v.legal_moves(game.position());
            if moves.is_empty() || game.outcome().is_some() {
                ok = false;
                break;
            }
            game.play(moves[rng.below(moves.len() as u32) as usize]);
        }
        steer(v, &mut game);
        if ok && game.outcome().is_none() && !v.legal_moves(game.position()).is_empty() {
            return game;
        }
    }
}

/// Resolves a steered chance event by the greedy choice of its chooser.
fn steer(v: &Variant, game: &mut Game) {
    while let Some(event) = game.pending_chance() {
        let chooser = event.chooser.unwrap_or(game.position().side_to_move());
        let Some(o) = greedy_step(v, game.position(), chooser, &event.outcomes) else {
            return;
        };
        game.resolve(o);
    }
}

/// The mean score and its 95% margin (1.96 standard errors of the per-game mean).
fn mean_and_margin(scores: &[f64]) -> (f64, f64) {
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Plays one game; the score of the engine playing White (1, 0.5 or 0).
fn play(v: &Arc<Variant>, mut game: Game, white: &mut Engine, black: &mut Engine, nodes: u64) -> f64 {
    white.new_game();
    black.new_game();
    for _ in 0..MAX_PLIES {
        steer(v, &mut game);
        if let Some(outcome) = game.outcome() {
            return match outcome.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
        }
        let pos = game.position().clone();
        let history: Vec<u64> = game.positions()[..game.positions().len() - 1]
            .iter()
            .map(|p| p.hash())
            .collect();
        let side = if pos.side_to_move() == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let Some(mv) = side.best_move(&pos, &history, &Limits::nodes(nodes)) else {
            return 0.5;
        };
        game.play(mv);
    }
    0.5
}

/// The fewest games the sequential test judges on (as `messhall match --target`).
const SEQUENTIAL_MIN_GAMES: usize = 10;

/// The 95% interval of the mean score: 1.96 standard errors of the per-game scores, or where every
/// game went one way the one-sided bound `0.05^(1/n)` (as `messhall match` reports it).
fn interval(scores: &[f64]) -> (f64, f64) {
    let n = scores.len() as f64;
    let one_way = 0.05f64.powf(1.0 / n);
    if scores.iter().all(|&s| s == 1.0) {
        return (one_way, 1.0);
    }
    if scores.iter().all(|&s| s == 0.0) {
        return (0.0, 1.0 - one_way);
    }
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (var / n).sqrt();
    ((mean - margin).max(0.0), (mean + margin).min(1.0))
}

/// `messhall bench search`'s node count with the features in `off` switched off.
fn bench(off: &[String]) {
    let mut total = 0;
    let only: Vec<&str> = off.iter().filter_map(|o| o.strip_prefix("only=")).collect();
    for b in messhall_catalog::BUILTINS {
        if !only.is_empty() && !only.contains(&b.name) {
            continue;
        }
        let Some(v) = messhall_catalog::builtin(b.name) else {
            continue;
        };
        let v = Arc::new(v);
        let max = off
            .iter()
            .find_map(|o| o.strip_prefix("max=").and_then(|n| n.parse().ok()))
            .unwrap_or(messhall_search::bench::BENCH_NODES);
        let depth = off
            .iter()
            .find_map(|o| o.strip_prefix("depth=").and_then(|n| n.parse().ok()))
            .unwrap_or(messhall_search::bench::BENCH_DEPTH);
        let limits = Limits {
            nodes: Some(max),
            ..Limits::depth(depth)
        };
        let mut nodes = 0;
        let clock = std::time::Instant::now();
        for pos in messhall_search::bench::positions(&v) {
            if let Some(info) = engine(&v, off).search(&pos, &[], &limits, &mut |_| {}) {
                nodes += info.nodes;
            }
        }
        let nps = nodes as f64 / clock.elapsed().as_secs_f64().max(1e-6);
        println!("{:<20} {nodes:>12} nodes {nps:>10.0} nps", b.name);
        total += nodes;
    }
    println!("{:<20} {total:>12}", "total");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "bench") {
        bench(&args[1..]);
        return;
    }
    if args.first().is_some_and(|a| a == "convert") && args.len() >= 4 {
        let v = Arc::new(messhall_catalog::load(&args[1]).expect("a variant"));
        let pos = messhall_rules::Position::from_fen(&v, &args[2]).expect("a FEN of the variant");
        let nodes: u64 = args[3].parse().expect("NODES is a number");
        let mut game = Game::with_seed(v.clone(), pos, SEED);
        let (mut white, mut black) = (engine(&v, &args[4..]), engine(&v, &args[4..]));
        let score = play(&v, game.clone(), &mut white, &mut black, nodes);
        // Replayed to count the plies (the engines are deterministic).
        let (mut white, mut black) = (engine(&v, &args[4..]), engine(&v, &args[4..]));
        let mut plies = 0;
        while game.outcome().is_none() && plies < MAX_PLIES {
            let history: Vec<u64> = game.positions()[..game.positions().len() - 1]
                .iter()
                .map(|p| p.hash())
                .collect();
            let pos = game.position().clone();
            let side = if pos.side_to_move() == Color::White {
                &mut white
            } else {
                &mut black
            };
            let Some(mv) = side.best_move(&pos, &history, &Limits::nodes(nodes)) else {
                break;
            };
            game.play(mv);
            plies += 1;
        }
        println!(
            "White scores {score} after {plies} plies ({:?})",
            game.outcome().map(|o| o.reason)
        );
        return;
    }
    if args.len() < 3 {
        eprintln!(
            "usage: versus VARIANT GAMES NODES [FEATURE|new|terms|all|weights=FILE|fitted|target=P|until=P|from=N ...]"
        );
        std::process::exit(2);
    }
    let v = Arc::new(messhall_catalog::load(&args[0]).unwrap_or_else(|e| {
        eprintln!("versus: {}: {e}", args[0]);
        std::process::exit(2)
    }));
    let games: u64 = args[1].parse().expect("GAMES is a number");
    let nodes: u64 = args[2].parse().expect("NODES is a number");
    let off = &args[3..];
    let mut new = engine(&v, &[]);
    for file in off.iter().filter_map(|o| o.strip_prefix("weights=")) {
        let text = std::fs::read_to_string(file).expect("a readable weights file");
        let w = messhall_search::Weights::from_toml(&v, &text).unwrap_or_else(|e| {
            eprintln!("versus: {file}: {e}");
            std::process::exit(2)
        });
        new.set_weights(&w);
    }
    let share = |text: &str, per: f64| {
        text.parse::<f64>().map(|p| p / per).unwrap_or_else(|_| {
            eprintln!("versus: {text}: not a share such as target=0.65 or until=65");
            std::process::exit(2)
        })
    };
    let target: Option<f64> = off.iter().find_map(|o| {
        o.strip_prefix("target=")
            .map(|t| share(t, 1.0))
            .or_else(|| o.strip_prefix("until=").map(|t| share(t, 100.0)))
    });
    let mut old = engine(&v, off);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut scores = Vec::new();
    let first: u64 = off.iter().find_map(|o| o.strip_prefix("from=")).map_or(0, |n| {
        n.parse::<u64>().map(|n| n & !1).unwrap_or_else(|_| {
            eprintln!("versus: from={n}: not a game number");
            std::process::exit(2)
        })
    });
    for g in first..first + games {
        let game = opening(&v, g / 2);
        let s = if g % 2 == 0 {
            play(&v, game, &mut new, &mut old, nodes)
        } else {
            1.0 - play(&v, game, &mut old, &mut new, nodes)
        };
        match s {
            1.0 => wins += 1,
            0.0 => losses += 1,
            _ => draws += 1,
        }
        scores.push(s);
        println!("game {:>3}: {s}  (+{wins} ={draws} -{losses})", g + 1);
        if let Some(t) = target.filter(|_| scores.len() >= SEQUENTIAL_MIN_GAMES) {
            let (lo, hi) = interval(&scores);
            if lo > t || hi < t {
                let side = if lo > t { "above" } else { "below" };
                println!(
                    "decided after {} games: 95% interval {:.1}% to {:.1}%, wholly {side} {:.1}%",
                    scores.len(),
                    100.0 * lo,
                    100.0 * hi,
                    100.0 * t
                );
                break;
            }
        }
    }
    let (mean, margin) = mean_and_margin(&scores);
    let elo = |s: f64| -400.0 * (1.0 / s.clamp(0.001, 0.999) - 1.0).log10();
    println!(
        "{} new vs without {:?}, {nodes} nodes: +{wins} ={draws} -{losses}  {:.1}% +/- {:.1}  Elo {:+.0} [{:+.0}, {:+.0}]",
        args[0],
        off,
        100.0 * mean,
        100.0 * margin,
        elo(mean),
        elo(mean - margin),
        elo(mean + margin)
    );
}
