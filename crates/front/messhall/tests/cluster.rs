//! The site as docs/deploy.md runs it: Debian's nginx, with the document's configuration, in
//! front of two `messhall serve` nodes, and a `messhall worker`, all on one PostgreSQL.
//!
//! Games of every kind, against a person and against the computer, are made on one node, joined
//! on the other and played with each action sent to the other node than the one before, while
//! WebSockets through nginx (which spreads them over both nodes) watch every game. Then the
//! worker is killed with SIGKILL while it thinks a move, which another worker makes once the
//! lease runs out; then a node is killed with SIGKILL mid-game, and the games go on through
//! nginx on the other. At the end every acknowledged action is stored, once, at its ply; every
//! computer move was thought once (a second time only where the first thinker was killed); and
//! every watcher saw every event, in order, across its reconnections.

mod common;

use common::Api;
use common::nginx::Nginx;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Every kind of game: a person's seat and, in the game against the computer, this player.
const KINDS: [(&str, &str); 6] = [
    ("chess", "level=2"),
    ("foodfight", "level=2"),
    ("calorie", "level=2"),
    ("pieceeater", "level=2"),
    ("friendly", "level=2"),
    ("cafeteria", "search"),
];

/// A computer's job is another worker's this long after its worker stops renewing it (the
/// server's `jobs::LEASE`).
const LEASE: Duration = Duration::from_secs(5);

/// A game the test plays: its seats' tokens (`None` for the computer's) and every action the
/// server acknowledged: (ply, seat, action).
struct Game {
    id: String,
    kind: &'static str,
    tokens: Vec<Option<String>>,
    acknowledged: Vec<(i64, u64, String)>,
    /// Actions acknowledged after the node was killed.
    after_kill: usize,
    /// Actions sent that no node answered.
    unanswered: usize,
}

impl Game {
    fn computer_seats(&self) -> Vec<u64> {
        (0..self.tokens.len() as u64)
            .filter(|&s| self.tokens[s as usize].is_none())
            .collect()
    }
}

/// Makes each kind's two games on `node`, joining the game between people through `other`.
async fn make_games(node: &Api, other: &Api) -> Vec<Game> {
    let mut games = Vec::new();
    for (kind, computer) in KINDS {
        let (status, created) = node
            .post(
                "/api/games",
                None,
                json!({"game": kind, "seats": [{"player": "me"}, {"player": "open"}]}),
            )
            .await;
        assert_eq!(status, 201, "{kind}: {created}");
        let id = created["id"].as_str().unwrap().to_string();
        let code = created["joins"][0]["code"].as_str().unwrap();
        let (status, joined) = other
            .post(
                &format!("/api/games/{id}/join"),
                None,
                json!({"code": code, "name": "Bea"}),
            )
            .await;
        assert_eq!(status, 200, "{kind}: {joined}");
        let token = |v: &Value| Some(v.as_str().unwrap().to_string());
        games.push(Game {
            id,
            kind,
            tokens: vec![token(&created["tokens"][0]["token"]), token(&joined["token"])],
            acknowledged: Vec::new(),
            after_kill: 0,
            unanswered: 0,
        });
        let (status, created) = node
            .post(
                "/api/games",
                None,
                json!({"game": kind, "seats": [{"player": "me"}, {"player": computer}]}),
            )
            .await;
        assert_eq!(status, 201, "{kind}: {created}");
        games.push(Game {
            id: created["id"].as_str().unwrap().to_string(),
            kind,
            tokens: vec![token(&created["tokens"][0]["token"]), None],
            acknowledged: Vec::new(),
            after_kill: 0,
            unanswered: 0,
        });
    }
    games
}

