//! Running the `messhall` binary as an operator does: `serve` and `worker` processes with their
//! logs kept, a throw-away PostgreSQL database each, and (in nginx.rs) Debian's nginx in front.

#![allow(dead_code)]

#[path = "../../../server/tests/common/actions.rs"]
mod actions;
pub mod cluster;
pub mod nginx;

pub use actions::first_action;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A child process, killed when dropped if it still runs: a failing test leaves no server
/// behind (its workers would go on taking the shared database's jobs). Its standard error's
/// lines are kept.
pub struct Process {
    child: Child,
    log: Arc<Mutex<Vec<String>>>,
    reader: Option<std::thread::JoinHandle<()>>,
}

impl Process {
    /// Starts `command` with its standard error kept; `announce` receives the address of a line
    /// "listening on http://ADDR", if one comes.
    fn spawn(mut command: Command, announce: Option<std::sync::mpsc::Sender<String>>) -> Process {
        let mut child = command.env("NO_COLOR", "1").stderr(Stdio::piped()).spawn().unwrap();
        let stderr = child.stderr.take().unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = log.clone();
        let reader = std::thread::spawn(move || {
            let mut announce = announce;
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(addr) = line.split("listening on http://").nth(1)
                    && let Some(tx) = announce.take()
                {
                    let _ = tx.send(addr.trim().to_string());
                }
                kept.lock().unwrap().push(line);
            }
        });
        Process {
            child,
            log,
            reader: Some(reader),
        }
    }

    /// The process's id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Kills it with SIGKILL, as a crash or the OOM killer would; its log is then complete.
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        self.read_to_end();
    }

    /// Waits until every line the (ended) process wrote is in its log.
    fn read_to_end(&mut self) {
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }

    /// Stops it with SIGTERM (a graceful drain) and checks that it exits cleanly.
    pub fn terminate(&mut self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let code = self.child.wait().unwrap();
        self.read_to_end();
        assert!(code.success(), "{code:?}");
    }

    /// The lines it has written to standard error so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The logs the tests ask for: warnings, and each job a worker thinks and stores.
const RUST_LOG: &str = "warn,messhall_server::jobs=debug";

/// Starts `messhall serve` on a free port with `args` after its database; the process and its
/// address.
pub fn serve(db: &str, args: &[&str]) -> (Process, String) {
    serve_at("127.0.0.1:0", db, args)
}

/// Starts `messhall serve` listening on `addr`.
pub fn serve_at(addr: &str, db: &str, args: &[&str]) -> (Process, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_messhall"));
    command
        .args(["serve", "--addr", addr, "--db", db])
        .args(args)
        .env("RUST_LOG", RUST_LOG);
    let (tx, rx) = std::sync::mpsc::channel();
    let process = Process::spawn(command, Some(tx));
    let addr = rx
        .recv_timeout(Duration::from_secs(30))
        .unwrap_or_else(|_| panic!("the server did not start: {:?}", process.log()));
    (process, addr)
}

/// Starts `messhall worker` on `db` with `args`.
pub fn worker(db: &str, args: &[&str]) -> Process {
    let mut command = Command::new(env!("CARGO_BIN_EXE_messhall"));
    command
        .args(["worker", "--db", db])
        .args(args)
        .env("RUST_LOG", RUST_LOG);
    Process::spawn(command, None)
}

/// The test PostgreSQL's URL from `MESSHALL_TEST_POSTGRES` (`scripts/test` sets it); without it
/// the test fails under CI and is skipped, loudly, elsewhere.
pub fn postgres_server() -> Option<String> {
    match std::env::var("MESSHALL_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var_os("CI").is_some() => panic!("CI is set but MESSHALL_TEST_POSTGRES is not"),
        _ => {
            eprintln!("SKIPPED: no PostgreSQL (set MESSHALL_TEST_POSTGRES=postgres://..., see scripts/postgres)");
            None
        }
    }
}

/// A new, empty database `NAME_PID` on the test PostgreSQL at `url`: servers' workers take any
/// job of their database, so tests (and runs) sharing one would play each other's moves.
pub async fn fresh_postgres(url: &str, name: &str) -> String {
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
    let name = format!("{name}_{}", std::process::id());
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    let (base, _) = url.rsplit_once('/').unwrap();
    format!("{base}/{name}")
}

/// A client from a loopback address of this run's own: the games a client may have not over
/// are counted by address, and on a shared PostgreSQL other tests' games (and earlier runs')
/// would count against this one.
pub fn own_address() -> reqwest::Client {
    let pid = std::process::id();
    let ip = std::net::Ipv4Addr::new(127, 1, (pid >> 8) as u8, pid as u8);
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::V4(ip))
        .build()
        .unwrap()
}

