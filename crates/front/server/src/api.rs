//! The JSON API of games: create, join, state for a seat, act, resign, draws, take-backs, list,
//! record and PGN, import. Handlers read and check the request, then go through
//! [`Server::commit`]; they hold no rules.

use crate::error::ApiError;
use crate::game::{Entry, LiveGame, SeatKind, SeatState};
use crate::identity::Me;
use crate::limits;
use crate::state::Server;
use crate::store::{GameRow, SeatRow, StoreError, now_ms};
pub use crate::wire::{
    ActRequest, CreateGame, ImportRequest, JoinRequest, ListQuery, SeatRequest, TokenQuery, VariantFile,
};
use crate::wire::{Created, GameList, GameSummary, Imported, JoinCode, Joined, SeatToken, SeatView, Status};
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Path, Request, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use messhall_records::{GameKind, Record, Seat, catalog, pgn};
use messhall_table::{PlayerSpec, Table, TableSetup};
use std::sync::Arc;
use std::time::Instant;

/// A JSON body whose faults are answered as [`ApiError`]s.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Body(value)),
            Err(JsonRejection::BytesRejection(e)) => Err(ApiError::new(413, "too-large", e.body_text())),
            Err(JsonRejection::MissingJsonContentType(_)) => Err(ApiError::new(
                415,
                "not-json",
                "the body must be JSON (Content-Type: application/json)",
            )),
            Err(e) => Err(ApiError::bad("bad-json", e.body_text())),
        }
    }
}

/// A query string whose faults are answered as [`ApiError`]s.
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(e) => Err(ApiError::bad("bad-query", e.body_text())),
        }
    }
}

/// The shared server, as handlers get it.
pub type App = State<Arc<Server>>;

fn token_of(headers: &HeaderMap, query: &TokenQuery) -> Option<String> {
    let header = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        // The scheme's name is case-insensitive (RFC 9110).
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim().to_string());
    header.or_else(|| query.token.clone())
}

/// The seat `headers`/`query` (a seat's token) or else the session (`me`) authenticate in
/// `game`: of a session's seats, the one to act, or its first.
pub fn seat_of(game: &LiveGame, headers: &HeaderMap, query: &TokenQuery, me: &Me) -> Result<Seat, ApiError> {
    if let Some(token) = token_of(headers, query) {
        return game
            .seat_of_token(&token)
            .ok_or_else(|| ApiError::forbidden("the token is not one of this game's seats"));
    }
    let Some(id) = me.id() else {
        return Err(ApiError::new(
            401,
            "no-token",
            "this needs a seat's token or the session of the seat's player",
        ));
    };
    let mine = game.seats_of_player(id);
    let to_act = game.table.turn().seat();
    mine.iter()
        .copied()
        .find(|s| Some(*s) == to_act)
        .or_else(|| mine.first().copied())
        .ok_or_else(|| ApiError::forbidden("this session's player holds no seat of this game"))
}

/// A name as given, trimmed, or `fallback`.
///
/// # Errors
/// 400 `bad-name` for a name too long or with control or invisible characters.
pub fn checked_name(name: Option<&str>, fallback: &str) -> Result<String, ApiError> {
    let name = name.unwrap_or(fallback).trim();
    if name.chars().count() > limits::NAME_CHARS || name.chars().any(|c| c.is_control() || invisible(c)) {
        return Err(ApiError::bad(
            "bad-name",
            format!(
                "a name is at most {} characters, without control, direction or invisible characters",
                limits::NAME_CHARS
            ),
        ));
    }
    Ok(name.to_string())
}

/// A character that changes how the text around it is shown without showing itself: the
/// direction marks, embeddings, overrides and isolates, and the zero-width ones. In a name they
/// could make it pass for another or reorder what follows it.
pub fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}'
    )
}

fn new_secret() -> Result<String, ApiError> {
    crate::token::secret().map_err(ApiError::storage)
}

