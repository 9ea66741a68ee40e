//! The small statistics of a report: a share of the points with its 95% interval, and the
//! spread of a count (game lengths) with its histogram.

use messhall_tally::Tally;
use serde::{Deserialize, Serialize};

/// Rounds to 4 decimals, so that reports read cleanly and compare byte for byte.
pub(crate) fn round4(x: f64) -> f64 {
    if x.is_finite() {
        (x * 10_000.0).round() / 10_000.0
    } else {
        0.0
    }
}

/// A side's share of the points over some games, with its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Share {
    /// Games counted.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// The share of the points, 0 to 1.
    pub score: f64,
    /// The 95% interval's low end (the mean less 1.96 standard errors of the per-game scores).
    pub low: f64,
    /// Its high end.
    pub high: f64,
}

impl Share {
    /// The share of the points of a tally (1, 0.5 or 0 a game).
    pub fn of(tally: &Tally) -> Share {
        let (low, high) = tally.interval();
        Share {
            games: tally.games() as u32,
            wins: tally.wins,
            draws: tally.draws,
            losses: tally.losses,
            score: round4(tally.mean()),
            low: round4(low),
            high: round4(high),
        }
    }

    /// Half the interval's width, in points of a share.
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// One bar of a histogram: the values from `from` up to `to`, inclusive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    /// The smallest value of the bar.
    pub from: u32,
    /// The largest.
    pub to: u32,
    /// How many values fell in it.
    pub count: u32,
}

/// Bars of a histogram at most.
const BINS: u32 = 12;

/// How a count spreads: its mean, median, standard deviation, extremes and histogram.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// The median (the mean of the middle two for an even number of values).
    pub median: f64,
    /// The standard deviation.
    pub sd: f64,
    /// The smallest value.
    pub min: u32,
    /// The largest.
    pub max: u32,
    /// At most 12 bars of equal width from the smallest value to the largest.
    pub histogram: Vec<Bin>,
}

impl Spread {
    /// The spread of `values` (all zero for none).
    pub fn of(values: &[u32]) -> Spread {
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let (Some(&min), Some(&max)) = (sorted.first(), sorted.last()) else {
            return Spread {
                mean: 0.0,
                median: 0.0,
                sd: 0.0,
                min: 0,
                max: 0,
                histogram: Vec::new(),
            };
        };
        let n = sorted.len() as f64;
        let mean = sorted.iter().map(|&v| f64::from(v)).sum::<f64>() / n;
        let var = sorted.iter().map(|&v| (f64::from(v) - mean).powi(2)).sum::<f64>() / n;
        let mid = sorted.len() / 2;
        let median = if sorted.len() % 2 == 0 {
            (f64::from(sorted[mid - 1]) + f64::from(sorted[mid])) / 2.0
        } else {
            f64::from(sorted[mid])
        };
        let width = (max - min) / BINS + 1;
        let bins = (max - min) / width + 1;
        let mut histogram: Vec<Bin> = (0..bins)
            .map(|i| Bin {
                from: min + i * width,
                to: min + (i + 1) * width - 1,
                count: 0,
            })
            .collect();
        for &v in &sorted {
            histogram[((v - min) / width) as usize].count += 1;
        }
        Spread {
            mean: round4(mean),
            median: round4(median),
            sd: round4(var.sqrt()),
            min,
            max,
            histogram,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spread_counts_every_value_once() {
        let values: Vec<u32> = (10..=109).collect();
        let s = Spread::of(&values);
        assert_eq!((s.min, s.max, s.mean, s.median), (10, 109, 59.5, 59.5));
        assert_eq!(s.histogram.iter().map(|b| b.count).sum::<u32>(), 100);
        assert!(s.histogram.len() <= BINS as usize);
        assert!(s.histogram.windows(2).all(|w| w[0].to + 1 == w[1].from));
        let one = Spread::of(&[7]);
        assert_eq!((one.median, one.sd, one.histogram.len()), (7.0, 0.0, 1));
        assert!(Spread::of(&[]).histogram.is_empty());
    }

    #[test]
    fn a_share_has_its_interval() {
        let mut t = Tally::default();
        for s in [1.0, 1.0, 0.5, 0.0, 1.0, 0.5] {
            t.add(s);
        }
        let s = Share::of(&t);
        assert_eq!((s.wins, s.draws, s.losses, s.games), (3, 2, 1, 6));
        assert!(s.low < s.score && s.score < s.high, "{s:?}");
    }
}
