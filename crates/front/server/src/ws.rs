//! The WebSocket of a game: every event, numbered, to seats and spectators. A client that
//! connects with `since=N` gets the events after N (a gap longer than
//! [`crate::Config::catch_up_events`] gets the full state instead), then each new one. After the
//! events of an entry (or of a catch-up) comes the game as it is then ([`Published`]), worked out
//! and serialised once for every spectator; a seat's connection gets that seat's legal actions
//! with it, so no client needs to ask for the state. Clocks are sent every second while they run;
//! pings keep the connection alive and a silent one is closed; messages from the client are
//! bounded in size and rate.

use crate::api::App;
use crate::api::Query;
use crate::error::ApiError;
use crate::game::{FeedItem, LiveGame};
use crate::limits;
use crate::state::{Server, Shared};
pub use crate::wire::WsQuery;
use crate::wire::{GameView, WsMessage, WsNote};
use axum::extract::Path;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use messhall_records::Seat;
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

/// The subprotocol a browser names to send its seat's token in the handshake's
/// `Sec-WebSocket-Protocol` header (as `messhall`, `messhall-token.TOKEN`) rather than in the URL,
/// where logs and history would keep it; the server answers `messhall`.
pub const PROTOCOL: &str = "messhall";

/// A seat's token offered as the subprotocol `messhall-token.TOKEN`.
fn protocol_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .find_map(|p| p.trim().strip_prefix("messhall-token."))
        .map(str::to_string)
}

/// `GET /api/games/{id}/ws`: the token of a seat from the `token` parameter, the
/// `Authorization: Bearer` header or the subprotocol `messhall-token.TOKEN` ([`PROTOCOL`]).
///
/// # Errors
/// 404 for no such game; 403 for a token of no seat; 429 when the client has
/// [`crate::Config::watchers_per_client`] connections open; 503 when the game has
/// [`crate::Config::watchers_per_game`] connections.
#[utoipa::path(get, path = "/api/games/{id}/ws", params(("id" = String, Path, description = "the game's id"), crate::wire::WsQuery), responses((status = 101, description = "the WebSocket: each message a WsMessage"), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody), (status = 503, description = "the game has as many connections as it takes", body = crate::wire::ErrorBody)))]
pub async fn connect(
    axum::extract::State(server): App,
    Path(id): Path<String>,
    crate::client::Client(client): crate::client::Client,
    headers: HeaderMap,
    me: crate::identity::Me,
    Query(q): Query<WsQuery>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let hold = hold(&server, client)?;
    let shared = server.game(&id).await?;
    let token_query = crate::api::TokenQuery {
        token: q.token.clone().or_else(|| protocol_token(&headers)),
    };
    // Counted and subscribed under the game's lock, so connections racing in cannot all slip
    // under the cap.
    let (viewer, rx) = {
        let game = shared.lock().await;
        let viewer = crate::api::viewer(&game, &headers, &token_query, &me)?;
        let most = server.config.watchers_per_game;
        if game.tx.receiver_count() >= most {
            return Err(ApiError::new(
                503,
                "too-many-watchers",
                format!("a game takes at most {most} connections at once"),
            ));
        }
        (viewer, game.tx.subscribe())
    };
    let since = q.since;
    // The transport reads up to the ceiling; a message over the limit but under it is answered
    // with a close that says so (1009) rather than a dropped connection.
    Ok(upgrade
        .protocols([PROTOCOL])
        .max_message_size(limits::WS_MESSAGE_CEILING)
        .max_frame_size(limits::WS_MESSAGE_CEILING)
        .on_upgrade(move |socket| async move {
            let _open = crate::metrics::websocket_open();
            // A seat's WebSocket is the seat at the table ([`crate::presence`]).
            if let Some(seat) = viewer {
                server.seat_came_or_went(&shared, seat, 1).await;
            }
            run(server.clone(), shared.clone(), viewer, since, rx, socket).await;
            if let Some(seat) = viewer {
                server.seat_came_or_went(&shared, seat, -1).await;
            }
            drop(hold);
        }))
}

