//! Balance reports of published variants, run as jobs by any server's report worker.
//!
//! A report is asked for a variant's version with a number of games, a strength and a seed; the
//! same request of the same version is one report, made once and served after. The database is
//! the truth: a worker claims the oldest report waiting under a lease, renews it every 1.5 s
//! with the games played (which the page shows as progress) and reads its cancel flag as it
//! does; a worker that dies stops renewing, and once its lease runs out another takes the report
//! over. A report runs on a blocking thread, one game at a time, bounded in games, nodes and
//! time ([`limits::REPORT_SECONDS`]: then it is kept as it stands, marked partial); a player has
//! one report under way at once and [`limits::REPORTS_PER_DAY`] a day.

use crate::api::{App, Body};
use crate::error::ApiError;
use crate::identity::Me;
use crate::limits;
use crate::state::Server;
use crate::store::{Renewed, ReportRow, now_ms};
use crate::wire::{ReportList, ReportRequest, ReportView};
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use messhall_balance::{BalanceSpec, Report, Strength};
use messhall_records::catalog;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// How long a claimed report stays a worker's without word from it.
const LEASE_MS: i64 = 5000;
/// How often a worker renews its lease (and reads the cancel flag).
const RENEW: Duration = Duration::from_millis(1500);
/// How often an idle worker looks for a report.
const POLL: Duration = Duration::from_millis(1000);
/// Games a report plays unless asked otherwise, and nodes a move.
const DEFAULT_GAMES: u32 = 40;
const DEFAULT_NODES: u64 = 2000;

/// The request checked: its games, strength and seed.
fn checked(req: &ReportRequest) -> Result<(u32, Strength, u64), ApiError> {
    let games = req.games.unwrap_or(DEFAULT_GAMES);
    if !(2..=limits::REPORT_GAMES).contains(&games) {
        return Err(ApiError::bad(
            "bad-report",
            format!(
                "games: 2 to {} on the site (messhall balance plays more)",
                limits::REPORT_GAMES
            ),
        ));
    }
    let strength = match (req.nodes, req.level) {
        (Some(_), Some(_)) => return Err(ApiError::bad("bad-report", "give nodes or a level, not both")),
        (None, Some(level)) if (1..=limits::REPORT_LEVEL).contains(&level) => Strength::Level(level),
        (None, Some(_)) => {
            return Err(ApiError::bad(
                "bad-report",
                format!("level: 1 to {} on the site", limits::REPORT_LEVEL),
            ));
        }
        (nodes, None) => {
            let nodes = nodes.unwrap_or(DEFAULT_NODES);
            if !(100..=limits::REPORT_NODES).contains(&nodes) {
                return Err(ApiError::bad(
                    "bad-report",
                    format!("nodes: 100 to {} a move on the site", limits::REPORT_NODES),
                ));
            }
            Strength::Nodes(nodes)
        }
    };
    Ok((games, strength, req.seed.unwrap_or(1)))
}

/// The request as stored: the same request is the same text.
fn canonical(games: u32, strength: Strength, seed: u64) -> String {
    serde_json::json!({"games": games, "strength": strength.to_string(), "seed": seed}).to_string()
}

/// The request read back from its stored text.
fn parsed(request: &str) -> Option<(u32, Strength, u64)> {
    let v: serde_json::Value = serde_json::from_str(request).ok()?;
    let games = u32::try_from(v["games"].as_u64()?).ok()?;
    let strength = match v["strength"].as_str()?.split_once('=')? {
        ("nodes", n) => Strength::Nodes(n.parse().ok()?),
        ("level", l) => Strength::Level(l.parse().ok()?),
        _ => return None,
    };
    Some((games, strength, v["seed"].as_u64()?))
}

fn view(row: ReportRow, me: &Me) -> ReportView {
    ReportView {
        yours: me.id() == Some(row.player_id.as_str()),
        report: row.report.as_deref().and_then(|r| serde_json::from_str(r).ok()),
        id: row.id,
        variant: row.variant_id,
        version: row.version,
        request: row.request,
        status: row.status,
        done_games: row.done_games.max(0) as u64,
        total_games: row.total_games.max(0) as u64,
        error: row.error,
        created_ms: row.created_ms,
        updated_ms: row.updated_ms,
    }
}

