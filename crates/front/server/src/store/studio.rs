//! The variant studio in the database: published variants, their immutable versions (named by
//! the SHA-256 of their text) and the games made from them.

use super::{Store, StoreError, Write, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A published variant as stored, with its owner's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudioRow {
    /// Its id (24 hex digits).
    pub id: String,
    /// The account that owns it.
    pub owner_id: String,
    /// The owner's name now.
    pub owner_name: String,
    /// The name it was published under.
    pub name: String,
    /// The latest version's title.
    pub title: String,
    /// The latest version's description.
    pub description: String,
    /// `private`, `unlisted` or `public`.
    pub visibility: String,
    /// The latest version's hash.
    pub latest: String,
    /// The variant and version it was forked from.
    pub forked_from: Option<(String, String)>,
    /// When it was published, in ms since 1970.
    pub created_ms: i64,
    /// When its last version was made or its visibility changed.
    pub updated_ms: i64,
}

/// A version as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionRow {
    /// The SHA-256 of its text, 64 hex digits.
    pub hash: String,
    /// The variant file's text.
    pub text: String,
    /// When it was made, in ms since 1970.
    pub created_ms: i64,
}

/// Why a publish or a new version was not stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudioRefusal {
    /// The owner has as many variants as an account may.
    TooManyVariants,
    /// The owner made as many versions in the last day as an account may.
    TooManyVersions,
    /// That text is a version of this variant already.
    SameVersion,
    /// No such variant, or not the owner's.
    NotOwner,
}

/// What a new variant or version holds: the latest version's words for search, and its text.
#[derive(Clone, Debug)]
pub struct NewVersion<'a> {
    /// The version's hash.
    pub hash: &'a str,
    /// Its text.
    pub text: &'a str,
    /// The variant's title in it.
    pub title: &'a str,
    /// The variant's description in it.
    pub description: &'a str,
}

/// How many variants and versions a day an account may have and make.
#[derive(Clone, Copy, Debug)]
pub struct StudioLimits {
    /// Variants per account.
    pub variants: i64,
    /// Versions (a publish or fork counts one) per account in 24 hours.
    pub versions_per_day: i64,
}

const COLUMNS: &str = "v.id, v.owner_id, p.name, v.name, v.title, v.description, v.visibility, v.latest, \
                       v.forked_from, v.forked_version, v.created_ms, v.updated_ms";
const FROM: &str = "studio_variants v JOIN players p ON p.id = v.owner_id";
const DAY_MS: i64 = 24 * 3600 * 1000;

fn studio_row(row: &AnyRow) -> Result<StudioRow, sqlx::Error> {
    let from: Option<String> = row.try_get(8)?;
    let version: Option<String> = row.try_get(9)?;
    Ok(StudioRow {
        id: row.try_get(0)?,
        owner_id: row.try_get(1)?,
        owner_name: row.try_get(2)?,
        name: row.try_get(3)?,
        title: row.try_get(4)?,
        description: row.try_get(5)?,
        visibility: row.try_get(6)?,
        latest: row.try_get(7)?,
        forked_from: from.zip(version),
        created_ms: row.try_get(10)?,
        updated_ms: row.try_get(11)?,
    })
}

/// `text` as a `LIKE` pattern that matches it anywhere, its own `%`, `_` and `\` taken literally.
fn contains_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

impl Store {
    /// Counts the owner's versions of the last day against the limit.
    async fn versions_left(&self, tx: &mut Write, owner: &str, limits: StudioLimits) -> Result<bool, StoreError> {
        let made: i64 = sqlx::query("SELECT COUNT(*) FROM studio_versions WHERE owner_id = $1 AND created_ms > $2")
            .bind(owner)
            .bind(now_ms() - DAY_MS)
            .fetch_one(tx.conn())
            .await?
            .try_get(0)?;
        Ok(made < limits.versions_per_day)
    }

    async fn insert_version(
        &self,
        tx: &mut Write,
        id: &str,
        owner: &str,
        version: &NewVersion<'_>,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO studio_versions (variant_id, hash, text, owner_id, created_ms) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(version.hash)
        .bind(version.text)
        .bind(owner)
        .bind(now)
        .execute(tx.conn())
        .await?;
        Ok(())
    }

