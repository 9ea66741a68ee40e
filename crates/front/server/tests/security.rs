//! Refusals: wrong, missing or another seat's token, out of turn, a finished game, a stale ply,
//! two requests racing for one seat, oversized and malformed bodies and WebSocket messages, the
//! seed before the end, the games-per-client limit. A refusal changes nothing.

mod common;

use common::{Client, connect_ws, first_action};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

fn fingerprint(state: &Value) -> Value {
    json!([
        state["ply"],
        state["event"],
        state["board"],
        state["status"],
        state["moves"]
    ])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_without_the_right_are_refused_and_change_nothing() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (id, ann, bob) = client.two_people("chess").await;
    let before = client.state(&id, None).await;
    // The join is the game's first entry.
    assert_eq!(before["ply"], 1);
    let act = format!("/api/games/{id}/act");
    let cases: Vec<(Option<&str>, Value, u16, &str)> = vec![
        (None, json!({"ply": 1, "action": "e4"}), 401, "no-token"),
        (Some("0000"), json!({"ply": 1, "action": "e4"}), 403, "forbidden"),
        (Some(&bob), json!({"ply": 1, "action": "e5"}), 409, "not-your-turn"),
        (Some(&ann), json!({"ply": 1, "action": "e5"}), 400, "illegal"),
        (Some(&ann), json!({"ply": 0, "action": "e4"}), 409, "stale-ply"),
        (
            Some(&ann),
            json!({"ply": 1, "action": "x".repeat(300)}),
            400,
            "bad-action",
        ),
        (Some(&ann), json!({"ply": 1}), 400, "bad-json"),
        (
            Some(&ann),
            json!({"ply": 1, "action": "e4", "extra": 1}),
            400,
            "bad-json",
        ),
    ];
    for (token, body, status, code) in cases {
        let (got, v) = client.post(&act, token, body.clone()).await;
        assert_eq!((got, v["code"].as_str()), (status, Some(code)), "{body}: {v}");
        assert!(
            v["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty() && !m.contains('\n')),
            "{v}"
        );
    }
    // A token in the URL works as the header does; another game's token does not.
    let (other, other_ann, _) = client.two_people("chess").await;
    let (status, _) = client
        .post(
            &format!("{act}?token={other_ann}"),
            None,
            json!({"ply": 1, "action": "e4"}),
        )
        .await;
    assert_eq!(status, 403);
    assert_eq!(fingerprint(&client.state(&id, None).await), fingerprint(&before));
    assert_eq!(client.state(&other, None).await["ply"], 1);
    // Not JSON at all, oversized, or of the wrong type.
    let raw = |body: Vec<u8>, ctype: &'static str| {
        let c = client.clone();
        let url = format!("{}{act}", client.base);
        let ann = ann.clone();
        async move {
            let resp = c
                .http
                .post(url)
                .bearer_auth(ann)
                .header("content-type", ctype)
                .body(body)
                .send()
                .await
                .unwrap();
            let status = resp.status().as_u16();
            (status, resp.json::<Value>().await.unwrap())
        }
    };
    let (status, v) = raw(b"{not json".to_vec(), "application/json").await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-json")));
    let (status, v) = raw(vec![b' '; 200_000], "application/json").await;
    assert_eq!((status, v["code"].as_str()), (413, Some("too-large")), "{v}");
    let (status, v) = raw(b"{}".to_vec(), "text/plain").await;
    assert_eq!((status, v["code"].as_str()), (415, Some("not-json")));
    let (status, v) = client
        .post(
            "/api/games",
            None,
            json!({"game": "chess", "seats": [{"player": "me", "name": "n".repeat(100)}, {"player": "open"}]}),
        )
        .await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-name")));
    let (status, v) = client
        .post(
            "/api/games",
            None,
            json!({"game": "chess", "seats": [{"player": "me"}]}),
        )
        .await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-seats")));
    let (status, v) = client
        .post(
            "/api/games",
            None,
            json!({"game": "cafeteria", "seats": [{"player": "level=3"}, {"player": "me"}]}),
        )
        .await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-player")), "{v}");
    assert_eq!(fingerprint(&client.state(&id, None).await), fingerprint(&before));

    // The seed stays secret until the end.
    for token in [None, Some(ann.as_str()), Some(bob.as_str())] {
        assert!(client.state(&id, token).await["seed"].is_null());
    }
    let (status, v) = client.get(&format!("/api/games/{id}/record"), None).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("not-over")));
    let (status, _) = client.get(&format!("/api/games/{id}/pgn"), None).await;
    assert_eq!(status, 409);
    let (status, _) = client
        .post(&format!("/api/games/{id}/resign"), Some(&bob), json!({}))
        .await;
    assert_eq!(status, 200);
    let over = client.state(&id, None).await;
    assert!(over["seed"].is_string());
    // A finished game takes nothing more.
    let (status, v) = client
        .post(&act, Some(&ann), json!({"ply": over["ply"], "action": "e4"}))
        .await;
    assert_eq!((status, v["code"].as_str()), (409, Some("game-over")));
    let (status, v) = client
        .post(&format!("/api/games/{id}/draw/offer"), Some(&ann), json!({}))
        .await;
    assert_eq!((status, v["code"].as_str()), (409, Some("game-over")));
    assert_eq!(fingerprint(&client.state(&id, None).await), fingerprint(&over));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_requests_racing_at_one_ply_exactly_one_wins() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (id, ann, _) = client.two_people("chess").await;
    let moves = ["e4", "d4", "c4", "Nf3", "a3", "h3", "g3", "b3"];
    let mut tasks = Vec::new();
    for mv in moves {
        let (c, id, ann) = (client.clone(), id.clone(), ann.clone());
        tasks.push(tokio::spawn(async move {
            c.post(
                &format!("/api/games/{id}/act"),
                Some(&ann),
                json!({"ply": 1, "action": mv}),
            )
            .await
        }));
    }
    let mut won = 0;
    for t in tasks {
        let (status, v) = t.await.unwrap();
        match status {
            200 => won += 1,
            409 => assert!(v["code"] == "stale-ply" || v["code"] == "not-your-turn", "{v}"),
            _ => panic!("{status} {v}"),
        }
    }
    assert_eq!(won, 1);
    let state = client.state(&id, None).await;
    assert_eq!(
        (state["ply"].as_i64(), state["moves"].as_array().unwrap().len()),
        (Some(2), 1)
    );
    running.shutdown().await;
}

