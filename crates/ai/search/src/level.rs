//! Playing levels: 1 (beginner) to 10 (full strength), each with a name and a sentence for
//! people. Levels 1 to 6 are weakened like people are: a shallow search that still plays out the
//! captures at its horizon (so it recaptures and sees a piece left hanging), and a seeded
//! misjudgement of each move by up to the level's noise, scaled to the game; but they never choose
//! a move their own search scores more than [`LEVEL_MARGIN_CP`] below their best, nor, at depth
//! 1, one a material-only search of it and its captures sees losing material, so they do not give
//! material away for nothing. They miss what lies beyond their depth (a fork two moves on,
//! a deep combination). Each is a step of noise or of depth above the one below. Levels 7 to 9 are
//! limited by a budget of nodes per move, three times the level below's, though never less than
//! depth 4, 5 and 6; level 10 uses all the time it is given. Depth and node limits do not depend
//! on the machine; a level also stops at the time it is given, whichever comes first, so levels 7
//! to 9 keep their distance only where that time is enough for their depth (see BENCHMARKS.md for
//! the times the ladder was measured at).

/// A playing level from 1 to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// Deepest iteration per level 1..=9, in player moves (0: no depth limit; level 10 has none).
/// Where a chance event follows every move, the search goes twice as many plies (see `Engine`).
pub const LEVEL_DEPTH: [u32; 9] = [1, 1, 1, 2, 3, 3, 0, 0, 0];
/// Most nodes per move per level 1..=9 (0: no limit).
pub const LEVEL_NODES: [u64; 9] = [0, 0, 0, 0, 0, 0, 4_500, 13_500, 40_500];
/// Depth a level with a node budget completes whatever the budget, one more per level from level
/// 6's limit: a level's strength is mostly the depth it completes, and a depth costs several times
/// the one before (in chess about 4 times), more than the budgets grow, so budgets alone would
/// leave neighbouring levels at the same depth. In chess the budgets buy part of a further
/// iteration; in wider games (Food Fight) the minimum depth alone often costs more than the budget.
pub const LEVEL_MIN_DEPTH: [u32; 9] = [0, 0, 0, 0, 0, 0, 4, 5, 6];
/// Noise amplitude on the root moves' scores per level 1..=9, in centipawns of a game whose moves
/// spread like chess's ([`CHESS_MOVE_SPREAD`]). Each level steps up from the one below by a third
/// of the noise at the same depth, or by a move of depth (levels 4 and 5 with a noise of 100).
/// A noise beyond the margin is all alike (any move within the margin may be chosen): level 2's
/// noise of 100 against level 1's 300 scored 51.0% in Calorie (100 games), so level 2 has 33.
/// Until 2026-12-07 level 1's noise was 10,000 (a random mover) and no margin held any level's
/// noise back (BENCHMARKS.md).
pub const LEVEL_NOISE_CP: [i32; 9] = [300, 33, 11, 100, 100, 33, 15, 0, 0];
/// The most a weakened level's choice may score below its best move, in its own search, per level
/// 1..=9 (0: no margin; the noise alone decides, as for level 7's 15 centipawns, too little to
/// lose material with). Less than a pawn: a level misjudges quiet moves and even trades, never
/// hangs a piece or leaves one it just lost untaken back. Not scaled by the game's spread: it
/// bounds material, which every game counts alike. Levels 1 and 2, whose noise fills the margin,
/// have less than half a pawn (BENCHMARKS.md, "The levels as people meet them"); the levels that
/// see one move ahead also keep a material guard ([`Level::guards_material`]).
pub const LEVEL_MARGIN_CP: [i32; 9] = [40, 40, 60, 60, 60, 60, 0, 0, 0];
/// Each level's name and what it does, for people, per level 1..=10.
pub const LEVEL_WORDS: [(&str, &str); 10] = [
    (
        "beginner",
        "sees one move ahead and the captures after it; keeps its pieces but has no plan",
    ),
    ("novice", "sees one move ahead, with a rough sense of good squares"),
    ("casual player", "sees one move ahead and judges positions fairly well"),
    ("improver", "sees two moves ahead: its own and your reply"),
    ("club player", "sees three moves ahead, judging positions roughly"),
    ("strong club player", "sees three moves ahead and judges positions well"),
    ("expert", "reads about 4,500 positions a move, at least four moves deep"),
    (
        "master",
        "reads about 13,500 positions a move, at least five moves deep",
    ),
    (
        "grandmaster",
        "reads about 40,500 positions a move, at least six moves deep",
    ),
    ("full strength", "searches as deep as the time it is given allows"),
];
/// The spread of chess's start moves' static scores ([`crate::eval::Evaluator::start_move_spread`]).
/// Noise of a given size weakens a game less the wider its moves' scores spread: in the Friendly
/// game (spread 28) level 5's 50 centipawns against level 4's 150 scored 52.5%. So a level's noise
/// grows with the game's spread, from a half to 8 times chess's.
pub const CHESS_MOVE_SPREAD: i32 = 8;
/// No noise exceeds this (the evaluation's bound, `MAX_EVAL`, leaves room for it below the mates).
pub const MAX_NOISE_CP: i32 = 10_000;

