//! A match's score from one player's side, and the Elo difference it suggests with its 95%
//! margin: pure arithmetic, shared by the chess matches and the cafeteria bots' benchmarks.

#![warn(missing_docs)]

/// The Elo difference for a score fraction.
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    // Adding 0.0 turns an even score's -0 into 0.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// What the games say of the Elo difference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EloEstimate {
    /// The difference and its 95% margin.
    Around {
        /// The estimate.
        diff: f64,
        /// Half the 95% interval.
        margin: f64,
    },
    /// Every game went one way: the one-sided 95% bound (above it for wins, below for losses).
    Beyond(f64),
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EloEstimate::Around { diff, margin } => write!(f, "{diff:+.0} +/- {margin:.0}"),
            EloEstimate::Beyond(bound) => write!(f, "beyond {bound:+.0}"),
        }
    }
}

/// A match's results from player A's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// A's score in each game, in the order the games ended.
    pub scores: Vec<f64>,
}

impl Tally {
    /// Counts one game's score for A (1, 0.5 or 0).
    pub fn add(&mut self, score: f64) {
        if score >= 1.0 {
            self.wins += 1;
        } else if score <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        self.scores.push(score);
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.scores.len()
    }

    /// A's points.
    pub fn points(&self) -> f64 {
        self.scores.iter().sum()
    }

    /// A's share of the points (0 to 1).
    pub fn mean(&self) -> f64 {
        self.points() / self.scores.len().max(1) as f64
    }

    /// The Elo difference with its 95% margin, or, when every game went one way (the margin is
    /// then undefined), the one-sided 95% bound.
    pub fn elo(&self) -> EloEstimate {
        let n = self.scores.len().max(1) as f64;
        let mean = self.mean();
        if self.wins + self.draws == 0 || self.losses + self.draws == 0 {
            let bound = elo(0.05f64.powf(1.0 / n));
            // With few games the bound can lie on the other side of 0 (two wins: beyond -216).
            EloEstimate::Beyond(if self.wins > 0 { bound } else { -bound })
        } else {
            let var = self.scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
            let margin = 1.96 * (var / n).sqrt();
            let (lo, hi) = (elo(mean - margin), elo(mean + margin));
            EloEstimate::Around {
                diff: elo(mean),
                margin: (hi - lo) / 2.0,
            }
        }
    }

    /// Whether A's share over `total` games is sure to end at or above `share`, or sure to end
    /// below it, whatever the games not yet counted.
    pub fn decided(&self, share: f64, total: usize) -> bool {
        let total = total as f64;
        let left = total - self.scores.len() as f64;
        self.points() >= share * total || self.points() + left < share * total
    }

    /// The 95% interval of A's share of the points: the mean and 1.96 standard errors of the
    /// per-game scores, or, when every game went one way, the one-sided bound `0.05^(1/n)` (the
    /// share below which so many wins in a row have less than a 5% chance) up to 1, and the
    /// same for losses.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.scores.len();
        if n == 0 {
            return (0.0, 1.0);
        }
        let one_way = 0.05f64.powf(1.0 / n as f64);
        if self.losses + self.draws == 0 {
            return (one_way, 1.0);
        }
        if self.wins + self.draws == 0 {
            return (0.0, 1.0 - one_way);
        }
        let mean = self.mean();
        let var = self.scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n as f64;
        let margin = 1.96 * (var / n as f64).sqrt();
        ((mean - margin).max(0.0), (mean + margin).min(1.0))
    }

    /// Whether a match may stop here by `rule`, with `total` games planned.
    pub fn settled(&self, rule: Decide, total: usize) -> bool {
        match rule {
            Decide::Certain(share) => self.decided(share, total),
            Decide::Interval(share) => self.verdict(share).is_some(),
        }
    }

    /// Where the 95% interval lies against `share` once [`SEQUENTIAL_MIN_GAMES`] are counted:
    /// wholly above it (`Some(true)`), wholly below (`Some(false)`), or not yet apart (`None`).
    pub fn verdict(&self, share: f64) -> Option<bool> {
        if self.games() < SEQUENTIAL_MIN_GAMES {
            return None;
        }
        let (lo, hi) = self.interval();
        if lo > share {
            Some(true)
        } else if hi < share {
            Some(false)
        } else {
            None
        }
    }
}

/// The fewest games a sequential test judges on: below it the per-game spread of a few games
/// says too little (three wins and a draw would "prove" 80%).
pub const SEQUENTIAL_MIN_GAMES: usize = 10;

/// When a match may stop before its last game, judged on A's share of the points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Decide {
    /// Once the share over all the planned games is sure to end at or above this, or below it,
    /// whatever the games left.
    Certain(f64),
    /// A sequential test: once the 95% interval of the share lies wholly above or below this.
    Interval(f64),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero_elo() {
        assert_eq!(format!("{:+.0}", elo(0.5)), "+0");
        let mut t = Tally::default();
        for s in [1.0, 0.0, 0.5, 0.5] {
            t.add(s);
        }
        assert_eq!(t.elo().to_string(), "+0 +/- 297");
    }

    #[test]
    fn one_way_matches_give_a_bound() {
        let mut t = Tally::default();
        t.add(1.0);
        t.add(1.0);
        assert_eq!(t.elo(), EloEstimate::Beyond(elo(0.05f64.sqrt())));
        assert!(t.decided(0.7, 2));
        assert!(!t.decided(0.7, 20));
    }

    #[test]
    fn a_sequential_test_waits_for_the_interval_to_leave_the_target() {
        let mut t = Tally::default();
        for _ in 0..9 {
            t.add(1.0);
        }
        // Nine wins: too few games to judge.
        assert_eq!(t.verdict(0.7), None);
        t.add(1.0);
        // Ten in a row: 0.05^(1/10) = 74.1% lies above 70% but not above 85%.
        assert_eq!(t.verdict(0.7), Some(true));
        assert_eq!(t.verdict(0.85), None);
        let mut even = Tally::default();
        for s in [1.0, 0.0].repeat(10) {
            even.add(s);
        }
        // 50% +/- 21.9%: below 75%, not yet apart from 70%.
        let (lo, hi) = even.interval();
        assert!((hi - 0.719).abs() < 0.001 && (lo - 0.281).abs() < 0.001, "{lo} {hi}");
        assert_eq!(even.verdict(0.75), Some(false));
        assert_eq!(even.verdict(0.7), None);
        assert!(even.settled(Decide::Interval(0.75), 100));
        assert!(!even.settled(Decide::Certain(0.75), 100));
    }
}
