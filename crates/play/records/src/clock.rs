//! A time control as records keep it (the running clocks are the table's).

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A time control that could not be read: the text (cut short and on one line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("clock \"{text}\": expected MINUTES+SECONDS, like 5+3 (a base of a second to a day)")]
pub struct ClockError {
    /// The text as given, cut short and on one line.
    pub text: String,
}

/// A time control: each seat starts with `base` and gains `increment` after each of its moves;
/// or, in correspondence, each move has `days_per_move` days of its own (`base` is that time, and
/// what a move leaves over is not kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSpec {
    /// Each seat's time at the start, in milliseconds.
    pub base_ms: u64,
    /// Time added after each move, in milliseconds.
    pub increment_ms: u64,
    /// Correspondence: the days each move may take.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
}

impl ClockSpec {
    /// The longest base time accepted (a day).
    pub const MAX_MS: u64 = 86_400_000;

    /// The most days a correspondence move may be given.
    pub const MAX_DAYS: u32 = 14;

    /// A day, in milliseconds.
    pub const DAY_MS: u64 = 86_400_000;

    /// A time control of `base` and `increment`.
    pub fn new(base: Duration, increment: Duration) -> ClockSpec {
        ClockSpec {
            base_ms: base.as_millis().min(u128::from(ClockSpec::MAX_MS)) as u64,
            increment_ms: increment.as_millis().min(u128::from(ClockSpec::MAX_MS)) as u64,
            days_per_move: None,
        }
    }

    /// Correspondence: `days` days a move (1 to [`ClockSpec::MAX_DAYS`]; more is cut to it, 0
    /// made 1).
    pub fn correspondence(days: u32) -> ClockSpec {
        let days = days.clamp(1, ClockSpec::MAX_DAYS);
        ClockSpec {
            base_ms: u64::from(days) * ClockSpec::DAY_MS,
            increment_ms: 0,
            days_per_move: Some(days),
        }
    }

    /// Whether each move has its own days (correspondence) rather than a time for the game.
    pub fn is_correspondence(&self) -> bool {
        self.days_per_move.is_some()
    }

    /// Reads `MINUTES+SECONDS` (`5+3`: five minutes and three seconds a move; `0.5+0`).
    ///
    /// # Errors
    /// [`ClockError`] with the text, when it is not such a control, its base is under a second
    /// or either part is longer than a day.
    pub fn parse(text: &str) -> Result<ClockSpec, ClockError> {
        let bad = || ClockError {
            text: messhall_rules::echo(text),
        };
        let (minutes, seconds) = text.trim().split_once('+').ok_or_else(bad)?;
        let minutes: f64 = minutes.trim().parse().map_err(|_| bad())?;
        let seconds: f64 = seconds.trim().parse().map_err(|_| bad())?;
        let base_ms = minutes * 60_000.0;
        let increment_ms = seconds * 1000.0;
        let fits = |ms: f64| ms.is_finite() && (0.0..=ClockSpec::MAX_MS as f64).contains(&ms);
        if !fits(base_ms) || !fits(increment_ms) || base_ms < 1000.0 {
            return Err(bad());
        }
        Ok(ClockSpec {
            base_ms: base_ms as u64,
            increment_ms: increment_ms as u64,
            days_per_move: None,
        })
    }

    /// The base time.
    pub fn base(&self) -> Duration {
        Duration::from_millis(self.base_ms)
    }

    /// The increment.
    pub fn increment(&self) -> Duration {
        Duration::from_millis(self.increment_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_controls_are_refused() {
        for bad in ["", "5", "5+", "x+3", "-1+0", "0+5", "1441+0", "inf+0", "NaN+1"] {
            assert!(ClockSpec::parse(bad).is_err(), "{bad}");
        }
        assert!(ClockSpec::parse("0.5+0").is_ok());
        let e = ClockSpec::parse("5 minutes\n").unwrap_err();
        assert_eq!(e.text, "5 minutes\\n", "the text is kept, on one line");
    }
}
