//! A game on the server: the play layer's table, its seats, pending offers, and the numbered
//! feed of events. Every change is an [`Entry`]; [`LiveGame::step`] works out what an entry
//! does without changing the game, so a refused or unstored entry changes nothing, and the same
//! entries read back from the database rebuild the game exactly.

use crate::error::ApiError;
use crate::wire::{FeedEvent, Note, ServerNote, Status};
use messhall_records::{ClockSpec, Seat};
use messhall_table::{ActError, Action, GameClock, Table};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One accepted change to a game, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Entry {
    /// A person took an open seat.
    Join {
        /// The seat.
        seat: Seat,
        /// The name they gave.
        name: String,
    },
    /// A seat's move or action.
    Act {
        /// Whose.
        seat: Seat,
        /// What.
        action: Action,
    },
    /// A seat resigned.
    Resign {
        /// Who.
        seat: Seat,
    },
    /// A seat offered a draw (or agreed to one offered).
    DrawOffer {
        /// Who.
        seat: Seat,
    },
    /// A seat declined the draw offered.
    DrawDecline {
        /// Who.
        seat: Seat,
    },
    /// A seat asked to take back its last action.
    TakebackRequest {
        /// Who.
        seat: Seat,
    },
    /// A seat granted the take-back asked for.
    TakebackAccept {
        /// Who.
        seat: Seat,
    },
    /// A seat refused the take-back asked for.
    TakebackDecline {
        /// Who.
        seat: Seat,
    },
    /// A seat's clock ran out.
    Flag {
        /// Whose.
        seat: Seat,
    },
    /// A seat claimed the game (the win, or with `drawn` a draw) from the seat to move, gone
    /// longer than a claim waits for; the absence was judged when it was stored.
    Claim {
        /// Who claimed.
        seat: Seat,
        /// A draw rather than the win.
        #[serde(default)]
        drawn: bool,
    },
    /// The server ended the game: its seat to move was gone too long.
    Abandon {
        /// The seat that left.
        seat: Seat,
    },
}

impl Entry {
    /// The entry's stored `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            Entry::Join { .. } => "join",
            Entry::Act { .. } => "act",
            Entry::Resign { .. } => "resign",
            Entry::DrawOffer { .. } => "draw-offer",
            Entry::DrawDecline { .. } => "draw-decline",
            Entry::TakebackRequest { .. } => "takeback-request",
            Entry::TakebackAccept { .. } => "takeback-accept",
            Entry::TakebackDecline { .. } => "takeback-decline",
            Entry::Flag { .. } => "flag",
            Entry::Claim { .. } => "claim",
            Entry::Abandon { .. } => "abandon",
        }
    }
}

pub use crate::wire::SeatKind;

/// A seat of a game.
#[derive(Clone, Debug)]
pub struct SeatState {
    /// Who sits there.
    pub kind: SeatKind,
    /// The player specification (`human`, `level=3`, `rules`...).
    pub player: String,
    /// The name shown.
    pub name: String,
    /// The hash of the seat's token.
    pub token_hash: Option<String>,
    /// The hash of its join code, while open.
    pub join_hash: Option<String>,
    /// The player who holds it, when a browser's session took it.
    pub player_id: Option<String>,
}

/// One numbered event of a game's feed.
#[derive(Clone, Debug)]
pub struct FeedItem {
    /// Its number, from 1.
    pub n: u64,
    /// Who may see it (`None`: everyone).
    pub visible_to: Option<Seat>,
    /// The event as sent.
    pub event: FeedEvent,
}

impl FeedItem {
    /// The item as `viewer` sees it: itself, or a placeholder keeping its number.
    pub fn for_viewer(&self, viewer: Option<Seat>) -> FeedEvent {
        match self.visible_to {
            Some(owner) if viewer != Some(owner) => FeedEvent {
                n: self.n,
                ply: None,
                note: Note::Server(ServerNote::Hidden),
            },
            _ => self.event.clone(),
        }
    }
}

