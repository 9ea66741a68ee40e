//! The state of a game as one seat (or a spectator) sees it: the board drawn as data, the legal
//! actions of that seat, clocks, offers, the result, the last events, and the seed once over.
//! Its public part ([`public`]) is everyone's, so a WebSocket's watchers share one.

pub mod data;

use crate::game::LiveGame;
use crate::wire::{ClockView, GameState, GameView, MoveRecord, SeatKind, SeatPresence, SeatView, Status, TurnView};
use data::LegalView;
use messhall_records::Seat;
use messhall_table::Turn;
use std::time::Instant;

/// How many of the last events a state carries.
const LAST_EVENTS: usize = 20;

/// The state of `game` for `viewer` (a seat, or `None` for a spectator).
pub fn state(game: &LiveGame, viewer: Option<Seat>) -> GameState {
    let start = game.feed.len().saturating_sub(LAST_EVENTS);
    GameState {
        id: game.id.clone(),
        game: game.table.kind().name().to_string(),
        view: public(game),
        you: viewer,
        legal: legal(game, viewer),
        events: game.feed[start..].iter().map(|e| e.for_viewer(viewer)).collect(),
        now_ms: crate::store::now_ms(),
    }
}

/// What `viewer` may do now: nothing for a spectator, or while the game waits or is over.
pub fn legal(game: &LiveGame, viewer: Option<Seat>) -> LegalView {
    match (viewer, game.status()) {
        (Some(seat), Status::Playing) => data::legal_view(&game.table, seat),
        _ => LegalView::Nothing,
    }
}

/// `game` as everyone sees it: the same for every viewer, so worked out once for them all.
pub fn public(game: &LiveGame) -> GameView {
    let table = &game.table;
    let now = Instant::now();
    let turn = match table.turn() {
        Turn::Move { seat } => Some(TurnView::Move { seat }),
        Turn::Steer { seat, from } => Some(TurnView::Steer { seat, from }),
        Turn::Student { seat, student } => Some(TurnView::Student { seat, student }),
        Turn::Over => None,
    };
    let status = game.status();
    let waiting = status == Status::Waiting;
    let clock = table.clock().map(|c| {
        // The clocks start when the last seat is taken.
        let left_ms: Vec<u64> = match waiting {
            true => vec![c.spec().base_ms; game.seats.len()],
            false => c.all_left(now).iter().map(|d| d.as_millis() as u64).collect(),
        };
        ClockView {
            base_ms: c.spec().base_ms,
            increment_ms: c.spec().increment_ms,
            left_ms,
            running: if waiting { None } else { c.running() },
            days_per_move: c.spec().days_per_move,
        }
    });
    let seats = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatView {
            seat: Seat(i as u8),
            kind: s.kind,
            player: s.player.clone(),
            name: s.name.clone(),
            player_id: s.player_id.clone(),
        })
        .collect();
    let over = table.result().is_some();
    GameView {
        status,
        listed: game.listed,
        ply: game.ply,
        event: game.last_event(),
        seats,
        turn,
        board: data::board_view(table),
        cafeteria: data::cafeteria_view(table),
        clock,
        draw_offers: game.draw_offers.clone(),
        takeback_request: game.takeback,
        result: table.result().cloned(),
        moves: moves(table),
        seed: over.then(|| table.seed().to_string()),
        presence: presence_seats(game),
        turn_since_ms: game.turn_since_ms,
        claim_after_ms: crate::presence::claims_apply(game).then_some(game.claim_after.as_millis() as u64),
    }
}

/// Seat `i`'s presence (a computer seat is always here).
fn presence(game: &LiveGame, i: usize) -> crate::presence::Seen {
    match game.seats.get(i).map(|s| s.kind) {
        Some(SeatKind::Computer) => crate::presence::Seen {
            here: true,
            gone_since_ms: None,
        },
        _ => game.presence.get(i).copied().unwrap_or_default(),
    }
}

/// Every seat's presence, as a WebSocket's `presence` message has it.
pub fn presence_seats(game: &LiveGame) -> Vec<SeatPresence> {
    (0..game.seats.len())
        .map(|i| {
            let seen = presence(game, i);
            SeatPresence {
                seat: Seat(i as u8),
                here: seen.here,
                gone_since_ms: seen.gone_since_ms,
            }
        })
        .collect()
}

/// The moves of a chess game so far (after any take-back), each with its SAN.
fn moves(table: &messhall_table::Table) -> Vec<MoveRecord> {
    let Some(chess) = table.chess() else {
        return Vec::new();
    };
    let (v, game) = (chess.variant(), chess.game());
    game.actions()
        .iter()
        .zip(game.positions())
        .filter_map(|(action, before)| match action {
            messhall_rules::Action::Move(mv) => Some(MoveRecord {
                seat: messhall_records::seat_of(before.side_to_move()),
                san: v.san(before, mv),
                coordinates: mv.to_coordinates(v),
            }),
            messhall_rules::Action::Chance(_) => None,
        })
        .collect()
}
