//! Seeks in the database: posted, joined, left, swept, and taken by the game they become. Each
//! change is announced to every server's lobby ([`Store::lobby_news`] here, `pg_notify` on
//! [`crate::notify::LOBBY_CHANNEL`] to the others).

use super::{Store, StoreError, Write, now_ms};
use messhall_records::ClockSpec;
use sqlx::Row;

/// How long a correspondence seek stays in the lobby without its poster: a week.
pub const CORRESPONDENCE_SEEK_MS: i64 = 7 * 86_400_000;

/// A seek as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekRow {
    /// Its id.
    pub id: String,
    /// The poster.
    pub player_id: String,
    /// The game's name.
    pub game: String,
    /// The clock, if any: timed (base and increment) or correspondence (days a move).
    pub clock: Option<ClockSpec>,
    /// Whether it is rated.
    pub rated: bool,
    /// The poster's side: `white`, `black` or `random`.
    pub colour: String,
    /// The game's seats.
    pub seats: i64,
    /// Whether the poster may start it with bots.
    pub bots: bool,
    /// When it was posted.
    pub created_ms: i64,
    /// The game it became, once it did.
    pub game_id: Option<String>,
    /// Its players (id, name), the poster first.
    pub players: Vec<(String, String)>,
    /// The published variant and version it is a game of, when it is one.
    pub variant: Option<(String, String)>,
}

/// A seek that became a game.
#[derive(Clone, Debug, PartialEq)]
pub struct TakenSeek {
    /// The seek.
    pub id: String,
    /// Its game.
    pub game: String,
    /// Whether the game is stored (a page may open it).
    pub stored: bool,
    /// Its players' ids.
    pub players: Vec<String>,
}

/// What a join did.
#[derive(Clone, Debug, PartialEq)]
pub enum Joined {
    /// The player waits in the seek.
    Waiting,
    /// The player took the last seat: the seek is the caller's to make into a game (its
    /// `game_id` set to the id given).
    Full(Box<SeekRow>),
    /// No such seek, or it became a game.
    Gone,
    /// The player is in it already.
    Already,
}

const SEEK_COLUMNS: &str = "id, player_id, game, base_ms, increment_ms, rated, colour, seats, bots, created_ms, game_id, variant_id, \
     variant_version, days_per_move";

impl Store {
    async fn announce_lobby(&self, tx: &mut Write) -> Result<(), StoreError> {
        if !self.sqlite {
            sqlx::query("SELECT pg_notify($1, '')")
                .bind(crate::notify::LOBBY_CHANNEL)
                .execute(tx.conn())
                .await?;
        }
        Ok(())
    }