/// The seat a token or the session names, or `None` for a spectator (no token, and a session
/// that holds no seat).
///
/// # Errors
/// 403 for a token of no seat.
pub fn viewer(game: &LiveGame, headers: &HeaderMap, query: &TokenQuery, me: &Me) -> Result<Option<Seat>, ApiError> {
    match token_of(headers, query) {
        Some(_) => seat_of(game, headers, query, me).map(Some),
        None => Ok(seat_of(game, headers, query, me).ok()),
    }
}

/// Refuses a client that already has as many games not over as a client may have, or that
/// created as many games as it may this hour.
async fn room_for_a_game(server: &Server, client: &str) -> Result<(), ApiError> {
    if !server.creates.allow(client) {
        return Err(ApiError::new(
            429,
            "too-many-games",
            format!("games created: {}", server.creates.words()),
        ));
    }
    if server.store.open_games_of(client).await.map_err(ApiError::storage)? >= server.config.games_per_client {
        return Err(ApiError::new(
            429,
            "too-many-games",
            format!("at most {} games not over per client", server.config.games_per_client),
        ));
    }
    Ok(())
}

/// `POST /api/games`: a new game; the creator's seats' tokens and the open seats' join codes,
/// each given this once.
///
/// # Errors
/// [`ApiError`] for a game, seat list, clock or position that does not fit, or too many games.
#[utoipa::path(post, path = "/api/games", request_body = crate::wire::CreateGame, responses((status = 201, description = "the new game; tokens and join codes are given this once", body = crate::wire::Created), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn create(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    me: Me,
    Body(req): Body<CreateGame>,
) -> Result<Response, ApiError> {
    room_for_a_game(&server, &client).await?;
    let mut origin = None;
    let kind = match (&req.game, &req.variant, &req.studio) {
        (Some(name), None, None) => catalog::builtin(name).ok_or_else(|| {
            ApiError::bad(
                "unknown-game",
                format!("no game \"{}\" (see /api/variants)", messhall_rules::echo(name)),
            )
        })?,
        (None, Some(file), None) => crate::variants::compile(&server, &client, file).await?,
        (None, None, Some(which)) => {
            let (kind, from) = crate::studio::game_of(&server, &client, &me, which).await?;
            origin = Some(from);
            kind
        }
        _ => {
            return Err(ApiError::bad(
                "bad-game",
                "give one of game (a built-in's name), variant (a file) or studio (a published variant's version)",
            ));
        }
    };
    if req.fen.as_ref().is_some_and(|f| f.len() > limits::FEN_BYTES) {
        return Err(ApiError::bad(
            "bad-fen",
            format!("a FEN is at most {} bytes", limits::FEN_BYTES),
        ));
    }
    let n = req.seats.len();
    let fits = match kind {
        GameKind::Chess(_) => n == 2,
        GameKind::Cafeteria => (2..=4).contains(&n),
    };
    if !fits {
        return Err(ApiError::bad(
            "bad-seats",
            "a chess game has 2 seats, the cafeteria game 2 to 4",
        ));
    }
    let mut seats = Vec::new();
    let mut tokens = Vec::new();
    let mut joins = Vec::new();
    let player_id = me.id().map(str::to_string);
    let player_name = me.player.as_ref().map_or("", |p| p.name.as_str());
    for (i, s) in req.seats.iter().enumerate() {
        let text = s.player.trim();
        let state = match text {
            "me" | "open" => {
                let secret = new_secret()?;
                let me = text == "me";
                let seat = Seat(i as u8);
                if me {
                    tokens.push(SeatToken {
                        seat,
                        token: secret.clone(),
                    });
                } else {
                    joins.push(JoinCode {
                        seat,
                        code: secret.clone(),
                    });
                }
                let hash = Some(crate::token::hash(&secret));
                SeatState {
                    kind: if me { SeatKind::Human } else { SeatKind::Open },
                    player: "human".into(),
                    name: checked_name(s.name.as_deref(), if me { player_name } else { "" })?,
                    token_hash: if me { hash.clone() } else { None },
                    join_hash: if me { None } else { hash },
                    player_id: if me { player_id.clone() } else { None },
                }
            }
            spec_text => {
                let spec = PlayerSpec::parse(spec_text).map_err(|e| ApiError::bad("bad-player", e.to_string()))?;
                if spec == PlayerSpec::Human {
                    return Err(ApiError::bad("bad-player", "a person's seat is me or open"));
                }
                // Made once here to refuse a player that cannot play this game; each move's
                // player is made afresh by the worker that thinks it.
                spec.make(&kind, 0, 1)
                    .map_err(|e| ApiError::bad("bad-player", e.to_string()))?;
                SeatState {
                    kind: SeatKind::Computer,
                    player: spec.to_string(),
                    name: checked_name(s.name.as_deref(), &spec.display_name())?,
                    token_hash: None,
                    join_hash: None,
                    player_id: None,
                }
            }
        };
        seats.push(state);
    }
    let setup = TableSetup {
        fen: req.fen.clone(),
        seed: None,
        clock: checked_clock(req.clock)?,
        cafeteria: matches!(kind, GameKind::Cafeteria).then(|| messhall_cafeteria::Setup::new(n as u8, &req.options)),
        players: seats.iter().map(|s| s.name.clone()).collect(),
    };
    if !req.options.is_empty() && !matches!(kind, GameKind::Cafeteria) {
        return Err(ApiError::bad("bad-options", "options are the cafeteria game's"));
    }
    let id = crate::token::game_id().map_err(ApiError::storage)?;
    let origin = origin.as_ref().map(|(v, h)| (v.as_str(), h.as_str()));
    let shared = open_game(&server, &client, &id, kind, &setup, seats, req.listed, origin).await?;
    let game = shared.lock().await;
    let state = crate::view::state(&game, tokens.first().map(|t| t.seat));
    let body = Created {
        id,
        tokens,
        joins,
        state,
    };
    Ok((axum::http::StatusCode::CREATED, axum::Json(body)).into_response())
}

