//! A finished chess game analysed whole: each position searched to the same small node budget
//! (cut down to fit a time bound on a long game), so a sixty-move game takes seconds, in the analysis queue of `analysis.rs` (one search at a
//! time, each client one at a time) on a blocking thread. A finished game never changes: its
//! analysis is kept for the next asker, the last few games' only.

use crate::ApiError;
use crate::api::App;
use crate::wire::{GameAnalysis, PositionAnalysis};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use messhall_rules::Color;
use messhall_search::{Engine, Limits, Options, Score};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The nodes searched in each position.
pub const GAME_NODES: u64 = 3000;

/// The longest a game's analysis runs: each position gets its share of what is left (a long game
/// of a big board searches less than [`GAME_NODES`] a position), and positions past it get no
/// score.
pub const GAME_ANALYSIS_MS: u64 = 20_000;

/// The least time one position is searched, in ms.
const LEAST_MS: u64 = 10;

/// The most positions analysed in one game.
pub const GAME_POSITIONS: usize = 600;

/// A mate's score in centipawns, less ten a move to it.
const MATE_CP: i32 = 10_000;

/// How many games' analyses are kept.
const KEPT: usize = 32;

static KEPT_ANALYSES: Mutex<VecDeque<(String, Arc<GameAnalysis>)>> = Mutex::new(VecDeque::new());

/// `GET /api/games/{id}/analysis`: every position of a finished chess game with its score from
/// White's view and the best move, each after a search of [`GAME_NODES`] nodes at most (less
/// where a long game would take more than [`GAME_ANALYSIS_MS`]).
///
/// # Errors
/// 409 while the game goes on (an analysis would help a seat); 400 for the cafeteria game;
/// 429 while this client's other analysis runs or the queue is full.
#[utoipa::path(get, path = "/api/games/{id}/analysis", params(("id" = String, Path, description = "the game's id")), responses((status = 200, description = "each position's score and best move (once over)", body = crate::wire::GameAnalysis), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn analyse_game(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let game = server.read(&shared).await;
    let Some(variant) = game.table.chess().map(|chess| chess.variant().clone()) else {
        return Err(ApiError::bad("not-chess", "the analysis is for the chess games"));
    };
    let Some(result) = game.table.result().cloned() else {
        return Err(ApiError::conflict(
            "not-over",
            "a game is analysed once it is over: the engine helps no seat",
        ));
    };
    if let Some(kept) = kept(&id) {
        return Ok(axum::Json(kept.as_ref().clone()).into_response());
    }
    let mut start = game.table.record();
    let actions = game.table.actions().to_vec();
    drop(game);
    start.actions.clear();
    start.result = None;
    let _turn = crate::analysis::queue(&server, client).await?;
    let body = tokio::task::spawn_blocking(move || -> Result<(GameAnalysis, bool), String> {
        let steps = crate::replay::replayed(&start, actions)?;
        let mut engine = Engine::new(variant.clone(), &Options::default());
        let deadline = Instant::now() + Duration::from_millis(GAME_ANALYSIS_MS);
        let last = steps.len().saturating_sub(1);
        let count = steps.len().min(GAME_POSITIONS) as u64;
        let mut cut = false;
        let positions = steps
            .into_iter()
            .enumerate()
            .map(|(i, (step, position))| {
                let mut out = PositionAnalysis {
                    fen: step.fen,
                    white_cp: None,
                    engine: None,
                };
                if i == last {
                    // The end is the result's, whatever a search would say of the board.
                    out.white_cp = Some(match result.pgn() {
                        "1-0" => MATE_CP,
                        "0-1" => -MATE_CP,
                        _ => 0,
                    });
                }
                if i >= GAME_POSITIONS || Instant::now() >= deadline {
                    cut = true;
                    return out;
                }
                if variant.chance(&position).is_some() {
                    return out;
                }
                let left = deadline.saturating_duration_since(Instant::now()).as_millis() as u64;
                let share = (left / count.saturating_sub(i as u64).max(1)).max(LEAST_MS);
                let limits = Limits {
                    movetime: Some(Duration::from_millis(share)),
                    ..Limits::nodes(GAME_NODES)
                };
                let info = engine.search(&position, &[], &limits, &mut |_| {});
                if let Some(info) = &info
                    && i != last
                {
                    let cp = match info.score {
                        Score::Cp(cp) => cp,
                        Score::Mate(m) => m.signum() * (MATE_CP - 10 * m.abs()),
                    };
                    out.white_cp = Some(if position.side_to_move() == Color::White {
                        cp
                    } else {
                        -cp
                    });
                }
                out.engine = Some(crate::analysis::analysis_of(&variant, &position, info.as_ref()));
                out
            })
            .collect();
        Ok((
            GameAnalysis {
                nodes: GAME_NODES,
                positions,
            },
            cut,
        ))
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|r| r)
    .map_err(|e| ApiError::new(500, "analysis", format!("the game could not be analysed: {e}")))?;
    let (body, cut) = body;
    // An analysis cut short is done again for the next asker.
    if !cut {
        keep(&id, Arc::new(body.clone()));
    }
    Ok(axum::Json(body).into_response())
}

fn kept(id: &str) -> Option<Arc<GameAnalysis>> {
    let kept = KEPT_ANALYSES.lock().ok()?;
    kept.iter().find(|(k, _)| k == id).map(|(_, a)| a.clone())
}

fn keep(id: &str, analysis: Arc<GameAnalysis>) {
    if let Ok(mut kept) = KEPT_ANALYSES.lock() {
        kept.retain(|(k, _)| k != id);
        kept.push_back((id.to_string(), analysis));
        while kept.len() > KEPT {
            kept.pop_front();
        }
    }
}
