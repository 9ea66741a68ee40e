//! Players and their sessions in the database: who a session cookie is, who holds a seat.

use super::{Store, StoreError, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// Its id (24 hex digits), in links to its page.
    pub id: String,
    /// The name shown.
    pub name: String,
    /// Its login name in lower case, once it has an account.
    pub account: Option<String>,
    /// When it was made, in ms since 1970.
    pub created_ms: i64,
}

fn player_row(row: &AnyRow) -> Result<PlayerRow, sqlx::Error> {
    Ok(PlayerRow {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        account: row.try_get(2)?,
        created_ms: row.try_get(3)?,
    })
}

impl Store {
    /// Makes an anonymous player named `name` and its first session (stored as `session_hash`).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn new_player(&self, id: &str, name: &str, session_hash: &str) -> Result<PlayerRow, StoreError> {
        let now = now_ms();
        let mut tx = self.write().await?;
        sqlx::query("INSERT INTO players (id, name, account, password, created_ms) VALUES ($1, $2, NULL, NULL, $3)")
            .bind(id)
            .bind(name)
            .bind(now)
            .execute(tx.conn())
            .await?;
        sqlx::query("INSERT INTO sessions (hash, player_id, created_ms, seen_ms) VALUES ($1, $2, $3, $3)")
            .bind(session_hash)
            .bind(id)
            .bind(now)
            .execute(tx.conn())
            .await?;
        tx.commit().await?;
        Ok(PlayerRow {
            id: id.into(),
            name: name.into(),
            account: None,
            created_ms: now,
        })
    }

    /// The player of the session stored as `session_hash`, if it is one.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn session_player(&self, session_hash: &str) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query(
            "SELECT p.id, p.name, p.account, p.created_ms FROM sessions s JOIN players p ON p.id = s.player_id \
             WHERE s.hash = $1",
        )
        .bind(session_hash)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(player_row).transpose()?)
    }

    /// The player `id`.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn player(&self, id: &str) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query("SELECT id, name, account, created_ms FROM players WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(player_row).transpose()?)
    }

    /// The player whose login name is `account` (lower case) and its password's hash.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn account(&self, account: &str) -> Result<Option<(PlayerRow, String)>, StoreError> {
        let row = sqlx::query("SELECT id, name, account, created_ms, password FROM players WHERE account = $1")
            .bind(account)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let password: Option<String> = row.try_get(4)?;
        Ok(password
            .map(|p| player_row(&row).map(|player| (player, p)))
            .transpose()?)
    }

    /// Gives the anonymous player `id` an account: its login name (lower case), shown name and
    /// password hash. False when the player already has one or the name is taken.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn register(&self, id: &str, account: &str, name: &str, password: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let taken = sqlx::query("SELECT COUNT(*) FROM players WHERE account = $1")
            .bind(account)
            .fetch_one(tx.conn())
            .await?
            .try_get::<i64, _>(0)?;
        if taken > 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        let done =
            sqlx::query("UPDATE players SET account = $1, name = $2, password = $3 WHERE id = $4 AND account IS NULL")
                .bind(account)
                .bind(name)
                .bind(password)
                .bind(id)
                .execute(tx.conn())
                .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// A new session (stored as `session_hash`) for the player `id`.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn new_session(&self, id: &str, session_hash: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query("INSERT INTO sessions (hash, player_id, created_ms, seen_ms) VALUES ($1, $2, $3, $3)")
            .bind(session_hash)
            .bind(id)
            .bind(now_ms())
            .execute(tx.conn())
            .await?;
        tx.commit().await
    }

    /// Ends the session stored as `session_hash`.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn end_session(&self, session_hash: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query("DELETE FROM sessions WHERE hash = $1")
            .bind(session_hash)
            .execute(tx.conn())
            .await?;
        tx.commit().await
    }

    /// Renames the player `id` (an anonymous one: an account's name is its login name).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn rename_player(&self, id: &str, name: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query("UPDATE players SET name = $1 WHERE id = $2 AND account IS NULL")
            .bind(name)
            .bind(id)
            .execute(tx.conn())
            .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets the password hash of the account `account` (lower case) and ends every session of
    /// it: a reset locks out whoever knew the old one. False for no such account.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn set_password(&self, account: &str, password: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query("UPDATE players SET password = $1 WHERE account = $2")
            .bind(password)
            .bind(account)
            .execute(tx.conn())
            .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query("DELETE FROM sessions WHERE player_id = (SELECT id FROM players WHERE account = $1)")
            .bind(account)
            .execute(tx.conn())
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The games whose seats the player `id` holds, newest first: each game's row and the seats
    /// it holds there.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn games_of_player(&self, id: &str, limit: i64) -> Result<Vec<(super::GameRow, Vec<i64>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id, g.game, g.setup, g.status, g.result, g.created_ms, g.updated_ms, g.listed, s.seat \
             FROM seats s JOIN games g ON g.id = s.game_id WHERE s.player_id = $1 \
             ORDER BY g.updated_ms DESC, g.id, s.seat LIMIT $2",
        )
        .bind(id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut games: Vec<(super::GameRow, Vec<i64>)> = Vec::new();
        for row in &rows {
            let game = super::game_row(row)?;
            let seat: i64 = row.try_get(8)?;
            match games.last_mut() {
                Some((last, seats)) if last.id == game.id => seats.push(seat),
                _ => games.push((game, vec![seat])),
            }
        }
        Ok(games)
    }
}
