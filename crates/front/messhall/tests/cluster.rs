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
use common::cluster::{Game, LEASE, Log, Run, job_lines, make_games, play, tally, watch};
use common::nginx::Nginx;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::sync::watch as news;

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
    let targets: Vec<news::Sender<i64>> = games.iter().map(|_| news::channel(i64::MAX).0).collect();
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
    let run = Run::new(Duration::from_millis(30));
    futures_util::future::join_all(games.iter_mut().map(|g| play(g, &both, &proxy, 8, &run))).await;
    let (page_a, page_b) = (common::metrics(&a_addr).await, common::metrics(&b_addr).await);
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
    let mut slow_game = Game {
        id: slow.clone(),
        kind: "chess",
        tokens: vec![Some(me.clone()), None],
        acknowledged: Vec::new(),
        after_kill: 0,
        unanswered: 0,
    };
    for _ in 0..30 {
        let ply = proxy.act_first(&slow, &me).await["ply"].as_i64().unwrap();
        slow_game.acknowledged.push((ply - 1, 0, "a quiet move".into()));
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

    // Every acknowledged action stored once, at its ply, by its seat; no ply missing; each
    // computer move thought once.
    let logs: Vec<Log> = vec![
        ("a".into(), true, a.log()),
        ("b".into(), false, b.log()),
        ("w".into(), true, w.log()),
        ("w2".into(), false, w2.log()),
    ];
    games.push(slow_game);
    let tally = tally(&pool, &games, &logs).await;
    assert!(tally.problems.is_empty(), "{:#?}", tally.problems);
    let after_kill: usize = games.iter().map(|g| g.after_kill).sum();
    let proxied = nginx.requests();
    let served_by = |addr: &str| proxied.iter().filter(|l| l.ends_with(addr)).count();
    eprintln!(
        "{} games: {} actions acknowledged ({after_kill} after A was killed, {} unanswered), {} computer moves ({} thought again after a kill); nginx passed {} requests to A, {} to B",
        games.len(),
        tally.acknowledged,
        tally.unanswered,
        tally.computer_moves,
        tally.thought_again,
        served_by(&a_addr),
        served_by(&b_addr)
    );
    pool.close().await;
    b.terminate();
    w2.terminate();
    drop(nginx);
}
