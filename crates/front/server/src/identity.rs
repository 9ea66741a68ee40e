//! Who a browser is: the session cookie it was given names a player, anonymous until it takes an
//! account. The cookie holds a 256-bit secret; the database keeps only its SHA-256, so a copy of
//! the database opens no session.
//!
//! Cookie-authenticated writes are guarded against other sites: the cookie is `SameSite=Lax`
//! (a cross-site POST does not carry it), [`same_origin`] refuses a write or a WebSocket whose
//! `Origin` is another site's, and bodies are JSON only (a form cannot send one).

use crate::error::ApiError;
use crate::state::Server;
use crate::store::PlayerRow;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The session cookie's name.
pub const COOKIE: &str = "messhall_session";

/// How long a session cookie is kept by the browser: a year (renewed when it logs in again).
const COOKIE_SECONDS: u64 = 365 * 24 * 3600;

/// The player of the request's session, if it has one ([`Me::player`]); a request without
/// the cookie, or with one of an ended session, has none.
#[derive(Clone, Debug, Default)]
pub struct Me {
    /// The player.
    pub player: Option<PlayerRow>,
    /// The stored form of the session's secret.
    pub session_hash: Option<String>,
}

impl Me {
    /// The player, or 401 for a request without a session.
    ///
    /// # Errors
    /// 401 `no-session`.
    pub fn need(&self) -> Result<&PlayerRow, ApiError> {
        self.player.as_ref().ok_or_else(|| {
            ApiError::new(
                401,
                "no-session",
                "this needs a player: POST /api/me first (the browser keeps its session cookie)",
            )
        })
    }

    /// The player's id, if any.
    pub fn id(&self) -> Option<&str> {
        self.player.as_ref().map(|p| p.id.as_str())
    }
}

impl FromRequestParts<Arc<Server>> for Me {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<Me, ApiError> {
        let Some(secret) = session_secret(&parts.headers)? else {
            return Ok(Me::default());
        };
        let hash = crate::token::hash(&secret);
        let player = server.store.session_player(&hash).await.map_err(ApiError::storage)?;
        Ok(Me {
            session_hash: player.as_ref().map(|_| hash),
            player,
        })
    }
}

/// The secret of the request's session cookie, if it sent one.
///
/// # Errors
/// 400 `bad-cookie` for a session cookie that is not 64 hex digits.
pub fn session_secret(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let mut found = None;
    for value in headers.get_all(header::COOKIE) {
        let Ok(text) = value.to_str() else { continue };
        for pair in text.split(';') {
            if let Some((name, value)) = pair.trim().split_once('=')
                && name.trim() == COOKIE
            {
                found = Some(value.trim().trim_matches('"').to_string());
            }
        }
    }
    match found {
        None => Ok(None),
        Some(v) if v.len() == 64 && v.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) => Ok(Some(v)),
        Some(_) => Err(ApiError::bad(
            "bad-cookie",
            format!("the {COOKIE} cookie is 64 hex digits: clear it, or POST /api/logout"),
        )),
    }
}

/// The `Set-Cookie` value that gives a browser the session `secret` (`Secure` when the request
/// came over HTTPS, as its `Origin` or a trusted proxy's `X-Forwarded-Proto` says).
pub fn set_cookie(secret: &str, headers: &HeaderMap) -> HeaderValue {
    cookie_value(&format!("{COOKIE}={secret}; Max-Age={COOKIE_SECONDS}"), headers)
}

/// The `Set-Cookie` value that makes a browser forget its session.
pub fn clear_cookie(headers: &HeaderMap) -> HeaderValue {
    cookie_value(&format!("{COOKIE}=; Max-Age=0"), headers)
}

fn cookie_value(start: &str, headers: &HeaderMap) -> HeaderValue {
    let https = headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|o| o.starts_with("https://"))
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|p| p.eq_ignore_ascii_case("https"));
    let secure = if https { "; Secure" } else { "" };
    // The value is ours (hex digits and fixed words): always a valid header.
    HeaderValue::from_str(&format!("{start}; Path=/; HttpOnly; SameSite=Lax{secure}"))
        .unwrap_or_else(|_| HeaderValue::from_static("messhall_session=; Max-Age=0"))
}

/// Refuses a request that carries the session cookie and could come from another site: a write
/// (any method but GET, HEAD and OPTIONS) or a WebSocket's handshake whose `Origin` is not this
/// server's own (`Host`), or that the browser marks `Sec-Fetch-Site: cross-site`. A request
/// without the cookie (a script with a seat's token) is not the browser's to forge.
pub async fn same_origin(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let headers = request.headers();
    let writes = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        || headers.contains_key(header::UPGRADE);
    if writes && carries_session(headers) && from_elsewhere(headers) {
        return ApiError::forbidden("a request with this site's session cookie must come from this site (Origin)")
            .into_response();
    }
    next.run(request).await
}

fn carries_session(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.split(';').any(|p| p.trim().starts_with(&format!("{COOKIE}="))))
}

/// Whether the browser says the request comes from a page of another origin.
fn from_elsewhere(headers: &HeaderMap) -> bool {
    if headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|s| s.eq_ignore_ascii_case("cross-site"))
    {
        return true;
    }
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let authority = origin.split_once("://").map(|(_, a)| a);
    match (authority, host) {
        (Some(a), Some(h)) => !a.eq_ignore_ascii_case(h.trim()),
        // `Origin: null` (a sandboxed frame, a file) or no Host: not this site.
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::test_headers as headers;

    #[test]
    fn the_session_cookie_is_found_among_others_and_a_bad_one_is_named() {
        let s = "ab".repeat(32);
        let h = headers(&[("cookie", &format!("theme=dark; {COOKIE}={s}; x=1"))]);
        assert_eq!(session_secret(&h).unwrap(), Some(s));
        assert_eq!(session_secret(&headers(&[("cookie", "theme=dark")])).unwrap(), None);
        let bad = session_secret(&headers(&[("cookie", &format!("{COOKIE}=<script>"))])).unwrap_err();
        assert_eq!(bad.code, "bad-cookie");
    }

    #[test]
    fn another_sites_origin_is_refused_and_this_ones_passes() {
        let here = [("host", "play.example:8080")];
        assert!(!from_elsewhere(&headers(&[
            here[0],
            ("origin", "http://play.example:8080")
        ])));
        assert!(from_elsewhere(&headers(&[here[0], ("origin", "http://evil.example")])));
        assert!(from_elsewhere(&headers(&[
            here[0],
            ("origin", "http://play.example:9090")
        ])));
        assert!(from_elsewhere(&headers(&[here[0], ("origin", "null")])));
        assert!(from_elsewhere(&headers(&[here[0], ("sec-fetch-site", "cross-site")])));
        // No Origin: not a browser's cross-site request.
        assert!(!from_elsewhere(&headers(&[here[0]])));
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_secure_over_https() {
        let plain = set_cookie("00", &HeaderMap::new());
        let text = plain.to_str().unwrap();
        assert!(text.contains("HttpOnly") && text.contains("SameSite=Lax") && !text.contains("Secure"));
        let tls = set_cookie("00", &headers(&[("origin", "https://play.example")]));
        assert!(tls.to_str().unwrap().contains("; Secure"));
    }
}
