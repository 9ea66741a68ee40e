//! A chess game played by the rules alone, for reading and writing PGN: the rules' [`Game`] with
//! its dice, the turn it is at, forced passes made at once (as a table makes them), and an
//! ending the moves did not give (a resignation, a flag fall...).

use crate::record::FreshDice;
use crate::result::{Ending, GameResult};
use crate::seat::{Seat, color_of};
use messhall_dice::{Seed, SeededDice};
use messhall_rules::{ChanceOutcome, Color, FenError, Game, Move, MoveKind, Position, Variant};
use std::sync::Arc;

/// What the game waits for.
pub(super) enum Due {
    /// `Color` to move, one of these.
    Move(Color, Vec<Move>),
    /// `Color` to steer the neutral piece, one of these.
    Steer(Color, Vec<ChanceOutcome>),
    /// Nothing: the game is over.
    Over,
}

pub(super) struct Board {
    variant: Arc<Variant>,
    start: Position,
    game: Game,
    seed: Seed,
    /// Where the dice moved to a fresh stream after a take-back.
    fresh: Vec<FreshDice>,
    /// An ending the moves did not give.
    ended: Option<GameResult>,
}

impl Board {
    /// The game from `fen` (the variant's start when `None`) with the dice of `seed`.
    pub fn new(variant: Arc<Variant>, fen: Option<&str>, seed: Seed) -> Result<Board, FenError> {
        let start = match fen {
            Some(text) => Position::from_fen(&variant, text)?,
            None => variant.start(),
        };
        let game = Game::with_dice(variant.clone(), start.clone(), SeededDice::from_seed(seed));
        let mut board = Board {
            variant,
            start,
            game,
            seed,
            fresh: Vec::new(),
            ended: None,
        };
        board.pass_when_forced();
        Ok(board)
    }

    /// The same board whose dice move to fresh streams where `fresh` says (before any move).
    pub fn with_fresh_dice(mut self, fresh: Vec<FreshDice>) -> Board {
        self.fresh = fresh;
        self.fresh_dice_due();
        self
    }

    pub fn fresh_dice(&self) -> &[FreshDice] {
        &self.fresh
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn due(&self) -> Due {
        if self.ended.is_some() {
            return Due::Over;
        }
        let pos = self.game.position();
        if let Some(event) = self.game.pending_chance() {
            // The dice resolve their own events at once, so a pending one is steered.
            return match self.game.outcome() {
                Some(_) => Due::Over,
                None => Due::Steer(event.chooser.unwrap_or(pos.side_to_move()), event.outcomes),
            };
        }
        let legal = self.variant.legal_moves(pos);
        match self.game.outcome_given(&legal) {
            Some(_) => Due::Over,
            None => Due::Move(pos.side_to_move(), legal),
        }
    }

    /// The seat whose turn it is, if the game is not over.
    pub fn seat(&self) -> Option<Seat> {
        match self.due() {
            Due::Move(color, _) | Due::Steer(color, _) => Some(crate::seat_of(color)),
            Due::Over => None,
        }
    }

    /// The result: the ending given, or the rules' verdict.
    pub fn result(&self) -> Option<GameResult> {
        if let Some(ended) = &self.ended {
            return Some(ended.clone());
        }
        if !matches!(self.due(), Due::Over) {
            return None;
        }
        let legal = self.variant.legal_moves(self.game.position());
        self.game
            .outcome()
            .or_else(|| self.game.outcome_given(&legal))
            .map(GameResult::chess)
    }

    /// Plays a legal move (and whatever the dice and forced passes make after it).
    pub fn play(&mut self, mv: Move) {
        self.fresh_dice_due();
        self.game.play_unchecked(mv);
        self.pass_when_forced();
    }

    /// Steers the pending chance event to an outcome it offers.
    pub fn steer(&mut self, outcome: ChanceOutcome) {
        self.fresh_dice_due();
        self.game.resolve(outcome);
        self.pass_when_forced();
    }

    /// Ends the game so; `seat` lost (or, with `None`, a draw).
    pub fn end(&mut self, loser: Option<Seat>, ending: Ending) {
        self.ended = Some(match loser {
            Some(seat) => GameResult::lost_by(seat, 2, ending),
            None => GameResult::draw(2, ending),
        });
    }

    /// The steps so far, the ending's last.
    pub fn steps(&self) -> Vec<crate::Step> {
        let mut steps = crate::Step::of_chess_game(&self.variant, &self.game);
        steps.extend(self.ended.as_ref().and_then(|r| crate::Step::of_ending(&r.ending)));
        steps
    }

    /// Moves the dice to the stream a take-back chose at this step, if one did.
    fn fresh_dice_due(&mut self) {
        if let Some(fresh) = FreshDice::due(&self.fresh, self.game.actions().len()) {
            self.game
                .set_dice(SeededDice::from_seed_stream(self.seed, fresh.stream));
        }
    }

    /// A side with no move but a pass passes at once.
    fn pass_when_forced(&mut self) {
        while let Due::Move(_, moves) = self.due() {
            match moves.as_slice() {
                [only] if only.kind() == MoveKind::Pass => self.game.play_unchecked(*only),
                _ => return,
            }
        }
    }
}

/// The side of a seat, for words.
pub(super) fn side(seat: Seat) -> &'static str {
    color_of(seat).name()
}
