//! The lobby: seeks listed to everyone and kept current over a WebSocket. The database is the
//! truth: a seek is a row, every change is announced (in-process, and on PostgreSQL to every
//! server), and each server's lobby reads the open seeks again and sends its WebSockets what
//! changed. A seek lives while its poster has the lobby open: the poster's server renews it, the
//! poster's last lobby WebSocket closing ends it, and a seek whose server died is swept. A
//! correspondence seek (days a move) stays a week without its poster, who finds the game it
//! became among its games.

use crate::api::{App, Body};
use crate::error::ApiError;
use crate::game::{SeatKind, SeatState};
use crate::identity::Me;
use crate::state::Server;
use crate::store::{Joined, SeekRow, now_ms};
use crate::wire::{
    LobbyMessage, QuickRequest, SeekAnswer, SeekColour, SeekList, SeekPlayer, SeekRequest, SeekView, TimeControl,
};
use axum::extract::Path;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use messhall_records::{ClockSpec, GameKind, catalog};
use messhall_table::TableSetup;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often a server renews its posters' seeks, sweeps dead ones and reads the seeks again
/// (news that a notification missed arrives by then).
const ROUND: Duration = Duration::from_secs(3);

/// A seek not renewed for this long is swept (its poster's server died).
const ALIVE_MS: i64 = 15_000;

/// The most open seeks one player may have posted.
const SEEKS_PER_PLAYER: usize = 3;

/// A server's lobby: the seeks as last read, its WebSockets' news, and which players have it
/// open here.
pub struct Lobby {
    seeks: Mutex<Vec<SeekView>>,
    /// Seeks gone from the list whose game is not stored yet: their players hear of the game
    /// once it is (a page opened before would find no game).
    pending: Mutex<Vec<String>>,
    news: broadcast::Sender<Utf8Bytes>,
    here: Mutex<HashMap<String, usize>>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            seeks: Mutex::default(),
            pending: Mutex::default(),
            news: broadcast::Sender::new(256),
            here: Mutex::default(),
        }
    }
}

fn text(message: &LobbyMessage) -> Utf8Bytes {
    serde_json::to_string(message).unwrap_or_default().into()
}

fn view(seek: &SeekRow) -> SeekView {
    SeekView {
        id: seek.id.clone(),
        game: seek.game.clone(),
        variant: seek
            .variant
            .as_ref()
            .map(|(id, version)| crate::wire::VariantVersionRef {
                id: id.clone(),
                version: version.clone(),
            }),
        clock: seek.clock.map(TimeControl::from),
        rated: seek.rated,
        colour: SeekColour::from_name(&seek.colour).unwrap_or_default(),
        seats: u8::try_from(seek.seats).unwrap_or(2),
        bots: seek.bots,
        players: seek
            .players
            .iter()
            .map(|(id, name)| SeekPlayer {
                id: id.clone(),
                name: name.clone(),
            })
            .collect(),
        created_ms: seek.created_ms,
    }
}

impl Lobby {
    /// Reads the open seeks again and sends the WebSockets what changed.
    async fn refresh(&self, server: &Server) -> Result<(), crate::StoreError> {
        let fresh: Vec<SeekView> = server
            .store
            .open_seeks(now_ms() - ALIVE_MS)
            .await?
            .iter()
            .map(view)
            .collect();
        let (changed, gone) = {
            let mut held = self.seeks.lock().unwrap_or_else(PoisonError::into_inner);
            let changed: Vec<SeekView> = fresh.iter().filter(|s| !held.contains(s)).cloned().collect();
            let gone: Vec<String> = held
                .iter()
                .filter(|s| !fresh.iter().any(|f| f.id == s.id))
                .map(|s| s.id.clone())
                .collect();
            *held = fresh;
            (changed, gone)
        };
        let waited = std::mem::take(&mut *self.pending.lock().unwrap_or_else(PoisonError::into_inner));
        let asked: Vec<String> = gone.iter().chain(&waited).cloned().collect();
        let taken = server.store.taken_seeks(&asked).await?;
        let mut pending = Vec::new();
        for id in asked {
            let message = match taken.iter().find(|t| t.id == id) {
                Some(t) if !t.stored => {
                    pending.push(id);
                    continue;
                }
                Some(t) => LobbyMessage::Gone {
                    id,
                    game: Some(t.game.clone()),
                    players: t.players.clone(),
                },
                // Left, swept, or back in the list (its game failed): said once.
                None if gone.contains(&id) => LobbyMessage::Gone {
                    id,
                    game: None,
                    players: Vec::new(),
                },
                None => continue,
            };
            let _ = self.news.send(text(&message));
        }
        self.pending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend(pending);
        for seek in changed {
            let _ = self.news.send(text(&LobbyMessage::Seek { seek }));
        }
        Ok(())
    }

