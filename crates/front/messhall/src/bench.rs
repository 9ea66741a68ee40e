//! `messhall bench`: its commands, the perft positions, and a Fairy-Stockfish process over UCI.

use anyhow::{Context, Result, bail};
use clap::Subcommand;
use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

#[derive(Subcommand)]
pub enum BenchCommand {
    /// Perft speed (nodes per second) on fixed positions, beside Fairy-Stockfish's `go perft`.
    Perft {
        /// Shallower depths, for a quick check.
        #[arg(long)]
        quick: bool,
        /// The Fairy-Stockfish binary (default: fairy-stockfish on PATH, or /usr/games/fairy-stockfish).
        #[arg(long)]
        fairy_stockfish: Option<String>,
        #[command(flatten)]
        others: Others,
        /// Another messhall build, timed on every position with its own `messhall perft`.
        #[arg(long)]
        against: Option<String>,
        /// Timings of each program per position, alternating ours and the others'; the median is shown.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=99))]
        rounds: u32,
    },
    /// Search: a deterministic node count at a fixed depth on fixed positions of every built-in
    /// game, and nodes per second.
    Search {
        /// Plies (default: the bench depth).
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Nodes and time to a fixed depth from the FIDE start and Kiwipete, beside Fairy-Stockfish's
    /// (both one thread, 16 MB of hash).
    Depth {
        /// Plies.
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// The Fairy-Stockfish binary (default: fairy-stockfish on PATH, or /usr/games/fairy-stockfish).
        #[arg(long)]
        fairy_stockfish: Option<String>,
        #[command(flatten)]
        others: Others,
        /// Refused: the search's heuristics are always on (their numbers are
        /// `messhall_search::parameters`); compare two builds with `messhall match` instead.
        #[arg(long)]
        without: Vec<String>,
    },
    /// The levels: each level from --from to --to plays the level below (`messhall match` with
    /// level=N against level=N-1), one table row per pair.
    Ladder {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        /// The lowest level played against the one below.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=10))]
        from: u8,
        /// The highest level played against the one below.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(2..=10))]
        to: u8,
        /// The number of the first game of each pair (to resume a ladder).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        first_game: u32,
        /// Stop a pair once it is sure to end at or above 70%, or below, whatever the games left.
        #[arg(long)]
        until_decided: bool,
        /// Seconds a move for level 10.
        #[arg(long, default_value_t = 1.0, value_parser = crate::seconds)]
        full_time: f64,
        #[command(flatten)]
        pairs: crate::bench_pairs::PairGames,
    },
    /// The levels as people meet them: each level from --from to --to against the level below,
    /// with the 95% interval of its score, and the material each level gives away for nothing a
    /// game (judged by a material-only search of each move and its captures).
    Levels {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        /// The lowest level.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=8))]
        from: u8,
        /// The highest level (level 10 plays on time: `bench ladder`).
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(2..=9))]
        to: u8,
        #[command(flatten)]
        pairs: crate::bench_pairs::PairGames,
    },
}

/// Fairy-Stockfish builds run beside the default one.
#[derive(clap::Args)]
pub struct Others {
    /// A further Fairy-Stockfish build (repeatable; default: the master builds of
    /// `../shared/peers/` beside the checkout, if there). Its variant files are looked for beside it.
    #[arg(long = "peer")]
    pub peers: Vec<String>,
}

pub(crate) struct Case {
    pub name: &'static str,
    pub variant: &'static str,
    /// The variant name Fairy-Stockfish knows it by, if it knows it.
    pub fsf_variant: Option<&'static str>,
    pub fen: &'static str,
    pub depth: u32,
    pub quick_depth: u32,
    pub expected: Option<u64>,
}

/// The 12x10 game's variant file, relative to the checkout.
pub(crate) const XCHECK_FILE: &str = "examples/variants/xcheck.toml";

