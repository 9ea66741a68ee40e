//! `GET /api/lessons/{game}`: a built-in game's lessons (`crates/games/catalog/lessons/`, the
//! cafeteria's in `crates/games/cafeteria/lessons.toml`), each step with the position, what to
//! try, every legal move there (so the board moves by the real rules) and the moves that pass with
//! the position after each. Worked out once per game.

use crate::ApiError;
use crate::api::App;
use crate::view::data::{move_views, position_view};
use crate::wire::{LessonList, LessonPass, LessonStep, LessonView};
use axum::extract::Path;
use axum::response::{IntoResponse, Response};
use messhall_records::catalog;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

mod cafeteria;

/// `GET /api/lessons/{game}`: the game's lessons.
///
/// # Errors
/// 404 for a game with no lessons.
#[utoipa::path(get, path = "/api/lessons/{game}", operation_id = "lessons", params(("game" = String, Path, description = "a built-in game's name")), responses((status = 200, description = "its lessons", body = crate::wire::LessonList), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn lessons(_: App, Path(game): Path<String>) -> Result<Response, ApiError> {
    static MADE: OnceLock<Mutex<HashMap<String, Arc<LessonList>>>> = OnceLock::new();
    let made = MADE.get_or_init(Default::default);
    if let Some(list) = made.lock().ok().and_then(|m| m.get(&game).cloned()) {
        return Ok(axum::Json(&*list).into_response());
    }
    let none = || {
        ApiError::not_found(format!(
            "no lessons for \"{}\" (see /api/variants)",
            messhall_rules::echo(&game)
        ))
    };
    let name = game.clone();
    let list = tokio::task::spawn_blocking(move || {
        if name == catalog::CAFETERIA {
            return Some(cafeteria::lesson_list().map_err(|e| e.to_string()));
        }
        let variant = catalog::builtin_variant(&name)?;
        let lessons = messhall_catalog::lessons::lessons(&name, &variant)?;
        Some(
            lessons
                .map(|lessons| LessonList {
                    title: variant.title().to_string(),
                    game: name,
                    lessons: lessons
                        .into_iter()
                        .map(|l| LessonView {
                            title: l.title,
                            about: l.about,
                            steps: l.steps.into_iter().map(|s| step(&variant, s)).collect(),
                        })
                        .collect(),
                })
                .map_err(|e| e.to_string()),
        )
    })
    .await
    .map_err(|_| ApiError::new(500, "internal", "the lessons could not be read"))?
    .ok_or_else(none)?
    // The files are checked by the catalog's tests: a fault here is the build's, not the user's.
    .map_err(|e| ApiError::new(500, "internal", e))?;
    let list = Arc::new(list);
    if let Ok(mut m) = made.lock() {
        m.insert(game, list.clone());
    }
    Ok(axum::Json(&*list).into_response())
}

fn step(v: &messhall_rules::Variant, s: messhall_catalog::lessons::Step) -> LessonStep {
    let sans = v.legal_moves_san(&s.position);
    LessonStep {
        board: Some(position_view(v, &s.position)),
        white: s.position.side_to_move() == messhall_rules::Color::White,
        cafeteria: None,
        say: s.say,
        hint: s.hint,
        legal: move_views(v, &s.position),
        pass: s
            .pass
            .into_iter()
            .map(|(mv, good)| LessonPass {
                coordinates: mv.to_coordinates(v),
                san: sans
                    .iter()
                    .find(|(m, _)| *m == mv)
                    .map_or_else(|| mv.to_coordinates(v), |(_, san)| san.clone()),
                board: Some(position_view(v, &s.position.play_unchecked(v, &mv))),
                cafeteria: None,
                happened: Vec::new(),
                good,
            })
            .collect(),
    }
}