    fn list(&self) -> Vec<SeekView> {
        self.seeks.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    fn players_here(&self) -> Vec<String> {
        self.here
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .keys()
            .cloned()
            .collect()
    }

    /// Counts a lobby WebSocket of `player` open here.
    fn arrive(&self, player: &str) {
        *self
            .here
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(player.to_string())
            .or_insert(0) += 1;
    }

    /// Counts one closed: whether it was the player's last here.
    fn leave(&self, player: &str) -> bool {
        let mut here = self.here.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(n) = here.get_mut(player) else { return true };
        *n -= 1;
        if *n == 0 {
            here.remove(player);
            true
        } else {
            false
        }
    }
}

/// Keeps this server's lobby current until shutdown: on every change announced, and every
/// three seconds (renewing its posters' seeks and sweeping dead ones first).
pub async fn follow(server: Arc<Server>) {
    let mut stopping = server.shutdown.subscribe();
    let mut round = tokio::time::interval(ROUND);
    loop {
        let upkeep = tokio::select! {
            _ = server.store.lobby_news.notified() => false,
            _ = round.tick() => true,
            _ = stopping.wait_for(|s| *s) => return,
        };
        if upkeep {
            let here = server.lobby.players_here();
            if let Err(e) = server.store.renew_seeks(&here).await {
                tracing::warn!(error = %e, "seeks not renewed");
            }
            if let Err(e) = server.store.sweep_seeks(now_ms() - ALIVE_MS).await {
                tracing::warn!(error = %e, "seeks not swept");
            }
        }
        if let Err(e) = server.lobby.refresh(&server).await {
            tracing::warn!(error = %e, "the lobby not read");
        }
    }
}

/// `GET /api/seeks`: the open seeks, oldest first.
///
/// # Errors
/// 500 when the database fails.
#[utoipa::path(get, path = "/api/seeks", operation_id = "list_seeks", responses((status = 200, description = "the open seeks, oldest first", body = crate::wire::SeekList), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn list(axum::extract::State(server): App) -> Result<Response, ApiError> {
    let seeks = server
        .store
        .open_seeks(now_ms() - ALIVE_MS)
        .await
        .map_err(ApiError::storage)?
        .iter()
        .map(view)
        .collect();
    Ok(axum::Json(SeekList { seeks }).into_response())
}

/// A seek checked: its clock and seats, and its game: a built-in, or a published variant's
/// version (its name and whole hash; casual, a chess game of two).
async fn checked(
    server: &Server,
    me: &Me,
    req: &SeekRequest,
) -> Result<(i64, Option<ClockSpec>, Option<(String, String)>), ApiError> {
    let clock = crate::api::checked_clock(req.clock)?;
    if let Some(which) = &req.variant {
        let variant = crate::studio::for_seek(server, me, which).await?;
        if req.rated {
            return Err(ApiError::bad(
                "bad-rated",
                "a published variant's game is casual: ratings are the built-in games'",
            ));
        }
        return Ok((chess_seats(req)?, clock, Some(variant)));
    }
    let kind = catalog::builtin(&req.game).ok_or_else(|| {
        ApiError::bad(
            "unknown-game",
            format!("no game \"{}\" (see /api/variants)", messhall_rules::echo(&req.game)),
        )
    })?;
    let seats = match kind {
        GameKind::Chess(_) => chess_seats(req)?,
        GameKind::Cafeteria => {
            let n = req.seats.unwrap_or(4);
            if !(2..=4).contains(&n) {
                return Err(ApiError::bad("bad-seats", "the cafeteria game has 2 to 4 seats"));
            }
            i64::from(n)
        }
    };
    Ok((seats, clock, None))
}

/// A chess seek's seats (two, no bots).
fn chess_seats(req: &SeekRequest) -> Result<i64, ApiError> {
    if req.seats.is_some_and(|n| n != 2) || req.bots {
        return Err(ApiError::bad(
            "bad-seats",
            "a chess game's seek has 2 seats and no bots",
        ));
    }
    Ok(2)
}

