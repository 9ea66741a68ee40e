//! The engine's view of a position for the UI's analysis (the replay's positions): its score, the
//! depth reached and the best line, from one short search. One search at a time, so an analysis
//! never takes the threads of the games being played.

use crate::ApiError;
use crate::api::{App, Body};
use crate::wire::Analysis;
pub use crate::wire::AnalysisRequest;
use axum::response::{IntoResponse, Response};
use messhall_records::catalog;
use messhall_rules::{Setup, SetupProblem};
use messhall_search::{Engine, Limits, Options};
use std::sync::LazyLock;
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long one analysis searches.
pub const ANALYSIS_MS: u64 = 1000;

static ONE_AT_A_TIME: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(1));

/// `POST /api/analysis`: `{"depth", "score", "best", "line"}` (SAN) for a position of a built-in
/// chess game, after about a second's search.
///
/// # Errors
/// 404 for no such chess game, 400 for a FEN that is no position of it or one with a chance
/// event pending, 429 while another analysis runs.
#[utoipa::path(post, path = "/api/analysis", request_body = crate::wire::AnalysisRequest, responses((status = 200, description = "the engine's view after about a second", body = crate::wire::Analysis), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn analyse(_: App, Body(req): Body<AnalysisRequest>) -> Result<Response, ApiError> {
    let variant = catalog::builtin_variant(&req.game).ok_or_else(|| {
        ApiError::not_found(format!(
            "no chess game \"{}\" (see /api/variants)",
            messhall_rules::echo(&req.game)
        ))
    })?;
    let position = Setup::from_fen(&variant, &req.fen)
        .and_then(|s| {
            s.position(
                &variant,
                &[SetupProblem::ImpossibleCastling, SetupProblem::ImpossibleEnPassant],
            )
        })
        .map_err(|e| ApiError::bad("bad-setup", e.to_string()))?;
    if variant.chance(&position).is_some() {
        return Err(ApiError::bad(
            "chance-pending",
            "a chance event is pending here: analyse the position after it",
        ));
    }
    let Ok(_permit) = ONE_AT_A_TIME.try_acquire() else {
        return Err(ApiError::new(
            429,
            "busy",
            "another analysis is running: try again in a second",
        ));
    };
    let body = tokio::task::spawn_blocking(move || {
        let mut engine = Engine::new(variant.clone(), &Options::default());
        let info = engine.search(
            &position,
            &[],
            &Limits::movetime(Duration::from_millis(ANALYSIS_MS)),
            &mut |_| {},
        );
        let Some(info) = info else {
            return Analysis {
                depth: 0,
                score: None,
                best: None,
                line: Vec::new(),
                over: true,
            };
        };
        let line = messhall_table::Line::cut(&variant, &position, &info.pv).san(&variant);
        Analysis {
            depth: info.depth,
            score: Some(info.score.to_string()),
            best: line.first().cloned(),
            line,
            over: false,
        }
    })
    .await
    .map_err(|e| ApiError::new(500, "analysis", format!("the search failed: {e}")))?;
    Ok(axum::Json(body).into_response())
}
