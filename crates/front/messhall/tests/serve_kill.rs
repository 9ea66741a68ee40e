//! `messhall serve` killed with SIGKILL mid-game (computer seats thinking, clocks running) and
//! started again on the same database: every acknowledged action is there, nothing twice, every
//! game goes on, tokens still work, and the clocks did not run while the server was down. And a
//! `messhall worker` killed mid-think: another worker makes the move once its lease runs out.

mod common;

use common::{Api, Process};
use serde_json::json;
use std::time::Duration;

/// Starts `messhall serve` on a free port, thinking two computer moves at once.
fn serve(db: &str) -> (Process, String) {
    serve_with(db, "2")
}

/// Starts `messhall serve` thinking `ai_threads` computer moves at once.
fn serve_with(db: &str, ai_threads: &str) -> (Process, String) {
    common::serve(db, &["--ai-time", "0.05", "--ai-threads", ai_threads])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_every_game_on_sqlite() {
    let dir = std::env::temp_dir().join(format!("messhall-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let _ = std::fs::remove_file(dir.join("games.db"));
    kill_and_resume(&format!("sqlite:{}", dir.join("games.db").display())).await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The PostgreSQL URL from `MESSHALL_TEST_POSTGRES` (`scripts/test` sets it); without it the test
/// fails under CI and is skipped, loudly, elsewhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_every_game_on_postgres() {
    match std::env::var("MESSHALL_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => kill_and_resume(&common::fresh_postgres(&url, "messhall_serve_kill").await).await,
        _ if std::env::var_os("CI").is_some() => panic!("CI is set but MESSHALL_TEST_POSTGRES is not"),
        _ => eprintln!("SKIPPED: no PostgreSQL (set MESSHALL_TEST_POSTGRES=postgres://..., see scripts/postgres)"),
    }
}

async fn kill_and_resume(db: &str) {
    let (mut first, addr) = serve(db);
    let api = Api::at(&addr);
    let mut computers = Vec::new();
    for (game, a, b) in [
        ("foodfight", "depth=1", "depth=1"),
        ("friendly", "depth=1", "random"),
        ("calorie", "depth=1", "depth=1"),
    ] {
        let (status, v) = api
            .post(
                "/api/games",
                None,
                json!({"game": game, "seats": [{"player": a}, {"player": b}]}),
            )
            .await;
        assert_eq!(status, 201, "{v}");
        computers.push(v["id"].as_str().unwrap().to_string());
    }
    let (_, cafeteria) = api
        .post(
            "/api/games",
            None,
            json!({"game": "cafeteria", "seats": [{"player": "rules"}, {"player": "search"}, {"player": "random"}]}),
        )
        .await;
    computers.push(cafeteria["id"].as_str().unwrap().to_string());
    // A person against the computer, and two people on a clock.
    let (_, vs) = api
        .post(
            "/api/games",
            None,
            json!({"game": "chess", "seats": [{"player": "me"}, {"player": "level=1"}]}),
        )
        .await;
    let vs_id = vs["id"].as_str().unwrap().to_string();
    let me = vs["tokens"][0]["token"].as_str().unwrap().to_string();
    api.act_first(&vs_id, &me).await;
    let (_, clocked) = api
        .post("/api/games", None, json!({"game": "pieceeater", "seats": [{"player": "me"}, {"player": "me"}], "clock": {"base_ms": 60000, "increment_ms": 0}}))
        .await;
    let clocked_id = clocked["id"].as_str().unwrap().to_string();
    let ann = clocked["tokens"][0]["token"].as_str().unwrap().to_string();
    let bob = clocked["tokens"][1]["token"].as_str().unwrap().to_string();
    api.act_first(&clocked_id, &ann).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;

    let mut before = Vec::new();
    for id in computers.iter().chain([&vs_id, &clocked_id]) {
        before.push(api.get(&format!("/api/games/{id}")).await);
    }
    first.kill();
    tokio::time::sleep(Duration::from_secs(2)).await;

    // Black's clock may run from the restart on, however slow the checks below are on a busy
    // machine; the 2 s the server was down must not count.
    let restarted = std::time::Instant::now();
    let (mut second, addr) = serve(db);
    let api = Api::at(&addr);
    for old in &before {
        let id = old["id"].as_str().unwrap();
        let now = api.get(&format!("/api/games/{id}")).await;
        assert!(
            now["ply"].as_i64() >= old["ply"].as_i64(),
            "{id}: acknowledged entries lost"
        );
        let (old_moves, new_moves) = (old["moves"].as_array().unwrap(), now["moves"].as_array().unwrap());
        assert_eq!(
            &new_moves[..old_moves.len().min(new_moves.len())],
            &old_moves[..],
            "{id}: the moves as acknowledged, none twice"
        );
        assert!(now["event"].as_u64() >= old["event"].as_u64());
    }
    // The computers play on.
    for (old, id) in before.iter().zip(&computers) {
        if old["status"] == "over" {
            continue;
        }
        let mut moved = false;
        for _ in 0..100 {
            let now = api.get(&format!("/api/games/{id}")).await;
            if now["ply"].as_i64() > old["ply"].as_i64().map(|p| p + 1) || now["status"] == "over" {
                moved = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(moved, "game {id} did not go on after the restart");
    }
    // The clock did not run while the server was down: Black's time counts from the restart.
    let old_clock = &before[before.len() - 1]["clock"];
    let now = api.get(&format!("/api/games/{clocked_id}")).await;
    let (old_left, new_left) = (
        old_clock["left_ms"][1].as_u64().unwrap(),
        now["clock"]["left_ms"][1].as_u64().unwrap(),
    );
    let since_restart = u64::try_from(restarted.elapsed().as_millis()).unwrap();
    assert!(
        old_left.saturating_sub(new_left) < since_restart + 1000,
        "Black's clock ran while the server was down: {old_left} then {new_left}, {since_restart} ms after the restart"
    );
    assert_eq!(now["clock"]["running"], 1);
    // The tokens still work.
    api.act_first(&clocked_id, &bob).await;
    for _ in 0..100 {
        if api.get(&format!("/api/games/{vs_id}")).await["turn"]["seat"] == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    api.act_first(&vs_id, &me).await;

    // SIGTERM: a graceful stop.
    second.terminate();
}

/// `messhall worker` thinking `ai_time` seconds a move, one at a time.
fn worker(db: &str, ai_time: &str) -> Process {
    common::worker(db, &["--threads", "1", "--ai-time", ai_time])
}

/// A worker killed with SIGKILL while it thinks a move: its lease runs out and another worker
/// makes the move, within the lease and a second of the kill; the move is stored once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_workers_move_is_made_by_another_within_its_lease() {
    let url = match std::env::var("MESSHALL_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => url,
        _ if std::env::var_os("CI").is_some() => panic!("CI is set but MESSHALL_TEST_POSTGRES is not"),
        _ => {
            return eprintln!(
                "SKIPPED: no PostgreSQL (set MESSHALL_TEST_POSTGRES=postgres://..., see scripts/postgres)"
            );
        }
    };
    let db = common::fresh_postgres(&url, "messhall_worker_kill").await;
    // A node that thinks nothing itself, and a worker that thinks 30 s a move.
    let (mut node, addr) = serve_with(&db, "0");
    let mut slow = worker(&db, "30");
    let api = Api::at(&addr);
    let (id, me) = common::against(&api, "level=10").await;
    api.act_first(&id, &me).await;
    // The slow worker has claimed the computer's move.
    let pool = sqlx::PgPool::connect(&db).await.unwrap();
    let claimed = common::claimed_by(&pool, &id, 1, Duration::from_secs(5)).await;
    assert!(claimed.is_some(), "the worker did not claim the job");
    tokio::time::sleep(Duration::from_millis(500)).await;
    slow.kill();
    let mut quick = worker(&db, "0.1");
    let took = common::stored_within(&pool, &id, 1, Duration::from_secs(10)).await;
    let took = took.expect("no worker made the move after the kill");
    eprintln!("the move was made {took:?} after the worker was killed (lease 5 s)");
    assert!(took < Duration::from_secs(6), "{took:?}");
    let plies: Vec<(i64,)> = sqlx::query_as("SELECT ply FROM entries WHERE game_id = $1 ORDER BY ply")
        .bind(&id)
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(plies, vec![(0,), (1,)], "each ply stored once");
    pool.close().await;
    for child in [&mut quick, &mut node] {
        child.terminate();
    }
}
