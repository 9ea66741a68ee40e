//! Games that survive a lost connection: a seat's presence from its WebSockets (on one server
//! and across two on one PostgreSQL), claims of the win or a draw from a seat to move gone too
//! long (refused before, to spectators and to the wrong seat), the server's end of an abandoned
//! game, the records of both replayed, and the correspondence clock's day per move and its flag.

mod common;

use common::{Client, Socket};
use futures_util::StreamExt;
use messhall_server::{Config, Running};
use serde_json::{Value, json};
use std::time::Duration;

/// The test settings with claims after a second and a quick beat.
fn quick(db: &str) -> Config {
    Config {
        claim_after: Duration::from_secs(1),
        presence_beat: Duration::from_millis(300),
        ..common::config(db)
    }
}

async fn start(config: Config) -> Running {
    messhall_server::start("127.0.0.1:0", config).await.unwrap()
}

/// The next `presence` message on `socket` for which `wanted` holds, within 5 s.
async fn presence_until(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let msg = tokio::time::timeout_at(deadline, socket.next())
            .await
            .expect("the presence wanted within 5 s")
            .expect("the socket open")
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == "presence" && wanted(&v) {
                return v;
            }
        }
    }
}

fn here(presence: &Value, seat: usize) -> bool {
    presence["seats"][seat]["here"] == true
}

/// A chess game of two people with a clock (or `clock` as given): id, Ann's (White) and Bob's
/// tokens.
async fn timed_pair(client: &Client, clock: Value) -> (String, String, String) {
    let created = client
        .create(
            json!({"game": "chess", "seats": [{"player": "me", "name": "Ann"}, {"player": "open"}], "clock": clock}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let ann = created["tokens"][0]["token"].as_str().unwrap().to_string();
    let code = created["joins"][0]["code"].as_str().unwrap();
    let (status, joined) = client
        .post(
            &format!("/api/games/{id}/join"),
            None,
            json!({"code": code, "name": "Bob"}),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    (id, ann, joined["token"].as_str().unwrap().to_string())
}

async fn claim(client: &Client, id: &str, token: Option<&str>, what: &str) -> (u16, Value) {
    client
        .post(&format!("/api/games/{id}/claim/{what}"), token, json!({}))
        .await
}

/// Ann and Bob at the table, Ann moves, Bob closes his page: Ann sees him gone, may not claim at
/// once, then may; spectators and the seat to move may not.
async fn claims(db: &str, drawn: bool) {
    let running = start(quick(db)).await;
    let client = Client::new(running.addr);
    let (id, ann, bob) = timed_pair(&client, json!({"base_ms": 600_000, "increment_ms": 0})).await;
    let mut ann_ws = common::connect_ws(running.addr, &id, Some(&ann), 0).await;
    let mut bob_ws = common::connect_ws(running.addr, &id, Some(&bob), 0).await;
    presence_until(&mut ann_ws, |p| here(p, 0) && here(p, 1)).await;
    let state = client.state(&id, None).await;
    assert_eq!(state["presence"][1]["here"], true, "{state}");
    assert_eq!(state["claim_after_ms"], 1000);

    client.play_first(&id, &ann).await;
    let (status, refused) = claim(&client, &id, Some(&ann), "win").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("opponent-here")),
        "{refused}"
    );

    bob_ws.close(None).await.unwrap();
    drop(bob_ws);
    let gone = presence_until(&mut ann_ws, |p| !here(p, 1)).await;
    assert!(gone["seats"][1]["gone_since_ms"].as_i64().is_some(), "{gone}");
    assert!(here(&gone, 0), "{gone}");
    let state = client.state(&id, None).await;
    assert_eq!(state["presence"][1]["here"], false, "{state}");

    let (status, refused) = claim(&client, &id, Some(&ann), "win").await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("too-soon")), "{refused}");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    // Nobody's token, another game's token, and the seat to move itself.
    let (status, _) = claim(&client, &id, None, "win").await;
    assert_eq!(status, 401);
    let (other, stranger, _) = timed_pair(&client, json!({"base_ms": 600_000, "increment_ms": 0})).await;
    assert_ne!(other, id);
    let (status, _) = claim(&client, &id, Some(&stranger), "win").await;
    assert_eq!(status, 403);
    let (status, refused) = claim(&client, &id, Some(&bob), "win").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("your-move")),
        "{refused}"
    );

    let (status, over) = claim(&client, &id, Some(&ann), if drawn { "draw" } else { "win" }).await;
    assert_eq!(status, 200, "{over}");
    let ending = &over["result"]["ending"];
    assert_eq!(ending["by"], "abandoned", "{over}");
    assert_eq!(ending["seat"], 1);
    let scores = if drawn { json!([0.5, 0.5]) } else { json!([1.0, 0.0]) };
    assert_eq!(over["result"]["scores"], scores);
    assert_eq!(ending["drawn"].as_bool().unwrap_or(false), drawn);
    let (status, refused) = claim(&client, &id, Some(&ann), "win").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("game-over")),
        "{refused}"
    );

    replays(&client, &id, &over["result"]).await;
    running.shutdown().await;
}

