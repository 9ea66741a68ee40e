//! A load benchmark of the play server on the loopback, through a real HTTP client (the numbers
//! of BENCHMARKS.md):
//!
//! 1. with 1,000 idle games open, the p50 and p99 latency of a person's move's acknowledgement
//!    (1,000 moves, one after another, spread over 125 of the games);
//! 2. N games at once, each a person against the engine at 0.5 s a move: the delay from the
//!    person's move to the engine's reply, p50 and p99, for N = 1, 2, 4, 8, 16 (sustained while
//!    the reply comes within 0.5 s and a margin).
//!
//! `cargo run --release -p messhall-server --example load -- [sqlite:PATH | postgres://...]`

use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn post(http: &reqwest::Client, url: String, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut req = http.post(url).json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let resp = req.send().await.unwrap();
    (resp.status().as_u16(), resp.json().await.unwrap_or(Value::Null))
}

fn first_quiet(state: &Value) -> Option<String> {
    let from = state["legal"]["from"].as_object()?;
    let moves: Vec<&Value> = from.values().flat_map(|v| v.as_array().unwrap().iter()).collect();
    let pick = moves.iter().find(|m| m["kind"] == "quiet").or(moves.first())?;
    Some(pick["coordinates"].as_str()?.to_string())
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let db = std::env::args().nth(1).unwrap_or_else(|| {
        let path = std::env::temp_dir().join(format!("messhall-load-{}.db", std::process::id()));
        format!("sqlite:{}", path.display())
    });
    let config = messhall_server::Config {
        db: db.clone(),
        ai_movetime: Duration::from_millis(500),
        games_per_client: 100_000,
        ..Default::default()
    };
    let threads = config.ai_threads;
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let base = format!("http://{}", running.addr);
    let http = reqwest::Client::new();
    println!(
        "database {}, {threads} computer threads",
        db.split('@').next_back().unwrap_or(&db)
    );

    // 1. A person's moves with 1,000 idle games open.
    let mut games = Vec::new();
    let t = Instant::now();
    for _ in 0..1000 {
        let (status, v) = post(
            &http,
            format!("{base}/api/games"),
            None,
            json!({"game": "chess", "seats": [{"player": "me"}, {"player": "me"}]}),
        )
        .await;
        assert_eq!(status, 201, "{v}");
        games.push((
            v["id"].as_str().unwrap().to_string(),
            v["tokens"][0]["token"].as_str().unwrap().to_string(),
            v["tokens"][1]["token"].as_str().unwrap().to_string(),
        ));
    }
    println!("1000 games created in {:.1} s", t.elapsed().as_secs_f64());
    let line = ["Nf3", "Nf6", "Nc3", "Nc6", "Nb1", "Nb8", "Ng1", "Ng8"];
    let mut acks = Vec::new();
    for (id, white, black) in games.iter().take(125) {
        for (ply, mv) in line.iter().enumerate() {
            let token = if ply % 2 == 0 { white } else { black };
            let t = Instant::now();
            let (status, v) = post(
                &http,
                format!("{base}/api/games/{id}/act"),
                Some(token),
                json!({"ply": ply, "action": mv}),
            )
            .await;
            acks.push(t.elapsed());
            assert_eq!(status, 200, "{v}");
        }
    }
    acks.sort();
    println!(
        "a person's move acknowledged, 1000 idle games open: p50 {:.2} ms, p99 {:.2} ms ({} moves)",
        percentile(&acks, 0.5).as_secs_f64() * 1000.0,
        percentile(&acks, 0.99).as_secs_f64() * 1000.0,
        acks.len()
    );

    // 2. N games, each a person against the engine at 0.5 s a move.
    for n in [1usize, 2, 4, 8, 16] {
        let mut tasks = Vec::new();
        for _ in 0..n {
            let (http, base) = (http.clone(), base.clone());
            tasks.push(tokio::spawn(async move {
                let mut delays = Vec::new();
                let until = Instant::now() + Duration::from_secs(8);
                'games: while Instant::now() < until {
                    let (_, v) = post(
                        &http,
                        format!("{base}/api/games"),
                        None,
                        json!({"game": "chess", "seats": [{"player": "me"}, {"player": "level=10"}]}),
                    )
                    .await;
                    let id = v["id"].as_str().unwrap().to_string();
                    let token = v["tokens"][0]["token"].as_str().unwrap().to_string();
                    let mut state = v["state"].clone();
                    while Instant::now() < until {
                        let Some(mv) = first_quiet(&state) else { continue 'games };
                        let (status, after) = post(
                            &http,
                            format!("{base}/api/games/{id}/act"),
                            Some(&token),
                            json!({"ply": state["ply"], "action": mv}),
                        )
                        .await;
                        if status != 200 || after["status"] == "over" {
                            continue 'games;
                        }
                        let sent = Instant::now();
                        let ply = after["ply"].as_i64().unwrap();
                        loop {
                            tokio::time::sleep(Duration::from_millis(10)).await;
                            state = http
                                .get(format!("{base}/api/games/{id}"))
                                .bearer_auth(&token)
                                .send()
                                .await
                                .unwrap()
                                .json()
                                .await
                                .unwrap();
                            if state["ply"].as_i64().unwrap() > ply || state["status"] == "over" {
                                break;
                            }
                        }
                        delays.push(sent.elapsed());
                        if state["status"] == "over" {
                            continue 'games;
                        }
                    }
                }
                delays
            }));
        }
        let mut delays = Vec::new();
        for t in tasks {
            delays.extend(t.await.unwrap());
        }
        delays.sort();
        let p99 = percentile(&delays, 0.99);
        println!(
            "{n:>2} games against the engine at 0.5 s: {} replies, p50 {:.2} s, p99 {:.2} s{}",
            delays.len(),
            percentile(&delays, 0.5).as_secs_f64(),
            p99.as_secs_f64(),
            if p99 <= Duration::from_millis(750) {
                " (sustained)"
            } else {
                " (queued)"
            }
        );
    }
    running.shutdown().await;
}
