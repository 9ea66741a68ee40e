//! The games of each pair of neighbouring levels, as `bench ladder` and `bench levels` play
//! them: one set of options, one way to make each pair's match.

use crate::arena::MatchRequest;
use messhall_table::Decide;
use std::path::{Path, PathBuf};

/// How the games of each pair are played.
#[derive(clap::Args, Clone, Debug)]
pub struct PairGames {
    /// Games per pair.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub concurrency: u16,
    /// Seconds a move at most for levels 1 to 9 (their depth and node limits decide their moves).
    #[arg(long, default_value_t = 60.0, value_parser = crate::seconds)]
    pub time: f64,
    /// Transposition table of each player, in MB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u16).range(1..=16384))]
    pub hash: u16,
    /// A game still running after this many plies is scored a draw.
    #[arg(long, default_value_t = crate::arena::MAX_PLIES as u32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_plies: u32,
    /// A folder for the games' records, one subfolder per pair (level-N for level N against the
    /// one below).
    #[arg(long)]
    pub records: Option<PathBuf>,
}

impl PairGames {
    /// Where the records of `level`'s pair go, if anywhere.
    pub fn records_of(&self, level: u8) -> Option<PathBuf> {
        self.records.as_ref().map(|dir| dir.join(format!("level-{level}")))
    }

    /// The match of `a` against `b` in `variant`, from game `first_game`, stopping as `decide`
    /// says, its records in `records`.
    pub fn request<'a>(
        &self,
        variant: &'a str,
        (a, b): (&'a str, &'a str),
        first_game: u32,
        decide: Option<Decide>,
        records: Option<&'a Path>,
    ) -> MatchRequest<'a> {
        MatchRequest {
            variant,
            a,
            b,
            games: self.games,
            first_game,
            concurrency: usize::from(self.concurrency),
            decide,
            time: self.time,
            hash_mb: usize::from(self.hash),
            threads: 1,
            max_plies: self.max_plies as usize,
            records,
        }
    }

    /// Quick games for tests: `games` a pair, `time` seconds a move, at most `max_plies`.
    #[cfg(test)]
    pub fn quick(games: u32, time: f64, max_plies: u32, records: Option<PathBuf>) -> PairGames {
        PairGames {
            games,
            concurrency: 2,
            time,
            hash: 1,
            max_plies,
            records,
        }
    }
}
