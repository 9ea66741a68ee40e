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
use messhall_table::Table;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, MutexGuard};

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database URL (`sqlite:PATH` or `postgres://...`).
    pub db: String,
    /// A computer player's time per move when the game has no clock.
    pub ai_movetime: Duration,
    /// How many computer moves this server thinks at once (its workers; 0: none, other servers'
    /// workers think them).
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
    /// The most anonymous players (browser sessions) one client may start per hour.
    pub players_per_client_hour: u32,
    /// The most logins and registrations one client, and one login name, may try per minute.
    pub logins_per_client_minute: u32,
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
    /// How long a timed game's seat to move must have been gone during its move before the other
    /// side may claim the win or a draw.
    pub claim_after: Duration,
    /// How long a seat to move must have been gone during its move before the server ends the
    /// game (a clock's base time, when longer, is waited for instead); not in correspondence.
    pub abandoned_after: Duration,
    /// How often this server vouches for its WebSockets and reads its games' presence again
    /// ([`crate::presence`]).
    pub presence_beat: Duration,
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
            players_per_client_hour: 60,
            logins_per_client_minute: 10,
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
            claim_after: Duration::from_secs(crate::limits::CLAIM_SECONDS),
            abandoned_after: Duration::from_secs(crate::limits::ABANDONED_SECONDS),
            presence_beat: Duration::from_secs(crate::limits::PRESENCE_BEAT_SECONDS),
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
    /// The computer seat the entry hands the turn to: its job is written with the entry.
    job: Option<Seat>,
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
    /// Games created per client ([`Config::games_per_client_hour`]).
    pub creates: Rate,
    /// Variant files worked out per client ([`Config::variants_per_client_minute`]).
    pub variant_work: Rate,
    /// The limits on new players and password tries.
    pub accounts: crate::accounts::Guards,
    /// The lobby's seeks as last read, and its WebSockets.
    pub lobby: crate::lobby::Lobby,
    /// Chat messages per writer: five in ten seconds.
    pub chatting: Rate,
    /// WebSocket connections open per client ([`Config::watchers_per_client`]).
    pub watching: Arc<crate::client::Holds>,
    /// Analyses running or queued per client (one each).
    pub analysing: Arc<crate::client::Holds>,
    /// How many computer moves this server's workers have set out to think.
    pub searches: std::sync::atomic::AtomicU64,
    /// Set on shutdown: searches stop, no new ones start.
    pub stopping: AtomicBool,
    /// Tells WebSocket connections the server is shutting down.
    pub shutdown: tokio::sync::watch::Sender<bool>,
    /// This process's name in the `presence` table: its node's and a random one, so that two
    /// processes never count each other's WebSockets.
    pub process: String,
}

impl Server {
    /// A server over `store`.
    pub fn new(config: Config, store: Store) -> Arc<Server> {
        let random = crate::token::game_id().unwrap_or_else(|_| crate::store::now_ms().to_string());
        Arc::new(Server {
            process: format!("{}/{random}", config.node),
            creates: Rate::new(config.games_per_client_hour, Duration::from_secs(3600)),
            variant_work: Rate::new(config.variants_per_client_minute, Duration::from_secs(60)),
            accounts: crate::accounts::Guards::new(&config),
            lobby: crate::lobby::Lobby::default(),
            chatting: Rate::new(5, Duration::from_secs(10)),
            config,
            store,
            games: Mutex::new(HashMap::new()),
            watching: Arc::default(),
            analysing: Arc::default(),
            searches: std::sync::atomic::AtomicU64::new(0),
            stopping: AtomicBool::new(false),
            shutdown: tokio::sync::watch::Sender::new(false),
        })
    }

