//! The WebSocket's view after each entry: what a page applies instead of asking for the state.
//! Everyone gets the same public view; a seat's connection gets that seat's legal actions with
//! it, and no connection gets another seat's hidden cafeteria food.

mod common;

use common::{Client, Socket, connect_ws};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::Duration;

/// The fields of a state that a view carries: everything a state holds but its id, its name,
/// its viewer, the viewer's legal actions, the events and the server's time of answering.
const VIEW_FIELDS: [&str; 17] = [
    "status",
    "listed",
    "ply",
    "event",
    "seats",
    "turn",
    "board",
    "cafeteria",
    "clock",
    "draw_offers",
    "takeback_request",
    "result",
    "moves",
    "seed",
    "presence",
    "turn_since_ms",
    "claim_after_ms",
];

/// The numbered events up to the next view, and that view message; the clock's messages are
/// skipped.
async fn next_view(socket: &mut Socket) -> (Vec<Value>, Value) {
    let mut events = Vec::new();
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a view within 10 s")
            .expect("the connection open")
            .unwrap();
        let tokio_tungstenite::tungstenite::Message::Text(t) = msg else {
            continue;
        };
        let v: Value = serde_json::from_str(t.as_str()).unwrap();
        if v["type"] == "view" {
            return (events, v);
        }
        if v.get("n").is_some() {
            events.push(v);
        }
    }
}

