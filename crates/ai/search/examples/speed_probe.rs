//! Temporary (not committed): FIDE start and Kiwipete to a depth, nodes and CPU-ish time.
use messhall_rules::Position;
use messhall_search::{Engine, Limits, Options};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(12);
    let v = Arc::new(messhall_catalog::builtin("chess").unwrap());
    for fen in [
        v.start_fen().to_string(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".to_string(),
    ] {
        let pos = Position::from_fen(&v, &fen).unwrap();
        let mut engine = Engine::new(v.clone(), &Options::default());
        let t = Instant::now();
        let info = engine.search(&pos, &[], &Limits::depth(depth), &mut |_| {}).unwrap();
        let s = t.elapsed().as_secs_f64();
        println!(
            "{:12} nodes {:8} {:.3}s {:.0} nps {:?}",
            &fen[..8],
            info.nodes,
            s,
            info.nodes as f64 / s,
            info.pv[0]
        );
    }
}
