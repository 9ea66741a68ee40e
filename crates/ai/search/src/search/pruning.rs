//! The numbers of the search's pruning and reductions, and the late-move-reduction table.
//!
//! Each rule is switched by a field of [`Searcher`](super::Searcher) so its worth can be measured
//! (`versus -- bench` and fixed-node matches name them); all of them are off where the search
//! hunts a bare royal and when [`Searcher::reductions`](super::Searcher::reductions) is off.

/// Late move reductions by table: a quiet move's reduction grows with the logarithms of the depth
/// and of its place in the order, `LMR_BASE + ln(depth) ln(index) / LMR_DIVISOR` plies, one more
/// at a node off the principal variation or whose side is not improving, one less for a killer or
/// the counter move, and less or more by its history.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;
/// History worth one ply less (or, negative, more) of reduction.
pub const LMR_HISTORY_PER_PLY: i32 = super::HISTORY_MAX / 4;
/// Quiet moves from this place in the order on may be reduced by the table.
pub const LMR_TABLE_MIN_INDEX: usize = 2;

/// Late move pruning: at this depth and less, once `(LMP_BASE + depth^2) / (2 - improving)` moves
/// have been searched, the remaining quiet moves are skipped.
pub const LMP_MAX_DEPTH: i32 = 8;
pub const LMP_BASE: i32 = 3;

/// Futility pruning of quiet moves: where the static score plus this margin and this much per ply
/// of (reduced) depth does not reach alpha, a quiet move is skipped.
pub const FUTILITY_QUIET_MAX_DEPTH: i32 = 6;
pub const FUTILITY_QUIET_BASE: i32 = 100;
pub const FUTILITY_QUIET_PER_PLY: i32 = 90;

/// Exchange (SEE) pruning at this depth and less: a quiet move that loses more than
/// `SEE_QUIET_PER_PLY * depth` in the exchange on its square, or a capture that loses more than
/// `SEE_CAPTURE_PER_PLY2 * depth^2`, is skipped.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;
pub const SEE_QUIET_PER_PLY: i32 = 60;
pub const SEE_CAPTURE_PER_PLY2: i32 = 20;

/// Null move: the pass is searched `NULL_BASE + depth / NULL_DEPTH_DIVISOR` plies shallower, and one
/// more per `NULL_EVAL_DIVISOR` centipawns the static score stands above beta (at most
/// `NULL_EVAL_MAX` more).
pub const NULL_BASE: i32 = 3;
pub const NULL_DEPTH_DIVISOR: i32 = 3;
pub const NULL_EVAL_DIVISOR: i32 = 200;
pub const NULL_EVAL_MAX: i32 = 3;

/// Internal iterative reduction: a node this deep with no move from the table is searched one ply
/// shallower (its order is a guess; the next iteration will have a move for it).
pub const IIR_MIN_DEPTH: i32 = 4;

/// Rows and columns of the reduction table (deeper or later uses the last).
const LMR_SIZE: usize = 64;

/// The base late-move reductions by depth and move index, in plies.
pub struct LmrTable(Vec<i32>);

impl LmrTable {
    pub fn new() -> LmrTable {
        let mut t = vec![0; LMR_SIZE * LMR_SIZE];
        for d in 1..LMR_SIZE {
            for i in 1..LMR_SIZE {
                let r = LMR_BASE + (d as f64).ln() * (i as f64).ln() / LMR_DIVISOR;
                t[d * LMR_SIZE + i] = r as i32;
            }
        }
        LmrTable(t)
    }

    /// The base reduction of the move at `index` (0 first) at `depth`.
    pub fn get(&self, depth: i32, index: usize) -> i32 {
        let d = depth.clamp(0, LMR_SIZE as i32 - 1) as usize;
        let i = index.min(LMR_SIZE - 1);
        self.0[d * LMR_SIZE + i]
    }
}

/// Moves searched after which late move pruning skips the remaining quiet moves.
pub fn move_count_limit(depth: i32, improving: bool) -> usize {
    ((LMP_BASE + depth * depth) / if improving { 1 } else { 2 }) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_index() {
        let t = LmrTable::new();
        assert_eq!(t.get(1, 1), 0);
        assert!(t.get(3, 3) >= 1);
        assert!(t.get(20, 40) > t.get(6, 6));
        assert!(t.get(100, 100) == t.get(63, 63));
        assert_eq!(move_count_limit(1, true), 4);
        assert_eq!(move_count_limit(4, false), 9);
    }
}
