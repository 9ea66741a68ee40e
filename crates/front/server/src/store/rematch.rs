//! Rematch offers in the database.

use super::{Store, StoreError};
use sqlx::Row;

impl Store {
    /// Records seat `seat`'s offer of a rematch of game `id`: the seats that offered, and the
    /// new game's id once every one of `seats` has (`new_id`, written here once; an offer after
    /// that gets the game made before).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn offer_rematch(
        &self,
        id: &str,
        seat: i64,
        seats: i64,
        new_id: &str,
    ) -> Result<(Vec<i64>, Option<(String, bool)>), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query("INSERT INTO rematch_offers (game_id, seat) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(id)
            .bind(seat)
            .execute(tx.conn())
            .await?;
        let offers: Vec<i64> = sqlx::query("SELECT seat FROM rematch_offers WHERE game_id = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(tx.conn())
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, _>>()?;
        let made: Option<String> = sqlx::query("SELECT new_id FROM rematches WHERE game_id = $1")
            .bind(id)
            .fetch_optional(tx.conn())
            .await?
            .map(|r| r.try_get(0))
            .transpose()?;
        let game = match made {
            Some(existing) => Some((existing, false)),
            None if offers.len() as i64 >= seats => {
                sqlx::query("INSERT INTO rematches (game_id, new_id) VALUES ($1, $2)")
                    .bind(id)
                    .bind(new_id)
                    .execute(tx.conn())
                    .await?;
                Some((new_id.to_string(), true))
            }
            None => None,
        };
        tx.commit().await?;
        Ok((offers, game))
    }

    /// The seats that offered a rematch of game `id`, and its game once made.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn rematch(&self, id: &str) -> Result<(Vec<i64>, Option<String>), StoreError> {
        let offers = sqlx::query("SELECT seat FROM rematch_offers WHERE game_id = $1 ORDER BY seat")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, _>>()?;
        let made = sqlx::query("SELECT new_id FROM rematches WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| r.try_get(0))
            .transpose()?;
        Ok((offers, made))
    }
}
