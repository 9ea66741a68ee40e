//! Players, sessions and accounts over HTTP: a browser's first `POST /api/me` makes it an
//! anonymous player; `POST /api/accounts` gives that player a login name and password (hashed
//! with argon2id), `POST /api/login` opens a session of an account from any browser.
//!
//! Logins are limited per client and per login name, and password hashing (tens of
//! milliseconds of memory-hard work) runs off the request threads, a few at a time.

use crate::api::{App, Body};
use crate::error::ApiError;
use crate::identity::{Me, clear_cookie, set_cookie};
use crate::rate::Rate;
use crate::store::PlayerRow;
use crate::wire::{Credentials, MeView, PlayerView, RenameRequest};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::time::Duration;

/// The fewest and most characters of a password.
const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=128;

/// The fewest and most characters of a login name.
const ACCOUNT_CHARS: std::ops::RangeInclusive<usize> = 3..=20;

/// Password hashes worked out at once: each takes about 19 MiB and a core for tens of ms.
const HASHING_AT_ONCE: usize = 2;

/// The limits on making players and trying passwords.
#[derive(Debug)]
pub struct Guards {
    /// Anonymous players made per client.
    sessions: Rate,
    /// Logins and registrations tried per client.
    logins: Rate,
    /// Logins tried per login name, from anywhere: guessing one account's password from many
    /// addresses is as slow as from one.
    login_names: Rate,
    hashing: tokio::sync::Semaphore,
}

impl Guards {
    /// The limits of `config`.
    pub fn new(config: &crate::Config) -> Guards {
        Guards {
            sessions: Rate::new(config.players_per_client_hour, Duration::from_secs(3600)),
            logins: Rate::new(config.logins_per_client_minute, Duration::from_secs(60)),
            login_names: Rate::new(config.logins_per_client_minute, Duration::from_secs(60)),
            hashing: tokio::sync::Semaphore::new(HASHING_AT_ONCE),
        }
    }
}

/// A player as everyone sees it.
pub fn view(p: &PlayerRow) -> PlayerView {
    PlayerView {
        id: p.id.clone(),
        name: p.name.clone(),
        account: p.account.is_some(),
        created_ms: p.created_ms,
    }
}

fn with_cookie(status: StatusCode, cookie: axum::http::HeaderValue, body: impl serde::Serialize) -> Response {
    (status, [(header::SET_COOKIE, cookie)], axum::Json(body)).into_response()
}

/// `GET /api/me`: the player of this browser's session, if any.
///
/// # Errors
/// 400 for a malformed session cookie.
#[utoipa::path(get, path = "/api/me", operation_id = "get_me", responses((status = 200, description = "this browser's player, if it has one", body = crate::wire::MeView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn me(me: Me) -> Result<Response, ApiError> {
    Ok(axum::Json(MeView {
        player: me.player.as_ref().map(view),
    })
    .into_response())
}

/// `POST /api/me`: makes this browser an anonymous player (its session cookie set), or answers
/// the one it is.
///
/// # Errors
/// 429 when the client made as many players as it may this hour.
#[utoipa::path(post, path = "/api/me", operation_id = "start_player", responses((status = 200, description = "this browser's player, as it was", body = crate::wire::MeView), (status = 201, description = "a new anonymous player; the session cookie is set", body = crate::wire::MeView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn start(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    headers: HeaderMap,
    me: Me,
) -> Result<Response, ApiError> {
    if let Some(player) = &me.player {
        return Ok(axum::Json(MeView {
            player: Some(view(player)),
        })
        .into_response());
    }
    if !server.accounts.sessions.allow(&client) {
        return Err(ApiError::new(
            429,
            "too-many-players",
            format!("new players: {}", server.accounts.sessions.words()),
        ));
    }
    let (player, secret) = new_player(&server).await?;
    Ok(with_cookie(
        StatusCode::CREATED,
        set_cookie(&secret, &headers),
        MeView {
            player: Some(view(&player)),
        },
    ))
}

async fn new_player(server: &crate::Server) -> Result<(PlayerRow, String), ApiError> {
    let secret = crate::token::secret().map_err(ApiError::storage)?;
    let id = crate::token::game_id().map_err(ApiError::storage)?;
    let name = crate::names::anonymous(&id);
    let player = server
        .store
        .new_player(&id, &name, &crate::token::hash(&secret))
        .await
        .map_err(ApiError::storage)?;
    Ok((player, secret))
}

