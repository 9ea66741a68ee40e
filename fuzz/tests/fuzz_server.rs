//! The play server's HTTP API bodies and WebSocket messages, sent to a server on the loopback.
//!
//! An input is `METHOD PATH` then the body (`{id}` and `{token}` stand for a game made at the
//! start and its first seat's token, also sent as a bearer token), or `WS` then one message sent
//! on a game's WebSocket. A request passes when it is answered, and a refusal (any status from
//! 400) is JSON with a `code` and a one-line `message`, never a 500; a message passes when it is
//! answered with JSON text (or the socket is closed with 1008 or 1009, not dropped). After each
//! input `/health` must still answer.

use futures_util::{SinkExt, StreamExt};
use messhall_fuzz::{Rng, Target, run};
use serde_json::Value;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const TOKENS: &[&str] = &[
    "POST ",
    "GET ",
    "WS\n",
    "/api/games",
    "/api/games/{id}",
    "/act",
    "/join",
    "/resign",
    "/draw/offer",
    "/takeback/request",
    "/record",
    "/pgn",
    "?token={token}",
    "{",
    "}",
    "[",
    "]",
    "\"",
    ":",
    ",",
    "null",
    "true",
    "-1",
    "1e999",
    "\"since\"",
    "\"ply\"",
    "\"action\"",
    "\"seats\"",
    "\"player\"",
    "\"name\"",
    "\"me\"",
    "\"open\"",
    "\"level=1\"",
    "\"clock\"",
    "\"fen\"",
    "\u{202e}",
    "\u{0}",
];

const ROUTES: &[&str] = &[
    "POST /api/games",
    "POST /api/games/import",
    "POST /api/games/{id}/act",
    "POST /api/games/{id}/join",
    "POST /api/games/{id}/resign",
    "POST /api/games/{id}/draw/offer",
    "POST /api/games/{id}/draw/accept",
    "POST /api/games/{id}/takeback/request",
    "POST /api/games/{id}/takeback/accept",
    "POST /api/variants/check",
    "GET /api/games/{id}",
    "GET /api/games/{id}/record",
    "GET /api/games/{id}/positions",
    "GET /api/games",
    "WS",
];

/// The server the inputs go to, with its game.
struct Server {
    runtime: tokio::runtime::Runtime,
    base: String,
    ws: String,
    id: String,
    token: String,
    http: reqwest::Client,
}

