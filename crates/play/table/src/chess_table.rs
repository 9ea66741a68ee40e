//! A chess game at a table: the rules' [`Game`] with its dice, read as turns and events.

use crate::event::{Event, Removal, changed_squares, energies, removed_pieces};
use crate::table::{ActError, Action, Expected, Illegal, Legal, SetupError, Turn};
use messhall_dice::{Seed, SeededDice};
use messhall_records::catalog::ChessGame;
use messhall_records::{GameResult, Seat, seat_of};
use messhall_rules::{Game, Move, MoveKind, Position, Variant};
use std::sync::Arc;

/// A chess game in progress at a table.
#[derive(Clone, Debug)]
pub struct ChessTable {
    variant: Arc<Variant>,
    start: Position,
    seed: Seed,
    game: Game,
}

impl ChessTable {
    pub(crate) fn new(chess: &ChessGame, fen: Option<&str>, seed: Seed) -> Result<ChessTable, SetupError> {
        let variant = chess.variant.clone();
        let start = match fen {
            Some(text) => Position::from_fen(&variant, text)?,
            None => variant.start(),
        };
        let game = Game::with_dice(variant.clone(), start.clone(), SeededDice::from_seed(seed));
        Ok(ChessTable {
            variant,
            start,
            seed,
            game,
        })
    }

