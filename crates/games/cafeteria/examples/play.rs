//! Plays a terminal game: `cargo run -p messhall-cafeteria --example play -- PLAYERS BOTS [SEED] [BOT] [OPTION...]`.

use std::io::{BufReader, stdin, stdout};

use messhall_cafeteria::{GameOption, PlayOptions, bots::BotKind, play_terminal};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let opts = PlayOptions {
        players: num(0, 4) as u8,
        bots: num(1, 3) as u8,
        seed: args.get(2).and_then(|a| a.parse().ok()),
        bot: args.get(3).and_then(|a| a.parse::<BotKind>().ok()).unwrap_or_default(),
        options: args
            .iter()
            .skip(4)
            .filter_map(|a| a.parse::<GameOption>().ok())
            .collect(),
    };
    let mut input = BufReader::new(stdin());
    match play_terminal(&opts, &mut input, &mut stdout()) {
        Ok(_) => {}
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
