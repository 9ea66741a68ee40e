//! `messhall bench search`: a deterministic node count at a fixed depth (at most
//! [`BENCH_NODES`] nodes per position) on fixed positions of every built-in game, and nodes per
//! second.

use anyhow::{Context, Result};
use messhall_search::bench::{BENCH_DEPTH, BENCH_NODES, run};
use std::sync::Arc;
use std::time::Duration;

pub fn search(depth: Option<u32>) -> Result<()> {
    let depth = depth.unwrap_or(BENCH_DEPTH);
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for b in messhall_catalog::BUILTINS {
        let v = Arc::new(messhall_catalog::builtin(b.name).with_context(|| format!("built-in {}", b.name))?);
        let (n, t) = run(&v, depth, BENCH_NODES);
        println!("{:<12} {:>12} nodes {:>10} nps", b.name, n, nps(n, t));
        nodes += n;
        time += t;
    }
    println!(
        "depth {depth} (at most {BENCH_NODES} nodes a position): {nodes} nodes {} nps",
        nps(nodes, time)
    );
    Ok(())
}

fn nps(nodes: u64, t: Duration) -> u64 {
    (u128::from(nodes) * 1_000_000 / t.as_micros().max(1)) as u64
}
