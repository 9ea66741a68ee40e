//! Ratings in the database: a rated game's end settled once, each player's rating per game, its
//! history and the leaderboards.

use super::{PlayerRow, Store, StoreError, now_ms};
use crate::ratings::{Model, Rating};
use sqlx::Row;

/// A player's rating in one game, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The game's name.
    pub game: String,
    /// The rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
}

/// One point of a player's rating chart.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    /// The game's name.
    pub game: String,
    /// The game (id) whose end changed it.
    pub game_id: String,
    /// The rating after it.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// When, in ms since 1970.
    pub at_ms: i64,
}

impl Store {
    /// Changes the ratings of the players of the rated game `id`, once it is over: false when
    /// it is not rated, not over, or settled already (by this server or another).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn settle_ratings(&self, id: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let claimed = sqlx::query(
            "UPDATE games SET rated_done = 1 WHERE id = $1 AND rated = 1 AND rated_done = 0 AND status = 'over'",
        )
        .bind(id)
        .execute(tx.conn())
        .await?;
        if claimed.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        let row = sqlx::query("SELECT game, result FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(tx.conn())
            .await?;
        let game: String = row.try_get(0)?;
        let result: Option<String> = row.try_get(1)?;
        let result = result.and_then(|r| serde_json::from_str::<messhall_records::GameResult>(&r).ok());
        let players: Vec<Option<String>> = sqlx::query("SELECT player_id FROM seats WHERE game_id = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(tx.conn())
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, _>>()?;
        let model = Model::of(&game);
        let (Some(result), Some(players)) = (result, players.into_iter().collect::<Option<Vec<String>>>()) else {
            // A seat without a player (a bot, a token) rates nothing; the game stays marked.
            tx.commit().await?;
            return Ok(false);
        };
        let mut before = Vec::new();
        for p in &players {
            let row = sqlx::query(
                "SELECT rating, deviation, volatility, games FROM ratings WHERE player_id = $1 AND game = $2",
            )
            .bind(p)
            .bind(&game)
            .fetch_optional(tx.conn())
            .await?;
            before.push(match row {
                Some(r) => (
                    Rating {
                        rating: r.try_get(0)?,
                        deviation: r.try_get(1)?,
                        volatility: r.try_get(2)?,
                    },
                    r.try_get::<i64, _>(3)?,
                ),
                None => (model.start(), 0),
            });
        }
        let ratings: Vec<Rating> = before.iter().map(|(r, _)| *r).collect();
        let Some(after) = crate::ratings::after(model, &ratings, &result) else {
            tx.commit().await?;
            return Ok(false);
        };
        let now = now_ms();
        for ((p, new), (_, games)) in players.iter().zip(&after).zip(&before) {
            sqlx::query("DELETE FROM ratings WHERE player_id = $1 AND game = $2")
                .bind(p)
                .bind(&game)
                .execute(tx.conn())
                .await?;
            sqlx::query(
                "INSERT INTO ratings (player_id, game, rating, deviation, volatility, games, updated_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(p)
            .bind(&game)
            .bind(new.rating)
            .bind(new.deviation)
            .bind(new.volatility)
            .bind(games + 1)
            .bind(now)
            .execute(tx.conn())
            .await?;
            sqlx::query(
                "INSERT INTO rating_history (player_id, game, game_id, rating, deviation, at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            )
            .bind(p)
            .bind(&game)
            .bind(id)
            .bind(new.rating)
            .bind(new.deviation)
            .bind(now)
            .execute(tx.conn())
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// The rated games over whose ratings were not settled (their server stopped first).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn unsettled_ratings(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE rated = 1 AND rated_done = 0 AND status = 'over'")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get(0).map_err(StoreError::from)).collect()
    }

    /// Whether the game `id` is rated.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn is_rated(&self, id: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT rated FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => r.try_get::<i64, _>(0)? != 0,
            None => false,
        })
    }

    /// The player's ratings, one per game it played rated.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn ratings_of(&self, player: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game, rating, deviation, volatility, games FROM ratings WHERE player_id = $1 ORDER BY game",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RatingRow {
                    game: r.try_get(0)?,
                    rating: Rating {
                        rating: r.try_get(1)?,
                        deviation: r.try_get(2)?,
                        volatility: r.try_get(3)?,
                    },
                    games: r.try_get(4)?,
                })
            })
            .collect()
    }

    /// The player's rating after each rated game, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn rating_history(&self, player: &str) -> Result<Vec<HistoryRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game, game_id, rating, deviation, at_ms FROM rating_history WHERE player_id = $1 \
             ORDER BY at_ms, game_id LIMIT 1000",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(HistoryRow {
                    game: r.try_get(0)?,
                    game_id: r.try_get(1)?,
                    rating: r.try_get(2)?,
                    deviation: r.try_get(3)?,
                    at_ms: r.try_get(4)?,
                })
            })
            .collect()
    }

    /// The best-rated players of `game`, best first (provisional ones included: the page marks
    /// them).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn leaderboard(&self, game: &str, limit: i64) -> Result<Vec<(PlayerRow, RatingRow)>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.id, p.name, p.account, p.created_ms, r.rating, r.deviation, r.volatility, r.games \
             FROM ratings r JOIN players p ON p.id = r.player_id WHERE r.game = $1 \
             ORDER BY r.rating DESC, p.id LIMIT $2",
        )
        .bind(game)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    PlayerRow {
                        id: r.try_get(0)?,
                        name: r.try_get(1)?,
                        account: r.try_get(2)?,
                        created_ms: r.try_get(3)?,
                    },
                    RatingRow {
                        game: game.to_string(),
                        rating: Rating {
                            rating: r.try_get(4)?,
                            deviation: r.try_get(5)?,
                            volatility: r.try_get(6)?,
                        },
                        games: r.try_get(7)?,
                    },
                ))
            })
            .collect()
    }
}
