//! The analysis board's routes: any position's moves (and a move tried from it), a finished
//! game's analysis whole, and the end of a game in data and in its PGN.

mod common;

use common::Client;
use serde_json::json;
use std::time::{Duration, Instant};

/// Plays fool's mate in a game where the creator holds both seats; the game's id.
async fn fools_mate(client: &Client) -> String {
    let (id, tokens) = client.both_seats("chess").await;
    for (i, mv) in ["f2f3", "e7e5", "g2g4", "d8h4"].into_iter().enumerate() {
        let (status, v) = client
            .post(
                &format!("/api/games/{id}/act"),
                Some(&tokens[i % 2]),
                json!({"ply": i, "action": mv}),
            )
            .await;
        assert_eq!(status, 200, "{mv}: {v}");
    }
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_position_gives_its_moves_and_a_move_tried() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let began = Instant::now();
    let (status, a) = client
        .post("/api/positions/moves", None, json!({"game": "chess", "fen": start}))
        .await;
    assert_eq!(status, 200, "{a}");
    let count: usize = a["moves"]
        .as_object()
        .unwrap()
        .values()
        .map(|m| m.as_array().unwrap().len())
        .sum();
    assert_eq!(count, 20, "{a}");
    assert!(
        a["moves"]["g1"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["san"] == "Nf3" && m["coordinates"] == "g1f3")
    );
    assert_eq!((a["check"].as_bool(), a["over"].as_bool()), (Some(false), Some(false)));
    // A move tried from it: the position after, Black to move.
    let (status, b) = client
        .post(
            "/api/positions/moves",
            None,
            json!({"game": "chess", "fen": start, "play": "e2e4"}),
        )
        .await;
    assert_eq!(status, 200, "{b}");
    assert_eq!(b["played"], "e4");
    assert_eq!(b["fen"].as_str().unwrap().split(' ').nth(1), Some("b"), "{b}");
    // Checkmate: no move, in check, over.
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let (_, c) = client
        .post("/api/positions/moves", None, json!({"game": "chess", "fen": mated}))
        .await;
    assert_eq!(
        (c["check"].as_bool(), c["over"].as_bool()),
        (Some(true), Some(true)),
        "{c}"
    );
    // The PieceEater's walk pending: its outcomes with odds that sum to one.
    let eater = "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1";
    let (status, d) = client
        .post(
            "/api/positions/moves",
            None,
            json!({"game": "pieceeater", "fen": eater, "play": "a2a3"}),
        )
        .await;
    assert_eq!(status, 200, "{d}");
    let chance = d["chance"].as_array().unwrap();
    assert!(!chance.is_empty(), "{d}");
    let total: f64 = chance.iter().map(|o| o["probability"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{d}");
    assert!(d["moves"].as_object().unwrap().is_empty(), "{d}");
    // One outcome picked: the walk done, Black to move.
    let step = format!(
        "{}-{}",
        chance[0]["from"].as_str().unwrap(),
        chance[0]["to"].as_str().unwrap()
    );
    let (status, walked) = client
        .post(
            "/api/positions/moves",
            None,
            json!({"game": "pieceeater", "fen": d["fen"], "play": step}),
        )
        .await;
    assert_eq!(status, 200, "{walked}");
    assert!(
        walked["chance"].as_array().unwrap().is_empty() && !walked["moves"].as_object().unwrap().is_empty(),
        "{walked}"
    );
    // A game's id stands for its rules (a variant file's game has no other name).
    let (id, _) = client.both_seats("calorie").await;
    let fen = client.state(&id, None).await["board"]["fen"].clone();
    let (status, e) = client
        .post("/api/positions/moves", None, json!({"game": id, "fen": fen}))
        .await;
    assert_eq!(status, 200, "{e}");
    assert!(!e["moves"].as_object().unwrap().is_empty(), "{e}");
    // A variant file's game: its id stands for its rules, for the moves and for an analysis.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/catalog/variants/chess.toml"
    ))
    .unwrap()
    .replacen("name = \"chess\"", "name = \"mine\"", 1);
    let own = client
        .create(json!({"variant": {"name": "mine.toml", "text": text}, "seats": [{"player": "me"}, {"player": "me"}]}))
        .await;
    let own_id = own["id"].as_str().unwrap();
    let (status, f) = client
        .post(
            "/api/positions/moves",
            None,
            json!({"game": own_id, "fen": start, "play": "g1f3"}),
        )
        .await;
    assert_eq!((status, f["played"].as_str()), (200, Some("Nf3")), "{f}");
    let (status, g) = client
        .post("/api/analysis", None, json!({"game": own_id, "fen": f["fen"]}))
        .await;
    assert_eq!(status, 200, "{g}");
    assert!(g["best_coordinates"].is_string(), "{g}");
    assert!(began.elapsed() < Duration::from_secs(10), "{:?}", began.elapsed());
    // Refusals, one line each.
    for (body, status, code) in [
        (json!({"game": "chess", "fen": "8/8/9/8 w - - 0 1"}), 400, "bad-setup"),
        (
            json!({"game": "chess", "fen": start, "play": "e2e5"}),
            400,
            "illegal-move",
        ),
        (
            json!({"game": "chess", "fen": start, "play": "zz"}),
            400,
            "illegal-move",
        ),
        (
            json!({"game": "pieceeater", "fen": d["fen"], "play": "e7e5"}),
            400,
            "chance-pending",
        ),
        (json!({"game": "nothing", "fen": start}), 404, "not-found"),
        (json!({"game": "chess", "fen": "x".repeat(5000)}), 400, "bad-setup"),
        (json!({"game": "chess"}), 400, "bad-json"),
    ] {
        let (got, e) = client.post("/api/positions/moves", None, body.clone()).await;
        assert_eq!((got, e["code"].as_str()), (status, Some(code)), "{body}: {e}");
        assert!(!e["error"].as_str().unwrap_or_default().contains('\n'), "{e}");
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_whole() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (live, _) = client.both_seats("chess").await;
    let (status, e) = client.get(&format!("/api/games/{live}/analysis"), None).await;
    assert_eq!((status, e["code"].as_str()), (409, Some("not-over")), "{e}");
    let id = fools_mate(&client).await;
    let began = Instant::now();
    let (status, a) = client.get(&format!("/api/games/{id}/analysis"), None).await;
    assert_eq!(status, 200, "{a}");
    assert!(began.elapsed() < Duration::from_secs(20), "{:?}", began.elapsed());
    let positions = a["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 5, "{a}");
    for p in &positions[..4] {
        assert!(
            p["white_cp"].is_i64() && p["engine"]["best_coordinates"].is_string(),
            "{p}"
        );
    }
    // Before Black's last move the engine sees the mate; the end is Black's win.
    assert_eq!(positions[3]["engine"]["best"], "Qh4#", "{a}");
    assert!(positions[3]["white_cp"].as_i64().unwrap() < -5000, "{a}");
    assert_eq!(positions[4]["white_cp"], -10000, "{a}");
    // Asked again, it is the same (kept).
    let (_, again) = client.get(&format!("/api/games/{id}/analysis"), None).await;
    assert_eq!(again, a);
    // The cafeteria (not over: the refusal says what it lacks first).
    let caf = client
        .create(json!({"game": "cafeteria", "seats": [{"player": "me"}, {"player": "random"}]}))
        .await;
    let cid = caf["id"].as_str().unwrap();
    let (status, e) = client.get(&format!("/api/games/{cid}/analysis"), None).await;
    assert_eq!((status, e["code"].as_str()), (400, Some("not-chess")), "{e}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_checkmate_says_so_and_its_pgn_names_everything() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let id = fools_mate(&client).await;
    let state = client.state(&id, None).await;
    assert_eq!(
        state["result"]["ending"],
        json!({"by": "rules", "outcome": {"winner": "black", "reason": "checkmate"}}),
        "{state}"
    );
    let (status, pgn) = client.get(&format!("/api/games/{id}/pgn"), None).await;
    assert_eq!(status, 200, "{pgn}");
    let pgn = pgn.as_str().unwrap();
    let site = format!("[Site \"{}\"]", running.addr);
    for tag in [
        "[White \"Anonymous\"]",
        "[Black \"Anonymous\"]",
        "[Event \"FIDE chess, casual game\"]",
        site.as_str(),
        "[Result \"0-1\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(!pgn.contains("\"?\"") && !pgn.contains("????"), "{pgn}");
    // The computer is named with its level, never by its specification.
    let made = client
        .create(json!({"game": "chess", "seats": [{"player": "me"}, {"player": "level=1"}]}))
        .await;
    let cid = made["id"].as_str().unwrap();
    client
        .post(
            &format!("/api/games/{cid}/resign"),
            made["tokens"][0]["token"].as_str(),
            json!({}),
        )
        .await;
    let (_, pgn) = client.get(&format!("/api/games/{cid}/pgn"), None).await;
    let pgn = pgn.as_str().unwrap();
    assert!(pgn.contains("[Black \"Computer (beginner, level 1)\"]"), "{pgn}");
    assert!(!pgn.contains("level=1"), "{pgn}");
    let (_, list) = client.get("/api/games?status=over", None).await;
    assert!(!list.to_string().contains("\"name\":\"level=1\""), "{list}");
    running.shutdown().await;
}
