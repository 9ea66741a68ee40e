//! The server's state: its settings, the database, the games in memory, and the one way a game
//! changes ([`Server::commit`]: worked out, stored, then installed and sent); computer seats
//! play on a bounded pool of blocking threads.

use crate::error::ApiError;
use crate::game::{Entry, LiveGame, SeatKind, SeatState};
use crate::rate::Rate;
use crate::store::{EntryRow, SeatRow, Store, StoreError};
use messhall_records::{Record, Seat};
use messhall_table::{Budget, Choice, PlayerSpec, Table};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, Semaphore};

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database URL (`sqlite:PATH` or `postgres://...`).
    pub db: String,
    /// A computer player's time per move when the game has no clock.
    pub ai_movetime: Duration,
    /// How many computer players think at once (the blocking pool's size).
    pub ai_threads: usize,
    /// An engine's hash table, in MB.
    pub hash_mb: usize,
    /// The most games not over that one client (address) may have created.
    pub games_per_client: i64,
    /// The most games one client may create (or import) per hour, finished ones counted: a
    /// create-and-resign loop cannot fill the disk.
    pub games_per_client_hour: u32,
    /// The most variant files one client may have checked or compiled per minute.
    pub variants_per_client_minute: u32,
    /// Time between WebSocket pings; a connection silent for three is closed.
    pub heartbeat: Duration,
    /// The most events sent to catch a WebSocket client up; a longer gap gets the full state.
    pub catch_up_events: u64,
    /// The most WebSocket connections to one game at once.
    pub watchers_per_game: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            db: String::new(),
            ai_movetime: Duration::from_millis(500),
            ai_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            hash_mb: 4,
            games_per_client: 20,
            games_per_client_hour: 120,
            variants_per_client_minute: 30,
            heartbeat: Duration::from_secs(15),
            catch_up_events: crate::limits::CATCH_UP_EVENTS,
            watchers_per_game: crate::limits::WS_PER_GAME,
        }
    }
}

/// A game shared between requests.
pub type Shared = Arc<Mutex<LiveGame>>;

/// The server.
pub struct Server {
    /// The settings.
    pub config: Config,
    /// The database.
    pub store: Store,
    games: Mutex<HashMap<String, Shared>>,
    pool: Arc<Semaphore>,
    /// Games created per client ([`Config::games_per_client_hour`]).
    pub creates: Rate,
    /// Variant files worked out per client ([`Config::variants_per_client_minute`]).
    pub variant_work: Rate,
    /// Set on shutdown: searches stop, no new ones start.
    pub stopping: AtomicBool,
    /// Tells WebSocket connections the server is shutting down.
    pub shutdown: tokio::sync::watch::Sender<bool>,
}

impl Server {
    /// A server over `store`.
    pub fn new(config: Config, store: Store) -> Arc<Server> {
        let threads = config.ai_threads.max(1);
        Arc::new(Server {
            creates: Rate::new(config.games_per_client_hour, Duration::from_secs(3600)),
            variant_work: Rate::new(config.variants_per_client_minute, Duration::from_secs(60)),
            config,
            store,
            games: Mutex::new(HashMap::new()),
            pool: Arc::new(Semaphore::new(threads)),
            stopping: AtomicBool::new(false),
            shutdown: tokio::sync::watch::Sender::new(false),
        })
    }

    /// Loads every game not over and sets its computer players going again.
    ///
    /// # Errors
    /// [`StoreError`] when the database fails; a game that no longer replays is logged and
    /// skipped.
    pub async fn resume_all(self: &Arc<Server>) -> Result<usize, StoreError> {
        let ids = self.store.unfinished().await?;
        let mut resumed = 0;
        for id in ids {
            match self.game(&id).await {
                Ok(game) => {
                    resumed += 1;
                    self.schedule(&game);
                }
                Err(e) => tracing::error!(game = %id, error = %e, "game not resumed"),
            }
        }
        Ok(resumed)
    }

