//! Players by session cookie and accounts: an anonymous player plays through its session, with
//! no token; another player's session cannot act, resign or offer for a seat; a cross-site
//! request with the cookie is refused; passwords are stored only as argon2id; logins are
//! limited; the operator's reset ends the old password and its sessions.

mod common;

use common::{Browser, first_action};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_anonymous_player_plays_through_its_session_and_no_one_else_can() {
    let running = common::start(&common::sqlite_url()).await;
    let mut ann = Browser::new(running.addr);
    let (status, v) = ann.get("/api/me").await;
    assert_eq!((status, &v["player"]), (200, &Value::Null));
    let ann_id = ann.start().await;
    // A second POST answers the same player.
    let (status, v) = ann.post("/api/me", json!({})).await;
    assert_eq!((status, v["player"]["id"].as_str()), (200, Some(ann_id.as_str())));
    let (status, v) = ann.get("/api/me").await;
    assert_eq!(status, 200);
    let ann_name = v["player"]["name"].as_str().unwrap().to_string();
    assert!(!ann_name.is_empty() && v["player"]["account"] == false);

    let (status, created) = ann
        .post(
            "/api/games",
            json!({"game": "chess", "seats": [{"player": "me"}, {"player": "open"}]}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["state"]["seats"][0]["player_id"], ann_id.as_str());
    assert_eq!(created["state"]["seats"][0]["name"], ann_name.as_str());
    let code = created["joins"][0]["code"].as_str().unwrap().to_string();

    let mut bob = Browser::new(running.addr);
    let bob_id = bob.start().await;
    let (status, joined) = bob.post(&format!("/api/games/{id}/join"), json!({"code": code})).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["state"]["seats"][1]["player_id"], bob_id.as_str());

    // Each reads the game as its seat, with its session only.
    let (_, as_ann) = ann.get(&format!("/api/games/{id}")).await;
    assert_eq!(as_ann["you"], 0, "{as_ann}");
    let (_, as_bob) = bob.get(&format!("/api/games/{id}")).await;
    assert_eq!(as_bob["you"], 1);

    // A third player's session holds no seat: it cannot act, resign or offer a draw.
    let mut eve = Browser::new(running.addr);
    eve.start().await;
    let (_, as_eve) = eve.get(&format!("/api/games/{id}")).await;
    assert_eq!(as_eve["you"], Value::Null);
    let ply = as_ann["ply"].clone();
    let action = first_action(&as_ann).unwrap();
    for (path, body) in [
        ("act", json!({"ply": ply, "action": action})),
        ("resign", json!({})),
        ("draw/offer", json!({})),
    ] {
        let (status, v) = eve.post(&format!("/api/games/{id}/{path}"), body).await;
        assert_eq!((status, v["code"].as_str()), (403, Some("forbidden")), "{path}: {v}");
    }
    // Nor may Bob move for Ann: his session's seat is not the one to move.
    let (status, v) = bob
        .post(&format!("/api/games/{id}/act"), json!({"ply": ply, "action": action}))
        .await;
    assert_eq!((status, v["code"].as_str()), (409, Some("not-your-turn")), "{v}");
    // Ann moves through her session, with no token.
    let (status, v) = ann
        .post(&format!("/api/games/{id}/act"), json!({"ply": ply, "action": action}))
        .await;
    assert_eq!(status, 200, "{v}");

    // Bob's games list says it is his turn; Ann's that it is not hers.
    let (_, mine) = bob.get("/api/me/games").await;
    assert_eq!(mine["games"][0]["game"]["id"], id.as_str());
    assert_eq!(mine["games"][0]["your_turn"], true);
    let (_, mine) = ann.get("/api/me/games").await;
    assert_eq!(mine["games"][0]["your_turn"], false);
    let (status, page) = eve.get(&format!("/api/players/{ann_id}")).await;
    assert_eq!(status, 200);
    assert_eq!(page["player"]["name"], ann_name.as_str());
    assert_eq!(page["games"][0]["game"]["id"], id.as_str());
    let (status, _) = eve.get("/api/players/nobody").await;
    assert_eq!(status, 404);

    // Names are bounded; a new name is shown in games made after it.
    let (status, v) = ann.post("/api/me/name", json!({"name": "x".repeat(41)})).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-name")));
    let (status, v) = ann.post("/api/me/name", json!({"name": "<b>Ann</b>"})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["player"]["name"], "<b>Ann</b>");

    // Logging out forgets the session: the old cookie opens nothing.
    let old = ann.cookie.clone();
    let (status, _) = ann.post("/api/logout", json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(ann.cookie, None);
    ann.cookie = old;
    let (_, v) = ann.get("/api/me").await;
    assert_eq!(v["player"], Value::Null);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_from_another_site_with_the_cookie_is_refused() {
    let running = common::start(&common::sqlite_url()).await;
    let (mut ann, id) = Browser::with_game(running.addr, "level=1").await;
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1"] {
        ann.origin = Some(origin.into());
        let (status, v) = ann.post(&format!("/api/games/{id}/resign"), json!({})).await;
        assert_eq!((status, v["code"].as_str()), (403, Some("forbidden")), "{origin}: {v}");
    }
    // A WebSocket handshake from another site with the cookie is refused before it opens.
    let url = format!("ws://{}/api/games/{id}/ws", running.addr);
    let mut request = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(url).unwrap();
    request.headers_mut().insert(
        "cookie",
        format!("messhall_session={}", ann.cookie.as_ref().unwrap())
            .parse()
            .unwrap(),
    );
    request
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
    // The game goes on: nothing was resigned.
    ann.origin = Some(ann.base.clone());
    let (_, state) = ann.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["status"], "playing");
    let (status, v) = ann.post(&format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    // A malformed cookie is named, not taken for no session.
    ann.cookie = Some("<script>".into());
    let (status, v) = ann.get("/api/me").await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-cookie")));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_keep_a_player_across_browsers_with_argon2id_and_limited_logins() {
    let db = common::sqlite_url();
    let running = common::start(&db).await;
    let mut first = Browser::new(running.addr);
    let id = first.start().await;
    let creds = json!({"name": "Cyrus", "password": "pickled radish"});
    for (body, code) in [
        (json!({"name": "Cy", "password": "pickled radish"}), "bad-account-name"),
        (json!({"name": "Cyrus", "password": "short"}), "bad-password"),
    ] {
        let (status, v) = first.post("/api/accounts", body).await;
        assert_eq!((status, v["code"].as_str()), (400, Some(code)), "{v}");
    }
    let (status, v) = first.post("/api/accounts", creds.clone()).await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["player"]["id"], id.as_str());
    assert_eq!(v["player"]["account"], true);
    let mut taken = Browser::new(running.addr);
    let (status, v) = taken
        .post("/api/accounts", json!({"name": "CYRUS", "password": "another one"}))
        .await;
    assert_eq!((status, v["code"].as_str()), (409, Some("account-taken")), "{v}");

    // Stored only as an argon2id hash.
    let stored: (Option<String>,) = {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&db).await.unwrap();
        sqlx::query_as("SELECT password FROM players WHERE id = ?1")
            .bind(&id)
            .fetch_one(&mut conn)
            .await
            .unwrap()
    };
    let stored = stored.0.unwrap();
    assert!(stored.starts_with("$argon2id$"), "{stored}");
    assert!(!stored.contains("pickled"));

    // A fresh browser logs in (any case) and is the same player.
    let mut second = Browser::new(running.addr);
    let (status, v) = second
        .post("/api/login", json!({"name": "cyrus", "password": "pickled radish"}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["player"]["id"], id.as_str());
    let (_, v) = second.get("/api/me").await;
    assert_eq!(v["player"]["name"], "Cyrus");

    // Wrong passwords and unknown names get the same answer, and the tries are limited.
    let mut guesser = Browser::new(running.addr);
    let (status, wrong) = guesser
        .post("/api/login", json!({"name": "cyrus", "password": "wrong guess"}))
        .await;
    let (_, unknown) = guesser
        .post("/api/login", json!({"name": "nobody", "password": "wrong guess"}))
        .await;
    assert_eq!(status, 403);
    assert_eq!(wrong, unknown);
    let mut refused = 0;
    for _ in 0..12 {
        let (status, v) = guesser
            .post("/api/login", json!({"name": "cyrus", "password": "wrong guess"}))
            .await;
        if status == 429 {
            assert_eq!(v["code"], "too-many-logins");
            refused += 1;
        }
    }
    assert!(refused >= 3, "{refused} of 12 refused");

    // The operator's reset: the old password fails, the sessions end, the new one works.
    let db2 = db.clone();
    tokio::task::spawn_blocking(move || messhall_server::reset_password(&db2, "CYRUS", "a new password"))
        .await
        .unwrap()
        .unwrap();
    let (_, v) = second.get("/api/me").await;
    assert_eq!(v["player"], Value::Null, "the reset ended the session");
    let err = tokio::task::spawn_blocking(move || messhall_server::reset_password(&db, "nobody", "a new password"))
        .await
        .unwrap()
        .unwrap_err();
    assert!(err.contains("no account"), "{err}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_keeps_players_and_spectators_apart_bounded_and_as_plain_text() {
    let running = common::start(&common::sqlite_url()).await;
    let (mut ann, id) = Browser::with_game(running.addr, "open").await;
    let mut bob = Browser::new(running.addr);
    bob.start().await;
    let code = ann.created["joins"][0]["code"].as_str().unwrap().to_string();
    bob.post(&format!("/api/games/{id}/join"), json!({"code": code})).await;
    let mut eve = Browser::new(running.addr);
    eve.start().await;
    let chat = format!("/api/games/{id}/chat");
    let markup = "<img src=x onerror=alert(1)>";
    let (status, v) = ann.post(&chat, json!({"text": markup})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["room"], "players");
    // Kept as the text it is: the page shows it as text.
    assert_eq!(v["messages"][0]["text"], markup);
    // Eve holds no seat: her message goes to the spectators, and she does not read the players'.
    let (status, v) = eve.post(&chat, json!({"text": "hello players"})).await;
    assert_eq!((status, v["room"].as_str()), (200, Some("spectators")));
    let (_, theirs) = bob.get(&chat).await;
    assert_eq!(theirs["room"], "players");
    let texts: Vec<&str> = theirs["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, [markup]);
    let (_, seen) = eve.get(&chat).await;
    assert_eq!(seen["messages"].as_array().unwrap().len(), 1);
    assert_eq!(seen["messages"][0]["text"], "hello players");
    // Bounded length, no control characters, and a rate.
    for text in ["", &"x".repeat(281), "bell\u{7}", "rtl\u{202E}"] {
        let (status, v) = bob.post(&chat, json!({"text": text})).await;
        assert_eq!((status, v["code"].as_str()), (400, Some("bad-chat")), "{text:?}");
    }
    let mut refused = 0;
    for i in 0..8 {
        let (status, _) = bob.post(&chat, json!({"text": format!("spam {i}")})).await;
        refused += usize::from(status == 429);
    }
    assert!(refused >= 3, "{refused} of 8 refused");
    // A stranger without a session cannot chat at all.
    let mut nobody = Browser::new(running.addr);
    let (status, _) = nobody.post(&chat, json!({"text": "hi"})).await;
    assert_eq!(status, 401);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_says_what_you_join_and_a_listed_game_takes_a_stranger() {
    let running = common::start(&common::sqlite_url()).await;
    let mut ann = Browser::new(running.addr);
    let ann_id = ann.start().await;
    let clock = json!({"base_ms": 300000, "increment_ms": 3000});
    let (status, created) = ann
        .post(
            "/api/games",
            json!({"game": "foodfight", "seats": [{"player": "me"}, {"player": "open"}], "clock": clock}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let code = created["joins"][0]["code"].as_str().unwrap().to_string();
    let mut bob = Browser::new(running.addr);
    bob.start().await;
    // The link's page learns the game, the clock, the seat and who invites before joining.
    let (status, seen) = bob.get(&format!("/api/games/{id}/join?code={code}")).await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(seen["seat"], 1);
    assert_eq!(seen["state"]["game"], "foodfight");
    assert_eq!(seen["state"]["clock"]["base_ms"], 300000);
    assert_eq!(seen["state"]["seats"][0]["player_id"], ann_id.as_str());
    assert_eq!(seen["state"]["you"], Value::Null);
    assert_eq!(seen["state"]["listed"], false);
    // Without its link, an unlisted game's seat is not anyone's.
    let (status, v) = bob.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!((status, v["code"].as_str()), (403, Some("forbidden")), "{v}");
    let (status, _) = bob.get(&format!("/api/games/{id}/join?code=wrong")).await;
    assert_eq!(status, 403);
    let (status, _) = bob.post(&format!("/api/games/{id}/join"), json!({"code": code})).await;
    assert_eq!(status, 200);
    // A used link says so before anyone clicks.
    let (status, v) = bob.get(&format!("/api/games/{id}/join?code={code}")).await;
    assert_eq!(status, 403, "{v}");

    // A listed game: a stranger takes the open seat from the list, without a link; its creator
    // cannot take a second seat, and a taken seat is refused.
    let (_, created) = ann
        .post(
            "/api/games",
            json!({"game": "chess", "seats": [{"player": "open"}, {"player": "me"}], "listed": true}),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let (status, v) = ann.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("seated")), "{v}");
    let (status, seen) = bob.get(&format!("/api/games/{id}/join")).await;
    assert_eq!((status, &seen["seat"]), (200, &json!(0)), "{seen}");
    assert_eq!(seen["state"]["listed"], true);
    let (status, v) = bob.post(&format!("/api/games/{id}/join"), json!({"seat": 1})).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("seat-taken")), "{v}");
    let (status, v) = bob.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["seat"], 0);
    assert_eq!(v["state"]["status"], "playing");
    let mut cy = Browser::new(running.addr);
    cy.start().await;
    let (status, v) = cy.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("no-open-seat")), "{v}");
    running.shutdown().await;
}
