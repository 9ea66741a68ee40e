//! Two kinds of cafeteria bot against each other, seeded, A's seat going round; with a target
//! (two players), a sequential test stops the match once the 95% interval of A's share of the
//! points lies wholly above or below it.
//!
//! `cargo run --release -p messhall-cafeteria-ai --example cafeteria_match -- A B [GAMES] [SEED] [PLAYERS] [TARGET]`
//!
//! For example `-- search search-v1 100 1 2 0.65`: the search bot against the first one. A search
//! bot's effort can be changed: `search,candidates=8,rollouts=128,prior=1.5`, and `search`'s
//! evaluation and rollouts: `eval=hand` (the hand-made evaluation), `horizon=turn`, `close=N`,
//! `ahead=N` (rounds a rollout plays on).

use messhall_cafeteria_ai::bench::{HeadToHead, head_to_head};

mod bot_args;

fn main() {
    let args = bot_args::BotArgs::from_env(
        "usage: cafeteria_match A B [GAMES] [SEED] [PLAYERS] [TARGET] (A and B: random, rules, search or search-v1, optionally with ,candidates=N,rollouts=N,prior=X,eval=model|hand,horizon=round|turn,close=N,ahead=N,weights=FILE)",
    );
    let (a, b) = args.bots();
    let spec = HeadToHead {
        a,
        b,
        games: args.given(2).unwrap_or(100),
        seed: args.given(3).unwrap_or(1),
        players: args.given(4).unwrap_or(2),
        target: args.given(5),
    };
    let report = head_to_head(&spec, &mut std::io::stderr());
    println!("{report}");
}
