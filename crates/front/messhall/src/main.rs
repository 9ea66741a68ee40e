//! The `messhall` command.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod account;
mod analyse;
mod arena;
mod balance;
mod bench;
mod bench_depth;
mod bench_ladder;
mod bench_levels;
mod bench_pairs;
mod bench_peers;
mod bench_perft;
mod bench_search;
mod board_text;
mod cafeteria;
mod cafeteria_map;
mod diagram;
mod lines;
mod perft;
mod piece_info;
mod play;
mod replay;
mod resources;
mod rules_text;
mod screen;
mod show;
mod tune;
mod words;
mod xboard;

/// Play and analyse the food-fight games: four chess variants and the cafeteria game.
#[derive(Parser)]
#[command(name = "messhall", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in variants.
    Variants,
    /// Show a position: the board and the game state.
    Show {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        /// The position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
    },
    /// Count move paths to a depth (the last line printed is the node count).
    Perft {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        /// Plies to search.
        depth: u32,
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Play a game in the terminal: people at one keyboard, or the AI.
    ///
    /// At the prompt: a move (coordinates or SAN), `moves`, `info SQUARE` (what the piece does),
    /// `undo [N]` (against the AI it takes back its reply too), `fen`, `board`, `flip`, `legend`,
    /// `friends`, `record`, `save FILE` (JSON, or PGN for a .pgn name), `new`, `resign`, `help`,
    /// `quit`. The game's record (and PGN) is printed when it ends or you quit.
    ///
    /// `play cafeteria`: the people are the first players, the bots the others; with as many bots
    /// as players it plays itself. At the prompt: an action by its listed name or a unique start
    /// of it (`line`, `move d3`, `throw 2 at Connie`), `to SQUARE` to walk several steps,
    /// `actions`, `map`, `legend`, `undo`, `record`, `save FILE`, `new`, `help`, `quit`.
    Play {
        /// A built-in variant name (or cafeteria) or the path of a variant file.
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        /// White: human (default), ai, level=N, depth=N, nodes=N, random or greedy (levels:
        /// docs/ai.md).
        #[arg(long)]
        white: Option<String>,
        /// Black: human (default), ai, level=N, depth=N, nodes=N, random or greedy.
        #[arg(long)]
        black: Option<String>,
        /// Level of an `ai` player, 1 (beginner) to 10 (full strength, the default).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
        level: Option<u8>,
        /// Seconds the AI thinks per move (default 1).
        #[arg(long, value_parser = seconds)]
        time: Option<f64>,
        /// Transposition table of each AI player, in MB (default 16).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=16384))]
        hash: Option<u16>,
        /// Seed of the game's dice (a number, or 64 hex digits); drawn at random and kept
        /// secret until the game ends if not given.
        #[arg(long)]
        seed: Option<messhall_dice::Seed>,
        /// Go on from a saved game: a JSON record (save FILE at the prompt, a match's --records)
        /// or a PGN.
        #[arg(long)]
        load: Option<std::path::PathBuf>,
        /// cafeteria: number of players, 2 to 4 (default 4).
        #[arg(long)]
        players: Option<u8>,
        /// cafeteria: how many of the players are bots (the humans are the first players; default 3, or a loaded game's own).
        #[arg(long)]
        bots: Option<u8>,
        /// cafeteria: an optional rule: a-new-beginning, mystery-meat, table-tipping, salad-bar.
        #[arg(long = "option", num_args = 1.., action = clap::ArgAction::Append)]
        options: Vec<String>,
        /// cafeteria: the bots' kind: random, rules (rules of thumb), search (default) or
        /// search-v1 (the first search bot).
        #[arg(long)]
        bot: Option<String>,
    },
    /// Be a UCI engine on standard input and output (for UCI GUIs and tools; docs/protocols.md).
    ///
    /// Options: UCI_Variant (every built-in chess variant), VariantPath (variant files), Hash,
    /// Skill Level, Seed. The PieceEater's steps are moves of the neutral side.
    Uci,
    /// Replay a saved record or PGN step by step, checked as it goes.
    ///
    /// The record comes from `save` at the play prompt, a match's --records or the server's
    /// export.
    Replay {
        /// The record's file.
        file: std::path::PathBuf,
        /// Wait for Enter between steps (default: when the input is a terminal).
        #[arg(long)]
        pause: Option<bool>,
    },
    /// Speak the XBoard/WinBoard engine protocol on standard input and output (docs/protocols.md).
    ///
    /// Every built-in chess game is offered as an engine-defined variant (the board, the pieces
    /// and their moves told to XBoard), with legal-move highlighting, multi-leg moves and drops,
    /// and the PieceEater's steps.
    Xboard {
        /// Seed of every game's dice (the PieceEater's steps): two engines given the same seed
        /// see the same steps. Without it each game draws a secret seed.
        #[arg(long)]
        seed: Option<messhall_dice::Seed>,
        /// Transposition table in MB until XBoard's `memory` command (default 16).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=16384))]
        hash: Option<u16>,
        /// A variant file to offer beside the built-in games (may be given several times).
        #[arg(long = "variant", action = clap::ArgAction::Append)]
        variants: Vec<String>,
    },
    /// Show the engine's analysis of a position, one line per depth: depth, score, nodes, nodes
    /// per second and principal variation.
    Analyse {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        /// Seconds to think (default 5).
        #[arg(long, conflicts_with = "depth", value_parser = seconds)]
        time: Option<f64>,
        /// Plies to search.
        #[arg(long)]
        depth: Option<u32>,
        /// Transposition table, in MB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u16).range(1..=16384))]
        hash: u16,
        /// Search threads (one deterministic; more share the table and search faster).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
    /// Play two engine configurations against each other and print the score and Elo difference.
    ///
    /// Games start from seeded random openings (and dice), each opening played with both colours.
    /// An external engine's every move is checked by our rules: an illegal answer, a crash or
    /// silence loses it the game (docs/external-engines.md). Bots steer a steered PieceEater.
    Match {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        /// Player A: level=N, depth=N, nodes=N, random or greedy; add ",time=S" to give it its own seconds per move.
        /// Or an external engine: xboard:PROGRAM or uci:PROGRAM, then settings after commas:
        /// variant=NAME, ini=FILE, option.NAME=VALUE, time=S, log=FILE, searchmoves=1 (UCI: only
        /// our legal moves at the root), nodes=N (UCI: a node budget a move instead of a time),
        /// own-start=BOARD (XBoard: the engine's own start position); a bare PROGRAM is looked for
        /// on PATH and in /usr/games.
        #[arg(long)]
        a: String,
        /// Player B.
        #[arg(long)]
        b: String,
        /// Games to play (colours alternate; each pair shares its opening and dice).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        games: u32,
        /// The number of the first game: games N, N+1, ... are played with the openings and dice
        /// they have in a whole match (to split a match across processes, or resume one).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        first_game: u32,
        /// Games played at once, each on its own thread (up to one per core helps; timed players
        /// then share the machine, so keep it at most the number of cores).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
        concurrency: u16,
        /// Seconds per move for level players and external engines.
        #[arg(long, default_value_t = 0.1, value_parser = seconds)]
        time: f64,
        /// Transposition table of each player, in MB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u16).range(1..=16384))]
        hash: u16,
        /// Search threads of each of our engine players (their table shared between them).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// A game still running after this many plies is scored a draw.
        #[arg(long, default_value_t = arena::MAX_PLIES as u32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_plies: u32,
        /// A folder to write each game's record to, as JSON (game-001.json) and PGN (game-001.pgn),
        /// which `replay` and `play --load` read.
        #[arg(long)]
        records: Option<std::path::PathBuf>,
        /// A sequential test of A's share of the points (0.7 for 70%): stop once its 95% interval
        /// lies wholly above or below it (judged from 10 games on; --games is the most played).
        #[arg(long, value_parser = share)]
        target: Option<f64>,
    },
    /// Measure a game's balance by self-play: the first mover's score, draws and endings, game
    /// length, branching factor, a skill trace, opening diversity and piece values fitted from the
    /// games (docs/balance.md); for the cafeteria game each seat's share by player count.
    ///
    /// Seeded: the same options make the same report, whatever the number of threads.
    Balance {
        /// A built-in game's name (chess variants and cafeteria) or the path of a variant file.
        variant: String,
        /// Self-play games (1 to 2000); in the cafeteria game, games at each player count.
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// Play at this level (1 to 9); the cafeteria game: the rule-of-thumb bot up to 5, the
        /// search bot above.
        #[arg(long)]
        level: Option<u8>,
        /// Play at full strength, this many nodes a move (the default: 2000).
        #[arg(long)]
        nodes: Option<u64>,
        /// Seed of the openings, dice and the levels' noise.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A game still running after this many plies is scored a draw.
        #[arg(long, default_value_t = messhall_balance::DEFAULT_MAX_PLIES)]
        max_plies: u32,
        /// Games played at once (default: one per core); the report does not depend on it.
        #[arg(long)]
        concurrency: Option<usize>,
        /// Write the report as JSON to this file.
        #[arg(long)]
        json: Option<std::path::PathBuf>,
        /// Write the report as an HTML page with SVG charts to this file.
        #[arg(long)]
        html: Option<std::path::PathBuf>,
    },
    /// Print a diagram for a rules page: the start position, or where one piece may go.
    Diagram {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        /// The piece (its FEN letter; lowercase for Black), alone on the board unless --fen is given.
        #[arg(long)]
        piece: Option<char>,
        /// Where the piece stands (default: a central square).
        #[arg(long)]
        square: Option<String>,
        /// The other pieces on the board (default: none); without --piece, the piece on --square moves.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Fit a variant's evaluation weights to its own self-play games (Texel's method).
    Tune {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        /// Self-play games (every 5th is held out of the fit, to measure it).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
        games: u32,
        /// Search depth of the self-play moves (player moves).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=8))]
        depth: u32,
        /// Seed of the openings and the dice.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write the weights (TOML); without it they are printed. A variant file's engine
        /// reads its weights from beside it, as NAME.weights.toml.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Start from the weights derived from the pieces, not from the variant's weights file.
        #[arg(long)]
        from_derived: bool,
        /// Pull of each weight toward where it started (larger: the weights move less).
        #[arg(long, default_value_t = messhall_search::tune::FIT_PRIOR)]
        prior: f64,
        /// A term to keep as it starts, e.g. royal_centre or mobility.King, or one of its two
        /// weights, e.g. close_in.mg or mobility.Queen.eg (may be given several times, or as a
        /// comma-separated list).
        #[arg(long, value_delimiter = ',', action = clap::ArgAction::Append)]
        keep: Vec<String>,
        /// Fit only quiet positions: those whose quiescence score equals the static score.
        #[arg(long)]
        quiet_only: bool,
        /// Leave out the games still going at the ply limit (their draw is no result).
        #[arg(long)]
        finished_only: bool,
        /// Fit the logistic scale of the middle game and of the end game apart.
        #[arg(long)]
        phase_scale: bool,
        /// Keep a weight (a term's middle-game or end-game one) as it starts where fewer fitted
        /// positions than this count its term in that phase.
        #[arg(long, default_value_t = 0.0)]
        min_positions: f64,
    },
    /// Benchmarks.
    Bench {
        #[command(subcommand)]
        what: bench::BenchCommand,
    },
    /// Serve every game over HTTP and WebSocket (docs/server.md), storing games in a database.
    ///
    /// The browser UI is at the address it prints (docs/web.md). SIGTERM or Ctrl-C stops it
    /// cleanly.
    Serve {
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// The database: sqlite:PATH or postgres://... (default: messhall.db in the user's data
        /// directory), created and migrated on start.
        #[arg(long)]
        db: Option<String>,
        /// A computer player's time per move in seconds, in games without a clock.
        #[arg(long, default_value = "0.5", value_parser = seconds)]
        ai_time: f64,
        /// How many computer moves this node thinks at once (default: the number of cores; 0:
        /// none, where `messhall worker` nodes think them).
        #[arg(long)]
        ai_threads: Option<usize>,
        /// This server's name in its log lines and /health (default: the host's name).
        #[arg(long, value_parser = node_name)]
        node: Option<String>,
        #[command(flatten)]
        limits: ServeLimits,
    },
    /// Work on players' accounts in a server's database (the operator's).
    Account {
        #[command(subcommand)]
        what: account::AccountCommand,
    },
    /// A node that only thinks: makes the computer moves of the games in a database that
    /// `messhall serve` nodes share, until SIGTERM or Ctrl-C (docs/server.md).
    Worker {
        /// The database the serve nodes use: sqlite:PATH or postgres://...
        #[arg(long)]
        db: String,
        /// How many computer moves it thinks at once (default: the number of cores).
        #[arg(long)]
        threads: Option<usize>,
        /// A computer player's time per move in seconds, in games without a clock.
        #[arg(long, default_value = "0.5", value_parser = seconds)]
        ai_time: f64,
        /// This node's name in its log lines (default: the host's name).
        #[arg(long, value_parser = node_name)]
        node: Option<String>,
    },
}

/// What `messhall serve` allows a client (docs/server.md lists every limit).
#[derive(clap::Args)]
struct ServeLimits {
    /// A reverse proxy whose X-Forwarded-For / Forwarded header names the client (repeat for
    /// more; none by default).
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// An address that may read /metrics (repeat for more; default: 127.0.0.1 and ::1). Behind a
    /// trusted proxy it is the client's address the proxy forwards.
    #[arg(long = "metrics-from", value_name = "IP")]
    metrics_from: Vec<std::net::IpAddr>,
    /// The most connections open at once from one address (behind a proxy: raise it).
    #[arg(long, default_value_t = messhall_server::limits::CONNECTIONS_PER_ADDRESS)]
    connections_per_address: usize,
    /// Seconds a client has to send a request's headers (and a kept-alive connection may idle).
    #[arg(long, default_value_t = messhall_server::limits::HEADER_SECONDS as f64, value_parser = seconds)]
    header_timeout: f64,
    /// Seconds a request may take, its body included.
    #[arg(long, default_value_t = messhall_server::limits::REQUEST_SECONDS as f64, value_parser = seconds)]
    request_timeout: f64,
    /// Seconds a shutdown waits for requests under way.
    #[arg(long, default_value_t = messhall_server::limits::SHUTDOWN_SECONDS as f64, value_parser = seconds)]
    shutdown_grace: f64,
    /// Seconds the side to move of a timed game must have been gone (its page closed) during its
    /// move before the other side may claim the win or a draw.
    #[arg(long, default_value_t = messhall_server::limits::CLAIM_SECONDS as f64, value_parser = seconds)]
    claim_after: f64,
    /// Seconds the side to move must have been gone during its move before the server ends the
    /// game as abandoned (a clock's base time, when longer, is waited for instead; never in
    /// correspondence).
    #[arg(long, default_value_t = messhall_server::limits::ABANDONED_SECONDS as f64, value_parser = seconds)]
    abandoned_after: f64,
}

/// A time in seconds: a finite number above 0 (at most a day), as a match's players read theirs.
fn seconds(text: &str) -> Result<f64, messhall_table::arena::TimeError> {
    messhall_table::arena::read_seconds(text)
}

/// A node's name for `messhall serve --node`.
fn node_name(text: &str) -> Result<String, messhall_server::node::BadName> {
    messhall_server::node::name(text)
}

/// A share of the points for a sequential test: strictly between 0 and 1.
fn share(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s < 1.0 => Ok(s),
        _ => Err(format!(
            "{text:?} is not a share of the points between 0 and 1 (like 0.7 for 70%)"
        )),
    }
}

/// `messhall play`'s arguments, before they are checked against the game.
struct PlayArgs {
    variant: String,
    fen: Option<String>,
    white: Option<String>,
    black: Option<String>,
    level: Option<u8>,
    time: Option<f64>,
    hash: Option<u16>,
    seed: Option<messhall_dice::Seed>,
    load: Option<std::path::PathBuf>,
    players: Option<u8>,
    bots: Option<u8>,
    options: Vec<String>,
    bot: Option<String>,
}

/// Starts `messhall play` on the game asked for, refusing options that do not apply to it.
fn play_command(a: PlayArgs) -> anyhow::Result<()> {
    // A loaded record says its game itself, and it must be the game asked for.
    let game = match &a.load {
        Some(path) => {
            let record = play::read_record_file(path)?;
            let recorded = messhall_records::catalog::from_source(&record.game)?;
            let asked = messhall_records::catalog::load(&a.variant)?;
            if recorded.name() != asked.name() {
                anyhow::bail!(
                    "{} is a record of {}, not of {}",
                    path.display(),
                    messhall_rules::echo(recorded.name()),
                    messhall_rules::echo(asked.name())
                );
            }
            match recorded {
                messhall_records::GameKind::Cafeteria => Some(messhall_records::GameKind::Cafeteria),
                _ => None,
            }
        }
        None => Some(messhall_records::catalog::load(&a.variant)?),
    };
    let refuse = |given: &[(&str, bool)], what: &str| -> anyhow::Result<()> {
        let named: Vec<&str> = given.iter().filter(|(_, g)| *g).map(|(n, _)| *n).collect();
        match named.as_slice() {
            [] => Ok(()),
            _ => anyhow::bail!(
                "{} {} not apply to {what}",
                named.join(", "),
                if named.len() == 1 { "does" } else { "do" }
            ),
        }
    };
    if let Some(messhall_records::GameKind::Cafeteria) = game {
        refuse(
            &[
                ("--fen", a.fen.is_some()),
                ("--white", a.white.is_some()),
                ("--black", a.black.is_some()),
                ("--level", a.level.is_some()),
                ("--time", a.time.is_some()),
                ("--hash", a.hash.is_some()),
            ],
            "the cafeteria game (it takes --players, --bots, --bot, --option and --seed)",
        )?;
        return cafeteria::run(&cafeteria::Settings {
            players: a.players.unwrap_or(4),
            bots: a.bots,
            seed: a.seed,
            options: a.options,
            bot: a.bot,
            load: a.load,
        });
    }
    refuse(
        &[
            ("--players", a.players.is_some()),
            ("--bots", a.bots.is_some()),
            ("--option", !a.options.is_empty()),
            ("--bot", a.bot.is_some()),
        ],
        "a chess game (they are the cafeteria game's)",
    )?;
    let level = a.level.unwrap_or(10);
    let spec = |text: Option<&str>| -> anyhow::Result<messhall_table::PlayerSpec> {
        Ok(match messhall_table::PlayerSpec::parse(text.unwrap_or("human"))? {
            messhall_table::PlayerSpec::Level(10) if text.is_some_and(|t| t.eq_ignore_ascii_case("ai")) => {
                messhall_table::PlayerSpec::Level(level)
            }
            s => s,
        })
    };
    let players = [spec(a.white.as_deref())?, spec(a.black.as_deref())?];
    if a.level.is_some()
        && !players
            .iter()
            .any(|p| matches!(p, messhall_table::PlayerSpec::Level(_)))
    {
        anyhow::bail!("--level is the level of an `ai` player, and neither --white nor --black is ai");
    }
    play::run(&play::Settings {
        variant: a.variant,
        fen: a.fen,
        players,
        time: std::time::Duration::from_secs_f64(a.time.unwrap_or(1.0)),
        seed: a.seed,
        hash_mb: usize::from(a.hash.unwrap_or(16)),
        load: a.load,
    })
}

/// `messhall serve`: the play server until SIGTERM or Ctrl-C.
fn serve(
    addr: String,
    db: Option<String>,
    ai_time: f64,
    ai_threads: Option<usize>,
    node: Option<String>,
    limits: ServeLimits,
) -> anyhow::Result<()> {
    let defaults = messhall_server::Config::default();
    let db = match db {
        Some(db) => db,
        None => messhall_server::default_db()?,
    };
    let config = messhall_server::Config {
        db,
        ai_movetime: std::time::Duration::from_secs_f64(ai_time),
        ai_threads: ai_threads.unwrap_or(defaults.ai_threads),
        trusted_proxies: limits.trusted_proxies,
        connections_per_address: limits.connections_per_address.max(1),
        header_timeout: std::time::Duration::from_secs_f64(limits.header_timeout),
        request_timeout: std::time::Duration::from_secs_f64(limits.request_timeout),
        shutdown_grace: std::time::Duration::from_secs_f64(limits.shutdown_grace),
        claim_after: std::time::Duration::from_secs_f64(limits.claim_after),
        abandoned_after: std::time::Duration::from_secs_f64(limits.abandoned_after),
        node: node.unwrap_or(defaults.node),
        metrics_from: if limits.metrics_from.is_empty() {
            defaults.metrics_from
        } else {
            limits.metrics_from
        },
        ..defaults
    };
    messhall_server::run(&addr, config)?;
    Ok(())
}

fn worker(db: String, threads: Option<usize>, ai_time: f64, node: Option<String>) -> anyhow::Result<()> {
    let defaults = messhall_server::Config::default();
    let config = messhall_server::Config {
        db,
        ai_movetime: std::time::Duration::from_secs_f64(ai_time),
        ai_threads: threads.unwrap_or(defaults.ai_threads).max(1),
        node: node.unwrap_or(defaults.node),
        ..defaults
    };
    messhall_server::run_worker(config)?;
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Variants => show::variants(),
        Command::Show { variant, fen } => show::show(&variant, fen.as_deref()),
        Command::Perft {
            variant,
            depth,
            fen,
            divide,
        } => perft::run(&variant, depth, fen.as_deref(), divide),
        Command::Play {
            variant,
            fen,
            white,
            black,
            level,
            time,
            hash,
            seed,
            load,
            players,
            bots,
            options,
            bot,
        } => play_command(PlayArgs {
            variant,
            fen,
            white,
            black,
            level,
            time,
            hash,
            seed,
            load,
            players,
            bots,
            options,
            bot,
        }),
        Command::Replay { file, pause } => replay::run(&file, pause),
        Command::Uci => messhall_uci::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout())
            .map_err(|e| anyhow::anyhow!("uci: writing the answer failed: {e}")),
        Command::Xboard { seed, hash, variants } => xboard::run(seed, hash, &variants),
        Command::Analyse {
            variant,
            fen,
            time,
            depth,
            hash,
            threads,
        } => analyse::run(
            &variant,
            fen.as_deref(),
            time,
            depth,
            usize::from(hash),
            usize::from(threads),
        ),
        Command::Match {
            variant,
            a,
            b,
            games,
            first_game,
            concurrency,
            time,
            hash,
            threads,
            max_plies,
            records,
            target,
        } => arena::run(&arena::MatchRequest {
            variant: &variant,
            a: &a,
            b: &b,
            games,
            first_game,
            concurrency: usize::from(concurrency),
            decide: target.map(messhall_table::Decide::Interval),
            time,
            hash_mb: usize::from(hash),
            threads: usize::from(threads),
            max_plies: max_plies as usize,
            records: records.as_deref(),
        }),
        Command::Balance {
            variant,
            games,
            level,
            nodes,
            seed,
            max_plies,
            concurrency,
            json,
            html,
        } => balance::run(&balance::BalanceRequest {
            variant: &variant,
            games,
            level,
            nodes,
            seed,
            max_plies,
            concurrency,
            json: json.as_deref(),
            html: html.as_deref(),
        }),
        Command::Diagram {
            variant,
            piece,
            square,
            fen,
        } => diagram::run(&diagram::Request {
            variant: &variant,
            piece,
            square: square.as_deref(),
            fen: fen.as_deref(),
        }),
        Command::Tune {
            variant,
            games,
            depth,
            seed,
            out,
            from_derived,
            prior,
            keep,
            quiet_only,
            finished_only,
            phase_scale,
            min_positions,
        } => tune::run(&tune::TuneRequest {
            variant: &variant,
            games: games as usize,
            depth,
            seed,
            out: out.as_deref(),
            from_derived,
            prior,
            keep: &keep,
            quiet_only,
            finished_only,
            phase_scale,
            min_positions,
        }),
        Command::Bench { what } => bench::run(what),
        Command::Serve {
            addr,
            db,
            ai_time,
            ai_threads,
            node,
            limits,
        } => serve(addr, db, ai_time, ai_threads, node, limits),
        Command::Worker {
            db,
            threads,
            ai_time,
            node,
        } => worker(db, threads, ai_time, node),
        Command::Account { what } => account::run(what),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            for line in error_lines(&e) {
                eprintln!("messhall: {line}");
            }
            ExitCode::FAILURE
        }
    }
}

