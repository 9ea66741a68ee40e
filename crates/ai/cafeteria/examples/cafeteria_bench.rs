//! Prints random-bot games per second and the first search bot's (`search-v1`) score against the
//! rule-of-thumb bot.
//!
//! `cargo run --release -p messhall-cafeteria-ai --example cafeteria_bench -- [MATCH_GAMES] [RANDOM_GAMES] [SEED] [CANDIDATES] [ROLLOUTS] [PRIOR_WEIGHT]`

use messhall_cafeteria_ai::bench::{BenchOptions, bench};

fn main() {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<u64> = raw.iter().take(5).filter_map(|a| a.parse().ok()).collect();
    let defaults = BenchOptions::default();
    let opts = BenchOptions {
        match_games: args.first().map_or(defaults.match_games, |&n| n as u32),
        random_games: args.get(1).map_or(defaults.random_games, |&n| n as u32),
        seed: args.get(2).copied().unwrap_or(defaults.seed),
        candidates: args.get(3).map_or(defaults.candidates, |&n| n as usize),
        rollouts: args.get(4).map_or(defaults.rollouts, |&n| n as usize),
        prior_weight: raw.get(5).and_then(|a| a.parse().ok()).unwrap_or(defaults.prior_weight),
    };
    let report = bench(&opts, &mut std::io::stderr());
    println!("{report}");
}
