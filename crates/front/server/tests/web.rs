//! The browser UI's routes: the embedded bundle at `/`, the UI's page for its own paths, the API's
//! refusals kept under `/api/`; piece diagrams from the move generator; a finished game's
//! positions for the replay.

mod common;

use common::Client;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ui_is_served_with_its_routes() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    for path in ["/", "/game/0123", "/rules/foodfight", "/join/a/b"] {
        let resp = client.http.get(format!("{}{path}", client.base)).send().await.unwrap();
        assert_eq!(resp.status(), 200, "{path}");
        assert_eq!(resp.headers()["content-type"], "text/html; charset=utf-8", "{path}");
        assert!(resp.text().await.unwrap().contains("/app.js"), "{path}");
    }
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/pieces/white/chef.svg", "image/svg+xml"),
    ] {
        let resp = client.http.get(format!("{}{path}", client.base)).send().await.unwrap();
        assert_eq!(resp.status(), 200, "{path}");
        assert!(
            resp.headers()["content-type"].to_str().unwrap().starts_with(kind),
            "{path}"
        );
        assert_eq!(
            resp.bytes().await.unwrap().as_ref(),
            messhall_server::web::file(&path[1..]).unwrap(),
            "{path}"
        );
    }
    // A missing file is not the page; the API's refusals stay JSON.
    let (status, body) = client.get("/pieces/white/nothing.svg", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("not-found")));
    let (status, body) = client.get("/api/nothing-here", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("no-route")));
    let (status, body) = client.post("/", None, json!({})).await;
    assert_eq!((status, body["code"].as_str()), (405, Some("method-not-allowed")));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn piece_diagrams_come_from_the_move_generator() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    // A Rook on d4 of 8x8: 14 squares, the same for moving and capturing.
    let (status, d) = client.get("/api/variants/chess/diagram/R", None).await;
    assert_eq!(status, 200, "{d}");
    assert_eq!(d["from"], "d4");
    assert_eq!(d["moves"].as_array().unwrap().len(), 14, "{d}");
    assert_eq!(
        d["captures"].as_array().unwrap().len(),
        4,
        "{d}: a crowded board stops the Rook at once"
    );
    // A Knight's eight leaps, and a Pawn that moves ahead but captures aside.
    let (_, n) = client.get("/api/variants/chess/diagram/n", None).await;
    assert_eq!(n["moves"].as_array().unwrap().len(), 8, "{n}");
    let (_, p) = client.get("/api/variants/chess/diagram/P", None).await;
    assert_eq!(p["moves"], json!(["d5"]), "{p}");
    assert_eq!(p["captures"], json!(["c5", "e5"]), "{p}");
    // Food Fight's 12x12 board puts the piece on f6.
    let (_, f) = client.get("/api/variants/foodfight/diagram/K", None).await;
    assert_eq!((f["files"].as_u64(), f["from"].as_str()), (Some(12), Some("f6")));
    for (path, code) in [
        ("/api/variants/nothing/diagram/K", "not-found"),
        ("/api/variants/chess/diagram/Z", "not-found"),
        ("/api/variants/chess/diagram/KQ", "not-found"),
        ("/api/variants/cafeteria/diagram/K", "not-found"),
    ] {
        let (status, body) = client.get(path, None).await;
        assert_eq!((status, body["code"].as_str()), (404, Some(code)), "{path}: {body}");
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_gives_its_positions() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let made = client
        .create(json!({"game": "pieceeater", "seats": [{"player": "me"}, {"player": "random"}]}))
        .await;
    let id = made["id"].as_str().unwrap();
    let token = made["tokens"][0]["token"].as_str().unwrap();
    let (status, body) = client.get(&format!("/api/games/{id}/positions"), None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("not-over")),
        "the dice are secret"
    );
    client.play_first(id, token).await;
    client.wait_ply(id, 2).await;
    let (status, _) = client
        .post(&format!("/api/games/{id}/resign"), Some(token), json!({}))
        .await;
    assert_eq!(status, 200);
    let state = client.state(id, None).await;
    let (status, body) = client.get(&format!("/api/games/{id}/positions"), None).await;
    assert_eq!(status, 200, "{body}");
    let positions = body["positions"].as_array().unwrap();
    assert_eq!(
        positions[0]["fen"].as_str().unwrap(),
        "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1"
    );
    assert_eq!(positions.last().unwrap()["action"], "resign");
    assert_eq!(
        positions.last().unwrap()["fen"],
        state["board"]["fen"],
        "the last position is the game's"
    );
    assert!(positions.len() >= 4, "{body}");
    // The cafeteria has no chess positions.
    let caf = client
        .create(json!({"game": "cafeteria", "seats": [{"player": "me"}, {"player": "random"}]}))
        .await;
    let cid = caf["id"].as_str().unwrap();
    client
        .post(
            &format!("/api/games/{cid}/resign"),
            caf["tokens"][0]["token"].as_str(),
            json!({}),
        )
        .await;
    let (status, body) = client.get(&format!("/api/games/{cid}/positions"), None).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("not-chess")), "{body}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_gives_the_engines_line() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    // White mates in one: the engine finds it and says so.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let (status, a) = client
        .post("/api/analysis", None, json!({"game": "chess", "fen": fen}))
        .await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["best"], "Ra8#", "{a}");
    assert!(a["depth"].as_u64().unwrap() >= 1, "{a}");
    for (body, code) in [
        (json!({"game": "chess", "fen": "8/8/9/8 w - - 0 1"}), "bad-setup"),
        (json!({"game": "nothing", "fen": fen}), "not-found"),
        (json!({"game": "chess"}), "bad-json"),
    ] {
        let (_, e) = client.post("/api/analysis", None, body.clone()).await;
        assert_eq!(e["code"], code, "{body}: {e}");
    }
    running.shutdown().await;
}