/// Plays `actions` more of the people's actions of `game` (fewer if it ends), each through the
/// next of `routes` in turn, reading the game through `proxy`. A request no node answered (one
/// killed under it) was not acknowledged: the game is read again and play goes on.
async fn play(game: &mut Game, routes: &[Api], proxy: &Api, actions: usize, run: &Run) {
    let path = format!("/api/games/{}", game.id);
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut done = 0;
    while done < actions {
        assert!(
            Instant::now() < deadline,
            "{} game {}: stuck after {done} actions",
            game.kind,
            game.id
        );
        let (status, state) = proxy.try_get(&path, None).await;
        if status != 200 {
            assert!(gone(status), "{status}: {state}");
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        if state["status"] == "over" {
            return;
        }
        let seat = state["turn"]["seat"].as_u64();
        let Some(token) = seat.and_then(|s| game.tokens[s as usize].clone()) else {
            // The computer's turn (or the table's chance).
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        };
        let (status, mine) = proxy.try_get(&path, Some(&token)).await;
        if status != 200 {
            assert!(gone(status), "{status}: {mine}");
            continue;
        }
        let Some(action) = common::first_action(&mine) else {
            continue;
        };
        let ply = mine["ply"].as_i64().unwrap();
        let route = &routes[game.acknowledged.len() % routes.len()];
        let (status, answer) = route
            .post(
                &format!("{path}/act"),
                Some(&token),
                json!({"ply": ply, "action": action}),
            )
            .await;
        match status {
            200 => {
                game.acknowledged.push((ply, seat.unwrap(), action));
                game.after_kill += usize::from(run.killed.load(Ordering::Relaxed));
                run.acknowledged.fetch_add(1, Ordering::Relaxed);
                done += 1;
            }
            // Refused: the state read was already behind (an unacknowledged action of this
            // seat went through, or a computer moved meanwhile).
            409 if ["stale-ply", "not-your-turn", "game-over"].contains(&answer["code"].as_str().unwrap_or("")) => {}
            status if gone(status) => {
                game.unanswered += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            _ => panic!("{} {}: {action} at ply {ply}: {status} {answer}", game.kind, game.id),
        }
    }
}

/// What the games played share: how many actions were acknowledged, and whether the node was
/// killed yet.
#[derive(Default)]
struct Run {
    acknowledged: AtomicUsize,
    killed: AtomicBool,
}

/// No node answered: the connection failed, or nginx found no node alive (502) or timed out.
fn gone(status: u16) -> bool {
    matches!(status, 0 | 502 | 503 | 504)
}

/// What a watcher saw: the numbers of the events it was sent, the last ply of a view, and how
/// many times it connected.
#[derive(Debug, Default)]
struct Watched {
    events: Vec<u64>,
    ply: i64,
    connections: u32,
}

/// Watches game `id` through `proxy` until it has seen a view at ply `until` (once that is
/// known), connecting again after each lost connection with the last event it saw.
async fn watch(proxy: String, id: String, mut until: watch::Receiver<i64>) -> Watched {
    let mut seen = Watched::default();
    loop {
        if seen.ply >= *until.borrow() {
            return seen;
        }
        let since = seen.events.last().copied().unwrap_or(0);
        let url = format!("ws://{proxy}/api/games/{id}/ws?since={since}");
        let Ok((mut socket, _)) = tokio_tungstenite::connect_async(url).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        seen.connections += 1;
        loop {
            let message = tokio::select! {
                m = socket.next() => m,
                _ = until.changed() => {
                    if seen.ply >= *until.borrow() { return seen; }
                    continue;
                }
            };
            let Some(Ok(message)) = message else { break };
            let tokio_tungstenite::tungstenite::Message::Text(text) = message else {
                continue;
            };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            match v["type"].as_str() {
                Some("view") => seen.ply = v["view"]["ply"].as_i64().unwrap(),
                Some("state") => {
                    // A gap too long to send again: the state, and its last event's number.
                    seen.events.push(v["n"].as_u64().unwrap());
                    seen.ply = v["state"]["ply"].as_i64().unwrap();
                }
                _ => {
                    if let Some(n) = v["n"].as_u64() {
                        seen.events.push(n);
                    }
                }
            }
            if seen.ply >= *until.borrow() {
                return seen;
            }
        }
    }
}

/// A job's line of a log: what (`thinking`, `move stored`, `thought in vain`), game and ply.
type JobLine = (&'static str, String, i64);

/// The jobs' lines of a process's log.
fn job_lines(log: &[String]) -> Vec<JobLine> {
    let field = |line: &str, name: &str| {
        line.split(&format!(" {name}="))
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .map(str::to_string)
    };
    log.iter()
        .filter_map(|line| {
            let what = ["thinking", "move stored", "thought in vain"]
                .into_iter()
                .find(|w| line.contains(&format!("jobs: {w} ")))?;
            let game = field(line, "game")?;
            let ply = field(line, "ply")?.parse().ok()?;
            Some((what, game, ply))
        })
        .collect()
}

/// The stored entries of `id`: (ply, the entry as JSON).
async fn entries(pool: &sqlx::PgPool, id: &str) -> Vec<(i64, Value)> {
    let rows: Vec<(i64, String)> = sqlx::query_as("SELECT ply, entry FROM entries WHERE game_id = $1 ORDER BY ply")
        .bind(id)
        .fetch_all(pool)
        .await
        .unwrap();
    rows.into_iter()
        .map(|(ply, entry)| (ply, serde_json::from_str(&entry).unwrap()))
        .collect()
}

/// `/metrics` of a node, asked from 127.0.0.1 (the addresses it answers by default).
async fn metrics(node: &str) -> String {
    reqwest::get(format!("http://{node}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_and_a_worker_behind_nginx_lose_nothing_when_killed() {
    let Some(url) = common::postgres_server() else {
        return;
    };
    let db = common::fresh_postgres(&url, "messhall_cluster").await;
    let node_args = |name: &'static str| {
        [
            "--node",
            name,
            "--ai-threads",
            "1",
            "--ai-time",
            "0.05",
            "--trusted-proxy",
            "127.0.0.1",
            "--connections-per-address",
            "4096",
        ]
    };
    let (mut a, a_addr) = common::serve(&db, &node_args("a"));
    let (mut b, b_addr) = common::serve(&db, &node_args("b"));
    // The worker thinks 20 s on a full-strength move: long enough to be killed mid-think.
    let mut w = common::worker(&db, &["--node", "w", "--threads", "1", "--ai-time", "20"]);
    let Some(nginx) = Nginx::start(&[&a_addr, &b_addr]) else {
        return;
    };
    let (on_a, on_b, proxy) = (Api::at(&a_addr), Api::at(&b_addr), Api::at(&nginx.addr));
    let pool = sqlx::PgPool::connect(&db).await.unwrap();

    // Made on A, joined on B, watched through nginx twice each.
    let mut games = make_games(&on_a, &on_b).await;
    let targets: Vec<watch::Sender<i64>> = games.iter().map(|_| watch::channel(i64::MAX).0).collect();
    let mut watchers = Vec::new();
    for (game, target) in games.iter().zip(&targets) {
        for _ in 0..2 {
            watchers.push((
                game.id.clone(),
                tokio::spawn(watch(nginx.addr.clone(), game.id.clone(), target.subscribe())),
            ));
        }
    }

    // Both nodes up: each action through the other node than the one before.
    let both = [on_a.clone(), on_b.clone()];
    let run = Run::default();
    futures_util::future::join_all(games.iter_mut().map(|g| play(g, &both, &proxy, 8, &run))).await;
    let (page_a, page_b) = (metrics(&a_addr).await, metrics(&b_addr).await);
    let sockets = |page: &str| common::metric(page, "messhall_websockets_open");
    eprintln!(
        "watchers through nginx: {} on A, {} on B",
        sockets(&page_a),
        sockets(&page_b)
    );
    assert!(
        sockets(&page_a) > 0.0 && sockets(&page_b) > 0.0,
        "nginx spread the WebSockets over both nodes"
    );

    // The worker killed while it thinks a move: made by another worker once the lease runs out.
    let (slow, me) = common::against(&proxy, "level=10").await;
    let mut held_by_w = None;
    for _ in 0..30 {
        let ply = proxy.act_first(&slow, &me).await["ply"].as_i64().unwrap();
        let holder = common::claimed_by(&pool, &slow, ply, Duration::from_secs(5)).await;
        if holder.is_some_and(|h| h.starts_with("w/")) {
            held_by_w = Some(ply);
            break;
        }
        // A node's worker took it (0.05 s a move): the next one, once it is made.
        common::stored_within(&pool, &slow, ply, Duration::from_secs(5)).await;
    }
    let ply = held_by_w.expect("the worker never claimed a move in 30 tries");
    tokio::time::sleep(Duration::from_millis(300)).await;
    w.kill();
    let made = common::stored_within(&pool, &slow, ply, LEASE + Duration::from_secs(5)).await;
    let made = made.expect("no worker made the killed worker's move");
    eprintln!("the killed worker's move was made {made:?} after the kill (lease {LEASE:?})");
    assert!(made < LEASE + Duration::from_secs(1), "{made:?}");
    assert!(
        job_lines(&w.log()).contains(&("thinking", slow.clone(), ply)),
        "the worker was thinking that move"
    );
    let mut w2 = common::worker(&db, &["--node", "w2", "--threads", "1", "--ai-time", "0.05"]);

    // A node killed mid-game: everything through nginx, which finds B alone once A is gone.
    // Killed once every game has had a few more actions on average, with requests in flight.
    let games_count = games.len();
    let kill_a = async {
        let from = run.acknowledged.load(Ordering::Relaxed);
        while run.acknowledged.load(Ordering::Relaxed) < from + 3 * games_count {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        a.kill();
        run.killed.store(true, Ordering::Relaxed);
    };
    let only_proxy = [proxy.clone()];
    let playing = futures_util::future::join_all(games.iter_mut().map(|g| play(g, &only_proxy, &proxy, 12, &run)));
    tokio::join!(playing, kill_a);
    for game in &games {
        let over = proxy.get(&format!("/api/games/{}", game.id)).await["status"] == "over";
        assert!(
            over || game.after_kill > 0,
            "{} {}: no action after the node was killed",
            game.kind,
            game.id
        );
    }

    // Nothing stuck: every game over or waiting for a person.
    for game in &games {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let state = on_b.get(&format!("/api/games/{}", game.id)).await;
            let seat = state["turn"]["seat"].as_u64();
            if state["status"] == "over" || seat.is_some_and(|s| game.tokens[s as usize].is_some()) {
                targets[games.iter().position(|g| g.id == game.id).unwrap()]
                    .send(state["ply"].as_i64().unwrap())
                    .unwrap();
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{} {} stuck at ply {}",
                game.kind,
                game.id,
                state["ply"]
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    // Every watcher saw every event once, in order, and the last view.
    for (id, watcher) in watchers {
        let seen = tokio::time::timeout(Duration::from_secs(20), watcher)
            .await
            .unwrap_or_else(|_| panic!("a watcher of {id} never saw the game's end"))
            .unwrap();
        let in_order = seen.events.windows(2).all(|p| p[1] == p[0] + 1);
        assert!(in_order, "{id}: events {:?}", seen.events);
        assert_eq!(seen.events.first(), Some(&1), "{id}: from the first event");
    }

    // Every acknowledged action stored once, at its ply, by its seat; no ply missing.
    let logs: Vec<(&str, bool, Vec<String>)> = vec![
        ("a", true, a.log()),
        ("b", false, b.log()),
        ("w", true, w.log()),
        ("w2", false, w2.log()),
    ];
    let jobs: Vec<(&str, bool, Vec<JobLine>)> = logs
        .iter()
        .map(|(name, killed, log)| (*name, *killed, job_lines(log)))
        .collect();
    let mut computer_moves = 0;
    for game in &games {
        let stored = entries(&pool, &game.id).await;
        let plies: Vec<i64> = stored.iter().map(|(p, _)| *p).collect();
        assert_eq!(plies, (0..plies.len() as i64).collect::<Vec<_>>(), "{}: plies", game.id);
        let at: BTreeMap<i64, &Value> = stored.iter().map(|(p, e)| (*p, e)).collect();
        for (ply, seat, action) in &game.acknowledged {
            let entry = at
                .get(ply)
                .unwrap_or_else(|| panic!("{} {}: acknowledged {action} at ply {ply} lost", game.kind, game.id));
            assert_eq!(
                (entry["type"].as_str(), entry["seat"].as_u64()),
                (Some("act"), Some(*seat)),
                "{}: ply {ply}: {entry}",
                game.id
            );
        }
        // Each computer move thought once; twice only where the first thinker was killed.
        for (ply, entry) in &at {
            let by_computer = entry["type"] == "act"
                && entry["seat"]
                    .as_u64()
                    .is_some_and(|s| game.computer_seats().contains(&s));
            let of_this = |what: &str| -> Vec<(&str, bool)> {
                jobs.iter()
                    .flat_map(|(name, killed, lines)| {
                        lines
                            .iter()
                            .filter(|(w, g, p)| *w == what && *g == game.id && p == ply)
                            .map(|_| (*name, *killed))
                    })
                    .collect()
            };
            let (thinking, stored) = (of_this("thinking"), of_this("move stored"));
            if !by_computer {
                assert!(
                    thinking.is_empty() && stored.is_empty(),
                    "{} ply {ply}: a job for a person's move",
                    game.id
                );
                continue;
            }
            computer_moves += 1;
            assert_eq!(stored.len(), 1, "{} ply {ply}: stored by {stored:?}", game.id);
            let cut_short = thinking
                .iter()
                .filter(|(name, killed)| *killed && !stored.iter().any(|(s, _)| s == name))
                .count();
            assert_eq!(
                thinking.len(),
                1 + cut_short,
                "{} ply {ply}: thought by {thinking:?}",
                game.id
            );
        }
    }
    for (name, _, lines) in &jobs {
        assert!(
            !lines.iter().any(|(w, _, _)| *w == "thought in vain"),
            "{name} thought a move another made"
        );
    }
    let acknowledged: usize = games.iter().map(|g| g.acknowledged.len()).sum();
    let after_kill: usize = games.iter().map(|g| g.after_kill).sum();
    let unanswered: usize = games.iter().map(|g| g.unanswered).sum();
    let proxied = nginx.requests();
    let served_by = |addr: &str| proxied.iter().filter(|l| l.ends_with(addr)).count();
    eprintln!(
        "{} games: {acknowledged} actions acknowledged ({after_kill} after A was killed, {unanswered} unanswered), {computer_moves} computer moves; nginx passed {} requests to A, {} to B",
        games.len(),
        served_by(&a_addr),
        served_by(&b_addr)
    );
    pool.close().await;
    b.terminate();
    w2.terminate();
    drop(nginx);
}
