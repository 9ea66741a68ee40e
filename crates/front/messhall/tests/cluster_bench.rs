//! Figures of the site on several nodes for BENCHMARKS.md: measurements, not checks (ignored
//! unless asked for). With `MESSHALL_TEST_POSTGRES` set (scripts/postgres), one at a time:
//!
//! ```text
//! cargo test --release -p messhall --test cluster_bench -- --ignored --nocapture --test-threads 1
//! ```
//!
//! - computer moves a second at a fixed node budget, thought in the serving process or by one
//!   or two `messhall worker` processes, and what a move costs besides its think;
//! - a person's move's acknowledgement, and its event's way to a WebSocket on the other node,
//!   with 1,000 idle games open, on one node and on two;
//! - a soak: 200 games against low levels through nginx on two nodes and a worker for five
//!   minutes, a node killed with SIGKILL (and started again) every 30 s.

mod common;

use common::cluster::{Game, KINDS, Log, Run, STUCK, play, tally};
use common::nginx::Nginx;
use common::{Api, Process};
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The API at `addr` asked from loopback address number `n`.
fn client(addr: &str, n: u16) -> Api {
    Api {
        base: format!("http://{addr}"),
        http: common::numbered_address(n),
    }
}

/// Milliseconds since the epoch, as the server stamps entries.
fn now_ms() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    i64::try_from(since.as_millis()).unwrap()
}