/// The game's record ends with the seat that left, and replays (imported) to the same result.
async fn replays(client: &Client, id: &str, result: &Value) {
    let (status, record) = client.get(&format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let last = record["actions"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["abandon"]["seat"], 1, "{record}");
    let (status, imported) = client.post("/api/games/import", None, json!({"record": record})).await;
    assert_eq!(status, 201, "{imported}");
    assert_eq!(&imported["state"]["result"], result, "{imported}");
    let (status, pgn) = client.get(&format!("/api/games/{id}/pgn"), None).await;
    assert_eq!(status, 200);
    assert!(pgn.as_str().unwrap().contains("[Termination \"abandoned\"]"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gone_seat_can_be_claimed_from_after_the_wait_on_sqlite() {
    claims(&common::sqlite_url(), false).await;
    claims(&common::sqlite_url(), true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gone_seat_can_be_claimed_from_after_the_wait_on_postgres() {
    let Some(db) = common::postgres_url() else { return };
    claims(&db, false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn claims_need_a_clock_and_a_person_to_move() {
    let running = start(quick(&common::sqlite_url())).await;
    let client = Client::new(running.addr);
    // Untimed: no claims (the state says so).
    let (id, ann, _bob) = timed_pair(&client, Value::Null).await;
    client.play_first(&id, &ann).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(client.state(&id, None).await["claim_after_ms"], Value::Null);
    let (status, refused) = claim(&client, &id, Some(&ann), "win").await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("untimed")), "{refused}");
    // Against the computer: it never leaves.
    let created = client
        .create(
            json!({"game": "chess", "seats": [{"player": "me"}, {"player": "level=1"}],
                       "clock": {"base_ms": 600_000, "increment_ms": 0}}),
        )
        .await;
    let id = created["id"].as_str().unwrap();
    let me = created["tokens"][0]["token"].as_str().unwrap();
    let (status, refused) = claim(&client, id, Some(me), "draw").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("your-move")),
        "{refused}"
    );
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_side_to_move_stays_gone_is_ended_by_the_server() {
    let config = Config {
        abandoned_after: Duration::from_secs(2),
        ..quick(&common::sqlite_url())
    };
    let running = start(config).await;
    let client = Client::new(running.addr);
    let (id, ann, bob) = timed_pair(&client, Value::Null).await;
    let mut ann_ws = common::connect_ws(running.addr, &id, Some(&ann), 0).await;
    let bob_ws = common::connect_ws(running.addr, &id, Some(&bob), 0).await;
    presence_until(&mut ann_ws, |p| here(p, 0) && here(p, 1)).await;
    client.play_first(&id, &ann).await;
    drop(bob_ws);
    presence_until(&mut ann_ws, |p| !here(p, 1)).await;
    // Not before its time.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(client.state(&id, None).await["status"], "playing");
    let over = client.wait_over(&id, 5).await;
    assert_eq!(
        over["result"]["ending"],
        json!({"by": "abandoned", "seat": 1}),
        "{over}"
    );
    assert_eq!(over["result"]["scores"], json!([1.0, 0.0]));
    replays(&client, &id, &over["result"]).await;
    // Both gone and the game let go of from memory: the beat finds it in the database.
    let (id, ann, bob) = timed_pair(&client, Value::Null).await;
    let ann_ws = common::connect_ws(running.addr, &id, Some(&ann), 0).await;
    let bob_ws = common::connect_ws(running.addr, &id, Some(&bob), 0).await;
    client.play_first(&id, &ann).await;
    drop((ann_ws, bob_ws));
    tokio::time::sleep(Duration::from_millis(300)).await;
    running.server.evict(Duration::MAX, Duration::ZERO).await;
    assert!(!running.server.held(&id).await, "the idle game is let go of");
    // Watched in the database only: a read of the game would bring it back into memory.
    let mut stored = String::new();
    for _ in 0..60 {
        stored = running.server.store.load(&id).await.unwrap().unwrap().0.status;
        if stored == "over" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(stored, "over", "the game let go of was ended from the database");
    let over = client.state(&id, None).await;
    assert_eq!(
        over["result"]["ending"],
        json!({"by": "abandoned", "seat": 1}),
        "{over}"
    );
    // The player still here is never ended so: Ann to move, here, in another game.
    let (id, ann, _bob) = timed_pair(&client, Value::Null).await;
    let _ann_ws = common::connect_ws(running.addr, &id, Some(&ann), 0).await;
    tokio::time::sleep(Duration::from_millis(3500)).await;
    assert_eq!(client.state(&id, None).await["status"], "playing");
    running.shutdown().await;
}

/// Bob's page is on the other server: Ann's server sees him come and go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presence_is_known_on_every_server() {
    let Some(db) = common::postgres_url() else { return };
    let (a, b) = (start(quick(&db)).await, start(quick(&db)).await);
    let (on_a, on_b) = (Client::new(a.addr), Client::new(b.addr));
    let (id, ann, bob) = timed_pair(&on_a, json!({"base_ms": 600_000, "increment_ms": 0})).await;
    let mut ann_ws = common::connect_ws(a.addr, &id, Some(&ann), 0).await;
    let bob_ws = common::connect_ws(b.addr, &id, Some(&bob), 0).await;
    presence_until(&mut ann_ws, |p| here(p, 0) && here(p, 1)).await;
    on_a.play_first(&id, &ann).await;
    drop(bob_ws);
    presence_until(&mut ann_ws, |p| !here(p, 1)).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    // Claimed through B, which holds no WebSocket of Ann's.
    let (status, over) = claim(&on_b, &id, Some(&ann), "win").await;
    assert_eq!(status, 200, "{over}");
    a.shutdown().await;
    b.shutdown().await;
}

/// A server that stops vouching (killed) leaves its seats gone on the others within three beats.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_servers_websockets_go_stale() {
    let Some(db) = common::postgres_url() else { return };
    let (a, b) = (start(quick(&db)).await, start(quick(&db)).await);
    let on_a = Client::new(a.addr);
    let (id, ann, bob) = timed_pair(&on_a, json!({"base_ms": 600_000, "increment_ms": 0})).await;
    let mut ann_ws = common::connect_ws(a.addr, &id, Some(&ann), 0).await;
    let bob_ws = common::connect_ws(b.addr, &id, Some(&bob), 0).await;
    presence_until(&mut ann_ws, |p| here(p, 1)).await;
    // B stops beating but keeps the socket open (as a frozen process would).
    b.server.stopping.store(true, std::sync::atomic::Ordering::Relaxed);
    let gone = presence_until(&mut ann_ws, |p| !here(p, 1)).await;
    assert!(gone["seats"][1]["gone_since_ms"].as_i64().is_some());
    drop(bob_ws);
    a.shutdown().await;
    b.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_move_has_its_day_and_a_missed_day_falls() {
    let db = common::sqlite_url();
    let running = start(quick(&db)).await;
    let client = Client::new(running.addr);
    for bad in [
        json!({"days_per_move": 0}),
        json!({"days_per_move": 15}),
        json!({"days_per_move": 3, "base_ms": 60_000}),
    ] {
        let (status, refused) = client
            .post(
                "/api/games",
                None,
                json!({"game": "chess", "seats": [{"player": "me"}, {"player": "open"}], "clock": bad}),
            )
            .await;
        assert_eq!(
            (status, refused["code"].as_str()),
            (400, Some("bad-clock")),
            "{bad}: {refused}"
        );
    }
    let (id, ann, bob) = timed_pair(&client, json!({"days_per_move": 1})).await;
    let state = client.state(&id, None).await;
    assert_eq!(state["clock"]["days_per_move"], 1, "{state}");
    assert_eq!(state["claim_after_ms"], Value::Null, "no claims in correspondence");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let moved = client.play_first(&id, &ann).await;
    // The move's leftover is not kept: the next move has its day afresh.
    assert_eq!(moved["clock"]["left_ms"][0], 86_400_000, "{moved}");
    assert!(moved["clock"]["left_ms"][1].as_u64().unwrap() <= 86_400_000);
    running.shutdown().await;

    // Bob's day almost spent, as stored: the restarted server flags him when it runs out.
    {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&db).await.unwrap();
        sqlx::query("UPDATE entries SET clock = '[86400000,1500]' WHERE game_id = $1 AND ply = (SELECT MAX(ply) FROM entries WHERE game_id = $1)")
            .bind(&id)
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    }
    let running = start(quick(&db)).await;
    let client = Client::new(running.addr);
    let over = client.wait_over(&id, 5).await;
    assert_eq!(over["result"]["ending"], json!({"by": "flagged", "seat": 1}), "{over}");
    let _ = bob;
    let (status, record) = client.get(&format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200);
    assert_eq!(record["clock"]["days_per_move"], 1, "{record}");
    let (status, imported) = client.post("/api/games/import", None, json!({"record": record})).await;
    assert_eq!(status, 201, "{imported}");
    assert_eq!(imported["state"]["result"], over["result"]);
    running.shutdown().await;
}
