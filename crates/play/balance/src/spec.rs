//! What a balance report is asked to measure, and the bounds every request is held to (a report
//! runs as a job on a server's workers, so nothing a request says may make it run unbounded).

use messhall_records::catalog::GameKind;
use std::fmt;

/// The most games a report plays (self-play games; the skill trace plays its own on top).
pub const MAX_GAMES: u32 = 2_000;
/// The largest node budget per move.
pub const MAX_NODES: u64 = 1_000_000;
/// The longest game, in plies, before it is stopped and scored a draw.
pub const MAX_PLY_LIMIT: u32 = 2_000;
/// The ply limit a report uses unless told otherwise.
pub const DEFAULT_MAX_PLIES: u32 = 600;
/// The highest level a report plays at: level 10 searches as long as it is given, and a report
/// gives no time (its games must not depend on the machine).
pub const MAX_LEVEL: u8 = 9;
/// The most games played at once.
pub const MAX_CONCURRENCY: usize = 256;

/// How strongly the games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A playing level, 1 to [`MAX_LEVEL`] (the engine's own depth, node budget and noise).
    Level(u8),
    /// Full-strength search stopped after this many nodes a move.
    Nodes(u64),
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Level(l) => write!(f, "level={l}"),
            Strength::Nodes(n) => write!(f, "nodes={n}"),
        }
    }
}

/// A balance report to make.
#[derive(Clone, Debug)]
pub struct BalanceSpec {
    /// The game: a chess variant (built-in or from a file) or the cafeteria game.
    pub game: GameKind,
    /// Self-play games; in the cafeteria game, games for each player count (2, 3 and 4).
    pub games: u32,
    /// How strongly they are played.
    pub strength: Strength,
    /// The seed every opening, dice roll and engine noise derives from.
    pub seed: u64,
    /// A game still running after this many plies is stopped and scored a draw.
    pub max_plies: u32,
    /// Games played at once, each on its own thread (the report does not depend on it).
    pub concurrency: usize,
}

impl BalanceSpec {
    /// A request for `games` games of `game` at `strength`, with seed 1, the default ply limit
    /// and one game at a time.
    pub fn new(game: GameKind, games: u32, strength: Strength) -> BalanceSpec {
        BalanceSpec {
            game,
            games,
            strength,
            seed: 1,
            max_plies: DEFAULT_MAX_PLIES,
            concurrency: 1,
        }
    }

    /// Checks the request against the bounds.
    ///
    /// # Errors
    /// [`SpecError`] naming the first setting out of bounds.
    pub fn check(&self) -> Result<(), SpecError> {
        if self.games == 0 || self.games > MAX_GAMES {
            return Err(SpecError::Games(self.games));
        }
        match self.strength {
            Strength::Level(l) if !(1..=MAX_LEVEL).contains(&l) => return Err(SpecError::Level(l)),
            Strength::Nodes(n) if n == 0 || n > MAX_NODES => return Err(SpecError::Nodes(n)),
            _ => {}
        }
        if self.max_plies == 0 || self.max_plies > MAX_PLY_LIMIT {
            return Err(SpecError::MaxPlies(self.max_plies));
        }
        if self.concurrency == 0 || self.concurrency > MAX_CONCURRENCY {
            return Err(SpecError::Concurrency(self.concurrency));
        }
        Ok(())
    }
}

/// A request out of bounds.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// No games, or more than [`MAX_GAMES`].
    #[error("games: {0} is not from 1 to {MAX_GAMES}")]
    Games(u32),
    /// A level outside 1..=[`MAX_LEVEL`].
    #[error("level: {0} is not from 1 to {MAX_LEVEL} (level 10 plays on time; use a node budget)")]
    Level(u8),
    /// No nodes, or more than [`MAX_NODES`].
    #[error("nodes: {0} is not from 1 to {MAX_NODES}")]
    Nodes(u64),
    /// No plies, or more than [`MAX_PLY_LIMIT`].
    #[error("max plies: {0} is not from 1 to {MAX_PLY_LIMIT}")]
    MaxPlies(u32),
    /// No threads, or more than [`MAX_CONCURRENCY`].
    #[error("concurrency: {0} is not from 1 to {MAX_CONCURRENCY}")]
    Concurrency(usize),
}