/// A time control that fits ([`crate::wire::TimeControl::spec`]).
///
/// # Errors
/// 400 `bad-clock`.
pub fn checked_clock(clock: Option<crate::wire::TimeControl>) -> Result<Option<messhall_records::ClockSpec>, ApiError> {
    clock
        .map(|c| c.spec())
        .transpose()
        .map_err(|e| ApiError::bad("bad-clock", e))
}

/// Makes, stores and starts the game `id` (its computer seats' turns scheduled), recording the
/// published variant and version it is made from (`origin`).
///
/// # Errors
/// 400 `bad-setup` for a setup the game refuses; the store's refusals.
#[allow(clippy::too_many_arguments)]
pub async fn open_game(
    server: &Arc<Server>,
    client: &str,
    id: &str,
    kind: GameKind,
    setup: &TableSetup,
    seats: Vec<SeatState>,
    listed: bool,
    origin: Option<(&str, &str)>,
) -> Result<crate::state::Shared, ApiError> {
    let table = Table::new(kind, setup).map_err(|e| ApiError::bad("bad-setup", e.to_string()))?;
    let mut game = LiveGame::new(id.to_string(), table, seats, now_ms());
    game.listed = listed;
    store_new(server, &game, client, listed, origin).await?;
    let shared = server.insert(game).await;
    server.schedule(&shared);
    Ok(shared)
}

/// Stores a new game (its record's setup and its seats).
async fn store_new(
    server: &Server,
    game: &LiveGame,
    client: &str,
    listed: bool,
    origin: Option<(&str, &str)>,
) -> Result<(), ApiError> {
    let mut header = game.table.record();
    header.actions.clear();
    header.result = None;
    header.draws.clear();
    let row = GameRow {
        id: game.id.clone(),
        game: game.table.kind().name().to_string(),
        setup: header.to_json_line(),
        status: game.status().name().to_string(),
        result: None,
        created_ms: game.created_ms,
        updated_ms: game.created_ms,
        listed,
    };
    let seats: Vec<SeatRow> = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatRow {
            seat: i as i64,
            kind: s.kind.name().into(),
            player: s.player.clone(),
            name: s.name.clone(),
            token_hash: s.token_hash.clone(),
            join_hash: s.join_hash.clone(),
            player_id: s.player_id.clone(),
        })
        .collect();
    server
        .store
        .create_game(
            &row,
            client,
            &seats,
            server.config.games_per_client,
            game.computer_to_act().map(|s| i64::from(s.0)),
            origin,
        )
        .await
        .map_err(|e| match e {
            StoreError::TooManyGames(limit) => ApiError::new(
                429,
                "too-many-games",
                format!("at most {limit} games not over per client"),
            ),
            e => ApiError::storage(e),
        })
}

