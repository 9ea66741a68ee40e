//! Iterative deepening, principal-variation alpha-beta (negamax) and quiescence on captures.
//!
//! Game-agnostic: the search asks the variant for legal moves, checks, decided material and end
//! rules, and never which variant it plays. A node is a choice node or a chance node ([`NodeKind`]:
//! a dice roll, as in the PieceEater), searched by expectimax with Star1/Star2-style bounds over
//! its outcomes.

use crate::eval::Evaluator;
use crate::movepicker::{self, is_tactical, pick, score_moves};
use crate::parameters::*;
use crate::timemgmt::{Limits, TimeManager};
use crate::transpositiontable::{Bound, TranspositionTable};
use messhall_geometry::Square;
use messhall_rules::spec::{RoyalRule, StalemateRule};
use messhall_rules::{ChanceOutcome, Move, MoveKind, Position, Variant};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

mod chance;
mod pruning;
mod quiescence;
mod quiet;
mod root;

/// A win by mate (or royal capture) at the root; mates further away score less.
pub const MATE: i32 = 30_000;
/// Scores at least this far from 0 are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// A bound above every score, mates included.
pub const INFINITY: i32 = 31_000;
/// Deepest ply the search reaches (extensions and quiescence included).
pub const MAX_PLY: usize = 128;
/// Plies of iterative deepening at most.
pub const MAX_DEPTH: u32 = 64;
/// Slots of the evaluation cache (16 bytes each).
pub const EVAL_CACHE_SLOTS: usize = 1 << 16;
/// The score of a slot nothing has been put in (no evaluation returns it).
const EMPTY_SLOT: i32 = i32::MIN;
/// The static score of a node in check (none is taken there).
const NO_EVAL: i32 = -INFINITY - 1;
/// How often (in nodes) the clock and the stop flag are looked at.
pub const CHECK_EVERY: u64 = 1024;

/// A score as people read it: centipawns, or moves to mate (negative: being mated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, from the side to move's view.
    Cp(i32),
    /// Moves to mate: positive when the side to move mates, negative when it is mated.
    Mate(i32),
}

impl Score {
    /// The score as people read it from the search's internal score.
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s + 1) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// The depth the iteration searched to.
    pub depth: u32,
    /// The score of the best line.
    pub score: Score,
    /// The score in centipawns (mates as +-[`MATE`] minus plies).
    pub raw_score: i32,
    /// Nodes searched so far in the whole search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation: the best line found, best move first.
    pub pv: Vec<Move>,
    /// False when the result comes from an iteration stopped part way, whose best move so far
    /// was fully searched at `depth` and beat the earlier iterations' choice.
    pub complete: bool,
}

impl SearchInfo {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let ms = self.elapsed.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / ms) as u64
    }
}

/// The kind of a search node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The side to move picks a move (negamax).
    Choice,
    /// A chance event is pending (the PieceEater's step): its outcomes are averaged by their
    /// probabilities (expectimax with Star1/Star2-style cutoffs, in `search/chance.rs`),
    /// or, where a player steers it, that player picks the best outcome for itself.
    Chance,
}

/// A searcher's part in a search on several threads (lazy SMP): every thread searches the same
/// root through one shared table, and the helpers' entries steer and cut the main thread's tree.
#[derive(Clone, Debug, Default)]
pub(crate) enum Team {
    /// The only thread.
    #[default]
    Alone,
    /// The thread whose result counts; the helpers' nodes are added to its count (`nodes`).
    Main { nodes: Arc<AtomicU64> },
    /// Helper `index` (from 1): publishes its nodes to the main thread's count, and skips some
    /// depths ([`helper_skips`]) so that the threads search different depths at once.
    Helper { index: usize, nodes: Arc<AtomicU64> },
}

/// Whether helper `index` (from 1) skips iteration `depth`: helper k skips depths in blocks of
/// `ilog2(k) + 1`, shifted by k, so that half the helpers are a depth ahead of the main thread at
/// any time and they spread over several depths as they grow in number.
pub(crate) fn helper_skips(index: usize, depth: u32) -> bool {
    let size = index.ilog2() as usize + 1;
    ((depth as usize + index) / size) % 2 == 1
}

