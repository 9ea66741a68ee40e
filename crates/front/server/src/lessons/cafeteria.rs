//! The cafeteria's lessons on the wire: each step's game drawn as a game's `cafeteria` and
//! `legal` are, and each passing action with the game after it and what its seeded rolls did.

use crate::view::data::{game_view, student_view};
use crate::wire::{CafeteriaLessonView, LessonList, LessonPass, LessonStep, LessonView};
use messhall_cafeteria::lessons::{Lesson, LessonError, Step};
use std::collections::BTreeMap;

/// The cafeteria's lessons, ready to send.
///
/// # Errors
/// A fault of the lessons file (the cafeteria's tests check it: a fault here is the build's).
pub fn lesson_list() -> Result<LessonList, LessonError> {
    Ok(LessonList {
        game: messhall_records::catalog::CAFETERIA.to_string(),
        title: messhall_cafeteria::TITLE.to_string(),
        lessons: messhall_cafeteria::lessons::lessons()?
            .into_iter()
            .map(lesson)
            .collect(),
    })
}

fn lesson(l: Lesson) -> LessonView {
    let seed = l.seed;
    LessonView {
        title: l.title,
        about: l.about,
        steps: l.steps.into_iter().map(|s| step(s, seed)).collect(),
    }
}

fn step(s: Step, seed: u64) -> LessonStep {
    let game = &s.game;
    LessonStep {
        board: None,
        white: true,
        cafeteria: Some(CafeteriaLessonView {
            view: game_view(game),
            legal: student_view(game, &game.legal_actions()),
            seed,
        }),
        say: s.say,
        hint: s.hint,
        legal: BTreeMap::new(),
        pass: s
            .pass
            .into_iter()
            .map(|p| LessonPass {
                coordinates: game.action_name(&p.action),
                san: messhall_cafeteria::words::action(game, &p.action),
                board: None,
                cafeteria: Some(game_view(&p.after)),
                happened: p.happened,
                good: p.good,
            })
            .collect(),
    }
}