/// A game in memory.
pub struct LiveGame {
    /// Its id.
    pub id: String,
    /// The table.
    pub table: Table,
    /// Its seats.
    pub seats: Vec<SeatState>,
    /// Seats that offered a draw.
    pub draw_offers: BTreeSet<u8>,
    /// The seat that asked for a take-back.
    pub takeback: Option<Seat>,
    /// How many entries are stored.
    pub ply: i64,
    /// Every event so far.
    pub feed: Vec<FeedItem>,
    /// New feed items, to every connection watching.
    pub tx: tokio::sync::broadcast::Sender<FeedItem>,
    /// The game as everyone sees it after its last entry, as its WebSockets send it: worked out
    /// once for every connection watching, by the first that needs it.
    pub published: Option<Arc<crate::ws::Published>>,
    /// The stop flag of a search under way.
    pub thinking: Option<Arc<AtomicBool>>,
    /// Whether another server may have stored entries this one has not read: news of one came
    /// (or news may have been missed). A read catches up first then; otherwise memory is current.
    pub behind: bool,
    /// When the game was created, in ms since 1970.
    pub created_ms: i64,
    /// When it last changed.
    pub touched: Instant,
    /// When its last entry was stored (the turn under way began), in ms since 1970.
    pub turn_since_ms: i64,
    /// Each seat's presence as last read from the database ([`crate::presence`]).
    pub presence: Vec<crate::presence::Seen>,
    /// Counts the changes of `presence`, for the WebSockets watching.
    pub presence_news: tokio::sync::watch::Sender<u64>,
    /// The server's [`crate::Config::claim_after`], which the state shows.
    pub claim_after: Duration,
    /// Whether the games page lists it: then anyone may watch it and take an open seat
    /// without a join link.
    pub listed: bool,
}

/// What an entry makes of a game, before it is stored.
pub struct Next {
    table: Table,
    seats: Vec<SeatState>,
    draw_offers: BTreeSet<u8>,
    takeback: Option<Seat>,
    notes: Vec<(Option<Seat>, Note)>,
}

impl Next {
    /// The table as it will be.
    pub fn table(&self) -> &Table {
        &self.table
    }
}

/// `waiting` (a seat is open), `playing` or `over`.
pub fn status(table: &Table, seats: &[SeatState]) -> Status {
    if table.result().is_some() {
        Status::Over
    } else if seats.iter().any(|s| s.kind == SeatKind::Open) {
        Status::Waiting
    } else {
        Status::Playing
    }
}

impl LiveGame {
    /// A game at `table` with `seats`, before any entry.
    pub fn new(id: String, table: Table, seats: Vec<SeatState>, created_ms: i64) -> LiveGame {
        let (tx, _) = tokio::sync::broadcast::channel(256);
        let mut game = LiveGame {
            id,
            table,
            seats,
            draw_offers: BTreeSet::new(),
            takeback: None,
            ply: 0,
            feed: Vec::new(),
            tx,
            published: None,
            thinking: None,
            behind: false,
            created_ms,
            touched: Instant::now(),
            turn_since_ms: created_ms,
            presence: Vec::new(),
            presence_news: tokio::sync::watch::Sender::new(0),
            claim_after: Duration::from_secs(crate::limits::CLAIM_SECONDS),
            listed: false,
        };
        let start: Vec<(Option<Seat>, Note)> = game.table.events().iter().map(event_note).collect();
        game.push_notes(start);
        game
    }

    /// `waiting`, `playing` or `over`.
    pub fn status(&self) -> Status {
        status(&self.table, &self.seats)
    }

    /// The number of the last event.
    pub fn last_event(&self) -> u64 {
        self.feed.len() as u64
    }

    /// The computer seat to act, in a game being played.
    pub fn computer_to_act(&self) -> Option<Seat> {
        if self.status() != Status::Playing {
            return None;
        }
        self.table.turn().seat().filter(|&s| self.is_computer(s))
    }

