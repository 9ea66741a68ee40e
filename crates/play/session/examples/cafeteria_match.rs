//! Two kinds of cafeteria bot against each other, seeded, A's seat going round; with a target
//! (two players), a sequential test stops the match once the 95% interval of A's share of the
//! points lies wholly above or below it.
//!
//! `cargo run --release -p messhall-play --example cafeteria_match -- A B [GAMES] [SEED] [PLAYERS] [TARGET]`
//!
//! For example `-- search search-v1 100 1 2 0.65`: the search bot against the first one. A search
//! bot's effort can be changed: `search,candidates=8,rollouts=128,prior=1.5`.

use messhall_play::cafeteria_bench::{BotConfig, HeadToHead, head_to_head};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: cafeteria_match A B [GAMES] [SEED] [PLAYERS] [TARGET] (A and B: random, rules, search or search-v1, optionally with ,candidates=N,rollouts=N,prior=X)";
    let (Some(a), Some(b)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let kind = |s: &str| {
        s.parse::<BotConfig>().unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        })
    };
    let number = |i: usize, default: f64| {
        args.get(i).map_or(default, |s| {
            s.parse::<f64>().unwrap_or_else(|_| {
                eprintln!("argument {}: {s:?} is not a number; {usage}", i + 1);
                std::process::exit(2)
            })
        })
    };
    let spec = HeadToHead {
        a: kind(a),
        b: kind(b),
        games: number(2, 100.0) as u32,
        seed: number(3, 1.0) as u64,
        players: number(4, 2.0) as u8,
        target: args.get(5).map(|_| number(5, 0.65)),
    };
    let report = head_to_head(&spec, &mut std::io::stderr());
    println!("{report}");
}