/// `POST /api/seeks`: posts a seek, listed while this browser has the lobby open (a
/// correspondence seek: for a week, or until it is taken or left).
///
/// # Errors
/// 401 without a session; 400 for a game, clock or seats that do not fit; 429 for a player
/// with as many seeks as it may have.
#[utoipa::path(post, path = "/api/seeks", operation_id = "post_seek", request_body = crate::wire::SeekRequest, responses((status = 201, description = "the seek posted", body = crate::wire::SeekAnswer), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn post(
    axum::extract::State(server): App,
    me: Me,
    Body(req): Body<SeekRequest>,
) -> Result<Response, ApiError> {
    let player = me.need()?;
    let (seats, clock, variant) = checked(&server, &me, &req).await?;
    let open = server
        .store
        .open_seeks(now_ms() - ALIVE_MS)
        .await
        .map_err(ApiError::storage)?;
    if open.iter().filter(|s| s.player_id == player.id).count() >= SEEKS_PER_PLAYER {
        return Err(ApiError::new(
            429,
            "too-many-seeks",
            format!("a player may have {SEEKS_PER_PLAYER} seeks open at once"),
        ));
    }
    let seek = SeekRow {
        id: crate::token::game_id().map_err(ApiError::storage)?,
        player_id: player.id.clone(),
        game: variant
            .as_ref()
            .map_or_else(|| req.game.clone(), |(name, _)| name.clone()),
        clock,
        rated: req.rated,
        colour: req.colour.name().into(),
        seats,
        bots: req.bots,
        created_ms: now_ms(),
        game_id: None,
        players: vec![(player.id.clone(), player.name.clone())],
        variant: variant.map(|(_, hash)| (req.variant.map(|v| v.id).unwrap_or_default(), hash)),
    };
    server.store.post_seek(&seek).await.map_err(ApiError::storage)?;
    Ok((
        axum::http::StatusCode::CREATED,
        axum::Json(SeekAnswer {
            seek: Some(view(&seek)),
            game: None,
        }),
    )
        .into_response())
}

/// `POST /api/seeks/{id}/join`: takes a seat of the seek; the one that takes its last makes
/// the game.
///
/// # Errors
/// 401 without a session; 404 for a seek gone; 409 for a player in it already.
#[utoipa::path(post, path = "/api/seeks/{id}/join", operation_id = "join_seek", params(("id" = String, Path, description = "the seek's id")), responses((status = 200, description = "the seek, or the game it became", body = crate::wire::SeekAnswer), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn join(
    axum::extract::State(server): App,
    crate::client::Client(client): crate::client::Client,
    Path(id): Path<String>,
    me: Me,
) -> Result<Response, ApiError> {
    let player = me.need()?;
    let game_id = crate::token::game_id().map_err(ApiError::storage)?;
    let joined = server
        .store
        .join_seek(&id, (&player.id, &player.name), &game_id)
        .await
        .map_err(ApiError::storage)?;
    match joined {
        Joined::Gone => Err(ApiError::not_found(
            "the seek is gone: taken, cancelled or its poster left",
        )),
        Joined::Already => Err(ApiError::conflict("in-seek", "you are in this seek already")),
        Joined::Waiting => Ok(axum::Json(SeekAnswer {
            seek: server.lobby.list().into_iter().find(|s| s.id == id),
            game: None,
        })
        .into_response()),
        Joined::Full(seek) => made(&server, &client, &seek, game_id).await,
    }
}

/// `POST /api/seeks/{id}/start`: the poster starts a cafeteria seek that allows bots before
/// every seat is taken; bots take the rest.
///
/// # Errors
/// 401 without a session; 403 for a seek not the player's; 409 for a seek without bots.
#[utoipa::path(post, path = "/api/seeks/{id}/start", operation_id = "start_seek", params(("id" = String, Path, description = "the seek's id")), responses((status = 200, description = "the game it became", body = crate::wire::SeekAnswer), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn start(
    axum::extract::State(server): App,
    crate::client::Client(client): crate::client::Client,
    Path(id): Path<String>,
    me: Me,
) -> Result<Response, ApiError> {
    let player = me.need()?;
    let listed = server.lobby.list().into_iter().find(|s| s.id == id);
    if listed.as_ref().is_some_and(|s| !s.bots) {
        return Err(ApiError::conflict(
            "no-bots",
            "this seek waits for people in every seat",
        ));
    }
    let game_id = crate::token::game_id().map_err(ApiError::storage)?;
    let seek = server
        .store
        .start_seek(&id, &player.id, &game_id)
        .await
        .map_err(ApiError::storage)?
        .ok_or_else(|| ApiError::forbidden("only its poster starts a seek, while it is open"))?;
    if !seek.bots {
        server.store.untake_seek(&id).await.map_err(ApiError::storage)?;
        return Err(ApiError::conflict(
            "no-bots",
            "this seek waits for people in every seat",
        ));
    }
    made(&server, &client, &seek, game_id).await
}

