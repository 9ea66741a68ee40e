//! The `messhall` command.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod bench;
mod board_text;
mod perft;
mod play;
mod show;

/// Play and analyse food-fight chess variants (and, soon, the cafeteria game).
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
    /// Play a game in the terminal: two people at one keyboard.
    Play {
        /// A built-in variant name or the path of a variant file.
        variant: String,
        #[arg(long)]
        fen: Option<String>,
    },
    /// Benchmarks.
    Bench {
        #[command(subcommand)]
        what: bench::BenchCommand,
    },
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
        Command::Play { variant, fen } => play::run(&variant, fen.as_deref()),
        Command::Bench { what } => bench::run(what),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("messhall: {e:#}");
            ExitCode::FAILURE
        }
    }
}
