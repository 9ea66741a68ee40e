//! The operator's view: `/metrics` in Prometheus's text format, readable only from the addresses
//! allowed, and the node's name in `/health`.
//!
//! The figures are the process's and the tests of this file run at once, so each test reads
//! what changed around its own requests, and a gauge as at least what it holds itself.

mod common;

use common::Client;
use serde_json::json;
use std::net::IpAddr;

/// The value of the sample `series` (a metric's name with its labels, as rendered), or 0 when
/// it is not there yet.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |value| value.trim().parse().unwrap())
}

/// `GET /metrics` from `from`: the status, the content type and the body.
async fn scrape(addr: std::net::SocketAddr, from: [u8; 4], headers: &[(&str, &str)]) -> (u16, String, String) {
    let http = reqwest::Client::builder()
        .local_address(IpAddr::from(from))
        .build()
        .unwrap();
    let mut request = http.get(format!("http://{addr}/metrics"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, kind, response.text().await.unwrap())
}

async fn figures(addr: std::net::SocketAddr) -> String {
    let (status, kind, text) = scrape(addr, [127, 0, 0, 1], &[]).await;
    assert_eq!(status, 200, "{text}");
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_figures_move_with_the_games() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let before = figures(running.addr).await;

    let (id, ann, bob) = client.two_people("chess").await;
    let mut socket = common::connect_ws(running.addr, &id, Some(&ann), 0).await;
    for _ in 0..2 {
        client.play_first(&id, &ann).await;
        client.play_first(&id, &bob).await;
    }
    let computer = client
        .create(json!({"game": "chess", "seats": [{"player": "me"}, {"player": "depth=1"}]}))
        .await;
    let game = computer["id"].as_str().unwrap();
    let me = computer["tokens"][0]["token"].as_str().unwrap();
    client.play_first(game, me).await;
    client.wait_ply(game, 2).await;
    // The socket has seen the moves: it is open and counted.
    assert!(common::next_event(&mut socket, 5).await.is_some());

    let after = figures(running.addr).await;
    let moved = |series: &str| sample(&after, series) - sample(&before, series);
    assert!(moved("messhall_entries_stored_total{type=\"join\"}") >= 1.0, "{after}");
    // Four moves of the people's game, one of the person against the computer and its reply.
    assert!(moved("messhall_entries_stored_total{type=\"act\"}") >= 6.0, "{after}");
    assert!(moved("messhall_act_acknowledged_seconds_count") >= 5.0, "{after}");
    assert!(
        moved("messhall_act_acknowledged_seconds_bucket{le=\"+Inf\"}") >= 5.0,
        "{after}"
    );
    assert!(moved("messhall_think_seconds_count") >= 1.0, "{after}");
    assert!(moved("messhall_think_seconds_sum") > 0.0, "{after}");
    assert!(moved("messhall_think_wait_seconds_count") >= 1.0, "{after}");
    assert!(moved("messhall_http_requests_total{class=\"2xx\"}") >= 12.0, "{after}");
    assert!(sample(&after, "messhall_games_held") >= 2.0, "{after}");
    assert!(sample(&after, "messhall_websockets_open") >= 1.0, "{after}");
    assert!(
        after.contains("# TYPE messhall_act_acknowledged_seconds histogram"),
        "{after}"
    );

    // A refusal is counted by its class.
    let (status, _) = client.get("/api/games/nosuchgame", None).await;
    assert_eq!(status, 404);
    let later = figures(running.addr).await;
    assert!(
        sample(&later, "messhall_http_requests_total{class=\"4xx\"}")
            > sample(&after, "messhall_http_requests_total{class=\"4xx\"}"),
        "{later}"
    );
    drop(socket);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_allowed_addresses_read_the_figures() {
    // By default the loopback's own address only.
    let running = common::start(&common::sqlite_url()).await;
    let (status, _, text) = scrape(running.addr, [127, 0, 0, 1], &[]).await;
    assert_eq!(status, 200, "{text}");
    let (status, kind, text) = scrape(running.addr, [127, 0, 0, 2], &[]).await;
    assert_eq!(status, 403, "{text}");
    assert!(kind.starts_with("application/json"), "{kind}");
    let body: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(body["code"], "forbidden", "{body}");
    assert!(!text.contains("messhall_"), "{text}");
    running.shutdown().await;

    // Another list replaces the default.
    let mut config = common::config(&common::sqlite_url());
    config.metrics_from = vec!["127.0.0.3".parse().unwrap()];
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    assert_eq!(scrape(running.addr, [127, 0, 0, 3], &[]).await.0, 200);
    assert_eq!(scrape(running.addr, [127, 0, 0, 1], &[]).await.0, 403);
    running.shutdown().await;

    // Behind a trusted proxy on the loopback, the client it forwards is the one asking.
    let mut config = common::config(&common::sqlite_url());
    config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let outside = [("x-forwarded-for", "203.0.113.9")];
    assert_eq!(scrape(running.addr, [127, 0, 0, 1], &outside).await.0, 403);
    let inside = [("x-forwarded-for", "127.0.0.1")];
    assert_eq!(scrape(running.addr, [127, 0, 0, 1], &inside).await.0, 200);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_names_the_node() {
    let mut config = common::config(&common::sqlite_url());
    config.node = "kitchen-7".into();
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let (status, health) = Client::new(running.addr).get("/health", None).await;
    assert_eq!(status, 200, "{health}");
    assert_eq!(health["node"], "kitchen-7", "{health}");
    assert_eq!(health["status"], "ok", "{health}");
    running.shutdown().await;

    // By default the host's name.
    let running = common::start(&common::sqlite_url()).await;
    let (_, health) = Client::new(running.addr).get("/health", None).await;
    assert_eq!(health["node"], messhall_server::node::default_name(), "{health}");
    running.shutdown().await;
}
