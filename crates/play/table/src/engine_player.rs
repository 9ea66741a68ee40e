//! The engine as a player: at a level, to a depth, to a node count, within the time it is given
//! or the table's clock.

use crate::player::{Budget, Choice, Player};
use crate::players::PlayerSpec;
use crate::table::{Action, Legal, Table};
use messhall_records::Seat;
use messhall_records::color_of;
use messhall_rules::Variant;
use messhall_search::{Engine, HashError, Level, Limits, Options, SearchInfo, Weights, WeightsError};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The engine playing a chess variant.
pub struct EnginePlayer {
    spec: PlayerSpec,
    engine: Engine,
    variant: Arc<Variant>,
    /// What the last search found (for a front end's "thinking" line and analysis).
    last: Option<SearchInfo>,
}

impl EnginePlayer {
    /// An engine player of `spec` (a level, depth or node count; anything else plays at full
    /// strength) for `variant`, its noise seeded by `seed`, with a `hash_mb` MB table.
    pub fn new(variant: Arc<Variant>, spec: PlayerSpec, seed: u64, hash_mb: usize) -> EnginePlayer {
        let engine = Engine::new(variant.clone(), &Self::options(spec, seed, hash_mb));
        EnginePlayer::with_engine(variant, spec, engine)
    }

    /// An engine player as [`EnginePlayer::new`], refused when its `hash_mb` MB table cannot be had.
    ///
    /// # Errors
    /// [`HashError`], with the size that could be had.
    pub fn try_new(
        variant: Arc<Variant>,
        spec: PlayerSpec,
        seed: u64,
        hash_mb: usize,
    ) -> Result<EnginePlayer, HashError> {
        let engine = Engine::try_new(variant.clone(), &Self::options(spec, seed, hash_mb))?;
        Ok(EnginePlayer::with_engine(variant, spec, engine))
    }

    fn options(spec: PlayerSpec, seed: u64, hash_mb: usize) -> Options {
        let level = match spec {
            PlayerSpec::Level(n) => Level::new(n),
            _ => Level::FULL,
        };
        Options {
            level,
            seed,
            hash_mb,
            ..Options::default()
        }
    }

    /// Searches on `threads` threads from now on ([`Engine::set_threads`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.engine.set_threads(threads);
    }

    fn with_engine(variant: Arc<Variant>, spec: PlayerSpec, engine: Engine) -> EnginePlayer {
        EnginePlayer {
            spec,
            engine,
            variant,
            last: None,
        }
    }

    /// Evaluates with `weights` from now on (a variant file's own weights file).
    pub fn set_weights(&mut self, weights: &Weights) {
        self.engine.set_weights(weights);
    }

    /// What the last search found.
    pub fn last_search(&self) -> Option<&SearchInfo> {
        self.last.as_ref()
    }

    /// The search limits for a move: the specification's own depth or nodes, capped by the time
    /// per move; a level by the clock when the table has one, else by the time per move.
    fn limits(&self, table: &Table, seat: Seat, budget: &Budget) -> Limits {
        let mut limits = match (self.spec, table.clock()) {
            (PlayerSpec::Depth(d), _) => Limits::depth(d),
            (PlayerSpec::Nodes(n), _) => Limits::nodes(n),
            (_, Some(clock)) => clock.limits_for(seat, budget.now),
            (_, None) => Limits::default(),
        };
        if limits.movetime.is_none() {
            limits.movetime = budget.movetime;
        }
        if let (Some(clock), true) = (table.clock(), limits.clock.is_none()) {
            // A depth or node player on a clock must not lose on time either.
            let on_clock = clock.limits_for(seat, budget.now);
            limits.clock = on_clock.clock;
            limits.opponent = on_clock.opponent;
        }
        limits
    }
}

impl Player for EnginePlayer {
    fn name(&self) -> String {
        self.spec.to_string()
    }

    fn choose(&mut self, table: &Table, seat: Seat, budget: &Budget) -> Choice {
        let Some(chess) = table.chess() else {
            return Choice::Nothing;
        };
        let limits = self.limits(table, seat, budget);
        let history = chess.history();
        let pos = chess.position();
        match table.legal() {
            Legal::Moves(_) => {
                self.last = self.engine.search(pos, &history, &limits, &mut |_| {});
                match self.last.as_ref().and_then(|info| info.pv.first()) {
                    Some(&mv) => Choice::Act(Action::Move(mv)),
                    None => Choice::Nothing,
                }
            }
            Legal::Steps(steps) => {
                let steps = steps.clone();
                let v = self.variant.clone();
                match messhall_search::best_step(&mut self.engine, &v, pos, color_of(seat), &steps, &history, &limits) {
                    Some(o) => Choice::Act(Action::Steer(o)),
                    None => Choice::Nothing,
                }
            }
            _ => Choice::Nothing,
        }
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        Some(self.engine.stop_flag())
    }
}

/// The weights file beside the variant file a user named (`NAME.weights.toml` for `NAME.toml`,
/// written by `messhall tune`), if there is one: `None` for a built-in game, a file without one,
/// and a variant that came from a record or an upload (whose name is no path on this disk).
///
/// # Errors
/// [`RefusedWeights`] naming the weights file when it cannot be read or is refused.
pub fn file_weights(game: &messhall_records::catalog::ChessGame) -> Result<Option<Weights>, RefusedWeights> {
    let Some(path) = &game.weights_file else {
        return Ok(None);
    };
    if !path.exists() {
        return Ok(None);
    }
    Weights::from_file(&game.variant, path)
        .map(Some)
        .map_err(|error| RefusedWeights {
            path: path.clone(),
            error,
        })
}

/// A weights file beside a variant file that cannot be read or is refused.
#[derive(Debug, thiserror::Error)]
#[error("{}: {error}", .path.display())]
pub struct RefusedWeights {
    /// The weights file.
    pub path: std::path::PathBuf,
    /// Why it was refused.
    pub error: WeightsError,
}