    /// Tells every server's lobby to read the seeks again (a seek's game is now stored).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn lobby_changed(&self) -> Result<(), StoreError> {
        let tx = self.write().await?;
        self.lobby_commit(tx).await
    }

    async fn lobby_commit(&self, mut tx: Write) -> Result<(), StoreError> {
        self.announce_lobby(&mut tx).await?;
        tx.commit().await?;
        self.lobby_news.notify_one();
        Ok(())
    }

    /// Posts a seek; its poster is its first player.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn post_seek(&self, seek: &SeekRow) -> Result<(), StoreError> {
        let now = now_ms();
        let days = seek.clock.and_then(|c| c.days_per_move).map(i64::from);
        let timed = seek.clock.filter(|c| c.days_per_move.is_none());
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO seeks (id, player_id, game, base_ms, increment_ms, rated, colour, seats, bots, created_ms, \
             alive_ms, game_id, variant_id, variant_version, days_per_move) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL, $12, $13, $14)",
        )
        .bind(&seek.id)
        .bind(&seek.player_id)
        .bind(&seek.game)
        .bind(timed.map(|c| c.base_ms as i64))
        .bind(timed.map(|c| c.increment_ms as i64))
        .bind(i64::from(seek.rated))
        .bind(&seek.colour)
        .bind(seek.seats)
        .bind(i64::from(seek.bots))
        .bind(now)
        .bind(if days.is_some() {
            now + CORRESPONDENCE_SEEK_MS
        } else {
            now
        })
        .bind(seek.variant.as_ref().map(|v| v.0.clone()))
        .bind(seek.variant.as_ref().map(|v| v.1.clone()))
        .bind(days)
        .execute(tx.conn())
        .await?;
        for (id, name) in &seek.players {
            sqlx::query("INSERT INTO seek_players (seek_id, player_id, name, joined_ms) VALUES ($1, $2, $3, $4)")
                .bind(&seek.id)
                .bind(id)
                .bind(name)
                .bind(now)
                .execute(tx.conn())
                .await?;
        }
        self.lobby_commit(tx).await
    }

    /// The open seeks (not yet a game, their poster seen since `alive_since`), oldest first.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn open_seeks(&self, alive_since: i64) -> Result<Vec<SeekRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {SEEK_COLUMNS} FROM seeks WHERE game_id IS NULL AND alive_ms >= $1 ORDER BY created_ms, id"
        ))
        .bind(alive_since)
        .fetch_all(&self.pool)
        .await?;
        let mut seeks = rows.iter().map(seek_row).collect::<Result<Vec<_>, _>>()?;
        let players = sqlx::query(
            "SELECT sp.seek_id, sp.player_id, sp.name FROM seek_players sp JOIN seeks s ON s.id = sp.seek_id \
             WHERE s.game_id IS NULL AND s.alive_ms >= $1 ORDER BY sp.joined_ms, sp.player_id",
        )
        .bind(alive_since)
        .fetch_all(&self.pool)
        .await?;
        for row in &players {
            let seek_id: String = row.try_get(0)?;
            if let Some(seek) = seeks.iter_mut().find(|s| s.id == seek_id) {
                seek.players.push((row.try_get(1)?, row.try_get(2)?));
            }
        }
        for seek in &mut seeks {
            // The poster first, whatever the clock said.
            if let Some(i) = seek.players.iter().position(|(id, _)| *id == seek.player_id) {
                let poster = seek.players.remove(i);
                seek.players.insert(0, poster);
            }
        }
        Ok(seeks)
    }

    /// The seek `id` with its players (none for no such seek).
    async fn seek_in(&self, tx: &mut Write, id: &str) -> Result<Option<SeekRow>, StoreError> {
        // Taking the row's lock first (an update of nothing) makes the joins to one seek wait
        // for each other on PostgreSQL; SQLite's transaction holds the write lock already.
        sqlx::query("UPDATE seeks SET seats = seats WHERE id = $1")
            .bind(id)
            .execute(tx.conn())
            .await?;
        let Some(row) = sqlx::query(&format!("SELECT {SEEK_COLUMNS} FROM seeks WHERE id = $1"))
            .bind(id)
            .fetch_optional(tx.conn())
            .await?
        else {
            return Ok(None);
        };
        let mut seek = seek_row(&row)?;
        let players =
            sqlx::query("SELECT player_id, name FROM seek_players WHERE seek_id = $1 ORDER BY joined_ms, player_id")
                .bind(id)
                .fetch_all(tx.conn())
                .await?;
        for row in &players {
            seek.players.push((row.try_get(0)?, row.try_get(1)?));
        }
        if let Some(i) = seek.players.iter().position(|(p, _)| *p == seek.player_id) {
            let poster = seek.players.remove(i);
            seek.players.insert(0, poster);
        }
        Ok(Some(seek))
    }

    /// Adds a player to the seek `id`; when that takes its last seat, the seek becomes the game
    /// `game_id` (set here, once: a join racing it finds the seek gone).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn join_seek(&self, id: &str, player: (&str, &str), game_id: &str) -> Result<Joined, StoreError> {
        let mut tx = self.write().await?;
        let Some(mut seek) = self.seek_in(&mut tx, id).await? else {
            tx.rollback().await?;
            return Ok(Joined::Gone);
        };
        if seek.game_id.is_some() {
            tx.rollback().await?;
            return Ok(Joined::Gone);
        }
        if seek.players.iter().any(|(p, _)| p == player.0) {
            tx.rollback().await?;
            return Ok(Joined::Already);
        }
        sqlx::query("INSERT INTO seek_players (seek_id, player_id, name, joined_ms) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(player.0)
            .bind(player.1)
            .bind(now_ms())
            .execute(tx.conn())
            .await?;
        seek.players.push((player.0.to_string(), player.1.to_string()));
        let full = seek.players.len() as i64 >= seek.seats;
        if full {
            self.take_seek(&mut tx, id, game_id).await?;
            seek.game_id = Some(game_id.to_string());
        }
        self.lobby_commit(tx).await?;
        Ok(if full {
            Joined::Full(Box::new(seek))
        } else {
            Joined::Waiting
        })
    }

    /// The poster starts its seek before every seat is taken: it becomes the game `game_id`.
    /// `None` when it is not the poster's, is gone, or has only its poster.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn start_seek(&self, id: &str, poster: &str, game_id: &str) -> Result<Option<SeekRow>, StoreError> {
        let mut tx = self.write().await?;
        let seek = self.seek_in(&mut tx, id).await?;
        let Some(mut seek) = seek.filter(|s| s.player_id == poster && s.game_id.is_none()) else {
            tx.rollback().await?;
            return Ok(None);
        };
        self.take_seek(&mut tx, id, game_id).await?;
        seek.game_id = Some(game_id.to_string());
        self.lobby_commit(tx).await?;
        Ok(Some(seek))
    }

    async fn take_seek(&self, tx: &mut Write, id: &str, game_id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE seeks SET game_id = $1, alive_ms = $2 WHERE id = $3")
            .bind(game_id)
            .bind(now_ms())
            .bind(id)
            .execute(tx.conn())
            .await?;
        Ok(())
    }

    /// Puts a seek whose game could not be made back in the lobby.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn untake_seek(&self, id: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query("UPDATE seeks SET game_id = NULL WHERE id = $1")
            .bind(id)
            .execute(tx.conn())
            .await?;
        self.lobby_commit(tx).await
    }

    /// Takes the player out of the seek `id`: its poster cancels it (it goes), another player
    /// leaves it. False when the player was not in it.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn leave_seek(&self, id: &str, player: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let seek = self.seek_in(&mut tx, id).await?;
        let Some(seek) = seek.filter(|s| s.game_id.is_none() && s.players.iter().any(|(p, _)| p == player)) else {
            tx.rollback().await?;
            return Ok(false);
        };
        if seek.player_id == player {
            delete_seeks(&mut tx, "id = $1", id).await?;
        } else {
            sqlx::query("DELETE FROM seek_players WHERE seek_id = $1 AND player_id = $2")
                .bind(id)
                .bind(player)
                .execute(tx.conn())
                .await?;
        }
        self.lobby_commit(tx).await?;
        Ok(true)
    }

    /// Ends the seeks the player posted and takes it out of the others: it left the lobby.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn player_left_lobby(&self, player: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        // Correspondence seeks stay: their players come and go.
        delete_seeks(
            &mut tx,
            "player_id = $1 AND game_id IS NULL AND days_per_move IS NULL",
            player,
        )
        .await?;
        sqlx::query(
            "DELETE FROM seek_players WHERE player_id = $1 AND seek_id IN \
             (SELECT id FROM seeks WHERE game_id IS NULL AND days_per_move IS NULL)",
        )
        .bind(player)
        .execute(tx.conn())
        .await?;
        self.lobby_commit(tx).await
    }

    /// Renews the seeks of the players whose lobby WebSockets are open on this server.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn renew_seeks(&self, players: &[String]) -> Result<(), StoreError> {
        if players.is_empty() {
            return Ok(());
        }
        let mut tx = self.write().await?;
        let now = now_ms();
        for player in players {
            sqlx::query(
                "UPDATE seeks SET alive_ms = $1 WHERE player_id = $2 AND game_id IS NULL AND days_per_move IS NULL",
            )
            .bind(now)
            .bind(player)
            .execute(tx.conn())
            .await?;
        }
        tx.commit().await
    }

    /// Removes the seeks not renewed since `alive_since` (their poster's server died) and the
    /// games made long ago: whether any open one went.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn sweep_seeks(&self, alive_since: i64) -> Result<bool, StoreError> {
        let stale = sqlx::query("SELECT COUNT(*) FROM seeks WHERE alive_ms < $1")
            .bind(alive_since)
            .fetch_one(&self.pool)
            .await?
            .try_get::<i64, _>(0)?;
        if stale == 0 {
            return Ok(false);
        }
        let mut tx = self.write().await?;
        sqlx::query("DELETE FROM seek_players WHERE seek_id IN (SELECT id FROM seeks WHERE alive_ms < $1)")
            .bind(alive_since)
            .execute(tx.conn())
            .await?;
        sqlx::query("DELETE FROM seeks WHERE alive_ms < $1")
            .bind(alive_since)
            .execute(tx.conn())
            .await?;
        self.lobby_commit(tx).await?;
        Ok(true)
    }

    /// Which of the seeks `ids` became games, with their game, whether that game is stored yet
    /// (it is made just after the seek is taken) and their players: news for their players.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn taken_seeks(&self, ids: &[String]) -> Result<Vec<TakenSeek>, StoreError> {
        let mut out = Vec::new();
        for id in ids {
            let row = sqlx::query(
                "SELECT s.game_id, (SELECT COUNT(*) FROM games g WHERE g.id = s.game_id) FROM seeks s \
                 WHERE s.id = $1 AND s.game_id IS NOT NULL",
            )
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
            if let Some(row) = row {
                let game: String = row.try_get(0)?;
                let stored = row.try_get::<i64, _>(1)? > 0;
                let players = sqlx::query("SELECT player_id FROM seek_players WHERE seek_id = $1")
                    .bind(id)
                    .fetch_all(&self.pool)
                    .await?
                    .iter()
                    .map(|r| r.try_get(0))
                    .collect::<Result<Vec<String>, _>>()?;
                out.push(TakenSeek {
                    id: id.clone(),
                    game,
                    stored,
                    players,
                });
            }
        }
        Ok(out)
    }
}