/// A place for one more WebSocket of `client`, counted against
/// [`crate::Config::watchers_per_client`] over every game and the lobby.
///
/// # Errors
/// 429 `too-many-sockets`.
pub fn hold(server: &Server, client: String) -> Result<crate::client::Hold, ApiError> {
    let most = server.config.watchers_per_client;
    server.watching.take(client, most).ok_or_else(|| {
        ApiError::new(
            429,
            "too-many-sockets",
            format!("a client may have at most {most} WebSocket connections open at once"),
        )
    })
}

/// The game as everyone sees it after an entry, with its message as every spectator gets it.
pub struct Published {
    /// The entries stored when it was worked out.
    ply: i64,
    /// The number of the last event then.
    event: u64,
    /// The count of presence changes then.
    presence: u64,
    /// The view.
    view: GameView,
    /// `{"type": "view", "view": ...}`, serialised once.
    text: Utf8Bytes,
}

/// The view after `game`'s last entry, worked out by the first connection that needs it.
fn published(game: &mut LiveGame) -> Arc<Published> {
    let presence = *game.presence_news.borrow();
    if let Some(p) = &game.published
        && (p.ply, p.event, p.presence) == (game.ply, game.last_event(), presence)
    {
        return p.clone();
    }
    let view = crate::view::public(game);
    let message = WsMessage::Connection(WsNote::View {
        view: Box::new(view.clone()),
        legal: None,
    });
    let p = Arc::new(Published {
        ply: game.ply,
        event: game.last_event(),
        presence,
        view,
        text: Utf8Bytes::from(serde_json::to_string(&message).unwrap_or_default()),
    });
    game.published = Some(p.clone());
    p
}

/// The view message for `viewer`: the spectators' own, or with the seat's legal actions.
fn view_message(game: &mut LiveGame, viewer: Option<Seat>) -> Message {
    let p = published(game);
    match viewer {
        None => Message::Text(p.text.clone()),
        Some(_) => text(&WsMessage::Connection(WsNote::View {
            view: Box::new(p.view.clone()),
            legal: Some(crate::view::legal(game, viewer)),
        })),
    }
}

/// What catches a client up from event `since`: the events after it and the view after them,
/// or the full state.
fn catch_up(game: &mut LiveGame, viewer: Option<Seat>, since: u64, most: u64) -> (Vec<Message>, u64) {
    let last = game.last_event();
    let messages = if since >= last {
        Vec::new()
    } else if last - since > most {
        vec![text(&WsMessage::Connection(WsNote::State {
            n: last,
            state: Box::new(crate::view::state(game, viewer)),
        }))]
    } else {
        let mut m: Vec<Message> = game.feed[since as usize..]
            .iter()
            .map(|e| text(&WsMessage::Event(e.for_viewer(viewer))))
            .collect();
        m.push(view_message(game, viewer));
        m
    };
    (messages, last)
}

/// Event `first`, the events queued after it, then the view after them. Called with the game
/// locked: an entry's events are sent under that lock, so every event up to the game's last is
/// queued by now.
fn news(
    game: &mut LiveGame,
    rx: &mut Receiver<FeedItem>,
    viewer: Option<Seat>,
    sent: &mut u64,
    first: &FeedItem,
    most: u64,
) -> Vec<Message> {
    *sent = first.n;
    let mut out = vec![text(&WsMessage::Event(first.for_viewer(viewer)))];
    loop {
        match rx.try_recv() {
            Ok(item) if item.n > *sent => {
                *sent = item.n;
                out.push(text(&WsMessage::Event(item.for_viewer(viewer))));
            }
            Ok(_) => {}
            Err(TryRecvError::Lagged(_)) => {
                let (m, last) = catch_up(game, viewer, *sent, most);
                *sent = last;
                out.extend(m);
                return out;
            }
            Err(TryRecvError::Empty | TryRecvError::Closed) => break,
        }
    }
    if *sent == game.last_event() {
        out.push(view_message(game, viewer));
    }
    out
}

/// Every seat's presence now.
fn presence_message(game: &LiveGame) -> Message {
    text(&WsMessage::Connection(WsNote::Presence {
        seats: crate::view::presence_seats(game),
        now_ms: crate::store::now_ms(),
    }))
}

fn text(message: &WsMessage) -> Message {
    Message::Text(Utf8Bytes::from(serde_json::to_string(message).unwrap_or_default()))
}

