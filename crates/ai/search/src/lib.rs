//! The messhall AI: one search for every chess game of the rules core.
//!
//! Iterative deepening over a principal-variation alpha-beta search with a transposition table,
//! quiescence on captures, move ordering (hash move, MVV-LVA, killers, history), check extension
//! where the game has check, mate scores, passes, royal capture, repetition and fifty-move
//! awareness, and time management. The evaluation is built from the variant's data only, so a
//! variant the engine has never seen is played as well as its data allows. Levels 1 to 9 weaken
//! the engine by depth, node budgets and deliberate, seeded noise on the root moves ([`Level`]).
//!
//! ```
//! use messhall_search::{Engine, Limits, Options};
//! use std::sync::Arc;
//! let chess = Arc::new(messhall_catalog::builtin("chess").unwrap());
//! let mut engine = Engine::new(chess.clone(), &Options::default());
//! let result = engine.search(&chess.start(), &[], &Limits::depth(2), &mut |_| {}).unwrap();
//! assert!(chess.legal_moves(&chess.start()).contains(&result.pv[0]));
//! ```
#![warn(missing_docs)]

pub mod baseline;
pub mod bench;
pub mod eval;
mod level;
pub mod movepicker;
pub mod parameters;
pub mod referee;
mod rng;
pub mod search;
pub mod see;
mod steer;
pub mod timemgmt;
pub mod transpositiontable;
pub mod tune;
pub mod weights;

pub use level::Level;
pub use rng::SearchRng;
pub use search::{NodeKind, Score, SearchInfo, Searcher};
pub use steer::best_step;
pub use timemgmt::{Clock, Limits};
pub use transpositiontable::HashError;
pub use weights::{Weights, WeightsError};

use messhall_rules::{Move, Position, Variant};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// How an engine is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// How strongly the engine plays.
    pub level: Level,
    /// Seed of the deliberate noise of weaker levels.
    pub seed: u64,
    /// Search threads (see [`Engine::set_threads`]).
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: 16,
            level: Level::FULL,
            seed: 0,
            threads: 1,
        }
    }
}

/// The most search threads an engine runs.
pub const MAX_THREADS: usize = 256;

/// A searching player for one variant.
pub struct Engine {
    searcher: Searcher,
    /// The helper threads' searchers (lazy SMP): none for a search on one thread.
    helpers: Vec<Searcher>,
    /// Set when the main thread's search ends, to stop the helpers.
    helpers_stop: Arc<AtomicBool>,
    /// The nodes the helpers have searched in the current search.
    helper_nodes: Arc<AtomicU64>,
    level: Level,
    rng: SearchRng,
    /// Search plies per player move: 2 where a chance event (the PieceEater's step) follows every
    /// move, since an event uses a ply of depth. A level's depths count player moves.
    plies_per_move: u32,
    /// The game's start moves' spread, which scales the level's noise.
    move_spread: i32,
}

/// Whether a chance event comes between the players' moves (looked at from the start position).
pub(crate) fn events_between_moves(v: &Variant) -> bool {
    let start = v.start();
    v.chance_pending(&start)
        || v.legal_moves(&start)
            .first()
            .is_some_and(|mv| v.chance_pending(&start.play_unchecked(v, mv)))
}

impl Engine {
    /// An engine whose hash table has `options.hash_mb` MB, or the largest size that can be had
    /// (see [`Engine::try_new`] to refuse instead).
    pub fn new(variant: Arc<Variant>, options: &Options) -> Engine {
        let searcher = Searcher::new(variant.clone(), options.hash_mb);
        let mut engine = Engine {
            plies_per_move: if events_between_moves(&variant) { 2 } else { 1 },
            move_spread: searcher.eval.start_move_spread(&variant),
            searcher,
            helpers: Vec::new(),
            helpers_stop: Arc::new(AtomicBool::new(false)),
            helper_nodes: Arc::new(AtomicU64::new(0)),
            level: options.level,
            rng: SearchRng::new(options.seed),
        };
        engine.set_threads(options.threads);
        engine
    }

    /// An engine as [`Engine::new`], refused when its hash table cannot be had.
    ///
    /// # Errors
    /// [`HashError`], with the largest size that could be had.
    pub fn try_new(variant: Arc<Variant>, options: &Options) -> Result<Engine, HashError> {
        let table = transpositiontable::TranspositionTable::try_new(options.hash_mb)?;
        // The table is allocated first, so a refusal costs no evaluator set-up.
        let mut engine = Engine::new(variant, &Options { hash_mb: 0, ..*options });
        engine.searcher.tt = Arc::new(table);
        // The helpers were made with the placeholder table: they share the real one.
        let threads = engine.threads();
        engine.set_threads(1);
        engine.set_threads(threads);
        Ok(engine)
    }

