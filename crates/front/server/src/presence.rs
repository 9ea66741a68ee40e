//! Each seat's presence: a WebSocket opened with a seat's token is that seat at the table.
//!
//! The database is the truth here too. Each server process counts the WebSockets of each seat it
//! holds in a row of `presence` (game, seat, process) and vouches for it on opening, on closing
//! and every beat while one is open ([`crate::Config::presence_beat`]). A seat is here while some
//! process has one open and vouched for it within three beats; otherwise it is gone since the
//! latest time any process vouched for it. Kept so rather than as events between servers only,
//! because a server that dies sends no event: its rows simply stop being refreshed, and every
//! other server then sees the seat gone, from the same rows, at the same time. The changes that
//! matter at once (a WebSocket opened or closed) are also announced on the notification path
//! (`messhall_presence` on PostgreSQL, in-process on SQLite), so every server holding the game
//! reads its rows again and tells its WebSockets; a beat reads them again for every game being
//! played with a person seen here, which catches the stale rows of a dead server, and before it
//! ends a game as abandoned (news of a return may have been missed).
//!
//! On that presence, a timed game's seat may claim the win or a draw from the seat to move once
//! it has been gone [`crate::Config::claim_after`] of its move, and the server ends a game (timed
//! or not) whose seat to move has been gone [`crate::Config::abandoned_after`] (or the clock's
//! base time, when longer) of its move: any server, the key on (game, ply) storing the end once.
//! Correspondence games are left to their clock: their players are not expected to stay.

use crate::error::ApiError;
use crate::game::{Entry, LiveGame, SeatKind};
use crate::state::{GameCell, Server};
use crate::store::{PresenceRow, StoreError, now_ms};
use crate::wire::Status;
use messhall_records::Seat;
use std::sync::Arc;
use std::time::Duration;

/// The most games not held here that one beat reads to see whether they were abandoned.
const ABANDONED_LOOKED_AT: i64 = 20;

/// A seat's presence as the servers know it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// A WebSocket of the seat is open (always, for a computer seat).
    pub here: bool,
    /// Since when it is gone, in ms since 1970; `None` while here, or for a seat nobody has
    /// taken or watched from yet.
    pub gone_since_ms: Option<i64>,
}

/// Each seat's presence from the database's rows.
fn seen(game: &LiveGame, rows: &[PresenceRow]) -> Vec<Seen> {
    (0..game.seats.len())
        .map(|i| {
            if game.seats[i].kind == SeatKind::Computer {
                return Seen {
                    here: true,
                    gone_since_ms: None,
                };
            }
            match rows.iter().find(|r| r.seat == i as i64) {
                Some(r) if r.open => Seen {
                    here: true,
                    gone_since_ms: None,
                },
                Some(r) => Seen {
                    here: false,
                    gone_since_ms: Some(r.seen_ms),
                },
                None => Seen::default(),
            }
        })
        .collect()
}

/// How long the seat to move of `game` has been gone during its move at `now_ms` (counted from
/// the later of its leaving and its move's start), if it is a person and gone.
pub fn gone_on_move(game: &LiveGame, now_ms: i64) -> Option<(Seat, Duration)> {
    if game.status() != Status::Playing {
        return None;
    }
    let seat = game.table.turn().seat()?;
    if game.is_computer(seat) {
        return None;
    }
    let seen = game.presence.get(seat.index()).copied().unwrap_or_default();
    if seen.here {
        return None;
    }
    let from = seen.gone_since_ms.unwrap_or(i64::MIN).max(game.turn_since_ms);
    Some((seat, Duration::from_millis(u64::try_from(now_ms - from).unwrap_or(0))))
}

/// Whether a claim applies to `game`: timed, not correspondence.
pub fn claims_apply(game: &LiveGame) -> bool {
    game.table.clock().is_some_and(|c| !c.spec().is_correspondence())
}

/// Whether the server ends `game` once abandoned: any game but correspondence (an untimed game
/// has no other end when a side leaves).
pub fn abandonment_applies(game: &LiveGame) -> bool {
    !game.table.clock().is_some_and(|c| c.spec().is_correspondence())
}

impl Server {
    /// Reads `shared`'s presence again from the database; when it changed, the game's WebSockets
    /// are told.
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be read.
    pub async fn refresh_presence(&self, shared: &GameCell) -> Result<(), StoreError> {
        let id = shared.lock().await.id.clone();
        let fresh_from = now_ms() - 3 * self.config.presence_beat.as_millis() as i64;
        let rows = self.store.presence_of(&id, fresh_from).await?;
        let mut game = shared.lock().await;
        let now = seen(&game, &rows);
        if now != game.presence {
            game.presence = now;
            game.presence_news.send_modify(|n| *n += 1);
        }
        Ok(())
    }

