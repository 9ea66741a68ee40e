//! Search limits and time management: fixed depth, fixed nodes, fixed time, or a clock with
//! increment.

use std::time::{Duration, Instant};

/// Keep this much of the clock for the moves after this one (in moves).
pub const MOVES_HORIZON: u32 = 30;
/// Never use more than this share of the remaining clock on one move (per cent).
pub const HARD_CLOCK_PERCENT: u32 = 25;
/// Safety margin against overhead when on the clock.
pub const OVERHEAD: Duration = Duration::from_millis(10);

/// A side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// When to stop searching. Unset limits do not apply; with none set, the search runs until stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search no deeper than this.
    pub depth: Option<u32>,
    /// Search no more nodes than this. On several threads the main thread counts the helpers'
    /// nodes as they report them (every [`crate::search::CHECK_EVERY`] nodes) and the helpers
    /// stop when it does, so the whole search may go past the limit by a few such steps a helper.
    pub nodes: Option<u64>,
    /// Search this long, and no longer.
    pub movetime: Option<Duration>,
    /// The side to move's clock.
    pub clock: Option<Clock>,
    /// The opponent's clock: time it is behind is time we may spend a little more freely.
    pub opponent: Option<Clock>,
    /// Moves to play before the clock is next filled up (a `moves in time` control).
    pub moves_to_go: Option<u32>,
}

impl Limits {
    /// Limits of a depth only.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Limits of a node count only.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Limits of a time a move only.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Limits of a clock with `remaining` time and `increment` a move.
    pub fn clock(remaining: Duration, increment: Duration) -> Limits {
        Limits {
            clock: Some(Clock { remaining, increment }),
            ..Limits::default()
        }
    }
}

/// The time budget of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: Instant,
    /// Do not start another iteration after this.
    soft: Option<Duration>,
    /// Abort the search after this.
    hard: Option<Duration>,
}

impl TimeManager {
    /// The search's deadlines, soft and hard, from `limits` and the clock, counted from now.
    pub fn new(limits: &Limits) -> TimeManager {
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(t) = limits.movetime {
            // A fixed time per move is used to the end: time left over is not saved for later
            // moves, and an iteration cut short still plays a move it proved better.
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(c) = limits.clock {
            let left = c.remaining.saturating_sub(OVERHEAD);
            let horizon = limits.moves_to_go.map_or(MOVES_HORIZON, |m| m.clamp(1, MOVES_HORIZON));
            let mut share = left / horizon + c.increment * 3 / 4;
            if let Some(theirs) = limits.opponent {
                // Ahead on the clock: spend part of the lead.
                share += c.remaining.saturating_sub(theirs.remaining) / (2 * horizon);
            }
            let cap = left * HARD_CLOCK_PERCENT / 100;
            let s = share.min(cap);
            soft = Some(soft.map_or(s, |x| x.min(s)));
            let h = (share * 3).min(cap);
            hard = Some(hard.map_or(h, |x| x.min(h)));
        }
        TimeManager {
            start: Instant::now(),
            soft,
            hard,
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now.
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// Whether another iteration is not worth starting.
    pub fn past_soft_limit(&self) -> bool {
        self.soft.is_some_and(|s| self.elapsed() >= s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_move_time_is_used_to_the_end_and_a_clock_is_saved() {
        let fixed = TimeManager::new(&Limits::movetime(Duration::from_secs(10)));
        assert_eq!(
            (fixed.soft, fixed.hard),
            (Some(Duration::from_secs(10)), Some(Duration::from_secs(10)))
        );
        let clock = TimeManager::new(&Limits::clock(Duration::from_secs(60), Duration::ZERO));
        let (soft, hard) = (clock.soft.unwrap(), clock.hard.unwrap());
        assert!(soft < hard && hard <= Duration::from_secs(15), "{soft:?} {hard:?}");
        // Two moves to go before the control: up to the hard cap may go on this one.
        let mut last = Limits::clock(Duration::from_secs(60), Duration::ZERO);
        last.moves_to_go = Some(2);
        let last = TimeManager::new(&last);
        assert!(last.soft.unwrap() > soft * 5, "{:?}", last.soft);
        // Ahead of the opponent: a little more than even.
        let mut ahead = Limits::clock(Duration::from_secs(60), Duration::ZERO);
        ahead.opponent = Some(Clock {
            remaining: Duration::from_secs(20),
            increment: Duration::ZERO,
        });
        assert!(TimeManager::new(&ahead).soft.unwrap() > soft);
    }
}
