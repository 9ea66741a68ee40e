//! The API through a real HTTP and WebSocket client against a server on the loopback, for each of
//! the five games, on SQLite and on PostgreSQL.

mod common;

use common::{Client, connect_ws, first_action, next_event};
use serde_json::{Value, json};

const CHESS_GAMES: [&str; 4] = ["foodfight", "calorie", "pieceeater", "friendly"];

/// A game's PGN as the server gives it.
async fn pgn_of(client: &Client, id: &str) -> String {
    let answer = client
        .http
        .get(format!("{}/api/games/{id}/pgn", client.base))
        .send()
        .await;
    answer.unwrap().text().await.unwrap()
}

/// Two computers play a game to its end; the WebSocket sees every event, numbered from 1 with
/// no gap, the last the end; the record and (for chess) the PGN replay when imported.
async fn computers_play_to_the_end(client: &Client, addr: std::net::SocketAddr, game: &str) {
    let seats = if game == "cafeteria" {
        json!([{"player": "random"}, {"player": "rules"}])
    } else {
        json!([{"player": "depth=1"}, {"player": "random"}])
    };
    let created = client.create(json!({"game": game, "seats": seats})).await;
    let id = created["id"].as_str().unwrap().to_string();
    assert!(created["state"]["seed"].is_null(), "the seed is secret until the end");
    let mut socket = connect_ws(addr, &id, None, 0).await;
    let mut expected = 1;
    loop {
        let event = next_event(&mut socket, 120)
            .await
            .unwrap_or_else(|| panic!("{game}: no event {expected}"));
        assert_eq!(event["n"], expected, "{game}: events in order without gaps");
        expected += 1;
        if event["type"] == "ended" {
            break;
        }
    }
    let state = client.wait_over(&id, 10).await;
    assert!(state["seed"].is_string(), "{game}: the seed is shown once over");
    assert_eq!(state["legal"]["kind"], "nothing");
    let (status, record) = client.get(&format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let (status, imported) = client.post("/api/games/import", None, json!({"record": record})).await;
    assert_eq!(status, 201, "{game}: {imported}");
    assert_eq!(imported["state"]["status"], "over");
    assert_eq!(
        imported["state"]["result"], state["result"],
        "{game}: the imported record ends alike"
    );
    assert_eq!(imported["state"]["board"], state["board"]);
    // Created without `listed`: found by its link only.
    let (_, list) = client.get("/api/games?status=over&limit=200", None).await;
    assert!(
        !list["games"].as_array().unwrap().iter().any(|g| g["id"] == id.as_str()),
        "{game}: an unlisted game is listed"
    );
    if game != "cafeteria" {
        let pgn = pgn_of(client, &id).await;
        let (status, again) = client.post("/api/games/import", None, json!({"pgn": pgn})).await;
        assert_eq!(status, 201, "{game}: {again}");
        assert_eq!(
            again["state"]["board"], state["board"],
            "{game}: the PGN replays to the same board"
        );
    }
}

/// Two people: one creates, the other joins by code; they play a few actions, a draw is offered,
/// declined, offered and accepted; a take-back is asked for and granted.
async fn people_play_and_agree_a_draw(client: &Client, game: &str) {
    let created = client
        .create(json!({"game": game, "seats": [{"player": "me", "name": "ann"}, {"player": "open"}], "listed": true}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let ann = created["tokens"][0]["token"].as_str().unwrap().to_string();
    let code = created["joins"][0]["code"].as_str().unwrap().to_string();
    assert_eq!(created["state"]["status"], "waiting");
    // Nothing is played before every seat is taken.
    if let Some(action) = first_action(&client.state(&id, Some(&ann)).await) {
        let (status, v) = client
            .post(
                &format!("/api/games/{id}/act"),
                Some(&ann),
                json!({"ply": 0, "action": action}),
            )
            .await;
        assert_eq!((status, v["code"].as_str()), (409, Some("waiting")), "{v}");
    }
    let (status, joined) = client
        .post(
            &format!("/api/games/{id}/join"),
            None,
            json!({"code": code, "name": "bob"}),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let bob = joined["token"].as_str().unwrap().to_string();
    // The code is single-use.
    let (status, _) = client
        .post(&format!("/api/games/{id}/join"), None, json!({"code": code}))
        .await;
    assert_eq!(status, 403);
    let tokens = [ann.clone(), bob.clone()];
    for _ in 0..4 {
        let state = client.state(&id, None).await;
        let seat = state["turn"]["seat"].as_u64().unwrap() as usize;
        client.play_first(&id, &tokens[seat]).await;
    }
    // A take-back between people: asked, then granted by the other.
    let state = client.state(&id, None).await;
    let to_act = state["turn"]["seat"].as_u64().unwrap() as usize;
    // The one who acted last asks (in the cafeteria game a player may act twice in a row).
    let mut asker = 1 - to_act;
    let (mut status, mut v) = client
        .post(
            &format!("/api/games/{id}/takeback/request"),
            Some(&tokens[asker]),
            json!({}),
        )
        .await;
    if status == 409 && v["code"] == "nothing-to-take-back" {
        asker = to_act;
        (status, v) = client
            .post(
                &format!("/api/games/{id}/takeback/request"),
                Some(&tokens[asker]),
                json!({}),
            )
            .await;
    }
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["takeback_request"], asker);
    let (status, v) = client
        .post(
            &format!("/api/games/{id}/takeback/accept"),
            Some(&tokens[1 - asker]),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["turn"]["seat"], asker, "{game}: the asker is to act again");
    // A draw: offered, declined, offered, accepted.
    let (status, v) = client
        .post(&format!("/api/games/{id}/draw/offer"), Some(&ann), json!({}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["draw_offers"], json!([0]));
    let (status, _) = client
        .post(&format!("/api/games/{id}/draw/decline"), Some(&bob), json!({}))
        .await;
    assert_eq!(status, 200);
    let (status, _) = client
        .post(&format!("/api/games/{id}/draw/offer"), Some(&bob), json!({}))
        .await;
    assert_eq!(status, 200);
    let (status, v) = client
        .post(&format!("/api/games/{id}/draw/accept"), Some(&ann), json!({}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["status"], "over");
    assert_eq!(v["result"]["ending"]["by"], "agreed");
    let (_, list) = client.get("/api/games?status=finished&player=bob", None).await;
    assert!(
        list["games"].as_array().unwrap().iter().any(|g| g["id"] == id.as_str()),
        "{list}"
    );
    // The game had a take-back (the dice moved to a fresh stream where rolls were taken back):
    // its record still replays to the same game.
    let state = client.state(&id, None).await;
    let (status, record) = client.get(&format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let (status, imported) = client.post("/api/games/import", None, json!({"record": record})).await;
    assert_eq!(status, 201, "{game}: {imported}");
    assert_eq!(imported["state"]["board"], state["board"], "{game}: the record replays");
    let (_, ongoing) = client.get("/api/games?status=ongoing&player=bob", None).await;
    assert!(
        !ongoing["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()),
        "{ongoing}"
    );
}

/// A person against the computer: the computer answers, a take-back is granted at once with its
/// reply, and resigning ends the game.
async fn person_against_the_computer_resigns(client: &Client, game: &str) {
    let created = client
        .create(json!({"game": game, "seats": [{"player": "me"}, {"player": "depth=1"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let me = created["tokens"][0]["token"].as_str().unwrap().to_string();
    client.play_first(&id, &me).await;
    let state = client.wait_ply(&id, 2).await;
    let moves = state["moves"].as_array().unwrap().len();
    assert!(moves >= 2, "{state}");
    let (status, v) = client
        .post(&format!("/api/games/{id}/takeback/request"), Some(&me), json!({}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert!(
        v["moves"].as_array().unwrap().len() < moves,
        "{game}: the computer's reply and my move went"
    );
    assert_eq!(v["turn"]["seat"], 0);
    let (status, v) = client
        .post(&format!("/api/games/{id}/resign"), Some(&me), json!({}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"]["ending"]["by"], "resigned");
    assert_eq!(v["result"]["scores"], json!([0.0, 1.0]));
}

async fn suite(db: &str) {
    let running = common::start(db).await;
    let client = Client::new(running.addr);
    let (status, health) = client.get("/health", None).await;
    assert_eq!((status, health["status"].as_str()), (200, Some("ok")));
    let mut work = Vec::new();
    for game in [
        "chess",
        "calorie",
        "pieceeater",
        "pieceeater-steered",
        "cafeteria",
        "foodfight",
        "friendly",
    ] {
        let (c, a) = (client.clone(), running.addr);
        work.push(tokio::spawn(
            async move { computers_play_to_the_end(&c, a, game).await },
        ));
    }
    for game in CHESS_GAMES.iter().chain(&["cafeteria"]) {
        let c = client.clone();
        work.push(tokio::spawn(
            async move { people_play_and_agree_a_draw(&c, game).await },
        ));
    }
    for game in CHESS_GAMES {
        let c = client.clone();
        work.push(tokio::spawn(async move {
            person_against_the_computer_resigns(&c, game).await
        }));
    }
    for w in work {
        w.await.unwrap();
    }
    running.shutdown().await;
}

on_both_databases!(suite: the_five_games_over_http_and_websocket_on_sqlite, the_five_games_over_http_and_websocket_on_postgres);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variants_metadata_for_every_game() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (status, list) = client.get("/api/variants", None).await;
    assert_eq!(status, 200);
    // The computer's levels, each with its name and sentence, and the one a newcomer is offered.
    let levels = list["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 10);
    assert_eq!(levels[0]["name"], "beginner");
    assert!(
        levels
            .iter()
            .all(|l| l["description"].as_str().is_some_and(|d| d.len() > 20))
    );
    assert!((1..=10).contains(&list["default_level"].as_u64().unwrap()));
    // The computer is shown by its level's name, not by its specification, here and in the PGN.
    let created = client
        .create(json!({"game": "chess", "seats": [{"player": "me"}, {"player": "level=1"}]}))
        .await;
    assert_eq!(created["state"]["seats"][1]["name"], "Computer (beginner, level 1)");
    assert_eq!(created["state"]["seats"][1]["player"], "level=1");
    let id = created["id"].as_str().unwrap();
    let me = created["tokens"][0]["token"].as_str().unwrap();
    let (status, _) = client
        .post(&format!("/api/games/{id}/resign"), Some(me), json!({}))
        .await;
    assert_eq!(status, 200);
    client.wait_over(id, 10).await;
    let pgn = pgn_of(&client, id).await;
    assert!(pgn.contains("[Black \"Computer (beginner, level 1)\"]"), "{pgn}");
    let names: Vec<&str> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for game in CHESS_GAMES.iter().chain(&["cafeteria"]) {
        assert!(names.contains(game), "{names:?}");
        let (status, rules) = client.get(&format!("/api/variants/{game}"), None).await;
        assert_eq!(status, 200, "{rules}");
        // The rules in prose: each game's own, naming its pieces (or students).
        let prose = rules["rules_text"].as_str().unwrap_or_default();
        assert!(prose.contains("\n## "), "{game}: no rules text: {rules}");
        if *game == "cafeteria" {
            assert!(prose.contains("Lennie"), "{prose}");
            assert_eq!(rules["options"].as_array().unwrap().len(), 4);
        } else {
            let pieces = rules["pieces"].as_array().unwrap();
            assert!(
                pieces.iter().all(|p| p["betza"].is_string() && p["name"].is_string()),
                "{rules}"
            );
            // Most pieces go somewhere standing alone (a cannon or a Friend needs others).
            let alone = pieces
                .iter()
                .filter(|p| p["reach"]["both"].as_array().is_some_and(|b| !b.is_empty()))
                .count();
            assert!(alone * 2 > pieces.len(), "{game}: {rules}");
            // Every piece in plain words; the moves that need another piece shown by example.
            assert!(
                pieces
                    .iter()
                    .all(|p| p["description"].as_str().is_some_and(|d| d.len() > 10)),
                "{rules}"
            );
            let needs: Vec<&str> = pieces
                .iter()
                .flat_map(|p| p["examples"].as_array().unwrap())
                .map(|e| e["need"].as_str().unwrap())
                .collect();
            let neutral = rules["neutral"]["description"].as_str();
            let mut kinds = needs.clone();
            kinds.sort();
            kinds.dedup();
            match *game {
                "foodfight" => assert_eq!(kinds, ["en-passant", "hurdle"]),
                "friendly" => assert_eq!(kinds, ["attacker", "en-passant", "lender", "partner", "target"]),
                _ => assert_eq!(needs, ["en-passant", "castling"], "{game}"),
            }
            assert_eq!(
                neutral.is_some_and(|d| d.contains("eats")),
                game.starts_with("pieceeater"),
                "{rules}"
            );
        }
    }
    let (status, _) = client.get("/api/variants/nonsense", None).await;
    assert_eq!(status, 404);
    // A variant file: checked, then played.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/catalog/variants/chess.toml"
    ))
    .unwrap();
    let (status, rules) = client
        .post("/api/variants/check", None, json!({"name": "mine.toml", "text": text}))
        .await;
    assert_eq!(status, 200, "{rules}");
    assert!(
        rules["rules_text"].is_null(),
        "a file without rules_text has none: {rules}"
    );
    // A file named like a built-in gets its own prose, not the built-in's.
    let with_prose = text.replacen(
        "name = \"chess\"",
        "name = \"chess\"\nrules_text = \"## Mine\\n\\nMy **own** rules.\"",
        1,
    );
    let (status, mine) = client
        .post(
            "/api/variants/check",
            None,
            json!({"name": "chess.toml", "text": with_prose}),
        )
        .await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["rules_text"], "## Mine\n\nMy **own** rules.");
    let created = client
        .create(
            json!({"variant": {"name": "mine.toml", "text": text}, "seats": [{"player": "me"}, {"player": "random"}]}),
        )
        .await;
    assert_eq!(created["state"]["board"]["files"], 8);
    // Its page reads the file's pieces with their words from the game.
    let (status, own) = client
        .get(&format!("/api/games/{}/rules", created["id"].as_str().unwrap()), None)
        .await;
    assert_eq!(status, 200, "{own}");
    assert_eq!(own["pieces"][1]["name"], "Knight");
    assert_eq!(own["pieces"][1]["description"], "leaps like a knight");
    let (status, _) = client.get("/api/games/nonsense/rules", None).await;
    assert_eq!(status, 404);
    let (status, bad) = client
        .post(
            "/api/variants/check",
            None,
            json!({"name": "bad.toml", "text": "files = 99"}),
        )
        .await;
    assert_eq!((status, bad["code"].as_str()), (400, Some("bad-variant")), "{bad}");
    // Five independent faults: five problems, each with its field, line and column.
    let five = include_str!("../../../games/catalog/tests/rejected/five-faults.toml");
    let (status, faults) = client
        .post("/api/variants/check", None, json!({"name": "five.toml", "text": five}))
        .await;
    assert_eq!(
        (status, faults["code"].as_str()),
        (400, Some("bad-variant")),
        "{faults}"
    );
    let mut places: Vec<(u64, u64, String)> = faults["problems"]
        .as_array()
        .unwrap_or_else(|| panic!("no problems: {faults}"))
        .iter()
        .map(|p| {
            assert!(p["message"].as_str().is_some_and(|m| !m.is_empty()), "{p}");
            (
                p["line"].as_u64().unwrap_or(0),
                p["column"].as_u64().unwrap_or(0),
                p["field"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    places.sort();
    let lines: Vec<(u64, &str)> = places.iter().map(|(l, _, f)| (*l, f.as_str())).collect();
    assert_eq!(
        lines,
        [
            (25, "piece[3].letter"),
            (32, "piece[4].betza"),
            (39, "piece[5].value"),
            (42, "promotion[0].rank"),
            (46, "end.repetitions")
        ],
        "{faults}"
    );
    assert!(places.iter().all(|p| p.1 == 1), "{faults}");
    let (status, big) = client
        .post(
            "/api/variants/check",
            None,
            json!({"name": "big.toml", "text": "#".repeat(40_000)}),
        )
        .await;
    assert_eq!((status, big["code"].as_str()), (400, Some("bad-variant")), "{big}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_openapi_document_matches_the_routes() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let (status, doc) = client.get("/api/openapi.json", None).await;
    assert_eq!(status, 200);
    assert_eq!(doc, serde_json::to_value(messhall_server::openapi::document()).unwrap());
    let paths = doc["paths"].as_object().unwrap();
    // The router and the document are made by one list (`openapi::routes`); these are the routes
    // the web app and the clients call.
    assert_eq!(
        paths.values().map(|ops| ops.as_object().unwrap().len()).sum::<usize>(),
        67
    );
    for (path, ops) in paths {
        let concrete = path.replace("{id}", "0123").replace("{name}", "chess");
        for method in ops.as_object().unwrap().keys() {
            let url = format!("{}{concrete}", client.base);
            let resp = match method.as_str() {
                "get" => client.http.get(&url).send().await.unwrap(),
                "post" => client.http.post(&url).json(&json!({})).send().await.unwrap(),
                other => panic!("{other}"),
            };
            let status = resp.status().as_u16();
            let body: Value = resp.json().await.unwrap_or(Value::Null);
            assert!(
                status != 405 && body["code"] != "no-route",
                "{method} {path}: {status} {body}"
            );
        }
        // A method the document does not list is refused as such.
        if !ops.as_object().unwrap().contains_key("get") {
            let (status, body) = client
                .get(&path.replace("{id}", "0123").replace("{name}", "chess"), None)
                .await;
            assert_eq!(
                (status, body["code"].as_str()),
                (405, Some("method-not-allowed")),
                "{path}"
            );
        }
    }
    let (status, body) = client.get("/api/nothing-here", None).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("no-route")));
    running.shutdown().await;
}

/// A cafeteria walk over HTTP: offered with its path, sent as one action, stored as one entry and
/// played whole; a walk whose second step is no step is refused whole with a one-line reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cafeteria_walk_is_one_request_played_whole_or_refused_whole() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);
    let created = client
        .create(json!({"game": "cafeteria", "seats": [{"player": "me"}, {"player": "me"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let seat = created["state"]["turn"]["seat"].as_u64().unwrap() as usize;
    let token = created["tokens"][seat]["token"].as_str().unwrap().to_string();
    let act = |ply: &Value, action: &str| json!({"ply": ply, "action": action});
    let route = format!("/api/games/{id}/act");
    // The Food Line first; the rest of the turn is walking.
    let state = client.state(&id, Some(&token)).await;
    let line = state["legal"]["actions"][0]["text"].as_str().unwrap();
    let (status, state) = client.post(&route, Some(&token), act(&state["ply"], line)).await;
    assert_eq!(status, 200, "{state}");
    let student = state["legal"]["student"].clone();
    let me = |s: &Value| {
        s["cafeteria"]["students"]
            .as_array()
            .unwrap()
            .iter()
            .find(|st| st["id"] == student)
            .unwrap()["square"]
            .clone()
    };
    let from = me(&state);
    let walks = state["legal"]["walks"].as_array().unwrap();
    let walk = walks
        .iter()
        .max_by_key(|w| w["path"].as_array().unwrap().len())
        .unwrap();
    assert!(walk["path"].as_array().unwrap().len() > 2, "{walk}");
    // A walk that leaves its path after the first step: refused, nothing changed.
    let first = walk["text"].as_str().unwrap().split(' ').nth(1).unwrap();
    let last = walk["text"].as_str().unwrap().rsplit(' ').next().unwrap();
    let (status, refused) = client
        .post(
            &route,
            Some(&token),
            act(&state["ply"], &format!("move {first} {last}")),
        )
        .await;
    assert_eq!(status, 400, "{refused}");
    let why = refused["message"].as_str().unwrap();
    assert!(why.contains("step 2 of the walk"), "{why}");
    assert!(!why.contains('\n'), "{why}");
    let same = client.state(&id, Some(&token)).await;
    assert_eq!((same["ply"].clone(), me(&same)), (state["ply"].clone(), from));
    // The walk itself: one request, one entry, the student on its square.
    let (status, after) = client
        .post(&route, Some(&token), act(&state["ply"], walk["text"].as_str().unwrap()))
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["ply"].as_i64().unwrap(), state["ply"].as_i64().unwrap() + 1);
    assert_eq!(me(&after), walk["to"]);
    // Its words and the names behind them come from the rules' data.
    assert!(walk["words"].as_str().unwrap().starts_with("walk to "), "{walk}");
    let (_, rules) = client.get(&format!("/api/games/{id}/rules"), None).await;
    assert_eq!(rules["foods"].as_array().unwrap().len(), 99);
    assert_eq!(rules["tables"][0], "Table A");
    running.shutdown().await;
}
