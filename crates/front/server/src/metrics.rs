//! What an operator measures, served at `GET /metrics` in Prometheus's text format: every metric's
//! name and the one call that records it, so the rest of the server records with one line and
//! nothing else names a metric.
//!
//! The recorder is the `metrics` crate's, and it is global: the figures are the process's, summed
//! over every server it runs (one in production; tests start several). It is installed once, by
//! the first server to start; what is recorded before that is not kept.

use crate::error::ApiError;
use crate::state::Server;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Games held in memory (gauge), over every server of the process.
pub const GAMES_HELD: &str = "messhall_games_held";
/// WebSocket connections open (gauge).
pub const WEBSOCKETS_OPEN: &str = "messhall_websockets_open";
/// Entries stored, by the entry's `type` (counter).
pub const ENTRIES_STORED: &str = "messhall_entries_stored_total";
/// A person's act, from its request read until its entry is stored and installed, in seconds
/// (histogram): the wait for the game's other writers and the database's commit.
pub const ACT_ACKNOWLEDGED: &str = "messhall_act_acknowledged_seconds";
/// A computer move's wait for a worker (its job's age when claimed), in seconds (histogram).
pub const THINK_WAIT: &str = "messhall_think_wait_seconds";
/// Computer moves waiting for a worker, over every server of the database (gauge, read from the
/// database when scraped).
pub const JOBS_WAITING: &str = "messhall_jobs_waiting";
/// Computer moves a worker holds (leased) now, over every server of the database (gauge).
pub const JOBS_HELD: &str = "messhall_jobs_held";
/// A computer player's think, in seconds (histogram).
pub const THINK: &str = "messhall_think_seconds";
/// HTTP requests answered, by status class: `2xx`, `4xx`... (counter).
pub const HTTP_REQUESTS: &str = "messhall_http_requests_total";

/// The histograms' buckets, in seconds: an acknowledgement is a database write, a think up to a
/// clock's worth of time.
const ACT_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];
const THINK_BUCKETS: &[f64] = &[0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0];

/// How often histogram samples are folded into their buckets when nobody scrapes.
pub const UPKEEP: Duration = Duration::from_secs(5);

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's recorder, installed on the first call.
pub fn handle() -> &'static PrometheusHandle {
    HANDLE.get_or_init(install)
}

