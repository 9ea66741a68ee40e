//! Players' pages and games: `GET /api/players/{id}` for anyone, `GET /api/me/games` for this
//! browser's player (which of its games wait for its move).

use crate::api::App;
use crate::error::ApiError;
use crate::identity::Me;
use crate::wire::{PlayerGame, PlayerPage};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use messhall_records::Seat;

/// The most games a player's page or list shows.
const GAMES_SHOWN: i64 = 50;

/// The games of the player `id`, newest first, each with whether it is the player's turn.
async fn games_of(server: &crate::Server, id: &str) -> Result<Vec<PlayerGame>, ApiError> {
    let rows = server
        .store
        .games_of_player(id, GAMES_SHOWN)
        .await
        .map_err(ApiError::storage)?;
    let mut games = Vec::new();
    for (row, held) in rows {
        let seats = server.store.seats(&row.id).await.map_err(ApiError::storage)?;
        let over = row.status == "over";
        let game_id = row.id.clone();
        let Some(game) = crate::api::summary(row, &seats) else {
            continue;
        };
        let held: Vec<Seat> = held.iter().filter_map(|s| u8::try_from(*s).ok()).map(Seat).collect();
        let your_turn = if over {
            false
        } else {
            let shared = server.game(&game_id).await?;
            let live = server.read(&shared).await;
            live.table.result().is_none() && live.table.turn().seat().is_some_and(|s| held.contains(&s))
        };
        games.push(PlayerGame {
            game,
            seats: held,
            your_turn,
        });
    }
    Ok(games)
}

/// `GET /api/me/games`: this browser's player's games, newest first (`your_turn` marks the ones
/// that wait for it).
///
/// # Errors
/// 401 without a session.
#[utoipa::path(get, path = "/api/me/games", responses((status = 200, description = "this browser's player's page: its games, newest first", body = crate::wire::PlayerPage), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn my_games(State(server): App, me: Me) -> Result<Response, ApiError> {
    let player = me.need()?;
    let games = games_of(&server, &player.id).await?;
    Ok(axum::Json(PlayerPage {
        player: crate::accounts::view(player),
        games,
    })
    .into_response())
}

/// `GET /api/players/{id}`: a player's page: its name and games.
///
/// # Errors
/// 404 for no such player.
#[utoipa::path(get, path = "/api/players/{id}", params(("id" = String, Path, description = "the player's id")), responses((status = 200, description = "the player and its games, newest first", body = crate::wire::PlayerPage), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn page(State(server): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    if id.len() != 24 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::not_found("no such player (an id is 24 hex digits)"));
    }
    let player = server
        .store
        .player(&id)
        .await
        .map_err(ApiError::storage)?
        .ok_or_else(|| ApiError::not_found(format!("no player {id}")))?;
    let games = games_of(&server, &id).await?;
    Ok(axum::Json(PlayerPage {
        player: crate::accounts::view(&player),
        games,
    })
    .into_response())
}
