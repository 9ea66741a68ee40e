//! A cafeteria game at a table: the game, its seeded dice (every draw kept, so a record proves
//! its rolls), read as turns and events.

use crate::event::Event;
use crate::table::{ActError, Action, Expected, Illegal, Legal, SetupError, Turn};
use messhall_cafeteria::{Game, Setup};
use messhall_dice::{Draw, Recorder, Seed, SeededDice};
use messhall_records::Seat;
use messhall_records::{Ending, GameResult};

/// A cafeteria game in progress at a table.
#[derive(Clone, Debug)]
pub struct CafeteriaTable {
    setup: Setup,
    seed: Seed,
    game: Game,
    dice: Recorder<SeededDice>,
    /// Events of the set-up, not yet handed out.
    start: Vec<messhall_cafeteria::Note>,
}

impl CafeteriaTable {
    pub(crate) fn new(setup: Setup, seed: Seed) -> Result<CafeteriaTable, SetupError> {
        let mut dice = Recorder::new(SeededDice::from_seed(seed));
        let mut game = Game::new_narrated(setup.clone(), &mut dice)?;
        let start = game.take_events();
        Ok(CafeteriaTable {
            setup,
            seed,
            game,
            dice,
            start,
        })
    }

    /// The same game back at its start, with the same dice.
    pub(crate) fn restarted(&self) -> CafeteriaTable {
        let mut dice = Recorder::new(SeededDice::from_seed(self.seed));
        // The setup was accepted once; the same setup and seed make the same game.
        let mut game = match Game::new_narrated(self.setup.clone(), &mut dice) {
            Ok(game) => game,
            Err(_) => return self.clone(),
        };
        let _ = game.take_events();
        CafeteriaTable {
            setup: self.setup.clone(),
            seed: self.seed,
            game,
            dice,
            start: Vec::new(),
        }
    }

    /// The cafeteria's dice from now on draw from `stream` of the seed (the draws go on being kept).
    pub(crate) fn fresh_dice(&mut self, stream: u64) {
        *self.dice.inner_mut() = SeededDice::from_seed_stream(self.seed, stream);
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The setup: players and options.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Every draw of the dice so far.
    pub fn draws(&self) -> &[Draw] {
        self.dice.draws()
    }

    pub(crate) fn seats(&self) -> usize {
        usize::from(self.setup.players)
    }

    pub(crate) fn take_events(&mut self) -> Vec<Event> {
        let notes = std::mem::take(&mut self.start);
        notes.into_iter().map(note_event).collect()
    }

    pub(crate) fn turn(&self) -> (Turn, Legal, Option<GameResult>) {
        if let Some(outcome) = self.game.outcome() {
            let result = GameResult {
                scores: outcome.scores.clone(),
                ending: Ending::Cafeteria {
                    kind: outcome.kind,
                    winners: outcome.winners.clone(),
                },
            };
            return (Turn::Over, Legal::Nothing, Some(result));
        }
        match (self.game.player_to_move(), self.game.to_move()) {
            (Some(player), Some(student)) => (
                Turn::Student {
                    seat: Seat(player),
                    student,
                },
                Legal::Student(self.game.legal_actions()),
                None,
            ),
            _ => (Turn::Over, Legal::Nothing, None),
        }
    }

    pub(crate) fn play(&mut self, seat: Seat, action: messhall_cafeteria::Action) -> Vec<Event> {
        let mut events = vec![Event::Acted {
            seat,
            action: action.clone(),
        }];
        match self.game.play(&action, &mut self.dice) {
            Ok(notes) => events.extend(notes.into_iter().map(note_event)),
            // The table checked the action against the legal ones; a refusal changes nothing.
            Err(_) => events.clear(),
        }
        events
    }

    pub(crate) fn parse(&self, legal: &Legal, text: &str) -> Result<Action, ActError> {
        let Legal::Student(actions) = legal else {
            return Err(ActError::Over);
        };
        let action = self.game.parse_action(text).map_err(|e| ActError::Illegal(e.into()))?;
        if actions.contains(&action) || self.walk_open(&action) {
            Ok(Action::Student(action))
        } else {
            Err(self.why_illegal(&Action::Student(action)))
        }
    }

    /// Whether `action` is a walk the rules allow now (walks are not listed among the legal
    /// actions: there are too many).
    pub(crate) fn walk_open(&self, action: &messhall_cafeteria::Action) -> bool {
        match action {
            messhall_cafeteria::Action::Walk(path) => {
                self.game.check_ids(action).is_ok() && self.game.walk_refusal(path).is_none()
            }
            _ => false,
        }
    }

    pub(crate) fn why_illegal(&self, action: &Action) -> ActError {
        match action {
            Action::Student(a) => {
                if let Err(e) = self.game.check_ids(a) {
                    return ActError::Illegal(e.into());
                }
                let action = self.game.action_name(a);
                ActError::Illegal(match self.game.refusal(a) {
                    // The rules say why, as data; the words need the game as it is now.
                    Some(refusal) => Illegal::Refused {
                        action,
                        why: messhall_cafeteria::words::refusal(&self.game, &refusal),
                        refusal,
                    },
                    None => Illegal::Unplayed { action },
                })
            }
            _ => ActError::WrongKind(Expected::Student),
        }
    }
}

/// A table event for one of the game's notes.
fn note_event(note: messhall_cafeteria::Note) -> Event {
    let visible_to = match note.seen_by {
        messhall_cafeteria::Seen::Everyone => None,
        messhall_cafeteria::Seen::Player(p) => Some(Seat(p)),
    };
    Event::Cafeteria {
        visible_to,
        event: note.event,
    }
}
