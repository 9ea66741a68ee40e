//! The search's cost per node where Fairy-Stockfish is measured (issue 33): the FIDE start and
//! Kiwipete, each searched to a fixed depth by a fresh engine (16 MB table, one thread), with its
//! nodes and time. Small and without start-up work, so `valgrind --tool=cachegrind` can count the
//! instructions a node costs:
//!
//! ```text
//! cargo run --release -p messhall-search --example depth_probe -- [DEPTH, default 12]
//! ```

use messhall_rules::Position;
use messhall_search::{Engine, Limits, Options};
use std::sync::Arc;
use std::time::Instant;

const POSITIONS: [(&str, Option<&str>); 2] = [
    ("FIDE start", None),
    (
        "Kiwipete",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ),
];

fn main() -> Result<(), String> {
    let depth = match std::env::args().nth(1) {
        None => 12,
        Some(arg) => arg
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=64).contains(d))
            .ok_or_else(|| format!("depth_probe: the depth is a number from 1 to 64, not {arg:?}"))?,
    };
    let v = Arc::new(messhall_catalog::builtin("chess").ok_or("depth_probe: chess is not built in")?);
    for (name, fen) in POSITIONS {
        let pos = match fen {
            Some(fen) => Position::from_fen(&v, fen).map_err(|e| e.to_string())?,
            None => v.start(),
        };
        let mut engine = Engine::new(v.clone(), &Options::default());
        let start = Instant::now();
        let info = engine
            .search(&pos, &[], &Limits::depth(depth), &mut |_| {})
            .ok_or_else(|| format!("depth_probe: no legal move in {name}"))?;
        let seconds = start.elapsed().as_secs_f64();
        let best = info.pv.first().map_or(String::new(), |m| m.to_coordinates(&v));
        println!(
            "{name:10} depth {depth} nodes {:9} {seconds:7.3} s {:9.0} nodes/s best {best}",
            info.nodes,
            info.nodes as f64 / seconds.max(1e-9)
        );
    }
    Ok(())
}
