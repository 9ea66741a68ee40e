//! Playing levels: 1 (beginner) to 10 (full strength). Levels 1 to 6 are weakened by a depth limit
//! and seeded evaluation noise (level 1's drowns everything but a mate in one: it plays almost at
//! random), levels 7 to 9 by a budget of nodes per move, three times the level below's, though
//! never less than depth 4, 5 and 6; level 10 uses all the time it is given. Depth and node
//! limits do not depend on the machine; a level also stops at the time it is given, whichever
//! comes first, so levels 7 to 9 keep their distance only where that time is enough for their
//! depth (see BENCHMARKS.md for the times the ladder was measured at).

/// A playing level from 1 to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// Deepest iteration per level 1..=9, in player moves (0: no depth limit; level 10 has none).
/// Where a chance event follows every move, the search goes twice as many plies (see `Engine`).
pub const LEVEL_DEPTH: [u32; 9] = [1, 1, 1, 2, 2, 3, 0, 0, 0];
/// Most nodes per move per level 1..=9 (0: no limit).
pub const LEVEL_NODES: [u64; 9] = [0, 0, 0, 0, 0, 0, 4_500, 13_500, 40_500];
/// Depth a level with a node budget completes whatever the budget, one more per level from level
/// 6's limit: a level's strength is mostly the depth it completes, and a depth costs several times
/// the one before (in chess about 4 times), more than the budgets grow, so budgets alone would
/// leave neighbouring levels at the same depth. In chess the budgets buy part of a further
/// iteration; in wider games (Food Fight) the minimum depth alone costs more than the budget.
pub const LEVEL_MIN_DEPTH: [u32; 9] = [0, 0, 0, 0, 0, 0, 4, 5, 6];
/// Evaluation noise amplitude (centipawns) per level 1..=9.
pub const LEVEL_NOISE_CP: [i32; 9] = [10_000, 600, 150, 150, 50, 50, 30, 0, 0];

impl Level {
    pub const FULL: Level = Level(10);

    /// The level `n`, clamped to 1..=10.
    pub fn new(n: u8) -> Level {
        Level(n.clamp(1, 10))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn max_depth(self) -> Option<u32> {
        LEVEL_DEPTH.get(usize::from(self.0) - 1).copied().filter(|&d| d > 0)
    }

    pub fn max_nodes(self) -> Option<u64> {
        LEVEL_NODES.get(usize::from(self.0) - 1).copied().filter(|&n| n > 0)
    }

    /// The depth its node budget cannot stop it short of (0: none).
    pub fn min_depth(self) -> u32 {
        LEVEL_MIN_DEPTH.get(usize::from(self.0) - 1).copied().unwrap_or(0)
    }

    pub fn noise_cp(self) -> i32 {
        LEVEL_NOISE_CP.get(usize::from(self.0) - 1).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        for n in 1..10u8 {
            let (this, next) = (Level::new(n), Level::new(n + 1));
            assert!(next.noise_cp() <= this.noise_cp(), "level {n}");
            let deeper = match (this.max_depth(), next.max_depth()) {
                (Some(a), Some(b)) => b >= a,
                (_, None) => true,
                (None, Some(_)) => false,
            };
            assert!(deeper, "level {n}");
            let more = match (this.max_nodes(), next.max_nodes()) {
                (Some(a), Some(b)) => b >= 3 * a - 1,
                (_, None) => true,
                (None, Some(_)) => this.max_depth().is_some(),
            };
            assert!(more, "level {n}");
            if this.max_nodes().is_some() && next.max_nodes().is_some() {
                assert!(next.min_depth() > this.min_depth(), "level {}", n + 1);
            }
            if let (Some(_), Some(d)) = (next.max_nodes(), this.max_depth()) {
                assert!(
                    next.min_depth() > d,
                    "level {}: its budget may leave it shallower",
                    n + 1
                );
            }
        }
        assert_eq!(Level::FULL.max_nodes(), None);
        assert_eq!(Level::FULL.max_depth(), None);
    }
}
