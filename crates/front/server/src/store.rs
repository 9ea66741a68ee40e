//! Storage: SQLite (the embedded default, in WAL mode) or PostgreSQL, through one pool and the
//! same plain-SQL migrations (`migrations/`, embedded by `sqlx::migrate!`), applied on start. A game is its record's setup plus its entries,
//! appended one per accepted action in the transaction that acknowledges it.

use sqlx::any::{AnyPoolOptions, AnyRow, install_default_drivers};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Executor, Row};

mod chat;
mod lobby;
mod players;
mod presence;
mod ratings;
mod rematch;
mod reports;
mod studio;
pub use chat::ChatRow;
pub use lobby::{Joined, SeekRow, TakenSeek};
pub use players::PlayerRow;
pub use presence::PresenceRow;
pub use ratings::{HistoryRow, RatingRow};
pub use reports::{Renewed, ReportRow};
pub use studio::{NewVersion, StudioLimits, StudioRefusal, StudioRow, VersionRow};

/// The migrations of `migrations/`, in order.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// Where servers before `sqlx::migrate!` recorded the versions they applied.
const OLD_MIGRATIONS_TABLE: &str = "schema_migrations";

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database URL names no database we use.
    #[error("database URL \"{0}\": expected sqlite:PATH or postgres://...")]
    Url(String),
    /// The database refused or failed.
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    /// Another request stored that ply first.
    #[error("ply {0} was stored by another request")]
    Taken(i64),
    /// The client has as many games not over as it may.
    #[error("at most {0} games not over per client")]
    TooManyGames(i64),
}

/// The database.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    sqlite: bool,
    url: String,
    /// SQLite's news of appended entries, in-process (PostgreSQL's goes through the database).
    appended: tokio::sync::broadcast::Sender<crate::notify::Notice>,
    /// Wakes this process's workers when a job is written here (other servers hear of it
    /// through PostgreSQL, or find it when they next look).
    pub jobs_written: std::sync::Arc<tokio::sync::Notify>,
    /// Wakes this process's lobby when a seek changed (here, or on PostgreSQL anywhere: the
    /// notice loop passes it on).
    pub lobby_news: std::sync::Arc<tokio::sync::Notify>,
}

impl std::fmt::Debug for Store {
    // Without the URL, which may hold a password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("sqlite", &self.sqlite)
            .finish_non_exhaustive()
    }
}

/// A game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// Its record's setup (a record without actions), JSON.
    pub setup: String,
    /// `waiting`, `playing` or `over`.
    pub status: String,
    /// The result, JSON, once over.
    pub result: Option<String>,
    /// When it was created and last changed, in ms since 1970.
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
    /// Whether `GET /api/games` shows it (otherwise it is found only by its link).
    pub listed: bool,
}

/// A seat's row.
#[derive(Clone, Debug)]
pub struct SeatRow {
    /// The seat.
    pub seat: i64,
    /// `open`, `human` or `computer`.
    pub kind: String,
    /// The player specification (`human`, `level=3`, `rules`...).
    pub player: String,
    /// The name shown.
    pub name: String,
    /// The hash of the seat's token, once taken by a person.
    pub token_hash: Option<String>,
    /// The hash of the join code, while open.
    pub join_hash: Option<String>,
    /// The player who holds it, when a browser's session took it.
    pub player_id: Option<String>,
}

/// A computer seat's move to make: a row of `jobs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The game.
    pub game_id: String,
    /// The ply the move is to be stored at.
    pub ply: i64,
    /// The seat to move.
    pub seat: i64,
    /// When the job was written (the seat's turn began), in ms since 1970.
    pub created_ms: i64,
    /// How many times it was claimed (more than once: a worker died or gave it back).
    pub tries: i64,
}

/// An entry's row.
#[derive(Clone, Debug)]
pub struct EntryRow {
    /// Its number, from 0.
    pub ply: i64,
    /// The entry, JSON.
    pub entry: String,
    /// Each seat's time left after it, JSON, in a game with a clock.
    pub clock: Option<String>,
    /// When it was stored, in ms since 1970 (an entry being appended is stored with this time).
    pub stored_ms: i64,
}