    /// Loads every game not over and makes sure each whose computer seat is to act has its job
    /// (games stored before jobs were; a job any server's workers then take).
    ///
    /// # Errors
    /// [`StoreError`] when the database fails; a game that no longer replays is logged and
    /// skipped.
    pub async fn resume_all(self: &Arc<Server>) -> Result<usize, StoreError> {
        for id in self.store.unsettled_ratings().await? {
            settle_ratings(&self.store, &id).await;
        }
        let ids = self.store.unfinished().await?;
        let mut resumed = 0;
        for id in ids {
            match self.game(&id).await {
                Ok(shared) => {
                    resumed += 1;
                    let game = shared.lock().await;
                    if let Some(seat) = game.computer_to_act() {
                        self.store.ensure_job(&id, game.ply, i64::from(seat.0)).await?;
                    }
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
        let mut game = self.rebuild(id).await?;
        game.claim_after = self.config.claim_after;
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
        let mut states = Vec::new();
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
                player_id: seat.player_id.clone(),
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
        let mut game = LiveGame::new(row.id.clone(), table, states.clone(), row.created_ms);
        game.listed = row.listed;
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
            state.player_id = stored.player_id;
        }
        let last_clock = entries.last().and_then(|e| e.clock.as_deref());
        game.restore_clock(clock, last_clock, now);
        game.turn_since_ms = entries.last().map_or(row.created_ms, |e| e.stored_ms);
        Ok(game)
    }

    /// The game for a writer: its gate taken, then the game brought up to the database (entries
    /// another server stored since this one last looked), and locked. The database is read
    /// with the game unlocked, so readers are answered meanwhile.
    ///
    /// # Errors
    /// 500 when the database cannot be read or a stored entry does not replay.
    pub async fn write<'a>(&self, shared: &'a GameCell) -> Result<(Gate<'a>, MutexGuard<'a, LiveGame>), ApiError> {
        let gate = shared.gate().await;
        let game = self.catch_up(&gate, shared).await?;
        Ok((gate, game))
    }

    /// A game to read: as held here, which the news of other servers' entries keeps current;
    /// caught up with the database first when news came that is not read yet (a client that
    /// acted through one server and reads through another then sees its action). A read waits
    /// for no write: while one is under way here (it caught the game up as it began), and when
    /// the database does not answer, the game is read as last acknowledged here.
    pub async fn read<'a>(&self, shared: &'a GameCell) -> MutexGuard<'a, LiveGame> {
        {
            let game = shared.lock().await;
            if !game.behind {
                return game;
            }
        }
        let Some(gate) = shared.try_gate() else {
            return shared.lock().await;
        };
        match self.catch_up(&gate, shared).await {
            Ok(game) => game,
            Err(e) => {
                tracing::warn!(error = %e, "a game read without catching up");
                shared.lock().await
            }
        }
    }

    /// Brings a game whose gate the caller holds up to the database; it comes back locked.
    pub(crate) async fn catch_up<'a>(
        &self,
        _gate: &Gate<'a>,
        shared: &'a GameCell,
    ) -> Result<MutexGuard<'a, LiveGame>, ApiError> {
        let (id, held) = {
            let mut game = shared.lock().await;
            // News that comes from here on is read again.
            game.behind = false;
            (game.id.clone(), game.ply)
        };
        let rows = match self.store.entries_from(&id, held).await {
            Ok(rows) => rows,
            Err(e) => {
                shared.lock().await.behind = true;
                return Err(ApiError::storage(e));
            }
        };
        let entries = rows
            .iter()
            .map(|r| serde_json::from_str::<Entry>(&r.entry))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| ApiError::storage(format!("game {id}: a stored entry does not read: {e}")))?;
        let seats = if entries.iter().any(|e| matches!(e, Entry::Join { .. })) {
            match self.store.seats(&id).await {
                Ok(seats) => Some(seats),
                Err(e) => {
                    shared.lock().await.behind = true;
                    return Err(ApiError::storage(e));
                }
            }
        } else {
            None
        };
        let mut game = shared.lock().await;
        if !rows.is_empty() {
            apply_stored(&mut game, &rows, &entries, seats)?;
            tracing::info!(game = %id, from = held, to = game.ply, "caught up with the database");
        }
        Ok(game)
    }

    /// Follows the news of stored entries (the store's [`crate::notify::Notices`]) until
    /// shutdown: each game held here that another server changed is caught up at once, so its
    /// WebSockets get the events; after news may have been missed, every game held is.
    pub async fn follow(self: Arc<Server>, mut notices: crate::notify::Notices) {
        let mut stopping = self.shutdown.subscribe();
        loop {
            let notice = tokio::select! {
                notice = notices.next() => notice,
                _ = stopping.wait_for(|s| *s) => return,
            };
            let games: Vec<Shared> = match notice {
                crate::notify::Notice::Entry { id, ply } => {
                    let held = self.games.lock().await.get(&id).cloned();
                    let Some(shared) = held else { continue };
                    let mut game = shared.lock().await;
                    // Past that ply already: this server stored it.
                    if game.ply > ply {
                        continue;
                    }
                    game.behind = true;
                    drop(game);
                    vec![shared]
                }
                crate::notify::Notice::Jobs => {
                    self.store.jobs_written.notify_waiters();
                    Vec::new()
                }
                crate::notify::Notice::Lobby => {
                    self.store.lobby_news.notify_one();
                    Vec::new()
                }
                crate::notify::Notice::Presence { id } => {
                    let held = self.games.lock().await.get(&id).cloned();
                    if let Some(shared) = held {
                        let server = self.clone();
                        tokio::spawn(async move {
                            if let Err(e) = server.refresh_presence(&shared).await {
                                tracing::warn!(error = %e, "presence not read");
                            }
                        });
                    }
                    Vec::new()
                }
                crate::notify::Notice::Resync => {
                    // A job's or the lobby's news may have been missed too.
                    self.store.jobs_written.notify_waiters();
                    self.store.lobby_news.notify_one();
                    let games = self.all().await;
                    for shared in &games {
                        shared.lock().await.behind = true;
                        // A seat's coming or going may have been missed too.
                        let (server, shared) = (self.clone(), shared.clone());
                        tokio::spawn(async move {
                            if let Err(e) = server.refresh_presence(&shared).await {
                                tracing::warn!(error = %e, "presence not read");
                            }
                        });
                    }
                    games
                }
            };
            for shared in games {
                let server = self.clone();
                tokio::spawn(async move {
                    let caught = server.write(&shared).await;
                    if let Err(e) = caught {
                        tracing::warn!(error = %e, "a game not caught up with the database");
                    }
                });
            }
        }
    }

    /// Puts a new game in memory.
    pub async fn insert(&self, mut game: LiveGame) -> Shared {
        game.claim_after = self.config.claim_after;
        let id = game.id.clone();
        let shared = GameCell::shared(game);
        self.games.lock().await.insert(id, shared.clone());
        shared
    }

    /// Whether game `id` is in memory here.
    pub async fn held(&self, id: &str) -> bool {
        self.games.lock().await.contains_key(id)
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
            Err(e) => Err(Self::refused(e)),
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
        gate: &Gate<'a>,
        shared: &'a GameCell,
        game: MutexGuard<'a, LiveGame>,
        entry: Entry,
        expected_ply: Option<i64>,
        seat_row: Option<SeatRow>,
    ) -> Result<MutexGuard<'a, LiveGame>, ApiError> {
        let pending = self.prepare(&game, entry, expected_ply, seat_row)?;
        drop(game);
        match self.append(&pending).await {
            Ok(()) => {
                let mut game = shared.lock().await;
                Self::install(&mut game, pending);
                Ok(game)
            }
            Err(e) => {
                if matches!(e, StoreError::Taken(_)) {
                    // Another server stored this ply first: this copy is behind. It catches up
                    // now, so the next request (or computer move) starts from the game as stored
                    // instead of being refused at this ply forever.
                    if let Err(e) = self.catch_up(gate, shared).await {
                        tracing::warn!(game = %pending.id, error = %e, "a game behind the database not caught up");
                    }
                }
                Err(Self::refused(e))
            }
        }
    }

    fn prepare(
        &self,
        game: &LiveGame,
        entry: Entry,
        expected_ply: Option<i64>,
        seat_row: Option<SeatRow>,
    ) -> Result<Pending, ApiError> {
        if let Some(ply) = expected_ply {
            at_ply(game, ply)?;
        }
        let now = Instant::now();
        let next = game.step(&entry, now, true)?;
        let seats = game.seats_after(&entry);
        let status = crate::game::status(next.table(), &seats);
        let result = next.table().result().and_then(|r| serde_json::to_string(r).ok());
        let row = EntryRow {
            ply: game.ply,
            entry: serde_json::to_string(&entry).map_err(ApiError::storage)?,
            clock: LiveGame::clock_json(next.table(), now),
            // Stamped here, so the game in memory counts its turn from the very time stored.
            stored_ms: crate::store::now_ms(),
        };
        let job = (status == crate::wire::Status::Playing)
            .then(|| next.table().turn().seat())
            .flatten()
            .filter(|s| seats.get(s.index()).is_some_and(|x| x.kind == SeatKind::Computer));
        Ok(Pending {
            kind: entry.kind(),
            id: game.id.clone(),
            row,
            status,
            result,
            seat_row,
            job,
            next,
        })
    }

    async fn append(&self, p: &Pending) -> Result<(), StoreError> {
        self.store
            .append(
                &p.id,
                &p.row,
                p.status.name(),
                p.result.as_deref(),
                p.seat_row.as_ref(),
                p.job.map(|s| i64::from(s.0)),
            )
            .await?;
        if p.status == crate::wire::Status::Over {
            let (store, id) = (self.store.clone(), p.id.clone());
            tokio::spawn(async move { settle_ratings(&store, &id).await });
        }
        Ok(())
    }

    fn install(game: &mut LiveGame, p: Pending) {
        tracing::info!(game = %game.id, ply = game.ply, entry = %p.row.entry, "accepted");
        crate::metrics::entry_stored(p.kind);
        game.install(p.next);
        game.turn_since_ms = p.row.stored_ms;
    }

    /// The answer to a write the database refused.
    fn refused(e: StoreError) -> ApiError {
        match e {
            StoreError::Taken(_) => ApiError::conflict("stale-ply", "another request changed the game first"),
            e => ApiError::storage(e),
        }
    }

    /// Ends on time the games whose running clock has run out.
    pub async fn check_flags(self: &Arc<Server>) {
        let now = Instant::now();
        for shared in self.all().await {
            // A game whose writer is busy is looked at on the next round.
            let Some(gate) = shared.try_gate() else { continue };
            let game = shared.lock().await;
            // A computer's flag is the worker's to judge (its wait for a worker does not count).
            if game.status() != crate::wire::Status::Playing || game.computer_to_act().is_some() {
                continue;
            }
            if game.table.clock().and_then(|c| c.flagged(now)).is_none() {
                continue;
            }
            // Fallen as this server sees it: caught up first, since another server may have
            // stored a move (or the flag) already; whichever stores the flag first decides it.
            drop(game);
            let game = match self.catch_up(&gate, &shared).await {
                Ok(game) => game,
                Err(e) => {
                    tracing::warn!(error = %e, "a game not caught up with the database");
                    continue;
                }
            };
            if game.status() != crate::wire::Status::Playing || game.computer_to_act().is_some() {
                continue;
            }
            let Some(seat) = game.table.clock().and_then(|c| c.flagged(Instant::now())) else {
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
            let unused = game.thinking.is_none() && game.tx.receiver_count() == 0;
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

/// Plays into `game` the entries another server stored (`rows`, from the game's own ply on),
/// taking the seats' hashes from `seats` when a join was among them. The entries are replayed
/// untimed (the server that took them judged the clock); then the clock is set as stored with
/// the last one, the seat to act charged the wall time since it was stored, as every server
/// counts it.
fn apply_stored(
    game: &mut LiveGame,
    rows: &[EntryRow],
    entries: &[Entry],
    seats: Option<Vec<SeatRow>>,
) -> Result<(), ApiError> {
    let clock = game.table.replace_clock(None);
    let now = Instant::now();
    let mut outcome = Ok(());
    let mut last = None;
    for (row, entry) in rows.iter().zip(entries) {
        if row.ply != game.ply {
            outcome = Err(ApiError::storage(format!(
                "game {} entry {} read where {} was expected",
                game.id, row.ply, game.ply
            )));
            break;
        }
        match game.step(entry, now, false) {
            Ok(next) => {
                game.install(next);
                last = Some(row);
            }
            Err(e) => {
                outcome = Err(ApiError::storage(format!(
                    "game {} entry {}: {}",
                    game.id, row.ply, e.message
                )));
                break;
            }
        }
    }
    if let Some(seats) = seats {
        for (state, stored) in game.seats.iter_mut().zip(seats) {
            state.token_hash = stored.token_hash;
            state.join_hash = stored.join_hash;
            state.player_id = stored.player_id;
        }
    }
    match last {
        None => {
            game.table.replace_clock(clock);
        }
        Some(last) => {
            game.turn_since_ms = last.stored_ms;
            let waited = Duration::from_millis(u64::try_from(crate::store::now_ms() - last.stored_ms).unwrap_or(0));
            let since = now.checked_sub(waited).unwrap_or(now);
            game.restore_clock(clock.map(|c| c.spec()), last.clock.as_deref(), since);
        }
    }
    outcome
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

    /// The seats the player `id` holds.
    pub fn seats_of_player(&self, id: &str) -> Vec<Seat> {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.player_id.as_deref() == Some(id))
            .map(|(i, _)| Seat(i as u8))
            .collect()
    }

    /// The seat whose token is `token`, if any.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.token_hash.as_deref().is_some_and(|h| crate::token::matches(token, h)))
            .map(|i| Seat(i as u8))
    }
}

/// Changes the ratings of a rated game that ended (once, whichever server comes first).
pub async fn settle_ratings(store: &Store, id: &str) {
    match store.settle_ratings(id).await {
        Ok(true) => tracing::info!(game = %id, "ratings changed"),
        Ok(false) => {}
        Err(e) => tracing::warn!(game = %id, error = %e, "ratings not changed yet: the next start does"),
    }
}

/// Checks that a request made at `ply` was made on the game as it is.
///
/// # Errors
/// 409 `stale-ply` when the game is at another ply: the client read it before a change.
pub fn at_ply(game: &LiveGame, ply: i64) -> Result<(), ApiError> {
    if ply == game.ply {
        Ok(())
    } else {
        Err(ApiError::conflict(
            "stale-ply",
            format!("the game is at ply {}, not {ply}", game.ply),
        ))
    }
}
