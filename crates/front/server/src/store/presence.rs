//! The `presence` table: each seat's WebSockets counted per server process, with the time that
//! process last vouched for them ([`crate::presence`] says why it is kept so).

use super::{Store, StoreError, now_ms};
use sqlx::Row;

/// A seat's presence as the database has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PresenceRow {
    /// The seat.
    pub seat: i64,
    /// Whether a process has one of its WebSockets open and vouched for it since `fresh_from`.
    pub open: bool,
    /// The latest time any process vouched for the seat, in ms since 1970.
    pub seen_ms: i64,
}

impl Store {
    /// Counts one WebSocket of `seat` more (`delta` 1) or less (-1) on `process`, vouched for now,
    /// and tells every server (on PostgreSQL through a notification delivered on commit; on SQLite
    /// in-process).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn presence_change(&self, id: &str, seat: i64, process: &str, delta: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO presence (game_id, seat, process, open, seen_ms) \
             VALUES ($1, $2, $3, CASE WHEN $4 > 0 THEN $4 ELSE 0 END, $5) \
             ON CONFLICT (game_id, seat, process) DO UPDATE \
             SET open = CASE WHEN presence.open + $4 > 0 THEN presence.open + $4 ELSE 0 END, seen_ms = $5",
        )
        .bind(id)
        .bind(seat)
        .bind(process)
        .bind(delta)
        .bind(now_ms())
        .execute(tx.conn())
        .await?;
        if !self.sqlite {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(crate::notify::PRESENCE_CHANNEL)
                .bind(id)
                .execute(tx.conn())
                .await?;
        }
        tx.commit().await?;
        if self.sqlite {
            // Nobody may be listening: that is no error.
            let _ = self
                .appended
                .send(crate::notify::Notice::Presence { id: id.to_string() });
        }
        Ok(())
    }

    /// Vouches now for every WebSocket `process` has open (its heartbeat).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn presence_beat(&self, process: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE presence SET seen_ms = $1 WHERE process = $2 AND open > 0")
            .bind(now_ms())
            .bind(process)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The games being played whose last entry was stored before `before_ms`, the longest
    /// untouched first, at most `limit`: those whose seat to move may have left them.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn untouched_since(&self, before_ms: i64, limit: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'playing' AND updated_ms < $1 ORDER BY updated_ms LIMIT $2",
        )
        .bind(before_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| r.try_get(0).map_err(StoreError::from)).collect()
    }

    /// Each seat of game `id` with a row: whether it is here (a WebSocket open on a process
    /// that vouched for it at `fresh_from` or later) and when it was last vouched for.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn presence_of(&self, id: &str, fresh_from: i64) -> Result<Vec<PresenceRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, CAST(MAX(CASE WHEN open > 0 AND seen_ms >= $2 THEN 1 ELSE 0 END) AS BIGINT), MAX(seen_ms) \
             FROM presence WHERE game_id = $1 GROUP BY seat ORDER BY seat",
        )
        .bind(id)
        .bind(fresh_from)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(PresenceRow {
                    seat: r.try_get(0)?,
                    open: r.try_get::<i64, _>(1)? != 0,
                    seen_ms: r.try_get(2)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}
