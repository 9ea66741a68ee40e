//! A game's chat: the players' room, where only its seats write and read, and the spectators'
//! room, for everyone else with a session. Text is plain (the page shows it as text, never as
//! markup), 1 to 280 characters without control or invisible characters, and each writer may
//! send five messages in ten seconds. Pages ask for the messages after the last they have.

use crate::api::{App, Body, Query};
use crate::error::ApiError;
use crate::identity::Me;
use crate::wire::{ChatLog, ChatMessage, ChatQuery, ChatRequest, TokenQuery};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};

/// The most characters of a message.
pub const CHAT_CHARS: usize = 280;

/// Who may write where: the room and the name shown, or why not.
async fn speaker(
    server: &crate::Server,
    id: &str,
    headers: &HeaderMap,
    token: Option<String>,
    me: &Me,
) -> Result<(&'static str, Option<String>, String), ApiError> {
    let shared = server.game(id).await?;
    let game = server.read(&shared).await;
    let seat = crate::api::viewer(&game, headers, &TokenQuery { token }, me)?;
    Ok(match seat {
        Some(seat) => {
            let name = game.seats.get(seat.index()).map(|s| s.name.clone()).unwrap_or_default();
            ("players", me.id().map(str::to_string), name)
        }
        None => (
            "spectators",
            me.id().map(str::to_string),
            me.player.as_ref().map(|p| p.name.clone()).unwrap_or_default(),
        ),
    })
}

/// `POST /api/games/{id}/chat`: a message to the writer's room (the players', for a seat).
///
/// # Errors
/// 401 for a spectator without a session; 400 for a text that does not fit; 429 for too many.
#[utoipa::path(post, path = "/api/games/{id}/chat", params(("id" = String, Path, description = "the game's id"), crate::wire::TokenQuery), request_body = crate::wire::ChatRequest, responses((status = 200, description = "the room's messages after the writer's", body = crate::wire::ChatLog), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn say(
    State(server): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    me: Me,
    Query(q): Query<TokenQuery>,
    Body(req): Body<ChatRequest>,
) -> Result<Response, ApiError> {
    let text = req.text.trim();
    let n = text.chars().count();
    if n == 0 || n > CHAT_CHARS || text.chars().any(|c| c.is_control() || crate::api::invisible(c)) {
        return Err(ApiError::bad(
            "bad-chat",
            format!("a message is 1 to {CHAT_CHARS} characters, without control or invisible characters"),
        ));
    }
    let (room, player, name) = speaker(&server, &id, &headers, q.token, &me).await?;
    if room == "spectators" && player.is_none() {
        return Err(ApiError::new(
            401,
            "no-session",
            "a spectator needs a player to chat: POST /api/me first",
        ));
    }
    let writer = player.clone().unwrap_or_else(|| format!("{id}/{name}"));
    if !server.chatting.allow(&writer) {
        return Err(ApiError::new(
            429,
            "too-many-messages",
            format!("chat: {}", server.chatting.words()),
        ));
    }
    let n = server
        .store
        .say(&id, room, player.as_deref(), &name, text)
        .await
        .map_err(ApiError::storage)?;
    log(&server, &id, room, n - 1).await
}

/// `GET /api/games/{id}/chat?after=N`: the asker's room's messages after number N.
///
/// # Errors
/// 404 for no such game; 403 for a token of no seat.
#[utoipa::path(get, path = "/api/games/{id}/chat", params(("id" = String, Path, description = "the game's id"), crate::wire::ChatQuery), responses((status = 200, description = "the room's messages after `after`", body = crate::wire::ChatLog), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn read(
    State(server): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    me: Me,
    Query(q): Query<ChatQuery>,
) -> Result<Response, ApiError> {
    let (room, _, _) = speaker(&server, &id, &headers, q.token, &me).await?;
    log(&server, &id, room, q.after.unwrap_or(0)).await
}

async fn log(server: &crate::Server, id: &str, room: &str, after: i64) -> Result<Response, ApiError> {
    let rows = server.store.chat(id, room, after).await.map_err(ApiError::storage)?;
    Ok(axum::Json(ChatLog {
        room: room.into(),
        messages: rows
            .into_iter()
            .map(|r| ChatMessage {
                n: r.n,
                player_id: r.player_id,
                name: r.name,
                text: r.text,
                at_ms: r.at_ms,
            })
            .collect(),
    })
    .into_response())
}
