//! The state of a game as one seat (or a spectator) sees it: the board drawn as data, the legal
//! actions of that seat, clocks, offers, the result, the last events, and the seed once over.

pub mod data;

use crate::game::LiveGame;
use messhall_records::Seat;
use messhall_table::Turn;
use serde_json::{Value, json};
use std::time::Instant;

/// How many of the last events a state carries.
const LAST_EVENTS: usize = 20;

/// The state of `game` for `viewer` (a seat, or `None` for a spectator).
pub fn state(game: &LiveGame, viewer: Option<Seat>) -> Value {
    let table = &game.table;
    let now = Instant::now();
    let turn = match table.turn() {
        Turn::Move { seat } => json!({"seat": seat, "kind": "move"}),
        Turn::Steer { seat, from } => json!({"seat": seat, "kind": "steer", "from": from}),
        Turn::Student { seat, student } => json!({"seat": seat, "kind": "student", "student": student}),
        Turn::Over => Value::Null,
    };
    let waiting = game.status() == "waiting";
    let clock = table.clock().map(|c| {
        // The clocks start when the last seat is taken.
        let left: Vec<u64> = match waiting {
            true => vec![c.spec().base_ms; game.seats.len()],
            false => c.all_left(now).iter().map(|d| d.as_millis() as u64).collect(),
        };
        let running = if waiting { None } else { c.running() };
        json!({"base_ms": c.spec().base_ms, "increment_ms": c.spec().increment_ms, "left_ms": left, "running": running})
    });
    let seats: Vec<Value> = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| json!({"seat": i, "kind": s.kind, "player": s.player, "name": s.name}))
        .collect();
    let start = game.feed.len().saturating_sub(LAST_EVENTS);
    let events: Vec<Value> = game.feed[start..].iter().map(|e| e.for_viewer(viewer)).collect();
    let over = table.result().is_some();
    let legal = match (viewer, game.status()) {
        (Some(seat), "playing") => serde_json::to_value(data::legal_view(table, seat)).unwrap_or(Value::Null),
        _ => json!({"kind": "nothing"}),
    };
    let moves = moves(table);
    json!({
        "id": game.id,
        "game": table.kind().name(),
        "status": game.status(),
        "ply": game.ply,
        "event": game.last_event(),
        "you": viewer,
        "seats": seats,
        "turn": turn,
        "board": data::board_view(table),
        "cafeteria": data::cafeteria_view(table),
        "legal": legal,
        "clock": clock,
        "draw_offers": game.draw_offers,
        "takeback_request": game.takeback,
        "result": table.result(),
        "moves": moves,
        "events": events,
        "seed": over.then(|| table.seed().to_string()),
    })
}

/// The moves of a chess game so far (after any take-back), each with its SAN.
fn moves(table: &messhall_table::Table) -> Vec<Value> {
    let Some(chess) = table.chess() else {
        return Vec::new();
    };
    let (v, game) = (chess.variant(), chess.game());
    game.actions()
        .iter()
        .zip(game.positions())
        .filter_map(|(action, before)| match action {
            messhall_rules::Action::Move(mv) => Some(json!({
                "seat": messhall_records::seat_of(before.side_to_move()),
                "san": v.san(before, mv),
                "coordinates": mv.to_coordinates(v),
            })),
            messhall_rules::Action::Chance(_) => None,
        })
        .collect()
}
