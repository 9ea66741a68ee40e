//! Computer moves as jobs in the database, which any server's workers take.
//!
//! The transaction that hands a computer seat its turn writes the job (`jobs`, one row per game
//! and ply); a worker claims it under a lease, renews the lease while it thinks, and stores the
//! move at that ply, which removes the row. A worker that dies stops renewing: once its lease
//! runs out another claims the job. Two workers that ever both finish are told apart by the
//! key on (game, ply): one move is stored, the other refused. The player is made afresh for each
//! move, seeded from the game's seed, the ply and the seat, so which server thinks changes
//! nothing.

use crate::game::Entry;
use crate::state::{Server, Shared};
use crate::store::{Job, now_ms};
use messhall_dice::Seed;
use messhall_records::Seat;
use messhall_table::{Budget, Choice, GameClock, Player, PlayerSpec};
use sha2::{Digest, Sha256};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a claimed job stays a worker's without word from it.
pub const LEASE: Duration = Duration::from_secs(5);

/// How often a thinking worker renews its lease.
const RENEW: Duration = Duration::from_millis(1500);

/// How often an idle worker looks for work when no news wakes it (a job written by a server
/// whose news did not reach this one, a lease run out).
const POLL: Duration = Duration::from_millis(500);

/// The seed of the player that makes `seat`'s move at `ply` in a game of seed `game`.
pub fn move_seed(game: Seed, ply: i64, seat: Seat) -> u64 {
    let mut hash = Sha256::new();
    hash.update(game.key());
    hash.update(ply.to_le_bytes());
    hash.update([seat.0]);
    let digest = hash.finalize();
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(bytes)
}

/// A job's player, ready to think on a blocking thread.
struct Thinker {
    player: Box<dyn Player>,
    table: messhall_table::Table,
    stop: Arc<AtomicBool>,
}

impl Server {
    /// Wakes this server's idle workers: a job may be waiting (the entry just stored handed a
    /// computer its turn).
    pub fn schedule(&self, _game: &Shared) {
        self.store.jobs_written.notify_waiters();
    }