    /// Stores a new variant `id` of `owner` with its first version (`forked_from`: the variant and
    /// version it was forked from), within the owner's limits, counted in the same transaction.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    #[allow(clippy::too_many_arguments)]
    pub async fn publish_variant(
        &self,
        id: &str,
        owner: &str,
        name: &str,
        visibility: &str,
        version: &NewVersion<'_>,
        forked_from: Option<(&str, &str)>,
        limits: StudioLimits,
    ) -> Result<Result<(), StudioRefusal>, StoreError> {
        let mut tx = self.write().await?;
        if !self.sqlite {
            // One account's publishes queue on a lock of their own, so two cannot pass the limit.
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                .bind(owner)
                .execute(tx.conn())
                .await?;
        }
        let owned: i64 = sqlx::query("SELECT COUNT(*) FROM studio_variants WHERE owner_id = $1")
            .bind(owner)
            .fetch_one(tx.conn())
            .await?
            .try_get(0)?;
        if owned >= limits.variants {
            tx.rollback().await?;
            return Ok(Err(StudioRefusal::TooManyVariants));
        }
        if !self.versions_left(&mut tx, owner, limits).await? {
            tx.rollback().await?;
            return Ok(Err(StudioRefusal::TooManyVersions));
        }
        let now = now_ms();
        sqlx::query(
            "INSERT INTO studio_variants (id, owner_id, name, title, description, visibility, latest, forked_from, \
             forked_version, created_ms, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
        )
        .bind(id)
        .bind(owner)
        .bind(name)
        .bind(version.title)
        .bind(version.description)
        .bind(visibility)
        .bind(version.hash)
        .bind(forked_from.map(|f| f.0.to_string()))
        .bind(forked_from.map(|f| f.1.to_string()))
        .bind(now)
        .execute(tx.conn())
        .await?;
        self.insert_version(&mut tx, id, owner, version, now).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Adds a version to the variant `id` of `owner`, which becomes its latest.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn add_version(
        &self,
        id: &str,
        owner: &str,
        version: &NewVersion<'_>,
        limits: StudioLimits,
    ) -> Result<Result<(), StudioRefusal>, StoreError> {
        let mut tx = self.write().await?;
        let updated = sqlx::query(
            "UPDATE studio_variants SET latest = $1, title = $2, description = $3, updated_ms = $4 \
             WHERE id = $5 AND owner_id = $6",
        )
        .bind(version.hash)
        .bind(version.title)
        .bind(version.description)
        .bind(now_ms())
        .bind(id)
        .bind(owner)
        .execute(tx.conn())
        .await?;
        if updated.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(Err(StudioRefusal::NotOwner));
        }
        let exists: i64 = sqlx::query("SELECT COUNT(*) FROM studio_versions WHERE variant_id = $1 AND hash = $2")
            .bind(id)
            .bind(version.hash)
            .fetch_one(tx.conn())
            .await?
            .try_get(0)?;
        if exists > 0 {
            tx.rollback().await?;
            return Ok(Err(StudioRefusal::SameVersion));
        }
        if !self.versions_left(&mut tx, owner, limits).await? {
            tx.rollback().await?;
            return Ok(Err(StudioRefusal::TooManyVersions));
        }
        self.insert_version(&mut tx, id, owner, version, now_ms()).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Sets the visibility of the variant `id` of `owner`; false when it is not the owner's.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn set_visibility(&self, id: &str, owner: &str, visibility: &str) -> Result<bool, StoreError> {
        let mut tx = self.write().await?;
        let done =
            sqlx::query("UPDATE studio_variants SET visibility = $1, updated_ms = $2 WHERE id = $3 AND owner_id = $4")
                .bind(visibility)
                .bind(now_ms())
                .bind(id)
                .bind(owner)
                .execute(tx.conn())
                .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// The variant `id`.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn studio_variant(&self, id: &str) -> Result<Option<StudioRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM {FROM} WHERE v.id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(studio_row).transpose()?)
    }

    /// The versions of the variant `id`, newest first, without their texts.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn studio_versions(&self, id: &str) -> Result<Vec<(String, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT hash, created_ms FROM studio_versions WHERE variant_id = $1 ORDER BY created_ms DESC, hash",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// The version of the variant `id` whose hash starts with `prefix` (hex digits; the first of
    /// several, in hash order).
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn studio_version(&self, id: &str, prefix: &str) -> Result<Option<VersionRow>, StoreError> {
        let row = sqlx::query(
            "SELECT hash, text, created_ms FROM studio_versions WHERE variant_id = $1 AND hash LIKE $2 \
             ORDER BY hash LIMIT 1",
        )
        .bind(id)
        .bind(format!("{prefix}%"))
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(VersionRow {
                hash: r.try_get(0)?,
                text: r.try_get(1)?,
                created_ms: r.try_get(2)?,
            })
        })
        .transpose()
    }

    /// The public variants whose name, title or description holds `query` (any case), most
    /// recently changed first: page `page` (from 0) of `per_page`, and how many match in all.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn public_variants(
        &self,
        query: &str,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<StudioRow>, i64), StoreError> {
        let filter = "v.visibility = 'public' AND (LOWER(v.name) LIKE $1 ESCAPE '\\' \
                      OR LOWER(v.title) LIKE $1 ESCAPE '\\' OR LOWER(v.description) LIKE $1 ESCAPE '\\')";
        let pattern = contains_pattern(query);
        let total: i64 = sqlx::query(&format!("SELECT COUNT(*) FROM studio_variants v WHERE {filter}"))
            .bind(&pattern)
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM {FROM} WHERE {filter} ORDER BY v.updated_ms DESC, v.id LIMIT $2 OFFSET $3"
        ))
        .bind(&pattern)
        .bind(per_page)
        .bind(page * per_page)
        .fetch_all(&self.pool)
        .await?;
        Ok((rows.iter().map(studio_row).collect::<Result<_, _>>()?, total))
    }

    /// The variants of `owner`, most recently changed first.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn variants_of(&self, owner: &str) -> Result<Vec<StudioRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM {FROM} WHERE v.owner_id = $1 ORDER BY v.updated_ms DESC, v.id"
        ))
        .bind(owner)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(studio_row).collect::<Result<_, _>>()?)
    }

    /// The published variant and version the game `id` was made from, if it was.
    ///
    /// # Errors
    /// [`StoreError::Sql`].
    pub async fn game_origin(&self, id: &str) -> Result<Option<(String, String)>, StoreError> {
        let row = sqlx::query("SELECT variant_id, version FROM studio_games WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).transpose()
    }

    /// Records, in a game's creating transaction, the variant and version it was made from.
    pub(super) async fn record_origin(
        &self,
        tx: &mut Write,
        game: &str,
        origin: (&str, &str),
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO studio_games (game_id, variant_id, version) VALUES ($1, $2, $3)")
            .bind(game)
            .bind(origin.0)
            .bind(origin.1)
            .execute(tx.conn())
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_takes_its_wildcards_literally() {
        assert_eq!(contains_pattern("Big_Board%"), "%big\\_board\\%%");
        assert_eq!(contains_pattern(""), "%%");
    }
}
