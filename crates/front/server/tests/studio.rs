//! The variant studio: an account publishes a variant file unlisted, another player opens it by
//! its id and plays it; versions are immutable (a new text is a new hash, the old one still
//! served and its games keep it); forks record where they came from; a private variant is 404 to
//! others, another's variant 403 to change, an anonymous publish 401; bad files are refused with
//! every fault; the public list searches; an account's variants and versions a day are bounded;
//! the editor's perft is bounded. On SQLite, and on PostgreSQL when `MESSHALL_TEST_POSTGRES` is
//! set.

mod common;

use common::{Browser, tiny};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A browser with an account named `name`.
async fn account(addr: std::net::SocketAddr, name: &str) -> (Browser, String) {
    let mut b = Browser::new(addr);
    let id = b.start().await;
    let (status, v) = b
        .post("/api/accounts", json!({"name": name, "password": "pickled radish"}))
        .await;
    assert_eq!(status, 201, "{v}");
    (b, id)
}

async fn code(b: &mut Browser, path: &str, body: Option<Value>) -> (u16, String) {
    let method = if body.is_some() {
        reqwest::Method::POST
    } else {
        reqwest::Method::GET
    };
    let (status, v) = b.send(method, path, body).await;
    (status, v["code"].as_str().unwrap_or("").to_string())
}