/// The report `id` if the asker may see its variant.
async fn seen(server: &Server, id: &str, me: &Me) -> Result<ReportRow, ApiError> {
    let row = server
        .store
        .report(id)
        .await
        .map_err(ApiError::storage)?
        .ok_or_else(|| ApiError::not_found("no such report"))?;
    crate::studio::visible(server, &row.variant_id, me).await?;
    Ok(row)
}

/// `POST /api/studio/variants/{id}/versions/{hash}/reports`: a balance report of the version,
/// made once per request: the one made or under way, or a new one queued for the workers.
///
/// # Errors
/// 401 without a session; 404 for a variant or version the asker cannot see; 400 `bad-report`
/// for games, nodes or a level out of bounds; 429 `too-many-reports` for a player with a
/// report under way or over its reports of the day.
#[utoipa::path(post, path = "/api/studio/variants/{id}/versions/{hash}/reports", operation_id = "ask_report", params(("id" = String, Path, description = "the variant's id"), ("hash" = String, Path, description = "the version's hash, or its first 12 hex digits or more")), request_body = crate::wire::ReportRequest, responses((status = 202, description = "the report, queued or under way", body = crate::wire::ReportView), (status = 200, description = "the report made before", body = crate::wire::ReportView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn ask(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    Path((id, hash)): Path<(String, String)>,
    me: Me,
    Body(req): Body<ReportRequest>,
) -> Result<Response, ApiError> {
    let player = me.need()?.id.clone();
    let (games, strength, seed) = checked(&req)?;
    let variant = crate::studio::visible(&server, &id, &me).await?;
    let version = crate::studio::version_of(&server, &variant, &hash).await?;
    let request = canonical(games, strength, seed);
    let found = server
        .store
        .version_reports(&variant.id, &version.hash)
        .await
        .map_err(ApiError::storage)?
        .into_iter()
        .find(|r| r.request == request && !["cancelled", "failed"].contains(&r.status.as_str()));
    if let Some(row) = found {
        let code = if row.status == "done" {
            StatusCode::OK
        } else {
            StatusCode::ACCEPTED
        };
        return Ok((code, axum::Json(view(row, &me))).into_response());
    }
    let (under_way, today) = server
        .store
        .reports_asked(&player, now_ms() - 86_400_000)
        .await
        .map_err(ApiError::storage)?;
    if under_way > 0 || today >= limits::REPORTS_PER_DAY {
        return Err(ApiError::new(
            429,
            "too-many-reports",
            format!(
                "a player has one report under way at once and {} a day",
                limits::REPORTS_PER_DAY
            ),
        ));
    }
    let file = crate::api::VariantFile {
        name: variant.name.clone(),
        text: version.text.clone(),
    };
    let kind = crate::variants::compile(&server, &client, &file).await?;
    let total = messhall_balance::total_games(&BalanceSpec {
        seed,
        ..BalanceSpec::new(kind, games, strength)
    });
    let new_id = crate::token::game_id().map_err(ApiError::storage)?;
    let (row, _) = server
        .store
        .ask_report(&new_id, &variant.id, &version.hash, &request, &player, i64::from(total))
        .await
        .map_err(ApiError::storage)?;
    Ok((StatusCode::ACCEPTED, axum::Json(view(row, &me))).into_response())
}

/// `GET /api/studio/variants/{id}/versions/{hash}/reports`: the version's reports, newest first.
///
/// # Errors
/// 404 for a variant or version the asker cannot see.
#[utoipa::path(get, path = "/api/studio/variants/{id}/versions/{hash}/reports", operation_id = "version_reports", params(("id" = String, Path, description = "the variant's id"), ("hash" = String, Path, description = "the version's hash, or its first 12 hex digits or more")), responses((status = 200, description = "the version's reports, newest first", body = crate::wire::ReportList), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn of_version(
    State(server): App,
    Path((id, hash)): Path<(String, String)>,
    me: Me,
) -> Result<Response, ApiError> {
    let variant = crate::studio::visible(&server, &id, &me).await?;
    let version = crate::studio::version_of(&server, &variant, &hash).await?;
    let rows = server
        .store
        .version_reports(&variant.id, &version.hash)
        .await
        .map_err(ApiError::storage)?;
    Ok(axum::Json(ReportList {
        reports: rows.into_iter().map(|r| view(r, &me)).collect(),
    })
    .into_response())
}