pub(crate) const CASES: &[Case] = &[
    Case {
        name: "FIDE start",
        variant: "chess",
        fsf_variant: Some("chess"),
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 6,
        quick_depth: 5,
        expected: Some(119_060_324),
    },
    Case {
        name: "Kiwipete",
        variant: "chess",
        fsf_variant: Some("chess"),
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 5,
        quick_depth: 4,
        expected: Some(193_690_690),
    },
    Case {
        // The 12x10 game of examples/variants/xcheck.toml, which Fairy-Stockfish plays from
        // xcheck.ini (its largeboards builds only).
        name: "xcheck start",
        variant: XCHECK_FILE,
        fsf_variant: Some("xcheck"),
        fen: "rnbacqkdebnr/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/RNBACQKDEBNR w - - 0 1",
        depth: 5,
        quick_depth: 4,
        expected: None,
    },
    Case {
        name: "Calorie start",
        variant: "calorie",
        fsf_variant: None,
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 5,
        quick_depth: 4,
        expected: None,
    },
    Case {
        // Fairy-Stockfish cannot play Food Fight (12x12, cannon nightrider, zigzag Pie): no peer.
        name: "Foodfight start",
        variant: "foodfight",
        fsf_variant: None,
        fen: "rscbmnkmbcsr/dmfwueeuwfmd/ppppggggpppp/12/12/12/12/12/12/PPPPGGGGPPPP/DMFWUEEUWFMD/RSCBMNKMBCSR w - - 0 1",
        depth: 4,
        quick_depth: 3,
        expected: None,
    },
    Case {
        // No engine but ours plays the Friendly game: no peer.
        name: "Friendly start",
        variant: "friendly",
        fsf_variant: None,
        fen: "tmdcffffcdmt/jsglabbquoih/xpeyvzzvyepx/12/12/12/12/12/12/XPEYVZZVYEPX/HIOUQBBALGSJ/TMDCFFFFCDMT w - - 0 1",
        depth: 3,
        quick_depth: 3,
        // Agreed move by move with the reference generator (crates/games/catalog/tests/friendly_perft.rs).
        expected: Some(2_774_921),
    },
];

pub fn run(what: BenchCommand) -> Result<()> {
    match what {
        BenchCommand::Perft {
            quick,
            fairy_stockfish,
            others,
            against,
            rounds,
        } => crate::bench_perft::perft(&crate::bench_perft::PerftRequest {
            quick,
            fairy_stockfish,
            peers: &others.peers,
            against: against.as_deref(),
            rounds,
        }),
        BenchCommand::Search { depth } => crate::bench_search::search(depth),
        BenchCommand::Depth {
            depth,
            fairy_stockfish,
            others,
            without,
        } => crate::bench_depth::depth(depth, fairy_stockfish, &others.peers, &without),
        BenchCommand::Ladder {
            variant,
            from,
            to,
            first_game,
            until_decided,
            full_time,
            pairs,
        } => crate::bench_ladder::run(&crate::bench_ladder::LadderRequest {
            variant: &variant,
            from,
            to,
            first_game,
            until_decided,
            full_time,
            pairs: &pairs,
        }),
        BenchCommand::Levels {
            variant,
            from,
            to,
            pairs,
        } => crate::bench_levels::run(&crate::bench_levels::LevelsRequest {
            variant: &variant,
            from,
            to,
            pairs: &pairs,
        }),
    }
}

pub(crate) fn find_fairy_stockfish(given: Option<String>) -> Option<String> {
    if given.is_some() {
        return given;
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("fairy-stockfish"))
        .find(|p| p.is_file());
    on_path.map(|p| p.display().to_string()).or_else(|| {
        std::path::Path::new("/usr/games/fairy-stockfish")
            .is_file()
            .then(|| "/usr/games/fairy-stockfish".into())
    })
}

/// A Fairy-Stockfish process, told `setup` (UCI lines) and past its `readyok`.
pub(crate) struct Peer {
    pub child: Child,
    pub stdin: ChildStdin,
    pub lines: Lines<BufReader<ChildStdout>>,
}

impl Peer {
    /// Starts `binary`, sends `setup` and `isready`, and waits for `readyok`.
    ///
    /// # Errors
    /// When the program does not start or closes before `readyok`.
    pub(crate) fn start(binary: &str, setup: &str) -> Result<Peer> {
        let mut child = Command::new(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {binary}"))?;
        let mut stdin = child.stdin.take().context("no stdin")?;
        let stdout = child.stdout.take().context("no stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        writeln!(stdin, "{setup}\nisready")?;
        stdin.flush()?;
        for line in lines.by_ref() {
            if line?.trim() == "readyok" {
                return Ok(Peer { child, stdin, lines });
            }
        }
        bail!("{binary} closed before answering isready")
    }
}