async fn studio_on(db: &str) {
    let running = common::start(db).await;
    let addr = running.addr;

    // Without an account nobody publishes.
    let mut stranger = Browser::new(addr);
    let publish = json!({"name": "Tiny", "text": tiny("N"), "visibility": "unlisted"});
    assert_eq!(
        code(&mut stranger, "/api/studio/variants", Some(publish.clone())).await,
        (401, "no-account".into())
    );
    stranger.start().await;
    assert_eq!(
        code(&mut stranger, "/api/studio/variants", Some(publish.clone())).await,
        (401, "no-account".into())
    );

    let (mut ann, ann_id) = account(addr, "Annie").await;

    // A bad file is refused with every fault where it is.
    let bad = tiny("N!").replace("betza = \"K\"", "betza = \"K?\"")
        + "\n[[piece]]\nletter = \"Q\"\nname = \"Queen\"\nbetza = \"Q#\"\n";
    let (status, v) = ann
        .post(
            "/api/studio/variants",
            json!({"name": "Tiny", "text": bad, "visibility": "unlisted"}),
        )
        .await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-variant")), "{v}");
    let problems = v["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 3, "{v}");
    assert!(problems.iter().all(|p| p["line"].as_u64().unwrap() > 0), "{v}");

    // Published unlisted: named by its text's SHA-256.
    let first = tiny("N");
    let (status, v) = ann.post("/api/studio/variants", publish.clone()).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let hash = sha256(&first);
    assert_eq!(v["latest"], hash.as_str());
    assert_eq!(v["current"]["short"], &hash[..12]);
    assert_eq!(v["current"]["text"], first.as_str());
    assert_eq!(v["title"], "Tiny Knights");
    assert_eq!(v["owner"]["id"], ann_id.as_str());
    assert_eq!(v["visibility"], "unlisted");
    assert_eq!(v["yours"], true);

    // Another player opens it by its id and plays it against the computer.
    let mut bob = Browser::new(addr);
    bob.start().await;
    let (status, v) = bob.get(&format!("/api/studio/variants/{id}")).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["yours"], false);
    let (status, created) = bob
        .post(
            "/api/games",
            json!({"studio": {"id": id, "version": &hash[..12]}, "seats": [{"player": "me"}, {"player": "level=1"}]}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_str().unwrap().to_string();
    let state = &created["state"];
    assert_eq!(state["board"]["files"], 5, "{state}");
    let action = common::first_action(state).unwrap();
    let (status, v) = bob
        .post(
            &format!("/api/games/{game}/act"),
            json!({"ply": state["ply"], "action": action}),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let (_, rules) = bob.get(&format!("/api/games/{game}/rules")).await;
    assert_eq!(rules["pieces"][1]["betza"], "N", "{rules}");

    // Only the owner changes it.
    let second = tiny("NW");
    for (path, body) in [
        ("versions", json!({"text": second})),
        ("visibility", json!({"visibility": "public"})),
    ] {
        let path = format!("/api/studio/variants/{id}/{path}");
        assert_eq!(
            code(&mut bob, &path, Some(body)).await,
            (403, "forbidden".into()),
            "{path}"
        );
    }

    // A new text is a new version; the old one is served as it was, and its game keeps it.
    let (status, v) = ann
        .post(&format!("/api/studio/variants/{id}/versions"), json!({"text": second}))
        .await;
    assert_eq!(status, 201, "{v}");
    let hash2 = sha256(&second);
    assert_ne!(hash, hash2);
    assert_eq!(v["latest"], hash2.as_str());
    assert_eq!(v["versions"].as_array().unwrap().len(), 2);
    assert_eq!(v["versions"][1]["hash"], hash.as_str());
    let (status, old) = bob
        .get(&format!("/api/studio/variants/{id}/versions/{}", &hash[..12]))
        .await;
    assert_eq!(status, 200, "{old}");
    assert_eq!(old["text"], first.as_str());
    assert_eq!(old["latest"], false);
    assert_eq!(
        code(
            &mut ann,
            &format!("/api/studio/variants/{id}/versions"),
            Some(json!({"text": second}))
        )
        .await,
        (409, "same-version".into())
    );
    let (_, rules) = bob.get(&format!("/api/games/{game}/rules")).await;
    assert_eq!(rules["pieces"][1]["betza"], "N", "{rules}");
    let (status, _) = bob.post(&format!("/api/games/{game}/resign"), json!({})).await;
    assert_eq!(status, 200);
    let (_, record) = bob.get(&format!("/api/games/{game}/record")).await;
    assert!(record.to_string().contains("betza = \\\"N\\\""), "{record}");
    // The database records the version the game was made from; its record replays alone.
    let store = messhall_server::Store::open(db).await.unwrap();
    assert_eq!(
        store.game_origin(&game).await.unwrap(),
        Some((id.clone(), hash.clone()))
    );
    store.close().await;
    let (_, origin) = bob.get(&format!("/api/games/{game}/studio")).await;
    assert_eq!(origin, json!({"variant": {"id": id, "version": hash}}));
    let (status, v) = bob.post("/api/games/import", json!({"record": record})).await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["state"]["status"], "over", "{v}");
    assert_eq!(
        code(
            &mut bob,
            &format!("/api/studio/variants/{id}/versions/{}", "0".repeat(12)),
            None
        )
        .await,
        (404, "not-found".into())
    );
    assert_eq!(
        code(&mut bob, &format!("/api/studio/variants/{id}/versions/xyz"), None).await,
        (400, "bad-version".into())
    );

    // Private: 404 to others, whatever they ask.
    let (status, _) = ann
        .post(
            &format!("/api/studio/variants/{id}/visibility"),
            json!({"visibility": "private"}),
        )
        .await;
    assert_eq!(status, 200);
    for path in [
        format!("/api/studio/variants/{id}"),
        format!("/api/studio/variants/{id}/versions/{hash2}"),
    ] {
        assert_eq!(code(&mut bob, &path, None).await, (404, "not-found".into()), "{path}");
    }
    let (status, v) = bob
        .post(
            "/api/games",
            json!({"studio": {"id": id, "version": hash2}, "seats": [{"player": "me"}, {"player": "random"}]}),
        )
        .await;
    assert_eq!((status, v["code"].as_str()), (404, Some("not-found")), "{v}");
    let (status, _) = ann.get(&format!("/api/studio/variants/{id}")).await;
    assert_eq!(status, 200);

    // A fork, by an account that may see it, records where it came from.
    ann.post(
        &format!("/api/studio/variants/{id}/visibility"),
        json!({"visibility": "public"}),
    )
    .await;
    assert_eq!(
        code(&mut bob, &format!("/api/studio/variants/{id}/fork"), Some(json!({}))).await,
        (401, "no-account".into())
    );
    let (status, v) = bob
        .post("/api/accounts", json!({"name": "Bobby", "password": "pickled radish"}))
        .await;
    assert_eq!(status, 201, "{v}");
    let (status, fork) = bob
        .post(
            &format!("/api/studio/variants/{id}/fork"),
            json!({"visibility": "unlisted"}),
        )
        .await;
    assert_eq!(status, 201, "{fork}");
    assert_eq!(fork["forked_from"], json!({"id": id, "version": hash2}));
    assert_eq!(fork["name"], "Tiny (fork)");
    assert_eq!(fork["latest"], hash2.as_str());
    assert_eq!(fork["yours"], true);
    let (_, mine) = bob.get("/api/me/variants").await;
    assert_eq!(mine["variants"].as_array().unwrap().len(), 1, "{mine}");
    assert_eq!(mine["variants"][0]["id"], fork["id"]);

    // The public list: the public one only (the fork is unlisted), by its words.
    let (status, v) = ann
        .post(
            "/api/studio/variants",
            json!({"name": "Another", "text": tiny("W").replace("Tiny Knights", "Wazir Land").replace("pocket", "small"), "visibility": "public"}),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    for (q, want) in [
        ("", 2),
        ("JUMPERS on a pocket", 1),
        ("wazir", 1),
        ("tiny", 1),
        ("100%", 0),
    ] {
        let (status, list) = stranger
            .get(&format!(
                "/api/studio/variants?q={}",
                q.replace(' ', "+").replace('%', "%25")
            ))
            .await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(list["total"], want, "{q}: {list}");
        assert_eq!(list["variants"].as_array().unwrap().len(), want as usize, "{q}");
    }
    let (_, list) = stranger.get("/api/studio/variants?q=wazir").await;
    assert_eq!(list["variants"][0]["name"], "Another");
    let (_, page) = stranger.get("/api/studio/variants?page=1").await;
    assert_eq!(page["variants"], json!([]));
    assert_eq!(page["total"], 2);
    let (status, _) = stranger.get("/api/studio/variants?page=-1").await;
    assert_eq!(status, 400);
    running.shutdown().await;
}

on_both_databases!(studio_on: the_studio_publishes_versions_forks_and_hides_on_sqlite, the_studio_publishes_versions_forks_and_hides_on_postgres);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_published_variant_is_a_casual_lobby_seek() {
    let running = common::start(&common::sqlite_url()).await;
    let (mut ann, _) = account(running.addr, "Annie").await;
    let (status, v) = ann
        .post(
            "/api/studio/variants",
            json!({"name": "Tiny", "text": tiny("N"), "visibility": "unlisted"}),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let hash = v["latest"].as_str().unwrap().to_string();
    let _lobby = ann.lobby().await;
    let seek = json!({"variant": {"id": id, "version": hash}, "colour": "white"});
    let (status, v) = ann
        .post(
            "/api/seeks",
            json!({"variant": {"id": id, "version": hash}, "rated": true}),
        )
        .await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-rated")), "{v}");
    let (status, v) = ann.post("/api/seeks", seek).await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["seek"]["game"], "Tiny");
    assert_eq!(v["seek"]["variant"], json!({"id": id, "version": hash}));
    let seek_id = v["seek"]["id"].as_str().unwrap().to_string();
    let mut bob = Browser::new(running.addr);
    bob.start().await;
    let (status, v) = bob.post(&format!("/api/seeks/{seek_id}/join"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    let game = v["game"].as_str().unwrap();
    let (_, state) = ann.get(&format!("/api/games/{game}")).await;
    assert_eq!(state["you"], 0, "{state}");
    assert_eq!(state["board"]["files"], 5, "{state}");
    // A private variant is not offered there.
    ann.post(
        &format!("/api/studio/variants/{id}/visibility"),
        json!({"visibility": "private"}),
    )
    .await;
    let (status, v) = ann
        .post("/api/seeks", json!({"variant": {"id": id, "version": hash}}))
        .await;
    assert_eq!((status, v["code"].as_str()), (400, Some("private-variant")), "{v}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editors_perft_counts_to_depth_three_within_its_bound() {
    let running = common::start(&common::sqlite_url()).await;
    let mut b = Browser::new(running.addr);
    let perft = |text: String, depth: u32| json!({"name": "t.toml", "text": text, "depth": depth});
    let (status, v) = b.post("/api/variants/perft", perft(tiny("N"), 3)).await;
    assert_eq!(status, 200, "{v}");
    let counts: Vec<u64> = serde_json::from_value(v["counts"].clone()).unwrap();
    assert_eq!(counts.len(), 3);
    // White: the Knight on a1 has b3 and c2, the King on e1 d1, d2 and e2.
    assert_eq!(counts[0], 5, "{v}");
    assert!(counts[1] > counts[0] && counts[2] > counts[1], "{v}");
    for depth in [0, 4] {
        let (status, v) = b.post("/api/variants/perft", perft(tiny("N"), depth)).await;
        assert_eq!((status, v["code"].as_str()), (400, Some("bad-depth")), "{v}");
    }
    // Twelve queens a side on 12x12: depth 2 is counted, depth 3 would expand too many.
    let queens = r#"name = "queens"
files = 12
ranks = 12
start = "k11/12/qqqqqqqqqqqq/12/12/12/12/12/12/QQQQQQQQQQQQ/12/K11 w - - 0 1"

[[piece]]
letter = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
letter = "Q"
name = "Queen"
betza = "Q"
"#;
    let (status, v) = b.post("/api/variants/perft", perft(queens.into(), 2)).await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = b.post("/api/variants/perft", perft(queens.into(), 3)).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("too-many-nodes")), "{v}");
    let (status, v) = b.post("/api/variants/perft", perft("files = 0".into(), 1)).await;
    assert_eq!((status, v["code"].as_str()), (400, Some("bad-variant")), "{v}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_publishes_fifty_variants_and_a_hundred_versions_a_day() {
    let running = common::start(&common::sqlite_url()).await;
    let (mut ann, _) = account(running.addr, "Annie").await;
    let titled = |n: usize| tiny("N").replace("Tiny Knights", &format!("Tiny Knights {n}"));
    let mut first = String::new();
    for n in 0..50 {
        let (status, v) = ann
            .post(
                "/api/studio/variants",
                json!({"name": format!("Tiny {n}"), "text": titled(n)}),
            )
            .await;
        assert_eq!(status, 201, "{n}: {v}");
        assert_eq!(v["visibility"], "private", "the default");
        if n == 0 {
            first = v["id"].as_str().unwrap().to_string();
        }
    }
    let (status, v) = ann
        .post("/api/studio/variants", json!({"name": "One more", "text": titled(50)}))
        .await;
    assert_eq!((status, v["code"].as_str()), (429, Some("too-many-published")), "{v}");
    // 50 versions made by the publishes; 50 more, then no more today.
    let version = |n: usize| json!({"text": titled(1000 + n)});
    for n in 0..50 {
        let (status, v) = ann
            .post(&format!("/api/studio/variants/{first}/versions"), version(n))
            .await;
        assert_eq!(status, 201, "{n}: {v}");
    }
    let (status, v) = ann
        .post(&format!("/api/studio/variants/{first}/versions"), version(50))
        .await;
    assert_eq!((status, v["code"].as_str()), (429, Some("too-many-versions")), "{v}");
    let (_, v) = ann.get(&format!("/api/studio/variants/{first}")).await;
    assert_eq!(v["versions"].as_array().unwrap().len(), 51);
    running.shutdown().await;
}
