//! Games and their rules as data for front ends: the list, each chess variant's board, start and
//! pieces with their moves (XBetza) for diagrams, the rules in prose (`rules_text`), the cafeteria game's players and options; and
//! variant files checked within limits of size and compile time.

use crate::api::{App, Body, VariantFile};
use crate::error::ApiError;
use crate::limits;
use crate::view::data as view;
use crate::wire::{
    CafeteriaRules, ChessRules, FacultyInfo, RulePiece, Rules, SeatRange, StudentInfo, VariantList, VariantSummary,
};
use axum::extract::Path;
use axum::response::{IntoResponse, Response};
use messhall_table::{GameKind, catalog};
use std::time::Duration;

/// `GET /api/variants`: every built-in game.
#[utoipa::path(get, path = "/api/variants", responses((status = 200, description = "every built-in game", body = crate::wire::VariantList), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn list(_: App) -> Response {
    let games = catalog::entries()
        .map(|e| VariantSummary {
            name: e.name.to_string(),
            chess: e.chess,
            description: catalog::description(e.name),
            seats: seat_range(e.chess),
        })
        .collect();
    axum::Json(VariantList { games }).into_response()
}

/// How many seats a chess game (two) or the cafeteria game (two to four) has.
fn seat_range(chess: bool) -> SeatRange {
    SeatRange {
        min: 2,
        max: if chess { 2 } else { 4 },
    }
}

/// A game's rules as data.
pub fn describe(kind: &GameKind) -> Rules {
    match kind {
        GameKind::Chess(chess) => {
            let v = &chess.variant;
            // Each piece with where it goes alone on an empty board, for diagrams.
            let pieces = view::roles(v)
                .into_iter()
                .map(|role| RulePiece {
                    reach: messhall_rules::reach::piece_reach(v, role.role).ok(),
                    role,
                })
                .collect();
            Rules::Chess(ChessRules {
                name: v.name.clone(),
                chess: true,
                description: v.description.clone(),
                rules_text: kind.rules_text().map(String::from),
                files: v.size.files(),
                ranks: v.size.ranks(),
                start: v.start_fen.clone(),
                energy_name: v.counter_name.clone(),
                pieces,
                players: ["level=N (1-10)", "depth=N", "nodes=N", "random", "greedy"]
                    .map(String::from)
                    .to_vec(),
            })
        }
        GameKind::Cafeteria => {
            let options = messhall_cafeteria::GameOption::ALL
                .iter()
                .map(|o| o.name().to_string())
                .collect();
            let (students, faculty) = match messhall_cafeteria::data() {
                Ok(data) => (
                    data.students
                        .iter()
                        .map(|s| StudentInfo {
                            name: s.name.clone(),
                            aa: s.aa,
                            ar: s.ar,
                        })
                        .collect(),
                    data.faculty
                        .iter()
                        .map(|f| FacultyInfo {
                            name: f.name.clone(),
                            mr: f.mr,
                            nsr: f.nsr,
                        })
                        .collect(),
                ),
                Err(_) => (Vec::new(), Vec::new()),
            };
            Rules::Cafeteria(CafeteriaRules {
                name: catalog::CAFETERIA.to_string(),
                chess: false,
                description: messhall_cafeteria::DESCRIPTION.to_string(),
                rules_text: kind.rules_text().map(String::from),
                seats: seat_range(false),
                options,
                students,
                faculty,
                players: ["random", "rules", "search"].map(String::from).to_vec(),
            })
        }
    }
}

/// `GET /api/variants/{name}`: a built-in game's rules as data.
///
/// # Errors
/// 404 for no such game.
#[utoipa::path(get, path = "/api/variants/{name}", params(("name" = String, Path, description = "a built-in game's name")), responses((status = 200, description = "its rules as data", body = crate::wire::Rules), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
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
#[utoipa::path(post, path = "/api/variants/check", request_body = crate::wire::VariantFile, responses((status = 200, description = "the file's rules as data", body = crate::wire::Rules), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
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
