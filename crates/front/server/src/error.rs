//! The API's errors: an HTTP status, a stable code a client can test, and a one-line message.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use messhall_rules::VariantProblem;

/// A refused request: nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// A stable code (`not-your-turn`, `stale-ply`...).
    pub code: &'static str,
    /// What went wrong, in one line.
    pub message: String,
    /// The faults of a variant file, each with its field and place (empty for other errors).
    pub problems: Vec<VariantProblem>,
}

impl ApiError {
    /// An error with `status`, `code` and `message`.
    pub fn new(status: u16, code: &'static str, message: impl Into<String>) -> ApiError {
        let message: String = message.into();
        // One line, of a bounded length, whatever the input quoted in it.
        ApiError {
            status,
            code,
            message: one_line(&message),
            problems: Vec::new(),
        }
    }

    /// 400 for a variant file that does not compile: its first fault as the message, every
    /// fault in `problems`.
    pub fn bad_variant(e: &messhall_rules::VariantError) -> ApiError {
        let problems = e.problems();
        let mut message = match (e, problems.first()) {
            (messhall_rules::VariantError::Invalid { file, .. }, Some(first)) => format!("{file}: {first}"),
            _ => e.to_string(),
        };
        if problems.len() > 1 {
            message.push_str(&format!(" (and {} more problems)", problems.len() - 1));
        }
        ApiError {
            problems,
            ..ApiError::bad("bad-variant", message)
        }
    }

    /// 400: the request is malformed or names something impossible.
    pub fn bad(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(400, code, message)
    }

    /// 403: the token does not give the right.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(403, "forbidden", message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(404, "not-found", message)
    }

    /// 409: the game is not in a state that allows it.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(409, code, message)
    }

    /// 500 for a storage failure (the action was not accepted).
    pub fn storage(e: impl std::fmt::Display) -> ApiError {
        tracing::error!(error = %e, "storage");
        ApiError::new(500, "storage", "the game could not be stored; nothing changed")
    }
}

impl ApiError {
    /// 503: the database does not take writes (a health or readiness check).
    pub fn unavailable(e: impl std::fmt::Display) -> ApiError {
        tracing::error!(error = %e, "database check");
        ApiError::new(503, "unavailable", "the database does not take writes")
    }
}

/// The longest message sent.
const MESSAGE_CHARS: usize = 400;

/// `text` on one line (control characters as spaces) and at most [`MESSAGE_CHARS`] long.
fn one_line(text: &str) -> String {
    let mut line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MESSAGE_CHARS)
        .collect();
    if text.chars().count() > MESSAGE_CHARS {
        line.push('…');
    }
    line
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = crate::wire::ErrorBody {
            code: self.code.to_string(),
            message: self.message,
            problems: self.problems.into_iter().map(crate::wire::Problem::from).collect(),
        };
        (status, Json(body)).into_response()
    }
}
