//! `messhall bench perft`: our perft speed beside Fairy-Stockfish's builds and another messhall's,
//! on the same positions, in CPU time, rounds alternating ours and theirs.

use crate::bench::{CASES, Case, XCHECK_FILE};
use crate::bench_peers::{Opponent, Work, find_peers, thread_cpu};
use anyhow::{Result, bail};
use messhall_rules::Position;
use std::path::{Path, PathBuf};

pub(crate) struct PerftRequest<'a> {
    pub quick: bool,
    pub fairy_stockfish: Option<String>,
    pub peers: &'a [String],
    pub against: Option<&'a str>,
    pub rounds: u32,
}

/// The opponents of a run: Debian's Fairy-Stockfish (or `--fairy-stockfish`), the master builds
/// (or `--peer`), and `--against`.
fn opponents(req: &PerftRequest<'_>) -> Result<Vec<Opponent>> {
    let mut all = Vec::new();
    match crate::bench::find_fairy_stockfish(req.fairy_stockfish.clone()) {
        // Its variant files: the peers folder's, where there is one.
        Some(p) => all.push(Opponent::Uci {
            path: PathBuf::from(p),
            ini_dir: crate::bench_peers::peers_dir(),
        }),
        None => {
            println!("Fairy-Stockfish not found (apt-get install fairy-stockfish, or --fairy-stockfish PATH): skipped.")
        }
    }
    let peers = find_peers(req.peers)?;
    if peers.is_empty() {
        println!("No Fairy-Stockfish master builds (no ../shared/peers/ beside the checkout, and no --peer): skipped.");
    }
    all.extend(peers.into_iter().map(uci));
    if let Some(p) = req.against {
        let path = PathBuf::from(p);
        if !path.is_file() {
            bail!("--against {p}: no such program");
        }
        all.push(Opponent::Messhall(path));
    }
    Ok(all)
}

fn uci(path: PathBuf) -> Opponent {
    let ini_dir = path.parent().map(Path::to_path_buf);
    Opponent::Uci { path, ini_dir }
}

/// The variant file `rel` in the checkout this program was built in.
fn in_checkout(rel: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    exe.ancestors().map(|a| a.join(rel)).find(|p| p.is_file())
}

/// CPU seconds below which a time is mostly the clock's tick: not shown as a speed.
const SHORTEST: f64 = 0.05;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Our count and CPU seconds (this thread's).
fn ours(v: &messhall_rules::Variant, pos: &Position, depth: u32) -> (u64, f64) {
    let before = thread_cpu();
    let nodes = v.perft(pos, depth);
    (nodes, (thread_cpu() - before).max(1e-6))
}

pub(crate) fn perft(req: &PerftRequest<'_>) -> Result<()> {
    println!("messhall bench perft: legal move generation, last ply bulk-counted, one thread; Fairy-Stockfish's");
    println!("`go perft` also bulk-counts the last ply. Each program's CPU time: the others each in their own");
    println!(
        "process with a depth-1 run's time (start-up) taken off; median of {} round(s), alternating.",
        req.rounds
    );
    println!("Mnps = million nodes per second; ratio = ours / theirs (higher is better for us).");
    let opponents = opponents(req)?;
    println!();
    println!(
        "{:<15} {:>5} {:>12} {:>8}  {:<40} {:>8} {:>6}",
        "position", "depth", "nodes", "our Mnps", "beside", "Mnps", "ratio"
    );
    for case in CASES {
        run_case(case, req, &opponents)?;
    }
    Ok(())
}

fn run_case(case: &Case, req: &PerftRequest<'_>, opponents: &[Opponent]) -> Result<()> {
    let game = if case.variant == XCHECK_FILE {
        match in_checkout(XCHECK_FILE) {
            Some(p) => p.display().to_string(),
            None => {
                println!("{:<15} skipped: no {XCHECK_FILE} in the checkout", case.name);
                return Ok(());
            }
        }
    } else {
        case.variant.to_string()
    };
    let v = messhall_catalog::load(&game)?;
    let pos = Position::from_fen(&v, case.fen)?;
    let depth = if req.quick { case.quick_depth } else { case.depth };
    let work = Work {
        game: &game,
        fsf_variant: case.fsf_variant,
        needs_ini: case.variant == XCHECK_FILE,
        fen: case.fen,
        first_count: v.legal_moves(&pos).len() as u64,
    };
    let mut our_times = Vec::new();
    let mut their: Vec<Result<Vec<(u64, f64)>, String>> = vec![Ok(Vec::new()); opponents.len()];
    let mut nodes = 0;
    for _ in 0..req.rounds {
        let (n, s) = ours(&v, &pos, depth);
        nodes = n;
        our_times.push(s);
        for (o, runs) in opponents.iter().zip(their.iter_mut()) {
            let Ok(list) = runs else { continue };
            match o.perft(&work, depth) {
                Ok(Ok(run)) => list.push(run),
                Ok(Err(why)) => *runs = Err(why),
                Err(e) => *runs = Err(format!("failed: {e:#}")),
            }
        }
    }
    if let (Some(expected), false) = (case.expected, req.quick) {
        if nodes != expected {
            bail!(
                "{}: perft {depth} gave {nodes}, the published count is {expected}",
                case.name
            );
        }
    }
    let our_cpu = median(our_times);
    let our_mnps = nodes as f64 / our_cpu / 1e6;
    let head = format!("{:<15} {:>5} {:>12} {:>8.2}", case.name, depth, nodes, our_mnps);
    let blank = " ".repeat(head.len());
    let mut lines = Vec::new();
    let mut line = |text: String| lines.push(text);
    for (o, runs) in opponents.iter().zip(their) {
        let name = o.label();
        match runs {
            Ok(list) => {
                let theirs = list[0].0;
                if theirs != nodes {
                    line(format!("{name:<40} counts {theirs}, not {nodes}: NOT THE SAME GAME"));
                    continue;
                }
                let cpu = median(list.into_iter().map(|r| r.1).collect());
                if cpu < SHORTEST || our_cpu < SHORTEST {
                    line(format!(
                        "{name:<40} same count; too short to time (a deeper run: no --quick)"
                    ));
                    continue;
                }
                let mnps = theirs as f64 / cpu / 1e6;
                line(format!("{name:<40} {mnps:>8.2} {:>6.2}", our_mnps / mnps));
            }
            // Fairy-Stockfish plays neither Food Fight nor the Friendly game: said once, not per build.
            Err(_) if case.fsf_variant.is_none() && matches!(o, Opponent::Uci { .. }) => {}
            Err(why) => line(format!("{name:<40} skipped: {why}")),
        }
    }
    if lines.is_empty() {
        lines.push("(no peer plays this game)".to_string());
    }
    for (i, text) in lines.iter().enumerate() {
        println!("{}  {text}", if i == 0 { &head } else { &blank });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_median_of_an_odd_and_an_even_count() {
        assert_eq!(super::median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(super::median(vec![4.0, 1.0]), 4.0);
    }

    #[test]
    fn a_missing_against_program_is_a_one_line_error() {
        let req = super::PerftRequest {
            quick: true,
            fairy_stockfish: Some("/nonexistent/fsf".into()),
            peers: &["/nonexistent/fsf".into()],
            against: Some("/nonexistent/messhall"),
            rounds: 1,
        };
        let e = super::opponents(&req).err().map(|e| e.to_string());
        assert_eq!(e.as_deref(), Some("--peer /nonexistent/fsf: no such program"));
    }
}
