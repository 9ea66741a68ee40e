//! Playing levels: 1 (beginner) to 10 (full strength). Levels 1 to 6 are weakened by a depth limit
//! and seeded evaluation noise (level 1's drowns everything but a mate in one: it plays almost at
//! random), levels 7 to 9 by a budget of nodes per move, three times the level below's, though
//! never less than depth 4 (level 7) or 5 (levels 8 and 9; level 9 may spend three times what
//! depth 5 cost, [`LEVEL_FLOOR_FACTOR`], where that is more than its budget); level 10 uses all the time it is given. Depth and node limits
//! do not depend on the machine; a level also stops at the time it is given, whichever comes
//! first, so levels 7 to 9 keep their distance only where that time is enough for their budget
//! (`messhall match` at 0.2 s per move in chess, 0.5 s in Food Fight: see BENCHMARKS.md).

/// A playing level from 1 to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// Deepest iteration per level 1..=9, in player moves (0: no depth limit; level 10 has none).
/// Where a chance event follows every move, the search goes twice as many plies (see `Engine`).
pub const LEVEL_DEPTH: [u32; 9] = [1, 1, 1, 2, 2, 3, 0, 0, 0];
/// Most nodes per move per level 1..=9 (0: no limit).
pub const LEVEL_NODES: [u64; 9] = [0, 0, 0, 0, 0, 0, 4_500, 13_500, 40_500];
/// Depth a level with a node budget reaches whatever the budget: level 7 one more than level 6's
/// limit, level 8 one more again (a level's strength is mostly the depth it completes).
pub const LEVEL_MIN_DEPTH: [u32; 9] = [0, 0, 0, 0, 0, 0, 4, 5, 5];
/// A level with a node budget may also spend this many times the nodes its minimum depth cost
/// (0: no such growth). The fixed budgets suit games as narrow as chess, where depth 5 costs a few
/// thousand nodes; in a wider game (Food Fight: a hundred thousand) the minimum depth alone costs
/// more than the budgets, and without this levels 8 and 9 would play alike.
pub const LEVEL_FLOOR_FACTOR: [u64; 9] = [0, 0, 0, 0, 0, 0, 0, 0, 3];
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

    /// How many times its minimum depth's cost a level's node budget grows to (0: it does not).
    pub fn floor_factor(self) -> u64 {
        LEVEL_FLOOR_FACTOR.get(usize::from(self.0) - 1).copied().unwrap_or(0)
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
                // Deeper, or allowed more of the same depth's cost.
                let deeper = next.min_depth() > this.min_depth();
                let dearer =
                    next.min_depth() == this.min_depth() && next.floor_factor() >= (3 * this.floor_factor()).max(1);
                assert!(deeper || dearer, "level {}", n + 1);
            }
            if let (Some(_), Some(d)) = (next.max_nodes(), this.max_depth()) {
                assert!(
                    next.min_depth() >= d,
                    "level {}: its budget may leave it shallower",
                    n + 1
                );
            }
        }
        assert_eq!(Level::FULL.max_nodes(), None);
        assert_eq!(Level::FULL.max_depth(), None);
    }
}
