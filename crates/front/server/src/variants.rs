//! Games and their rules as data for front ends: the list, each chess variant's board, start and
//! pieces with their moves (XBetza) for diagrams, the rules in prose (`rules_text`), the cafeteria game's players and options; and
//! variant files checked within limits of size and compile time.

use crate::api::{App, Body, VariantFile};
use crate::error::ApiError;
use crate::limits;
use crate::view::data as view;
use axum::extract::Path;
use axum::response::{IntoResponse, Response};
use messhall_table::{GameKind, catalog};
use serde_json::{Value, json};
use std::time::Duration;

/// `GET /api/variants`: every built-in game.
pub async fn list(_: App) -> Response {
    let games: Vec<Value> = catalog::entries()
        .map(|e| {
            json!({
                "name": e.name,
                "chess": e.chess,
                "description": catalog::description(e.name),
                "seats": if e.chess { json!({"min": 2, "max": 2}) } else { json!({"min": 2, "max": 4}) },
            })
        })
        .collect();
    axum::Json(json!({ "games": games })).into_response()
}

/// A game's rules as data.
pub fn describe(kind: &GameKind) -> Value {
    match kind {
        GameKind::Chess(chess) => {
            let v = &chess.variant;
            // Each piece with where it goes alone on an empty board, for diagrams.
            let pieces: Vec<Value> = view::roles(v)
                .into_iter()
                .map(|role| {
                    let reach = messhall_rules::reach::piece_reach(v, role.role).ok();
                    let mut piece = serde_json::to_value(role).unwrap_or(Value::Null);
                    piece["reach"] = serde_json::to_value(reach).unwrap_or(Value::Null);
                    piece
                })
                .collect();
            json!({
                "name": v.name,
                "chess": true,
                "description": v.description,
                "rules_text": kind.rules_text(),
                "files": v.size.files(),
                "ranks": v.size.ranks(),
                "start": v.start_fen,
                "energy_name": v.counter_name,
                "pieces": pieces,
                "players": ["level=N (1-10)", "depth=N", "nodes=N", "random", "greedy"],
            })
        }
        GameKind::Cafeteria => {
            let options: Vec<&str> = messhall_cafeteria::GameOption::ALL.iter().map(|o| o.name()).collect();
            let (students, faculty) = match messhall_cafeteria::data() {
                Ok(data) => (
                    data.students
                        .iter()
                        .map(|s| json!({"name": s.name, "aa": s.aa, "ar": s.ar}))
                        .collect(),
                    data.faculty
                        .iter()
                        .map(|f| json!({"name": f.name, "mr": f.mr, "nsr": f.nsr}))
                        .collect(),
                ),
                Err(_) => (Vec::new(), Vec::new()),
            };
            json!({
                "name": catalog::CAFETERIA,
                "chess": false,
                "description": messhall_cafeteria::DESCRIPTION,
                "rules_text": kind.rules_text(),
                "seats": {"min": 2, "max": 4},
                "options": options,
                "students": students,
                "faculty": faculty,
                "players": ["random", "rules", "search"],
            })
        }
    }
}

/// `GET /api/variants/{name}`: a built-in game's rules as data.
///
/// # Errors
/// 404 for no such game.
pub async fn one(_: App, Path(name): Path<String>) -> Result<Response, ApiError> {
    let kind = catalog::builtin(&name).ok_or_else(|| {
        ApiError::not_found(format!(
            "no game \"{}\" (see /api/variants)",
            messhall_rules::echo(&name)
        ))
    })?;
    Ok(axum::Json(describe(&kind)).into_response())
}

/// `POST /api/variants/check`: a variant file compiled; its rules as data.
///
/// # Errors
/// 400 with the file's fault, where it is.
pub async fn check(_: App, Body(file): Body<VariantFile>) -> Result<Response, ApiError> {
    let kind = compile(&file).await?;
    Ok(axum::Json(describe(&kind)).into_response())
}

/// Compiles a variant file within the size and time limits.
///
/// # Errors
/// 400 for a file too large, too slow to compile, or with a fault.
pub async fn compile(file: &VariantFile) -> Result<GameKind, ApiError> {
    if file.text.len() > limits::VARIANT_BYTES || file.name.chars().count() > limits::NAME_CHARS {
        return Err(ApiError::bad(
            "bad-variant",
            format!(
                "a variant file is at most {} KB, its name {} characters",
                limits::VARIANT_BYTES / 1024,
                limits::NAME_CHARS
            ),
        ));
    }
    let (name, text) = (file.name.clone(), file.text.clone());
    let work = tokio::task::spawn_blocking(move || catalog::from_file_text(&name, &text));
    match tokio::time::timeout(Duration::from_millis(limits::VARIANT_MS), work).await {
        Err(_) => Err(ApiError::bad(
            "bad-variant",
            "the variant file took too long to compile",
        )),
        Ok(Err(e)) => Err(ApiError::storage(e)),
        Ok(Ok(Err(e))) => Err(ApiError::bad("bad-variant", e.to_string())),
        Ok(Ok(Ok(kind))) => Ok(kind),
    }
}
