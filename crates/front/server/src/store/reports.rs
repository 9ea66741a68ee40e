//! Balance reports in the database: asked for once per version and request, claimed by any
//! server's report worker under a lease, renewed with their progress, cancelled by a flag the
//! worker reads, and kept with the report they made.

use super::{Store, StoreError, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A report as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    /// Its id.
    pub id: String,
    /// The published variant.
    pub variant_id: String,
    /// The version's whole hash.
    pub version: String,
    /// The games, strength and seed asked for, as canonical JSON.
    pub request: String,
    /// Who asked first.
    pub player_id: String,
    /// `queued`, `running`, `done`, `cancelled` or `failed`.
    pub status: String,
    /// Games played so far.
    pub done_games: i64,
    /// Games it plays in all.
    pub total_games: i64,
    /// The report's JSON, once made (partial when cancelled or out of time).
    pub report: Option<String>,
    /// Why it failed.
    pub error: Option<String>,
    /// When it was asked for, in ms since 1970.
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
}

const COLUMNS: &str = "id, variant_id, version, request, player_id, status, done_games, total_games, report, \
                       error, created_ms, updated_ms";

fn report_row(row: &AnyRow) -> Result<ReportRow, sqlx::Error> {
    Ok(ReportRow {
        id: row.try_get(0)?,
        variant_id: row.try_get(1)?,
        version: row.try_get(2)?,
        request: row.try_get(3)?,
        player_id: row.try_get(4)?,
        status: row.try_get(5)?,
        done_games: row.try_get(6)?,
        total_games: row.try_get(7)?,
        report: row.try_get(8)?,
        error: row.try_get(9)?,
        created_ms: row.try_get(10)?,
        updated_ms: row.try_get(11)?,
    })
}

/// What a renewal learnt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renewed {
    /// The report is still the worker's; whether it was cancelled.
    Held {
        /// Its asker cancelled it.
        cancel: bool,
    },
    /// Another worker took it (this one's lease ran out).
    Lost,
}