    /// Searches on `threads` threads from now on (at least 1, at most [`MAX_THREADS`]): the main
    /// one, whose result is played, and helpers that search the same position through the shared
    /// table (lazy SMP). With one thread a search is deterministic; with more it is not.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, MAX_THREADS);
        self.helpers.truncate(threads - 1);
        while self.helpers.len() < threads - 1 {
            let index = self.helpers.len() + 1;
            let helper = self
                .searcher
                .helper(index, self.helper_nodes.clone(), self.helpers_stop.clone());
            self.helpers.push(helper);
        }
        self.searcher.team = if threads == 1 {
            search::Team::Alone
        } else {
            search::Team::Main {
                nodes: self.helper_nodes.clone(),
            }
        };
    }

    /// The threads a search runs on.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Searching stops soon after `flag` is set (the search never clears it).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.searcher.set_stop_flag(flag);
    }

    /// The flag that stops a search from another thread when set.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.searcher.stop_flag()
    }

    /// Evaluates with `weights` from now on (a variant's own weights file, or fitted ones).
    pub fn set_weights(&mut self, weights: &Weights) {
        self.searcher.set_weights(weights);
        self.helpers.iter_mut().for_each(|h| h.set_weights(weights));
    }

    /// The search itself (the tuner asks it for static and quiescence scores).
    pub fn searcher_mut(&mut self) -> &mut Searcher {
        &mut self.searcher
    }

    /// Forgets what earlier searches learned.
    pub fn new_game(&mut self) {
        self.searcher.clear();
        if let Some(guard) = &mut self.searcher.material_guard {
            guard.forget();
        }
        self.helpers.iter_mut().for_each(Searcher::clear_move_order);
    }

    /// Searches `pos` within `limits` (and the level's depth). `history` holds the hashes of the
    /// game's earlier positions, oldest first, for repetitions. `on_iteration` is called after each
    /// finished depth. `None` when the side to move has no legal move (the game is over).
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchInfo> {
        self.searcher.noise_cp = self.level.noise_cp_for(self.move_spread);
        self.searcher.noise_key = self.rng.next_u64();
        self.searcher.noise_margin = self.level.margin_cp();
        if self.level.guards_material() && self.searcher.material_guard.is_none() {
            let variant = self.searcher.variant.clone();
            self.searcher.material_guard = Some(Box::new(referee::Referee::new(variant)));
        }
        let mut limits = *limits;
        self.searcher.node_floor = 0;
        if let Some(n) = self.level.max_nodes() {
            // The level's minimum depth may outrun its own budget, never a limit it was given.
            if limits.nodes.is_none() {
                self.searcher.node_floor = self.level.min_depth() * self.plies_per_move;
            }
            limits.nodes = Some(limits.nodes.map_or(n, |m| m.min(n)));
        }
        let max_depth = self.level.max_depth().map(|d| d * self.plies_per_move);
        if self.helpers.is_empty() {
            return self.searcher.search(pos, history, &limits, max_depth, on_iteration);
        }
        // The helpers search without limits of their own until the main thread is done; they
        // start after the main thread has begun the table's new search.
        self.helpers_stop.store(false, Ordering::Relaxed);
        self.helper_nodes.store(0, Ordering::Relaxed);
        self.searcher.tt.new_search();
        let helper_limits = Limits {
            depth: [limits.depth, max_depth].into_iter().flatten().min(),
            ..Limits::default()
        };
        let (main, helpers, stop) = (&mut self.searcher, &mut self.helpers, &self.helpers_stop);
        std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                helper.noise_cp = main.noise_cp;
                helper.noise_key = main.noise_key;
                scope.spawn(|| helper.search(pos, history, &helper_limits, None, &mut |_| {}));
            }
            let result = main.search(pos, history, &limits, max_depth, on_iteration);
            stop.store(true, Ordering::Relaxed);
            result
        })
    }

    /// The move to play: the first move of the principal variation.
    pub fn best_move(&mut self, pos: &Position, history: &[u64], limits: &Limits) -> Option<Move> {
        self.search(pos, history, limits, &mut |_| {}).map(|i| i.pv[0])
    }
}
