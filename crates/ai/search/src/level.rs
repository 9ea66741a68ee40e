//! Playing levels: 1 (beginner) to 10 (full strength). Levels 1 to 9 are weakened by a depth
//! limit and seeded evaluation noise (so they hardly depend on the machine); level 10 uses all the
//! time it is given. Level 9 is below level 10 only when that time reaches beyond depth 7.

/// A playing level from 1 to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// Deepest iteration per level 1..=9 (level 10 has no depth limit).
pub const LEVEL_DEPTH: [u32; 9] = [1, 1, 2, 2, 3, 4, 5, 6, 7];
/// Most nodes per move per level 1..=9 (0: no limit).
pub const LEVEL_NODES: [u64; 9] = [0; 9];
/// Evaluation noise amplitude (centipawns) per level 1..=9.
pub const LEVEL_NOISE_CP: [i32; 9] = [400, 150, 150, 50, 50, 30, 20, 10, 0];

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
        LEVEL_DEPTH.get(usize::from(self.0) - 1).copied()
    }

    pub fn max_nodes(self) -> Option<u64> {
        LEVEL_NODES.get(usize::from(self.0) - 1).copied().filter(|&n| n > 0)
    }

    pub fn noise_cp(self) -> i32 {
        LEVEL_NOISE_CP.get(usize::from(self.0) - 1).copied().unwrap_or(0)
    }
}
