//! Limits per client that hold: counted atomically, per client behind a trusted proxy, and on
//! WebSockets.

mod common;

use common::Client;
use serde_json::json;

/// Both databases the server runs on (PostgreSQL when `MESSHALL_TEST_POSTGRES` names one).
fn databases() -> Vec<String> {
    let mut dbs = vec![common::sqlite_url()];
    dbs.extend(common::postgres_url());
    dbs
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parallel_creates_from_one_address_make_at_most_the_limit() {
    for db in databases() {
        let mut config = common::config(&db);
        config.games_per_client = 20;
        let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
        // A shared PostgreSQL may hold this address's games of other tests.
        let room = (20 - running.server.store.open_games_of("127.0.0.1").await.unwrap()).max(0);
        let client = Client::new(running.addr);
        let body = json!({"game": "chess", "seats": [{"player": "me"}, {"player": "open"}]});
        let creates: Vec<_> = (0..60)
            .map(|_| {
                let client = client.clone();
                let body = body.clone();
                tokio::spawn(async move { client.post("/api/games", None, body).await })
            })
            .collect();
        let mut made = 0;
        for create in creates {
            let (status, v) = create.await.unwrap();
            match status {
                201 => made += 1,
                429 => assert_eq!(v["code"], "too-many-games", "{v}"),
                _ => panic!("{status} {v}"),
            }
        }
        assert_eq!(made, room, "{db}");
        running.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_behind_a_trusted_proxy_are_counted_apart() {
    let mut config = common::config(&common::sqlite_url());
    config.games_per_client = 1;
    config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let http = reqwest::Client::new();
    let body = json!({"game": "chess", "seats": [{"player": "me"}, {"player": "open"}]});
    let create = |forwarded: &'static str| {
        http.post(format!("http://{}/api/games", running.addr))
            .header("x-forwarded-for", forwarded)
            .json(&body)
            .send()
    };
    assert_eq!(create("203.0.113.1").await.unwrap().status().as_u16(), 201);
    assert_eq!(create("203.0.113.2").await.unwrap().status().as_u16(), 201);
    assert_eq!(create("203.0.113.1").await.unwrap().status().as_u16(), 429);
    // An IPv6 client's other addresses in its /64 are the same client.
    assert_eq!(create("2001:db8:1:2::1").await.unwrap().status().as_u16(), 201);
    assert_eq!(create("2001:db8:1:2::ffff").await.unwrap().status().as_u16(), 429);
    running.shutdown().await;

    // Untrusted (the default), the header is ignored: every request is the peer's.
    let mut config = common::config(&common::sqlite_url());
    config.games_per_client = 1;
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let send = |forwarded: &'static str| {
        http.post(format!("http://{}/api/games", running.addr))
            .header("x-forwarded-for", forwarded)
            .json(&body)
            .send()
    };
    assert_eq!(send("203.0.113.1").await.unwrap().status().as_u16(), 201);
    assert_eq!(send("203.0.113.2").await.unwrap().status().as_u16(), 429);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_may_have_only_so_many_websockets() {
    let mut config = common::config(&common::sqlite_url());
    config.watchers_per_client = 3;
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let client = Client::new(running.addr);
    let body = json!({"game": "chess", "seats": [{"player": "me"}, {"player": "open"}]});
    let a = client.create(body.clone()).await["id"].as_str().unwrap().to_string();
    let b = client.create(body).await["id"].as_str().unwrap().to_string();
    let first = common::connect_ws(running.addr, &a, None, 0).await;
    let _second = common::connect_ws(running.addr, &b, None, 0).await;
    let _third = common::connect_ws(running.addr, &b, None, 0).await;
    // Over every game: a fourth anywhere is refused.
    let fourth = tokio_tungstenite::connect_async(format!("ws://{}/api/games/{b}/ws", running.addr)).await;
    match fourth {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => assert_eq!(resp.status().as_u16(), 429),
        other => panic!("a fourth connection: {:?}", other.map(|_| ())),
    }
    drop(first);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let _again = common::connect_ws(running.addr, &a, None, 0).await;
    running.shutdown().await;
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_of_a_live_games_position_is_refused_until_it_is_over() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let created = client
        .create(json!({"game": "chess", "seats": [{"player": "me"}, {"player": "me"}]}))
        .await;
    let id = created["id"].as_str().unwrap();
    let token = created["tokens"][0]["token"].as_str().unwrap();
    let ask = json!({"game": "chess", "fen": START});
    let (status, v) = client.post("/api/analysis", None, ask.clone()).await;
    assert_eq!((status, v["code"].as_str()), (403, Some("live-position")), "{v}");
    let (status, _) = client
        .post(&format!("/api/games/{id}/resign"), Some(token), json!({}))
        .await;
    assert_eq!(status, 200);
    let (status, v) = client.post("/api/analysis", None, ask).await;
    assert_eq!(status, 200, "{v}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_has_one_analysis_at_a_time_and_others_take_their_turn() {
    let running = common::start(&common::sqlite_url()).await;
    // No short mate: the search takes its whole second.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let from = |ip: [u8; 4]| {
        let http = reqwest::Client::builder()
            .local_address(std::net::IpAddr::from(ip))
            .build()
            .unwrap();
        let url = format!("http://{}/api/analysis", running.addr);
        async move {
            let resp = http
                .post(url)
                .json(&json!({"game": "chess", "fen": fen}))
                .send()
                .await
                .unwrap();
            resp.status().as_u16()
        }
    };
    let first = tokio::spawn(from([127, 0, 0, 1]));
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    // The same client again, while its first runs: refused; another: queued, then answered.
    let again = tokio::spawn(from([127, 0, 0, 1]));
    let other = tokio::spawn(from([127, 0, 0, 3]));
    assert_eq!(again.await.unwrap(), 429);
    assert_eq!(first.await.unwrap(), 200);
    assert_eq!(other.await.unwrap(), 200);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_waiting_for_a_thread_keeps_its_clock() {
    let mut config = common::config(&common::sqlite_url());
    // One thread, held 1.5 s at a time by a game without a clock.
    config.ai_threads = 1;
    config.ai_movetime = std::time::Duration::from_millis(1500);
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let client = Client::new(running.addr);
    client
        .create(json!({"game": "chess", "seats": [{"player": "ai"}, {"player": "ai"}]}))
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    // The person moves first; the computer's clock then runs while it waits for the thread.
    let timed = client
        .create(
            json!({"game": "chess", "seats": [{"player": "me"}, {"player": "level=1"}],
                       "clock": {"base_ms": 3000, "increment_ms": 0}}),
        )
        .await;
    let id = timed["id"].as_str().unwrap();
    let token = timed["tokens"][0]["token"].as_str().unwrap();
    client.play_first(id, token).await;
    let state = client.wait_ply(id, 2).await;
    let left = state["clock"]["left_ms"][1].as_u64().unwrap();
    // It waited about 1.4 s for the thread; its own thought is a small share of 3 s.
    assert!(left > 2000, "the computer was charged its wait: {left} ms left of 3000");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_game_let_go_answers_its_next_read_and_move_from_the_store() {
    for db in databases() {
        let running = messhall_server::start("127.0.0.1:0", common::config(&db))
            .await
            .unwrap();
        let client = Client::new(running.addr);
        let created = client
            .create(json!({"game": "chess", "seats": [{"player": "me"}, {"player": "random"}]}))
            .await;
        let id = created["id"].as_str().unwrap();
        let token = created["tokens"][0]["token"].as_str().unwrap();
        client.play_first(id, token).await;
        let before = client.wait_ply(id, 2).await;
        let mine = client.state(id, Some(token)).await;
        running
            .server
            .evict(std::time::Duration::MAX, std::time::Duration::ZERO)
            .await;
        let kept: Vec<String> = futures_util::future::join_all(
            running
                .server
                .all()
                .await
                .iter()
                .map(|g| async move { g.lock().await.id.clone() }),
        )
        .await;
        assert!(!kept.iter().any(|k| k == id), "{db}: the idle game is still held");
        // Read again from the store: the same game, and it goes on (the computer answers).
        assert_eq!(
            common::timeless(client.state(id, None).await),
            common::timeless(before),
            "{db}"
        );
        assert_eq!(
            common::timeless(client.state(id, Some(token)).await),
            common::timeless(mine),
            "{db}"
        );
        client.play_first(id, token).await;
        client.wait_ply(id, 4).await;
        running.shutdown().await;
    }
}

/// The database's lock on the entries, held by a connection of the test's own (as a stalled or
/// busy database holds a write), until `release`.
enum DatabaseLock {
    Sqlite(sqlx::SqliteConnection),
    Postgres(sqlx::PgConnection),
}

impl DatabaseLock {
    async fn take(db: &str) -> DatabaseLock {
        use sqlx::Connection;
        if db.starts_with("sqlite:") {
            let mut conn = sqlx::SqliteConnection::connect(db).await.unwrap();
            sqlx::query("BEGIN EXCLUSIVE").execute(&mut conn).await.unwrap();
            DatabaseLock::Sqlite(conn)
        } else {
            let mut conn = sqlx::PgConnection::connect(db).await.unwrap();
            sqlx::query("BEGIN").execute(&mut conn).await.unwrap();
            sqlx::query("LOCK TABLE entries IN EXCLUSIVE MODE")
                .execute(&mut conn)
                .await
                .unwrap();
            DatabaseLock::Postgres(conn)
        }
    }

    async fn release(self) {
        match self {
            DatabaseLock::Sqlite(mut conn) => sqlx::query("ROLLBACK").execute(&mut conn).await.map(drop),
            DatabaseLock::Postgres(mut conn) => sqlx::query("ROLLBACK").execute(&mut conn).await.map(drop),
        }
        .unwrap();
    }
}

/// A write the database keeps waiting holds nothing a read needs: the game's state and a new
/// watcher's connection are answered at once, as last acknowledged, and the write is acknowledged
/// when the database lets it through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_are_answered_while_a_write_waits_for_the_database() {
    for db in databases() {
        let running = messhall_server::start("127.0.0.1:0", common::config(&db))
            .await
            .unwrap();
        let client = Client::new(running.addr);
        let (id, ann, _) = client.two_people("chess").await;
        let ply = client.state(&id, None).await["ply"].as_i64().unwrap();
        let lock = DatabaseLock::take(&db).await;
        let mover = {
            let (client, id, ann) = (client.clone(), id.clone(), ann.clone());
            tokio::spawn(async move {
                client
                    .post(
                        &format!("/api/games/{id}/act"),
                        Some(&ann),
                        json!({"ply": ply, "action": "e4"}),
                    )
                    .await
            })
        };
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        if mover.is_finished() {
            let (status, v) = mover.await.unwrap();
            panic!("{db}: the move was not kept waiting by the lock: {status} {v}");
        }
        let asked = std::time::Instant::now();
        let state = client.state(&id, Some(&ann)).await;
        let took = asked.elapsed();
        // Held up by the write, it would wait for the database (its busy timeout, 10 s).
        assert!(took < std::time::Duration::from_secs(2), "{db}: a read took {took:?}");
        assert_eq!(state["ply"], ply, "{db}: a move not yet stored is not shown");
        let watch = common::connect_ws(running.addr, &id, None, 0);
        assert!(
            tokio::time::timeout(std::time::Duration::from_secs(1), watch)
                .await
                .is_ok(),
            "{db}: a watcher is let in while the write waits"
        );
        lock.release().await;
        let (status, v) = mover.await.unwrap();
        assert_eq!((status, v["ply"].as_i64()), (200, Some(ply + 1)), "{db}: {v}");
        assert_eq!(client.state(&id, None).await["ply"], ply + 1);
        running.shutdown().await;
    }
}

/// A browser sends its seat's token as a WebSocket subprotocol, not in the URL: a right one is
/// taken (the server answers `messhall`), a wrong one refused as a wrong token anywhere is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_token_in_the_subprotocols() {
    use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest};
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let created = client
        .create(json!({"game": "chess", "seats": [{"player": "me"}, {"player": "open"}]}))
        .await;
    let id = created["id"].as_str().unwrap();
    let ann = created["tokens"][0]["token"].as_str().unwrap();
    let request = |token: &str| {
        let mut r = format!("ws://{}/api/games/{id}/ws?since=0", running.addr)
            .into_client_request()
            .unwrap();
        r.headers_mut().insert(
            "sec-websocket-protocol",
            format!("messhall, messhall-token.{token}").parse().unwrap(),
        );
        r
    };
    let (_, response) = tokio_tungstenite::connect_async(request(ann)).await.unwrap();
    assert_eq!(response.headers()["sec-websocket-protocol"], "messhall");
    match tokio_tungstenite::connect_async(request(&"0".repeat(64))).await {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
        other => panic!("a wrong token was let in: {:?}", other.map(|(_, r)| r.status())),
    }
    running.shutdown().await;
}