/// Milliseconds since 1970.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Store {
    /// Opens (creating a SQLite file if needed) and migrates the database at `url`.
    ///
    /// # Errors
    /// [`StoreError`] for a URL of another kind, or a database that cannot be opened or migrated.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        if !sqlite && !url.starts_with("postgres://") && !url.starts_with("postgresql://") {
            return Err(StoreError::Url(messhall_rules::echo(url)));
        }
        let url = if sqlite && !url.contains('?') && !url.contains(":memory:") {
            format!("{url}?mode=rwc")
        } else {
            url.to_string()
        };
        let wait = std::time::Duration::from_secs(crate::limits::DATABASE_SECONDS);
        if !sqlite {
            // One plain connection first: a server down says "connection refused" at once,
            // where the pool would retry until its timeout and say only that.
            let probe = tokio::time::timeout(wait, AnyConnection::connect(&url))
                .await
                .map_err(|_| StoreError::Sql(sqlx::Error::PoolTimedOut))??;
            let _ = probe.close().await;
        }
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 8 })
            // A database gone does not hold requests (and the game locks they hold) for long.
            .acquire_timeout(wait)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // Every commit reaches the disk before it is acknowledged; writers wait
                        // for each other instead of failing.
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        if sqlite {
            sqlx::query("PRAGMA journal_mode = WAL").execute(&pool).await?;
        }
        let store = Store {
            pool,
            sqlite,
            url: url.clone(),
            appended: tokio::sync::broadcast::Sender::new(1024),
            lobby_news: std::sync::Arc::default(),
            jobs_written: std::sync::Arc::default(),
        };
        store.migrate().await?;
        Ok(store)
    }

    /// Whether this is SQLite.
    pub fn is_sqlite(&self) -> bool {
        self.sqlite
    }

    /// Applies the migrations not yet applied (on PostgreSQL under the migrator's advisory
    /// lock, so servers starting together on one database migrate it once), after adopting the
    /// record of a database migrated by an older server.
    async fn migrate(&self) -> Result<(), StoreError> {
        self.adopt_old_migrations().await?;
        MIGRATOR.run(&self.pool).await.map_err(|e| StoreError::Sql(e.into()))?;
        Ok(())
    }

    /// Moves the versions an older server recorded in `schema_migrations` (its own table) to
    /// sqlx's table, with the checksums of the same files, so they are not applied twice; then
    /// drops the old table. Does nothing on a new database or one adopted already.
    async fn adopt_old_migrations(&self) -> Result<(), StoreError> {
        use sqlx::migrate::Migrate;
        let mut tx = self.pool.begin().await?;
        if !self.sqlite {
            // The same lock as the older servers took to migrate.
            sqlx::query("SELECT pg_advisory_xact_lock(4242424242)")
                .execute(&mut *tx)
                .await?;
        }
        let exists = if self.sqlite {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = $1"
        } else {
            "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1"
        };
        let old = sqlx::query(exists)
            .bind(OLD_MIGRATIONS_TABLE)
            .fetch_optional(&mut *tx)
            .await?;
        if old.is_none() {
            return Ok(());
        }
        tx.ensure_migrations_table()
            .await
            .map_err(|e| StoreError::Sql(e.into()))?;
        let applied: Vec<i64> = sqlx::query(&format!("SELECT version FROM {OLD_MIGRATIONS_TABLE}"))
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|row| row.try_get::<i64, _>(0))
            .collect::<Result<_, _>>()?;
        for migration in MIGRATOR.iter().filter(|m| applied.contains(&m.version)) {
            sqlx::query(
                "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
                 VALUES ($1, $2, TRUE, $3, 0)",
            )
            .bind(migration.version)
            .bind(migration.description.to_string())
            .bind(migration.checksum.to_vec())
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(&format!("DROP TABLE {OLD_MIGRATIONS_TABLE}"))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The SQLite journal mode (`wal`), or `None` for PostgreSQL.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn journal_mode(&self) -> Result<Option<String>, StoreError> {
        if !self.sqlite {
            return Ok(None);
        }
        let row = sqlx::query("PRAGMA journal_mode").fetch_one(&self.pool).await?;
        Ok(Some(row.try_get::<String, _>(0)?))
    }

    /// Stores a new game with its seats (and the published variant and version it is made from,
    /// `origin`), unless `client` has `open_limit` games not over already: counted in the same
    /// transaction as the insert, so creates in parallel cannot pass the limit together.
    ///
    /// # Errors
    /// [`StoreError::TooManyGames`], [`StoreError::Sql`]; nothing is stored then.
    pub async fn create_game(
        &self,
        game: &GameRow,
        client: &str,
        seats: &[SeatRow],
        open_limit: i64,
        job: Option<i64>,
        origin: Option<(&str, &str)>,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        // SQLite's write lock (BEGIN IMMEDIATE) already orders writers; PostgreSQL's readers
        // do not wait for each other, so one client's creates queue on a lock of their own.
        if !self.sqlite {
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                .bind(client)
                .execute(tx.conn())
                .await?;
        }
        let open: i64 = sqlx::query("SELECT COUNT(*) FROM games WHERE client = $1 AND status <> 'over'")
            .bind(client)
            .fetch_one(tx.conn())
            .await?
            .try_get(0)?;
        if open >= open_limit {
            tx.rollback().await?;
            return Err(StoreError::TooManyGames(open_limit));
        }
        sqlx::query(
            "INSERT INTO games (id, game, setup, status, result, client, created_ms, updated_ms, listed) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&game.id)
        .bind(&game.game)
        .bind(&game.setup)
        .bind(&game.status)
        .bind(game.result.clone())
        .bind(client)
        .bind(game.created_ms)
        .bind(game.updated_ms)
        .bind(i64::from(game.listed))
        .execute(tx.conn())
        .await?;
        for seat in seats {
            sqlx::query(
                "INSERT INTO seats (game_id, seat, kind, player, name, token_hash, join_hash, player_id) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&game.id)
            .bind(seat.seat)
            .bind(&seat.kind)
            .bind(&seat.player)
            .bind(&seat.name)
            .bind(seat.token_hash.clone())
            .bind(seat.join_hash.clone())
            .bind(seat.player_id.clone())
            .execute(tx.conn())
            .await?;
        }
        if let Some(origin) = origin {
            self.record_origin(&mut tx, &game.id, origin).await?;
        }
        if let Some(seat) = job {
            self.write_job(&mut tx, &game.id, 0, seat).await?;
        }
        tx.commit().await?;
        if job.is_some() {
            self.jobs_written.notify_waiters();
        }
        Ok(())
    }

    /// Appends entry `ply` of game `id` and the game's status, in one transaction; a seat that
    /// changes hands with it (a join) is updated in the same transaction, and only if its join
    /// code is still the one given.
    ///
    /// # Errors
    /// [`StoreError::Taken`] when that ply or that seat was taken first; [`StoreError::Sql`].
    pub async fn append(
        &self,
        id: &str,
        entry: &EntryRow,
        status: &str,
        result: Option<&str>,
        seat: Option<&SeatRow>,
        job: Option<i64>,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        if let Some(seat) = seat {
            let done = sqlx::query(
                "UPDATE seats SET kind = $1, name = $2, token_hash = $3, join_hash = NULL, player_id = $7 \
                 WHERE game_id = $4 AND seat = $5 AND join_hash = $6",
            )
            .bind(&seat.kind)
            .bind(&seat.name)
            .bind(seat.token_hash.clone())
            .bind(id)
            .bind(seat.seat)
            .bind(seat.join_hash.clone())
            .bind(seat.player_id.clone())
            .execute(tx.conn())
            .await?;
            if done.rows_affected() != 1 {
                tx.rollback().await?;
                return Err(StoreError::Taken(entry.ply));
            }
        }
        let inserted =
            sqlx::query("INSERT INTO entries (game_id, ply, entry, clock, created_ms) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(entry.ply)
                .bind(&entry.entry)
                .bind(entry.clock.clone())
                .bind(entry.stored_ms)
                .execute(tx.conn())
                .await;
        if let Err(e) = inserted {
            if let sqlx::Error::Database(db) = &e
                && db.is_unique_violation()
            {
                tx.rollback().await?;
                return Err(StoreError::Taken(entry.ply));
            }
            return Err(e.into());
        }
        sqlx::query("UPDATE games SET status = $1, result = $2, updated_ms = $3 WHERE id = $4")
            .bind(status)
            .bind(result.map(str::to_string))
            .bind(now_ms())
            .bind(id)
            .execute(tx.conn())
            .await?;
        // The entry at this ply settles the job of this ply (and any older one left over).
        sqlx::query("DELETE FROM jobs WHERE game_id = $1 AND ply <= $2")
            .bind(id)
            .bind(entry.ply)
            .execute(tx.conn())
            .await?;
        if let Some(seat) = job {
            self.write_job(&mut tx, id, entry.ply + 1, seat).await?;
        }
        if !self.sqlite {
            // Delivered to every server listening when (and only if) this commits.
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(crate::notify::CHANNEL)
                .bind(crate::notify::payload(id, entry.ply))
                .execute(tx.conn())
                .await?;
        }
        tx.commit().await?;
        if self.sqlite {
            // Nobody may be listening: that is no error.
            let _ = self.appended.send(crate::notify::Notice::Entry {
                id: id.to_string(),
                ply: entry.ply,
            });
        }
        if job.is_some() {
            self.jobs_written.notify_waiters();
        }
        Ok(())
    }

    /// Writes the job of `seat`'s move at `ply` in a transaction under way (on PostgreSQL,
    /// announced to the other servers' workers when it commits).
    async fn write_job(&self, tx: &mut Write, id: &str, ply: i64, seat: i64) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO jobs (game_id, ply, seat, created_ms) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
            .bind(id)
            .bind(ply)
            .bind(seat)
            .bind(now_ms())
            .execute(tx.conn())
            .await?;
        if !self.sqlite {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(crate::notify::JOBS_CHANNEL)
                .bind(id)
                .execute(tx.conn())
                .await?;
        }
        Ok(())
    }

    /// Makes sure a game not over whose computer seat is to act at `ply` has its job (a game
    /// stored before jobs were, or whose job was lost): nothing if it has one.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn ensure_job(&self, id: &str, ply: i64, seat: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        self.write_job(&mut tx, id, ply, seat).await?;
        tx.commit().await?;
        self.jobs_written.notify_waiters();
        Ok(())
    }

    /// Claims the oldest job free to take (never claimed, released, or its lease run out) for
    /// `worker` until `lease` from now; `None` when there is none. On PostgreSQL the rows other
    /// servers are claiming are skipped (`FOR UPDATE SKIP LOCKED`); SQLite has one writer at a
    /// time.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn claim(&self, worker: &str, lease: std::time::Duration) -> Result<Option<Job>, StoreError> {
        let now = now_ms();
        let pick = if self.sqlite {
            "SELECT game_id, ply FROM jobs WHERE lease_ms < $3 ORDER BY created_ms LIMIT 1"
        } else {
            "SELECT game_id, ply FROM jobs WHERE lease_ms < $3 ORDER BY created_ms LIMIT 1 FOR UPDATE SKIP LOCKED"
        };
        let sql = format!(
            "UPDATE jobs SET worker = $1, lease_ms = $2, tries = tries + 1 WHERE (game_id, ply) IN ({pick}) \
             RETURNING game_id, ply, seat, created_ms, tries"
        );
        let mut tx = self.write().await?;
        let row = sqlx::query(&sql)
            .bind(worker)
            .bind(now + lease.as_millis() as i64)
            .bind(now)
            .fetch_optional(tx.conn())
            .await?;
        tx.commit().await?;
        row.map(|r| {
            Ok(Job {
                game_id: r.try_get(0)?,
                ply: r.try_get(1)?,
                seat: r.try_get(2)?,
                created_ms: r.try_get(3)?,
                tries: r.try_get(4)?,
            })
        })
        .transpose()
    }

    /// Renews `worker`'s lease on `job` until `lease` from now; `false` when the job is no
    /// longer its (done, or taken by another after the lease ran out).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn renew(&self, job: &Job, worker: &str, lease: std::time::Duration) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE jobs SET lease_ms = $1 WHERE game_id = $2 AND ply = $3 AND worker = $4")
            .bind(now_ms() + lease.as_millis() as i64)
            .bind(&job.game_id)
            .bind(job.ply)
            .bind(worker)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Gives `job` back for any worker to take now (a server shutting down).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn release(&self, job: &Job, worker: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE jobs SET lease_ms = 0, worker = NULL WHERE game_id = $1 AND ply = $2 AND worker = $3")
            .bind(&job.game_id)
            .bind(job.ply)
            .bind(worker)
            .execute(&self.pool)
            .await?;
        self.jobs_written.notify_waiters();
        Ok(())
    }

    /// Removes a job its game has left behind (the game moved past its ply, or it is over).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn drop_job(&self, job: &Job) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM jobs WHERE game_id = $1 AND ply = $2")
            .bind(&job.game_id)
            .bind(job.ply)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// How many jobs wait for a worker and how many are held (leased), for the operator.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn job_counts(&self) -> Result<(i64, i64), StoreError> {
        let row = sqlx::query(
            "SELECT COALESCE(SUM(CASE WHEN lease_ms < $1 THEN 1 ELSE 0 END), 0), \
             COALESCE(SUM(CASE WHEN lease_ms >= $1 THEN 1 ELSE 0 END), 0) FROM jobs",
        )
        .bind(now_ms())
        .fetch_one(&self.pool)
        .await?;
        Ok((row.try_get(0)?, row.try_get(1)?))
    }

    /// Where this server hears of entries appended to its games, by itself or (on PostgreSQL) by
    /// other servers on the same database.
    ///
    /// # Errors
    /// [`StoreError::Sql`] when PostgreSQL's listener cannot connect.
    pub async fn notices(&self) -> Result<crate::notify::Notices, StoreError> {
        if self.sqlite {
            Ok(crate::notify::Notices::Local(self.appended.subscribe()))
        } else {
            Ok(crate::notify::Notices::postgres(&self.url).await?)
        }
    }

    /// A game's row, seats and entries.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<SeatRow>, Vec<EntryRow>)>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT id, game, setup, status, result, created_ms, updated_ms, listed FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let seats = self.seats(id).await?;
        let entries = self
            .rows_of(
                "SELECT ply, entry, clock, created_ms FROM entries WHERE game_id = $1 ORDER BY ply",
                id,
                entry_row,
            )
            .await?;
        Ok(Some((game, seats, entries)))
    }

    /// A game's entries from `ply` on, in order: what another server stored that this one has
    /// not seen.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn entries_from(&self, id: &str, ply: i64) -> Result<Vec<EntryRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT ply, entry, clock, created_ms FROM entries WHERE game_id = $1 AND ply >= $2 ORDER BY ply",
        )
        .bind(id)
        .bind(ply)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(entry_row).collect::<Result<Vec<_>, _>>()?)
    }

    /// A game's seats as stored now, with their token and join hashes.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn seats(&self, id: &str) -> Result<Vec<SeatRow>, StoreError> {
        self.rows_of(
            "SELECT seat, kind, player, name, token_hash, join_hash, player_id FROM seats WHERE game_id = $1 ORDER BY seat",
            id,
            |r| seat_row(r, true),
        )
        .await
    }

    /// The ids of the games not over, oldest first (resumed on start).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE status <> 'over' ORDER BY created_ms")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get(0).map_err(StoreError::from)).collect()
    }

    /// How many games not over `client` created.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn open_games_of(&self, client: &str) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) FROM games WHERE client = $1 AND status <> 'over'")
            .bind(client)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get(0)?)
    }

    /// Listed games by status (`None`: all) and by a player's name, newest first, at most `limit`.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn list(
        &self,
        status: Option<&str>,
        player: Option<&str>,
        limit: i64,
    ) -> Result<Vec<(GameRow, Vec<SeatRow>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, setup, status, result, created_ms, updated_ms, listed FROM games \
             WHERE listed = 1 AND ($1 = '' OR status = $1 OR ($1 = 'ongoing' AND status <> 'over')) \
             AND ($2 = '' OR id IN (SELECT game_id FROM seats WHERE name = $2)) \
             ORDER BY updated_ms DESC, id LIMIT $3",
        )
        .bind(status.unwrap_or_default())
        .bind(player.unwrap_or_default())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::new();
        for row in &rows {
            let game = game_row(row)?;
            let seats = self
                .rows_of(
                    "SELECT seat, kind, player, name FROM seats WHERE game_id = $1 ORDER BY seat",
                    &game.id,
                    |r| seat_row(r, false),
                )
                .await?;
            games.push((game, seats));
        }
        Ok(games)
    }

    /// The rows `sql` selects for the game `id` (its `$1`), each read by `read`.
    async fn rows_of<T>(
        &self,
        sql: &str,
        id: &str,
        read: impl Fn(&AnyRow) -> Result<T, sqlx::Error>,
    ) -> Result<Vec<T>, StoreError> {
        let rows = sqlx::query(sql).bind(id).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(read).collect::<Result<Vec<_>, sqlx::Error>>()?)
    }

    /// Whether the database takes a write: one row rewritten and committed, so a full disk or a
    /// lost lock shows here and not only when a move is refused.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn ping(&self) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query(
            "INSERT INTO health (id, written_ms) VALUES (1, $1) \
             ON CONFLICT (id) DO UPDATE SET written_ms = excluded.written_ms",
        )
        .bind(now_ms())
        .execute(tx.conn())
        .await?;
        tx.commit().await
    }

    /// A write transaction on a connection of its own (on SQLite taking the write lock at once,
    /// so writers queue on the busy timeout instead of failing on an upgrade).
    ///
    /// # Errors
    /// [`StoreError::Sql`] when no connection is free or the transaction cannot begin.
    async fn write(&self) -> Result<Write, StoreError> {
        let mut tx = Write {
            conn: self.pool.acquire().await?,
            done: false,
        };
        tx.conn()
            .execute(if self.sqlite { "BEGIN IMMEDIATE" } else { "BEGIN" })
            .await?;
        Ok(tx)
    }

    /// Closes the pool (on shutdown, after the last write).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// A write transaction. One that is not ended cleanly (a failed statement or COMMIT, or a