impl Store {
    /// The report of `version` for `request`: the one made or under way, or a new one queued
    /// (a cancelled or failed one queued again) for `player`. Whether it was queued now.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn ask_report(
        &self,
        id: &str,
        variant: &str,
        version: &str,
        request: &str,
        player: &str,
        total: i64,
    ) -> Result<(ReportRow, bool), StoreError> {
        let now = now_ms();
        let mut tx = self.write().await?;
        let found = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM reports WHERE version = $1 AND request = $2"
        ))
        .bind(version)
        .bind(request)
        .fetch_optional(tx.conn())
        .await?
        .map(|r| report_row(&r))
        .transpose()?;
        let queued = match &found {
            Some(row) if !["cancelled", "failed"].contains(&row.status.as_str()) => false,
            Some(row) => {
                sqlx::query(
                    "UPDATE reports SET status = 'queued', player_id = $1, done_games = 0, report = NULL, \
                     error = NULL, worker = NULL, lease_ms = 0, cancel = 0, updated_ms = $2 WHERE id = $3",
                )
                .bind(player)
                .bind(now)
                .bind(&row.id)
                .execute(tx.conn())
                .await?;
                true
            }
            None => {
                sqlx::query(
                    "INSERT INTO reports (id, variant_id, version, request, player_id, status, total_games, \
                     created_ms, updated_ms) VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $7)",
                )
                .bind(id)
                .bind(variant)
                .bind(version)
                .bind(request)
                .bind(player)
                .bind(total)
                .bind(now)
                .execute(tx.conn())
                .await?;
                true
            }
        };
        let id = found.map_or_else(|| id.to_string(), |r| r.id);
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM reports WHERE id = $1"))
            .bind(&id)
            .fetch_one(tx.conn())
            .await?;
        let row = report_row(&row)?;
        tx.commit().await?;
        Ok((row, queued))
    }

    /// The report `id`.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn report(&self, id: &str) -> Result<Option<ReportRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM reports WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| report_row(&r)).transpose()?)
    }

    /// The reports of a variant's version, newest first.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn version_reports(&self, variant: &str, version: &str) -> Result<Vec<ReportRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM reports WHERE variant_id = $1 AND version = $2 ORDER BY created_ms DESC, id"
        ))
        .bind(variant)
        .bind(version)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(report_row).collect::<Result<_, _>>()?)
    }

    /// How many reports `player` has queued or running, and how many it asked for since `since`.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn reports_asked(&self, player: &str, since: i64) -> Result<(i64, i64), StoreError> {
        let row = sqlx::query(
            "SELECT COALESCE(SUM(CASE WHEN status IN ('queued', 'running') THEN 1 ELSE 0 END), 0), \
             COALESCE(SUM(CASE WHEN updated_ms >= $2 THEN 1 ELSE 0 END), 0) FROM reports WHERE player_id = $1",
        )
        .bind(player)
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        Ok((row.try_get(0)?, row.try_get(1)?))
    }

    /// Claims the oldest report waiting (queued, or running under a lease that ran out) for
    /// `worker` until `lease_ms` from now.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn claim_report(&self, worker: &str, lease_ms: i64) -> Result<Option<ReportRow>, StoreError> {
        let now = now_ms();
        let pick = if self.sqlite {
            "SELECT id FROM reports WHERE status IN ('queued', 'running') AND lease_ms < $3 \
             ORDER BY created_ms LIMIT 1"
        } else {
            "SELECT id FROM reports WHERE status IN ('queued', 'running') AND lease_ms < $3 \
             ORDER BY created_ms LIMIT 1 FOR UPDATE SKIP LOCKED"
        };
        let mut tx = self.write().await?;
        let row = sqlx::query(&format!(
            "UPDATE reports SET status = 'running', worker = $1, lease_ms = $2, updated_ms = $3 \
             WHERE id IN ({pick}) RETURNING {COLUMNS}"
        ))
        .bind(worker)
        .bind(now + lease_ms)
        .bind(now)
        .fetch_optional(tx.conn())
        .await?;
        tx.commit().await?;
        Ok(row.map(|r| report_row(&r)).transpose()?)
    }

    /// Renews `worker`'s lease on report `id` with the games done so far.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn renew_report(&self, id: &str, worker: &str, lease_ms: i64, done: i64) -> Result<Renewed, StoreError> {
        let now = now_ms();
        let row = sqlx::query(
            "UPDATE reports SET lease_ms = $1, done_games = $2, updated_ms = $3 \
             WHERE id = $4 AND worker = $5 AND status = 'running' RETURNING cancel",
        )
        .bind(now + lease_ms)
        .bind(done)
        .bind(now)
        .bind(id)
        .bind(worker)
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some(r) => Renewed::Held {
                cancel: r.try_get::<i64, _>(0)? != 0,
            },
            None => Renewed::Lost,
        })
    }

    /// Writes what `worker` made of report `id`: its status, report and error.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn finish_report(
        &self,
        id: &str,
        worker: &str,
        status: &str,
        done: i64,
        report: Option<&str>,
        error: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "UPDATE reports SET status = $1, done_games = $2, report = $3, error = $4, lease_ms = 0, \
             updated_ms = $5 WHERE id = $6 AND worker = $7 AND status = 'running'",
        )
        .bind(status)
        .bind(done)
        .bind(report)
        .bind(error)
        .bind(now_ms())
        .bind(id)
        .bind(worker)
        .execute(tx.conn())
        .await?;
        tx.commit().await
    }

    /// Cancels report `id` for `player` (who asked for it): a queued one at once, a running one
    /// by the flag its worker reads. Whether it was the player's and under way.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn cancel_report(&self, id: &str, player: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let now = now_ms();
        let queued = sqlx::query(
            "UPDATE reports SET status = 'cancelled', updated_ms = $1 WHERE id = $2 AND player_id = $3 \
             AND status = 'queued'",
        )
        .bind(now)
        .bind(id)
        .bind(player)
        .execute(tx.conn())
        .await?
        .rows_affected();
        let running = sqlx::query(
            "UPDATE reports SET cancel = 1, updated_ms = $1 WHERE id = $2 AND player_id = $3 AND status = 'running'",
        )
        .bind(now)
        .bind(id)
        .bind(player)
        .execute(tx.conn())
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(queued + running > 0)
    }
}