/// A client from loopback address number `n` of the 127.2.0.0/16 block: each address may have
/// only so many games going, and a measurement with many games spreads them over many clients.
pub fn numbered_address(n: u16) -> reqwest::Client {
    let [high, low] = n.to_be_bytes();
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 2, high, low)))
        .build()
        .unwrap()
}

/// The HTTP API of one address (a node or the proxy).
#[derive(Clone)]
pub struct Api {
    pub base: String,
    pub http: reqwest::Client,
}

impl Api {
    /// The API at `addr` (HOST:PORT), asked from this run's own loopback address.
    pub fn at(addr: &str) -> Api {
        Api {
            base: format!("http://{addr}"),
            http: own_address(),
        }
    }

    /// `GET path`: the status and the body (JSON, else the text as a string); status 0 when no
    /// answer came (a node killed under the request).
    pub async fn try_get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        answer(req).await
    }

    /// `GET path`, which must answer 200.
    pub async fn get(&self, path: &str) -> Value {
        let (status, v) = self.try_get(path, None).await;
        assert_eq!(status, 200, "{path}: {v}");
        v
    }

    /// `POST path` with a JSON body: the status and the body, as [`Api::try_get`].
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        let mut req = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        answer(req).await
    }

    /// Plays the first quiet move of the seat of `token`; the new state.
    pub async fn act_first(&self, id: &str, token: &str) -> Value {
        let (status, state) = self.try_get(&format!("/api/games/{id}"), Some(token)).await;
        assert_eq!(status, 200, "{state}");
        let from = state["legal"]["from"].as_object().unwrap();
        let mv = from
            .values()
            .flat_map(|v| v.as_array().unwrap())
            .find(|m| m["kind"] == "quiet")
            .unwrap();
        let (status, v) = self
            .post(
                &format!("/api/games/{id}/act"),
                Some(token),
                json!({"ply": state["ply"], "action": mv["coordinates"]}),
            )
            .await;
        assert_eq!(status, 200, "{v}");
        v
    }
}

async fn answer(req: reqwest::RequestBuilder) -> (u16, Value) {
    let Ok(resp) = req.send().await else {
        return (0, Value::Null);
    };
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// `/metrics` of a node, asked from 127.0.0.1 (the addresses it answers by default).
pub async fn metrics(node: &str) -> String {
    reqwest::get(format!("http://{node}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// A value of a Prometheus text page: the sum of the samples of `metric` (with any labels).
pub fn metric(page: &str, metric: &str) -> f64 {
    page.lines()
        .filter(|line| {
            line.strip_prefix(metric)
                .is_some_and(|rest| rest.starts_with(' ') || rest.starts_with('{'))
        })
        .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

/// Waits up to `within` for a worker to claim the computer's job at `ply` of game `id`: the
/// worker's name, or `None` if the job is gone first (made already) or never claimed.
pub async fn claimed_by(pool: &sqlx::PgPool, id: &str, ply: i64, within: Duration) -> Option<String> {
    let until = std::time::Instant::now() + within;
    while std::time::Instant::now() < until {
        let row: Option<(Option<String>,)> = sqlx::query_as("SELECT worker FROM jobs WHERE game_id = $1 AND ply = $2")
            .bind(id)
            .bind(ply)
            .fetch_optional(pool)
            .await
            .unwrap();
        match row {
            Some((Some(worker),)) => return Some(worker),
            Some((None,)) => tokio::time::sleep(Duration::from_millis(10)).await,
            None => return None,
        }
    }
    None
}

/// Waits up to `within` for the entry at `ply` of game `id` to be stored: how long it took.
pub async fn stored_within(pool: &sqlx::PgPool, id: &str, ply: i64, within: Duration) -> Option<Duration> {
    let started = std::time::Instant::now();
    while started.elapsed() < within {
        let row: Option<(i64,)> = sqlx::query_as("SELECT ply FROM entries WHERE game_id = $1 AND ply = $2")
            .bind(id)
            .bind(ply)
            .fetch_optional(pool)
            .await
            .unwrap();
        if row.is_some() {
            return Some(started.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

/// A chess game of a person against `computer`, made through `api`: its id and the person's
/// token.
pub async fn against(api: &Api, computer: &str) -> (String, String) {
    let (status, created) = api
        .post(
            "/api/games",
            None,
            json!({"game": "chess", "seats": [{"player": "me"}, {"player": computer}]}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let text = |v: &Value| v.as_str().unwrap().to_string();
    (text(&created["id"]), text(&created["tokens"][0]["token"]))
}