/// Until both seats' WebSockets count as here: a view carries the presence as it is when the
/// view is made, and a seat's arrival is its own message.
async fn both_here(client: &Client, id: &str) {
    for _ in 0..100 {
        let state = client.state(id, None).await;
        if state["presence"].as_array().unwrap().iter().all(|p| p["here"] == true) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the seats' WebSockets never counted as here");
}

/// The part of a state that a view carries.
fn public_part(state: &Value) -> Value {
    let mut part = serde_json::Map::new();
    for field in VIEW_FIELDS {
        part.insert(field.to_string(), state[field].clone());
    }
    Value::Object(part)
}

/// Checks a view message against the state of `token`'s seat (or a spectator's) read now: the
/// same public part, the seat's legal actions for a seat only, and no field beyond.
async fn matches_state(client: &Client, id: &str, token: Option<&str>, message: &Value) {
    let state = client.state(id, token).await;
    assert_eq!(
        message["view"],
        public_part(&state),
        "the view is the state's public part"
    );
    let mut fields: Vec<&String> = message.as_object().unwrap().keys().collect();
    fields.sort();
    match token {
        Some(_) => {
            assert_eq!(message["legal"], state["legal"], "the seat's legal actions");
            assert_eq!(fields, ["legal", "type", "view"]);
        }
        None => assert_eq!(fields, ["type", "view"], "nothing of any seat's for a spectator"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_watcher_gets_the_view_after_a_move_and_a_seat_its_legal_moves() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (id, ann, bob) = client.two_people("calorie").await;
    let since = client.state(&id, None).await["event"].as_u64().unwrap();
    let mut spectator = connect_ws(running.addr, &id, None, since).await;
    let mut sockets = [
        connect_ws(running.addr, &id, Some(&ann), since).await,
        connect_ws(running.addr, &id, Some(&bob), since).await,
    ];
    both_here(&client, &id).await;
    let tokens = [&ann, &bob];
    for ply in 0..4 {
        let mover = ply % 2;
        client.play_first(&id, tokens[mover]).await;
        let (events, view) = next_view(&mut spectator).await;
        assert!(!events.is_empty(), "the move's events come before the view");
        assert_eq!(
            view["view"]["event"],
            events.last().unwrap()["n"],
            "the view is after them"
        );
        assert_eq!(view["view"]["turn"]["seat"], 1 - mover as u64);
        matches_state(&client, &id, None, &view).await;
        for (seat, socket) in sockets.iter_mut().enumerate() {
            let (seen, view) = next_view(socket).await;
            assert_eq!(seen, events, "a seat sees the events a spectator sees");
            matches_state(&client, &id, Some(tokens[seat]), &view).await;
            let to_move = view["legal"]["kind"] == "moves";
            assert_eq!(to_move, seat != mover, "legal moves only for the seat to move");
        }
    }
    // An offer shows in the view.
    let (status, v) = client
        .post(&format!("/api/games/{id}/draw/offer"), Some(&ann), json!({}))
        .await;
    assert_eq!(status, 200, "{v}");
    let (_, view) = next_view(&mut spectator).await;
    assert_eq!(view["view"]["draw_offers"], json!([0]));
    for (seat, socket) in sockets.iter_mut().enumerate() {
        let (_, view) = next_view(socket).await;
        assert_eq!(view["view"]["draw_offers"], json!([0]));
        matches_state(&client, &id, Some(tokens[seat]), &view).await;
    }
    // A late watcher catching up gets the events it missed, then the view after them.
    let mut late = connect_ws(running.addr, &id, None, 2).await;
    let (events, view) = next_view(&mut late).await;
    let last = client.state(&id, None).await["event"].as_u64().unwrap();
    let numbers: Vec<u64> = events.iter().map(|e| e["n"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (3..=last).collect::<Vec<_>>());
    matches_state(&client, &id, None, &view).await;
    // The end: the result and the seed, and no moves for anyone.
    let (status, v) = client
        .post(&format!("/api/games/{id}/resign"), Some(&bob), json!({}))
        .await;
    assert_eq!(status, 200, "{v}");
    let (_, view) = next_view(&mut spectator).await;
    assert_eq!(view["view"]["status"], "over");
    assert_eq!(view["view"]["result"]["ending"]["by"], "resigned");
    assert!(view["view"]["seed"].is_string());
    matches_state(&client, &id, None, &view).await;
    for (seat, socket) in sockets.iter_mut().enumerate() {
        let (_, view) = next_view(socket).await;
        assert_eq!(view["legal"]["kind"], "nothing");
        matches_state(&client, &id, Some(tokens[seat]), &view).await;
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cafeteria_view_shows_hidden_food_to_no_one_else() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (id, tokens) = client.both_seats("cafeteria").await;
    let id = id.as_str();
    let since = client.state(id, None).await["event"].as_u64().unwrap();
    let mut spectator = connect_ws(running.addr, id, None, since).await;
    let mut seats = [
        connect_ws(running.addr, id, Some(&tokens[0]), since).await,
        connect_ws(running.addr, id, Some(&tokens[1]), since).await,
    ];
    both_here(&client, id).await;
    let mut hidden_seen = false;
    for _ in 0..12 {
        let Some(mover) = client.state(id, None).await["turn"]["seat"].as_u64() else {
            break;
        };
        client.play_first(id, &tokens[mover as usize]).await;
        let (events, watched) = next_view(&mut spectator).await;
        matches_state(&client, id, None, &watched).await;
        let mut views = Vec::new();
        for (seat, socket) in seats.iter_mut().enumerate() {
            let (seen, view) = next_view(socket).await;
            matches_state(&client, id, Some(&tokens[seat]), &view).await;
            // Every seat shares the spectator's view: the seat's own part is its legal actions.
            assert_eq!(view["view"], watched["view"]);
            assert_eq!(seen.len(), events.len());
            views.push((seen, view));
        }
        for (i, event) in events.iter().enumerate() {
            if event["type"] != "hidden" {
                continue;
            }
            hidden_seen = true;
            let owners: Vec<usize> = (0..2).filter(|&s| views[s].0[i]["type"] == "cafeteria").collect();
            assert_eq!(owners.len(), 1, "a hidden event is shown to exactly one seat: {event}");
            let owner = owners[0];
            // What the owner was shown (`{"Gets": {"student": 0, "foods": [...]}}`).
            let food = views[owner].0[i]["event"].to_string();
            assert!(
                !watched.to_string().contains(&food) && !views[1 - owner].1.to_string().contains(&food),
                "the food of seat {owner} in another's view: {food}"
            );
        }
        let next = watched["view"]["turn"]["seat"].as_u64();
        for (seat, (_, view)) in views.iter().enumerate() {
            let acts = view["legal"]["kind"] == "student";
            assert_eq!(acts, next == Some(seat as u64), "actions only for the seat to act");
        }
    }
    assert!(
        hidden_seen,
        "the first actions of the cafeteria game show someone hidden food"
    );
    running.shutdown().await;
}
