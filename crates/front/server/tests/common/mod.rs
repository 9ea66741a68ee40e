//! A real HTTP and WebSocket client for the server's tests, and the databases they run against.

#![allow(dead_code)]

mod actions;
mod browser;

pub use actions::first_action;
#[allow(unused_imports)]
pub use browser::Browser;
use futures_util::StreamExt;
use messhall_server::{Config, Running};
use serde_json::{Value, json};
use std::time::Duration;

/// The test PostgreSQL's URL from `MESSHALL_TEST_POSTGRES`; without it the test fails under CI
/// and is skipped, loudly, elsewhere.
fn postgres_server() -> Option<String> {
    match std::env::var("MESSHALL_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var_os("CI").is_some() => {
            panic!("CI is set but MESSHALL_TEST_POSTGRES is not: scripts/test starts PostgreSQL and sets it")
        }
        _ => {
            eprintln!("SKIPPED: no PostgreSQL (set MESSHALL_TEST_POSTGRES=postgres://..., see scripts/postgres)");
            None
        }
    }
}

/// A new, empty database of the test's own on the test PostgreSQL: servers' workers take any
/// job of their database, so tests (and runs) sharing one would play each other's computer
/// moves. `None` as without PostgreSQL.
pub fn postgres_url() -> Option<String> {
    let url = postgres_server()?;
    let name = format!("messhall_test_{}", rand_suffix());
    let base = url
        .rsplit_once('/')
        .expect("a database URL ends in /NAME")
        .0
        .to_string();
    let create = format!("CREATE DATABASE {name}");
    // Made on a thread of its own: the caller may be inside a runtime already.
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            use sqlx::Connection;
            let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
            sqlx::query(&create).execute(&mut conn).await.unwrap();
            conn.close().await.unwrap();
        });
    })
    .join()
    .unwrap();
    Some(format!("{base}/{name}"))
}

/// A fresh SQLite database file's URL.
pub fn sqlite_url() -> String {
    let dir = std::env::temp_dir().join(format!("messhall-server-test-{}-{}", std::process::id(), rand_suffix()));
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite:{}", dir.join("games.db").display())
}

fn rand_suffix() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).unwrap();
    u64::from_le_bytes(b)
}

/// The test settings: quick computer players.
pub fn config(db: &str) -> Config {
    Config {
        db: db.to_string(),
        ai_movetime: Duration::from_millis(30),
        ai_threads: 2,
        hash_mb: 1,
        games_per_client: 1000,
        games_per_client_hour: 100_000,
        variants_per_client_minute: 100_000,
        heartbeat: Duration::from_secs(5),
        catch_up_events: 500,
        watchers_per_game: 200,
        ..Config::default()
    }
}

/// A state without the server's time of answering (`now_ms`), to compare two reads.
pub fn timeless(mut state: Value) -> Value {
    if let Some(o) = state.as_object_mut() {
        o.remove("now_ms");
    }
    state
}

/// A server on a free port of the loopback.
pub async fn start(db: &str) -> Running {
    messhall_server::start("127.0.0.1:0", config(db)).await.unwrap()
}

/// An HTTP client of one server.
#[derive(Clone)]
pub struct Client {
    pub base: String,
    pub http: reqwest::Client,
}

