//! News of stored entries, from whichever server stored them to every server holding the game.
//!
//! On PostgreSQL the transaction that appends an entry notifies (`pg_notify` on
//! [`CHANNEL`], delivered when it commits) and every server listens on one connection of its
//! own; on SQLite, the embedded single-server database, the news goes round in-process. Either
//! way [`Notices::next`] gives the game that changed, or says to look at every game again when
//! news may have been missed (the listener's connection was lost and made again).

use std::time::Duration;
use tokio::sync::broadcast;

/// The PostgreSQL channel an appended entry is announced on; the payload is the entry's ply and
/// the game's id, as `PLY ID`.
pub const CHANNEL: &str = "messhall_entries";

/// The PostgreSQL channel a new job is announced on (payload: the game's id): idle workers
/// look for work at once instead of at their next poll.
pub const JOBS_CHANNEL: &str = "messhall_jobs";

/// The PostgreSQL channel a change of the lobby's seeks is announced on (no payload): every
/// server's lobby reads the seeks again.
pub const LOBBY_CHANNEL: &str = "messhall_lobby";

/// The PostgreSQL channel a change of a seat's presence is announced on (payload: the game's
/// id): every server holding the game reads its presence again.
pub const PRESENCE_CHANNEL: &str = "messhall_presence";

/// How long the listener waits before connecting again after PostgreSQL refused it.
const RETRY: Duration = Duration::from_secs(1);

/// What the listener heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// This game has an entry at this ply.
    Entry {
        /// The game.
        id: String,
        /// The entry's ply.
        ply: i64,
    },
    /// A job was written: idle workers look for work.
    Jobs,
    /// A seek changed: the lobby reads them again.
    Lobby,
    /// A seat of this game came or went.
    Presence {
        /// The game.
        id: String,
    },
    /// News may have been missed: look at every game held.
    Resync,
}

/// Where a server hears of entries.
pub enum Notices {
    /// In-process (SQLite: one server).
    Local(broadcast::Receiver<Notice>),
    /// PostgreSQL's LISTEN, on a connection of its own.
    Postgres {
        /// The database's URL.
        url: String,
        /// The connection listening, once made.
        listener: Option<sqlx::postgres::PgListener>,
    },
}

impl Notices {
    /// Listens on PostgreSQL at `url`.
    ///
    /// # Errors
    /// When the first connection cannot be made.
    pub async fn postgres(url: &str) -> Result<Notices, sqlx::Error> {
        let mut notices = Notices::Postgres {
            url: url.to_string(),
            listener: None,
        };
        notices.connect().await?;
        Ok(notices)
    }

    async fn connect(&mut self) -> Result<(), sqlx::Error> {
        if let Notices::Postgres { url, listener } = self
            && listener.is_none()
        {
            let mut fresh = sqlx::postgres::PgListener::connect(url).await?;
            fresh
                .listen_all([CHANNEL, JOBS_CHANNEL, LOBBY_CHANNEL, PRESENCE_CHANNEL])
                .await?;
            *listener = Some(fresh);
        }
        Ok(())
    }

    /// The next notice. A lost connection is made again (retrying every second while PostgreSQL
    /// is away) and then reported as [`Notice::Resync`].
    pub async fn next(&mut self) -> Notice {
        match self {
            Notices::Local(rx) => match rx.recv().await {
                Ok(notice) => notice,
                Err(broadcast::error::RecvError::Lagged(_)) => Notice::Resync,
                // The store is gone (shutting down): nothing more will come.
                Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
            },
            Notices::Postgres { listener, .. } => {
                if let Some(l) = listener {
                    match l.try_recv().await {
                        Ok(Some(n)) if n.channel() == JOBS_CHANNEL => return Notice::Jobs,
                        Ok(Some(n)) if n.channel() == LOBBY_CHANNEL => return Notice::Lobby,
                        Ok(Some(n)) if n.channel() == PRESENCE_CHANNEL => {
                            return Notice::Presence {
                                id: n.payload().to_string(),
                            };
                        }
                        Ok(Some(n)) => match read_payload(n.payload()) {
                            Some(notice) => return notice,
                            None => {
                                tracing::warn!(
                                    payload = n.payload(),
                                    "a notification not understood: looking at every game"
                                );
                                return Notice::Resync;
                            }
                        },
                        Ok(None) => tracing::warn!("the database's notifications were cut: listening again"),
                        Err(e) => tracing::warn!(error = %e, "the database's notifications failed: listening again"),
                    }
                    *listener = None;
                }
                while let Err(e) = self.connect().await {
                    tracing::warn!(error = %e, "cannot listen to the database's notifications yet");
                    tokio::time::sleep(RETRY).await;
                }
                Notice::Resync
            }
        }
    }
}

/// The payload of an entry's notification.
pub fn payload(id: &str, ply: i64) -> String {
    format!("{ply} {id}")
}

fn read_payload(payload: &str) -> Option<Notice> {
    let (ply, id) = payload.split_once(' ')?;
    Some(Notice::Entry {
        id: id.to_string(),
        ply: ply.parse().ok()?,
    })
}
