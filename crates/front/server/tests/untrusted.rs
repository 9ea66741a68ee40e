//! Untrusted work: a small variant file whose rules are very costly to work out (16x16, 24 piece
//! types that each ride rook-bishop-rook) is answered or refused within 2 s, four at once, while
//! `/health` keeps answering within 100 ms.

mod common;

use common::Client;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// 16x16, a King and 24 piece types, each `RaBaR`: about 1.8 KB.
fn slow_variant() -> String {
    let letters = "ABCDEFGHIJLMNOQRSTUVWXYP";
    let mut text = String::from(
        "name = \"slow\"\ndescription = \"slow\"\nfiles = 16\nranks = 16\n\
         start = \"kabcdefghijlmnoq/rstuvwxyp7/16/16/16/16/16/16/16/16/16/16/16/16/RSTUVWXYP7/KABCDEFGHIJLMNOQ w - - 0 1\"\n",
    );
    text.push_str("[[piece]]\nletter = \"K\"\nname = \"King\"\nbetza = \"K\"\nvalue = 0\nroyal = true\n");
    for (i, letter) in letters.chars().enumerate() {
        text.push_str(&format!(
            "[[piece]]\nletter = \"{letter}\"\nname = \"P{i}\"\nbetza = \"RaBaR\"\nvalue = 500\n"
        ));
    }
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_costly_variant_is_refused_in_time_while_the_server_answers() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let text = slow_variant();
    let file = json!({"name": "slow.toml", "text": text});
    let requests: Vec<(&str, Value)> = vec![
        ("/api/variants/check", file.clone()),
        ("/api/variants/check", file.clone()),
        (
            "/api/games",
            json!({"variant": file.clone(), "seats": [{"player": "me"}, {"player": "open"}]}),
        ),
        (
            "/api/games",
            json!({"variant": file.clone(), "seats": [{"player": "me"}, {"player": "me"}]}),
        ),
    ];
    let in_flight: Vec<_> = requests
        .into_iter()
        .map(|(path, body)| {
            let client = client.clone();
            tokio::spawn(async move {
                let started = Instant::now();
                let (status, v) = client.post(path, None, body).await;
                (path, status, v, started.elapsed())
            })
        })
        .collect();
    let mut slowest_health = Duration::ZERO;
    while in_flight.iter().any(|t| !t.is_finished()) {
        let started = Instant::now();
        let (status, v) = client.get("/health", None).await;
        assert_eq!(status, 200, "{v}");
        slowest_health = slowest_health.max(started.elapsed());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for task in in_flight {
        let (path, status, v, took) = task.await.unwrap();
        assert!(took < Duration::from_secs(2), "{path} took {took:?}");
        assert!(
            (status == 400 && v["message"].as_str().unwrap().contains("cost")) || status == 503,
            "{path}: {status} {v}"
        );
    }
    assert!(
        slowest_health < Duration::from_millis(100),
        "/health took {slowest_health:?}"
    );
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_variant_of_ordinary_cost_is_still_checked_and_played() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    // One rook-bishop-rook rider among ordinary pieces on 8x8 is fine.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/catalog/variants/chess.toml"
    ))
    .unwrap()
    .replacen("betza = \"Q\"", "betza = \"RaBaR\"", 1);
    let (status, rules) = client
        .post("/api/variants/check", None, json!({"name": "mine.toml", "text": text}))
        .await;
    assert_eq!(status, 200, "{rules}");
    running.shutdown().await;
}