/// `POST /api/me/name`: renames this browser's anonymous player (an account's name is its login
/// name).
///
/// # Errors
/// 401 without a session; 400 for a name too long or with invisible characters; 409 for an
/// account.
#[utoipa::path(post, path = "/api/me/name", request_body = crate::wire::RenameRequest, responses((status = 200, description = "the player renamed", body = crate::wire::MeView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn rename(State(server): App, me: Me, Body(req): Body<RenameRequest>) -> Result<Response, ApiError> {
    let player = me.need()?;
    let name = crate::api::checked_name(Some(&req.name), "")?;
    if name.is_empty() {
        return Err(ApiError::bad("bad-name", "a name has at least one character"));
    }
    if !server
        .store
        .rename_player(&player.id, &name)
        .await
        .map_err(ApiError::storage)?
    {
        return Err(ApiError::conflict(
            "account-name",
            "an account is known by its login name",
        ));
    }
    let mut player = player.clone();
    player.name = name;
    Ok(axum::Json(MeView {
        player: Some(view(&player)),
    })
    .into_response())
}

/// A login name's fault, if it has one.
fn account_fault(name: &str) -> Option<String> {
    let n = name.chars().count();
    let ok = ACCOUNT_CHARS.contains(&n)
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    (!ok).then(|| {
        format!(
            "a login name is {} to {} letters, digits, _ or -, starting with a letter",
            ACCOUNT_CHARS.start(),
            ACCOUNT_CHARS.end()
        )
    })
}

fn password_fault(password: &str) -> Option<String> {
    (!PASSWORD_CHARS.contains(&password.chars().count())).then(|| {
        format!(
            "a password is {} to {} characters",
            PASSWORD_CHARS.start(),
            PASSWORD_CHARS.end()
        )
    })
}

/// Works out `f` (a password hash or check) on a blocking thread, a few at a time.
async fn hashing<T: Send + 'static>(
    server: &crate::Server,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let _permit = server.accounts.hashing.acquire().await.map_err(ApiError::unavailable)?;
    tokio::task::spawn_blocking(f).await.map_err(ApiError::storage)
}

