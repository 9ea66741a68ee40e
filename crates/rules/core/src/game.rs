//! A game: a start position, the moves played, and the result.

use crate::moves::{Move, MoveError, MoveKind};
use crate::spec::{RoyalRule, StalemateRule};
use crate::{Color, Position, Variant};
use std::sync::Arc;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Checkmate,
    Stalemate,
    /// Both sides could not move, one after the other.
    BothStalemated,
    /// A side lost its last royal piece.
    RoyalCaptured,
    /// A side lost the last piece of a type it must keep.
    Extinction,
    Repetition,
    FiftyMoves,
}

/// The result of a finished game: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match self.reason {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::BothStalemated => "both sides stalemated",
            Reason::RoyalCaptured => "royal piece captured",
            Reason::Extinction => "extinction",
            Reason::Repetition => "repetition",
            Reason::FiftyMoves => "fifty-move rule",
        };
        match self.winner {
            Some(Color::White) => write!(f, "1-0 ({why})"),
            Some(Color::Black) => write!(f, "0-1 ({why})"),
            None => write!(f, "1/2-1/2 ({why})"),
        }
    }
}

/// A game in progress: every position so far, for repetition and taking moves back.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Arc<Variant>,
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    pub fn new(variant: Arc<Variant>, start: Position) -> Game {
        Game {
            variant,
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game always has its start position"))
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a move given as text (coordinates or SAN).
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.variant.parse_move(self.position(), text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Plays a move that must be legal.
    pub fn play(&mut self, mv: Move) {
        let next = self.position().play(&self.variant, &mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Takes the last move back.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// How often the current position has occurred (same hash and same pieces, side to move,
    /// rights and game state; the move clocks do not count), this time included.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.hash() == now.hash() && p.same_state(now))
            .count()
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let v = &*self.variant;
        let pos = self.position();
        if let Some(winner) = v.material_decided(pos) {
            let reason = if v.end.royal == RoyalRule::Capture && pos.royals(!winner).is_empty() && v.royal_roles != 0 {
                Reason::RoyalCaptured
            } else {
                Reason::Extinction
            };
            return Some(Outcome {
                winner: Some(winner),
                reason,
            });
        }
        let legal = v.legal_moves(pos);
        if legal.is_empty() {
            let us = pos.side_to_move();
            if v.end.royal == RoyalRule::Checkmate && v.in_check(pos) {
                return Some(Outcome {
                    winner: Some(!us),
                    reason: Reason::Checkmate,
                });
            }
            return Some(match v.end.stalemate {
                StalemateRule::Draw => Outcome {
                    winner: None,
                    reason: Reason::Stalemate,
                },
                StalemateRule::Loss => Outcome {
                    winner: Some(!us),
                    reason: Reason::Stalemate,
                },
                StalemateRule::Pass => Outcome {
                    winner: None,
                    reason: Reason::BothStalemated,
                },
            });
        }
        if v.end.repetitions > 0 && self.repetitions() >= v.end.repetitions as usize {
            return Some(Outcome {
                winner: None,
                reason: Reason::Repetition,
            });
        }
        if v.end.fifty_moves > 0 && pos.halfmove_clock() >= 2 * v.end.fifty_moves {
            return Some(Outcome {
                winner: None,
                reason: Reason::FiftyMoves,
            });
        }
        None
    }

    /// Whether the last move was a pass.
    pub fn last_was_pass(&self) -> bool {
        self.moves.last().is_some_and(|m| m.kind == MoveKind::Pass)
    }
}
