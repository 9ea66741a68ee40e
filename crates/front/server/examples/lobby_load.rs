//! A load benchmark of the lobby (the figures of BENCHMARKS.md): with 1,000 lobby WebSockets
//! open, how long a new seek takes to reach every one of them, p50, p99 and the slowest, over
//! 20 seeks (20,000 deliveries), on one server and on two servers sharing a PostgreSQL database
//! (half the WebSockets on each, the seeks posted on the first).
//!
//! `cargo run --release -p messhall-server --example lobby_load -- [postgres://...]`
//! (without a URL: one server on SQLite only).

use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const SOCKETS: usize = 1000;
const SEEKS: usize = 20;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn config(db: &str) -> messhall_server::Config {
    messhall_server::Config {
        db: db.to_string(),
        ai_threads: 0,
        watchers_per_client: 10 * SOCKETS,
        connections_per_address: 10 * SOCKETS,
        players_per_client_hour: 1000,
        ..Default::default()
    }
}

/// A poster's session cookie on the server at `base`.
async fn session(http: &reqwest::Client, base: &str) -> String {
    let resp = http
        .post(format!("{base}/api/me"))
        .header("origin", base)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let set = resp.headers()["set-cookie"].to_str().unwrap().to_string();
    set.split(';').next().unwrap().to_string()
}

async fn run(label: &str, bases: &[String]) {
    let http = reqwest::Client::new();
    // The sockets, spread evenly over the servers; each reader reports when a seek reached it.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(String, Instant, usize)>();
    let mut ready = Vec::new();
    for i in 0..SOCKETS {
        let base = &bases[i % bases.len()];
        let url = format!("{}/api/lobby/ws", base.replacen("http", "ws", 1));
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let tx = tx.clone();
        let (up, down) = tokio::sync::oneshot::channel::<()>();
        ready.push(down);
        tokio::spawn(async move {
            let mut up = Some(up);
            while let Some(Ok(msg)) = socket.next().await {
                if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
                    let v: Value = serde_json::from_str(t.as_str()).unwrap();
                    match v["type"].as_str() {
                        Some("seeks") => {
                            if let Some(up) = up.take() {
                                let _ = up.send(());
                            }
                        }
                        Some("seek") => {
                            let _ = tx.send((v["seek"]["id"].as_str().unwrap().to_string(), Instant::now(), i % 2));
                        }
                        _ => {}
                    }
                }
            }
        });
    }
    for r in ready {
        r.await.unwrap();
    }
    let poster = &bases[0];
    let cookie = session(&http, poster).await;
    // The poster's own lobby socket keeps its seeks alive.
    let mut request = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(format!(
        "{}/api/lobby/ws",
        poster.replacen("http", "ws", 1)
    ))
    .unwrap();
    request.headers_mut().insert("cookie", cookie.parse().unwrap());
    request.headers_mut().insert("origin", poster.parse().unwrap());
    let (_keep, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let mut times = Vec::new();
    let mut by_server = [Vec::new(), Vec::new()];
    for _ in 0..SEEKS {
        let posted = Instant::now();
        let resp = http
            .post(format!("{poster}/api/seeks"))
            .header("cookie", &cookie)
            .header("origin", poster)
            .json(&json!({"game": "foodfight"}))
            .send()
            .await
            .unwrap();
        let v: Value = resp.json().await.unwrap();
        let id = v["seek"]["id"].as_str().unwrap().to_string();
        let mut reached = 0;
        while reached < SOCKETS {
            let (seek, at, server) = tokio::time::timeout(Duration::from_secs(10), rx.recv())
                .await
                .expect("every socket hears of the seek within 10 s")
                .unwrap();
            if seek == id {
                times.push(at - posted);
                by_server[server].push(at - posted);
                reached += 1;
            }
        }
        // Cancelled, so the next seek is the poster's only one (a player has three at most).
        http.post(format!("{poster}/api/seeks/{id}/leave"))
            .header("cookie", &cookie)
            .header("origin", poster)
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    times.sort();
    if bases.len() > 1 {
        for (i, t) in by_server.iter_mut().enumerate() {
            t.sort();
            eprintln!("server {i}: p50 {:?} p99 {:?}", percentile(t, 0.5), percentile(t, 0.99));
        }
    }
    println!(
        "| {label} | {SOCKETS} | {} | {:.1} ms | {:.1} ms | {:.1} ms |",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().unwrap().as_secs_f64() * 1e3
    );
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let pg = std::env::args().nth(1);
    println!("| servers | lobby WebSockets | deliveries | p50 | p99 | slowest |");
    println!("|---|---|---|---|---|---|");
    let path = std::env::temp_dir().join(format!("messhall-lobby-load-{}.db", std::process::id()));
    let one = messhall_server::start("127.0.0.1:0", config(&format!("sqlite:{}", path.display())))
        .await
        .unwrap();
    run("one (SQLite)", &[format!("http://{}", one.addr)]).await;
    one.shutdown().await;
    if let Some(url) = pg {
        let one = messhall_server::start("127.0.0.1:0", config(&url)).await.unwrap();
        run("one (PostgreSQL)", &[format!("http://{}", one.addr)]).await;
        let two = messhall_server::start("127.0.0.1:0", config(&url)).await.unwrap();
        run(
            "two (PostgreSQL)",
            &[format!("http://{}", one.addr), format!("http://{}", two.addr)],
        )
        .await;
        one.shutdown().await;
        two.shutdown().await;
    }
}