/// `GET /api/reports/{id}`: a report, with its progress while it runs.
///
/// # Errors
/// 404 for no such report, or one of a variant the asker cannot see.
#[utoipa::path(get, path = "/api/reports/{id}", operation_id = "report", params(("id" = String, Path, description = "the report's id")), responses((status = 200, description = "the report", body = crate::wire::ReportView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn one(State(server): App, Path(id): Path<String>, me: Me) -> Result<Response, ApiError> {
    Ok(axum::Json(view(seen(&server, &id, &me).await?, &me)).into_response())
}

/// `GET /api/reports/{id}/html`: a report made, as its HTML page with SVG charts (no script
/// runs in it: its policy allows none).
///
/// # Errors
/// 404 as `GET /api/reports/{id}`; 409 `report-not-made` for one not made yet.
#[utoipa::path(get, path = "/api/reports/{id}/html", operation_id = "report_html", params(("id" = String, Path, description = "the report's id")), responses((status = 200, description = "the report's HTML page", content_type = "text/html"), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn html(State(server): App, Path(id): Path<String>, me: Me) -> Result<Response, ApiError> {
    let row = seen(&server, &id, &me).await?;
    let report: Report = row
        .report
        .as_deref()
        .and_then(|r| serde_json::from_str(r).ok())
        .ok_or_else(|| ApiError::conflict("report-not-made", "the report is not made yet"))?;
    let mut response = messhall_balance::html::render(&report).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'",
        ),
    );
    Ok(response)
}

/// `POST /api/reports/{id}/cancel`: stops a report under way (its asker only); a running one
/// is kept as it stands, marked partial.
///
/// # Errors
/// 404 as `GET /api/reports/{id}`; 403 for another's; 409 `report-over` for one not under way.
#[utoipa::path(post, path = "/api/reports/{id}/cancel", operation_id = "cancel_report", params(("id" = String, Path, description = "the report's id")), responses((status = 200, description = "the report, cancelled or being stopped", body = crate::wire::ReportView), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn cancel(State(server): App, Path(id): Path<String>, me: Me) -> Result<Response, ApiError> {
    let player = me.need()?.id.clone();
    let row = seen(&server, &id, &me).await?;
    if row.player_id != player {
        return Err(ApiError::forbidden("only who asked for a report cancels it"));
    }
    if !server
        .store
        .cancel_report(&id, &player)
        .await
        .map_err(ApiError::storage)?
    {
        return Err(ApiError::conflict("report-over", "the report is not under way"));
    }
    Ok(axum::Json(view(seen(&server, &id, &me).await?, &me)).into_response())
}

/// A report worker named `worker`: claims reports and makes them, one at a time, until the
/// server stops (a report under way is then left for its lease to run out and another worker
/// to make it afresh).
pub async fn work(server: Arc<Server>, worker: String) {
    let mut stopping = server.shutdown.subscribe();
    while !*stopping.borrow() {
        match server.store.claim_report(&worker, LEASE_MS).await {
            Ok(Some(row)) => {
                make(&server, &worker, row).await;
                continue;
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(%worker, error = %e, "no report claimed"),
        }
        tokio::select! {
            _ = tokio::time::sleep(POLL) => {}
            _ = stopping.changed() => {}
        }
    }
}

/// How a run ended, besides its report.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stopped {
    No,
    Cancelled,
    OutOfTime,
    /// Another worker has it, or the server stops: nothing is written.
    Left,
}