    /// Counts a WebSocket of `seat` opened (`delta` 1) or closed (-1) on this process, and reads
    /// the game's presence again.
    pub async fn seat_came_or_went(&self, shared: &GameCell, seat: Seat, delta: i64) {
        let id = shared.lock().await.id.clone();
        let stored = self
            .store
            .presence_change(&id, i64::from(seat.0), &self.process, delta)
            .await;
        if let Err(e) = stored {
            tracing::warn!(game = %id, seat = seat.0, error = %e, "presence not stored");
        }
        if let Err(e) = self.refresh_presence(shared).await {
            tracing::warn!(game = %id, error = %e, "presence not read");
        }
    }

    /// The beat: vouches for this process's WebSockets, reads again the presence of every game
    /// being played here with a person seen here (whose rows may have gone stale), and ends the
    /// games whose seat to move has been gone too long.
    pub async fn presence_beat(self: &Arc<Server>) {
        if let Err(e) = self.store.presence_beat(&self.process).await {
            tracing::warn!(error = %e, "presence not vouched for");
        }
        for shared in self.all().await {
            let stale_possible = {
                let game = shared.lock().await;
                if game.status() != Status::Playing {
                    continue;
                }
                // Only a seat seen here can go stale; one that comes back is announced.
                game.presence.is_empty()
                    || game
                        .presence
                        .iter()
                        .enumerate()
                        .any(|(i, p)| p.here && !game.is_computer(Seat(i as u8)))
            };
            if stale_possible && let Err(e) = self.refresh_presence(&shared).await {
                tracing::warn!(error = %e, "presence not read");
                continue;
            }
            self.end_if_abandoned(&shared).await;
        }
        // Games not held here (let go of while idle) whose seat to move may have left them: read
        // again and judged as the games held are.
        let before = now_ms() - self.config.abandoned_after.as_millis() as i64;
        let ids = match self.store.untouched_since(before, ABANDONED_LOOKED_AT).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "games left untouched not read");
                return;
            }
        };
        for id in ids {
            if self.held(&id).await {
                continue;
            }
            match self.game(&id).await {
                Ok(shared) => self.end_if_abandoned(&shared).await,
                Err(e) => tracing::warn!(game = %id, error = %e, "a game left untouched not read"),
            }
        }
    }

    /// How long the seat to move must be gone before the server ends `game`: the configured
    /// bound, or the clock's base time when longer.
    fn abandoned_after(&self, game: &LiveGame) -> Duration {
        let clock = game.table.clock().map_or(Duration::ZERO, |c| c.spec().base());
        self.config.abandoned_after.max(clock)
    }

    /// Ends `shared` when its seat to move has been gone longer than it may be (judged again
    /// after catching up with the database; whichever server stores the end first decides it).
    async fn end_if_abandoned(&self, shared: &GameCell) {
        let overdue = |game: &LiveGame| {
            let (seat, gone) = gone_on_move(game, now_ms())?;
            (abandonment_applies(game) && gone >= self.abandoned_after(game)).then_some(seat)
        };
        if overdue(&*shared.lock().await).is_none() {
            return;
        }
        // Read again first: the news of a seat's return may have been missed.
        if let Err(e) = self.refresh_presence(shared).await {
            tracing::warn!(error = %e, "presence not read");
            return;
        }
        let Some(gate) = shared.try_gate() else { return };
        let game = match self.catch_up(&gate, shared).await {
            Ok(game) => game,
            Err(e) => {
                tracing::warn!(error = %e, "a game not caught up with the database");
                return;
            }
        };
        let Some(seat) = overdue(&game) else { return };
        let id = game.id.clone();
        if let Err(e) = self
            .commit_shared(&gate, shared, game, Entry::Abandon { seat }, None, None)
            .await
        {
            tracing::warn!(game = %id, error = %e, "abandonment not stored");
        }
    }

    /// Refuses a claim by `seat` unless the seat to move of `game` has been gone long enough
    /// during its move (presence read again from the database first).
    ///
    /// # Errors
    /// 409 `untimed` for a game without a clock or in correspondence, `opponent-here` when the
    /// seat to move is here, `too-soon` when it has not been gone long enough (the message says
    /// how long is left); 500 when the database cannot be read.
    pub fn claim_allowed(&self, game: &LiveGame, seat: Seat) -> Result<(), ApiError> {
        if !claims_apply(game) {
            return Err(ApiError::conflict(
                "untimed",
                "a win or draw is claimed only in a timed game (not correspondence)",
            ));
        }
        if game.table.turn().seat() == Some(seat) {
            return Err(ApiError::conflict(
                "your-move",
                "it is your move: only the side to move can be claimed from",
            ));
        }
        let Some((gone, away)) = gone_on_move(game, now_ms()) else {
            return Err(ApiError::conflict("opponent-here", "the side to move is here"));
        };
        let wait = self.config.claim_after;
        if away < wait {
            let left = (wait - away).as_secs_f64().ceil();
            return Err(ApiError::conflict(
                "too-soon",
                format!(
                    "seat {} has been gone {} s; a claim waits {} s of its move ({left} s more)",
                    gone.0,
                    away.as_secs(),
                    wait.as_secs()
                ),
            ));
        }
        Ok(())
    }
}
