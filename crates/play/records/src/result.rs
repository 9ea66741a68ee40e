//! How a game at a table ended, as data.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "by")]
pub enum Ending {
    /// The chess rules ended it (checkmate, stalemate, a royal captured, repetition...).
    Rules {
        /// The rules' verdict.
        outcome: messhall_rules::Outcome,
    },
    /// The cafeteria game ended by its rules.
    Cafeteria {
        /// How it ended.
        kind: messhall_cafeteria::EndKind,
        /// The winning students.
        winners: Vec<messhall_cafeteria::StudentId>,
    },
    /// A seat resigned.
    Resigned {
        /// Who resigned.
        seat: Seat,
    },
    /// A seat's clock ran out.
    Flagged {
        /// Whose clock fell.
        seat: Seat,
    },
    /// A seat left the game on its move and did not come back: the side left at the table
    /// claimed the win (or, with `drawn`, a draw), or the server ended the game.
    Abandoned {
        /// Who left.
        seat: Seat,
        /// Whether the game was scored a draw (the other side claimed one) rather than lost.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        drawn: bool,
    },
    /// The players agreed a draw.
    Agreed,
    /// A match stopped a game at its ply limit and scored it a draw.
    MoveLimit,
    /// A seat lost by its player's fault outside the rules: an external engine that answered an
    /// illegal move, resigned or claimed a result of its own, crashed, or did not answer in time.
    Forfeit {
        /// Who lost.
        seat: Seat,
        /// What the player did.
        reason: String,
    },
}

/// A finished game: each seat's score (1 a win, 0.5 a draw in chess; shares of the win in the
/// cafeteria game) and why it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// Each seat's share of the points, by seat.
    pub scores: Vec<f64>,
    /// Why it ended.
    pub ending: Ending,
}

impl GameResult {
    /// A chess result from the rules' verdict.
    pub fn chess(outcome: messhall_rules::Outcome) -> GameResult {
        let scores = match outcome.winner {
            None => vec![0.5, 0.5],
            Some(messhall_rules::Color::White) => vec![1.0, 0.0],
            Some(messhall_rules::Color::Black) => vec![0.0, 1.0],
        };
        GameResult {
            scores,
            ending: Ending::Rules { outcome },
        }
    }

    /// A result where `loser` lost and everyone else shares the points equally (a resignation or
    /// a flag fall among `seats` seats).
    pub fn lost_by(loser: Seat, seats: usize, ending: Ending) -> GameResult {
        let others = seats.saturating_sub(1).max(1) as f64;
        let scores = (0..seats)
            .map(|i| if i == loser.index() { 0.0 } else { 1.0 / others })
            .collect();
        GameResult { scores, ending }
    }

    /// A draw among `seats` seats.
    pub fn draw(seats: usize, ending: Ending) -> GameResult {
        GameResult {
            scores: vec![1.0 / seats.max(1) as f64; seats],
            ending,
        }
    }

    /// The one seat with all the points, if there is one.
    pub fn winner(&self) -> Option<Seat> {
        let i = self.scores.iter().position(|&s| s >= 1.0)?;
        Some(Seat(i as u8))
    }

    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2` (for two seats; `*` otherwise).
    pub fn pgn(&self) -> &'static str {
        match self.scores.as_slice() {
            [w, b] if w > b => "1-0",
            [w, b] if w < b => "0-1",
            [_, _] => "1/2-1/2",
            _ => "*",
        }
    }
}