    /// Whether `seat` is played by the computer.
    pub fn is_computer(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.kind == SeatKind::Computer)
    }

    /// What `entry` would make of the game at `now`, without changing it; `live` is false while
    /// the game is rebuilt from its entries (clocks are then set afterwards).
    ///
    /// # Errors
    /// [`ApiError`] saying why the entry is refused.
    pub fn step(&self, entry: &Entry, now: Instant, live: bool) -> Result<Next, ApiError> {
        let mut next = Next {
            table: self.table.clone(),
            seats: self.seats.clone(),
            draw_offers: self.draw_offers.clone(),
            takeback: self.takeback,
            notes: Vec::new(),
        };
        let seats = self.seats.len();
        let events_before = next.table.events().len();
        if self.table.result().is_some() {
            return Err(ApiError::conflict("game-over", "the game is over"));
        }
        let seat = entry_seat(entry);
        if seat.index() >= seats {
            return Err(ApiError::bad(
                "no-such-seat",
                format!("the game has no seat {}", seat.0),
            ));
        }
        let waiting = self.status() == Status::Waiting;
        match entry {
            Entry::Join { seat, name } => {
                let slot = &mut next.seats[seat.index()];
                if slot.kind != SeatKind::Open {
                    return Err(ApiError::conflict("seat-taken", format!("seat {} is taken", seat.0)));
                }
                slot.kind = SeatKind::Human;
                slot.name = name.clone();
                next.notes.push((
                    None,
                    Note::Server(ServerNote::Joined {
                        seat: *seat,
                        name: name.clone(),
                    }),
                ));
                let filled = next.seats.iter().all(|s| s.kind != SeatKind::Open);
                if filled
                    && live
                    && let Some(clock) = self.table.clock()
                {
                    // The clocks start when the last seat is taken.
                    next.table.set_clock(GameClock::new(clock.spec(), seats), now);
                }
            }
            Entry::Act { seat, action } => {
                if waiting {
                    return Err(ApiError::conflict(
                        "waiting",
                        "a seat is still open: the game starts when every seat is taken",
                    ));
                }
                if *action == Action::Resign {
                    return Err(ApiError::bad("bad-action", "resign through /resign"));
                }
                if let Some(flagged) = self.table.clock().and_then(|c| c.flagged(now)) {
                    return Err(ApiError::conflict(
                        "flag-fell",
                        format!("seat {}'s time ran out", flagged.0),
                    ));
                }
                next.table.try_act_at(*seat, action.clone(), now).map_err(act_error)?;
                next.draw_offers.clear();
                next.takeback = None;
            }
            Entry::Resign { seat } => {
                next.table.try_act_at(*seat, Action::Resign, now).map_err(act_error)?;
            }
            Entry::DrawOffer { seat } => {
                if waiting {
                    return Err(ApiError::conflict("waiting", "a seat is still open"));
                }
                if let Some(computer) = (0..seats).find(|&i| self.is_computer(Seat(i as u8))) {
                    return Err(ApiError::conflict(
                        "computer-seat",
                        format!("seat {computer} is the computer, which plays on"),
                    ));
                }
                if !next.draw_offers.insert(seat.0) {
                    return Err(ApiError::conflict(
                        "already-offered",
                        "this seat has offered a draw already",
                    ));
                }
                if next.draw_offers.len() == seats {
                    next.table.agree_draw().map_err(act_error)?;
                    next.draw_offers.clear();
                } else {
                    next.notes
                        .push((None, Note::Server(ServerNote::DrawOffered { seat: *seat })));
                }
            }
            Entry::DrawDecline { seat } => {
                if !next.draw_offers.iter().any(|&s| s != seat.0) {
                    return Err(ApiError::conflict("no-offer", "no other seat offers a draw"));
                }
                next.draw_offers.clear();
                next.notes
                    .push((None, Note::Server(ServerNote::DrawDeclined { seat: *seat })));
            }
            Entry::TakebackRequest { seat } => {
                if !self
                    .table
                    .actions()
                    .iter()
                    .any(|(s, a)| s == seat && *a != Action::Resign)
                {
                    return Err(ApiError::conflict(
                        "nothing-to-take-back",
                        "this seat has no action to take back",
                    ));
                }
                if next.takeback.is_some() {
                    return Err(ApiError::conflict("already-asked", "a take-back is asked for already"));
                }
                let others_computers = (0..seats)
                    .filter(|&i| i != seat.index())
                    .all(|i| self.is_computer(Seat(i as u8)));
                if others_computers {
                    // The computer always grants it: your move goes with its reply.
                    next.table.take_back_for(*seat);
                    next.draw_offers.clear();
                } else {
                    next.takeback = Some(*seat);
                    next.notes
                        .push((None, Note::Server(ServerNote::TakebackRequested { seat: *seat })));
                }
            }
            Entry::TakebackAccept { seat } | Entry::TakebackDecline { seat } => {
                let Some(asker) = next.takeback.filter(|a| a != seat) else {
                    return Err(ApiError::conflict("no-request", "no other seat asks for a take-back"));
                };
                next.takeback = None;
                if matches!(entry, Entry::TakebackAccept { .. }) {
                    next.table.take_back_for(asker);
                    next.draw_offers.clear();
                } else {
                    next.notes
                        .push((None, Note::Server(ServerNote::TakebackDeclined { seat: *seat })));
                }
            }
            Entry::Flag { seat } => {
                if next.table.end_on_time(*seat).is_empty() {
                    return Err(ApiError::conflict("game-over", "the game is over"));
                }
            }
            Entry::Claim { seat, drawn } => {
                if waiting {
                    return Err(ApiError::conflict("waiting", "a seat is still open"));
                }
                let Some(gone) = self.table.turn().seat() else {
                    return Err(ApiError::conflict("game-over", "the game is over"));
                };
                if gone == *seat {
                    return Err(ApiError::conflict(
                        "your-move",
                        "it is your move: only the side to move can be claimed from",
                    ));
                }
                if self.is_computer(gone) {
                    return Err(ApiError::conflict(
                        "computer-seat",
                        format!("seat {} is the computer, which does not leave", gone.0),
                    ));
                }
                next.table.end_abandoned(gone, *drawn).map_err(act_error)?;
            }
            Entry::Abandon { seat } => {
                next.table.end_abandoned(*seat, false).map_err(act_error)?;
            }
        }
        let events = next.table.events()[events_before..].iter().map(event_note);
        next.notes.extend(events);
        Ok(next)
    }

    /// Installs what [`LiveGame::step`] worked out (once it is stored) and sends its events.
    pub fn install(&mut self, next: Next) {
        self.table = next.table;
        self.seats = next.seats;
        self.draw_offers = next.draw_offers;
        self.takeback = next.takeback;
        self.ply += 1;
        self.touched = Instant::now();
        self.turn_since_ms = crate::store::now_ms();
        self.push_notes(next.notes);
        if self.table.result().is_some()
            && let Some(stop) = self.thinking.take()
        {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    fn push_notes(&mut self, notes: Vec<(Option<Seat>, Note)>) {
        for (visible_to, note) in notes {
            let n = self.feed.len() as u64 + 1;
            let event = FeedEvent {
                n,
                ply: Some(self.ply),
                note,
            };
            let item = FeedItem { n, visible_to, event };
            // Nobody may be listening: that is no error.
            let _ = self.tx.send(item.clone());
            self.feed.push(item);
        }
    }

    /// Each seat's time left now, in ms, JSON (for storing with an entry).
    pub fn clock_json(table: &Table, now: Instant) -> Option<String> {
        let left: Vec<u64> = table
            .clock()?
            .all_left(now)
            .iter()
            .map(|d| d.as_millis() as u64)
            .collect();
        serde_json::to_string(&left).ok()
    }

    /// Puts the stored clock back after a rebuild: each seat's time as stored with the last
    /// entry, running from `now` (the server's time down is nobody's).
    pub fn restore_clock(&mut self, spec: Option<ClockSpec>, left: Option<&str>, now: Instant) {
        let Some(spec) = spec else { return };
        let seats = self.seats.len();
        let left = left
            .and_then(|text| serde_json::from_str::<Vec<u64>>(text).ok())
            .filter(|l| l.len() == seats)
            .map(|l| l.into_iter().map(Duration::from_millis).collect())
            .unwrap_or_else(|| vec![spec.base(); seats]);
        self.table.set_clock(GameClock::with_left(spec, left), now);
    }
}

/// The seat an entry is by.
pub fn entry_seat(entry: &Entry) -> Seat {
    match entry {
        Entry::Join { seat, .. }
        | Entry::Act { seat, .. }
        | Entry::Resign { seat }
        | Entry::DrawOffer { seat }
        | Entry::DrawDecline { seat }
        | Entry::TakebackRequest { seat }
        | Entry::TakebackAccept { seat }
        | Entry::TakebackDecline { seat }
        | Entry::Flag { seat }
        | Entry::Claim { seat, .. }
        | Entry::Abandon { seat } => *seat,
    }
}

/// A table event as a feed note.
fn event_note(event: &messhall_table::Event) -> (Option<Seat>, Note) {
    (
        event.seen_only_by(),
        Note::Table(crate::wire::TableEvent(event.clone())),
    )
}

/// The API error for a refusal of the table.
fn act_error(e: ActError) -> ApiError {
    match e {
        ActError::Over => ApiError::conflict("game-over", e.to_string()),
        ActError::NotYourTurn { .. } => ApiError::conflict("not-your-turn", e.to_string()),
        ActError::NoSuchSeat(_) => ApiError::bad("no-such-seat", e.to_string()),
        ActError::WrongKind(_) | ActError::Illegal(_) => ApiError::bad("illegal", e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_kind_is_its_stored_type() {
        let seat = Seat(1);
        let entries = [
            Entry::Join {
                seat,
                name: "Ann".into(),
            },
            Entry::Act {
                seat,
                action: messhall_table::Action::Resign,
            },
            Entry::Resign { seat },
            Entry::DrawOffer { seat },
            Entry::DrawDecline { seat },
            Entry::TakebackRequest { seat },
            Entry::TakebackAccept { seat },
            Entry::TakebackDecline { seat },
            Entry::Flag { seat },
            Entry::Claim { seat, drawn: true },
            Entry::Abandon { seat },
        ];
        for entry in entries {
            assert_eq!(serde_json::to_value(&entry).unwrap()["type"], entry.kind());
        }
    }
}
