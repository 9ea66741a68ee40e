//! The late-move-reduction table and the late move pruning count (their numbers are in
//! [`crate::parameters`]).

use crate::parameters::{LMP_BASE, LMR_BASE, LMR_DIVISOR};

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
