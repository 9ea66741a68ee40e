//! Time controls as XBoard sets them (`level`, `st`, `sd`, `time`, `otim`), turned into the
//! search's limits for one move.

use messhall_search::{Clock, Limits};
use std::time::Duration;

/// Per move when XBoard has set no time control at all.
const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(5);

/// Kept back from a fixed time per move against the protocol's delays.
const MOVE_TIME_MARGIN: Duration = Duration::from_millis(20);

/// The longest time control read, in seconds (a year).
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// How the engine's time is given.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Control {
    /// `level MPS BASE INC`: `moves` in `base` (0: the whole game), `increment` after each move.
    Level {
        moves: u32,
        base: Duration,
        increment: Duration,
    },
    /// `st TIME`: at most this long per move.
    PerMove(Duration),
}

/// Everything XBoard has said about time and depth.
#[derive(Clone, Debug, Default)]
pub(crate) struct TimeControl {
    control: Option<Control>,
    depth: Option<u32>,
    own: Option<Duration>,
    opponent: Option<Duration>,
}

/// Seconds as XBoard writes them (`30`, `0.5`), within a year.
fn seconds(text: &str) -> Option<Duration> {
    let s: f64 = text.parse().ok()?;
    (s.is_finite() && (0.0..=MAX_SECONDS).contains(&s)).then(|| Duration::from_secs_f64(s))
}

/// A `level` base: minutes, or minutes:seconds; anything after the number is ignored, as the
/// protocol asks.
fn base_time(text: &str) -> Option<Duration> {
    let number_end = |t: &str| t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let minutes_text = text.get(..number_end(text))?;
    let minutes: u64 = minutes_text.parse().ok()?;
    let mut total = minutes.checked_mul(60)?;
    if let Some(rest) = text.get(minutes_text.len()..).and_then(|r| r.strip_prefix(':')) {
        let secs: u64 = rest.get(..number_end(rest))?.parse().ok()?;
        total = total.checked_add(secs)?;
    }
    (total as f64 <= MAX_SECONDS).then(|| Duration::from_secs(total))
}

impl TimeControl {
    /// `level MPS BASE INC`.
    pub(crate) fn level(&mut self, args: &[&str]) -> Result<(), String> {
        let [moves, base, increment] = args else {
            return Err("level takes three values: moves, base time, increment".into());
        };
        let moves: u32 = moves
            .parse()
            .map_err(|_| format!("moves \"{moves}\" is not a number"))?;
        let base = base_time(base).ok_or_else(|| format!("base \"{base}\" is not minutes or minutes:seconds"))?;
        let increment = seconds(increment).ok_or_else(|| format!("increment \"{increment}\" is not seconds"))?;
        self.control = Some(Control::Level { moves, base, increment });
        Ok(())
    }

    /// `st TIME`.
    pub(crate) fn per_move(&mut self, args: &[&str]) -> Result<(), String> {
        let [time] = args else {
            return Err("st takes one value: seconds per move".into());
        };
        let time = seconds(time).ok_or_else(|| format!("\"{time}\" is not seconds"))?;
        self.control = Some(Control::PerMove(time));
        Ok(())
    }

    /// `sd DEPTH`.
    pub(crate) fn depth(&mut self, args: &[&str]) -> Result<(), String> {
        let [depth] = args else {
            return Err("sd takes one value: the depth".into());
        };
        let depth: u32 = depth
            .parse()
            .ok()
            .filter(|d| (1..=messhall_search::search::MAX_PLY as u32).contains(d))
            .ok_or_else(|| {
                format!(
                    "\"{depth}\" is not a depth from 1 to {}",
                    messhall_search::search::MAX_PLY
                )
            })?;
        self.depth = Some(depth);
        Ok(())
    }

    /// `time N` (`own`) or `otim N` (the opponent's): a clock in centiseconds.
    pub(crate) fn clock(&mut self, args: &[&str], own: bool) -> Result<(), String> {
        let [centis] = args else {
            return Err("a clock is one value in centiseconds".into());
        };
        let centis: i64 = centis
            .parse()
            .map_err(|_| format!("\"{centis}\" is not centiseconds"))?;
        let time = Duration::from_millis(u64::try_from(centis.max(0)).unwrap_or(0).saturating_mul(10));
        if own {
            self.own = Some(time);
        } else {
            self.opponent = Some(time);
        }
        Ok(())
    }

    /// Forgets the depth limit (`new`).
    pub(crate) fn clear_depth(&mut self) {
        self.depth = None;
    }

    /// The limits of the engine's next move, its `moves_made` moves played so far this game.
    pub(crate) fn limits(&self, moves_made: u32) -> Limits {
        let mut limits = Limits {
            depth: self.depth,
            ..Limits::default()
        };
        match self.control {
            Some(Control::PerMove(t)) => {
                limits.movetime = Some(t.saturating_sub(MOVE_TIME_MARGIN).max(Duration::from_millis(1)))
            }
            Some(Control::Level { moves, base, increment }) => {
                limits.clock = Some(Clock {
                    remaining: self.own.unwrap_or(base),
                    increment,
                });
                limits.opponent = Some(Clock {
                    remaining: self.opponent.unwrap_or(base),
                    increment,
                });
                if moves > 0 {
                    limits.moves_to_go = Some(moves - moves_made % moves);
                }
            }
            None if self.depth.is_none() => limits.movetime = Some(DEFAULT_MOVE_TIME),
            None => {}
        }
        limits
    }

    /// The limits of an analysis: only the depth, if one was set.
    pub(crate) fn analysis_limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_as_the_protocol_writes_them() {
        let mut tc = TimeControl::default();
        tc.level(&["40", "0:30", "0"]).unwrap();
        let limits = tc.limits(3);
        assert_eq!(limits.clock.unwrap().remaining, Duration::from_secs(30));
        assert_eq!(limits.moves_to_go, Some(37));
        tc.level(&["0", "2", "12"]).unwrap();
        tc.clock(&["6000"], true).unwrap();
        let limits = tc.limits(0);
        assert_eq!(limits.clock.unwrap().remaining, Duration::from_secs(60));
        assert_eq!(limits.clock.unwrap().increment, Duration::from_secs(12));
        assert_eq!(limits.moves_to_go, None);
        assert!(tc.level(&["40", "x", "0"]).is_err());
        assert!(tc.level(&["40"]).is_err());
        assert!(tc.per_move(&["-3"]).is_err());
        assert!(tc.depth(&["0"]).is_err());
        assert_eq!(base_time("25+5"), Some(Duration::from_secs(1500)));
    }
}