    /// The game `id`, from memory or rebuilt from the database.
    ///
    /// # Errors
    /// [`ApiError`] 404 when there is none, 500 when it cannot be read or rebuilt.
    pub async fn game(&self, id: &str) -> Result<Shared, ApiError> {
        if id.len() > 64 {
            return Err(ApiError::not_found("no such game"));
        }
        if let Some(game) = self.games.lock().await.get(id) {
            return Ok(game.clone());
        }
        // Rebuilt without holding the map, so other games are served meanwhile; of two
        // rebuilds at once, the first one in stays.
        let game = self.rebuild(id).await?;
        let mut games = self.games.lock().await;
        Ok(games
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(Mutex::new(game)))
            .clone())
    }

    /// The game `id` rebuilt from the database: its setup replayed with its entries.
    async fn rebuild(&self, id: &str) -> Result<LiveGame, ApiError> {
        let Some((row, seats, entries)) = self.store.load(id).await.map_err(ApiError::storage)? else {
            return Err(ApiError::not_found(format!("no game {id}")));
        };
        let mut header = Record::from_json(&row.setup).map_err(ApiError::storage)?;
        let clock = header.clock.take();
        let table = Table::replay(&header).map_err(ApiError::storage)?;
        let kind = table.kind().clone();
        let mut states = Vec::new();
        let mut players = Vec::new();
        for seat in &seats {
            states.push(SeatState {
                kind: match seat.kind.as_str() {
                    "open" => SeatKind::Open,
                    "computer" => SeatKind::Computer,
                    _ => SeatKind::Human,
                },
                player: seat.player.clone(),
                name: seat.name.clone(),
                token_hash: seat.token_hash.clone(),
                join_hash: seat.join_hash.clone(),
            });
            players.push(if seat.kind == "computer" {
                let spec = PlayerSpec::parse(&seat.player).map_err(ApiError::storage)?;
                Some(
                    spec.make(&kind, seat.seat as u64 + 1, self.config.hash_mb)
                        .map_err(ApiError::storage)?,
                )
            } else {
                None
            });
        }
        // The seats as they were at the start: joins are among the entries.
        for (state, seat) in states.iter_mut().zip(&seats) {
            if seat.player == "human" && !entries.is_empty() {
                let joined = entries.iter().any(|e| {
                    serde_json::from_str::<Entry>(&e.entry)
                        .is_ok_and(|x| matches!(x, Entry::Join { seat: s, .. } if s.index() as i64 == seat.seat))
                });
                if joined {
                    state.kind = SeatKind::Open;
                }
            }
        }
        let mut game = LiveGame::new(row.id.clone(), table, states.clone(), players, row.created_ms);
        let now = Instant::now();
        for entry in &entries {
            let parsed: Entry = serde_json::from_str(&entry.entry).map_err(ApiError::storage)?;
            let next = game
                .step(&parsed, now, false)
                .map_err(|e| ApiError::storage(format!("game {id} entry {}: {}", entry.ply, e.message)))?;
            game.install(next);
        }
        // The tokens as stored now (the rebuild only replays who sat where).
        for (state, stored) in game.seats.iter_mut().zip(states) {
            state.token_hash = stored.token_hash;
            state.join_hash = stored.join_hash;
        }
        let last_clock = entries.last().and_then(|e| e.clock.as_deref());
        game.restore_clock(clock, last_clock, now);
        Ok(game)
    }

    /// Brings `game` up to the database, where another server stored entries this one has not
    /// seen: rebuilt from its entries, keeping the connections that watch it (they get the
    /// events they have not had) and the computer players (one may be thinking).
    async fn reload(&self, game: &mut LiveGame) -> Result<(), ApiError> {
        let mut fresh = self.rebuild(&game.id).await?;
        let sent = game.feed.len();
        std::mem::swap(&mut fresh.tx, &mut game.tx);
        std::mem::swap(&mut fresh.players, &mut game.players);
        fresh.thinking = game.thinking.take();
        *game = fresh;
        // The game replays as it was played here up to where this copy stopped, so its first
        // `sent` events are the ones already sent.
        for item in game.feed.iter().skip(sent) {
            let _ = game.tx.send(item.clone());
        }
        Ok(())
    }

    /// Puts a new game in memory.
    pub async fn insert(&self, game: LiveGame) -> Shared {
        let id = game.id.clone();
        let shared = Arc::new(Mutex::new(game));
        self.games.lock().await.insert(id, shared.clone());
        shared
    }

    /// Every game in memory.
    pub async fn all(&self) -> Vec<Shared> {
        self.games.lock().await.values().cloned().collect()
    }

    /// Applies `entry` to the locked `game`: worked out, stored (with `seat_row` when a seat
    /// changes hands), then installed and sent. `expected_ply`, when given, must be the number
    /// of entries so far (the optimistic check: of two requests made at one ply, one wins).
    ///
    /// # Errors
    /// [`ApiError`] when the entry is refused or cannot be stored; nothing changed then.
    pub async fn commit(
        &self,
        game: &mut LiveGame,
        entry: Entry,
        expected_ply: Option<i64>,
        seat_row: Option<SeatRow>,
    ) -> Result<(), ApiError> {
        if let Some(ply) = expected_ply
            && ply != game.ply
        {
            return Err(ApiError::conflict(
                "stale-ply",
                format!("the game is at ply {}, not {ply}", game.ply),
            ));
        }
        let now = Instant::now();
        let next = game.step(&entry, now, true)?;
        let status = crate::game::status(next.table(), &game.seats_after(&entry));
        let result = next.table().result().and_then(|r| serde_json::to_string(r).ok());
        let row = EntryRow {
            ply: game.ply,
            entry: serde_json::to_string(&entry).map_err(ApiError::storage)?,
            clock: LiveGame::clock_json(next.table(), now),
        };
        match self
            .store
            .append(&game.id, &row, status.name(), result.as_deref(), seat_row.as_ref())
            .await
        {
            Ok(()) => {}
            Err(StoreError::Taken(_)) => {
                // Another server on the same database stored this ply: this copy is behind.
                // It is read again, so the next request (or computer move) starts from the
                // game as stored instead of being refused at this ply forever.
                if let Err(e) = self.reload(game).await {
                    tracing::warn!(game = %game.id, error = %e, "a game behind the database not reloaded");
                }
                return Err(ApiError::conflict(
                    "stale-ply",
                    "another request changed the game first",
                ));
            }
            Err(e) => return Err(ApiError::storage(e)),
        }
        tracing::info!(game = %game.id, ply = game.ply, entry = %row.entry, "accepted");
        game.install(next);
        Ok(())
    }

    /// Starts the computer's turn in `game` if a computer seat is to act and none thinks yet
    /// (in a task of its own: the search runs on the blocking pool).
    pub fn schedule(self: &Arc<Server>, shared: &Shared) {
        if self.stopping.load(Ordering::Relaxed) {
            return;
        }
        let turn: std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>> =
            Box::pin(self.clone().computer_turn(shared.clone()));
        tokio::spawn(turn);
    }

    async fn computer_turn(self: Arc<Server>, shared: Shared) {
        let mut game = shared.lock().await;
        if game.thinking.is_some() || game.status() != crate::wire::Status::Playing {
            return;
        }
        let Some(seat) = game.table.turn().seat() else { return };
        if !game.is_computer(seat) {
            return;
        }
        let Some(mut player) = game.players.take(seat) else {
            return;
        };
        let stop = player.stop_flag().unwrap_or_else(|| Arc::new(AtomicBool::new(false)));
        stop.store(false, Ordering::Relaxed);
        game.thinking = Some(stop);
        let table: Table = game.table.clone();
        let ply = game.ply;
        let movetime = self.config.ai_movetime;
        drop(game);
        let permit = self.pool.clone().acquire_owned().await;
        let thought = tokio::task::spawn_blocking(move || {
            let choice = player.choose(&table, seat, &Budget::movetime(movetime));
            (player, choice)
        })
        .await;
        drop(permit);
        let mut game = shared.lock().await;
        game.thinking = None;
        let Ok((player, choice)) = thought else {
            tracing::error!(game = %game.id, "a computer player's thread failed");
            return;
        };
        game.players.put(seat, player);
        if self.stopping.load(Ordering::Relaxed) {
            return;
        }
        if game.ply == ply
            && let Choice::Act(action) = choice
            && let Err(e) = self
                .commit(&mut game, Entry::Act { seat, action }, Some(ply), None)
                .await
        {
            tracing::warn!(game = %game.id, error = %e, "computer move refused");
        }
        drop(game);
        // The game may have changed meanwhile (a take-back): the computer looks again.
        self.schedule(&shared);
    }

    /// Ends on time the games whose running clock has run out.
    pub async fn check_flags(self: &Arc<Server>) {
        let now = Instant::now();
        for shared in self.all().await {
            let mut game = shared.lock().await;
            if game.status() != crate::wire::Status::Playing {
                continue;
            }
            let Some(seat) = game.table.clock().and_then(|c| c.flagged(now)) else {
                continue;
            };
            if let Err(e) = self.commit(&mut game, Entry::Flag { seat }, None, None).await {
                tracing::warn!(game = %game.id, error = %e, "flag fall not stored");
            }
        }
    }

    /// Lets go of the games over for `after` that nobody watches (they are read again from the
    /// database when asked for).
    pub async fn evict_finished(&self, after: Duration) {
        let mut games = self.games.lock().await;
        let mut gone = Vec::new();
        for (id, shared) in games.iter() {
            let Ok(game) = shared.try_lock() else { continue };
            if game.status() == crate::wire::Status::Over
                && game.thinking.is_none()
                && game.tx.receiver_count() == 0
                && game.touched.elapsed() >= after
            {
                gone.push(id.clone());
            }
        }
        for id in gone {
            games.remove(&id);
        }
    }

    /// Stops every search under way and keeps new ones from starting (shutdown).
    pub async fn stop_searches(&self) {
        self.stopping.store(true, Ordering::Relaxed);
        self.shutdown.send_replace(true);
        for shared in self.all().await {
            if let Some(stop) = &shared.lock().await.thinking {
                stop.store(true, Ordering::Relaxed);
            }
        }
    }
}

impl LiveGame {
    /// The seats as they will be after `entry` (a join fills one).
    pub fn seats_after(&self, entry: &Entry) -> Vec<SeatState> {
        let mut seats = self.seats.clone();
        if let Entry::Join { seat, .. } = entry
            && let Some(s) = seats.get_mut(seat.index())
        {
            s.kind = SeatKind::Human;
        }
        seats
    }

    /// The seat whose token is `token`, if any.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.token_hash.as_deref().is_some_and(|h| crate::token::matches(token, h)))
            .map(|i| Seat(i as u8))
    }
}