/// What an error prints: each fault of a variant file on a line of its own, any other error as
/// its chain of causes on one line.
fn error_lines(e: &anyhow::Error) -> Vec<String> {
    let faults = e
        .downcast_ref::<messhall_rules::VariantError>()
        .or_else(|| match e.downcast_ref::<messhall_records::catalog::LoadError>() {
            Some(messhall_records::catalog::LoadError::Variant(v)) => Some(v),
            _ => None,
        })
        .or_else(|| match e.downcast_ref::<messhall_catalog::LoadError>() {
            Some(messhall_catalog::LoadError::Variant(v)) => Some(v),
            _ => None,
        });
    match faults {
        Some(v) => v.lines(),
        None => vec![format!("{e:#}")],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn times_are_finite_and_positive() {
        assert_eq!(seconds("0.5"), Ok(0.5));
        assert_eq!(seconds("3"), Ok(3.0));
        for bad in ["0", "-1", "inf", "NaN", "1e9", "fast", ""] {
            let err = seconds(bad).unwrap_err().to_string();
            assert!(err.contains(&format!("{bad:?}")), "{err}");
        }
        assert_eq!(
            seconds("fast"),
            Err(messhall_table::arena::TimeError::NotANumber { text: "fast".into() })
        );
    }

    #[test]
    fn the_command_line_parses() {
        Cli::command().debug_assert();
        assert!(Cli::try_parse_from(["messhall", "analyse", "chess", "--hash", "0"]).is_err());
        assert!(
            Cli::try_parse_from([
                "messhall", "match", "chess", "--a", "ai", "--b", "random", "--time", "inf"
            ])
            .is_err()
        );
        assert!(Cli::try_parse_from(["messhall", "play", "chess", "--hash", "64", "--time", "0.2"]).is_ok());
        assert!(Cli::try_parse_from(["messhall", "play", "chess", "--level", "11"]).is_err());
        assert!(Cli::try_parse_from(["messhall", "play", "chess", "--level", "0"]).is_err());
        assert!(Cli::try_parse_from(["messhall", "tune", "chess", "--games", "1"]).is_err());
        assert!(Cli::try_parse_from(["messhall", "tune", "chess", "--depth", "9"]).is_err());
        assert!(
            Cli::try_parse_from([
                "messhall",
                "tune",
                "chess",
                "--games",
                "4",
                "--depth",
                "1",
                "--seed",
                "3",
                "--from-derived"
            ])
            .is_ok()
        );
    }

    /// A tiny tuning run through the command writes a weights file the variant reads back.
    #[test]
    fn tune_writes_a_weights_file() {
        let out = std::env::temp_dir().join(format!("messhall-tune-{}.toml", std::process::id()));
        tune::run(&tune::TuneRequest {
            variant: "chess",
            games: 5,
            depth: 1,
            seed: 3,
            out: Some(&out),
            from_derived: true,
            prior: messhall_search::tune::FIT_PRIOR,
            keep: &["royal_centre".to_string()],
            quiet_only: true,
            finished_only: true,
            phase_scale: true,
            min_positions: 100.0,
        })
        .unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let v = messhall_catalog::builtin("chess").unwrap();
        assert!(messhall_search::Weights::from_toml(&v, &text).is_ok(), "{text}");
        let _ = std::fs::remove_file(&out);
        assert!(
            tune::run(&tune::TuneRequest {
                variant: "cafeteria",
                games: 5,
                depth: 1,
                seed: 3,
                out: None,
                from_derived: false,
                prior: messhall_search::tune::FIT_PRIOR,
                keep: &[],
                quiet_only: false,
                finished_only: false,
                phase_scale: false,
                min_positions: 0.0,
            })
            .is_err()
        );
    }

    #[test]
    fn options_of_another_game_are_refused() {
        let args = |variant: &str| PlayArgs {
            variant: variant.into(),
            fen: None,
            white: None,
            black: None,
            level: None,
            time: None,
            hash: None,
            seed: None,
            load: None,
            players: None,
            bots: None,
            options: Vec::new(),
            bot: None,
        };
        let refusals = [
            (
                PlayArgs {
                    players: Some(2),
                    ..args("chess")
                },
                "--players does not apply to a chess game",
            ),
            (
                PlayArgs {
                    fen: Some("8/8/8/8/8/8/8/8 w - - 0 1".into()),
                    ..args("cafeteria")
                },
                "--fen does not apply to the cafeteria game",
            ),
            (
                PlayArgs {
                    level: Some(3),
                    ..args("chess")
                },
                "--level",
            ),
        ];
        for (request, expected) in refusals {
            let err = play_command(request).unwrap_err().to_string();
            assert!(err.contains(expected), "{err}");
        }
    }
}
