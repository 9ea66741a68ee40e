//! A finished chess game's positions, one after each action, for the UI's replay: the game's
//! record played again at a new table (the dice as they fell), each board as FEN.

use crate::ApiError;
use crate::api::App;
use crate::wire::{PositionStep, Positions};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use messhall_table::Action;

/// `GET /api/games/{id}/positions`: `{"positions": [{"fen", "seat", "action"}...]}`, the start
/// first (no seat, no action), then the board after each action (`action` in coordinates, or
/// `resign`, or the steered PieceEater's step).
///
/// # Errors
/// 409 while the game goes on (the dice are secret until the end); 400 for the cafeteria game.
#[utoipa::path(get, path = "/api/games/{id}/positions", params(("id" = String, Path, description = "the game's id")), responses((status = 200, description = "the start, then the board after each action (once over)", body = crate::wire::Positions), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn positions(State(server): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let game = server.read(&shared).await;
    if game.table.result().is_none() {
        return Err(ApiError::conflict(
            "not-over",
            "a replay follows the dice: it is given once the game is over",
        ));
    }
    if game.table.chess().is_none() {
        return Err(ApiError::bad("not-chess", "the replay is for the chess games"));
    }
    let mut start = game.table.record();
    let actions = game.table.actions().to_vec();
    drop(game);
    start.actions.clear();
    start.result = None;
    let body = tokio::task::spawn_blocking(move || -> Result<Positions, String> {
        let mut table = messhall_table::Table::replay(&start).map_err(|e| e.to_string())?;
        let fen = |t: &messhall_table::Table| crate::view::data::board_view(t).map(|b| b.fen).unwrap_or_default();
        let mut positions = vec![PositionStep {
            fen: fen(&table),
            seat: None,
            action: None,
        }];
        for (seat, action) in actions {
            let text = match (&action, table.chess()) {
                (Action::Move(m), Some(chess)) => m.to_coordinates(chess.variant()),
                (Action::Resign, _) => "resign".to_string(),
                (other, _) => format!("{other:?}"),
            };
            table.act_unchecked(seat, action);
            positions.push(PositionStep {
                fen: fen(&table),
                seat: Some(seat),
                action: Some(text),
            });
        }
        Ok(Positions { positions })
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|r| r)
    .map_err(|e| ApiError::new(500, "replay", format!("the game could not be played again: {e}")))?;
    Ok(axum::Json(body).into_response())
}