/// request dropped half-way) closes its connection instead of handing it back to the pool:
/// SQLite may have rolled the transaction back on its own (a full disk) or kept it open
/// holding the write lock, and a pooled connection in either state would turn every later
/// transaction on it into one that never reaches the disk or never gets the lock.
struct Write {
    conn: PoolConnection<Any>,
    done: bool,
}

impl Write {
    fn conn(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }

    /// Commits; on failure the connection is discarded (nothing of it was stored).
    async fn commit(mut self) -> Result<(), StoreError> {
        self.conn().execute("COMMIT").await?;
        self.done = true;
        Ok(())
    }

    /// Rolls back (a conflict found in the transaction); on failure the connection is discarded.
    async fn rollback(mut self) -> Result<(), StoreError> {
        self.conn().execute("ROLLBACK").await?;
        self.done = true;
        Ok(())
    }
}

impl Drop for Write {
    fn drop(&mut self) {
        if !self.done {
            self.conn.close_on_drop();
        }
    }
}

/// A seat's row; its token and join hashes only when `with_secrets` (they were selected).
fn seat_row(row: &AnyRow, with_secrets: bool) -> Result<SeatRow, sqlx::Error> {
    Ok(SeatRow {
        seat: row.try_get(0)?,
        kind: row.try_get(1)?,
        player: row.try_get(2)?,
        name: row.try_get(3)?,
        token_hash: if with_secrets { row.try_get(4)? } else { None },
        join_hash: if with_secrets { row.try_get(5)? } else { None },
        player_id: if with_secrets { row.try_get(6)? } else { None },
    })
}

fn entry_row(row: &AnyRow) -> Result<EntryRow, sqlx::Error> {
    Ok(EntryRow {
        ply: row.try_get(0)?,
        entry: row.try_get(1)?,
        clock: row.try_get(2)?,
        stored_ms: row.try_get(3)?,
    })
}

fn game_row(row: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: row.try_get(0)?,
        game: row.try_get(1)?,
        setup: row.try_get(2)?,
        status: row.try_get(3)?,
        result: row.try_get(4)?,
        created_ms: row.try_get(5)?,
        updated_ms: row.try_get(6)?,
        listed: row.try_get::<i64, _>(7)? != 0,
    })
}
