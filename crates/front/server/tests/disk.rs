//! SQLite on a full disk: the database on a small tmpfs this test mounts, filled mid-game. No move
//! is acknowledged that is not on disk, writes succeed again once space returns (no restart), and
//! after a restart every acknowledged move is there. Mounting needs root (CI runs as root);
//! elsewhere the test says it is skipped.

mod common;

use common::{Client, first_action};
use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A tmpfs of `size` mounted on a fresh directory, unmounted on drop; `None` (said) when this
/// user cannot mount.
struct SmallDisk {
    dir: PathBuf,
}

impl SmallDisk {
    fn mount(size: &str) -> Option<SmallDisk> {
        let root = Command::new("id")
            .arg("-u")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
            .unwrap_or(false);
        if !root {
            eprintln!("SKIPPED: mounting a small tmpfs needs root (CI runs as root)");
            return None;
        }
        let dir = std::env::temp_dir().join(format!("messhall-full-disk-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&dir)
            .status()
            .unwrap();
        assert!(status.success(), "mount -t tmpfs on {} failed", dir.display());
        Some(SmallDisk { dir })
    }

    /// Fills the disk with one file until a write fails for lack of space.
    fn fill(&self) -> PathBuf {
        let path = self.dir.join("filler");
        let mut file = std::fs::File::create(&path).unwrap();
        let block = vec![0u8; 4096];
        loop {
            if let Err(e) = file.write_all(&block).and_then(|()| file.sync_all()) {
                assert_eq!(e.raw_os_error(), Some(28), "filling the disk: {e}");
                return path;
            }
        }
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.dir).status();
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// Tries the first legal action of whoever is to move: its status.
async fn try_move(client: &Client, id: &str, tokens: &[String; 2]) -> (u16, Value) {
    let state = client.state(id, None).await;
    let seat = state["turn"]["seat"].as_u64().unwrap() as usize;
    let mine = client.state(id, Some(&tokens[seat])).await;
    let action = first_action(&mine).unwrap();
    client
        .post(
            &format!("/api/games/{id}/act"),
            Some(&tokens[seat]),
            json!({"ply": mine["ply"], "action": action}),
        )
        .await
}

async fn ply_of(client: &Client, id: &str) -> i64 {
    client.state(id, None).await["ply"].as_i64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_loses_no_acknowledged_move() {
    let Some(disk) = SmallDisk::mount("2m") else { return };
    let db = format!("sqlite:{}", Path::new(&disk.dir).join("games.db").display());
    let running = common::start(&db).await;
    let client = Client::new(running.addr);
    let created = client
        .create(json!({"game": "chess", "seats": [{"player": "me"}, {"player": "me"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = [0usize, 1].map(|i| created["tokens"][i]["token"].as_str().unwrap().to_string());
    for _ in 0..4 {
        assert_eq!(try_move(&client, &id, &tokens).await.0, 200);
    }

    // Full: every move is either acknowledged and stored, or refused and not played.
    let filler = disk.fill();
    let mut refused = 0;
    for _ in 0..12 {
        let before = ply_of(&client, &id).await;
        let (status, body) = try_move(&client, &id, &tokens).await;
        match status {
            200 => assert_eq!(ply_of(&client, &id).await, before + 1),
            500 => {
                refused += 1;
                assert_eq!(body["code"], "storage", "{body}");
                assert_eq!(ply_of(&client, &id).await, before, "a refused move was played");
            }
            other => panic!("a move on a full disk: {other} {body}"),
        }
        let stored = running.server.store.load(&id).await.unwrap().unwrap().2.len() as i64;
        assert_eq!(stored, ply_of(&client, &id).await, "acknowledged moves not stored");
    }
    assert!(refused > 0, "the disk never filled up: the test proves nothing");
    let (status, body) = client.get("/health", None).await;
    assert_eq!(status, 503, "/health on a full disk: {body}");
    // It says what failed: the database, not a game.
    assert_eq!(body["code"], "unavailable", "{body}");
    assert!(body["message"].as_str().unwrap().contains("database"), "{body}");
    assert!(!body.to_string().contains("game"), "{body}");

    // Space again: writes go through at once, with no restart.
    std::fs::remove_file(filler).unwrap();
    let (status, body) = client.get("/health", None).await;
    assert_eq!(status, 200, "/health once space returns: {body}");
    let (status, body) = client.get("/ready", None).await;
    assert_eq!(status, 200, "/ready once space returns: {body}");
    for _ in 0..6 {
        let started = std::time::Instant::now();
        let (status, body) = try_move(&client, &id, &tokens).await;
        assert_eq!(status, 200, "a move once space returns: {body}");
        assert!(started.elapsed().as_secs() < 2, "a move waited {:?}", started.elapsed());
    }
    let acknowledged = client.state(&id, None).await;

    // A restart finds every acknowledged move.
    running.shutdown().await;
    let running = common::start(&db).await;
    let client = Client::new(running.addr);
    let after = client.state(&id, None).await;
    assert_eq!(after["ply"], acknowledged["ply"]);
    assert_eq!(after["board"], acknowledged["board"]);
    running.shutdown().await;
}
