//! The server's state: its settings, the database, the games in memory, and the one way a game
//! changes ([`Server::commit`]: worked out, stored, then installed and sent); computer seats
//! play on a bounded pool of blocking threads.
//!
//! A game in memory is a [`GameCell`]: its writers pass a gate one at a time, and the game itself
//! is locked only while it is read or changed in memory, never while the database works, so a
//! read is answered from the game as last acknowledged however long a write waits.

use crate::error::ApiError;
use crate::game::{Entry, LiveGame, SeatKind, SeatState};
use crate::rate::Rate;
use crate::store::{EntryRow, SeatRow, Store, StoreError};
use messhall_records::{Record, Seat};
use messhall_table::{Budget, Choice, GameClock, PlayerSpec, Table};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, MutexGuard, Semaphore};

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
    /// The most WebSocket connections one client may have open at once, over every game.
    pub watchers_per_client: usize,
    /// How long a client has to send a request's headers, and how long a kept-alive connection
    /// may wait for its next request.
    pub header_timeout: Duration,
    /// How long a request may take, its body read included (408 after).
    pub request_timeout: Duration,
    /// The most connections open at once from one peer address (a reverse proxy is one
    /// address: raise it there).
    pub connections_per_address: usize,
    /// How long a shutdown waits for requests under way before closing their connections.
    pub shutdown_grace: Duration,
    /// How long a game not over and untouched stays in memory (one whose clock runs stays).
    pub idle_kept: Duration,
    /// The reverse proxies whose `X-Forwarded-For` / `Forwarded` headers name the client (none
    /// by default: the peer's address is the client).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// This server's name in its log lines and `/health` (by default the host's name).
    pub node: String,
    /// The addresses that may read `/metrics` (behind a trusted proxy, the client's it forwards);
    /// by default the loopback's, `127.0.0.1` and `::1`.
    pub metrics_from: Vec<std::net::IpAddr>,
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
            watchers_per_client: crate::limits::WS_PER_CLIENT,
            header_timeout: Duration::from_secs(crate::limits::HEADER_SECONDS),
            request_timeout: Duration::from_secs(crate::limits::REQUEST_SECONDS),
            connections_per_address: crate::limits::CONNECTIONS_PER_ADDRESS,
            shutdown_grace: Duration::from_secs(crate::limits::SHUTDOWN_SECONDS),
            trusted_proxies: Vec::new(),
            idle_kept: Duration::from_secs(crate::limits::IDLE_SECONDS),
            node: crate::node::default_name(),
            metrics_from: vec![
                std::net::Ipv4Addr::LOCALHOST.into(),
                std::net::Ipv6Addr::LOCALHOST.into(),
            ],
        }
    }
}

/// A game shared between requests.
pub type Shared = Arc<GameCell>;

/// A game in memory and the gate its writers pass one at a time.
pub struct GameCell {
    gate: Mutex<()>,
    live: Mutex<LiveGame>,
    _held: crate::metrics::Counted,
}

/// The right to store a game's next entry, held from reading the game to installing the entry.
pub struct Gate<'a>(#[allow(dead_code)] MutexGuard<'a, ()>);

impl GameCell {
    fn shared(game: LiveGame) -> Shared {
        Arc::new(GameCell {
            gate: Mutex::new(()),
            live: Mutex::new(game),
            _held: crate::metrics::game_held(),
        })
    }

    /// The game, to read or to change in memory (held across no database call).
    pub async fn lock(&self) -> MutexGuard<'_, LiveGame> {
        self.live.lock().await
    }

    /// Waits for the writers before this one; then the game is this writer's to change.
    pub async fn gate(&self) -> Gate<'_> {
        Gate(self.gate.lock().await)
    }

    /// The gate if no writer holds it now.
    pub fn try_gate(&self) -> Option<Gate<'_>> {
        self.gate.try_lock().ok().map(Gate)
    }
}