/// `GET /api/games/{id}`: the game as a seat (with its token) or a spectator sees it.
///
/// # Errors
/// 404 for no such game; 403 for a token of no seat.
#[utoipa::path(get, path = "/api/games/{id}", params(("id" = String, Path, description = "the game's id"), crate::wire::TokenQuery), responses((status = 200, description = "the game as this seat (or a spectator) sees it", body = crate::wire::GameState), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn state(
    State(server): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    me: Me,
    Query(q): Query<TokenQuery>,
) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let game = server.read(&shared).await;
    let viewer = viewer(&game, &headers, &q, &me)?;
    Ok(axum::Json(crate::view::state(&game, viewer)).into_response())
}

/// The open seat a join takes: the one `code` opens, or in a listed game without a code the
/// seat asked for or the first open one (never a second seat of the same player).
fn seat_to_join(game: &LiveGame, code: Option<&str>, seat: Option<Seat>, me: &Me) -> Result<usize, ApiError> {
    let open = |s: &SeatState| s.kind == SeatKind::Open;
    if let Some(code) = code {
        return game
            .seats
            .iter()
            .position(|s| open(s) && s.join_hash.as_deref().is_some_and(|h| crate::token::matches(code, h)))
            .ok_or_else(|| ApiError::forbidden("the code opens no open seat of this game"));
    }
    if !game.listed {
        return Err(ApiError::forbidden(
            "this game's seats are taken by invitation: ask for its join link",
        ));
    }
    if let Some(id) = me.id()
        && game.seats.iter().any(|s| s.player_id.as_deref() == Some(id))
    {
        return Err(ApiError::conflict("seated", "you hold a seat of this game already"));
    }
    match seat {
        Some(seat) => match game.seats.get(seat.index()) {
            Some(s) if open(s) => Ok(seat.index()),
            Some(_) => Err(ApiError::conflict("seat-taken", format!("seat {} is taken", seat.0))),
            None => Err(ApiError::bad(
                "bad-seat",
                format!("the game has {} seats", game.seats.len()),
            )),
        },
        None => game
            .seats
            .iter()
            .position(open)
            .ok_or_else(|| ApiError::conflict("no-open-seat", "every seat of this game is taken")),
    }
}

/// `GET /api/games/{id}/join`: what a join would take (the seat the code opens, or a listed
/// game's first open seat) and the game as a spectator sees it, before joining.
///
/// # Errors
/// As the join: 403 for a code of no open seat (used, or not this game's) or a game that is
/// not listed; 409 when every seat is taken.
#[utoipa::path(get, path = "/api/games/{id}/join", operation_id = "invitation", params(("id" = String, Path, description = "the game's id"), crate::wire::InvitationQuery), responses((status = 200, description = "the seat a join would take and the game", body = crate::wire::Invitation), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn invitation(
    State(server): App,
    Path(id): Path<String>,
    me: Me,
    Query(q): Query<crate::wire::InvitationQuery>,
) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let game = server.read(&shared).await;
    let seat = Seat(seat_to_join(&game, q.code.as_deref(), None, &me)? as u8);
    Ok(axum::Json(crate::wire::Invitation {
        seat,
        state: crate::view::state(&game, None),
    })
    .into_response())
}

