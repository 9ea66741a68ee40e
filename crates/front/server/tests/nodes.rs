//! Two servers on one PostgreSQL serve one game: a person joins through the other server than
//! the game was made on, moves alternate between them, each server's WebSocket sees the moves
//! made on the other, both agree on the game and its clock, and a request at a ply the other
//! server has passed is refused as stale.

mod common;

use common::{Client, Socket};
use messhall_server::Running;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Two servers on one new PostgreSQL database, and a client of each; `None` without PostgreSQL.
async fn two_servers() -> Option<(Running, Running, Client, Client)> {
    let db = common::postgres_url()?;
    let (a, b) = (common::start(&db).await, common::start(&db).await);
    let (on_a, on_b) = (Client::new(a.addr), Client::new(b.addr));
    Some((a, b, on_a, on_b))
}

async fn stop(a: Running, b: Running) {
    a.shutdown().await;
    b.shutdown().await;
}

/// The next `moved` event on `socket`, and how long it took to come.
async fn next_move(socket: &mut Socket) -> (Value, Duration) {
    let started = Instant::now();
    loop {
        let event = common::next_event(socket, 5).await.expect("an event within 5 s");
        if event["type"] == "moved" {
            return (event, started.elapsed());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_database_serve_one_game() {
    let Some((a, b, on_a, on_b)) = two_servers().await else {
        return;
    };
    let created = on_a
        .create(json!({"game": "chess", "seats": [{"player": "me"}, {"player": "open"}],
                       "clock": {"base_ms": 600_000, "increment_ms": 0}}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let ann = created["tokens"][0]["token"].as_str().unwrap().to_string();
    let code = created["joins"][0]["code"].as_str().unwrap();

    // Joined through B, which had never held the game.
    let (status, joined) = on_b
        .post(
            &format!("/api/games/{id}/join"),
            None,
            json!({"code": code, "name": "Bea"}),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let bea = joined["token"].as_str().unwrap().to_string();
    let mut watch_a = common::connect_ws(a.addr, &id, None, 0).await;
    let mut watch_b = common::connect_ws(b.addr, &id, None, 0).await;

    // White moves through A, Black through B: each server acts on the game as stored, and the
    // other server's watchers see the move.
    let mut latencies = Vec::new();
    let mut ply = joined["state"]["ply"].as_i64().unwrap();
    for (i, san) in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"].iter().enumerate() {
        let (client, token) = if i % 2 == 0 { (&on_a, &ann) } else { (&on_b, &bea) };
        let (status, v) = client
            .post(
                &format!("/api/games/{id}/act"),
                Some(token),
                json!({"ply": ply, "action": san}),
            )
            .await;
        assert_eq!(status, 200, "{san} at ply {ply}: {v}");
        ply += 1;
        // Both servers' watchers see it; the far one's wait is the news's way round.
        let (near, far) = if i % 2 == 0 {
            (&mut watch_a, &mut watch_b)
        } else {
            (&mut watch_b, &mut watch_a)
        };
        let (event, took) = next_move(far).await;
        assert_eq!(event["san"], *san, "{event}");
        latencies.push(took);
        assert_eq!(next_move(near).await.0["san"], *san);
    }
    latencies.sort();
    eprintln!(
        "a move seen on the other server after: median {:?}, slowest {:?}",
        latencies[latencies.len() / 2],
        latencies[latencies.len() - 1]
    );
    assert!(latencies[latencies.len() - 1] < Duration::from_secs(1), "{latencies:?}");

    // Both servers hold the same game, clocks within a few ms of each other.
    let (sa, sb) = (on_a.state(&id, None).await, on_b.state(&id, None).await);
    for key in ["ply", "status", "fen"] {
        assert_eq!(sa[key], sb[key], "{key}: {sa} / {sb}");
    }
    let left = |s: &Value, seat: usize| s["clock"]["left_ms"][seat].as_i64().unwrap();
    for seat in 0..2 {
        assert!(
            (left(&sa, seat) - left(&sb, seat)).abs() < 1000,
            "clock {seat}: {sa} / {sb}"
        );
    }

    // A request at a ply the game has passed is refused, on either server, and changes nothing.
    let (status, v) = on_b
        .post(
            &format!("/api/games/{id}/act"),
            Some(&ann),
            json!({"ply": ply - 1, "action": "O-O"}),
        )
        .await;
    assert_eq!((status, v["code"].as_str()), (409, Some("stale-ply")), "{v}");
    // The seat's token taken on B works on A (the join's token hash reached A with the entries).
    let (status, v) = on_a
        .post(&format!("/api/games/{id}/resign"), Some(&bea), json!({}))
        .await;
    assert_eq!(status, 200, "{v}");
    let over = on_b.wait_over(&id, 5).await;
    assert_eq!(over["status"], "over", "{over}");
    stop(a, b).await;
}

/// A server that lost a race for a ply catches up and its next write goes through, where it
/// used to be refused at that ply again and again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_lost_a_race_acts_on_the_game_as_stored() {
    let Some((a, b, on_a, on_b)) = two_servers().await else {
        return;
    };
    let (id, tokens) = on_a.both_seats("chess").await;
    // B holds the game at ply 0, then A plays two moves.
    assert_eq!(on_b.state(&id, None).await["ply"], 0);
    for (i, san) in ["d4", "d5"].iter().enumerate() {
        let (status, v) = on_a
            .post(
                &format!("/api/games/{id}/act"),
                Some(&tokens[i]),
                json!({"ply": i, "action": san}),
            )
            .await;
        assert_eq!(status, 200, "{v}");
    }
    // Through B, White's third move at ply 2 is played on the game as stored.
    let (status, v) = on_b
        .post(
            &format!("/api/games/{id}/act"),
            Some(&tokens[0]),
            json!({"ply": 2, "action": "c4"}),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["ply"], 3, "{v}");
    assert_eq!(on_a.wait_ply(&id, 3).await["ply"], 3);
    stop(a, b).await;
}

/// Computer moves are jobs that either server's workers take: a game between two computers,
/// made on A, is played to its end with every move thought once, by one server or the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_computer_move_is_thought_once_by_either_server() {
    let Some((a, b, on_a, _)) = two_servers().await else {
        return;
    };
    // Games until there are moves enough for both servers to have taken some (a random
    // player is mated in a few moves now and then).
    let thought = |r: &Running| r.server.searches.load(std::sync::atomic::Ordering::Relaxed);
    let mut moves = 0;
    for _ in 0..5 {
        let created = on_a
            .create(json!({"game": "chess", "seats": [{"player": "depth=1"}, {"player": "random"}]}))
            .await;
        let id = created["id"].as_str().unwrap().to_string();
        let over = on_a.wait_over(&id, 120).await;
        assert_eq!(over["status"], "over", "{over}");
        moves += over["moves"].as_array().unwrap().len() as u64;
        let (_, _, entries) = a.server.store.load(&id).await.unwrap().unwrap();
        let plies: Vec<i64> = entries.iter().map(|e| e.ply).collect();
        assert_eq!(
            plies,
            (0..plies.len() as i64).collect::<Vec<_>>(),
            "every ply stored once"
        );
        if moves >= 30 {
            break;
        }
    }
    let (by_a, by_b) = (thought(&a), thought(&b));
    eprintln!("{moves} moves: {by_a} thought by A, {by_b} by B");
    assert_eq!(by_a + by_b, moves, "each move thought once");
    assert!(by_a > 0 && by_b > 0, "both servers' workers took jobs: {by_a} / {by_b}");
    stop(a, b).await;
}