/// Makes the game a seek became; the answer that names it.
async fn made(server: &Arc<Server>, client: &str, seek: &SeekRow, game_id: String) -> Result<Response, ApiError> {
    make_game(server, client, seek, &game_id).await?;
    Ok(axum::Json(SeekAnswer {
        seek: None,
        game: Some(game_id),
    })
    .into_response())
}

/// `POST /api/seeks/{id}/leave`: the poster cancels its seek; another player leaves it.
///
/// # Errors
/// 401 without a session; 404 for a seek the player is not in.
#[utoipa::path(post, path = "/api/seeks/{id}/leave", operation_id = "leave_seek", params(("id" = String, Path, description = "the seek's id")), responses((status = 200, description = "left (the poster's seek is gone)", body = crate::wire::SeekList), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn leave(axum::extract::State(server): App, Path(id): Path<String>, me: Me) -> Result<Response, ApiError> {
    let player = me.need()?;
    if !server
        .store
        .leave_seek(&id, &player.id)
        .await
        .map_err(ApiError::storage)?
    {
        return Err(ApiError::not_found("you are in no open seek of that id"));
    }
    server.lobby.refresh(&server).await.map_err(ApiError::storage)?;
    Ok(axum::Json(SeekList {
        seeks: server.lobby.list(),
    })
    .into_response())
}

/// `POST /api/lobby/quick`: a chess game of this kind and clock at once: the oldest seek of
/// another player that matches (rated, any colour) is joined, or one is posted.
///
/// # Errors
/// As `POST /api/seeks` and its join.
#[utoipa::path(post, path = "/api/lobby/quick", operation_id = "quick_pairing", request_body = crate::wire::QuickRequest, responses((status = 200, description = "the game (a seek joined) or the seek posted", body = crate::wire::SeekAnswer), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn quick(
    state: App,
    client: crate::client::Client,
    me: Me,
    Body(req): Body<QuickRequest>,
) -> Result<Response, ApiError> {
    let server = state.0.clone();
    let player = me.need()?.clone();
    let open = server
        .store
        .open_seeks(now_ms() - ALIVE_MS)
        .await
        .map_err(ApiError::storage)?;
    let clock = crate::api::checked_clock(req.clock)?;
    let matching = open.iter().find(|s| {
        s.game == req.game
            && s.variant.is_none()
            && s.clock == clock
            && s.seats == 2
            && s.rated
            && s.player_id != player.id
    });
    if let Some(seek) = matching {
        return join(state, client, Path(seek.id.clone()), me).await;
    }
    let seek = SeekRequest {
        game: req.game,
        variant: None,
        clock: req.clock,
        rated: true,
        colour: SeekColour::Random,
        seats: None,
        bots: false,
    };
    post(state, me, Body(seek)).await
}

/// Makes the game a seek became: its players in their seats (the poster's colour in chess, a
/// random order in the cafeteria), bots in the rest, rated only between people.
async fn make_game(server: &Arc<Server>, client: &str, seek: &SeekRow, game_id: &str) -> Result<(), ApiError> {
    let made = make_game_inner(server, client, seek, game_id).await;
    if made.is_err() {
        // The seek goes back to the lobby rather than vanishing with the game.
        let _ = server.store.untake_seek(&seek.id).await;
    }
    made
}

