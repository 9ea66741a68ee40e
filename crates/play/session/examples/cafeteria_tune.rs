//! Fits the cafeteria bots' win-probability model to seeded self-play games and reports its loss
//! on held-out positions; with a file name, writes the weights there (the first line says the
//! command that made them).
//!
//! `cargo run --release -p messhall-play --example cafeteria_tune -- [GAMES] [SEED] [OUT]`
//!
//! The stored weights were made with `-- 4000 1 crates/games/cafeteria/data/weights.toml`.

use messhall_play::cafeteria_fit::{FitOptions, tune};
use messhall_play::cafeteria_model::FEATURES;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).map_or(default, |s| {
            s.parse().unwrap_or_else(|_| {
                eprintln!(
                    "argument {}: {s:?} is not a number; usage: cafeteria_tune [GAMES] [SEED] [OUT]",
                    i + 1
                );
                std::process::exit(2)
            })
        })
    };
    let opts = FitOptions {
        games: u32::try_from(number(0, 4000)).unwrap_or(u32::MAX),
        seed: number(1, 1),
        ..FitOptions::default()
    };
    let start = std::time::Instant::now();
    let report = tune(&opts);
    let summary = format!(
        "held-out loss {:.4} against {:.4} at even odds ({} positions of {} games held out; {} positions of {} games fitted, loss {:.4})",
        report.held_out_loss,
        report.even_loss,
        report.held_out.0,
        report.held_out.1,
        report.train.0,
        report.train.1,
        report.train_loss
    );
    println!("{summary}; {:.1} s", start.elapsed().as_secs_f64());
    for (name, w) in FEATURES.iter().zip(&report.model.weights) {
        println!("{name:>16} {w:+.4}");
    }
    if let Some(out) = args.get(2) {
        let header = format!(
            "Fitted by `cargo run --release -p messhall-play --example cafeteria_tune -- {} {} {out}`: {summary}.",
            opts.games, opts.seed
        );
        if let Err(e) = std::fs::write(out, report.model.to_toml(&header)) {
            eprintln!("{out}: {e}");
            std::process::exit(1);
        }
        println!("wrote {out}");
    }
}