/// `POST /api/games/{id}/join`: takes an open seat with its join code (once), or in a listed
/// game without one; the seat's token.
///
/// # Errors
/// 403 for a code of no open seat, or no code in a game that is not listed; 409 when the seat
/// is taken or the player holds one already.
#[utoipa::path(post, path = "/api/games/{id}/join", params(("id" = String, Path, description = "the game's id")), request_body = crate::wire::JoinRequest, responses((status = 200, description = "the seat taken and its token", body = crate::wire::Joined), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn join(
    State(server): App,
    Path(id): Path<String>,
    me: Me,
    Body(req): Body<JoinRequest>,
) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let name = checked_name(req.name.as_deref(), me.player.as_ref().map_or("", |p| p.name.as_str()))?;
    let (gate, game) = server.write(&shared).await?;
    let seat = seat_to_join(&game, req.code.as_deref(), req.seat, &me)?;
    let token = new_secret()?;
    let row = SeatRow {
        seat: seat as i64,
        kind: "human".into(),
        player: "human".into(),
        name: name.clone(),
        token_hash: Some(crate::token::hash(&token)),
        join_hash: game.seats[seat].join_hash.clone(),
        player_id: me.id().map(str::to_string),
    };
    let seat = Seat(seat as u8);
    let entry = Entry::Join { seat, name };
    let mut game = server
        .commit_shared(&gate, &shared, game, entry, None, Some(row.clone()))
        .await?;
    let slot = &mut game.seats[seat.index()];
    slot.token_hash = row.token_hash;
    slot.join_hash = None;
    slot.player_id = row.player_id;
    let body = Joined {
        seat,
        token,
        state: crate::view::state(&game, Some(seat)),
    };
    drop(game);
    drop(gate);
    server.schedule(&shared);
    Ok(axum::Json(body).into_response())
}

/// `POST /api/games/{id}/act`.
///
/// # Errors
/// 401/403 without the seat's token; 409 out of turn, for a stale ply or a finished game; 400
/// for an action that is not legal.
#[utoipa::path(post, path = "/api/games/{id}/act", params(("id" = String, Path, description = "the game's id"), crate::wire::TokenQuery), request_body = crate::wire::ActRequest, responses((status = 200, description = "the game after it", body = crate::wire::GameState), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn act(
    State(server): App,
    Path(id): Path<String>,
    headers: HeaderMap,
    me: Me,
    Query(q): Query<TokenQuery>,
    Body(req): Body<ActRequest>,
) -> Result<Response, ApiError> {
    let arrived = Instant::now();
    if req.action.len() > limits::ACTION_BYTES {
        return Err(ApiError::bad(
            "bad-action",
            format!("an action is at most {} bytes", limits::ACTION_BYTES),
        ));
    }
    let shared = server.game(&id).await?;
    let (gate, game) = server.write(&shared).await?;
    let seat = seat_of(&game, &headers, &q, &me)?;
    // A request made on an older game is stale, whatever else it is: its client reads again.
    crate::state::at_ply(&game, req.ply)?;
    if game.table.result().is_some() {
        return Err(ApiError::conflict("game-over", "the game is over"));
    }
    if game.table.turn().seat() != Some(seat) {
        return Err(ApiError::conflict(
            "not-your-turn",
            format!("it is not seat {}'s turn", seat.0),
        ));
    }
    let action = game
        .table
        .parse_action(&req.action)
        .map_err(|e| ApiError::bad("illegal", e.to_string()))?;
    let entry = Entry::Act { seat, action };
    let game = server
        .commit_shared(&gate, &shared, game, entry, Some(req.ply), None)
        .await?;
    crate::metrics::act_acknowledged(arrived.elapsed());
    let body = crate::view::state(&game, Some(seat));
    drop(game);
    drop(gate);
    server.schedule(&shared);
    Ok(axum::Json(body).into_response())
}

/// The requests that are one entry by the seat of the token: resign, draws, take-backs.
async fn by_seat(
    server: Arc<Server>,
    id: String,
    headers: HeaderMap,
    me: Me,
    q: TokenQuery,
    make: fn(Seat) -> Entry,
) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let (gate, game) = server.write(&shared).await?;
    let seat = seat_of(&game, &headers, &q, &me)?;
    let game = server
        .commit_shared(&gate, &shared, game, make(seat), None, None)
        .await?;
    let body = crate::view::state(&game, Some(seat));
    drop(game);
    drop(gate);
    server.schedule(&shared);
    Ok(axum::Json(body).into_response())
}

