//! A game's chat in the database.

use super::{Store, StoreError, now_ms};
use sqlx::Row;

/// A chat message as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ChatRow {
    /// Its number in its game, from 1.
    pub n: i64,
    /// `players` or `spectators`.
    pub room: String,
    /// Its writer, when a session wrote it.
    pub player_id: Option<String>,
    /// Its writer's name then.
    pub name: String,
    /// The text.
    pub text: String,
    /// When, in ms since 1970.
    pub at_ms: i64,
}

impl Store {
    /// Appends a message to the game `id`'s chat; its number.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn say(
        &self,
        id: &str,
        room: &str,
        player_id: Option<&str>,
        name: &str,
        text: &str,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let n: i64 = sqlx::query("SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id = $1")
            .bind(id)
            .fetch_one(tx.conn())
            .await?
            .try_get(0)?;
        sqlx::query(
            "INSERT INTO chat (game_id, n, room, player_id, name, text, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id)
        .bind(n)
        .bind(room)
        .bind(player_id)
        .bind(name)
        .bind(text)
        .bind(now_ms())
        .execute(tx.conn())
        .await?;
        tx.commit().await?;
        Ok(n)
    }

    /// The messages of `room` in the game `id` after number `after`, oldest first (200 at most).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn chat(&self, id: &str, room: &str, after: i64) -> Result<Vec<ChatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT n, room, player_id, name, text, at_ms FROM chat WHERE game_id = $1 AND room = $2 AND n > $3 \
             ORDER BY n LIMIT 200",
        )
        .bind(id)
        .bind(room)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ChatRow {
                    n: r.try_get(0)?,
                    room: r.try_get(1)?,
                    player_id: r.try_get(2)?,
                    name: r.try_get(3)?,
                    text: r.try_get(4)?,
                    at_ms: r.try_get(5)?,
                })
            })
            .collect()
    }
}