/// The argon2id hash of `password` (a PHC string with its own salt and parameters).
///
/// # Errors
/// When the operating system gives no random bytes.
pub fn hash_password(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| e.to_string())?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// Whether `password` is the one hashed as `stored`.
fn password_matches(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| {
        argon2::Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

fn limit_logins(server: &crate::Server, client: &str, account: &str) -> Result<(), ApiError> {
    if !server.accounts.logins.allow(client) {
        return Err(ApiError::new(
            429,
            "too-many-logins",
            format!("logins: {}", server.accounts.logins.words()),
        ));
    }
    if !server.accounts.login_names.allow(account) {
        return Err(ApiError::new(
            429,
            "too-many-logins",
            "too many logins to this account in the last minute: wait a minute",
        ));
    }
    Ok(())
}

/// `POST /api/accounts`: gives this browser's player (a new one if it has none) a login name
/// and password; its games and name go with it.
///
/// # Errors
/// 400 for a login name or password that does not fit; 409 for a name taken or a player that
/// has an account; 429 for too many tries.
#[utoipa::path(post, path = "/api/accounts", request_body = crate::wire::Credentials, responses((status = 201, description = "the account; the session cookie is set", body = crate::wire::MeView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn register(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    headers: HeaderMap,
    me: Me,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    if let Some(fault) = account_fault(&req.name) {
        return Err(ApiError::bad("bad-account-name", fault));
    }
    if let Some(fault) = password_fault(&req.password) {
        return Err(ApiError::bad("bad-password", fault));
    }
    let account = req.name.to_ascii_lowercase();
    limit_logins(&server, &client, &account)?;
    if me.player.as_ref().is_some_and(|p| p.account.is_some()) {
        return Err(ApiError::conflict(
            "has-account",
            "this browser's player has an account: log out to make another",
        ));
    }
    let password = req.password.clone();
    let hash = hashing(&server, move || hash_password(&password))
        .await?
        .map_err(ApiError::storage)?;
    let (mut player, secret) = match &me.player {
        Some(p) => (p.clone(), None),
        None => {
            if !server.accounts.sessions.allow(&client) {
                return Err(ApiError::new(
                    429,
                    "too-many-players",
                    format!("new players: {}", server.accounts.sessions.words()),
                ));
            }
            let (p, s) = new_player(&server).await?;
            (p, Some(s))
        }
    };
    if !server
        .store
        .register(&player.id, &account, &req.name, &hash)
        .await
        .map_err(ApiError::storage)?
    {
        return Err(ApiError::conflict(
            "account-taken",
            format!("the login name {} is taken", req.name),
        ));
    }
    player.name = req.name.clone();
    player.account = Some(account);
    let body = MeView {
        player: Some(view(&player)),
    };
    Ok(match secret {
        Some(secret) => with_cookie(StatusCode::CREATED, set_cookie(&secret, &headers), body),
        None => (StatusCode::CREATED, axum::Json(body)).into_response(),
    })
}

/// `POST /api/login`: a new session of the account, its cookie set.
///
/// # Errors
/// 403 for a name and password that do not match (the same answer for an unknown name); 429
/// for too many tries.
#[utoipa::path(post, path = "/api/login", request_body = crate::wire::Credentials, responses((status = 200, description = "logged in; the session cookie is set", body = crate::wire::MeView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn login(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    headers: HeaderMap,
    Body(req): Body<Credentials>,
) -> Result<Response, ApiError> {
    let account = req.name.to_ascii_lowercase();
    if account_fault(&req.name).is_some() || password_fault(&req.password).is_some() {
        return Err(ApiError::forbidden("no account has that login name and password"));
    }
    limit_logins(&server, &client, &account)?;
    let found = server.store.account(&account).await.map_err(ApiError::storage)?;
    let password = req.password.clone();
    // An unknown name costs the same hash as a known one, so timing does not tell them apart.
    let stored = found.as_ref().map(|(_, h)| h.clone());
    let matches = hashing(&server, move || match stored {
        Some(stored) => password_matches(&password, &stored),
        None => {
            let _ = hash_password(&password);
            false
        }
    })
    .await?;
    let Some((player, _)) = found.filter(|_| matches) else {
        return Err(ApiError::forbidden("no account has that login name and password"));
    };
    let secret = crate::token::secret().map_err(ApiError::storage)?;
    server
        .store
        .new_session(&player.id, &crate::token::hash(&secret))
        .await
        .map_err(ApiError::storage)?;
    Ok(with_cookie(
        StatusCode::OK,
        set_cookie(&secret, &headers),
        MeView {
            player: Some(view(&player)),
        },
    ))
}

/// `POST /api/logout`: ends this browser's session and clears its cookie.
///
/// # Errors
/// 500 when the database fails.
#[utoipa::path(post, path = "/api/logout", responses((status = 200, description = "logged out; the cookie is cleared", body = crate::wire::MeView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn logout(State(server): App, headers: HeaderMap, me: Me) -> Result<Response, ApiError> {
    if let Some(hash) = &me.session_hash {
        server.store.end_session(hash).await.map_err(ApiError::storage)?;
    }
    Ok(with_cookie(
        StatusCode::OK,
        clear_cookie(&headers),
        MeView { player: None },
    ))
}

/// Sets a new password for the account `name` and ends its sessions: the operator's reset,
/// from `messhall account reset-password`.
///
/// # Errors
/// A one-line reason: a bad name or password, no such account, or the database.
pub async fn reset_password(store: &crate::Store, name: &str, password: &str) -> Result<(), String> {
    if let Some(fault) = account_fault(name) {
        return Err(fault);
    }
    if let Some(fault) = password_fault(password) {
        return Err(fault);
    }
    let password = password.to_string();
    let hash = tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| e.to_string())??;
    match store.set_password(&name.to_ascii_lowercase(), &hash).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!("no account has the login name {name}")),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_stored_as_argon2id_and_checked() {
        let stored = hash_password("correct horse").unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(!stored.contains("correct horse"));
        assert!(password_matches("correct horse", &stored));
        assert!(!password_matches("correct hors", &stored));
        assert!(!password_matches("correct horse", "not a hash"));
    }

    #[test]
    fn login_names_and_passwords_are_bounded() {
        assert!(account_fault("Cy").is_some());
        assert!(account_fault("cy_2").is_none());
        assert!(account_fault("2cy").is_some());
        assert!(account_fault("a<b>c").is_some());
        assert!(account_fault(&"a".repeat(21)).is_some());
        assert!(password_fault("short").is_some());
        assert!(password_fault(&"x".repeat(129)).is_some());
        assert!(password_fault("long enough").is_none());
    }
}
