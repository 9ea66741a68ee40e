//! The browser UI's routes: the embedded bundle at `/`, the UI's page for its own paths, the API's
//! refusals kept under `/api/`; a game's positions for the replay; an analysis.

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
async fn the_bundle_is_kept_for_good_at_its_versioned_address_and_sent_compressed() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let get = |path: String, encoding: &'static str| {
        client
            .http
            .get(format!("{}{path}", client.base))
            .header("accept-encoding", encoding)
            .send()
    };
    let page = get("/game/0123".into(), "identity").await.unwrap();
    assert_eq!(page.headers()["cache-control"], "no-cache");
    let page = page.text().await.unwrap();
    let version = messhall_server::web::VERSION;
    for asset in ["app.js", "app.css", "pieces/white/chef.svg"] {
        let at = format!("/assets/{version}/{asset}");
        assert!(page.contains(&format!("\"{at}\"")), "index.html loads {at}: {page}");
        let resp = get(at.clone(), "identity").await.unwrap();
        assert_eq!(resp.status(), 200, "{at}");
        assert_eq!(
            resp.headers()["cache-control"],
            "public, max-age=31536000, immutable",
            "{at}"
        );
        assert_eq!(
            resp.bytes().await.unwrap().as_ref(),
            messhall_server::web::file(asset).unwrap()
        );
    }
    // The script and the API's JSON are compressed for a browser that takes brotli or gzip.
    for (path, encoding) in [
        (format!("/assets/{version}/app.js"), "br"),
        ("/app.js".to_string(), "gzip"),
        ("/api/variants".to_string(), "gzip, deflate, br"),
    ] {
        let resp = get(path.clone(), encoding).await.unwrap();
        assert_eq!(resp.status(), 200, "{path}");
        let sent = resp.headers()["content-encoding"].to_str().unwrap().to_string();
        assert!(encoding.contains(&sent), "{path}: {sent} for {encoding}");
        let size = resp.bytes().await.unwrap().len();
        if path.ends_with("app.js") {
            let whole = messhall_server::web::file("app.js").unwrap().len();
            assert!(size * 2 < whole, "{path}: {size} of {whole} bytes");
        }
    }
    // Another build's address gets this build's file, kept briefly; a file of no build is missing.
    let resp = get("/assets/0000000000000000/app.js".into(), "identity").await.unwrap();
    assert_eq!(
        (resp.status().as_u16(), &resp.headers()["cache-control"]),
        (200, &"public, max-age=300".parse().unwrap())
    );
    let resp = get(format!("/assets/{version}/nothing.js"), "identity").await.unwrap();
    assert_eq!(resp.status(), 404);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_gives_its_positions() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let made = client
        .create(json!({"game": "pieceeater", "seats": [{"player": "me"}, {"player": "random"}]}))
        .await;
    let id = made["id"].as_str().unwrap();
    let token = made["tokens"][0]["token"].as_str().unwrap();
    // While it is played: the boards so far, which everyone has seen (the seed is in none).
    let (status, body) = client.get(&format!("/api/games/{id}/positions"), None).await;
    assert_eq!(status, 200, "{body}");
    let so_far = body["positions"].as_array().unwrap();
    assert_eq!(so_far.len(), 1, "{body}");
    assert_eq!(so_far[0]["fen"], client.state(id, None).await["board"]["fen"]);
    assert!(!body.to_string().contains("seed"), "{body}");
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_carries_the_security_headers() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    for path in ["/", "/app.js", "/health", "/api/variants", "/api/nothing-here"] {
        let resp = client.http.get(format!("{}{path}", client.base)).send().await.unwrap();
        let headers = resp.headers();
        assert!(
            headers["content-security-policy"]
                .to_str()
                .unwrap()
                .contains("default-src 'self'"),
            "{path}"
        );
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_chess_game_has_lessons_played_by_its_rules() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    for game in ["chess", "foodfight", "calorie", "pieceeater", "friendly"] {
        let (status, list) = client.get(&format!("/api/lessons/{game}"), None).await;
        assert_eq!(status, 200, "{game}: {list}");
        let lessons = list["lessons"].as_array().unwrap();
        assert!(!lessons.is_empty(), "{game}");
        for lesson in lessons {
            for step in lesson["steps"].as_array().unwrap() {
                // Every passing move is one of the step's legal moves, and leads somewhere else.
                let legal: Vec<&str> = step["legal"]
                    .as_object()
                    .unwrap()
                    .values()
                    .flat_map(|moves| moves.as_array().unwrap())
                    .map(|m| m["coordinates"].as_str().unwrap())
                    .collect();
                for pass in step["pass"].as_array().unwrap() {
                    let c = pass["coordinates"].as_str().unwrap();
                    assert!(legal.contains(&c), "{game}: {c} not among {legal:?}");
                    assert_ne!(pass["board"]["fen"], step["board"]["fen"], "{game}: {c}");
                    assert!(!pass["good"].as_str().unwrap().is_empty());
                }
            }
        }
    }
    let (_, list) = client.get("/api/lessons/foodfight", None).await;
    assert_eq!(list["title"], "Food Fight chess");
    for name in ["nothing", "Cafeteria"] {
        let (status, e) = client.get(&format!("/api/lessons/{name}"), None).await;
        assert_eq!((status, e["code"].as_str()), (404, Some("not-found")), "{name}: {e}");
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cafeteria_has_lessons_played_by_its_rules_and_seeded_dice() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (status, list) = client.get("/api/lessons/cafeteria", None).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["title"], "Cafeteria Food Fight");
    let lessons = list["lessons"].as_array().unwrap();
    assert!(lessons.len() >= 2);
    let mut throws = 0;
    for lesson in lessons {
        for step in lesson["steps"].as_array().unwrap() {
            assert!(step["board"].is_null());
            let caf = &step["cafeteria"];
            assert!(caf["seed"].is_u64(), "{caf}");
            // The learner's student is to act, and its actions are a game's `legal`.
            assert_eq!(caf["legal"]["kind"], "student");
            assert_eq!(caf["legal"]["student"], caf["view"]["to_move"]);
            let open: Vec<&str> = caf["legal"]["actions"]
                .as_array()
                .unwrap()
                .iter()
                .chain(caf["legal"]["walks"].as_array().unwrap())
                .map(|a| a["text"].as_str().unwrap())
                .collect();
            for pass in step["pass"].as_array().unwrap() {
                let text = pass["coordinates"].as_str().unwrap();
                assert!(open.contains(&text), "{text} not among {open:?}");
                assert_ne!(pass["cafeteria"], caf["view"], "{text}");
                let happened: Vec<&str> = pass["happened"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|h| h.as_str().unwrap())
                    .collect();
                assert!(!happened.is_empty(), "{text}");
                if text.starts_with("throw ") {
                    throws += 1;
                    // The roll is told in the game's words.
                    assert!(happened.iter().any(|h| h.contains("2d6 = ")), "{happened:?}");
                }
            }
        }
    }
    assert!(throws >= 2, "{throws}");
    // Served twice, the same: the dice are the lesson's seed's.
    let (_, again) = client.get("/api/lessons/cafeteria", None).await;
    assert_eq!(again, list);
    running.shutdown().await;
}
