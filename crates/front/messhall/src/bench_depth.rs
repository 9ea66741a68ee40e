//! `messhall bench depth`: nodes and time to a fixed depth from the FIDE start and Kiwipete,
//! our search beside Fairy-Stockfish's in one run (both one thread, 16 MB of hash, a fresh
//! table for every position).

use crate::bench::Peer;
use crate::bench_peers::label;
use anyhow::{Context, Result, bail};
use messhall_rules::Position;
use messhall_search::{Engine, Limits, Options};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// The positions: name and FEN (FIDE chess).
const POSITIONS: [(&str, &str); 2] = [
    ("FIDE start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    (
        "Kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
];

/// Transposition table of both engines, in MB.
const HASH_MB: usize = 16;

/// What one engine's search to the depth took.
struct Run {
    nodes: u64,
    seconds: f64,
    best: String,
}

pub fn depth(depth: u32, fairy_stockfish: Option<String>, peers: &[String], without: &[String]) -> Result<()> {
    if let Some(name) = without.first() {
        bail!("--without {name}: the search's heuristics are always on; none can be left out");
    }
    let v = Arc::new(messhall_catalog::load("chess")?);
    let fsf = crate::bench::find_fairy_stockfish(fairy_stockfish);
    let masters = crate::bench_peers::find_peers(peers)?;
    println!("messhall bench depth: depth {depth}, one thread, {HASH_MB} MB of hash, a fresh table per position.");
    println!("Fairy-Stockfish: `ucinewgame`, Threads 1, Hash {HASH_MB}, `go depth {depth}`; its nodes and time as it");
    println!("reports them at the last depth, our time from the start of the search to its end.");
    println!();
    println!(
        "{:<11} {:>12} {:>9} {:>6} {:>12} {:>9} {:>6} {:>11} {:>10}  peer",
        "position", "nodes", "seconds", "move", "FSF nodes", "FSF s", "move", "nodes x", "time x"
    );
    let mut peer_error = None;
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(&v, fen).with_context(|| format!("{name}: {fen}"))?;
        let mut engine = Engine::new(
            v.clone(),
            &Options {
                hash_mb: HASH_MB,
                ..Options::default()
            },
        );
        let started = Instant::now();
        let info = engine
            .search(&pos, &[], &Limits::depth(depth), &mut |_| {})
            .with_context(|| format!("{name}: no legal move"))?;
        let ours = Run {
            nodes: info.nodes,
            seconds: started.elapsed().as_secs_f64(),
            best: info.pv[0].to_coordinates(&v),
        };
        let theirs = match &fsf {
            Some(binary) if peer_error.is_none() => match fsf_depth(binary, fen, depth) {
                Ok(run) => Some(run),
                Err(e) => {
                    peer_error = Some(format!("{e:#}"));
                    None
                }
            },
            _ => None,
        };
        let name_11 = fsf.as_deref().map_or_else(String::new, |b| label(Path::new(b)));
        match theirs {
            Some(t) => println!(
                "{:<11} {:>12} {:>9.3} {:>6} {:>12} {:>9.3} {:>6} {:>11.2} {:>10.2}  {name_11}",
                name,
                ours.nodes,
                ours.seconds,
                ours.best,
                t.nodes,
                t.seconds,
                t.best,
                ours.nodes as f64 / t.nodes.max(1) as f64,
                ours.seconds / t.seconds.max(1e-3)
            ),
            None => println!(
                "{:<11} {:>12} {:>9.3} {:>6} {:>12} {:>9} {:>6} {:>11} {:>10}",
                name, ours.nodes, ours.seconds, ours.best, "-", "-", "-", "-", "-"
            ),
        }
        for master in &masters {
            let shown = label(master);
            match fsf_depth(&master.display().to_string(), fen, depth) {
                Ok(t) => println!(
                    "{:<11} {:>12} {:>9} {:>6} {:>12} {:>9.3} {:>6} {:>11.2} {:>10.2}  {shown}",
                    "",
                    "",
                    "",
                    "",
                    t.nodes,
                    t.seconds,
                    t.best,
                    ours.nodes as f64 / t.nodes.max(1) as f64,
                    ours.seconds / t.seconds.max(1e-3)
                ),
                Err(e) => println!("{:<11} {shown}: failed: {e:#}", ""),
            }
        }
    }
    if masters.is_empty() {
        println!(
            "\nNo Fairy-Stockfish master builds (no ../shared/peers/ beside the checkout, and no --peer): skipped."
        );
    }
    match (fsf, peer_error) {
        (None, _) => println!(
            "\nFairy-Stockfish not found: no peer figures (apt-get install fairy-stockfish, or --fairy-stockfish PATH)."
        ),
        (Some(binary), Some(e)) => println!("\nFairy-Stockfish ({binary}) failed: {e}; no peer figures."),
        _ => {}
    }
    Ok(())
}

/// Searches `fen` to `depth` in a fresh Fairy-Stockfish: its node count and time from its last
/// `info depth N` line, and its move.
fn fsf_depth(binary: &str, fen: &str, depth: u32) -> Result<Run> {
    let Peer {
        mut child,
        mut stdin,
        mut lines,
    } = Peer::start(
        binary,
        &format!(
            "uci\nsetoption name Threads value 1\nsetoption name Hash value {HASH_MB}\nucinewgame\nposition fen {fen}"
        ),
    )?;
    writeln!(stdin, "go depth {depth}")?;
    stdin.flush()?;
    let mut last: Option<(u64, f64)> = None;
    let mut best = None;
    for line in lines.by_ref() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"bestmove") {
            best = words.get(1).map(|m| (*m).to_string());
            break;
        }
        if words.first() == Some(&"info")
            && field(&words, "depth") == Some(u64::from(depth))
            && let (Some(nodes), Some(ms)) = (field(&words, "nodes"), field(&words, "time"))
        {
            last = Some((nodes, ms as f64 / 1000.0));
        }
    }
    let _ = writeln!(stdin, "quit");
    let _ = child.wait();
    match (last, best) {
        (Some((nodes, seconds)), Some(best)) => Ok(Run { nodes, seconds, best }),
        (None, _) => bail!("{binary} reported no node count at depth {depth}"),
        (_, None) => bail!("{binary} gave no bestmove"),
    }
}

/// The number after `name` in a UCI info line.
fn field(words: &[&str], name: &str) -> Option<u64> {
    let i = words.iter().position(|w| *w == name)?;
    words.get(i + 1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    /// The heuristics cannot be left out: `--without` says so in one line, before any search.
    #[test]
    fn without_is_refused_in_one_line() {
        let e = super::depth(12, None, &[], &["lmr".to_string()])
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "--without lmr: the search's heuristics are always on; none can be left out"
        );
    }
}