async fn delete_seeks(tx: &mut Write, filter: &str, value: &str) -> Result<(), StoreError> {
    sqlx::query(&format!(
        "DELETE FROM seek_players WHERE seek_id IN (SELECT id FROM seeks WHERE {filter})"
    ))
    .bind(value)
    .execute(tx.conn())
    .await?;
    sqlx::query(&format!("DELETE FROM seeks WHERE {filter}"))
        .bind(value)
        .execute(tx.conn())
        .await?;
    Ok(())
}

fn seek_row(row: &sqlx::any::AnyRow) -> Result<SeekRow, sqlx::Error> {
    let base: Option<i64> = row.try_get(3)?;
    let increment: Option<i64> = row.try_get(4)?;
    let days: Option<i64> = row.try_get(13)?;
    let clock = match (days, base) {
        (Some(days), _) => Some(ClockSpec::correspondence(u32::try_from(days).unwrap_or(1))),
        (None, Some(base)) => Some(ClockSpec {
            base_ms: base.max(0) as u64,
            increment_ms: increment.unwrap_or(0).max(0) as u64,
            days_per_move: None,
        }),
        (None, None) => None,
    };
    Ok(SeekRow {
        id: row.try_get(0)?,
        player_id: row.try_get(1)?,
        game: row.try_get(2)?,
        clock,
        rated: row.try_get::<i64, _>(5)? != 0,
        colour: row.try_get(6)?,
        seats: row.try_get(7)?,
        bots: row.try_get::<i64, _>(8)? != 0,
        created_ms: row.try_get(9)?,
        game_id: row.try_get(10)?,
        players: Vec::new(),
        variant: row
            .try_get::<Option<String>, _>(11)?
            .zip(row.try_get::<Option<String>, _>(12)?),
    })
}

impl Store {
    /// Marks the game `id` rated: its end changes its players' ratings.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn mark_rated(&self, id: &str) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query("UPDATE games SET rated = 1 WHERE id = $1")
            .bind(id)
            .execute(tx.conn())
            .await?;
        tx.commit().await
    }
}