fn install() -> PrometheusHandle {
    let builder = [
        (ACT_ACKNOWLEDGED, ACT_BUCKETS),
        (THINK_WAIT, THINK_BUCKETS),
        (THINK, THINK_BUCKETS),
    ]
    .into_iter()
    .try_fold(PrometheusBuilder::new(), |b, (name, buckets)| {
        b.set_buckets_for_metric(Matcher::Full(name.into()), buckets)
    });
    let installed = match builder {
        Ok(builder) => builder.install_recorder().map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    let handle = installed.unwrap_or_else(|why| {
        // Another recorder (an embedding program's) has the process: /metrics then shows nothing.
        tracing::warn!(%why, "metrics not recorded");
        PrometheusBuilder::new().build_recorder().handle()
    });
    describe();
    handle
}

fn describe() {
    use ::metrics::{describe_counter, describe_gauge, describe_histogram};
    describe_gauge!(GAMES_HELD, "games held in memory");
    describe_gauge!(WEBSOCKETS_OPEN, "WebSocket connections open");
    describe_counter!(ENTRIES_STORED, "entries stored, by type");
    describe_histogram!(
        ACT_ACKNOWLEDGED,
        ::metrics::Unit::Seconds,
        "a person's act, from its request read to its entry stored and installed"
    );
    describe_histogram!(
        THINK_WAIT,
        ::metrics::Unit::Seconds,
        "a computer move's wait for a worker"
    );
    describe_gauge!(JOBS_WAITING, "computer moves waiting for a worker, in the database");
    describe_gauge!(JOBS_HELD, "computer moves a worker holds, in the database");
    describe_histogram!(THINK, ::metrics::Unit::Seconds, "a computer player's think");
    describe_counter!(HTTP_REQUESTS, "HTTP requests answered, by status class");
}

/// One thing counted in a gauge while it lives: up when made, down when dropped.
pub struct Counted(&'static str);

impl Counted {
    fn new(gauge: &'static str) -> Counted {
        ::metrics::gauge!(gauge).increment(1.0);
        Counted(gauge)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        ::metrics::gauge!(self.0).decrement(1.0);
    }
}

/// A game held in memory, counted while the value lives.
pub fn game_held() -> Counted {
    Counted::new(GAMES_HELD)
}

/// A WebSocket connection open, counted while the value lives.
pub fn websocket_open() -> Counted {
    Counted::new(WEBSOCKETS_OPEN)
}

/// An entry of `kind` (its stored `type`) stored.
pub fn entry_stored(kind: &'static str) {
    ::metrics::counter!(ENTRIES_STORED, "type" => kind).increment(1);
}

/// A person's act acknowledged `took` after its request.
pub fn act_acknowledged(took: Duration) {
    ::metrics::histogram!(ACT_ACKNOWLEDGED).record(took);
}

/// A computer move waited `waited` for a worker, then was thought for `thought`.
pub fn computer_thought(waited: Duration, thought: Duration) {
    ::metrics::histogram!(THINK_WAIT).record(waited);
    ::metrics::histogram!(THINK).record(thought);
}

/// An HTTP request answered with `status`.
pub fn http_answered(status: u16) {
    let class = match status / 100 {
        1 => "1xx",
        2 => "2xx",
        3 => "3xx",
        4 => "4xx",
        _ => "5xx",
    };
    ::metrics::counter!(HTTP_REQUESTS, "class" => class).increment(1);
}

/// The Prometheus text exposition format's content type.
const TEXT_FORMAT: &str = "text/plain; version=0.0.4; charset=utf-8";

/// `GET /metrics`: the process's figures in Prometheus's text format, for the addresses of
/// [`crate::Config::metrics_from`] only (behind a trusted proxy, the client it forwards).
///
/// # Errors
/// 403 for any other address.
#[utoipa::path(get, path = "/metrics", operation_id = "metrics", responses(
    (status = 200, description = "the process's figures in Prometheus's text exposition format (version 0.0.4)", body = String, content_type = "text/plain"),
    (status = 403, description = "the address may not read the figures", body = crate::wire::ErrorBody),
))]
pub async fn serve(
    State(server): State<Arc<Server>>,
    crate::client::Address(address): crate::client::Address,
) -> Result<Response, ApiError> {
    if !server.config.metrics_from.contains(&address) {
        return Err(ApiError::forbidden(format!(
            "{address} may not read the metrics (messhall serve --metrics-from)"
        )));
    }
    // The jobs are the database's, not this process's: counted as the scrape comes.
    match server.store.job_counts().await {
        Ok((waiting, held)) => {
            ::metrics::gauge!(JOBS_WAITING).set(waiting as f64);
            ::metrics::gauge!(JOBS_HELD).set(held as f64);
        }
        Err(e) => tracing::warn!(error = %e, "jobs not counted for the metrics"),
    }
    let text = handle().render();
    Ok(([(axum::http::header::CONTENT_TYPE, TEXT_FORMAT)], text).into_response())
}

/// Records each answer's status class (a layer of [`crate::router`]).
pub async fn count_answers(response: Response) -> Response {
    http_answered(response.status().as_u16());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_render_with_their_names_and_buckets() {
        let handle = handle();
        entry_stored("act");
        act_acknowledged(Duration::from_millis(3));
        let held = game_held();
        let text = handle.render();
        assert!(text.contains("messhall_entries_stored_total{type=\"act\"}"), "{text}");
        assert!(
            text.contains("messhall_act_acknowledged_seconds_bucket{le=\"0.005\"}"),
            "{text}"
        );
        assert!(text.contains("# TYPE messhall_games_held gauge"), "{text}");
        drop(held);
    }
}