/// A message of the client that was not understood.
fn bad_message(message: &str) -> WsMessage {
    WsMessage::Connection(WsNote::Error {
        code: "bad-message".into(),
        message: message.into(),
    })
}

async fn run(
    server: Arc<Server>,
    shared: Shared,
    viewer: Option<Seat>,
    since: u64,
    mut rx: tokio::sync::broadcast::Receiver<FeedItem>,
    socket: WebSocket,
) {
    let (mut sink, mut stream) = socket.split();
    let most = server.config.catch_up_events;
    let mut shutdown = server.shutdown.subscribe();
    let mut presence = shared.lock().await.presence_news.subscribe();
    let (mut messages, mut sent) = catch_up(&mut *shared.lock().await, viewer, since, most);
    messages.push(presence_message(&*shared.lock().await));
    presence.mark_unchanged();
    for m in messages {
        if sink.send(m).await.is_err() {
            return;
        }
    }
    let heartbeat = server.config.heartbeat;
    let mut ping = tokio::time::interval(heartbeat);
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    let mut heard = Instant::now();
    let (mut window, mut in_window) = (Instant::now(), 0u32);
    loop {
        let outgoing: Vec<Message> = tokio::select! {
            item = rx.recv() => match item {
                Ok(item) if item.n > sent => news(&mut *shared.lock().await, &mut rx, viewer, &mut sent, &item, most),
                Ok(_) => Vec::new(),
                Err(RecvError::Lagged(_)) => {
                    let (m, last) = catch_up(&mut *shared.lock().await, viewer, sent, most);
                    sent = last;
                    m
                }
                Err(RecvError::Closed) => break,
            },
            msg = stream.next() => {
                heard = Instant::now();
                // Pings and pongs keep the connection alive: only messages count.
                if let Some(Ok(Message::Text(_) | Message::Binary(_))) = &msg {
                    if window.elapsed() >= Duration::from_secs(1) {
                        (window, in_window) = (Instant::now(), 0);
                    }
                    in_window += 1;
                    if in_window > limits::WS_MESSAGES_PER_SECOND {
                        let _ = sink.send(close(1008, "too many messages")).await;
                        break;
                    }
                }
                if let Some(Ok(Message::Text(t))) = &msg
                    && t.len() > limits::WS_MESSAGE_BYTES
                {
                    let _ = sink.send(close(1009, "a message is at most 4 KB")).await;
                    break;
                }
                if let Some(Ok(Message::Binary(b))) = &msg
                    && b.len() > limits::WS_MESSAGE_BYTES
                {
                    let _ = sink.send(close(1009, "a message is at most 4 KB")).await;
                    break;
                }
                match msg {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(t))) => match serde_json::from_str::<Value>(t.as_str()).ok().and_then(|v| v.get("since").and_then(Value::as_u64)) {
                        Some(n) => {
                            let (m, last) = catch_up(&mut *shared.lock().await, viewer, n, most);
                            sent = sent.max(last);
                            m
                        }
                        None => vec![text(&bad_message("send {\"since\": N} to get the events after N"))],
                    },
                    Some(Ok(Message::Binary(_))) => vec![text(&bad_message("messages are JSON text"))],
                    Some(Ok(_)) => Vec::new(),
                }
            },
            changed = presence.changed() => match changed {
                Ok(()) => vec![presence_message(&*shared.lock().await)],
                Err(_) => break,
            },
            _ = ping.tick() => {
                if heard.elapsed() > heartbeat * 3 {
                    let _ = sink.send(close(1001, "no answer to pings")).await;
                    break;
                }
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
                Vec::new()
            },
            _ = tick.tick() => {
                let game = shared.lock().await;
                match game.table.clock().filter(|c| c.running().is_some()) {
                    Some(c) => {
                        let left: Vec<u64> = c.all_left(Instant::now()).iter().map(|d| d.as_millis() as u64).collect();
                        vec![text(&WsMessage::Connection(WsNote::Clock { left_ms: left, running: c.running() }))]
                    }
                    None => Vec::new(),
                }
            },
            _ = shutdown.changed() => {
                let _ = sink.send(close(1012, "the server is restarting")).await;
                break;
            }
        };
        for m in outgoing {
            if sink.send(m).await.is_err() {
                return;
            }
        }
    }
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}