macro_rules! seat_request {
    ($(#[$doc:meta])* $name:ident, $path:literal, $handler:ident($($arg:expr),*)) => {
        $(#[$doc])*
        ///
        /// # Errors
        /// 401/403 without the seat's token; 409 when the game's state does not allow it.
        #[utoipa::path(post, path = $path, params(("id" = String, Path, description = "the game's id"), crate::wire::TokenQuery),
            responses((status = 200, description = "the game after it", body = crate::wire::GameState), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
        pub async fn $name(State(server): App, Path(id): Path<String>, headers: HeaderMap, me: Me, Query(q): Query<TokenQuery>) -> Result<Response, ApiError> {
            $handler(server, id, headers, me, q, $($arg),*).await
        }
    };
}

seat_request!(
    /// `POST /api/games/{id}/resign`.
    resign, "/api/games/{id}/resign", by_seat(|seat| Entry::Resign { seat })
);
seat_request!(
    /// `POST /api/games/{id}/draw/offer`.
    draw_offer, "/api/games/{id}/draw/offer", by_seat(|seat| Entry::DrawOffer { seat })
);
seat_request!(
    /// `POST /api/games/{id}/draw/accept`: agreeing to a draw is offering one too.
    draw_accept, "/api/games/{id}/draw/accept", by_seat(|seat| Entry::DrawOffer { seat })
);
seat_request!(
    /// `POST /api/games/{id}/draw/decline`.
    draw_decline, "/api/games/{id}/draw/decline", by_seat(|seat| Entry::DrawDecline { seat })
);
seat_request!(
    /// `POST /api/games/{id}/takeback/request` (granted at once against the computer).
    takeback_request, "/api/games/{id}/takeback/request", by_seat(|seat| Entry::TakebackRequest { seat })
);
seat_request!(
    /// `POST /api/games/{id}/takeback/accept`.
    takeback_accept, "/api/games/{id}/takeback/accept", by_seat(|seat| Entry::TakebackAccept { seat })
);
seat_request!(
    /// `POST /api/games/{id}/takeback/decline`.
    takeback_decline, "/api/games/{id}/takeback/decline", by_seat(|seat| Entry::TakebackDecline { seat })
);

/// A claim of the win or (`drawn`) a draw from the seat to move, gone too long: refused unless
/// the seat of the token is another seat of a timed game whose seat to move has been gone
/// [`crate::Config::claim_after`] of its move, its presence read again from the database.
async fn claim(
    server: Arc<Server>,
    id: String,
    headers: HeaderMap,
    me: Me,
    q: TokenQuery,
    drawn: bool,
) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    server.refresh_presence(&shared).await.map_err(ApiError::storage)?;
    let (gate, game) = server.write(&shared).await?;
    let seat = seat_of(&game, &headers, &q, &me)?;
    if game.table.result().is_some() {
        return Err(ApiError::conflict("game-over", "the game is over"));
    }
    server.claim_allowed(&game, seat)?;
    let game = server
        .commit_shared(&gate, &shared, game, Entry::Claim { seat, drawn }, None, None)
        .await?;
    let body = crate::view::state(&game, Some(seat));
    drop(game);
    drop(gate);
    Ok(axum::Json(body).into_response())
}

seat_request!(
    /// `POST /api/games/{id}/claim/win`: the win, from a seat to move gone too long (a timed
    /// game): 409 `untimed`, `your-move`, `opponent-here`, `too-soon`, `computer-seat`,
    /// `game-over`.
    claim_win, "/api/games/{id}/claim/win", claim(false)
);
seat_request!(
    /// `POST /api/games/{id}/claim/draw`: a draw, from a seat to move gone too long (a timed
    /// game): refused as `claim/win`.
    claim_draw, "/api/games/{id}/claim/draw", claim(true)
);

/// `GET /api/games`: the listed games, newest first (a game created without `listed` is found
/// only by its link, and not here).
///
/// # Errors
/// 400 for an unknown status or a long name.
#[utoipa::path(get, path = "/api/games", operation_id = "list_games", params(crate::wire::ListQuery), responses((status = 200, description = "the listed games, newest first", body = crate::wire::GameList), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn list(State(server): App, Query(q): Query<ListQuery>) -> Result<Response, ApiError> {
    // `finished` is another word for `over`.
    let status = q.status.as_deref().map(|s| if s == "finished" { "over" } else { s });
    if let Some(s) = status
        && !["ongoing", "waiting", "playing", "over"].contains(&s)
    {
        return Err(ApiError::bad(
            "bad-status",
            "status is ongoing, waiting, playing, over or finished",
        ));
    }
    let player = q.player.as_deref().map(|p| checked_name(Some(p), "")).transpose()?;
    let limit = q.limit.unwrap_or(50).clamp(1, 200);
    let rows = server
        .store
        .list(status, player.as_deref(), limit)
        .await
        .map_err(ApiError::storage)?;
    let games = rows.into_iter().filter_map(|(g, seats)| summary(g, &seats)).collect();
    Ok(axum::Json(GameList { games }).into_response())
}

/// A stored game as lists show it; `None` for a row this server did not write (left out of a
/// list, not sent half-read).
pub fn summary(g: GameRow, seats: &[SeatRow]) -> Option<GameSummary> {
    let Some(status) = Status::from_name(&g.status) else {
        tracing::warn!(game = %g.id, status = %g.status, "unknown stored status");
        return None;
    };
    let seats = seats
        .iter()
        .filter_map(|s| {
            Some(SeatView {
                seat: Seat(u8::try_from(s.seat).ok()?),
                kind: SeatKind::from_name(&s.kind)?,
                player: s.player.clone(),
                name: s.name.clone(),
                player_id: s.player_id.clone(),
            })
        })
        .collect();
    Some(GameSummary {
        id: g.id,
        game: g.game,
        status,
        result: g.result.and_then(|r| serde_json::from_str(&r).ok()),
        seats,
        created_ms: g.created_ms,
        updated_ms: g.updated_ms,
    })
}

/// `GET /api/games/{id}/record`: the game's record, JSON (once it is over: it holds the seed).
///
/// # Errors
/// 409 while the game goes on.
#[utoipa::path(get, path = "/api/games/{id}/record", params(("id" = String, Path, description = "the game's id")), responses((status = 200, description = "the record (once over)", body = serde_json::Value), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn record(State(server): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let game = server.read(&shared).await;
    if game.table.result().is_none() {
        return Err(ApiError::conflict(
            "not-over",
            "a record holds the seed: it is given once the game is over",
        ));
    }
    Ok(axum::Json(game.table.record()).into_response())
}

