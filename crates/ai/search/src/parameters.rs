//! The search's tuning numbers, in one place: each with the reason it has its value. The search
//! applies every heuristic below everywhere it applies (nothing is switched at run time); where a
//! game rules one out (pruning on the static score against a bare royal, the delta margin where
//! chance events follow the moves), the search says so beside the rule.

// Iterative deepening at the root.

/// Aspiration windows start at this depth: shallower iterations are cheap and their scores swing.
pub const ASPIRATION_MIN_DEPTH: u32 = 4;
/// The first window, in centipawns either side of the last iteration's score: most iterations
/// land within it, and a narrow window cuts more.
pub const ASPIRATION_WINDOW: i32 = 30;
/// A window widened (doubling) past this is opened fully: the score has moved too far to chase.
pub const ASPIRATION_MAX: i32 = 1_000;

// Pruning on the static score (at nodes off the principal variation, not in check).

/// Reverse futility pruning at this depth and less: deeper, a static score far above beta is
/// too often overturned.
pub const REVERSE_FUTILITY_MAX_DEPTH: i32 = 3;
/// A static score this far above beta per ply of depth left stands: a side is unlikely to lose
/// that much in so few moves.
pub const REVERSE_FUTILITY_MARGIN: i32 = 120;
/// Null move from this depth: shallower, the pass saves less than it costs.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// The pass is searched `NULL_BASE + depth / NULL_DEPTH_DIVISOR` plies shallower, and one more per
/// `NULL_EVAL_DIVISOR` centipawns its static score stands above beta (at most `NULL_EVAL_MAX` more):
/// the further ahead, the less a shallow look is needed to confirm it.
pub const NULL_BASE: i32 = 3;
/// See [`NULL_BASE`].
pub const NULL_DEPTH_DIVISOR: i32 = 3;
/// See [`NULL_BASE`].
pub const NULL_EVAL_DIVISOR: i32 = 200;
/// See [`NULL_BASE`].
pub const NULL_EVAL_MAX: i32 = 3;
/// Internal iterative reduction from this depth: a node with no move from the table is searched a
/// ply shallower, since its order is a guess and the next iteration will have a move for it.
pub const IIR_MIN_DEPTH: i32 = 4;

// Late moves (quiet moves far down the order).

/// Late move reductions from this depth: shallower, a reduced search is no search.
pub const LMR_MIN_DEPTH: i32 = 3;
/// Quiet moves from this place in the order on may be reduced: the first two are the likeliest
/// to cut off.
pub const LMR_MIN_INDEX: usize = 2;
/// A quiet move's reduction grows as `LMR_BASE + ln(depth) ln(index) / LMR_DIVISOR` plies: late
/// moves deep in the tree rarely matter.
pub const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.25;
/// History worth one ply less (or, negative, more) of reduction: moves that cut off elsewhere
/// deserve a fuller look.
pub const LMR_HISTORY_PER_PLY: i32 = HISTORY_MAX / 4;
/// Late move pruning at this depth and less: there the remaining quiet moves past a count are
/// skipped.
pub const LMP_MAX_DEPTH: i32 = 8;
/// The count is `(LMP_BASE + depth^2)`, halved where the side is not improving.
pub const LMP_BASE: i32 = 3;
/// Futility pruning of quiet moves at this (reduced) depth and less.
pub const FUTILITY_QUIET_MAX_DEPTH: i32 = 6;
/// A quiet move is skipped where the static score plus `FUTILITY_QUIET_BASE` and
/// `FUTILITY_QUIET_PER_PLY` per ply of reduced depth does not reach alpha: a quiet move rarely
/// gains that much.
pub const FUTILITY_QUIET_BASE: i32 = 100;
/// See [`FUTILITY_QUIET_BASE`].
pub const FUTILITY_QUIET_PER_PLY: i32 = 90;

// Static exchange (SEE).

/// Exchange pruning at this depth and less: deeper, a lost exchange may be a sacrifice the
/// search should see through.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;
/// A quiet move that loses more than this per ply of depth in the exchange on its square is
/// skipped.
pub const SEE_QUIET_PER_PLY: i32 = 60;
/// A capture that loses more than this times the depth squared is skipped (captures get more
/// slack: they change the material the static score counts).
pub const SEE_CAPTURE_PER_PLY2: i32 = 20;
/// Quiet moves are pruned by exchange only from this place in the order (and never a killer or
/// the counter move): the first ones are the likeliest good.
pub const SEE_PRUNE_QUIET_MIN_INDEX: usize = 3;
/// Where pieces borrow moves (the Friendly game's Friends), captures are ordered by their static
/// exchange only from this depth on: generating moves there costs so much that nearer the
/// leaves the exchange cost more than the order saved (a node took three times as long).
/// Elsewhere they are ordered by it at every depth (Food Fight's bench: 16% fewer nodes, 16%
/// less time than from this depth).
pub const SEE_ORDER_MIN_DEPTH_BORROWING: i32 = 3;

// Quiescence.

/// Captures that cannot bring the score back to alpha even with this margin are skipped
/// (positional swings after a capture are rarely larger).
pub const DELTA_MARGIN: i32 = 200;
/// Quiescence follows every capture for this many captures in a row, then only recaptures of the
/// last capturer: exchanges still resolve, while on boards full of long-range capturers (the
/// Friendly game's) the tree of all capture sequences would otherwise dwarf the main search.
pub const QUIESCENCE_ALL_CAPTURES: usize = 2;
/// Most captures quiescence follows in a row, so that capture sequences end on any board.
pub const MAX_QUIESCENCE: usize = 8;

// Move ordering.

/// History scores stay within this, below the killers' and captures' ordering scores.
pub const HISTORY_MAX: i32 = 1 << 20;
/// A cutoff at depth d moves history by `HISTORY_GAIN * d^2` (less what gravity takes), so that it
/// counts within a few cutoffs.
pub const HISTORY_GAIN: i32 = 32;
/// Each search starts from the last one's history divided by this: the game has moved on, but
/// what cut off a move ago still mostly does.
pub const HISTORY_AGE_DIVISOR: i32 = 8;

// The fifty-move rule.

/// Plies of the fifty-move count before static scores start to shrink toward a draw: the grace
/// keeps the few plies of one search alike, since scores that differ along transpositions by
/// their counts alone disturb the table's bounds.
pub const FIFTY_MOVE_GRACE: u32 = 20;