/// An entry worked out against a game, ready to be stored and then installed.
struct Pending {
    id: String,
    row: EntryRow,
    status: crate::wire::Status,
    result: Option<String>,
    seat_row: Option<SeatRow>,
    next: crate::game::Next,
    kind: &'static str,
}

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
    /// WebSocket connections open per client ([`Config::watchers_per_client`]).
    pub watching: Arc<crate::client::Holds>,
    /// Analyses running or queued per client (one each).
    pub analysing: Arc<crate::client::Holds>,
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
            watching: Arc::default(),
            analysing: Arc::default(),
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
            .or_insert_with(|| GameCell::shared(game))
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
        let shared = GameCell::shared(game);
        self.games.lock().await.insert(id, shared.clone());
        shared
    }

    /// Every game in memory.
    pub async fn all(&self) -> Vec<Shared> {
        self.games.lock().await.values().cloned().collect()
    }

    /// Works `entry` out against `game`, stores it (with `seat_row` when a seat changes hands),
    /// then installs it and sends its events: the one way a game changes. `expected_ply`, when
    /// given, must be the number of entries so far (of two requests made at one ply, one wins).
    /// For a game not yet shared between requests (an import); a shared one goes through
    /// [`Server::commit_shared`].
    ///
    /// # Errors
    /// 409 `stale-ply` when `expected_ply` is not the game's ply or another server stored this
    /// ply first (the game is then read again); the entry's own refusal; 500 when the database
    /// fails (nothing is installed: what is not stored is not acknowledged).
    pub async fn commit(
        &self,
        game: &mut LiveGame,
        entry: Entry,
        expected_ply: Option<i64>,
        seat_row: Option<SeatRow>,
    ) -> Result<(), ApiError> {
        let pending = self.prepare(game, entry, expected_ply, seat_row)?;
        match self.append(&pending).await {
            Ok(()) => {
                Self::install(game, pending);
                Ok(())
            }
            Err(e) => Err(self.refused(game, e).await),
        }
    }

    /// [`Server::commit`] for a shared game whose gate the caller holds: the game is let go while
    /// the database stores the entry (readers see the game as last acknowledged), then locked
    /// again to install it; the game comes back locked.
    ///
    /// # Errors
    /// As [`Server::commit`].
    pub async fn commit_shared<'a>(
        &self,
        _gate: &Gate<'a>,
        shared: &'a GameCell,
        game: MutexGuard<'a, LiveGame>,
        entry: Entry,
        expected_ply: Option<i64>,
        seat_row: Option<SeatRow>,
    ) -> Result<MutexGuard<'a, LiveGame>, ApiError> {
        let pending = self.prepare(&game, entry, expected_ply, seat_row)?;
        drop(game);
        let stored = self.append(&pending).await;
        let mut game = shared.lock().await;
        match stored {
            Ok(()) => {
                Self::install(&mut game, pending);
                Ok(game)
            }
            Err(e) => Err(self.refused(&mut game, e).await),
        }
    }

    fn prepare(
        &self,
        game: &LiveGame,
        entry: Entry,
        expected_ply: Option<i64>,
        seat_row: Option<SeatRow>,
    ) -> Result<Pending, ApiError> {
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
        Ok(Pending {
            kind: entry.kind(),
            id: game.id.clone(),
            row,
            status,
            result,
            seat_row,
            next,
        })
    }

    async fn append(&self, p: &Pending) -> Result<(), StoreError> {
        self.store
            .append(&p.id, &p.row, p.status.name(), p.result.as_deref(), p.seat_row.as_ref())
            .await
    }

    fn install(game: &mut LiveGame, p: Pending) {
        tracing::info!(game = %game.id, ply = game.ply, entry = %p.row.entry, "accepted");
        crate::metrics::entry_stored(p.kind);
        game.install(p.next);
    }

    /// The answer to a write the database refused.
    async fn refused(&self, game: &mut LiveGame, e: StoreError) -> ApiError {
        match e {
            StoreError::Taken(_) => {
                // Another server on the same database stored this ply: this copy is behind.
                // It is read again, so the next request (or computer move) starts from the
                // game as stored instead of being refused at this ply forever.
                if let Err(e) = self.reload(game).await {
                    tracing::warn!(game = %game.id, error = %e, "a game behind the database not reloaded");
                }
                ApiError::conflict("stale-ply", "another request changed the game first")
            }
            e => ApiError::storage(e),
        }
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
        let ply = game.ply;
        let movetime = self.config.ai_movetime;
        let queued_since = Instant::now();
        game.queued_since = Some(queued_since);
        drop(game);
        let permit = self.pool.clone().acquire_owned().await;
        // The clock is changed as a writer changes the game: not while an entry is being stored.
        let gate = shared.gate().await;
        let mut game = shared.lock().await;
        game.queued_since = None;
        // The wait for a thread is the server's, not the player's: its clock runs again from
        // now with the time it had when it began to wait.
        let now = Instant::now();
        if let Some(clock) = game.table.clock()
            && clock.running() == Some(seat)
        {
            let waited = GameClock::with_left(clock.spec(), clock.all_left(queued_since));
            game.table.set_clock(waited, now);
        }
        let table: Table = game.table.clone();
        drop(game);
        drop(gate);
        let thinking_since = Instant::now();
        let thought = tokio::task::spawn_blocking(move || {
            let choice = player.choose(&table, seat, &Budget::movetime(movetime));
            (player, choice)
        })
        .await;
        drop(permit);
        crate::metrics::computer_thought(now - queued_since, thinking_since.elapsed());
        let gate = shared.gate().await;
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
        {
            let id = game.id.clone();
            let entry = Entry::Act { seat, action };
            if let Err(e) = self.commit_shared(&gate, &shared, game, entry, Some(ply), None).await {
                tracing::warn!(game = %id, error = %e, "computer move refused");
            }
        }
        drop(gate);
        // The game may have changed meanwhile (a take-back): the computer looks again.
        self.schedule(&shared);
    }

    /// Ends on time the games whose running clock has run out.
    pub async fn check_flags(self: &Arc<Server>) {
        let now = Instant::now();
        for shared in self.all().await {
            // A game whose writer is busy is looked at on the next round.
            let Some(gate) = shared.try_gate() else { continue };
            let game = shared.lock().await;
            if game.status() != crate::wire::Status::Playing || game.queued_since.is_some() {
                continue;
            }
            let Some(seat) = game.table.clock().and_then(|c| c.flagged(now)) else {
                continue;
            };
            let id = game.id.clone();
            let flag = Entry::Flag { seat };
            if let Err(e) = self.commit_shared(&gate, &shared, game, flag, None, None).await {
                tracing::warn!(game = %id, error = %e, "flag fall not stored");
            }
        }
    }

    /// Lets go of the games nobody uses (they are read again from the database when asked
    /// for): those over for `finished`, and those not over left untouched for `idle` whose clock
    /// does not run (a running clock is watched here for its flag). A game that is watched,
    /// thinking, or locked by a request stays.
    pub async fn evict(&self, finished: Duration, idle: Duration) {
        let mut games = self.games.lock().await;
        let mut gone = Vec::new();
        for (id, shared) in games.iter() {
            // A game a writer is storing stays until the entry is in.
            let Some(_gate) = shared.try_gate() else { continue };
            let Ok(game) = shared.live.try_lock() else { continue };
            let unused = game.thinking.is_none() && game.queued_since.is_none() && game.tx.receiver_count() == 0;
            let over = game.status() == crate::wire::Status::Over;
            let clock_runs = game.table.clock().is_some_and(|c| c.running().is_some());
            if unused
                && ((over && game.touched.elapsed() >= finished)
                    || (!over && !clock_runs && game.touched.elapsed() >= idle))
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
