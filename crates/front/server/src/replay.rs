//! A chess game's positions, one after each action, for the UI's replay and for stepping back
//! through a game being played: the game's record played again at a new table (the dice as they
//! fell), each board as FEN. The boards so far are what every seat has seen: the seed stays
//! secret, and no position to come is in them.

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
/// 400 for the cafeteria game.
#[utoipa::path(get, path = "/api/games/{id}/positions", params(("id" = String, Path, description = "the game's id")), responses((status = 200, description = "the start, then the board after each action so far", body = crate::wire::Positions), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn positions(State(server): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let game = server.read(&shared).await;
    if game.table.chess().is_none() {
        return Err(ApiError::bad("not-chess", "the replay is for the chess games"));
    }
    let mut start = game.table.record();
    let actions = game.table.actions().to_vec();
    drop(game);
    start.actions.clear();
    start.result = None;
    let body = tokio::task::spawn_blocking(move || {
        replayed(&start, actions).map(|steps| Positions {
            positions: steps.into_iter().map(|(step, _)| step).collect(),
        })
    })
    .await
    .map_err(|e| e.to_string())
    .and_then(|r| r)
    .map_err(|e| ApiError::new(500, "replay", format!("the game could not be played again: {e}")))?;
    Ok(axum::Json(body).into_response())
}

/// The game of record `start` (its actions cleared) played again with `actions`: the start, then
/// each board after an action, with the rules' position.
///
/// # Errors
/// The rules' words when the record does not replay or is no chess game.
pub(crate) fn replayed(
    start: &messhall_records::Record,
    actions: Vec<(messhall_records::Seat, Action)>,
) -> Result<Vec<(PositionStep, messhall_rules::Position)>, String> {
    let mut table = messhall_table::Table::replay(start).map_err(|e| e.to_string())?;
    let here = |t: &messhall_table::Table| -> Result<(String, messhall_rules::Position), String> {
        let fen = crate::view::data::board_view(t).map(|b| b.fen).unwrap_or_default();
        let position = t.chess().ok_or("not a chess game")?.position().clone();
        Ok((fen, position))
    };
    let (fen, position) = here(&table)?;
    let mut out = vec![(
        PositionStep {
            fen,
            seat: None,
            action: None,
        },
        position,
    )];
    for (seat, action) in actions {
        let text = match (&action, table.chess()) {
            (Action::Move(m), Some(chess)) => m.to_coordinates(chess.variant()),
            (Action::Resign, _) => "resign".to_string(),
            (Action::Steer(o), _) => format!("steer {}", o.to_text()),
            (other, _) => format!("{other:?}"),
        };
        table.act_unchecked(seat, action);
        let (fen, position) = here(&table)?;
        out.push((
            PositionStep {
                fen,
                seat: Some(seat),
                action: Some(text),
            },
            position,
        ));
    }
    Ok(out)
}