/// Makes the report `row` on a blocking thread, renewing its lease meanwhile, and writes it.
async fn make(server: &Arc<Server>, worker: &str, row: ReportRow) {
    let id = row.id.clone();
    let failed = |error: String| {
        let (server, worker, id) = (server.clone(), worker.to_string(), id.clone());
        async move {
            tracing::warn!(report = %id, %error, "report failed");
            if let Err(e) = server
                .store
                .finish_report(&id, &worker, "failed", 0, None, Some(&error))
                .await
            {
                tracing::warn!(report = %id, error = %e, "report's failure not written");
            }
        }
    };
    let Some((games, strength, seed)) = parsed(&row.request) else {
        return failed(format!("a request that does not read: {}", row.request)).await;
    };
    let (variant, version) = match (
        server.store.studio_variant(&row.variant_id).await,
        server.store.studio_version(&row.variant_id, &row.version).await,
    ) {
        (Ok(Some(v)), Ok(Some(t))) => (v, t),
        (Err(e), _) | (_, Err(e)) => {
            tracing::warn!(report = %id, error = %e, "report's variant not read");
            return;
        }
        _ => return failed("its variant or version is gone".into()).await,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicU32::new(0));
    let run = {
        let (stop, done) = (stop.clone(), done.clone());
        tokio::task::spawn_blocking(move || -> Result<Report, String> {
            let kind = catalog::from_file_text(&variant.name, &version.text).map_err(|e| e.to_string())?;
            let spec = BalanceSpec {
                seed,
                ..BalanceSpec::new(kind, games, strength)
            };
            let mut progress = |d: u32, _| done.store(d, Ordering::Relaxed);
            messhall_balance::run(&spec, &mut progress, &stop).map_err(|e| e.to_string())
        })
    };
    tokio::pin!(run);
    let started = Instant::now();
    let mut renew = tokio::time::interval(RENEW);
    let mut stopping = server.shutdown.subscribe();
    let mut stopped = Stopped::No;
    let result = loop {
        tokio::select! {
            result = &mut run => break result,
            _ = renew.tick() => {
                let played = i64::from(done.load(Ordering::Relaxed));
                match server.store.renew_report(&id, worker, LEASE_MS, played).await {
                    Ok(Renewed::Held { cancel: true }) if stopped == Stopped::No => stopped = Stopped::Cancelled,
                    Ok(Renewed::Lost) => stopped = Stopped::Left,
                    Ok(_) => {}
                    Err(e) => tracing::warn!(report = %id, error = %e, "report's lease not renewed"),
                }
                if stopped == Stopped::No && started.elapsed() > Duration::from_secs(limits::REPORT_SECONDS) {
                    stopped = Stopped::OutOfTime;
                }
                if stopped != Stopped::No {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            _ = stopping.changed() => {
                stopped = Stopped::Left;
                stop.store(true, Ordering::Relaxed);
            }
        }
    };
    if stopped == Stopped::Left {
        return;
    }
    match result {
        Ok(Ok(report)) => {
            let status = if stopped == Stopped::Cancelled {
                "cancelled"
            } else {
                "done"
            };
            let error = (stopped == Stopped::OutOfTime).then(|| {
                format!(
                    "stopped after {} s: the figures are those of the games played",
                    limits::REPORT_SECONDS
                )
            });
            let json = serde_json::to_string(&report).unwrap_or_default();
            let played = i64::from(done.load(Ordering::Relaxed));
            if let Err(e) = server
                .store
                .finish_report(&id, worker, status, played, Some(&json), error.as_deref())
                .await
            {
                tracing::warn!(report = %id, error = %e, "report not written");
            }
        }
        Ok(Err(e)) => failed(e).await,
        Err(e) => failed(format!("the report's thread ended: {e}")).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_reads_back_as_it_was_asked() {
        for (games, strength, seed) in [(40, Strength::Nodes(2000), 1), (2, Strength::Level(3), 99)] {
            assert_eq!(parsed(&canonical(games, strength, seed)), Some((games, strength, seed)));
        }
        assert_eq!(parsed("{}"), None);
        assert_eq!(parsed(r#"{"games": 4, "strength": "depth=3", "seed": 1}"#), None);
    }

    #[test]
    fn requests_out_of_bounds_are_refused() {
        let bad = |req: ReportRequest| checked(&req).unwrap_err().code;
        assert_eq!(
            bad(ReportRequest {
                games: Some(1),
                ..Default::default()
            }),
            "bad-report"
        );
        assert_eq!(
            bad(ReportRequest {
                games: Some(201),
                ..Default::default()
            }),
            "bad-report"
        );
        assert_eq!(
            bad(ReportRequest {
                nodes: Some(50),
                ..Default::default()
            }),
            "bad-report"
        );
        assert_eq!(
            bad(ReportRequest {
                level: Some(9),
                ..Default::default()
            }),
            "bad-report"
        );
        assert_eq!(
            bad(ReportRequest {
                nodes: Some(500),
                level: Some(2),
                ..Default::default()
            }),
            "bad-report"
        );
        assert_eq!(
            checked(&ReportRequest::default()).unwrap(),
            (DEFAULT_GAMES, Strength::Nodes(DEFAULT_NODES), 1)
        );
    }
}
