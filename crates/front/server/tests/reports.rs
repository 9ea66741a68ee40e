//! Balance reports of published variants as jobs: asked by a player, made by a server's report
//! worker (progress shown, the report kept), served again for the same request; one under way
//! per player; cancelled by its asker only, kept partial; its HTML page runs no script; a
//! private variant's reports are its owner's alone; requests out of bounds are refused.

mod common;

use common::{Browser, tiny};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Waits until report `id` leaves `queued` and `running`.
async fn finished(b: &mut Browser, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let (status, v) = b.get(&format!("/api/reports/{id}")).await;
        assert_eq!(status, 200, "{v}");
        if !["queued", "running"].contains(&v["status"].as_str().unwrap()) {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "report {id} still {}",
            v["status"]
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn reports_on(db: &str) {
    let running = common::start(db).await;
    let addr = running.addr;
    let mut ann = Browser::new(addr);
    ann.start().await;
    let (status, v) = ann
        .post("/api/accounts", json!({"name": "Annie", "password": "pickled radish"}))
        .await;
    assert_eq!(status, 201, "{v}");
    let (status, v) = ann
        .post(
            "/api/studio/variants",
            json!({"name": "Tiny", "text": tiny("N"), "visibility": "unlisted"}),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let variant = v["id"].as_str().unwrap().to_string();
    let hash = v["latest"].as_str().unwrap().to_string();
    let reports = format!("/api/studio/variants/{variant}/versions/{hash}/reports");

    // Bob asks for a small report; a worker makes it.
    let mut bob = Browser::new(addr);
    bob.start().await;
    let small = json!({"games": 4, "nodes": 100, "seed": 7});
    let (status, asked) = bob.post(&reports, small.clone()).await;
    assert_eq!(status, 202, "{asked}");
    let id = asked["id"].as_str().unwrap().to_string();
    let made = finished(&mut bob, &id).await;
    assert_eq!(made["status"], "done", "{made}");
    assert_eq!(made["done_games"], made["total_games"]);
    let report = &made["report"];
    assert_eq!(report["games_played"], 4, "{report}");
    assert_eq!(report["partial"], false);
    assert_eq!(report["chess"]["first_mover"]["games"], 4, "{report}");
    // The same request is the same report, made once.
    let (status, again) = ann.post(&reports, small.clone()).await;
    assert_eq!((status, again["id"].as_str()), (200, Some(id.as_str())));
    let (_, list) = bob.get(&reports).await;
    assert_eq!(list["reports"].as_array().unwrap().len(), 1);
    // Its page: HTML with SVG charts, and a policy that runs no script.
    let resp = bob
        .http
        .get(format!("{}/api/reports/{id}/html", bob.base))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let policy = resp.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(policy.starts_with("default-src 'none'"), "{policy}");
    assert!(
        resp.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let page = resp.text().await.unwrap();
    assert!(page.contains("<svg") && page.contains("Tiny Knights"), "{page}");

    // One report under way per player; another player cannot cancel it; its asker can, and
    // what was played is kept, marked partial.
    let big = json!({"games": 200, "nodes": 20000});
    let (status, long) = bob.post(&reports, big).await;
    assert_eq!(status, 202, "{long}");
    let long_id = long["id"].as_str().unwrap().to_string();
    let (status, v) = bob.post(&reports, json!({"games": 6, "nodes": 100})).await;
    assert_eq!((status, v["code"].as_str()), (429, Some("too-many-reports")), "{v}");
    let (status, _) = ann.post(&format!("/api/reports/{long_id}/cancel"), json!({})).await;
    assert_eq!(status, 403);
    // Let it start, then stop it.
    let start = Instant::now();
    loop {
        let (_, v) = bob.get(&format!("/api/reports/{long_id}")).await;
        if v["status"] == "running" || start.elapsed() > Duration::from_secs(20) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (status, v) = bob.post(&format!("/api/reports/{long_id}/cancel"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    let stopped = finished(&mut bob, &long_id).await;
    assert_eq!(stopped["status"], "cancelled", "{stopped}");
    if !stopped["report"].is_null() {
        assert_eq!(stopped["report"]["partial"], true, "{stopped}");
    }
    let (status, v) = bob.post(&format!("/api/reports/{long_id}/cancel"), json!({})).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("report-over")));

    // Requests out of bounds, and without a session.
    for body in [
        json!({"games": 1}),
        json!({"games": 500}),
        json!({"nodes": 10}),
        json!({"nodes": 1000, "level": 2}),
        json!({"level": 9}),
    ] {
        let (status, v) = bob.post(&reports, body.clone()).await;
        assert_eq!((status, v["code"].as_str()), (400, Some("bad-report")), "{body}: {v}");
    }
    let (status, v) = Browser::new(addr).post(&reports, small).await;
    assert_eq!((status, v["code"].as_str()), (401, Some("no-session")), "{v}");

    // A private variant's reports are its owner's alone.
    let (status, v) = ann
        .post(
            &format!("/api/studio/variants/{variant}/visibility"),
            json!({"visibility": "private"}),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(bob.get(&format!("/api/reports/{id}")).await.0, 404);
    assert_eq!(ann.get(&format!("/api/reports/{id}")).await.0, 200);
    running.shutdown().await;
}

on_both_databases!(reports_on: a_balance_report_is_made_by_a_worker_once_and_cancelled_by_its_asker_on_sqlite, a_balance_report_is_made_by_a_worker_once_and_cancelled_by_its_asker_on_postgres);
