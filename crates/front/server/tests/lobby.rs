//! The lobby: a seek posted reaches another player's lobby WebSocket at once; taking its last
//! seat makes one game with both players' sessions in their seats; a rated game's end changes
//! the ratings by Glicko-2 (checked against the crate on that result); a seek ends when its
//! poster leaves the lobby; a cafeteria seek filled by three people and a bot.

mod common;

use common::{Browser, Socket};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The next lobby message of `kind`, within `secs`.
async fn next(socket: &mut Socket, kind: &str, secs: u64) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    loop {
        let msg = tokio::time::timeout_at(deadline, socket.next())
            .await
            .unwrap_or_else(|_| panic!("no {kind} message within {secs} s"))
            .unwrap()
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == kind {
                return v;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_reaches_the_lobby_becomes_a_rated_game_and_changes_the_ratings() {
    let running = common::start(&common::sqlite_url()).await;
    let mut ann = Browser::new(running.addr);
    let ann_id = ann.start().await;
    let mut bob = Browser::new(running.addr);
    let bob_id = bob.start().await;
    let mut ann_lobby = ann.lobby().await;
    let mut bob_lobby = bob.lobby().await;
    assert_eq!(next(&mut bob_lobby, "seeks", 2).await["seeks"], json!([]));
    next(&mut ann_lobby, "seeks", 2).await;

    let posted = Instant::now();
    let (status, v) = ann
        .post(
            "/api/seeks",
            json!({"game": "foodfight", "rated": true, "colour": "white", "clock": {"base_ms": 300000, "increment_ms": 2000}}),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let seek_id = v["seek"]["id"].as_str().unwrap().to_string();
    let seen = next(&mut bob_lobby, "seek", 2).await;
    assert!(posted.elapsed() < Duration::from_secs(1), "{:?}", posted.elapsed());
    assert_eq!(seen["seek"]["id"], seek_id.as_str());
    assert_eq!(seen["seek"]["players"][0]["id"], ann_id.as_str());
    assert_eq!(seen["seek"]["rated"], true);

    // Ann cannot take her own seek; Bob takes it and the game is made.
    let (status, _) = ann.post(&format!("/api/seeks/{seek_id}/join"), json!({})).await;
    assert_eq!(status, 409);
    let (status, v) = bob.post(&format!("/api/seeks/{seek_id}/join"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    let game = v["game"].as_str().unwrap().to_string();
    let gone = next(&mut ann_lobby, "gone", 2).await;
    assert_eq!(gone["id"], seek_id.as_str());
    assert_eq!(gone["game"], game.as_str());
    let (_, again) = bob.post(&format!("/api/seeks/{seek_id}/join"), json!({})).await;
    assert_eq!(again["code"], "not-found");

    // Ann is White, as her seek said; each plays through its session.
    let (_, state) = ann.get(&format!("/api/games/{game}")).await;
    assert_eq!(state["you"], 0, "{state}");
    assert_eq!(state["seats"][0]["player_id"], ann_id.as_str());
    assert_eq!(state["seats"][1]["player_id"], bob_id.as_str());
    assert_eq!(state["clock"]["base_ms"], 300000);
    let action = common::first_action(&state).unwrap();
    let (status, v) = ann
        .post(
            &format!("/api/games/{game}/act"),
            json!({"ply": state["ply"], "action": action}),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = bob.post(&format!("/api/games/{game}/resign"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["status"], "over");

    // The ratings: Glicko-2 from the start, a win for Ann.
    use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
    let (want_ann, want_bob) = glicko2(
        &Glicko2Rating::new(),
        &Glicko2Rating::new(),
        &skillratings::Outcomes::WIN,
        &Glicko2Config::new(),
    );
    let mut page = Value::Null;
    for _ in 0..50 {
        page = ann.get(&format!("/api/players/{ann_id}")).await.1;
        if page["ratings"].as_array().is_some_and(|r| !r.is_empty()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let r = &page["ratings"][0];
    assert_eq!(r["game"], "foodfight");
    assert_eq!(r["model"], "Glicko-2");
    assert!((r["rating"].as_f64().unwrap() - want_ann.rating).abs() < 1e-9, "{r}");
    assert!((r["deviation"].as_f64().unwrap() - want_ann.deviation).abs() < 1e-9);
    assert_eq!(r["provisional"], true);
    assert_eq!(page["history"][0]["game_id"], game.as_str());
    let (_, bob_page) = bob.get(&format!("/api/players/{bob_id}")).await;
    assert!((bob_page["ratings"][0]["rating"].as_f64().unwrap() - want_bob.rating).abs() < 1e-9);
    let (_, board) = bob.get("/api/leaderboard/foodfight").await;
    assert_eq!(board["players"][0]["player"]["id"], ann_id.as_str());
    assert_eq!(board["players"][1]["player"]["id"], bob_id.as_str());
    let (status, _) = bob.get("/api/leaderboard/nothing").await;
    assert_eq!(status, 404);

    // A rematch: each offers; the second offer makes one game, the colours swapped, rated.
    let rematch = format!("/api/games/{game}/rematch");
    let (status, v) = ann.post(&rematch, json!({})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!((v["offers"].clone(), v["game"].clone()), (json!([0]), Value::Null));
    let mut eve = Browser::new(running.addr);
    eve.start().await;
    let (status, _) = eve.post(&rematch, json!({})).await;
    assert_eq!(status, 403, "a stranger offers nothing");
    let (_, v) = bob.post(&rematch, json!({})).await;
    let again = v["game"].as_str().unwrap().to_string();
    let (_, seen) = ann.get(&rematch).await;
    assert_eq!(seen["game"], again.as_str());
    let (_, state) = bob.get(&format!("/api/games/{again}")).await;
    assert_eq!(state["you"], 0, "Bob is White now");
    assert_eq!(state["seats"][1]["player_id"], ann_id.as_str());
    assert_eq!(state["clock"]["base_ms"], 300000);
    let (_, v) = bob.post(&format!("/api/games/{again}/resign"), json!({})).await;
    assert_eq!(v["status"], "over");
    for _ in 0..50 {
        let (_, page) = ann.get(&format!("/api/players/{ann_id}")).await;
        if page["ratings"][0]["games"] == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_, page) = ann.get(&format!("/api/players/{ann_id}")).await;
    assert_eq!(page["ratings"][0]["games"], 2, "the rematch was rated too");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_ends_when_its_poster_leaves_the_lobby() {
    let running = common::start(&common::sqlite_url()).await;
    let mut ann = Browser::new(running.addr);
    ann.start().await;
    let mut bob = Browser::new(running.addr);
    bob.start().await;
    let ann_lobby = ann.lobby().await;
    let mut bob_lobby = bob.lobby().await;
    next(&mut bob_lobby, "seeks", 2).await;
    let (_, v) = ann.post("/api/seeks", json!({"game": "chess"})).await;
    let id = v["seek"]["id"].as_str().unwrap().to_string();
    next(&mut bob_lobby, "seek", 2).await;
    drop(ann_lobby);
    let gone = next(&mut bob_lobby, "gone", 5).await;
    assert_eq!(gone["id"], id.as_str());
    assert_eq!(gone["game"], Value::Null);
    let (_, list) = bob.get("/api/seeks").await;
    assert_eq!(list["seeks"], json!([]));
    // Bad seeks are refused, each with its reason.
    for (body, code) in [
        (json!({"game": "nothing"}), "unknown-game"),
        (json!({"game": "chess", "seats": 3}), "bad-seats"),
        (json!({"game": "cafeteria", "seats": 5}), "bad-seats"),
        (
            json!({"game": "chess", "clock": {"base_ms": 5, "increment_ms": 0}}),
            "bad-clock",
        ),
    ] {
        let (status, v) = bob.post("/api/seeks", body.clone()).await;
        assert_eq!((status, v["code"].as_str()), (400, Some(code)), "{body}: {v}");
    }
    let mut anonymous = Browser::new(running.addr);
    let (status, v) = anonymous.post("/api/seeks", json!({"game": "chess"})).await;
    assert_eq!((status, v["code"].as_str()), (401, Some("no-session")));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_seek_waits_without_its_poster_and_its_game_is_in_their_turn_list() {
    let running = common::start(&common::sqlite_url()).await;
    let mut ann = Browser::new(running.addr);
    let ann_id = ann.start().await;
    let mut bob = Browser::new(running.addr);
    bob.start().await;
    let ann_lobby = ann.lobby().await;
    let (status, v) = ann
        .post(
            "/api/seeks",
            json!({"game": "chess", "clock": {"days_per_move": 3}, "colour": "white", "rated": true}),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["seek"]["clock"]["days_per_move"], 3, "{v}");
    let id = v["seek"]["id"].as_str().unwrap().to_string();
    // Ann leaves the lobby: a correspondence seek stays (a timed one would go).
    drop(ann_lobby);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut bob_lobby = bob.lobby().await;
    let seeks = next(&mut bob_lobby, "seeks", 2).await;
    assert!(
        seeks["seeks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == id.as_str()),
        "{seeks}"
    );
    let (status, v) = bob.post(&format!("/api/seeks/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    let game = v["game"].as_str().unwrap().to_string();
    let (_, state) = bob.get(&format!("/api/games/{game}")).await;
    assert_eq!(state["clock"]["days_per_move"], 3, "{state}");
    // Ann, away, finds the game among hers, her turn (she plays White).
    let (_, mine) = ann.get("/api/me/games").await;
    let listed = mine["games"].as_array().unwrap();
    let entry = listed
        .iter()
        .find(|g| g["game"]["id"] == game.as_str())
        .expect("the game in Ann's list");
    assert_eq!(entry["your_turn"], true, "{mine}");
    let (_, state) = ann.get(&format!("/api/games/{game}")).await;
    assert_eq!(state["seats"][0]["player_id"], ann_id.as_str());
    // Days outside 1 to 14 are refused.
    let (status, v) = ann
        .post("/api/seeks", json!({"game": "chess", "clock": {"days_per_move": 20}}))
        .await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-clock")));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cafeteria_seek_is_filled_by_three_people_and_a_bot() {
    let running = common::start(&common::sqlite_url()).await;
    let mut people = Vec::new();
    for _ in 0..3 {
        let mut b = Browser::new(running.addr);
        let id = b.start().await;
        let lobby = b.lobby().await;
        people.push((b, id, lobby));
    }
    let (status, v) = people[0]
        .0
        .post("/api/seeks", json!({"game": "cafeteria", "seats": 4, "bots": true}))
        .await;
    assert_eq!(status, 201, "{v}");
    let seek = v["seek"]["id"].as_str().unwrap().to_string();
    for (b, _, _) in people.iter_mut().skip(1) {
        let (status, v) = b.post(&format!("/api/seeks/{seek}/join"), json!({})).await;
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["game"], Value::Null);
    }
    // Only the poster starts it.
    let (status, _) = people[1].0.post(&format!("/api/seeks/{seek}/start"), json!({})).await;
    assert_eq!(status, 403);
    let (status, v) = people[0].0.post(&format!("/api/seeks/{seek}/start"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    let game = v["game"].as_str().unwrap().to_string();
    let (_, state) = people[0].0.get(&format!("/api/games/{game}")).await;
    let seats = state["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let humans: Vec<&Value> = seats.iter().filter(|s| s["kind"] == "human").collect();
    assert_eq!(humans.len(), 3);
    assert_eq!(seats.iter().filter(|s| s["kind"] == "computer").count(), 1);
    for (_, id, _) in &people {
        assert!(humans.iter().any(|s| s["player_id"] == id.as_str()), "{id} seated");
    }
    // Each of them sees the game as its own seat.
    for (b, id, _) in &mut people {
        let (_, s) = b.get(&format!("/api/games/{game}")).await;
        let you = s["you"].as_u64().unwrap() as usize;
        assert_eq!(s["seats"][you]["player_id"], id.as_str());
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_posted_on_one_server_reaches_the_lobby_of_another() {
    let Some(db) = common::postgres_url() else { return };
    let a = common::start(&db).await;
    let b = common::start(&db).await;
    let mut ann = Browser::new(a.addr);
    ann.start().await;
    // Bob's browser on the other server: its session is in the shared database.
    let mut bob = Browser::new(b.addr);
    let bob_id = bob.start().await;
    let _ann_lobby = ann.lobby().await;
    let mut bob_lobby = bob.lobby().await;
    next(&mut bob_lobby, "seeks", 2).await;
    let posted = Instant::now();
    let (_, v) = ann.post("/api/seeks", json!({"game": "calorie", "rated": true})).await;
    let id = v["seek"]["id"].as_str().unwrap().to_string();
    let seen = next(&mut bob_lobby, "seek", 2).await;
    assert!(posted.elapsed() < Duration::from_secs(1), "{:?}", posted.elapsed());
    assert_eq!(seen["seek"]["id"], id.as_str());
    let (status, v) = bob.post(&format!("/api/seeks/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    let game = v["game"].as_str().unwrap();
    // Ann reads it through her server, as her seat.
    let (_, state) = ann.get(&format!("/api/games/{game}")).await;
    assert!(state["you"].is_u64(), "{state}");
    assert!(
        state["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["player_id"] == bob_id.as_str())
    );
    a.shutdown().await;
    b.shutdown().await;
}
