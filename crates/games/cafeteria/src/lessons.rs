//! Lessons: the cafeteria taught in short steps written as data (`lessons.toml`), played by the
//! real rules with the lesson's seeded dice. A lesson has a seed and a number of players; its
//! `setup` actions (in the rules' own text, `move c3 d4`) bring the game to the first step, where
//! the learner (player 1) is to act. A step says what to try, which actions pass (by their text,
//! or by kind: `throw` is any throw, `move` any step or walk), a hint, and what to say after; the
//! next step starts after the first passing action and the step's `then` actions. Every action is
//! checked against the rules when the lessons are read, and what each passing action does is
//! worked out then with the same dice, so a throw's roll is the seed's, the same every time.

use crate::action::Action;
use crate::event::{Note, Seen};
use crate::game::{Game, Setup};
use crate::words;
use messhall_dice::SeededDice;
use serde::Deserialize;

/// The lessons, as written.
const LESSONS: &str = include_str!("../lessons.toml");

/// The player the learner runs (0-based): the student to act at every step is theirs.
pub const LEARNER: u8 = 0;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonsFile {
    /// `[[lesson]]` tables, in order.
    #[serde(rename = "lesson")]
    lessons: Vec<LessonSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonSpec {
    /// The seed of the lesson's dice and the players at its table.
    seed: u64,
    players: u8,
    title: String,
    about: String,
    #[serde(default)]
    setup: Vec<String>,
    step: Vec<StepSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepSpec {
    say: String,
    hint: String,
    /// Passing actions by their text.
    #[serde(default)]
    pass: Vec<String>,
    /// Passing actions by kind (the verb that starts their text: `throw`, `move`, `line`...).
    #[serde(default)]
    pass_kind: Vec<String>,
    good: String,
    /// Actions played after the first passing one, before the next step.
    #[serde(default)]
    then: Vec<String>,
}

/// A lesson: a title, a sentence on what it teaches, its dice's seed and its steps.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Its title.
    pub title: String,
    /// What it teaches, in a sentence.
    pub about: String,
    /// The seed of its dice.
    pub seed: u64,
    /// Its steps, in order.
    pub steps: Vec<Step>,
}

/// One step: the game, what to try, the hint for an action that does not pass, and the actions
/// that pass.
#[derive(Clone, Debug)]
pub struct Step {
    /// The game at the step, the learner's student to act.
    pub game: Game,
    /// What to try.
    pub say: String,
    /// What to say after an action that does not pass.
    pub hint: String,
    /// The actions that pass, each with what it did.
    pub pass: Vec<Pass>,
}

/// An action that passes a step, played.
#[derive(Clone, Debug)]
pub struct Pass {
    /// The action.
    pub action: Action,
    /// What to say when it is played.
    pub good: String,
    /// The game after it.
    pub after: Game,
    /// What happened, in the game's words, as the learner sees it.
    pub happened: Vec<String>,
}

/// A fault of the lessons file: where and what.
#[derive(Clone, Debug, thiserror::Error)]
#[error("cafeteria lessons.toml: {place}: {what}")]
pub struct LessonError {
    place: String,
    what: String,
}

/// The cafeteria's lessons, checked against its rules.
///
/// # Errors
/// A [`LessonError`] naming the lesson and step of a malformed file or an action the rules do not
/// allow there.
pub fn lessons() -> Result<Vec<Lesson>, LessonError> {
    read(LESSONS)
}

fn fail(place: &str, what: impl Into<String>) -> LessonError {
    LessonError {
        place: place.to_string(),
        what: what.into(),
    }
}

/// Plays `text` (checked by the rules) and returns what happened.
fn play(game: &mut Game, dice: &mut SeededDice, text: &str, place: &str) -> Result<Vec<Note>, LessonError> {
    let action = game
        .parse_action(text)
        .map_err(|e| fail(place, format!("\"{text}\": {e}")))?;
    game.play(&action, dice)
        .map_err(|e| fail(place, format!("\"{text}\": {e}")))
}

fn read(text: &str) -> Result<Vec<Lesson>, LessonError> {
    let file: LessonsFile = toml::from_str(text).map_err(|e| fail("the file", e.message()))?;
    let mut out = Vec::new();
    for (l, spec) in file.lessons.into_iter().enumerate() {
        let place = format!("lesson {} (\"{}\")", l + 1, spec.title);
        let mut dice = SeededDice::new(spec.seed);
        let mut game = Game::new(Setup::new(spec.players, &[]), &mut dice).map_err(|e| fail(&place, e.to_string()))?;
        for (i, text) in spec.setup.iter().enumerate() {
            play(&mut game, &mut dice, text, &format!("{place}, setup {}", i + 1))?;
        }
        if spec.step.is_empty() {
            return Err(fail(&place, "no steps"));
        }
        let mut steps = Vec::new();
        for (s, step) in spec.step.into_iter().enumerate() {
            let place = format!("{place}, step {}", s + 1);
            if game.player_to_move() != Some(LEARNER) {
                return Err(fail(
                    &place,
                    format!("the learner (player {}) is not to act here", LEARNER + 1),
                ));
            }
            let actions = passing(&game, &step, &place)?;
            let mut pass = Vec::new();
            for action in actions {
                let (mut after, mut rolled) = (game.clone(), dice.clone());
                let notes = after
                    .play(&action, &mut rolled)
                    .map_err(|e| fail(&place, format!("\"{}\": {e}", game.action_name(&action))))?;
                let happened = notes
                    .iter()
                    .filter(|n| n.seen_by == Seen::Everyone || n.seen_by == Seen::Player(LEARNER))
                    .map(|n| words::event(&after, n))
                    .collect();
                pass.push((
                    Pass {
                        action,
                        good: step.good.clone(),
                        after,
                        happened,
                    },
                    rolled,
                ));
            }
            // The next step goes on from the first passing action, with the dice it left.
            let Some((first, rolled)) = pass.first() else {
                return Err(fail(&place, "no action passes"));
            };
            let (mut next, mut next_dice) = (first.after.clone(), rolled.clone());
            for (i, text) in step.then.iter().enumerate() {
                play(&mut next, &mut next_dice, text, &format!("{place}, then {}", i + 1))?;
            }
            steps.push(Step {
                game: std::mem::replace(&mut game, next),
                say: step.say,
                hint: step.hint,
                pass: pass.into_iter().map(|(p, _)| p).collect(),
            });
            dice = next_dice;
        }
        out.push(Lesson {
            title: spec.title,
            about: spec.about,
            seed: spec.seed,
            steps,
        });
    }
    Ok(out)
}

/// The actions that pass `step` in `game`: those written, checked, then those of the kinds named
/// (a walk of several steps counts as a `move`).
fn passing(game: &Game, step: &StepSpec, place: &str) -> Result<Vec<Action>, LessonError> {
    let mut out: Vec<Action> = Vec::new();
    for text in &step.pass {
        let action = game
            .parse_action(text)
            .map_err(|e| fail(place, format!("pass \"{text}\": {e}")))?;
        let open = match &action {
            Action::Walk(path) => game.check_ids(&action).is_ok() && game.walk_refusal(path).is_none(),
            _ => game.legal_actions().contains(&action),
        };
        if !open {
            let why = game
                .refusal(&action)
                .map_or_else(|| "not open here".to_string(), |r| words::refusal(game, &r));
            return Err(fail(place, format!("pass \"{text}\": {why}")));
        }
        out.push(action);
    }
    for kind in &step.pass_kind {
        let mut of_kind: Vec<Action> = game
            .legal_actions()
            .into_iter()
            .filter(|a| a.kind_name() == kind)
            .collect();
        if kind == "move" {
            of_kind.extend(
                game.reachable()
                    .into_iter()
                    .filter(|(_, s)| s.len() > 1)
                    .map(|(_, steps)| {
                        Action::Walk(
                            steps
                                .iter()
                                .filter_map(|a| match a {
                                    Action::Move(sq) => Some(*sq),
                                    _ => None,
                                })
                                .collect(),
                        )
                    }),
            );
        }
        if of_kind.is_empty() {
            return Err(fail(
                place,
                format!("pass_kind \"{kind}\": no such action is open here"),
            ));
        }
        for action in of_kind {
            if !out.contains(&action) {
                out.push(action);
            }
        }
    }
    if out.is_empty() {
        return Err(fail(place, "a step needs `pass` or `pass_kind`"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_is_legal() {
        let lessons = lessons().unwrap_or_else(|e| panic!("{e}"));
        assert!(lessons.len() >= 2);
        for l in &lessons {
            assert!(!l.steps.is_empty(), "{}", l.title);
            for s in &l.steps {
                assert_eq!(s.game.player_to_move(), Some(LEARNER), "{}", l.title);
                assert!(!s.pass.is_empty(), "{}", l.title);
            }
        }
    }

    #[test]
    fn the_lessons_reach_a_throw_and_the_food_off() {
        let lessons = lessons().unwrap();
        let passes = || lessons.iter().flat_map(|l| &l.steps).flat_map(|s| &s.pass);
        for kind in ["line", "move", "throw", "food-off"] {
            assert!(passes().any(|p| p.action.kind_name() == kind), "{kind}");
        }
        // What a throw did is told in the game's words, its roll included.
        let throw = passes().find(|p| p.action.kind_name() == "throw").unwrap();
        assert!(
            throw.happened.iter().any(|h| h.contains("2d6 = ")),
            "{:?}",
            throw.happened
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_lessons() {
        let (a, b) = (lessons().unwrap(), lessons().unwrap());
        for (la, lb) in a.iter().zip(&b) {
            for (sa, sb) in la.steps.iter().zip(&lb.steps) {
                let happened = |s: &Step| s.pass.iter().map(|p| p.happened.clone()).collect::<Vec<_>>();
                assert_eq!(happened(sa), happened(sb), "{}", la.title);
            }
        }
    }

    #[test]
    fn an_action_the_rules_refuse_is_named_with_its_step() {
        let text = "[[lesson]]\ntitle = \"Line\"\nabout = \"x\"\nseed = 1\nplayers = 2\n[[lesson.step]]\nsay = \"s\"\nhint = \"h\"\npass = [\"move c4\"]\ngood = \"g\"\n";
        let e = read(text).unwrap_err().to_string();
        assert!(
            e.starts_with("cafeteria lessons.toml: lesson 1 (\"Line\"), step 1: pass \"move c4\": "),
            "{e}"
        );
        let text = "[[lesson]]\ntitle = \"Line\"\nabout = \"x\"\nseed = 1\nplayers = 2\nsetup = [\"throw 3 at Connie\"]\n[[lesson.step]]\nsay = \"s\"\nhint = \"h\"\npass_kind = [\"line\"]\ngood = \"g\"\n";
        let e = read(text).unwrap_err().to_string();
        assert!(
            e.starts_with("cafeteria lessons.toml: lesson 1 (\"Line\"), setup 1: \"throw 3 at Connie\": "),
            "{e}"
        );
        let e = read("[[lesson]]\ntitle = 3\n").unwrap_err().to_string();
        assert!(e.starts_with("cafeteria lessons.toml: the file: "), "{e}");
    }
}
