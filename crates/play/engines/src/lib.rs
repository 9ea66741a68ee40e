//! External chess engines as messhall players: Fairy-Max, Fairy-Stockfish or any engine that
//! speaks XBoard/CECP 2 or UCI, each a [`messhall_table::Player`] so that matches (and later the
//! server) use them like our own players.
//!
//! An engine is named `xboard:PROGRAM` or `uci:PROGRAM` with settings after commas
//! ([`EngineConfig`]). It runs as a child process, started at its first move of a game and
//! killed when its player is dropped. It is told the whole game each move (start and moves, so
//! it sees repetitions) with a time per move, and its answer goes through our rules: the game
//! stays ours. An engine that answers an illegal move, resigns, claims a result, crashes or
//! stays silent past ten times its time per move plus two seconds has its
//! [`messhall_table::Player::fault`], and a match scores that game lost for it.
//!
//! ```
//! use messhall_engines::EngineConfig;
//! let config = EngineConfig::parse("uci:sh,variant=dropskc,option.Skill Level=15,time=0.3").unwrap();
//! assert_eq!(config.name, "uci:sh");
//! assert!(EngineConfig::parse("xboard:").is_err());
//! ```

#![warn(missing_docs)]
// Nothing an engine says may panic (the unit tests may unwrap).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

mod config;
mod external;
mod fault;
mod notation;
mod process;
mod uci;
mod xboard;

pub use config::{ConfigError, EngineConfig, Protocol};
pub use external::ExternalEngine;
pub use notation::Ranks;

use messhall_table::arena::Contestant;
use std::sync::Arc;

impl EngineConfig {
    /// The engine as a match contestant: a fresh engine process for each game.
    pub fn contestant(self) -> Contestant {
        let (name, time) = (self.name.clone(), self.time);
        let config = Arc::new(self);
        let make: messhall_table::arena::PlayerMaker = Arc::new(move |game, _seed, _hash_mb| {
            let player: Box<dyn messhall_table::Player> = Box::new(ExternalEngine::new(config.clone(), game)?);
            Ok(player)
        });
        Contestant::new(&name, make, time)
    }
}
