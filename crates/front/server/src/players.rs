//! Players' pages and games: `GET /api/players/{id}` for anyone, `GET /api/me/games` for this
//! browser's player (which of its games wait for its move).

use crate::api::App;
use crate::error::ApiError;
use crate::identity::Me;
use crate::wire::{Leaderboard, LeaderboardRow, PlayerGame, PlayerPage, RatingPoint, RatingView};
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
    Ok(axum::Json(page_of(&server, player).await?).into_response())
}

/// `GET /api/players/{id}`: a player's page: its name and games.
///
/// # Errors
/// 404 for no such player.
#[utoipa::path(get, path = "/api/players/{id}", operation_id = "player_page", params(("id" = String, Path, description = "the player's id")), responses((status = 200, description = "the player and its games, newest first", body = crate::wire::PlayerPage), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
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
    Ok(axum::Json(page_of(&server, &player).await?).into_response())
}

/// A rating as the pages show it.
pub fn rating_view(row: &crate::store::RatingRow) -> RatingView {
    let model = crate::ratings::Model::of(&row.game);
    RatingView {
        game: row.game.clone(),
        model: model.name().into(),
        rating: row.rating.rating,
        deviation: row.rating.deviation,
        volatility: row.rating.volatility,
        provisional: model.provisional(&row.rating),
        games: row.games,
    }
}

async fn page_of(server: &crate::Server, player: &crate::store::PlayerRow) -> Result<PlayerPage, ApiError> {
    let games = games_of(server, &player.id).await?;
    let ratings = server.store.ratings_of(&player.id).await.map_err(ApiError::storage)?;
    let history = server
        .store
        .rating_history(&player.id)
        .await
        .map_err(ApiError::storage)?;
    Ok(PlayerPage {
        player: crate::accounts::view(player),
        games,
        ratings: ratings.iter().map(rating_view).collect(),
        history: history
            .into_iter()
            .map(|h| RatingPoint {
                game: h.game,
                game_id: h.game_id,
                rating: h.rating,
                deviation: h.deviation,
                at_ms: h.at_ms,
            })
            .collect(),
    })
}

/// `GET /api/leaderboard/{game}`: the game's best-rated players (100 at most), established
/// ratings first, then provisional ones.
///
/// # Errors
/// 404 for no such game.
#[utoipa::path(get, path = "/api/leaderboard/{game}", params(("game" = String, Path, description = "a built-in game's name")), responses((status = 200, description = "the game's best-rated players", body = crate::wire::Leaderboard), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn leaderboard(State(server): App, Path(game): Path<String>) -> Result<Response, ApiError> {
    if messhall_records::catalog::builtin(&game).is_none() {
        return Err(ApiError::not_found(format!(
            "no game \"{}\" (see /api/variants)",
            messhall_rules::echo(&game)
        )));
    }
    let rows = server.store.leaderboard(&game, 100).await.map_err(ApiError::storage)?;
    let mut players: Vec<LeaderboardRow> = rows
        .iter()
        .map(|(p, r)| LeaderboardRow {
            player: crate::accounts::view(p),
            rating: rating_view(r),
        })
        .collect();
    // Stable: best first within each group.
    players.sort_by_key(|r| r.rating.provisional);
    Ok(axum::Json(Leaderboard { game, players }).into_response())
}
