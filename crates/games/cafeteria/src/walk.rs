//! A walk: several steps as one action ([`Action::Walk`]), tried whole before any step is played,
//! so that a walk is played entirely or refused with nothing changed.

use messhall_dice::Dice;

use crate::action::Action;
use crate::data::Sq;
use crate::game::Game;
use crate::refusal::Refusal;

/// Dice that note being asked and decide nothing. A walk is tried with them: trying one draws
/// none of the game's own rolls, so a refusal tells nothing about the dice to come.
struct Untouched {
    asked: bool,
}

impl Dice for Untouched {
    fn below(&mut self, _n: u32) -> u32 {
        self.asked = true;
        0
    }
}

impl Game {
    /// Why the walk along `path` (the squares stepped to, in order) is refused now, or `None`
    /// when it may be played. Each step must be open in turn, as [`Action::Move`]; chance may come
    /// in only on the last square (a slip roll on spilled food or garbage, taking a can from its
    /// home), since what the dice decide there may change what the student can do next.
    ///
    /// # Panics
    /// For a square off the map: check it first with [`Game::check_ids`].
    pub fn walk_refusal(&self, path: &[Sq]) -> Option<Refusal> {
        if self.outcome.is_some() {
            return Some(Refusal::GameOver);
        }
        if path.len() < 2 {
            return Some(Refusal::WalkTooShort);
        }
        let Some(student) = self.to_move() else {
            return Some(Refusal::NotOpen);
        };
        let round = self.round();
        let mut trial = self.clone();
        trial.narrate = false;
        for (i, &to) in path.iter().enumerate() {
            let step = Action::Move(to);
            let number = u8::try_from(i + 1).unwrap_or(u8::MAX);
            let refused = |why: Refusal| {
                Some(Refusal::WalkStep {
                    step: number,
                    to,
                    why: Box::new(why),
                })
            };
            // The AA ran out on the step before: the turn has passed.
            if trial.to_move() != Some(student) || trial.round() != round || trial.pending.is_some() {
                return refused(Refusal::NotEnoughAa { needed: 1, left: 0 });
            }
            if !trial.legal_actions().contains(&step) {
                return refused(trial.why_refused(&step));
            }
            if i + 1 == path.len() {
                return None;
            }
            let mut dice = Untouched { asked: false };
            trial.turn_action(&step, &mut dice);
            if dice.asked {
                return Some(Refusal::WalkStopsAt(to));
            }
            // What follows the step (the turn ending when its AA is spent) may roll: it is the
            // next step's business.
            trial.settle(&mut dice);
        }
        None
    }
}
