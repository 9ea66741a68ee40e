//! The engine's view of a position for the UI's analysis (the replay's positions): its score, the
//! depth reached and the best line, from one short search. One search at a time, so an analysis
//! never takes the threads of the games being played; each client one at a time, in turn, with a
//! bounded queue, so a few clients cannot take it from everyone; never a game's current position
//! while it is being played (engine help).

use crate::ApiError;
use crate::api::{App, Body};
use crate::wire::Analysis;
pub use crate::wire::AnalysisRequest;
use axum::response::{IntoResponse, Response};
use messhall_records::catalog;
use messhall_rules::{Position, Setup, SetupProblem, Variant};
use messhall_search::{Engine, Limits, Options, SearchInfo};
use std::sync::{Arc, LazyLock};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long one analysis searches.
pub const ANALYSIS_MS: u64 = 1000;

/// The most analyses waiting for the one that runs.
pub const ANALYSIS_QUEUE: usize = 8;

static ONE_AT_A_TIME: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(1));
/// Places in the queue, the running one's included: the tokio semaphore serves waiters in
/// order, so clients take turns.
static IN_LINE: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(1 + ANALYSIS_QUEUE));

/// `POST /api/analysis`: `{"depth", "score", "best", "line"}` (SAN) for a position of a chess
/// game (a built-in's name, or a game's id for a variant file's game), after about a second's
/// search.
///
/// # Errors
/// 404 for no such chess game, 400 for a FEN that is no position of it or one with a chance
/// event pending, 403 for the current position of a game not over, 429 while this client's
/// other analysis runs or the queue is full.
#[utoipa::path(post, path = "/api/analysis", request_body = crate::wire::AnalysisRequest, responses((status = 200, description = "the engine's view after about a second", body = crate::wire::Analysis), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn analyse(
    axum::extract::State(server): App,
    crate::client::Client(client): crate::client::Client,
    Body(req): Body<AnalysisRequest>,
) -> Result<Response, ApiError> {
    let variant = variant_for(&server, &req.game).await?;
    let position = position_of(&variant, &req.fen)?;
    if variant.chance(&position).is_some() {
        return Err(ApiError::bad(
            "chance-pending",
            "a chance event is pending here: analyse the position after it",
        ));
    }
    if is_live(&server, variant.name(), position.hash()).await {
        return Err(ApiError::new(
            403,
            "live-position",
            "that is the position of a game being played: analyse it once the game is over",
        ));
    }
    let _turn = queue(&server, client).await?;
    let body = tokio::task::spawn_blocking(move || {
        let mut engine = Engine::new(variant.clone(), &Options::default());
        let info = engine.search(
            &position,
            &[],
            &Limits::movetime(Duration::from_millis(ANALYSIS_MS)),
            &mut |_| {},
        );
        analysis_of(&variant, &position, info.as_ref())
    })
    .await
    .map_err(|e| ApiError::new(500, "analysis", format!("the search failed: {e}")))?;
    Ok(axum::Json(body).into_response())
}

/// A turn in the analysis queue: the client's one place and the search's permit, held while
/// it lasts.
pub struct Turn {
    _mine: crate::client::Hold,
    _in_line: tokio::sync::SemaphorePermit<'static>,
    _running: tokio::sync::SemaphorePermit<'static>,
}

/// Waits for `client`'s turn to search.
///
/// # Errors
/// 429 while this client's other analysis runs or the queue is full.
pub async fn queue(server: &crate::Server, client: String) -> Result<Turn, ApiError> {
    let busy = || ApiError::new(429, "busy", "analyses are queued full: try again in a second");
    let Some(mine) = server.analysing.take(client, 1) else {
        return Err(ApiError::new(
            429,
            "busy",
            "your other analysis is running: one at a time",
        ));
    };
    let in_line = IN_LINE.try_acquire().map_err(|_| busy())?;
    let running = ONE_AT_A_TIME.acquire().await.map_err(|_| busy())?;
    Ok(Turn {
        _mine: mine,
        _in_line: in_line,
        _running: running,
    })
}

/// A search's finding in `position` as the API says it (`None`: the game is over there).
pub fn analysis_of(variant: &Variant, position: &Position, info: Option<&SearchInfo>) -> Analysis {
    let Some(info) = info else {
        return Analysis {
            depth: 0,
            score: None,
            best: None,
            best_coordinates: None,
            line: Vec::new(),
            over: true,
        };
    };
    let line = messhall_table::Line::cut(variant, position, &info.pv).san(variant);
    Analysis {
        depth: info.depth,
        score: Some(info.score.to_string()),
        best: line.first().cloned(),
        best_coordinates: info.pv.first().map(|mv| mv.to_coordinates(variant)),
        line,
        over: false,
    }
}

/// The rules of `game`: a built-in chess game's name, or the id of a chess game (a variant
/// file's game has no name the server knows otherwise).
///
/// # Errors
/// 404 when it is neither.
pub async fn variant_for(server: &crate::Server, game: &str) -> Result<Arc<Variant>, ApiError> {
    if let Some(variant) = catalog::builtin_variant(game) {
        return Ok(variant);
    }
    let missing = || {
        ApiError::not_found(format!(
            "no chess game \"{}\" (a built-in's name, see /api/variants, or a game's id)",
            messhall_rules::echo(game)
        ))
    };
    let shared = server.game(game).await.map_err(|_| missing())?;
    let live = server.read(&shared).await;
    live.table
        .chess()
        .map(|chess| chess.variant().clone())
        .ok_or_else(missing)
}

/// The position `fen` of `variant`, castling and en-passant rights it cannot use dropped.
///
/// # Errors
/// 400 `bad-setup` for a FEN that is no position of it.
pub fn position_of(variant: &Variant, fen: &str) -> Result<Position, ApiError> {
    if fen.len() > crate::limits::FEN_BYTES {
        return Err(ApiError::bad(
            "bad-setup",
            format!("a FEN is at most {} bytes", crate::limits::FEN_BYTES),
        ));
    }
    Setup::from_fen(variant, fen)
        .and_then(|s| {
            s.position(
                variant,
                &[SetupProblem::ImpossibleCastling, SetupProblem::ImpossibleEnPassant],
            )
        })
        .map_err(|e| ApiError::bad("bad-setup", e.to_string()))
}

/// Whether a chess game of the variant named `variant`, not over, stands at the position of hash
/// `hash` now.
async fn is_live(server: &crate::Server, variant: &str, hash: u64) -> bool {
    for shared in server.all().await {
        let live = shared.lock().await;
        if live.status() != crate::wire::Status::Over
            && live
                .table
                .chess()
                .is_some_and(|chess| chess.variant().name() == variant && chess.position().hash() == hash)
        {
            return true;
        }
    }
    false
}
