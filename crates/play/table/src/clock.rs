//! The game clock: a base time and an increment per move for each seat, run by the table, and
//! flag fall. Separate from the engine's time budget, which a player works out from it.

use messhall_records::{ClockSpec, Seat};
use std::time::{Duration, Instant};

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

    /// Stops `seat`'s clock at `now` after its move and adds the increment; in correspondence
    /// the next move has its days afresh.
    pub fn stop(&mut self, seat: Seat, now: Instant) {
        let left = match self.spec.is_correspondence() {
            true => self.spec.base(),
            false => self.left(seat, now) + self.spec.increment(),
        };
        if let Some(slot) = self.left.get_mut(seat.index()) {
            *slot = left;
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
    fn a_correspondence_move_has_its_days_afresh_and_falls_after_them() {
        let day = Duration::from_secs(86_400);
        let mut clock = GameClock::new(ClockSpec::correspondence(2), 2);
        let t0 = Instant::now();
        clock.start(Seat(0), t0);
        let t1 = t0 + day + day / 2;
        assert_eq!(clock.left(Seat(0), t1), day / 2);
        clock.stop(Seat(0), t1);
        assert_eq!(clock.left(Seat(0), t1), day * 2);
        clock.start(Seat(1), t1);
        assert_eq!(clock.flagged(t1 + day * 2 - Duration::from_secs(1)), None);
        assert_eq!(clock.flagged(t1 + day * 2), Some(Seat(1)));
    }
}
