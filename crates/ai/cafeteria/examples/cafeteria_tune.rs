//! Fits the cafeteria bots' win-probability model to seeded self-play games and reports its loss
//! on held-out positions; with a file name, writes the weights there (the first line says the
//! command that made them).
//!
//! `cargo run --release -p messhall-cafeteria-ai --example cafeteria_tune -- [GAMES] [SEED] [OUT] [POLICY] [L2,...]`
//!
//! POLICY says who plays the games: `rules` (the cautious rules of thumb, the default) or
//! `search[,rollouts=N][,weights=FILE]` (the search bot, scoring its rollouts by the stored
//! weights or FILE's; the fit then starts from those weights and its penalty pulls toward them).
//! L2 is the penalty (default 0.0001); with several, each is fitted to the same games and the one
//! with the lowest held-out loss is written. OUT `-` writes nothing. The held-out loss of the
//! stored weights is reported beside the fit's. The first line of the stored weights file says how
//! they were made.

use messhall_cafeteria_ai::bench::BotConfig;
use messhall_cafeteria_ai::bots::BotKind;
use messhall_cafeteria_ai::fit::{FitOptions, FitPolicy, fit_positions, play_games};
use messhall_cafeteria_ai::model::{FEATURES, Model};
use messhall_cafeteria_ai::search::ROLLOUTS;

const USAGE: &str = "usage: cafeteria_tune [GAMES] [SEED] [OUT] [POLICY] [L2,...] (POLICY: rules or search[,rollouts=N][,weights=FILE])";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).map_or(default, |s| {
            s.parse().unwrap_or_else(|_| {
                eprintln!("argument {}: {s:?} is not a number; {USAGE}", i + 1);
                std::process::exit(2)
            })
        })
    };
    let policy_name = args.get(3).map_or("rules", String::as_str);
    let policy = match policy_name.parse::<BotConfig>() {
        Ok(c) if c.kind == BotKind::Rules => FitPolicy::Rules,
        Ok(c) if c.kind == BotKind::Search => FitPolicy::Search {
            rollouts: c.rollouts.unwrap_or(ROLLOUTS),
            model: c.weights.unwrap_or_else(|| Model::fitted().clone()),
        },
        Ok(_) => {
            eprintln!("argument 4: {policy_name:?} cannot play the fit's games; {USAGE}");
            std::process::exit(2)
        }
        Err(e) => {
            eprintln!("argument 4: {e}; {USAGE}");
            std::process::exit(2)
        }
    };
    let penalties: Vec<f64> = match args.get(4) {
        None => vec![FitOptions::default().l2],
        Some(list) => list
            .split(',')
            .map(|x| match x.trim().parse::<f64>() {
                Ok(v) if v.is_finite() && v >= 0.0 => v,
                _ => {
                    eprintln!("argument 5: {x:?} is not a penalty (a number, 0 or more); {USAGE}");
                    std::process::exit(2)
                }
            })
            .collect(),
    };
    let anchor = match &policy {
        FitPolicy::Search { model, .. } => Some(model.clone()),
        FitPolicy::Rules => None,
    };
    let mut opts = FitOptions {
        games: u32::try_from(number(0, 4000)).unwrap_or(u32::MAX),
        seed: number(1, 1),
        policy,
        compare: Some(Model::fitted().clone()),
        anchor,
        ..FitOptions::default()
    };
    let start = std::time::Instant::now();
    let positions = play_games(&opts);
    println!("played {} games in {:.1} s", opts.games, start.elapsed().as_secs_f64());
    let mut best = None;
    for &l2 in &penalties {
        opts.l2 = l2;
        let report = fit_positions(&positions, &opts);
        println!("L2 {l2}: held-out loss {:.4}", report.held_out_loss);
        if best
            .as_ref()
            .is_none_or(|(_, b): &(f64, messhall_cafeteria_ai::fit::FitReport)| report.held_out_loss < b.held_out_loss)
        {
            best = Some((l2, report));
        }
    }
    let Some((l2, report)) = best else { return };
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
    println!("L2 {l2}: {summary}; {:.1} s", start.elapsed().as_secs_f64());
    if let Some(l) = report.compare_loss {
        println!("the stored weights' held-out loss on these games: {l:.4}");
    }
    for (name, w) in FEATURES.iter().zip(&report.model.weights) {
        println!("{name:>16} {w:+.4}");
    }
    if let Some(out) = args.get(2).filter(|o| *o != "-") {
        let policy: String = args
            .get(3..)
            .unwrap_or_default()
            .iter()
            .map(|a| format!(" {a}"))
            .collect();
        let header = format!(
            "Fitted by `cargo run --release -p messhall-cafeteria-ai --example cafeteria_tune -- {} {} {out}{policy}`: L2 {l2}, {summary}.",
            opts.games, opts.seed
        );
        if let Err(e) = std::fs::write(out, report.model.to_toml(&header)) {
            eprintln!("{out}: {e}");
            std::process::exit(1);
        }
        println!("wrote {out}");
    }
}