impl Level {
    /// Full strength: no limit and no noise.
    pub const FULL: Level = Level(10);
    /// The level a new player is offered first: it no longer gives its pieces away, and it beats
    /// the greedy capturer (a newcomer who takes what is offered) in nearly every game, so any
    /// higher level would be out of a newcomer's reach (BENCHMARKS.md).
    pub const NEWCOMER: Level = Level(1);

    /// The level `n`, clamped to 1..=10.
    pub fn new(n: u8) -> Level {
        Level(n.clamp(1, 10))
    }

    /// The level's number, 1 to 10.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The deepest this level searches; `None` for no limit.
    pub fn max_depth(self) -> Option<u32> {
        LEVEL_DEPTH.get(usize::from(self.0) - 1).copied().filter(|&d| d > 0)
    }

    /// The most nodes this level searches a move; `None` for no limit.
    pub fn max_nodes(self) -> Option<u64> {
        LEVEL_NODES.get(usize::from(self.0) - 1).copied().filter(|&n| n > 0)
    }

    /// The depth its node budget cannot stop it short of (0: none).
    pub fn min_depth(self) -> u32 {
        LEVEL_MIN_DEPTH.get(usize::from(self.0) - 1).copied().unwrap_or(0)
    }

    /// The level's name ("beginner").
    pub fn name(self) -> &'static str {
        LEVEL_WORDS[usize::from(self.0) - 1].0
    }

    /// What the level does, in a sentence without its name ("sees one move ahead ...").
    pub fn description(self) -> &'static str {
        LEVEL_WORDS[usize::from(self.0) - 1].1
    }

    /// Whether it never plays a move that gives material away by the referee's count (a search of
    /// the move and the captures after it, material only): the levels that see one move ahead,
    /// whose own evaluation at that depth can mistake a lost piece for positional gain. Deeper
    /// levels may sacrifice what they see paid back.
    pub fn guards_material(self) -> bool {
        self.margin_cp().is_some() && self.max_depth() == Some(1)
    }

    /// The most its choice may score below its best move (`None`: no margin).
    pub fn margin_cp(self) -> Option<i32> {
        LEVEL_MARGIN_CP.get(usize::from(self.0) - 1).copied().filter(|&m| m > 0)
    }

    /// The noise amplitude in chess centipawns.
    pub fn noise_cp(self) -> i32 {
        LEVEL_NOISE_CP.get(usize::from(self.0) - 1).copied().unwrap_or(0)
    }

    /// The noise amplitude in a game whose start moves spread `spread` centipawns.
    pub fn noise_cp_for(self, spread: i32) -> i32 {
        let spread = i64::from(spread.clamp(CHESS_MOVE_SPREAD / 2, 8 * CHESS_MOVE_SPREAD));
        let noise = i64::from(self.noise_cp()) * spread / i64::from(CHESS_MOVE_SPREAD);
        noise.min(i64::from(MAX_NOISE_CP)) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        for n in 1..10u8 {
            let (this, next) = (Level::new(n), Level::new(n + 1));
            // Less noise at the same depth, or more depth or nodes.
            assert!(
                next.noise_cp() < this.noise_cp()
                    || next.max_depth() != this.max_depth()
                    || next.max_nodes() != this.max_nodes(),
                "level {n}"
            );
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
        assert_eq!(Level::new(4).noise_cp_for(CHESS_MOVE_SPREAD), 100);
        assert_eq!(Level::new(4).noise_cp_for(4 * CHESS_MOVE_SPREAD), 400);
        assert_eq!(Level::new(4).noise_cp_for(1_000 * CHESS_MOVE_SPREAD), 800);
        assert_eq!(Level::new(1).noise_cp_for(1_000 * CHESS_MOVE_SPREAD), 2_400);
        // The weak levels' margin keeps their noise from giving material away.
        assert!((1..=6).all(|n| Level::new(n).margin_cp().is_some_and(|m| m < 100)));
        assert_eq!(Level::new(7).margin_cp(), None);
        assert_eq!(Level::FULL.noise_cp_for(3 * CHESS_MOVE_SPREAD), 0);
        assert_eq!(Level::FULL.max_nodes(), None);
        assert_eq!(Level::FULL.max_depth(), None);
    }
}