/// The search state: tables that live across searches, and per-search counters.
pub struct Searcher {
    pub(crate) variant: Arc<Variant>,
    pub(crate) eval: Evaluator,
    /// Static scores by position key, a slot per key's low bits: a chance node's outcomes are
    /// searched again with narrower windows (Star1/Star2), so in the PieceEater more than half
    /// of all evaluations repeat one just made (depth 8 at the start: 3.1 of 5.5 million).
    eval_cache: Vec<(u64, i32)>,
    pub(crate) tt: Arc<TranspositionTable>,
    /// This searcher's part in a search on several threads.
    pub(crate) team: Team,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    /// The quiet move that last refuted each move, by side, from and to of the move refuted.
    counters: Vec<Option<Move>>,
    /// The move played at each ply on the current path (`None` for a null move).
    played: Vec<Option<Move>>,
    /// The static score at each ply on the current path ([`NO_EVAL`] in check).
    static_evals: Vec<i32>,
    /// Per ply, the key of the position last entered there from the ply above and whether its
    /// side to move is in check: the parent asks to see whether its move gives check, and the
    /// child need not ask again.
    known_check: Vec<(u64, bool)>,
    /// The quiet moves tried at each ply, for the history's malus.
    quiet_bufs: Vec<Vec<Move>>,
    lmr: pruning::LmrTable,
    pv: Vec<Vec<Move>>,
    move_bufs: Vec<Vec<Move>>,
    score_bufs: Vec<Vec<i32>>,
    /// Hashes from the game's start to the current node.
    path: Vec<u64>,
    pub(crate) nodes: u64,
    max_nodes: Option<u64>,
    aborted: bool,
    /// The score of the root's best move so far in the current iteration.
    root_score: i32,
    /// The move the root searches first: the best of the last finished iteration.
    root_first: Option<Move>,
    /// How many quiescence calls are nested at the current node.
    quiescence_depth: usize,
    /// Depth 1 always finishes, so there is always a move to play.
    first_iteration: bool,
    /// Iterations up to this depth are not stopped by the node limit (set by the levels, so a
    /// level's node budget never leaves it shallower than the level below).
    pub(crate) node_floor: u32,
    node_limit_on: bool,
    stop: Arc<AtomicBool>,
    time: Option<TimeManager>,
    has_check: bool,
    /// Captures are ordered by their static exchange from this depth on.
    see_order_min_depth: i32,
    /// Deliberate evaluation noise for weaker levels: amplitude and this search's key.
    pub(crate) noise_cp: i32,
    pub(crate) noise_key: u64,
    /// A weakened level's margin: with noise, the root scores every move exactly and never
    /// chooses one more than this below the best ([`Searcher::misjudging_root`]).
    pub(crate) noise_margin: Option<i32>,
    /// A weak level's guard against giving material away: of the moves within its margin, it
    /// plays none that the referee would count as given away ([`crate::referee::Referee::losses`]).
    pub(crate) material_guard: Option<Box<crate::referee::Referee>>,
    /// Quiescence skips captures that cannot raise the score to alpha even with [`DELTA_MARGIN`],
    /// except in games with chance events: there a capture's score includes the chance of what
    /// follows, which a victim's value does not bound, and the skip would depend on the window,
    /// so the chance cutoffs could change the result.
    delta_pruning: bool,
    /// Only in this crate's tests: no reduction or pruning whose result depends on the window
    /// (late moves, the static score, the null move, the delta margin), so that searches with
    /// different windows can be compared.
    #[cfg(test)]
    pub(crate) window_independent: bool,
    /// Only in this crate's tests: plain expectimax at chance nodes (every outcome searched with a
    /// full window), the reference the chance cutoffs are checked against.
    #[cfg(test)]
    pub(crate) plain_expectimax: bool,
}

impl Searcher {
    /// A searcher for `variant` with a transposition table of `hash_mb` MB.
    pub fn new(variant: Arc<Variant>, hash_mb: usize) -> Searcher {
        Searcher::with_table(variant, Arc::new(TranspositionTable::new(hash_mb)))
    }