/// The `q` quantile of sorted `xs`.
fn quantile(xs: &[Duration], q: f64) -> Duration {
    xs[((xs.len() - 1) as f64 * q).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The node budget of every computer move of the throughput measurement.
const BUDGET: &str = "nodes=20000";

/// Games of two computers at [`BUDGET`] kept going (a finished one is replaced) on `node` while
/// the moves stored in a window are counted: moves a second.
async fn moves_per_second(db: &str, node: &str, games: usize, window: Duration) -> f64 {
    let pool = sqlx::PgPool::connect(db).await.unwrap();
    let warm_until = Instant::now() + Duration::from_secs(3);
    let until = warm_until + window;
    let (mut from, mut made) = (None, 0u16);
    while Instant::now() < until {
        if from.is_none() && Instant::now() >= warm_until {
            from = Some(now_ms());
        }
        let going: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM games WHERE status <> 'over'")
            .fetch_one(&pool)
            .await
            .unwrap();
        for _ in going.0..games as i64 {
            let api = client(node, made / 10);
            made += 1;
            let (status, v) = api
                .post(
                    "/api/games",
                    None,
                    json!({"game": "chess", "seats": [{"player": BUDGET}, {"player": BUDGET}]}),
                )
                .await;
            assert_eq!(status, 201, "{v}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let to = now_ms();
    let counted: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM entries WHERE created_ms >= $1 AND created_ms < $2")
        .bind(from.unwrap())
        .bind(to)
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    counted.0 as f64 / ((to - from.unwrap()) as f64 / 1000.0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement"]
async fn measure_computer_moves_per_second() {
    let Some(url) = common::postgres_server() else {
        return;
    };
    let window = Duration::from_secs(20);
    let mut think_ms = None;
    println!("| who thinks | threads | moves/s | ms a move per thread | of which thinking | besides |");
    println!("|---|---|---|---|---|---|");
    for (i, (who, node_threads, workers)) in [
        ("the serving process", 1, 0),
        ("1 worker process", 0, 1),
        ("the serving process", 2, 0),
        ("2 worker processes", 0, 2),
    ]
    .into_iter()
    .enumerate()
    {
        let db = common::fresh_postgres(&url, &format!("messhall_bench_moves_{i}")).await;
        let threads = node_threads.to_string();
        let (node, addr) = common::serve(&db, &["--ai-threads", &threads, "--ai-time", "60"]);
        let thinkers: Vec<Process> = (0..workers)
            .map(|_| common::worker(&db, &["--threads", "1", "--ai-time", "60"]))
            .collect();
        let rate = moves_per_second(&db, &addr, 6, window).await;
        let threads = node_threads + workers;
        let per_move = 1000.0 * f64::from(threads) / rate;
        if node_threads > 0 && think_ms.is_none() {
            // The think alone, as the serving process timed it.
            let page = common::metrics(&addr).await;
            let sum = common::metric(&page, "messhall_think_seconds_sum");
            let count = common::metric(&page, "messhall_think_seconds_count");
            think_ms = Some(1000.0 * sum / count);
        }
        let think = think_ms.unwrap();
        println!(
            "| {who} | {threads} | {rate:.1} | {per_move:.2} | {think:.2} | {:.2} |",
            per_move - think
        );
        drop(thinkers);
        drop(node);
    }
}

/// A person's moves on `nodes` (HOST:PORT each) with 1,000 idle games open: each move sent to
/// the next node in turn, its acknowledgement timed, and the time until a WebSocket on the
/// following node (the same one when there is one) sees it.
async fn acknowledgements(nodes: &[String]) -> (Vec<Duration>, Vec<Duration>) {
    // The idle games, made on the nodes in turn and read on every node, so each holds them all.
    let idle: u16 = std::env::var("IDLE_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    for i in 0..idle {
        let api = client(&nodes[usize::from(i) % nodes.len()], i / 20);
        let (status, v) = api
            .post(
                "/api/games",
                None,
                json!({"game": "chess", "seats": [{"player": "me"}, {"player": "open"}]}),
            )
            .await;
        assert_eq!(status, 201, "{v}");
        for node in nodes {
            client(node, i / 20)
                .get(&format!("/api/games/{}", v["id"].as_str().unwrap()))
                .await;
        }
    }
    let mut acks = Vec::new();
    let mut news = Vec::new();
    for g in 0..10u16 {
        let api = client(&nodes[0], 100 + g);
        let (status, created) = api
            .post(
                "/api/games",
                None,
                json!({"game": "chess", "seats": [{"player": "me"}, {"player": "me"}]}),
            )
            .await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let tokens: Vec<String> = (0..2)
            .map(|s| created["tokens"][s]["token"].as_str().unwrap().to_string())
            .collect();
        let mut sockets = Vec::new();
        for node in nodes {
            let url = format!("ws://{node}/api/games/{id}/ws");
            sockets.push(tokio_tungstenite::connect_async(url).await.unwrap().0);
        }
        for ply in 0..20usize {
            let near = ply % nodes.len();
            let far = (ply + 1) % nodes.len();
            let api = client(&nodes[near], 100 + g);
            let token = &tokens[ply % 2];
            let (_, state) = api.try_get(&format!("/api/games/{id}"), Some(token)).await;
            let Some(action) = common::first_action(&state) else {
                break;
            };
            let sent = Instant::now();
            let (status, v) = api
                .post(
                    &format!("/api/games/{id}/act"),
                    Some(token),
                    json!({"ply": ply, "action": action}),
                )
                .await;
            assert_eq!(status, 200, "{v}");
            acks.push(sent.elapsed());
            // Every socket gets the move; the far one's wait is the measurement.
            for (i, socket) in sockets.iter_mut().enumerate() {
                loop {
                    let text = match socket.next().await {
                        Some(Ok(tokio_tungstenite::tungstenite::Message::Text(text))) => text,
                        Some(Ok(_)) => continue,
                        other => panic!("game {id} ply {ply}: the socket on node {i} ended: {other:?}"),
                    };
                    let v: Value = serde_json::from_str(text.as_str()).unwrap();
                    if v["type"] == "moved" {
                        break;
                    }
                }
                if i == far {
                    news.push(sent.elapsed());
                }
            }
        }
    }
    acks.sort();
    news.sort();
    (acks, news)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement"]
async fn measure_acknowledgement_with_1000_idle_games() {
    let Some(url) = common::postgres_server() else {
        return;
    };
    println!("| nodes | moves | acknowledged p50 | p99 | seen on the other node p50 | p99 |");
    println!("|---|---|---|---|---|---|");
    for count in [1, 2] {
        let db = common::fresh_postgres(&url, &format!("messhall_bench_ack_{count}")).await;
        let running: Vec<(Process, String)> = (0..count).map(|_| common::serve(&db, &["--ai-threads", "0"])).collect();
        let nodes: Vec<String> = running.iter().map(|(_, a)| a.clone()).collect();
        let (acks, news) = acknowledgements(&nodes).await;
        println!(
            "| {count} | {} | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} ms |",
            acks.len(),
            ms(quantile(&acks, 0.5)),
            ms(quantile(&acks, 0.99)),
            ms(quantile(&news, 0.5)),
            ms(quantile(&news, 0.99)),
        );
    }
}

/// One game after another of a person against a low level through `proxy` until the run
/// stops: the games played.
async fn keep_playing(proxy: Api, n: u16, run: Arc<Run>) -> Vec<Game> {
    let mut games = Vec::new();
    let mut round = 0usize;
    while !run.stop.load(Ordering::Relaxed) {
        let (kind, _) = KINDS[(usize::from(n) + round) % KINDS.len()];
        // The low levels: 1 to 3, and the cafeteria's rules bot.
        let computer = match (kind, round % 3) {
            ("cafeteria", _) => "rules".to_string(),
            (_, level) => format!("level={}", level + 1),
        };
        round += 1;
        let (status, created) = proxy
            .post(
                "/api/games",
                None,
                json!({"game": kind, "seats": [{"player": "me"}, {"player": computer}]}),
            )
            .await;
        if common::cluster::gone(status) {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        assert_eq!(status, 201, "{created}");
        let mut game = Game {
            id: created["id"].as_str().unwrap().to_string(),
            kind,
            tokens: vec![Some(created["tokens"][0]["token"].as_str().unwrap().to_string()), None],
            acknowledged: Vec::new(),
            after_kill: 0,
            unanswered: 0,
        };
        play(&mut game, std::slice::from_ref(&proxy), &proxy, usize::MAX, &run).await;
        games.push(game);
    }
    games
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement"]
async fn soak_200_games_on_two_nodes_and_a_worker_with_a_node_killed_every_30_s() {
    let Some(url) = common::postgres_server() else {
        return;
    };
    let minutes: u64 = std::env::var("SOAK_MINUTES")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(5);
    let db = common::fresh_postgres(&url, "messhall_soak").await;
    let args = |name: &'static str| {
        vec![
            "--node",
            name,
            "--ai-threads",
            "1",
            "--ai-time",
            "0.2",
            "--trusted-proxy",
            "127.0.0.1",
            "--connections-per-address",
            "4096",
        ]
    };
    let (a, a_addr) = common::serve(&db, &args("a"));
    let (b, b_addr) = common::serve(&db, &args("b"));
    let w = common::worker(&db, &["--node", "w", "--threads", "1", "--ai-time", "0.2"]);
    let Some(nginx) = Nginx::start(&[&a_addr, &b_addr]) else {
        return;
    };
    let run = Arc::new(Run::new(Duration::from_millis(250)));
    let drivers: Vec<_> = (0..200u16)
        .map(|n| {
            let proxy = client(&nginx.addr, n);
            tokio::spawn(keep_playing(proxy, n, run.clone()))
        })
        .collect();
    // A node killed every 30 s, A and B in turn, and started again on its address.
    let mut nodes = [("a", a, a_addr), ("b", b, b_addr)];
    let mut logs: Vec<Log> = Vec::new();
    let started = Instant::now();
    let mut kills = 0;
    while started.elapsed() < Duration::from_secs(60 * minutes) {
        tokio::time::sleep(Duration::from_secs(30)).await;
        let (name, process, addr) = &mut nodes[kills % 2];
        process.kill();
        logs.push((format!("{name}#{kills}"), true, process.log()));
        kills += 1;
        *process = common::serve_at(addr, &db, &args(name)).0;
    }
    run.stop.store(true, Ordering::Relaxed);
    let mut games = Vec::new();
    for driver in drivers {
        games.extend(driver.await.unwrap());
    }
    // None stuck: each game over or waiting for its person once the computers had time.
    let proxy = client(&nginx.addr, 0);
    let settled = futures_util::future::join_all(games.iter().map(|game| {
        let proxy = proxy.clone();
        async move {
            let until = Instant::now() + STUCK;
            loop {
                let (status, state) = proxy.try_get(&format!("/api/games/{}", game.id), None).await;
                let waiting = state["turn"]["seat"].as_u64() == Some(0);
                if status == 200 && (state["status"] == "over" || waiting) {
                    return Some(state["status"] == "over");
                }
                if Instant::now() > until {
                    eprintln!("stuck: {} {} at ply {}: {state}", game.kind, game.id, state["ply"]);
                    return None;
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
    }))
    .await;
    let stuck = settled.iter().filter(|s| s.is_none()).count();
    let over = settled.iter().filter(|s| **s == Some(true)).count();
    for (name, process, _) in &nodes {
        logs.push((format!("{name}#last"), false, process.log()));
    }
    logs.push(("w".into(), false, w.log()));
    let pool = sqlx::PgPool::connect(&db).await.unwrap();
    let tally = tally(&pool, &games, &logs).await;
    let lost = tally.problems.iter().filter(|p| p.contains("lost")).count();
    let doubled = tally
        .problems
        .iter()
        .filter(|p| p.contains("actions of people stored"))
        .count();
    println!(
        "soak of {minutes} min, 200 players, {kills} nodes killed: {} games, {over} finished, {stuck} stuck; \
         {} actions acknowledged, {} unanswered, {} computer moves ({} thought again after a kill); \
         lost {lost}, doubled {doubled}, other problems {}",
        games.len(),
        tally.acknowledged,
        tally.unanswered,
        tally.computer_moves,
        tally.thought_again,
        tally.problems.len() - lost - doubled
    );
    for problem in tally.problems.iter().take(20) {
        println!("  {problem}");
    }
    // What the processes warned of, by message, with how often.
    let mut warnings = std::collections::BTreeMap::new();
    for (_, _, lines) in &logs {
        for line in lines.iter().filter(|l| l.contains(" WARN ") || l.contains(" ERROR ")) {
            // The message without its fields (` name=value`).
            let message = line.split(": ").nth(1).unwrap_or(line);
            let message = match message.find('=') {
                Some(i) => &message[..message[..i].rfind(' ').unwrap_or(i)],
                None => message,
            };
            *warnings.entry(message.to_string()).or_insert(0) += 1;
        }
    }
    for (message, count) in warnings {
        println!("  {count} x {message}");
    }
    pool.close().await;
    drop(nginx);
}
