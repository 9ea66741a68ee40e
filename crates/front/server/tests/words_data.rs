//! What the UI words and draws without rules of its own: each Friend's lenders in the board view,
//! and the names, victims and causes in a move's events.

mod common;

use common::Client;
use serde_json::{Value, json};

/// A game of two people from `fen`; its id and the tokens of White and Black.
async fn game(client: &Client, name: &str, fen: &str) -> (String, String, String) {
    let made = client
        .create(json!({"game": name, "fen": fen, "seats": [{"player": "me"}, {"player": "me"}]}))
        .await;
    let token = |i: usize| made["tokens"][i]["token"].as_str().unwrap().to_string();
    (made["id"].as_str().unwrap().to_string(), token(0), token(1))
}

fn piece<'a>(state: &'a Value, square: &str) -> &'a Value {
    state["board"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["square"] == square)
        .unwrap_or_else(|| panic!("no piece on {square}: {state}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friends_lenders_and_a_moves_names_reach_the_client() {
    let running = common::start(&common::sqlite_url()).await;
    let client = Client::new(running.addr);

    // The Caliph on d4 guards the Friend on f6, which lends the Caliph's moves on to g7.
    let (id, _, _) = game(
        &client,
        "friendly",
        "12/11f/12/12/12/6F5/5F6/12/3C8/12/12/11f w - - 0 1",
    )
    .await;
    let state = client.state(&id, None).await;
    assert_eq!(
        piece(&state, "f6")["borrows"],
        json!([{"square": "d4", "name": "Caliph", "lends": ["Caliph"]}])
    );
    assert_eq!(
        piece(&state, "g7")["borrows"],
        json!([{"square": "f6", "name": "Friend", "lends": ["Caliph"]}])
    );
    assert_eq!(piece(&state, "l11")["borrows"], json!([]));
    assert!(piece(&state, "d4").get("borrows").is_none(), "{state}");

    // A capture: the mover and the victim by name, the victim captured.
    let (id, white, _) = game(&client, "chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").await;
    let (status, after) = client
        .post(
            &format!("/api/games/{id}/act"),
            Some(&white),
            json!({"ply": 0, "action": "exd5"}),
        )
        .await;
    assert_eq!(status, 200, "{after}");
    let events = after["events"].as_array().unwrap();
    let moved = events.iter().find(|e| e["type"] == "moved").unwrap();
    assert_eq!(
        (&moved["name"], &moved["piece"]["color"]),
        (&json!("Pawn"), &json!("white")),
        "{moved}"
    );
    let removed = events.iter().find(|e| e["type"] == "removed").unwrap();
    assert_eq!(
        (
            &removed["name"],
            &removed["square"],
            &removed["cause"],
            &removed["piece"]["color"]
        ),
        (&json!("Pawn"), &json!("d5"), &json!("captured"), &json!("black")),
        "{removed}"
    );
    running.shutdown().await;
}
