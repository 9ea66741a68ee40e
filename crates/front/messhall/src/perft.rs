use crate::show::load;
use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use std::time::Instant;

pub fn run(variant: &str, depth: u32, fen: Option<&str>, divide: bool) -> Result<()> {
    let (v, pos) = load(variant, fen)?;
    let started = Instant::now();
    let moves = v.legal_moves(&pos);
    // A bar on runs deep enough to take a while (hidden when output is not a terminal).
    let bar = if depth >= 5 {
        ProgressBar::new(moves.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} first moves, {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut total = 0u64;
    if depth == 0 {
        total = 1;
    } else if v.chance_pending(&pos) {
        // A chance event first (a steered PieceEater step): the core branches on it.
        for (m, n) in v.divide(&pos, depth) {
            total += n;
            if divide {
                println!("{}: {n}", m.to_coordinates(&v));
            }
        }
    } else if depth == 1 && !divide {
        total = moves.len() as u64;
    } else {
        for m in &moves {
            let n = v.perft(&pos.play_unchecked(&v, m), depth - 1);
            total += n;
            bar.inc(1);
            if divide {
                bar.suspend(|| println!("{}: {n}", m.to_coordinates(&v)));
            }
        }
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if seconds > 0.5 {
        eprintln!(
            "{total} nodes in {seconds:.2} s ({:.1} Mnps)",
            total as f64 / seconds / 1e6
        );
    }
    println!("{total}");
    Ok(())
}
