//! `messhall analyse`: the engine's view of a position, one line per finished depth (a depth
//! marked `+` was stopped part way, after it found a better move than the depth before).

use crate::show::load;
use anyhow::{Result, bail};
use messhall_rules::{Move, Position, Variant};
use messhall_search::{Engine, Limits, Options};
use messhall_table::Line;
use std::time::Duration;

/// The principal variation in SAN, from `pos`, and where it stops for a chance event: who
/// decides the neutral piece's step there.
pub fn pv_san(v: &Variant, pos: &Position, pv: &[Move]) -> String {
    let line = Line::cut(v, pos, pv);
    let mut words = line.san(v);
    if let Some(event) = &line.chance {
        words.push(crate::words::chance_due(v, event));
    }
    words.join(" ")
}

pub fn run(
    variant: &str,
    fen: Option<&str>,
    time: Option<f64>,
    depth: Option<u32>,
    hash_mb: usize,
    threads: usize,
) -> Result<()> {
    let (v, pos) = load(variant, fen)?;
    if let Some(event) = v.chance(&pos) {
        let who = match event.chooser {
            Some(c) => format!("{} steers it", c.name()),
            None => "the dice decide it".to_string(),
        };
        bail!("a chance event is pending here ({who}): nobody moves until it is resolved; analyse a position after it");
    }
    let limits = match (depth, time) {
        (Some(d), _) => Limits::depth(d),
        (None, Some(t)) => Limits::movetime(Duration::from_secs_f64(t)),
        (None, None) => Limits::movetime(Duration::from_secs(5)),
    };
    let options = Options {
        hash_mb,
        threads,
        ..Options::default()
    };
    let mut engine = Engine::try_new(v.clone(), &options).map_err(|e| anyhow::anyhow!("--hash {hash_mb}: {e}"))?;
    println!("{:>5} {:>10} {:>12} {:>10}  pv", "depth", "score", "nodes", "nps");
    let result = engine.search(&pos, &[], &limits, &mut |info| {
        println!(
            "{:>5} {:>10} {:>12} {:>10}  {}",
            format!("{}{}", info.depth, if info.complete { "" } else { "+" }),
            info.score.to_string(),
            info.nodes,
            info.nps(),
            pv_san(&v, &pos, &info.pv)
        );
    });
    match result.and_then(|info| info.pv.first().copied()) {
        Some(best) => println!("bestmove {}", v.san(&pos, &best)),
        None => println!("no legal move: the game is over"),
    }
    Ok(())
}
