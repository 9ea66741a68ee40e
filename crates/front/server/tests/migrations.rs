//! A database made by a server from before `sqlx::migrate!` (its own `schema_migrations` table,
//! each migration split on `;` and run statement by statement) still opens, keeps its games, and
//! is not migrated twice.

mod common;

use messhall_server::Store;
use sqlx::Row;
use sqlx::any::{AnyPoolOptions, install_default_drivers};

const FIRST: &str = include_str!("../migrations/0001_games.sql");

/// Makes the database at `url` as the older server did, with one game in it.
async fn make_old(url: &str) {
    install_default_drivers();
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect(&format!("{url}?mode=rwc"))
        .await
        .unwrap();
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY)")
        .execute(&pool)
        .await
        .unwrap();
    let without_comments: Vec<&str> = FIRST.lines().filter(|l| !l.trim_start().starts_with("--")).collect();
    for statement in without_comments
        .join("\n")
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        sqlx::query(statement).execute(&pool).await.unwrap();
    }
    sqlx::query("INSERT INTO schema_migrations (version) VALUES (1)")
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO games (id, game, setup, status, result, client, created_ms, updated_ms) \
         VALUES ('old-game', 'chess', '{}', 'playing', NULL, '127.0.0.1', 1, 2)",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO seats (game_id, seat, kind, player, name, token_hash, join_hash) \
         VALUES ('old-game', 0, 'human', 'human', 'Ada', NULL, NULL)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
}

#[tokio::test]
async fn a_database_of_the_older_server_opens_with_its_games() {
    let url = common::sqlite_url();
    make_old(&url).await;
    for _ in 0..2 {
        // Opened twice: the second open finds the record adopted and applies nothing.
        let store = Store::open(&url).await.unwrap();
        let (game, seats, _) = store.load("old-game").await.unwrap().expect("the old game is read");
        assert_eq!(game.id, "old-game");
        assert_eq!(seats[0].name, "Ada");
        // Games stored before the `listed` column are found by their link only.
        assert!(store.list(None, None, 10).await.unwrap().is_empty());
        store.close().await;
    }
    let pool = AnyPoolOptions::new().max_connections(1).connect(&url).await.unwrap();
    let versions: Vec<i64> = sqlx::query("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
        .fetch_all(&pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get::<i64, _>(0))
        .collect();
    // The old server's one migration adopted, the later ones applied: every file, once (by the
    // number its name starts with; branches may number theirs apart).
    let mut files: Vec<i64> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
        .unwrap()
        .map(|f| f.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sql"))
        .map(|p| p.file_name().unwrap().to_str().unwrap()[..4].parse().unwrap())
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?} migrations");
    assert_eq!(versions, files);
    let old = sqlx::query("SELECT name FROM sqlite_master WHERE name = 'schema_migrations'")
        .fetch_optional(&pool)
        .await
        .unwrap();
    assert!(old.is_none(), "the old table is dropped once adopted");
}

#[tokio::test]
async fn a_new_database_is_migrated_by_sqlx() {
    let url = common::sqlite_url();
    let store = Store::open(&url).await.unwrap();
    assert!(store.list(None, None, 10).await.unwrap().is_empty());
    store.close().await;
    let pool = AnyPoolOptions::new().max_connections(1).connect(&url).await.unwrap();
    let count: i64 = sqlx::query("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        count,
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
            .unwrap()
            .count() as i64
    );
}
