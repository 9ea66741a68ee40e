//! The browser UI: the committed bundle `web/dist`, embedded in the binary by the build script,
//! served at `/`. A path that names no file and is not under `/api/` gets `index.html`, so the
//! UI's own routes (`/game/ID`, `/rules/calorie`) load the page that draws them.
//!
//! Every file is also served at `/assets/VERSION/PATH`, VERSION naming this bundle: those
//! addresses never change their bytes, so browsers keep them for a year. `index.html` (never
//! cached) loads the bundle through them, and the bundle finds its drawings beside its script.

use crate::ApiError;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

/// Every file of `web/dist`: its path from the folder and its bytes.
pub static FILES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/web_files.rs"));

/// The bundle's version: a hash of every file, the same on every node built from the same files.
pub const VERSION: &str = include!(concat!(env!("OUT_DIR"), "/web_version.rs"));

/// How long a browser keeps a file at its versioned address.
const FOREVER: &str = "public, max-age=31536000, immutable";

/// `index.html` with its script, style and icon loaded from this version's addresses.
fn index_html() -> Option<&'static [u8]> {
    static PAGE: std::sync::OnceLock<Option<Vec<u8>>> = std::sync::OnceLock::new();
    PAGE.get_or_init(|| {
        let text = std::str::from_utf8(file("index.html")?).ok()?;
        let base = format!("=\"/assets/{VERSION}/");
        Some(
            text.replace("src=\"/", &format!("src{base}"))
                .replace("href=\"/", &format!("href{base}"))
                .into_bytes(),
        )
    })
    .as_deref()
}

/// The file at `path` (without the leading `/`), if the bundle has it.
pub fn file(path: &str) -> Option<&'static [u8]> {
    FILES.iter().find(|(name, _)| *name == path).map(|(_, bytes)| *bytes)
}

/// The content type of a file by its extension.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

/// The fallback route: a file of the bundle, the UI's page for its own routes, or the API's
/// `no-route` / `method-not-allowed` refusal.
pub async fn serve(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        return ApiError::new(404, "no-route", "no such route (see /api/openapi.json)").into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return ApiError::new(
            405,
            "method-not-allowed",
            "this route does not take that method (see /api/openapi.json)",
        )
        .into_response();
    }
    let name = path.trim_start_matches('/');
    // A versioned address of this bundle is kept for good; of another (a page loaded from a node
    // with an older or newer build), it gets this bundle's file, kept briefly.
    let (name, versioned) = match name.strip_prefix("assets/").and_then(|rest| rest.split_once('/')) {
        Some((_, rest)) if file(rest).is_none() => {
            return ApiError::new(404, "not-found", "no such file").into_response();
        }
        Some((version, rest)) => (rest, version == VERSION),
        None => (name, false),
    };
    let (name, bytes) = match file(name) {
        Some(bytes) if name == "index.html" => (name, index_html().unwrap_or(bytes)),
        Some(bytes) => (name, bytes),
        // A path with an extension is a file that is not there; anything else is the UI's route.
        None if name.rsplit('/').next().is_some_and(|last| last.contains('.')) => {
            return ApiError::new(404, "not-found", "no such file").into_response();
        }
        None => match index_html() {
            Some(bytes) => ("index.html", bytes),
            None => {
                return ApiError::new(404, "no-ui", "this server was built without its browser UI (web/dist)")
                    .into_response();
            }
        },
    };
    let cache = if name == "index.html" {
        "no-cache"
    } else if versioned {
        FOREVER
    } else {
        "public, max-age=300"
    };
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type(name))),
            (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
        ],
        bytes,
    )
        .into_response()
}
