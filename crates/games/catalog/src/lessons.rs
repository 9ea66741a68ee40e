//! Lessons: each built-in chess game taught in short steps written as data (`lessons/<game>.toml`),
//! played on the real board against the real rules. A step is a position, what to try, the moves
//! that pass (each with what to say), and a hint for a legal move that does not; the next step
//! starts from the position after the first passing move and the opponent's `reply`, unless it
//! gives its own. Every position and move is checked against the game's rules when the lessons are
//! read, so a lesson cannot teach a move the game does not allow. A lesson marked `tour` is made
//! from the rules alone: a step for each piece (`tour.rs`).

use messhall_rules::{Move, Position, Variant};
use serde::Deserialize;

mod tour;

/// Each game's lessons file, by the game's name.
const LESSON_FILES: &[(&str, &str)] = &[
    ("chess", include_str!("../lessons/chess.toml")),
    ("foodfight", include_str!("../lessons/foodfight.toml")),
    ("calorie", include_str!("../lessons/calorie.toml")),
    ("pieceeater", include_str!("../lessons/pieceeater.toml")),
    ("friendly", include_str!("../lessons/friendly.toml")),
];

/// The games that have lessons, in the order of their files.
pub fn games_with_lessons() -> impl Iterator<Item = &'static str> {
    LESSON_FILES.iter().map(|(name, _)| *name)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonsFile {
    lesson: Vec<LessonSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonSpec {
    title: String,
    about: String,
    /// The steps as written; none when the lesson is the pieces' tour.
    #[serde(default)]
    step: Vec<StepSpec>,
    /// A step for each piece, made from the rules (see `tour.rs`).
    #[serde(default)]
    tour: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepSpec {
    fen: Option<String>,
    say: String,
    hint: String,
    pass: Vec<String>,
    good: Vec<String>,
    reply: Option<String>,
}

/// A lesson: a title, a sentence on what it teaches, and its steps.
#[derive(Clone, Debug)]
pub struct Lesson {
    pub title: String,
    pub about: String,
    pub steps: Vec<Step>,
}

/// One step: the position, what to try, the hint for a legal move that does not pass, and the
/// moves that pass with what each one gets said.
#[derive(Clone, Debug)]
pub struct Step {
    pub position: Position,
    pub say: String,
    pub hint: String,
    pub pass: Vec<(Move, String)>,
}

/// A fault of a lessons file: where and what.
#[derive(Clone, Debug, thiserror::Error)]
#[error("lessons/{game}.toml: {place}: {what}")]
pub struct LessonError {
    game: String,
    place: String,
    what: String,
}

/// The lessons of built-in game `game` played by `variant`, checked against its rules; `None`
/// when the game has none.
///
/// # Errors
/// A [`LessonError`] naming the lesson and step of a malformed file, a FEN that is no position of
/// the game, or a move it does not allow there.
pub fn lessons(game: &str, variant: &Variant) -> Option<Result<Vec<Lesson>, LessonError>> {
    let (_, text) = LESSON_FILES.iter().find(|(name, _)| *name == game)?;
    Some(read(game, variant, text))
}

fn read(game: &str, v: &Variant, text: &str) -> Result<Vec<Lesson>, LessonError> {
    let fail = |place: String, what: String| LessonError {
        game: game.to_string(),
        place,
        what,
    };
    let file: LessonsFile = toml::from_str(text).map_err(|e| fail("the file".into(), e.message().to_string()))?;
    let mut out = Vec::new();
    for (l, spec) in file.lesson.into_iter().enumerate() {
        let mut steps: Vec<Step> = if spec.tour { tour::tour(v) } else { Vec::new() };
        if steps.is_empty() && spec.step.is_empty() {
            return Err(fail(
                format!("lesson {} (\"{}\")", l + 1, spec.title),
                "no steps".into(),
            ));
        }
        // The position after the previous step's first passing move and its reply.
        let mut next: Option<Position> = None;
        for (s, step) in spec.step.into_iter().enumerate() {
            let place = format!("lesson {} (\"{}\"), step {}", l + 1, spec.title, s + 1);
            let position = match (&step.fen, next.take()) {
                (Some(fen), _) => Position::from_fen(v, fen).map_err(|e| fail(place.clone(), e.to_string()))?,
                (None, Some(p)) => p,
                (None, None) => return Err(fail(place, "the first step of a lesson needs a fen".into())),
            };
            if step.pass.is_empty()
                || step.good.is_empty()
                || (step.good.len() > 1 && step.good.len() != step.pass.len())
            {
                return Err(fail(
                    place,
                    "every step needs passing moves and a `good` sentence for all of them or one for each".into(),
                ));
            }
            let mut pass = Vec::new();
            for (i, text) in step.pass.iter().enumerate() {
                let good = step.good.get(i).unwrap_or(&step.good[0]).clone();
                let mv = v
                    .parse_move(&position, text)
                    .map_err(|e| fail(place.clone(), format!("pass \"{text}\": {e}")))?;
                pass.push((mv, good));
            }
            let mut after = position.play_unchecked(v, &pass[0].0);
            if let Some(reply) = &step.reply {
                let mv = v
                    .parse_move(&after, reply)
                    .map_err(|e| fail(place.clone(), format!("reply \"{reply}\": {e}")))?;
                after = after.play_unchecked(v, &mv);
            }
            next = Some(after);
            steps.push(Step {
                position,
                say: step.say,
                hint: step.hint,
                pass,
            });
        }
        out.push(Lesson {
            title: spec.title,
            about: spec.about,
            steps,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_is_legal_in_its_game() {
        for game in games_with_lessons() {
            let v = crate::builtin(game).expect(game);
            let lessons = lessons(game, &v).expect(game).unwrap_or_else(|e| panic!("{e}"));
            assert!(!lessons.is_empty(), "{game}");
            for l in &lessons {
                assert!(!l.steps.is_empty(), "{game}: {}", l.title);
            }
        }
    }

    #[test]
    fn the_tour_has_a_step_for_every_piece_but_the_royals() {
        for game in games_with_lessons() {
            let v = crate::builtin(game).unwrap();
            let steps = tour::tour(&v);
            let named: Vec<&str> = v
                .roles()
                .filter(|(_, r)| !r.royal)
                .map(|(_, r)| r.name.as_str())
                .collect();
            assert_eq!(steps.len(), named.len(), "{game}");
            for (step, name) in steps.iter().zip(&named) {
                assert!(
                    step.say.starts_with(&format!("Your {name} on ")),
                    "{game}: {}",
                    step.say
                );
                // Each passing move takes the piece the step names, from the piece's square.
                for (mv, _) in &step.pass {
                    assert!(mv.is_capture(), "{game}: {name}");
                }
            }
        }
    }

    #[test]
    fn a_move_the_game_does_not_allow_is_named_with_its_step() {
        let v = crate::builtin("chess").unwrap();
        let text = "[[lesson]]\ntitle = \"Rooks\"\nabout = \"x\"\n[[lesson.step]]\nfen = \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"\nsay = \"s\"\nhint = \"h\"\npass = [\"a1b2\"]\ngood = [\"g\"]\n";
        let e = read("chess", &v, text).unwrap_err().to_string();
        assert!(
            e.starts_with("lessons/chess.toml: lesson 1 (\"Rooks\"), step 1: pass \"a1b2\": "),
            "{e}"
        );
        let e = read("chess", &v, "[[lesson]]\ntitle = 3\n").unwrap_err().to_string();
        assert!(e.starts_with("lessons/chess.toml: the file: "), "{e}");
    }
}
