//! Rematches between people: each seat offers, and the last offer makes the new game (the seats
//! turned round, the same game, start, clock and options, rated if the game was), its players
//! seated by their sessions. A game with a computer seat or a seat taken by a token alone has no
//! rematch here: its page starts a new game itself.

use crate::api::{App, Query};
use crate::error::ApiError;
use crate::game::{SeatKind, SeatState};
use crate::identity::Me;
use crate::wire::{RematchView, TokenQuery};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use messhall_records::Seat;
use messhall_table::TableSetup;

fn view(offers: Vec<i64>, game: Option<String>) -> RematchView {
    RematchView {
        offers: offers
            .into_iter()
            .filter_map(|s| u8::try_from(s).ok())
            .map(Seat)
            .collect(),
        game,
    }
}

/// `GET /api/games/{id}/rematch`: who offered a rematch, and its game once made.
///
/// # Errors
/// 500 when the database fails.
#[utoipa::path(get, path = "/api/games/{id}/rematch", operation_id = "rematch_state", params(("id" = String, Path, description = "the game's id")), responses((status = 200, description = "the offers and the rematch's game", body = crate::wire::RematchView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn state(State(server): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    let (offers, game) = server.store.rematch(&id).await.map_err(ApiError::storage)?;
    Ok(axum::Json(view(offers, game)).into_response())
}

/// `POST /api/games/{id}/rematch`: this seat offers (or accepts) a rematch; the last offer
/// makes the game.
///
/// # Errors
/// 401/403 without the seat; 409 while the game goes on, or for a game with a computer seat or
/// a seat without a player.
#[utoipa::path(post, path = "/api/games/{id}/rematch", operation_id = "offer_rematch", params(("id" = String, Path, description = "the game's id"), crate::wire::TokenQuery), responses((status = 200, description = "the offers, and the rematch's game once every player offered", body = crate::wire::RematchView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn offer(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    me: Me,
    Query(q): Query<TokenQuery>,
) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let (seat, kind, setup, seats, n) = {
        let game = server.read(&shared).await;
        let seat = crate::api::seat_of(&game, &headers, &q, &me)?;
        if game.table.result().is_none() {
            return Err(ApiError::conflict("not-over", "a rematch follows the game's end"));
        }
        if game
            .seats
            .iter()
            .any(|s| s.kind != SeatKind::Human || s.player_id.is_none())
        {
            return Err(ApiError::conflict(
                "rematch-by-link",
                "a game with a computer seat, or a seat taken by token alone, is played again by a new game",
            ));
        }
        let n = game.seats.len();
        // Turned round: each player takes the seat after its own (White and Black swap).
        let seats: Vec<SeatState> = (0..n)
            .map(|i| {
                let s = &game.seats[(i + n - 1) % n];
                SeatState {
                    kind: SeatKind::Human,
                    player: "human".into(),
                    name: s.name.clone(),
                    token_hash: None,
                    join_hash: None,
                    player_id: s.player_id.clone(),
                }
            })
            .collect();
        let record = game.table.record();
        let setup = TableSetup {
            fen: record.start.clone(),
            seed: None,
            clock: record.clock,
            cafeteria: record.setup.clone(),
            players: seats.iter().map(|s| s.name.clone()).collect(),
        };
        (seat, game.table.kind().clone(), setup, seats, n)
    };
    let new_id = crate::token::game_id().map_err(ApiError::storage)?;
    let (offers, made) = server
        .store
        .offer_rematch(&id, i64::from(seat.0), n as i64, &new_id)
        .await
        .map_err(ApiError::storage)?;
    if let Some((game, true)) = &made {
        // A rematch of a published variant's game is of the same version.
        let origin = server.store.game_origin(&id).await.map_err(ApiError::storage)?;
        let origin = origin.as_ref().map(|(v, h)| (v.as_str(), h.as_str()));
        crate::api::open_game(&server, &client, game, kind, &setup, seats, true, origin).await?;
        if server.store.is_rated(&id).await.map_err(ApiError::storage)? {
            server.store.mark_rated(game).await.map_err(ApiError::storage)?;
        }
    }
    Ok(axum::Json(view(offers, made.map(|(g, _)| g))).into_response())
}