    /// The same game back at its start, with the same dice.
    pub(crate) fn restarted(&self) -> ChessTable {
        ChessTable {
            variant: self.variant.clone(),
            start: self.start.clone(),
            seed: self.seed,
            game: Game::with_dice(
                self.variant.clone(),
                self.start.clone(),
                SeededDice::from_seed(self.seed),
            ),
        }
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The rules' game: every position, move and chance outcome so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many chance outcomes the dice have decided (the rolls a player has seen; a steered
    /// step is a player's choice).
    pub(crate) fn rolls(&self) -> usize {
        let game = &self.game;
        game.actions()
            .iter()
            .zip(game.positions())
            .filter(|(a, before)| {
                matches!(a, messhall_rules::Action::Chance(_)) && !messhall_records::steered(&self.variant, before)
            })
            .count()
    }

    /// The steps of the game's record so far (moves and chance outcomes).
    pub(crate) fn steps(&self) -> usize {
        self.game.actions().len()
    }

    /// The chance events from now on draw from `stream` of the seed.
    pub(crate) fn fresh_dice(&mut self, stream: u64) {
        self.game.set_dice(SeededDice::from_seed_stream(self.seed, stream));
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The hashes of the positions before the current one, oldest first (for an engine's
    /// repetition checks).
    pub fn history(&self) -> Vec<u64> {
        let positions = self.game.positions();
        positions[..positions.len() - 1].iter().map(Position::hash).collect()
    }

    /// The events of chance outcomes the dice decided in the start position.
    pub(crate) fn start_events(&self) -> Vec<Event> {
        self.chance_events(0, None)
    }

    pub(crate) fn turn(&self) -> (Turn, Legal, Option<GameResult>) {
        let pos = self.game.position();
        if let Some(event) = self.game.pending_chance() {
            // The dice resolve their own events at once, so a pending one is steered.
            let chooser = event.chooser.unwrap_or(pos.side_to_move());
            let outcomes = event.outcomes;
            let from = outcomes
                .first()
                .map_or(messhall_rules::Square::from_index(0), |o| o.from);
            let turn = Turn::Steer {
                seat: seat_of(chooser),
                from,
            };
            return match self.game.outcome() {
                Some(o) => (Turn::Over, Legal::Nothing, Some(GameResult::chess(o))),
                None => (turn, Legal::Steps(outcomes), None),
            };
        }
        let legal = self.variant.legal_moves(pos);
        if let Some(o) = self.game.outcome_given(&legal) {
            return (Turn::Over, Legal::Nothing, Some(GameResult::chess(o)));
        }
        let turn = Turn::Move {
            seat: seat_of(pos.side_to_move()),
        };
        (turn, Legal::Moves(legal), None)
    }

    /// Whether the only legal move is a pass.
    pub(crate) fn only_pass(&self, moves: &[Move]) -> bool {
        matches!(moves, [only] if only.kind() == MoveKind::Pass)
    }

    pub(crate) fn play(&mut self, seat: Seat, mv: Move) -> Vec<Event> {
        let v = self.variant.clone();
        let before = self.game.position().clone();
        let san = v.san(&before, &mv);
        let first_after = self.game.actions().len() + 1;
        self.game.play_unchecked(mv);
        let after = &self.game.positions()[first_after];
        let changed = changed_squares(&v, &before, after);
        let piece = match mv.kind() {
            MoveKind::Drop(role) => Some(messhall_rules::Piece::new(before.side_to_move(), role)),
            MoveKind::Pass => None,
            _ => before.piece_at(mv.from()),
        };
        let name_of = |p: messhall_rules::Piece| v.role(p.role()).name.clone();
        let mut events = vec![Event::Moved {
            seat,
            mv,
            piece,
            name: piece.map(name_of),
            promotion_name: mv.promotion().map(|r| v.role(r).name.clone()),
            partner_name: (mv.kind() == MoveKind::Swap)
                .then(|| before.piece_at(mv.to()).map(name_of))
                .flatten(),
            san,
            coordinates: mv.to_coordinates(&v),
            changed: changed.clone(),
        }];
        for (square, piece) in removed_pieces(&changed, &before, after, Some(&mv)) {
            let cause = if mv.poisoned() && square == mv.from() {
                Removal::Poisoned
            } else {
                Removal::Captured
            };
            events.push(Event::Removed {
                piece,
                name: name_of(piece),
                square,
                cause,
            });
        }
        events.extend(energies(&v, &changed, after));
        events.extend(self.chance_events(first_after, None));
        events
    }

    pub(crate) fn steer(&mut self, seat: Seat, outcome: messhall_rules::ChanceOutcome) -> Vec<Event> {
        let first = self.game.actions().len();
        let offered = self.game.pending_chance().map(|e| e.outcomes).unwrap_or_default();
        // The outcome as offered (the caller may give only its squares).
        let Some(&chosen) = offered.iter().find(|o| o.from == outcome.from && o.to == outcome.to) else {
            return Vec::new();
        };
        self.game.resolve(chosen);
        self.chance_events(first, Some(seat))
    }

    /// Events for the chance outcomes among the game's actions from index `first` on; the first
    /// was steered by `steered_by` when given.
    fn chance_events(&self, first: usize, steered_by: Option<Seat>) -> Vec<Event> {
        let v = &*self.variant;
        let (actions, positions) = (self.game.actions(), self.game.positions());
        let mut events = Vec::new();
        for (i, action) in actions.iter().enumerate().skip(first) {
            let messhall_rules::Action::Chance(outcome) = *action else {
                continue;
            };
            let (before, after) = (&positions[i], &positions[i + 1]);
            let report = v.chance_report(before, &outcome);
            let changed = changed_squares(v, before, after);
            events.push(Event::Chance {
                piece: v.rules().neutral_name().to_string(),
                outcome,
                face: report.map_or(1, |r| r.index as u32 + 1),
                of: report.map_or(1, |r| r.count as u32),
                steered_by: if i == first { steered_by } else { None },
                changed: changed.clone(),
            });
            for (square, piece) in removed_pieces(&changed, before, after, None) {
                events.push(Event::Removed {
                    piece,
                    name: v.role(piece.role()).name.clone(),
                    square,
                    cause: Removal::Eaten,
                });
            }
            events.extend(energies(v, &changed, after));
        }
        events
    }

    pub(crate) fn parse(&self, legal: &Legal, text: &str) -> Result<Action, ActError> {
        let pos = self.game.position();
        match legal {
            Legal::Steps(outcomes) => {
                let wanted = text.trim();
                outcomes
                    .iter()
                    .find(|o| o.to.to_string().eq_ignore_ascii_case(wanted) || o.to_text() == wanted)
                    .map(|o| Action::Steer(*o))
                    .ok_or_else(|| {
                        ActError::Illegal(Illegal::StepSquare {
                            text: wanted.to_string(),
                            squares: outcomes.iter().map(|o| o.to).collect(),
                        })
                    })
            }
            Legal::Moves(_) => self
                .variant
                .parse_move(pos, text)
                .map(Action::Move)
                .map_err(|e| ActError::Illegal(e.into())),
            Legal::Nothing | Legal::Student(_) => Err(ActError::Over),
        }
    }

    pub(crate) fn why_illegal(&self, legal: &Legal, action: &Action) -> ActError {
        match (legal, action) {
            (Legal::Moves(_), Action::Move(mv)) => {
                // The rules explain a move they refuse when it is given as text.
                let text = mv.to_coordinates(&self.variant);
                match self.variant.parse_move(self.game.position(), &text) {
                    Err(e) => ActError::Illegal(e.into()),
                    Ok(_) => ActError::Illegal(Illegal::NotLegalHere { text }),
                }
            }
            (Legal::Steps(_), Action::Steer(o)) => ActError::Illegal(Illegal::Step { outcome: *o }),
            (Legal::Steps(_), _) => ActError::WrongKind(Expected::Step),
            (Legal::Moves(_), _) => ActError::WrongKind(Expected::Move),
            _ => ActError::Over,
        }
    }
}