impl Client {
    pub fn new(addr: std::net::SocketAddr) -> Client {
        Client {
            base: format!("http://{addr}"),
            http: reqwest::Client::new(),
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        let mut req = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    /// Creates a game; the response.
    pub async fn create(&self, body: Value) -> Value {
        let (status, v) = self.post("/api/games", None, body.clone()).await;
        assert_eq!(status, 201, "create {body}: {v}");
        v
    }

    pub async fn state(&self, id: &str, token: Option<&str>) -> Value {
        let (status, v) = self.get(&format!("/api/games/{id}"), token).await;
        assert_eq!(status, 200, "{v}");
        v
    }

    /// A game of two people: the creator's seat and a second one joined by its code; the id
    /// and the two seats' tokens.
    pub async fn two_people(&self, game: &str) -> (String, String, String) {
        let created = self
            .create(json!({"game": game, "seats": [{"player": "me"}, {"player": "open"}]}))
            .await;
        let id = created["id"].as_str().unwrap().to_string();
        let ann = created["tokens"][0]["token"].as_str().unwrap().to_string();
        let code = created["joins"][0]["code"].as_str().unwrap();
        let (_, joined) = self
            .post(&format!("/api/games/{id}/join"), None, json!({"code": code}))
            .await;
        let bob = joined["token"].as_str().unwrap().to_string();
        (id, ann, bob)
    }

    /// A game of two seats, both the creator's: the id and the seats' tokens.
    pub async fn both_seats(&self, game: &str) -> (String, [String; 2]) {
        let created = self
            .create(json!({"game": game, "seats": [{"player": "me"}, {"player": "me"}]}))
            .await;
        let token = |i: usize| created["tokens"][i]["token"].as_str().unwrap().to_string();
        (created["id"].as_str().unwrap().to_string(), [token(0), token(1)])
    }

    /// Plays the first legal action of the seat of `token`; the new state.
    pub async fn play_first(&self, id: &str, token: &str) -> Value {
        let state = self.state(id, Some(token)).await;
        let action = first_action(&state).unwrap_or_else(|| panic!("no action in {state}"));
        let (status, v) = self
            .post(
                &format!("/api/games/{id}/act"),
                Some(token),
                json!({"ply": state["ply"], "action": action}),
            )
            .await;
        assert_eq!(status, 200, "{action}: {v}");
        v
    }

    /// Waits until the game is over (or `secs` pass); the final state.
    pub async fn wait_over(&self, id: &str, secs: u64) -> Value {
        let until = std::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let state = self.state(id, None).await;
            if state["status"] == "over" {
                return state;
            }
            assert!(
                std::time::Instant::now() < until,
                "game {id} not over after {secs} s: ply {}",
                state["ply"]
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits until the game's ply reaches `ply`.
    pub async fn wait_ply(&self, id: &str, ply: i64) -> Value {
        for _ in 0..200 {
            let state = self.state(id, None).await;
            if state["ply"].as_i64().unwrap() >= ply {
                return state;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("game {id} never reached ply {ply}");
    }
}

/// A WebSocket to a game.
pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn connect_ws(addr: std::net::SocketAddr, id: &str, token: Option<&str>, since: u64) -> Socket {
    let mut url = format!("ws://{addr}/api/games/{id}/ws?since={since}");
    if let Some(t) = token {
        url.push_str(&format!("&token={t}"));
    }
    let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    socket
}

/// The next JSON message with an event number (clock ticks and pings are skipped), within `secs`.
pub async fn next_event(socket: &mut Socket, secs: u64) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    loop {
        let msg = tokio::time::timeout_at(deadline, socket.next()).await.ok()??.ok()?;
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v.get("n").is_some() {
                return Some(v);
            }
        }
    }
}

/// A small variant whose Knight moves as `knight`.
pub fn tiny(knight: &str) -> String {
    format!(
        r#"name = "tiny"
title = "Tiny Knights"
description = "Two kings and two jumpers on a pocket board"
files = 5
ranks = 5
start = "k3n/5/5/5/N3K w - - 0 1"

[[piece]]
letter = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
letter = "N"
name = "Knight"
betza = "{knight}"
"#
    )
}

/// Two tests of the async function `$run(db: &str)`: `$sqlite` on a new SQLite database, and
/// `$postgres` on the test PostgreSQL (skipped, loudly, without it outside CI).
#[macro_export]
macro_rules! on_both_databases {
    ($run:ident: $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            $run(&common::sqlite_url()).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            let Some(db) = common::postgres_url() else { return };
            $run(&db).await;
        }
    };
}