impl Server {
    fn start() -> Server {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let dir = std::env::temp_dir().join(format!("messhall-fuzz-server-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let _ = std::fs::remove_file(dir.join("games.db"));
        let config = messhall_server::Config {
            db: format!("sqlite:{}", dir.join("games.db").display()),
            ai_movetime: Duration::from_millis(5),
            ai_threads: 1,
            hash_mb: 1,
            games_per_client: i64::MAX,
            games_per_client_hour: u32::MAX,
            variants_per_client_minute: u32::MAX,
            watchers_per_client: usize::MAX,
            ..messhall_server::Config::default()
        };
        let running = runtime.block_on(messhall_server::start("127.0.0.1:0", config)).unwrap();
        let addr = running.addr;
        // The server runs for the whole test.
        std::mem::forget(running);
        let http = reqwest::Client::new();
        let base = format!("http://{addr}");
        let created: Value = runtime.block_on(async {
            http.post(format!("{base}/api/games"))
                .json(&serde_json::json!({"game": "chess", "seats": [{"player": "me"}, {"player": "me"}]}))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap()
        });
        Server {
            runtime,
            ws: format!("ws://{addr}"),
            base,
            id: created["id"].as_str().unwrap().to_string(),
            token: created["tokens"][0]["token"].as_str().unwrap().to_string(),
            http,
        }
    }

    fn fill(&self, text: &str) -> String {
        text.replace("{id}", &self.id).replace("{token}", &self.token)
    }

    fn check(&self, input: &str) -> Result<(), String> {
        let (head, body) = input.split_once('\n').unwrap_or((input, ""));
        let head = self.fill(head.trim_end());
        let body = self.fill(body);
        self.runtime.block_on(async {
            if head == "WS" {
                self.message(&body).await?;
            } else {
                self.request(&head, body).await?;
            }
            let health = tokio::time::timeout(
                Duration::from_secs(2),
                self.http.get(format!("{}/health", self.base)).send(),
            )
            .await
            .map_err(|_| "/health did not answer within 2 s".to_string())?
            .map_err(|e| format!("/health: {e}"))?;
            if health.status() != 200 {
                return Err(format!("/health answered {}", health.status()));
            }
            Ok(())
        })
    }

    async fn request(&self, head: &str, body: String) -> Result<(), String> {
        let Some((method, path)) = head.split_once(' ') else {
            return Ok(());
        };
        let Ok(method) = reqwest::Method::from_bytes(method.as_bytes()) else {
            return Ok(());
        };
        if !path.starts_with('/') {
            return Ok(());
        }
        let Ok(request) = self
            .http
            .request(method, format!("{}{path}", self.base))
            .bearer_auth(&self.token)
            .header("content-type", "application/json")
            .body(body)
            .build()
        else {
            // Not a request a client can send (a bad address): nothing of the server's.
            return Ok(());
        };
        let answer = self
            .http
            .execute(request)
            .await
            .map_err(|e| format!("no answer: {e}"))?;
        let status = answer.status().as_u16();
        let text = answer.text().await.map_err(|e| format!("answer cut: {e}"))?;
        if status >= 500 && status != 503 {
            return Err(format!("{status}: {text}"));
        }
        if status >= 400 {
            let v: Value = serde_json::from_str(&text).map_err(|_| format!("{status} not JSON: {text}"))?;
            let message = v["message"]
                .as_str()
                .ok_or_else(|| format!("{status} without a message: {text}"))?;
            if v["code"].as_str().is_none() || message.contains('\n') {
                return Err(format!("{status} refusal not one line with a code: {text}"));
            }
        }
        Ok(())
    }

    async fn message(&self, body: &str) -> Result<(), String> {
        let url = format!("{}/api/games/{}/ws?since=0", self.ws, self.id);
        let (mut socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| format!("no WebSocket: {e}"))?;
        socket
            .send(Message::text(body.trim_end_matches('\n').to_string()))
            .await
            .map_err(|e| format!("not sent: {e}"))?;
        // Everything until the answer to this message: events of the catch-up, then an error
        // note, a state or more events; or a close that says why.
        let until = tokio::time::Instant::now() + Duration::from_millis(300);
        loop {
            match tokio::time::timeout_at(until, socket.next()).await {
                Err(_) => return Ok(()),
                Ok(Some(Ok(Message::Text(t)))) => {
                    serde_json::from_str::<Value>(t.as_str()).map_err(|_| format!("not JSON: {t}"))?;
                }
                Ok(Some(Ok(Message::Close(frame)))) => {
                    let code = frame.map(|f| u16::from(f.code));
                    return match code {
                        Some(1008 | 1009) => Ok(()),
                        other => Err(format!("closed with {other:?}")),
                    };
                }
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(e))) => return Err(format!("dropped: {e}")),
                Ok(None) => return Err("dropped without a close".into()),
            }
        }
    }
}

/// A route with a body of the corpus, or a WebSocket message.
fn generate(rng: &mut Rng, corpus: &[String]) -> String {
    let route = rng.pick(ROUTES);
    let body = rng.pick(corpus);
    let body = body.split_once('\n').map_or(body.as_str(), |(_, b)| b);
    format!("{route}\n{body}")
}

#[test]
fn fuzz_server() {
    let server = Server::start();
    let corpus = messhall_fuzz::read_corpus(&["fuzz/corpus/server"]);
    run(Target {
        name: "server",
        corpus,
        tokens: TOKENS,
        max_len: 8 * 1024,
        generate: Box::new(generate),
        check: Box::new(move |input| server.check(input)),
    });
}