    /// A worker named `worker`: claims jobs and makes their moves, one at a time, until the
    /// server stops (a job it holds then is given back for another server to take).
    pub async fn work(self: Arc<Server>, worker: String) {
        let mut stopping = self.shutdown.subscribe();
        while !*stopping.borrow() {
            let wake = self.store.jobs_written.notified();
            tokio::pin!(wake);
            // Registered before looking, so a job written meanwhile is not missed.
            wake.as_mut().enable();
            match self.store.claim(&worker, LEASE).await {
                Ok(Some(job)) => {
                    self.run(&worker, job).await;
                    continue;
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(%worker, error = %e, "no job claimed"),
            }
            tokio::select! {
                _ = wake => {}
                _ = tokio::time::sleep(POLL) => {}
                _ = stopping.changed() => {}
            }
        }
    }

    /// Makes the move of `job`, unless its game has moved on.
    async fn run(self: &Arc<Server>, worker: &str, job: Job) {
        let claimed_ms = now_ms();
        let shared = match self.game(&job.game_id).await {
            Ok(shared) => shared,
            Err(e) => {
                tracing::warn!(game = %job.game_id, error = %e, "a job's game not read");
                self.give_back(&job, worker, e.status == 404).await;
                return;
            }
        };
        let seat = Seat(job.seat as u8);
        let Some(thinker) = self.start(&shared, &job, seat).await else {
            return;
        };
        let lost = Arc::new(AtomicBool::new(false));
        let renewing = {
            let (server, job, worker) = (self.clone(), job.clone(), worker.to_string());
            let (stop, lost) = (thinker.stop.clone(), lost.clone());
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(RENEW).await;
                    match server.store.renew(&job, &worker, LEASE).await {
                        Ok(true) => {}
                        Ok(false) => {
                            // Another worker holds it now (this one was taken for dead).
                            lost.store(true, Ordering::Relaxed);
                            stop.store(true, Ordering::Relaxed);
                            return;
                        }
                        Err(e) => tracing::warn!(game = %job.game_id, error = %e, "a job's lease not renewed"),
                    }
                }
            })
        };
        self.searches.fetch_add(1, Ordering::Relaxed);
        tracing::debug!(game = %job.game_id, ply = job.ply, %worker, "thinking");
        let movetime = self.config.ai_movetime;
        let started = Instant::now();
        let thought = tokio::task::spawn_blocking(move || {
            let Thinker { mut player, table, .. } = thinker;
            player.choose(&table, seat, &Budget::movetime(movetime))
        })
        .await;
        renewing.abort();
        let waited = Duration::from_millis(u64::try_from(claimed_ms - job.created_ms).unwrap_or(0));
        crate::metrics::computer_thought(waited, started.elapsed());
        let (gate, mut game) = match self.write(&shared).await {
            Ok(held) => held,
            Err(e) => {
                tracing::warn!(game = %job.game_id, error = %e, "a job's game not caught up");
                self.give_back(&job, worker, false).await;
                return;
            }
        };
        game.thinking = None;
        if self.stopping.load(Ordering::Relaxed) {
            drop(game);
            drop(gate);
            self.give_back(&job, worker, false).await;
            return;
        }
        if lost.load(Ordering::Relaxed) || game.ply != job.ply {
            // Another worker has it, or the game moved on (that entry removed the job).
            tracing::debug!(game = %job.game_id, ply = job.ply, %worker, "thought in vain");
            return;
        }
        let Ok(Choice::Act(action)) = thought else {
            tracing::error!(game = %job.game_id, ply = job.ply, "a computer player chose nothing");
            return;
        };
        let entry = Entry::Act { seat, action };
        match self
            .commit_shared(&gate, &shared, game, entry, Some(job.ply), None)
            .await
        {
            Ok(_) => tracing::debug!(game = %job.game_id, ply = job.ply, %worker, "move stored"),
            Err(e) => tracing::warn!(game = %job.game_id, ply = job.ply, error = %e, "computer move refused"),
        }
    }

    /// Checks `job` against its game (caught up) and readies its player; `None` when the job is
    /// left behind (removed) or its seat's time is out (the flag stored).
    async fn start(&self, shared: &Shared, job: &Job, seat: Seat) -> Option<Thinker> {
        let (gate, mut game) = match self.write(shared).await {
            Ok(held) => held,
            Err(e) => {
                tracing::warn!(game = %job.game_id, error = %e, "a job's game not caught up");
                return None;
            }
        };
        if game.ply != job.ply || game.computer_to_act() != Some(seat) {
            drop(game);
            if let Err(e) = self.store.drop_job(job).await {
                tracing::warn!(game = %job.game_id, error = %e, "a job left behind not removed");
            }
            return None;
        }
        // The wait for a worker is the server's, not the player's: the clock runs from now with
        // the time the seat had when its turn began.
        let now = Instant::now();
        let waited = Duration::from_millis(u64::try_from(now_ms() - job.created_ms).unwrap_or(0));
        if let Some(clock) = game.table.clock()
            && clock.running() == Some(seat)
        {
            let began = now.checked_sub(waited).unwrap_or(now);
            let given_back = GameClock::with_left(clock.spec(), clock.all_left(began));
            game.table.set_clock(given_back, now);
            if game.table.clock().and_then(|c| c.flagged(now)) == Some(seat) {
                let flag = Entry::Flag { seat };
                if let Err(e) = self.commit_shared(&gate, shared, game, flag, Some(job.ply), None).await {
                    tracing::warn!(game = %job.game_id, error = %e, "flag fall not stored");
                }
                return None;
            }
        }
        let spec = PlayerSpec::parse(&game.seats[seat.index()].player);
        let seed = move_seed(game.table.seed(), job.ply, seat);
        let player = match spec.map(|s| s.make(game.table.kind(), seed, self.config.hash_mb)) {
            Ok(Ok(player)) => player,
            Ok(Err(e)) => {
                tracing::error!(game = %job.game_id, error = %e, "a computer seat cannot play");
                return None;
            }
            Err(e) => {
                tracing::error!(game = %job.game_id, error = %e, "a computer seat cannot play");
                return None;
            }
        };
        let stop = player.stop_flag().unwrap_or_default();
        game.thinking = Some(stop.clone());
        Some(Thinker {
            player,
            table: game.table.clone(),
            stop,
        })
    }

    /// Gives `job` back for any worker to take at once (`gone`: its game is no more: removed).
    async fn give_back(&self, job: &Job, worker: &str, gone: bool) {
        let done = if gone {
            self.store.drop_job(job).await
        } else {
            self.store.release(job, worker).await
        };
        if let Err(e) = done {
            tracing::warn!(game = %job.game_id, error = %e, "a job not given back (its lease runs out)");
        }
    }
}