/// `GET /api/games/{id}/pgn`: a chess game's PGN (once it is over).
///
/// # Errors
/// 409 while the game goes on; 400 for the cafeteria game.
#[utoipa::path(get, path = "/api/games/{id}/pgn", params(("id" = String, Path, description = "the game's id")), responses((status = 200, description = "the PGN (once over)", body = String, content_type = "application/x-chess-pgn"), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn pgn(
    State(server): App,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ApiError> {
    let shared = server.game(&id).await?;
    let game = server.read(&shared).await;
    if game.table.chess().is_none() {
        return Err(ApiError::bad(
            "not-chess",
            "PGN is for the chess games; the cafeteria game has its record",
        ));
    }
    if game.table.result().is_none() {
        return Err(ApiError::conflict(
            "not-over",
            "a PGN holds the seed: it is given once the game is over",
        ));
    }
    let host = headers.get(axum::http::header::HOST).and_then(|h| h.to_str().ok());
    let mut record = game.table.record();
    record.players = crate::pgn_tags::players(&game);
    let text =
        pgn::write(&record, &crate::pgn_tags::header(&game, host)).map_err(|e| ApiError::bad("pgn", e.to_string()))?;
    Ok(([(axum::http::header::CONTENT_TYPE, "application/x-chess-pgn")], text).into_response())
}

