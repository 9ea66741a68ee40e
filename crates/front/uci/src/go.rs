//! `go` and its parameters, read into the search's [`Limits`].

use messhall_rules::{Color, echo};
use messhall_search::{Clock, Limits};
use std::time::Duration;

/// A `go` command, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Go {
    pub(crate) depth: Option<u32>,
    pub(crate) nodes: Option<u64>,
    pub(crate) movetime: Option<Duration>,
    /// White's and Black's clocks and increments.
    pub(crate) time: [Option<Duration>; 2],
    pub(crate) inc: [Option<Duration>; 2],
    pub(crate) movestogo: Option<u32>,
    /// Search until `stop` (also `ponder`, until `ponderhit` or `stop`): the best move is not
    /// given before then.
    pub(crate) infinite: bool,
    pub(crate) ponder: bool,
    /// `go perft N`: count move paths instead.
    pub(crate) perft: Option<u32>,
}

impl Go {
    /// Reads the words after `go`.
    pub(crate) fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            let mut value = |what: &str| {
                words
                    .next()
                    .copied()
                    .ok_or_else(|| format!("{word} needs {what} after it"))
            };
            match word {
                "depth" => go.depth = Some(number(word, value("a number of plies")?)?),
                "nodes" => go.nodes = Some(number(word, value("a number of nodes")?)?),
                "movetime" => go.movetime = Some(millis(word, value("milliseconds")?)?),
                "wtime" => go.time[0] = Some(millis(word, value("milliseconds")?)?),
                "btime" => go.time[1] = Some(millis(word, value("milliseconds")?)?),
                "winc" => go.inc[0] = Some(millis(word, value("milliseconds")?)?),
                "binc" => go.inc[1] = Some(millis(word, value("milliseconds")?)?),
                "movestogo" => go.movestogo = Some(number(word, value("a number of moves")?)?),
                "perft" => go.perft = Some(number(word, value("a depth")?)?),
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                other => return Err(format!("unknown go parameter \"{}\"", echo(other))),
            }
        }
        if go.depth == Some(0) {
            return Err("depth must be at least 1".into());
        }
        Ok(go)
    }

    /// Whether the best move waits for `stop` (or `ponderhit`).
    pub(crate) fn holds(&self) -> bool {
        self.infinite || self.ponder
    }

    /// Whether no limit was given, so only `stop` ends the search.
    pub(crate) fn unlimited(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.movetime.is_none() && self.time.iter().all(Option::is_none)
    }

    /// The search's limits for `side` to move: no limit at all searches until `stop`.
    pub(crate) fn limits(&self, side: Color) -> Limits {
        let (us, them) = match side {
            Color::White => (0, 1),
            Color::Black => (1, 0),
        };
        let clock = |i: usize| {
            let remaining = self.time.get(i).copied().flatten()?;
            let increment = self.inc.get(i).copied().flatten().unwrap_or(Duration::ZERO);
            Some(Clock { remaining, increment })
        };
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime,
            moves_to_go: self.movestogo,
            ..Limits::default()
        };
        if !self.infinite {
            limits.clock = clock(us);
            limits.opponent = clock(them);
        }
        limits
    }
}

fn number<T: std::str::FromStr>(word: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{word} needs a whole number, not \"{}\"", echo(text)))
}

/// Milliseconds; a negative clock (some GUIs send one when time is short) counts as none left.
fn millis(word: &str, text: &str) -> Result<Duration, String> {
    let ms: i64 = number(word, text)?;
    Ok(Duration::from_millis(ms.max(0).unsigned_abs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_become_the_side_to_moves_limits() {
        let go = Go::parse(&["wtime", "60000", "btime", "-5", "winc", "1000", "movestogo", "20"]).unwrap();
        let black = go.limits(Color::Black);
        assert_eq!(black.clock.map(|c| c.remaining), Some(Duration::ZERO));
        assert_eq!(black.opponent.map(|c| c.increment), Some(Duration::from_secs(1)));
        assert_eq!(black.moves_to_go, Some(20));
        assert_eq!(
            go.limits(Color::White).clock.map(|c| c.remaining),
            Some(Duration::from_secs(60))
        );
        assert!(!go.holds());
        let infinite = Go::parse(&["infinite"]).unwrap();
        assert!(infinite.holds());
        assert_eq!(infinite.limits(Color::White), Limits::default());
    }

    #[test]
    fn bad_parameters_are_named() {
        assert_eq!(
            Go::parse(&["depth"]),
            Err("depth needs a number of plies after it".into())
        );
        assert_eq!(
            Go::parse(&["depth", "x"]),
            Err("depth needs a whole number, not \"x\"".into())
        );
        assert_eq!(Go::parse(&["depth", "0"]), Err("depth must be at least 1".into()));
        assert_eq!(
            Go::parse(&["searchmoves", "e2e4"]),
            Err("unknown go parameter \"searchmoves\"".into())
        );
        assert_eq!(Go::parse(&["perft", "3"]).map(|g| g.perft), Ok(Some(3)));
    }
}