    /// A searcher that stores its results in `tt` (which other searchers may share).
    pub fn with_table(variant: Arc<Variant>, tt: Arc<TranspositionTable>) -> Searcher {
        let eval = Evaluator::new(&variant);
        // Checkmate games, and games whose last royal is royal (the Friendly game's last Friend).
        let has_check = variant.end().royal != RoyalRule::Capture;
        let start = variant.start();
        let has_chance = variant.chance_pending(&start)
            || variant
                .legal_moves(&start)
                .iter()
                .any(|m| variant.chance_pending(&start.play_unchecked(&variant, m)));
        Searcher {
            eval,
            tt,
            team: Team::Alone,
            eval_cache: vec![(0, EMPTY_SLOT); EVAL_CACHE_SLOTS],
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 256 * 256],
            counters: vec![None; 2 * 256 * 256],
            played: vec![None; MAX_PLY + 1],
            static_evals: vec![NO_EVAL; MAX_PLY + 1],
            known_check: vec![(0, false); MAX_PLY + 1],
            quiet_bufs: vec![Vec::new(); MAX_PLY + 1],
            lmr: pruning::LmrTable::new(),
            pv: vec![Vec::new(); MAX_PLY + 1],
            move_bufs: vec![Vec::new(); MAX_PLY + 1],
            score_bufs: vec![Vec::new(); MAX_PLY + 1],
            path: Vec::new(),
            nodes: 0,
            max_nodes: None,
            aborted: false,
            quiescence_depth: 0,
            first_iteration: false,
            node_floor: 0,
            root_score: 0,
            root_first: None,
            node_limit_on: true,
            stop: Arc::new(AtomicBool::new(false)),
            time: None,
            has_check,
            see_order_min_depth: if variant.roles().any(|(r, _)| variant.is_borrower(r)) {
                SEE_ORDER_MIN_DEPTH_BORROWING
            } else {
                1
            },
            noise_cp: 0,
            noise_key: 0,
            noise_margin: None,
            material_guard: None,
            delta_pruning: !has_chance,
            #[cfg(test)]
            window_independent: false,
            #[cfg(test)]
            plain_expectimax: false,
            variant,
        }
    }

    /// A helper for a search on several threads: the same variant, evaluation and table, its own
    /// move-order tables, its stop flag `stop`.
    pub(crate) fn helper(&self, index: usize, nodes: Arc<AtomicU64>, stop: Arc<AtomicBool>) -> Searcher {
        let mut helper = Searcher::with_table(self.variant.clone(), self.tt.clone());
        helper.eval = self.eval.clone();
        helper.team = Team::Helper { index, nodes };
        helper.stop = stop;
        helper
    }

    /// The nodes of this search: this thread's, and as the main thread of several, the helpers'
    /// published so far.
    fn total_nodes(&self) -> u64 {
        match &self.team {
            Team::Main { nodes } => self.nodes + nodes.load(Ordering::Relaxed),
            _ => self.nodes,
        }
    }

    /// Shares `flag` as the flag that stops this search (set from another thread).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// The flag that stops this search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Evaluates with `weights` from now on.
    pub fn set_weights(&mut self, weights: &crate::Weights) {
        self.eval.set_weights(&self.variant, weights);
        self.eval_cache.iter_mut().for_each(|slot| *slot = (0, EMPTY_SLOT));
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.clear_move_order();
    }

    /// Forgets the move order learned (history, counter moves, killers), keeping the table.
    pub fn clear_move_order(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = None);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Iterative deepening from `pos`. `history` holds the hashes of the game's earlier positions
    /// (for repetitions); `on_iteration` hears about every finished depth. Returns the last
    /// finished iteration (depth 1 always finishes), or `None` when there is no legal move.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        max_depth: Option<u32>,
        on_iteration: &mut dyn FnMut(&SearchInfo),
    ) -> Option<SearchInfo> {
        let v = self.variant.clone();
        let root_moves = v.legal_moves(pos);
        if root_moves.is_empty() {
            return None;
        }
        let time = TimeManager::new(limits);
        self.time = Some(time);
        self.nodes = 0;
        self.max_nodes = limits.nodes;
        self.aborted = false;
        // The only thread starts the table's new search; with several, the engine does before it
        // starts them.
        if matches!(self.team, Team::Alone) {
            self.tt.new_search();
        }
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= HISTORY_AGE_DIVISOR);
        self.path.clear();
        self.path.extend_from_slice(history);
        self.path.push(pos.hash());
        let depth_limit = [limits.depth, max_depth]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        let mut best: Option<SearchInfo> = None;
        let helper = match self.team {
            Team::Helper { index, .. } => Some(index),
            _ => None,
        };
        for depth in 1..=depth_limit {
            if helper.is_some_and(|k| helper_skips(k, depth)) {
                continue;
            }
            self.first_iteration = depth == 1;
            self.node_limit_on = depth > self.node_floor;
            self.root_first = best.as_ref().map(|b| b.pv[0]);
            let previous = best.as_ref().filter(|b| b.complete).map(|b| b.raw_score);
            let score = self.root_search(pos, depth, previous);
            if self.aborted && best.is_some() {
                // The root searches the last iteration's best move first, so a different move
                // found best before the stop has been proved better at this depth: play it.
                if let Some(done) = &best
                    && let Some(&first) = self.pv[0].first()
                    && first != done.pv[0]
                    && root_moves.contains(&first)
                {
                    let info = SearchInfo {
                        depth,
                        score: Score::from_internal(self.root_score),
                        raw_score: self.root_score,
                        nodes: self.total_nodes(),
                        elapsed: time.elapsed(),
                        pv: self.pv[0].clone(),
                        complete: false,
                    };
                    on_iteration(&info);
                    best = Some(info);
                }
                break;
            }
            let mut pv = self.pv[0].clone();
            if pv.is_empty() || !root_moves.contains(&pv[0]) {
                pv = vec![root_moves[0]];
            }
            let info = SearchInfo {
                depth,
                score: Score::from_internal(score),
                raw_score: score,
                nodes: self.total_nodes(),
                elapsed: time.elapsed(),
                pv,
                complete: true,
            };
            on_iteration(&info);
            best = Some(info);
            if self.aborted || time.past_soft_limit() || self.stop.load(Ordering::Relaxed) {
                break;
            }
            // A forced move needs no thought beyond depth 1 unless a limit asks for depth.
            if root_moves.len() == 1 && limits.depth.is_none() && limits.nodes.is_none() {
                break;
            }
            if score.abs() >= MATE_BOUND && depth as i32 > 2 * (MATE - score.abs()) + 2 {
                break;
            }
        }
        self.time = None;
        if let Team::Helper { nodes, .. } = &self.team {
            nodes.fetch_add(self.nodes % CHECK_EVERY, Ordering::Relaxed);
        }
        best
    }

    /// One iteration at the root: within an aspiration window around `previous`, the last
    /// iteration's score, widened until the score falls inside it; with a full window at shallow
    /// depths, after a mate score and when [`Searcher::aspiration`] is off.
    fn root_search(&mut self, pos: &Position, depth: u32, previous: Option<i32>) -> i32 {
        if let Some(margin) = self.noise_margin.filter(|_| self.noise_cp > 0) {
            return self.misjudging_root(pos, depth, margin);
        }
        let full = |s: &mut Searcher| s.negamax(pos, depth as i32, -INFINITY, INFINITY, 0, true);
        let Some(previous) = previous.filter(|p| depth >= ASPIRATION_MIN_DEPTH && p.abs() < MATE_BOUND) else {
            return full(self);
        };
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let score = self.negamax(pos, depth as i32, alpha, beta, 0, true);
            if self.aborted {
                return score;
            }
            if score > alpha && score < beta {
                return score;
            }
            delta *= 2;
            if delta > ASPIRATION_MAX {
                return full(self);
            }
            if score <= alpha {
                alpha = (previous - delta).max(-INFINITY);
            } else {
                beta = (previous + delta).min(INFINITY);
            }
        }
    }

    /// Whether to abandon the search (checked every [`CHECK_EVERY`] nodes, and always at the node limit).
    fn should_stop(&mut self) -> bool {
        if self.nodes % CHECK_EVERY == 0
            && let Team::Helper { nodes, .. } = &self.team
        {
            nodes.fetch_add(CHECK_EVERY, Ordering::Relaxed);
        }
        if self.aborted {
            return true;
        }
        if self.first_iteration {
            return false;
        }
        if (self.node_limit_on && self.max_nodes.is_some_and(|m| self.total_nodes() >= m))
            || (self.nodes % CHECK_EVERY == 0
                && (self.stop.load(Ordering::Relaxed) || self.time.is_some_and(|t| t.out_of_time())))
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn node_kind(&self, pos: &Position) -> NodeKind {
        if self.variant.chance_pending(pos) {
            NodeKind::Chance
        } else {
            NodeKind::Choice
        }
    }

    /// The score of a position with no legal move, for the side to move.
    fn no_moves_score(&self, pos: &Position, ply: usize) -> i32 {
        let v = &*self.variant;
        if self.has_check && v.in_check(pos) {
            return -(MATE - ply as i32);
        }
        match v.end().stalemate {
            StalemateRule::Loss => -(MATE - ply as i32),
            // A pass was offered unless the other side just passed: both stalemated, a draw.
            StalemateRule::Draw | StalemateRule::Pass => 0,
        }
    }

    /// Draw by the fifty-move rule or by a repetition on the game's path.
    fn is_draw(&self, pos: &Position) -> bool {
        let v = &*self.variant;
        let clock = pos.halfmove_clock() as usize;
        if v.end().fifty_moves > 0 && clock >= 2 * v.end().fifty_moves as usize {
            return true;
        }
        if v.end().repetitions > 0 {
            let n = self.path.len();
            let hash = pos.hash();
            let mut back = 4;
            while back <= clock && back < n {
                if self.path[n - 1 - back] == hash {
                    return true;
                }
                back += 2;
            }
        }
        false
    }

    /// The static score for the side to move, from the cache when this position was scored lately.
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let key = pos.hash();
        let slot = (key as usize) & (self.eval_cache.len() - 1);
        let (cached_key, cached) = self.eval_cache[slot];
        if cached_key == key && cached != EMPTY_SLOT {
            return self.fifty_move_scaled(pos, cached);
        }
        let score = self.eval.evaluate(&self.variant, pos);
        self.eval_cache[slot] = (key, score);
        self.fifty_move_scaled(pos, score)
    }

    /// `score` shrunk toward a draw as the fifty-move count runs past [`FIFTY_MOVE_GRACE`] plies:
    /// by up to half, as the count nears its end (the cache keeps scores unscaled: a position's
    /// key does not include its count). The grace keeps the few plies of one search alike: scores
    /// that differ along transpositions by their counts alone disturb the table's bounds.
    fn fifty_move_scaled(&self, pos: &Position, score: i32) -> i32 {
        let limit = 2 * i64::from(self.variant.end().fifty_moves);
        let grace = i64::from(FIFTY_MOVE_GRACE);
        if limit <= grace {
            return score;
        }
        let used = (i64::from(pos.halfmove_clock()) - grace).clamp(0, limit - grace);
        (i64::from(score) * (2 * (limit - grace) - used) / (2 * (limit - grace))) as i32
    }

    /// The deliberate noise of a weakened level on the root move leading to `child`, seeded by
    /// this search's key: uniform in `-noise_cp..=noise_cp`. It goes on the root moves' scores,
    /// not on the leaves: a best-of over many noisy leaves would average most of it away, the more
    /// so the bigger the tree (in the Friendly game a depth-1 search is thousands of captures),
    /// so a level would be weakened differently in every game.
    fn root_noise(&self, child: &Position) -> i32 {
        if self.noise_cp <= 0 {
            return 0;
        }
        let x = mix(child.hash() ^ self.noise_key);
        let span = 2 * self.noise_cp as u64 + 1;
        (((x >> 32) * span) >> 32) as i32 - self.noise_cp
    }

    fn negamax(&mut self, pos: &Position, depth: i32, mut alpha: i32, beta: i32, ply: usize, pv_node: bool) -> i32 {
        self.pv[ply].clear();
        let v = self.variant.clone();
        if ply > 0 {
            self.nodes += 1;
            if self.should_stop() {
                return 0;
            }
            if let Some(winner) = v.material_decided(pos) {
                return if winner == pos.side_to_move() {
                    MATE - ply as i32
                } else {
                    -(MATE - ply as i32)
                };
            }
            if self.is_draw(pos) {
                return 0;
            }
            if ply >= MAX_PLY - 1 {
                return self.evaluate(pos);
            }
            // Mate distance pruning: no line is searched that could not beat a mate already found.
            let a = alpha.max(-(MATE - ply as i32));
            let b = beta.min(MATE - ply as i32 - 1);
            if a >= b {
                return a;
            }
        }
        match self.node_kind(pos) {
            NodeKind::Choice => {}
            NodeKind::Chance => return self.chance_node(pos, depth, alpha, beta, ply),
        }
        if depth <= 0 {
            return self.quiescence(pos, alpha, beta, ply, None);
        }
        let mut depth = depth;
        let key = pos.hash();
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry
            && ply > 0
            && !pv_node
            && i32::from(e.depth) >= depth
        {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut {
                return e.score;
            }
        }
        let in_check = self.has_check
            && match self.known_check[ply] {
                (k, check) if ply > 0 && k == key => check,
                _ => v.in_check(pos),
            };
        // Against a bare royal (no pieces but pawns) nothing is pruned on the static score nor
        // reduced: the win is a mate to be found, often by zugzwang, and the score of hunting it
        // down (see `eval::CHASE_CP`) would cut the lines that find it (chess's mate in three with
        // King and Rook was missed at depth 6).
        let hunting = !self.has_officers(pos, !pos.side_to_move());
        let prune = !self.window_independent() && !hunting && ply > 0;
        // The static score, where it means something (not in check), and whether it is better
        // than two plies ago (the same side's last node): an improving side prunes less.
        let stand = if in_check {
            NO_EVAL
        } else {
            let mut s = self.evaluate(pos);
            // The table's bound, where it is tighter, is a better guess than the static score.
            if let Some(e) = entry
                && e.score.abs() < MATE_BOUND
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score > s,
                    Bound::Upper => e.score < s,
                }
            {
                s = e.score;
            }
            s
        };
        self.static_evals[ply] = stand;
        let improving = stand != NO_EVAL && (ply < 2 || stand > self.static_evals[ply - 2]);
        if prune && !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // A side with nothing but royals and pawns does not stand on its static score, for
            // the reason it gets no pass below: its few moves may all be bad (a mating net, a
            // zugzwang). Chess's King against two Rooks hid a mate in 3 from depth 6 so.
            if depth <= REVERSE_FUTILITY_MAX_DEPTH
                && stand - REVERSE_FUTILITY_MARGIN * depth >= beta
                && self.has_officers(pos, pos.side_to_move())
            {
                return stand;
            }
            // Two passes in a row are never tried, nor a pass where only the royals and pawns
            // could move (zugzwang, where passing would be the best move, is likeliest there).
            if depth >= NULL_MOVE_MIN_DEPTH
                && stand >= beta
                && !pos.last_move_was_pass()
                && self.has_officers(pos, pos.side_to_move())
            {
                let reduction =
                    NULL_BASE + depth / NULL_DEPTH_DIVISOR + ((stand - beta) / NULL_EVAL_DIVISOR).min(NULL_EVAL_MAX);
                let child = pos.play_unchecked(&v, &Move::pass());
                self.path.push(child.hash());
                self.played[ply] = None;
                let score = -self.negamax(&child, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }
        // The root tries the last iteration's choice first, whatever the table kept.
        let hash_move = if ply == 0 && self.root_first.is_some() {
            self.root_first
        } else {
            entry.and_then(|e| e.mv)
        };
        if prune && hash_move.is_none() && depth >= IIR_MIN_DEPTH && !self.wants_shorter_mate(alpha) {
            depth -= 1;
        }
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        let mut scores = std::mem::take(&mut self.score_bufs[ply]);
        if self.has_check {
            v.legal_moves_given_check(pos, in_check, &mut moves);
        } else {
            v.legal_moves_into(pos, &mut moves);
        }
        if moves.is_empty() {
            self.move_bufs[ply] = moves;
            self.score_bufs[ply] = scores;
            return self.no_moves_score(pos, ply);
        }
        let side = pos.side_to_move().index();
        let previous = if ply > 0 { self.played[ply - 1] } else { None };
        let counter = previous.and_then(|p| self.counters[movepicker::history_index(side, &p)]);
        score_moves(
            &v,
            &self.eval,
            pos,
            &moves,
            hash_move,
            self.killers[ply],
            counter,
            &self.history,
            &mut scores,
        );
        // Captures are ordered by their exchange as they are reached ([`movepicker::pick_judged`]).
        let judge_exchanges = depth >= self.see_order_min_depth;
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = std::mem::take(&mut self.quiet_bufs[ply]);
        quiets_tried.clear();
        let mut skip_quiets = false;
        let mut check_lines = None;
        for i in 0..moves.len() {
            if judge_exchanges {
                movepicker::pick_judged(&v, &self.eval, pos, &mut moves, &mut scores, i, hash_move);
            } else {
                pick(&mut moves, &mut scores, i);
            }
            let mv = moves[i];
            let quiet = !is_tactical(&mv);
            let history = if quiet {
                self.history[movepicker::history_index(side, &mv)]
            } else {
                0
            };
            let killer_or_counter = quiet && (self.killers[ply].contains(&Some(mv)) || counter == Some(mv));
            // Moves skipped unsearched, once a move that does not lose at once has been found.
            // Late and futile quiet moves are skipped unless they give check (a quiet check may
            // mate, and quiescence does not look at checks).
            let mut played = None;
            if prune && best > -MATE_BOUND && !in_check {
                let reduced = depth - 1 - self.lmr.get(depth, i);
                let late = depth <= LMP_MAX_DEPTH && i >= pruning::move_count_limit(depth, improving);
                let futile = !killer_or_counter
                    && reduced <= FUTILITY_QUIET_MAX_DEPTH
                    && stand + FUTILITY_QUIET_BASE + FUTILITY_QUIET_PER_PLY * reduced.max(0) <= alpha;
                if quiet && (skip_quiets || late || futile) {
                    skip_quiets = true;
                    // Only a move on an attack line into the enemy royal is played to see.
                    if !self.has_check
                        || !check_lines
                            .get_or_insert_with(|| v.check_lines(pos))
                            .may_give_check(&mv)
                    {
                        continue;
                    }
                    let child = pos.play_unchecked(&v, &mv);
                    if !v.in_check(&child) {
                        continue;
                    }
                    played = Some(child);
                }
                if depth <= SEE_PRUNE_MAX_DEPTH {
                    let threshold = if quiet {
                        -SEE_QUIET_PER_PLY * depth
                    } else {
                        -SEE_CAPTURE_PER_PLY2 * depth * depth
                    };
                    // Only captures ordered as losing, and quiet moves late in the order.
                    let candidate = if quiet {
                        i >= SEE_PRUNE_QUIET_MIN_INDEX && !killer_or_counter
                    } else {
                        scores[i] < 0
                    };
                    if candidate && crate::see::see_below(&v, &self.eval, pos, &mv, threshold) {
                        continue;
                    }
                }
            }
            // A late quiet move searched anyway was played above and gives check.
            let (child, gives_check) = match played {
                Some(child) => (child, true),
                None => {
                    let child = pos.play_unchecked(&v, &mv);
                    let check = self.has_check && v.in_check(&child);
                    (child, check)
                }
            };
            // A check is extended where the checker cannot simply be taken (exchange at least
            // even); a recapture on the square of the last capture is extended on the principal
            // variation (the exchange is not cut in the middle).
            let checks_safely = gives_check && self.safe_check(pos, &child, &mv);
            let recaptures =
                pv_node && mv.is_capture() && previous.is_some_and(|p| p.is_capture() && p.to() == mv.to());
            let extension = i32::from(ply < MAX_PLY / 2 && (checks_safely || recaptures));
            let new_depth = depth - 1 + extension;
            self.path.push(child.hash());
            self.played[ply] = Some(mv);
            self.known_check[ply + 1] = (child.hash(), gives_check);
            // A root move's noise shifts the window it is searched with, and its score back: the
            // move is chosen as if its score were off by the noise, at no cost in pruning. Mates
            // take no noise, so the window must not be shifted into the mate scores, where a bound
            // would pass for a mate: once a mate is found (or near it), the rest go without noise,
            // and the open end of the root's window stays open. (A level-7 root took the bound
            // 29999 of a fail-low for a mate in one, and stalemated a bare king.)
            let noise = if ply == 0 && (alpha == -INFINITY || alpha.abs() < MATE_BOUND - self.noise_cp) {
                self.root_noise(&child)
            } else {
                0
            };
            let score = {
                let (alpha, beta) = (
                    if alpha == -INFINITY {
                        alpha
                    } else {
                        (alpha - noise).clamp(-INFINITY, INFINITY)
                    },
                    if beta == INFINITY {
                        beta
                    } else {
                        (beta - noise).clamp(-INFINITY, INFINITY)
                    },
                );
                if i == 0 {
                    -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, pv_node)
                } else {
                    let mut reduction = 0;
                    if !self.window_independent()
                        && !hunting
                        && !in_check
                        && !gives_check
                        && quiet
                        && !self.wants_shorter_mate(alpha)
                        && depth >= LMR_MIN_DEPTH
                        && i >= LMR_MIN_INDEX
                    {
                        // The table's reduction, one more off the principal variation or where the
                        // side is not improving, one less for a killer or the counter move, and
                        // less or more by history.
                        let mut r = self.lmr.get(depth, i);
                        r += i32::from(!pv_node) + i32::from(!improving);
                        r -= i32::from(killer_or_counter);
                        r -= history / LMR_HISTORY_PER_PLY;
                        reduction = r.min(new_depth - 1).max(0);
                    }
                    let mut s = -self.negamax(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, false);
                    if s > alpha && reduction > 0 {
                        s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, false);
                    }
                    // Only possible with a window wider than null: at PV nodes, and below chance nodes,
                    // whose outcomes get wide windows.
                    if s > alpha && s < beta {
                        s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, pv_node);
                    }
                    s
                }
            };
            // Mates stay as they are: noise never hides one, nor makes one of a plain score.
            let score = if score.abs() < MATE_BOUND { score + noise } else { score };
            self.path.pop();
            if self.aborted {
                self.move_bufs[ply] = moves;
                self.score_bufs[ply] = scores;
                self.quiet_bufs[ply] = quiets_tried;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if ply == 0 {
                        self.root_score = score;
                    }
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(side, ply, depth, mv, previous, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        self.move_bufs[ply] = moves;
        self.score_bufs[ply] = scores;
        self.quiet_bufs[ply] = quiets_tried;
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, best, depth, bound, ply);
        best
    }

    /// Whether the side to move, with `alpha` in hand, needs a shorter mate than one already
    /// found, so that nothing may be reduced (late moves, nodes without a move from the table): a
    /// move can then beat alpha only with a shorter mate, which a reduced search does not reach,
    /// and a reduced move that fails low is not searched again. Pruning stays.
    fn wants_shorter_mate(&self, alpha: i32) -> bool {
        alpha >= MATE_BOUND
    }

    /// Whether the search prunes nothing by its window ([`Searcher::window_independent`], in the
    /// crate's tests only); never in the engine.
    #[inline]
    fn window_independent(&self) -> bool {
        #[cfg(test)]
        return self.window_independent;
        #[cfg(not(test))]
        false
    }

    /// Whether chance nodes are searched by plain expectimax ([`Searcher::plain_expectimax`], in
    /// the crate's tests only); never in the engine.
    #[inline]
    fn plain_expectimax(&self) -> bool {
        #[cfg(test)]
        return self.plain_expectimax;
        #[cfg(not(test))]
        false
    }

    /// A quiet move that made a cutoff: a killer, the counter move of the move before, and
    /// history (with `history_malus`, the quiet moves tried before it lose as much as it gains).
    fn reward_quiet(&mut self, side: usize, ply: usize, depth: i32, mv: Move, previous: Option<Move>, tried: &[Move]) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if let Some(p) = previous {
            self.counters[movepicker::history_index(side, &p)] = Some(mv);
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        // Gravity: each update moves the entry toward its bound by a share of what is left.
        let nudge =
            |h: &mut i32, b: i32| *h += b - (i64::from(*h) * i64::from(b.abs()) / i64::from(HISTORY_MAX)) as i32;
        let bonus = (bonus * HISTORY_GAIN).min(HISTORY_MAX / 8);
        nudge(&mut self.history[movepicker::history_index(side, &mv)], bonus);
        for q in tried {
            nudge(&mut self.history[movepicker::history_index(side, q)], -bonus);
        }
    }

    /// Whether a checking move's piece is safe where it lands: not attacked there, or not lost in
    /// the exchange on its square.
    fn safe_check(&self, pos: &Position, child: &Position, mv: &Move) -> bool {
        let v = &*self.variant;
        let Some(mover) = pos.piece_at(mv.from()) else {
            return true;
        };
        v.is_royal(mover.role())
            || !v.is_attacked(child, mv.to(), !mover.color())
            || !crate::see::see_below(v, &self.eval, pos, mv, 0)
    }

    /// Whether `us` has a piece other than its royals and pawns.
    fn has_officers(&self, pos: &Position, us: messhall_rules::Color) -> bool {
        let v = &*self.variant;
        pos.pieces_of(us)
            .difference(pos.royals(us))
            .iter()
            .any(|sq| pos.piece_at(sq).is_some_and(|p| !v.is_pawn(p.role())))
    }
}

/// A 64-bit mixer (splitmix64's finaliser).
pub(crate) fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The evaluation cache only saves work: with one slot (almost every lookup a miss) a search
    /// visits the same nodes and returns the same score and moves as with the full cache.
    #[test]
    fn the_evaluation_cache_never_changes_a_search() {
        for (name, depth) in [("pieceeater", 6), ("chess", 6), ("friendly", 3), ("calorie", 5)] {
            let v = Arc::new(messhall_catalog::builtin(name).unwrap());
            let start = v.start();
            let run = |slots: usize| {
                let mut searcher = Searcher::new(v.clone(), 4);
                searcher.eval_cache = vec![(0, EMPTY_SLOT); slots];
                let info = searcher
                    .search(&start, &[], &Limits::depth(depth), None, &mut |_| {})
                    .unwrap();
                (info.nodes, info.raw_score, info.pv)
            };
            assert_eq!(run(1), run(EVAL_CACHE_SLOTS), "{name}");
        }
    }
}