async fn make_game_inner(server: &Arc<Server>, client: &str, seek: &SeekRow, game_id: &str) -> Result<(), ApiError> {
    let kind = match &seek.variant {
        None => catalog::builtin(&seek.game)
            .ok_or_else(|| ApiError::storage(format!("seek {} of no game {}", seek.id, seek.game)))?,
        Some((variant, hash)) => {
            let version = server
                .store
                .studio_version(variant, hash)
                .await
                .map_err(ApiError::storage)?
                .ok_or_else(|| ApiError::storage(format!("seek {} of no version {variant} {hash}", seek.id)))?;
            let file = crate::api::VariantFile {
                name: seek.game.clone(),
                text: version.text,
            };
            crate::variants::compile(server, client, &file).await?
        }
    };
    let mut people: Vec<(String, String)> = seek.players.clone();
    let coin = random_u64()?;
    match kind {
        GameKind::Chess(_) => {
            let poster_black = match SeekColour::from_name(&seek.colour).unwrap_or_default() {
                SeekColour::White => false,
                SeekColour::Black => true,
                SeekColour::Random => coin & 1 == 1,
            };
            if poster_black {
                people.reverse();
            }
        }
        GameKind::Cafeteria => {
            // Seat order matters in the cafeteria: drawn at random (Fisher-Yates on the OS's bits).
            let mut bits = coin;
            for i in (1..people.len()).rev() {
                let j = (bits % (i as u64 + 1)) as usize;
                bits /= i as u64 + 1;
                people.swap(i, j);
            }
        }
    }
    let mut seats: Vec<SeatState> = people
        .iter()
        .map(|(id, name)| SeatState {
            kind: SeatKind::Human,
            player: "human".into(),
            name: name.clone(),
            token_hash: None,
            join_hash: None,
            player_id: Some(id.clone()),
        })
        .collect();
    let bots = seek.seats as usize - seats.len().min(seek.seats as usize);
    for _ in 0..bots {
        let spec = messhall_table::PlayerSpec::parse("search").map_err(|e| ApiError::storage(e.to_string()))?;
        seats.push(SeatState {
            kind: SeatKind::Computer,
            player: spec.to_string(),
            name: spec.display_name(),
            token_hash: None,
            join_hash: None,
            player_id: None,
        });
    }
    let n = seats.len();
    let setup = TableSetup {
        fen: None,
        seed: None,
        clock: seek.clock,
        cafeteria: matches!(kind, GameKind::Cafeteria).then(|| messhall_cafeteria::Setup::new(n as u8, &[])),
        players: seats.iter().map(|s| s.name.clone()).collect(),
    };
    let origin = seek.variant.as_ref().map(|(v, h)| (v.as_str(), h.as_str()));
    crate::api::open_game(server, client, game_id, kind, &setup, seats, true, origin).await?;
    if seek.rated && bots == 0 {
        server.store.mark_rated(game_id).await.map_err(ApiError::storage)?;
    }
    // The game is stored: its players' lobbies may send them to it.
    server.store.lobby_changed().await.map_err(ApiError::storage)?;
    Ok(())
}

fn random_u64() -> Result<u64, ApiError> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(ApiError::storage)?;
    Ok(u64::from_le_bytes(b))
}

/// `GET /api/lobby/ws`: the lobby's WebSocket: every open seek first (`seeks`), then each seek
/// posted or changed (`seek`) and gone (`gone`, with the game it became). A browser with a
/// session keeps its seeks alive while one of its lobby WebSockets is open.
///
/// # Errors
/// 429 when the client has [`crate::Config::watchers_per_client`] connections open.
#[utoipa::path(get, path = "/api/lobby/ws", operation_id = "lobby_socket", responses((status = 101, description = "the WebSocket: each message a LobbyMessage"), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn connect(
    axum::extract::State(server): App,
    crate::client::Client(client): crate::client::Client,
    me: Me,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let hold = crate::ws::hold(&server, client)?;
    let rx = server.lobby.news.subscribe();
    let player = me.player.map(|p| p.id);
    if let Some(p) = &player {
        server.lobby.arrive(p);
    }
    Ok(upgrade
        .max_message_size(crate::limits::WS_MESSAGE_CEILING)
        .on_upgrade(move |socket| async move {
            let _open = crate::metrics::websocket_open();
            run(&server, socket, rx).await;
            if let Some(p) = player
                && server.lobby.leave(&p)
                && let Err(e) = server.store.player_left_lobby(&p).await
            {
                tracing::warn!(error = %e, "a player's seeks not ended as it left");
            }
            drop(hold);
        }))
}

async fn run(server: &Server, socket: WebSocket, mut rx: broadcast::Receiver<Utf8Bytes>) {
    let (mut tx, mut incoming) = socket.split();
    let all = |server: &Server| {
        text(&LobbyMessage::Seeks {
            seeks: server.lobby.list(),
        })
    };
    if tx.send(Message::Text(all(server))).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(server.config.heartbeat);
    let mut stopping = server.shutdown.subscribe();
    let mut silent = 0u32;
    loop {
        let out = tokio::select! {
            news = rx.recv() => match news {
                Ok(t) => Message::Text(t),
                Err(broadcast::error::RecvError::Lagged(_)) => Message::Text(all(server)),
                Err(broadcast::error::RecvError::Closed) => break,
            },
            msg = incoming.next() => match msg {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                Some(Ok(_)) => {
                    silent = 0;
                    continue;
                }
            },
            _ = ping.tick() => {
                silent += 1;
                if silent > 3 {
                    break;
                }
                Message::Ping(Vec::new().into())
            }
            _ = stopping.wait_for(|s| *s) => break,
        };
        if tx.send(out).await.is_err() {
            break;
        }
    }
}