/// `POST /api/games/import`: a game from a record or PGN, every action checked again; the
/// importer holds every seat (their tokens are given once), so an unfinished game goes on.
///
/// # Errors
/// 400 for a record or PGN that does not replay.
#[utoipa::path(post, path = "/api/games/import", request_body = crate::wire::ImportRequest, responses((status = 201, description = "the imported game; every seat's token, given once", body = crate::wire::Imported), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn import(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    me: Me,
    Body(req): Body<ImportRequest>,
) -> Result<Response, ApiError> {
    room_for_a_game(&server, &client).await?;
    let record = match (req.record, req.pgn) {
        (Some(value), None) => {
            Record::from_json(&value.to_string()).map_err(|e| ApiError::bad("bad-record", e.to_string()))?
        }
        (None, Some(text)) => {
            let mut games = crate::variants::untrusted(limits::IMPORT_MS, move || {
                pgn::read(&text).map_err(|e| ApiError::bad("bad-pgn", e.to_string()))
            })
            .await?;
            if games.is_empty() {
                return Err(ApiError::bad("bad-pgn", "the text holds no game"));
            }
            games.swap_remove(0).record
        }
        _ => return Err(ApiError::bad("bad-import", "give either record or pgn")),
    };
    let full = record.clone();
    let table = crate::variants::untrusted(limits::IMPORT_MS, move || {
        let bad = |e: &dyn std::fmt::Display| ApiError::bad("bad-record", e.to_string());
        let kind = catalog::from_source(&full.game).map_err(|e| bad(&e))?;
        crate::variants::affordable(&kind)?;
        Table::replay(&full).map_err(|e| bad(&e))
    })
    .await?;
    let mut header = record.clone();
    header.actions.clear();
    header.result = None;
    header.draws.clear();
    let clock = header.clock.take();
    let start = Table::replay(&header).map_err(|e| ApiError::bad("bad-record", e.to_string()))?;
    let mut seats = Vec::new();
    let mut tokens = Vec::new();
    for i in 0..start.seats() {
        let secret = new_secret()?;
        tokens.push(SeatToken {
            seat: Seat(i as u8),
            token: secret.clone(),
        });
        let name = req.names.get(i).or(record.players.get(i)).map_or("", String::as_str);
        seats.push(SeatState {
            kind: SeatKind::Human,
            player: "human".into(),
            name: checked_name(Some(&name.chars().take(limits::NAME_CHARS).collect::<String>()), "")?,
            token_hash: Some(crate::token::hash(&secret)),
            join_hash: None,
            player_id: me.id().map(str::to_string),
        });
    }
    let id = crate::token::game_id().map_err(ApiError::storage)?;
    let mut game = LiveGame::new(id.clone(), start, seats.clone(), now_ms());
    let mut entries: Vec<Entry> = table
        .actions()
        .iter()
        .map(|(seat, action)| match action {
            messhall_table::Action::Resign => Entry::Resign { seat: *seat },
            a => Entry::Act {
                seat: *seat,
                action: a.clone(),
            },
        })
        .collect();
    match table.result().map(|r| &r.ending) {
        Some(messhall_records::Ending::Agreed) => {
            entries.extend((0..seats.len()).map(|i| Entry::DrawOffer { seat: Seat(i as u8) }))
        }
        Some(messhall_records::Ending::Flagged { seat }) => entries.push(Entry::Flag { seat: *seat }),
        Some(messhall_records::Ending::Abandoned { seat, drawn: false }) => {
            entries.push(Entry::Abandon { seat: *seat })
        }
        Some(messhall_records::Ending::Abandoned { seat, drawn: true }) => entries.push(Entry::Claim {
            // Any other seat claimed the draw.
            seat: Seat(((seat.index() + 1) % seats.len().max(1)) as u8),
            drawn: true,
        }),
        Some(messhall_records::Ending::MoveLimit) => {
            return Err(ApiError::bad(
                "bad-import",
                "a game a match stopped at its move limit is not imported",
            ));
        }
        _ => {}
    }
    if let Some(spec) = clock {
        // The clock of an imported game starts full.
        game.table
            .set_clock(messhall_table::GameClock::new(spec, seats.len()), Instant::now());
    }
    // An imported game is found by its link only.
    store_new(&server, &game, &client, false, None).await?;
    for entry in entries {
        server.commit(&mut game, entry, None, None).await?;
    }
    let shared = server.insert(game).await;
    let game = shared.lock().await;
    let body = Imported {
        id,
        tokens,
        state: crate::view::state(&game, None),
    };
    Ok((axum::http::StatusCode::CREATED, axum::Json(body)).into_response())
}
