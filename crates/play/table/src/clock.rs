//! The game clock: a base time and an increment per move for each seat, run by the table, and
//! flag fall. Separate from the engine's time budget, which a player works out from it.

use crate::event::Seat;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// A time control: each seat starts with `base` and gains `increment` after each of its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSpec {
    /// Each seat's time at the start, in milliseconds.
    pub base_ms: u64,
    /// Time added after each move, in milliseconds.
    pub increment_ms: u64,
}

impl ClockSpec {
    /// The longest base time accepted (a day).
    pub const MAX_MS: u64 = 86_400_000;

    /// A time control of `base` and `increment`.
    pub fn new(base: Duration, increment: Duration) -> ClockSpec {
        ClockSpec {
            base_ms: base.as_millis().min(u128::from(ClockSpec::MAX_MS)) as u64,
            increment_ms: increment.as_millis().min(u128::from(ClockSpec::MAX_MS)) as u64,
        }
    }

    /// Reads `MINUTES+SECONDS` (`5+3`: five minutes and three seconds a move; `0.5+0`).
    ///
    /// # Errors
    /// A message naming the text, when it is not such a control or is longer than a day.
    pub fn parse(text: &str) -> Result<ClockSpec, String> {
        let bad = || {
            format!(
                "clock \"{}\": expected MINUTES+SECONDS, like 5+3 (up to a day)",
                messhall_rules::echo(text)
            )
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

/// The clocks of a game in progress: each seat's time left and which one runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    spec: ClockSpec,
    left: Vec<Duration>,
    /// The seat whose clock runs, and since when.
    running: Option<(Seat, Instant)>,
}

impl GameClock {
    /// Clocks for `seats` seats, none running yet.
    pub fn new(spec: ClockSpec, seats: usize) -> GameClock {
        GameClock {
            spec,
            left: vec![spec.base(); seats],
            running: None,
        }
    }

    /// Clocks for seats with the times `left` (a stored game going on), none running yet.
    pub fn with_left(spec: ClockSpec, left: Vec<Duration>) -> GameClock {
        GameClock {
            spec,
            left,
            running: None,
        }
    }

    /// Every seat's time left at `now`, by seat.
    pub fn all_left(&self, now: Instant) -> Vec<Duration> {
        (0..self.left.len()).map(|i| self.left(Seat(i as u8), now)).collect()
    }

    /// The time control.
    pub fn spec(&self) -> ClockSpec {
        self.spec
    }

    /// `seat`'s time left at `now` (its running time counted).
    pub fn left(&self, seat: Seat, now: Instant) -> Duration {
        let stored = self.left.get(seat.index()).copied().unwrap_or_default();
        match self.running {
            Some((s, since)) if s == seat => stored.saturating_sub(now.saturating_duration_since(since)),
            _ => stored,
        }
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<Seat> {
        self.running.map(|(s, _)| s)
    }

    /// Starts `seat`'s clock at `now` (its turn begins).
    pub fn start(&mut self, seat: Seat, now: Instant) {
        self.running = Some((seat, now));
    }

    /// Stops `seat`'s clock at `now` after its move and adds the increment.
    pub fn stop(&mut self, seat: Seat, now: Instant) {
        let left = self.left(seat, now);
        if let Some(slot) = self.left.get_mut(seat.index()) {
            *slot = left + self.spec.increment();
        }
        self.running = None;
    }

    /// Runs `seat`'s clock from `now` without adding an increment to the one that ran (after a
    /// take-back).
    pub fn resume(&mut self, seat: Seat, now: Instant) {
        if let Some((s, _)) = self.running {
            let left = self.left(s, now);
            if let Some(slot) = self.left.get_mut(s.index()) {
                *slot = left;
            }
        }
        self.running = Some((seat, now));
    }

    /// Stops every clock (the game ended).
    pub fn halt(&mut self) {
        if let Some((s, since)) = self.running.take() {
            let now = Instant::now().max(since);
            let left = self.left.get(s.index()).copied().unwrap_or_default();
            if let Some(slot) = self.left.get_mut(s.index()) {
                *slot = left.saturating_sub(now - since);
            }
        }
    }

    /// The seat whose clock has run out by `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Seat> {
        let (seat, _) = self.running?;
        self.left(seat, now).is_zero().then_some(seat)
    }

    /// The search limits for `seat` moving now: its clock and the opponent's (two-seat games),
    /// with the increment.
    pub fn limits_for(&self, seat: Seat, now: Instant) -> messhall_search::Limits {
        let clock = |s: Seat| messhall_search::Clock {
            remaining: self.left(s, now),
            increment: self.spec.increment(),
        };
        let mut limits = messhall_search::Limits::clock(self.left(seat, now), self.spec.increment());
        if self.left.len() == 2 {
            limits.opponent = Some(clock(Seat(1 - seat.0.min(1))));
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_runs_for_the_seat_to_move_adds_the_increment_and_falls() {
        let spec = ClockSpec::parse("1+2").unwrap();
        assert_eq!((spec.base_ms, spec.increment_ms), (60_000, 2_000));
        let mut clock = GameClock::new(spec, 2);
        let t0 = Instant::now();
        clock.start(Seat(0), t0);
        let t1 = t0 + Duration::from_secs(10);
        assert_eq!(clock.left(Seat(0), t1), Duration::from_secs(50));
        assert_eq!(clock.left(Seat(1), t1), Duration::from_secs(60));
        clock.stop(Seat(0), t1);
        assert_eq!(clock.left(Seat(0), t1), Duration::from_secs(52));
        clock.start(Seat(1), t1);
        assert_eq!(clock.flagged(t1 + Duration::from_secs(59)), None);
        assert_eq!(clock.flagged(t1 + Duration::from_secs(60)), Some(Seat(1)));
        let limits = clock.limits_for(Seat(1), t1);
        assert_eq!(limits.clock.unwrap().remaining, Duration::from_secs(60));
        assert_eq!(limits.opponent.unwrap().remaining, Duration::from_secs(52));
    }

    #[test]
    fn bad_controls_are_refused() {
        for bad in ["", "5", "5+", "x+3", "-1+0", "0+5", "1441+0", "inf+0", "NaN+1"] {
            assert!(ClockSpec::parse(bad).is_err(), "{bad}");
        }
        assert!(ClockSpec::parse("0.5+0").is_ok());
    }
}
