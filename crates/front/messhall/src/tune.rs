//! `messhall tune`: fits a variant's evaluation weights to its own self-play games and reports
//! the loss on positions held out of the fit, before and after.

use crate::show::load;
use anyhow::{Context, Result, bail};
use messhall_search::Weights;
use messhall_search::tune::{TuneOptions, tune};
use std::path::Path;

/// What `messhall tune` was asked.
pub struct TuneRequest<'a> {
    pub variant: &'a str,
    pub games: usize,
    pub depth: u32,
    pub seed: u64,
    pub out: Option<&'a Path>,
    /// Start from [`Weights::derived`], not the variant's weights file.
    pub from_derived: bool,
    /// Pull of each weight toward its start.
    pub prior: f64,
    /// Terms kept as they start.
    pub keep: &'a [String],
    /// Fit only positions whose quiescence score equals the static score.
    pub quiet_only: bool,
    /// Leave out the games stopped at the ply limit.
    pub finished_only: bool,
    /// Fit the logistic scale of the middle game and the end game apart.
    pub phase_scale: bool,
    /// Keep weights counted by fewer fitted positions than this.
    pub min_positions: f64,
}

pub fn run(r: &TuneRequest<'_>) -> Result<()> {
    let (v, _) = load(r.variant, None)?;
    // A variant file's weights beside it are where a run starts from (and where it goes on).
    let beside = messhall_catalog::weights_path(Path::new(r.variant));
    let is_file = messhall_catalog::builtin(r.variant).is_none();
    let start = if r.from_derived {
        Weights::derived(&v)
    } else if is_file && beside.is_file() {
        let text = std::fs::read_to_string(&beside).with_context(|| format!("{}", beside.display()))?;
        Weights::from_toml(&v, &text).with_context(|| format!("{}", beside.display()))?
    } else {
        Weights::for_variant(&v)
    };
    if r.games < 2 {
        bail!(
            "--games {}: at least 2 games are needed, to fit to some and hold others out",
            r.games
        );
    }
    let options = TuneOptions {
        prior: r.prior,
        keep: r.keep.to_vec(),
        quiet_only: r.quiet_only,
        finished_only: r.finished_only,
        phase_scale: r.phase_scale,
        min_positions: r.min_positions,
        ..TuneOptions::new(r.games, r.depth, r.seed)
    };
    let report = tune(&v, &start, &options, &mut |done| {
        eprint!("\rgame {done}/{}", r.games);
    })
    .map_err(|e| anyhow::anyhow!("tune {}: {e}", r.variant))?;
    eprintln!();
    let [white, draws, black] = report.results;
    println!(
        "tune {}: {} self-play games at depth {}, seed {}: White +{white} ={draws} -{black}",
        r.variant, r.games, r.depth, r.seed
    );
    println!(
        "games stopped at the ply limit ({}): {}",
        messhall_search::tune::MAX_PLIES,
        report.unfinished
    );
    println!(
        "positions: {} fitted, {} held out (every {}th game), {} left out",
        report.training,
        report.held_out,
        messhall_search::tune::HOLD_OUT_EVERY,
        report.left_out,
    );
    if report.end_game_scale == report.scale {
        println!("logistic scale 1/{:.0} cp", 1.0 / report.scale);
    } else {
        println!(
            "logistic scale 1/{:.0} cp in the middle game, 1/{:.0} cp in the end game",
            1.0 / report.scale,
            1.0 / report.end_game_scale
        );
    }
    if !report.thin.is_empty() {
        let thin: Vec<String> = report.thin.iter().map(|(n, p)| format!("{n} ({p:.0})")).collect();
        println!(
            "kept for want of positions (fewer than {}): {}",
            r.min_positions,
            thin.join(", ")
        );
    }
    println!("{:<24} {:>10} {:>10}", "loss (cross-entropy)", "before", "after");
    println!(
        "{:<24} {:>10.5} {:>10.5}",
        "fitted positions", report.training_before, report.training_after
    );
    println!(
        "{:<24} {:>10.5} {:>10.5}",
        "held-out positions", report.held_out_before, report.held_out_after
    );
    let text = report.weights.to_toml();
    match r.out {
        Some(path) => {
            std::fs::write(path, &text).with_context(|| format!("writing {}", path.display()))?;
            println!("weights written to {}", path.display());
        }
        None => print!("\n{text}"),
    }
    Ok(())
}