/// Two servers on one database, each with the game in memory: before acting, a server catches
/// its game up with the entries the other stored, so an action is judged on the game as stored
/// (not refused at a stale ply forever). On SQLite no news goes between them: only a write
/// catches up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_behind_the_database_reads_the_game_again() {
    let db = common::sqlite_url();
    let (a, b) = (common::start(&db).await, common::start(&db).await);
    let (on_a, on_b) = (Client::new(a.addr), Client::new(b.addr));
    let (id, ann, bob) = on_a.two_people("chess").await;
    let act = format!("/api/games/{id}/act");
    assert_eq!(on_b.state(&id, None).await["ply"], 1);
    let (status, v) = on_a.post(&act, Some(&ann), json!({"ply": 1, "action": "e4"})).await;
    assert_eq!(status, 200, "{v}");
    // B held the game at ply 1; catching up before it acts, it finds the game at ply 2.
    let (status, v) = on_b.post(&act, Some(&ann), json!({"ply": 1, "action": "d4"})).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("stale-ply")), "{v}");
    let state = on_b.state(&id, None).await;
    assert_eq!(
        (state["ply"].as_i64(), state["moves"][0]["san"].as_str()),
        (Some(2), Some("e4"))
    );
    let (status, v) = on_b.post(&act, Some(&bob), json!({"ply": 2, "action": "e5"})).await;
    assert_eq!(status, 200, "{v}");
    // Now A is behind (it has Black to play at ply 2), and catches up the same way.
    let (status, v) = on_a.post(&act, Some(&bob), json!({"ply": 2, "action": "d5"})).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("stale-ply")), "{v}");
    let (status, v) = on_a.post(&act, Some(&ann), json!({"ply": 3, "action": "Nf3"})).await;
    assert_eq!(status, 200, "{v}");
    let sans = |s: &Value| {
        s["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["san"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(sans(&v), [json!("e4"), json!("e5"), json!("Nf3")]);
    a.shutdown().await;
    b.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_catch_up_and_bad_messages() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (id, ann, bob) = client.two_people("chess").await;
    for _ in 0..3 {
        for token in [&ann, &bob] {
            client.play_first(&id, token).await;
        }
    }
    let state = client.state(&id, None).await;
    let last = state["event"].as_u64().unwrap();
    // A client that saw event 2 gets 3 to the last, in order.
    let mut socket = connect_ws(running.addr, &id, Some(&bob), 2).await;
    for n in 3..=last {
        assert_eq!(common::next_event(&mut socket, 5).await.unwrap()["n"], n);
    }
    // New events come as they happen.
    let action = first_action(&client.state(&id, Some(&ann)).await).unwrap();
    let (status, _) = client
        .post(
            &format!("/api/games/{id}/act"),
            Some(&ann),
            json!({"ply": state["ply"], "action": action}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(common::next_event(&mut socket, 5).await.unwrap()["n"], last + 1);
    // Asking again from 0 replays everything.
    socket
        .send(Message::Text(json!({"since": 0}).to_string().into()))
        .await
        .unwrap();
    assert_eq!(common::next_event(&mut socket, 5).await.unwrap()["n"], 1);
    // A message that is not a request gets an error, not a closed connection.
    socket.send(Message::Text("hello".into())).await.unwrap();
    let mut saw_error = false;
    while let Ok(Some(Ok(msg))) = tokio::time::timeout(std::time::Duration::from_secs(2), socket.next()).await {
        if let Message::Text(t) = msg
            && serde_json::from_str::<Value>(t.as_str()).unwrap()["code"] == "bad-message"
        {
            saw_error = true;
            break;
        }
    }
    assert!(saw_error);
    // An oversized message closes the connection, saying why (1009: too big).
    let mut big = connect_ws(running.addr, &id, None, 1000).await;
    let _ = big.send(Message::Text("x".repeat(10_000).into())).await;
    assert_eq!(
        close_code(&mut big).await,
        Some(1009),
        "an oversized message closes with 1009"
    );
    // Pings are no messages: a client pinging faster than the message rate stays connected.
    let mut pinging = connect_ws(running.addr, &id, None, 1000).await;
    for _ in 0..60 {
        pinging.send(Message::Ping(Default::default())).await.unwrap();
    }
    pinging
        .send(Message::Text(json!({"since": 0}).to_string().into()))
        .await
        .unwrap();
    assert_eq!(common::next_event(&mut pinging, 5).await.unwrap()["n"], 1);
    // So does a flood.
    let mut flood = connect_ws(running.addr, &id, None, 1000).await;
    for _ in 0..100 {
        if flood
            .send(Message::Text(json!({"since": 1000}).to_string().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    assert!(closes(&mut flood).await, "a flood closes the connection");
    // A token of no seat is refused before the upgrade.
    let refused = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws?token=abc", running.addr)).await;
    assert!(refused.is_err());
    running.shutdown().await;
}

/// The code of the close frame the server sends (`None`: closed without one, or not closed).
async fn close_code(socket: &mut common::Socket) -> Option<u16> {
    loop {
        match tokio::time::timeout(std::time::Duration::from_secs(5), socket.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| u16::from(f.code)),
            Err(_) | Ok(None) | Ok(Some(Err(_))) => return None,
            Ok(Some(Ok(_))) => {}
        }
    }
}

async fn closes(socket: &mut common::Socket) -> bool {
    loop {
        match tokio::time::timeout(std::time::Duration::from_secs(5), socket.next()).await {
            Err(_) => return false,
            Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => return true,
            Ok(Some(Ok(_))) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_takes_only_so_many_connections() {
    let mut config = common::config(&common::sqlite_url());
    config.watchers_per_game = 2;
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let client = Client::new(running.addr);
    let (id, _, _) = client.two_people("chess").await;
    let first = connect_ws(running.addr, &id, None, 0).await;
    let mut second = connect_ws(running.addr, &id, None, 0).await;
    let third = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", running.addr)).await;
    match third {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => assert_eq!(resp.status().as_u16(), 503),
        other => panic!("a third connection: {:?}", other.map(|_| ())),
    }
    // One gone makes room for another.
    drop(first);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut again = connect_ws(running.addr, &id, None, 0).await;
    assert_eq!(common::next_event(&mut again, 5).await.unwrap()["n"], 1);
    assert_eq!(common::next_event(&mut second, 5).await.unwrap()["n"], 1);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_may_have_only_so_many_games() {
    let mut config = common::config(&common::sqlite_url());
    config.games_per_client = 2;
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let client = Client::new(running.addr);
    let body = json!({"game": "chess", "seats": [{"player": "me"}, {"player": "open"}]});
    client.create(body.clone()).await;
    client.create(body.clone()).await;
    let (status, v) = client.post("/api/games", None, body).await;
    assert_eq!((status, v["code"].as_str()), (429, Some("too-many-games")));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_connections_are_closed_and_old_gaps_get_the_state() {
    let mut config = common::config(&common::sqlite_url());
    config.heartbeat = std::time::Duration::from_millis(300);
    config.catch_up_events = 3;
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let client = Client::new(running.addr);
    let (id, ann, bob) = client.two_people("chess").await;
    for _ in 0..3 {
        for token in [&ann, &bob] {
            client.play_first(&id, token).await;
        }
    }
    // A gap longer than the catch-up gets the full state, then events go on from there.
    let mut socket = connect_ws(running.addr, &id, None, 0).await;
    let first = common::next_event(&mut socket, 5).await.unwrap();
    assert_eq!(first["type"], "state");
    assert_eq!(first["n"], first["state"]["event"]);
    // A client that answers no ping (it reads nothing, so it sends no pong) is closed.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert!(closes(&mut socket).await, "a silent connection is closed");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_on_the_server() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let created = client
        .create(json!({"game": "chess", "seats": [{"player": "me"}, {"player": "me"}], "clock": {"base_ms": 1000, "increment_ms": 0}}))
        .await;
    let id = created["id"].as_str().unwrap();
    let state = client.wait_over(id, 5).await;
    assert_eq!(state["result"]["ending"], json!({"by": "flagged", "seat": 0}));
    assert_eq!(state["clock"]["left_ms"][0], 0);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hidden_food_is_shown_to_its_owner_only() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (id, tokens) = client.both_seats("cafeteria").await;
    let id = id.as_str();
    let mut hidden_seen = false;
    for _ in 0..12 {
        let state = client.state(id, None).await;
        let Some(seat) = state["turn"]["seat"].as_u64() else {
            break;
        };
        client.play_first(id, &tokens[seat as usize]).await;
        let spectator = client.state(id, None).await;
        let owners = [
            client.state(id, Some(&tokens[0])).await,
            client.state(id, Some(&tokens[1])).await,
        ];
        for (i, event) in spectator["events"].as_array().unwrap().iter().enumerate() {
            if event["type"] != "hidden" {
                continue;
            }
            hidden_seen = true;
            let shown: Vec<bool> = owners.iter().map(|o| o["events"][i]["type"] == "cafeteria").collect();
            assert_eq!(
                shown.iter().filter(|&&s| s).count(),
                1,
                "a hidden event is shown to exactly one seat: {event}"
            );
            assert!(owners.iter().all(|o| o["events"][i]["n"] == event["n"]));
        }
    }
    assert!(
        hidden_seen,
        "the first actions of the cafeteria game show someone hidden food"
    );
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_let_go_of_is_read_again_from_the_database() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (id, ann, bob) = client.two_people("friendly").await;
    client.play_first(&id, &ann).await;
    client.play_first(&id, &bob).await;
    let (status, _) = client
        .post(&format!("/api/games/{id}/resign"), Some(&ann), json!({}))
        .await;
    assert_eq!(status, 200);
    let before = client.state(&id, Some(&bob)).await;
    assert_eq!(running.server.all().await.len(), 1);
    running
        .server
        .evict(std::time::Duration::ZERO, std::time::Duration::MAX)
        .await;
    assert!(running.server.all().await.is_empty(), "the finished game was let go of");
    let after = client.state(&id, Some(&bob)).await;
    assert_eq!(common::timeless(after), common::timeless(before));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creating_and_resigning_games_is_limited_per_hour() {
    let mut config = common::config(&common::sqlite_url());
    config.games_per_client_hour = 3;
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let client = Client::new(running.addr);
    let body = json!({"game": "chess", "seats": [{"player": "me"}, {"player": "me"}]});
    for _ in 0..3 {
        let created = client.create(body.clone()).await;
        let id = created["id"].as_str().unwrap();
        let token = created["tokens"][0]["token"].as_str().unwrap();
        let (status, v) = client
            .post(&format!("/api/games/{id}/resign"), Some(token), json!({}))
            .await;
        assert_eq!(status, 200, "{v}");
    }
    let (status, v) = client.post("/api/games", None, body).await;
    assert_eq!((status, v["code"].as_str()), (429, Some("too-many-games")), "{v}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variant_files_are_limited_per_minute() {
    let mut config = common::config(&common::sqlite_url());
    config.variants_per_client_minute = 2;
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let client = Client::new(running.addr);
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/catalog/variants/chess.toml"
    ))
    .unwrap();
    let file = json!({"name": "mine.toml", "text": text});
    for _ in 0..2 {
        let (status, v) = client.post("/api/variants/check", None, file.clone()).await;
        assert_eq!(status, 200, "{v}");
    }
    let (status, v) = client.post("/api/variants/check", None, file).await;
    assert_eq!((status, v["code"].as_str()), (429, Some("too-many-variants")), "{v}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bearer_scheme_is_read_in_any_case() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (id, ann, _) = client.two_people("chess").await;
    for scheme in ["bearer", "BEARER", "Bearer"] {
        let resp = client
            .http
            .get(format!("{}/api/games/{id}", client.base))
            .header("Authorization", format!("{scheme} {ann}"))
            .send()
            .await
            .unwrap();
        let state: Value = resp.json().await.unwrap();
        assert!(!state["you"].is_null(), "{scheme}: {state}");
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_with_direction_overrides_or_invisible_characters_are_refused() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    for name in ["ann\u{202E}nib", "a\u{200B}nn", "\u{2066}ann\u{2069}", "\u{FEFF}ann"] {
        let (status, v) = client
            .post(
                "/api/games",
                None,
                json!({"game": "chess", "seats": [{"player": "me", "name": name}, {"player": "open"}]}),
            )
            .await;
        assert_eq!((status, v["code"].as_str()), (400, Some("bad-name")), "{name:?}: {v}");
    }
    // Letters of any script are names.
    client
        .create(json!({"game": "chess", "seats": [{"player": "me", "name": "Ānn שלום"}, {"player": "open"}]}))
        .await;
    running.shutdown().await;
}
