//! The variant studio: accounts publish variant files (private, unlisted or public), each text an
//! immutable version named by its SHA-256; the owner makes new versions and changes who may see
//! it; anyone who may see a variant forks it or plays it. The database is the truth: every server
//! reads the variants from it.

use crate::api::{App, Body, Query, VariantFile};
use crate::error::ApiError;
use crate::identity::Me;
use crate::limits;
use crate::state::Server;
use crate::store::{NewVersion, PlayerRow, StudioLimits, StudioRefusal, StudioRow, VersionRow};
use crate::wire::{
    ForkRequest, GameOrigin, PublishRequest, StudioList, StudioQuery, StudioSummary, StudioVariant, VariantOwner,
    VariantVersion, VariantVersionRef, VersionRequest, VersionSummary, Visibility, VisibilityRequest,
};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use messhall_records::GameKind;

/// How many hex digits of a version's hash are shown, and the fewest a request may give.
pub const SHORT_HASH: usize = 12;

fn studio_limits() -> StudioLimits {
    StudioLimits {
        variants: limits::STUDIO_VARIANTS,
        versions_per_day: limits::STUDIO_VERSIONS_PER_DAY,
    }
}

/// The player of the session if it has an account.
///
/// # Errors
/// 401 `no-account` for an anonymous player or a request without a session.
fn account(me: &Me) -> Result<&PlayerRow, ApiError> {
    me.player.as_ref().filter(|p| p.account.is_some()).ok_or_else(|| {
        ApiError::new(
            401,
            "no-account",
            "publishing variants needs an account: sign up or log in on the account page",
        )
    })
}

fn short(hash: &str) -> String {
    hash.chars().take(SHORT_HASH).collect()
}

fn summary(row: StudioRow) -> StudioSummary {
    StudioSummary {
        visibility: Visibility::from_name(&row.visibility).unwrap_or_default(),
        owner: VariantOwner {
            id: row.owner_id,
            name: row.owner_name,
        },
        forked_from: row.forked_from.map(|(id, version)| VariantVersionRef { id, version }),
        id: row.id,
        name: row.name,
        title: row.title,
        description: row.description,
        latest: row.latest,
        created_ms: row.created_ms,
        updated_ms: row.updated_ms,
    }
}

/// A variant's name in the studio, checked.
fn checked_name(name: &str) -> Result<String, ApiError> {
    let name = crate::api::checked_name(Some(name), "")?;
    if name.is_empty() {
        return Err(ApiError::bad("bad-name", "a published variant needs a name"));
    }
    Ok(name)
}

/// A version's hash as a request gives it: 12 to 64 lower-case hex digits.
fn checked_hash(hash: &str) -> Result<&str, ApiError> {
    if (SHORT_HASH..=64).contains(&hash.len()) && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        Ok(hash)
    } else {
        Err(ApiError::bad(
            "bad-version",
            format!("a version is named by its hash: {SHORT_HASH} to 64 lower-case hex digits"),
        ))
    }
}

/// A variant file compiled within the limits of `POST /api/variants/check`: its title and
/// description.
async fn compiled(server: &Server, client: &str, name: &str, text: &str) -> Result<(String, String), ApiError> {
    let file = VariantFile {
        name: name.to_string(),
        text: text.to_string(),
    };
    match crate::variants::compile(server, client, &file).await? {
        GameKind::Chess(chess) => Ok((
            chess.variant.title().to_string(),
            chess.variant.description().to_string(),
        )),
        GameKind::Cafeteria => Err(ApiError::bad("bad-variant", "a variant file is a chess variant")),
    }
}

/// The variant `id` if the asker may see it: 404 for none, and for another's private one.
pub(crate) async fn visible(server: &Server, id: &str, me: &Me) -> Result<StudioRow, ApiError> {
    let row = server.store.studio_variant(id).await.map_err(ApiError::storage)?;
    row.filter(|r| r.visibility != Visibility::Private.name() || me.id() == Some(r.owner_id.as_str()))
        .ok_or_else(|| ApiError::not_found("no such variant (a private variant is its owner's alone)"))
}

/// The variant `id` if the asker owns it: 404 as [`visible`], 403 for another's.
async fn owned(server: &Server, id: &str, me: &Me) -> Result<StudioRow, ApiError> {
    let row = visible(server, id, me).await?;
    if me.id() != Some(row.owner_id.as_str()) {
        return Err(ApiError::forbidden(
            "only its owner makes versions of a variant or changes who may see it; fork it to change it",
        ));
    }
    Ok(row)
}

fn refused(refusal: StudioRefusal) -> ApiError {
    match refusal {
        StudioRefusal::TooManyVariants => ApiError::new(
            429,
            "too-many-published",
            format!("an account may publish {} variants", limits::STUDIO_VARIANTS),
        ),
        StudioRefusal::TooManyVersions => ApiError::new(
            429,
            "too-many-versions",
            format!("an account may make {} versions a day", limits::STUDIO_VERSIONS_PER_DAY),
        ),
        StudioRefusal::SameVersion => {
            ApiError::conflict("same-version", "this text is a version of this variant already")
        }
        StudioRefusal::NotOwner => ApiError::forbidden("only its owner makes versions of a variant"),
    }
}

/// The version of the variant `row` whose hash starts with `hash`.
///
/// # Errors
/// 404 for none; 400 `bad-version`.
pub(crate) async fn version_of(server: &Server, row: &StudioRow, hash: &str) -> Result<VersionRow, ApiError> {
    server
        .store
        .studio_version(&row.id, checked_hash(hash)?)
        .await
        .map_err(ApiError::storage)?
        .ok_or_else(|| ApiError::not_found("no such version of this variant"))
}

/// The variant `id` whole, as the asker sees it.
async fn answer(server: &Server, id: &str, me: &Me) -> Result<StudioVariant, ApiError> {
    let row = visible(server, id, me).await?;
    let versions = server.store.studio_versions(id).await.map_err(ApiError::storage)?;
    let current = version_of(server, &row, &row.latest).await?;
    let yours = me.id() == Some(row.owner_id.as_str());
    Ok(StudioVariant {
        current: VariantVersion {
            variant: row.id.clone(),
            short: short(&current.hash),
            hash: current.hash,
            text: current.text,
            created_ms: current.created_ms,
            latest: true,
        },
        versions: versions
            .into_iter()
            .map(|(hash, created_ms)| VersionSummary {
                short: short(&hash),
                hash,
                created_ms,
            })
            .collect(),
        yours,
        summary: summary(row),
    })
}

/// Stores a new variant of `owner` from a checked text; the answer (201).
async fn publish_text(
    server: &Server,
    client: &str,
    me: &Me,
    name: &str,
    text: &str,
    visibility: Visibility,
    forked_from: Option<(&str, &str)>,
) -> Result<Response, ApiError> {
    let owner = account(me)?;
    let name = checked_name(name)?;
    let (title, description) = compiled(server, client, &name, text).await?;
    let id = crate::token::game_id().map_err(ApiError::storage)?;
    let hash = crate::token::hash(text);
    let version = NewVersion {
        hash: &hash,
        text,
        title: &title,
        description: &description,
    };
    server
        .store
        .publish_variant(
            &id,
            &owner.id,
            &name,
            visibility.name(),
            &version,
            forked_from,
            studio_limits(),
        )
        .await
        .map_err(ApiError::storage)?
        .map_err(refused)?;
    Ok((StatusCode::CREATED, axum::Json(answer(server, &id, me).await?)).into_response())
}

/// `POST /api/studio/variants`: publishes a variant file as a new variant of this account.
///
/// # Errors
/// 401 `no-account` without an account; 400 `bad-variant` with the file's faults, `bad-name`;
/// 429 `too-many-published`, `too-many-versions`, `too-many-variants` (checks a minute).
#[utoipa::path(post, path = "/api/studio/variants", operation_id = "publish_variant", request_body = crate::wire::PublishRequest, responses((status = 201, description = "the variant published", body = crate::wire::StudioVariant), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn publish(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    me: Me,
    Body(req): Body<PublishRequest>,
) -> Result<Response, ApiError> {
    publish_text(&server, &client, &me, &req.name, &req.text, req.visibility, None).await
}

/// `GET /api/studio/variants?q=&page=`: the public variants whose name, title or description
/// holds `q`, most recently changed first, a page at a time.
///
/// # Errors
/// 400 `bad-query` for a search too long or a page out of range.
#[utoipa::path(get, path = "/api/studio/variants", operation_id = "list_studio_variants", params(crate::wire::StudioQuery), responses((status = 200, description = "a page of the public variants", body = crate::wire::StudioList), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn list(State(server): App, Query(q): Query<StudioQuery>) -> Result<Response, ApiError> {
    let words = q.q.unwrap_or_default();
    let page = q.page.unwrap_or(0);
    if words.chars().count() > limits::STUDIO_QUERY_CHARS || !(0..=10_000).contains(&page) {
        return Err(ApiError::bad(
            "bad-query",
            format!(
                "a search is at most {} characters, a page 0 to 10000",
                limits::STUDIO_QUERY_CHARS
            ),
        ));
    }
    let (rows, total) = server
        .store
        .public_variants(words.trim(), page, limits::STUDIO_PAGE)
        .await
        .map_err(ApiError::storage)?;
    Ok(axum::Json(StudioList {
        variants: rows.into_iter().map(summary).collect(),
        page,
        per_page: limits::STUDIO_PAGE,
        total,
    })
    .into_response())
}

/// `GET /api/me/variants`: this browser's player's variants, every visibility.
///
/// # Errors
/// 401 `no-session` without a session.
#[utoipa::path(get, path = "/api/me/variants", operation_id = "my_variants", responses((status = 200, description = "this player's variants, most recently changed first", body = crate::wire::StudioList), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn mine(State(server): App, me: Me) -> Result<Response, ApiError> {
    let player = me.need()?;
    let rows = server.store.variants_of(&player.id).await.map_err(ApiError::storage)?;
    let total = rows.len() as i64;
    Ok(axum::Json(StudioList {
        variants: rows.into_iter().map(summary).collect(),
        page: 0,
        per_page: total.max(1),
        total,
    })
    .into_response())
}

/// `GET /api/studio/variants/{id}`: a variant, its latest version's text and every version.
///
/// # Errors
/// 404 for no such variant, and for another's private one.
#[utoipa::path(get, path = "/api/studio/variants/{id}", operation_id = "studio_variant", params(("id" = String, Path, description = "the variant's id")), responses((status = 200, description = "the variant", body = crate::wire::StudioVariant), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn one(State(server): App, Path(id): Path<String>, me: Me) -> Result<Response, ApiError> {
    Ok(axum::Json(answer(&server, &id, &me).await?).into_response())
}

/// `GET /api/studio/variants/{id}/versions/{hash}`: one version's text (`hash`: its 64 hex
/// digits or at least its first 12).
///
/// # Errors
/// 404 for no such variant or version; 400 `bad-version`.
#[utoipa::path(get, path = "/api/studio/variants/{id}/versions/{hash}", operation_id = "studio_version", params(("id" = String, Path, description = "the variant's id"), ("hash" = String, Path, description = "the version's hash, or its first 12 hex digits or more")), responses((status = 200, description = "the version", body = crate::wire::VariantVersion), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn version(
    State(server): App,
    Path((id, hash)): Path<(String, String)>,
    me: Me,
) -> Result<Response, ApiError> {
    let row = visible(&server, &id, &me).await?;
    let version = version_of(&server, &row, &hash).await?;
    Ok(axum::Json(VariantVersion {
        variant: id,
        latest: version.hash == row.latest,
        short: short(&version.hash),
        hash: version.hash,
        text: version.text,
        created_ms: version.created_ms,
    })
    .into_response())
}

/// `POST /api/studio/variants/{id}/versions`: a new text for the owner's variant, which
/// becomes its latest version (the older versions stay as they were, and so do their games).
///
/// # Errors
/// 404 for no such variant; 403 for another's; 400 `bad-variant` with the file's faults; 409
/// `same-version`; 429 `too-many-versions`.
#[utoipa::path(post, path = "/api/studio/variants/{id}/versions", operation_id = "new_studio_version", params(("id" = String, Path, description = "the variant's id")), request_body = crate::wire::VersionRequest, responses((status = 201, description = "the variant with its new version", body = crate::wire::StudioVariant), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn new_version(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    Path(id): Path<String>,
    me: Me,
    Body(req): Body<VersionRequest>,
) -> Result<Response, ApiError> {
    let row = owned(&server, &id, &me).await?;
    let (title, description) = compiled(&server, &client, &row.name, &req.text).await?;
    let hash = crate::token::hash(&req.text);
    let version = NewVersion {
        hash: &hash,
        text: &req.text,
        title: &title,
        description: &description,
    };
    server
        .store
        .add_version(&id, &row.owner_id, &version, studio_limits())
        .await
        .map_err(ApiError::storage)?
        .map_err(refused)?;
    Ok((StatusCode::CREATED, axum::Json(answer(&server, &id, &me).await?)).into_response())
}

/// `POST /api/studio/variants/{id}/visibility`: the owner changes who may see the variant.
///
/// # Errors
/// 404 for no such variant; 403 for another's.
#[utoipa::path(post, path = "/api/studio/variants/{id}/visibility", operation_id = "studio_visibility", params(("id" = String, Path, description = "the variant's id")), request_body = crate::wire::VisibilityRequest, responses((status = 200, description = "the variant", body = crate::wire::StudioVariant), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn visibility(
    State(server): App,
    Path(id): Path<String>,
    me: Me,
    Body(req): Body<VisibilityRequest>,
) -> Result<Response, ApiError> {
    let row = owned(&server, &id, &me).await?;
    if !server
        .store
        .set_visibility(&id, &row.owner_id, req.visibility.name())
        .await
        .map_err(ApiError::storage)?
    {
        return Err(refused(StudioRefusal::NotOwner));
    }
    Ok(axum::Json(answer(&server, &id, &me).await?).into_response())
}

/// `POST /api/studio/variants/{id}/fork`: the variant's latest version as a new variant of the
/// asker's, which records where it came from.
///
/// # Errors
/// 401 `no-account`; 404 for no such variant; as publishing.
#[utoipa::path(post, path = "/api/studio/variants/{id}/fork", operation_id = "fork_variant", params(("id" = String, Path, description = "the variant's id")), request_body = crate::wire::ForkRequest, responses((status = 201, description = "the fork", body = crate::wire::StudioVariant), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn fork(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    Path(id): Path<String>,
    me: Me,
    Body(req): Body<ForkRequest>,
) -> Result<Response, ApiError> {
    account(&me)?;
    let row = visible(&server, &id, &me).await?;
    let text = version_of(&server, &row, &row.latest).await?.text;
    let name = match req.name {
        Some(name) => name,
        None => format!(
            "{} (fork)",
            row.name.chars().take(limits::NAME_CHARS - 7).collect::<String>()
        ),
    };
    publish_text(
        &server,
        &client,
        &me,
        &name,
        &text,
        req.visibility,
        Some((&row.id, &row.latest)),
    )
    .await
}

/// `GET /api/games/{id}/studio`: the published variant and version the game was made from, as the
/// database records them (none for a game of a built-in or of a file).
///
/// # Errors
/// 404 for no such game.
#[utoipa::path(get, path = "/api/games/{id}/studio", operation_id = "game_origin", params(("id" = String, Path, description = "the game's id")), responses((status = 200, description = "the variant and version, if any", body = crate::wire::GameOrigin), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn of_game(State(server): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    server.game(&id).await?;
    let origin = server.store.game_origin(&id).await.map_err(ApiError::storage)?;
    Ok(axum::Json(GameOrigin {
        variant: origin.map(|(id, version)| VariantVersionRef { id, version }),
    })
    .into_response())
}

/// The game a published variant's version makes, with the variant's id and the version's whole
/// hash (for the game's record of where it came from).
///
/// # Errors
/// 404 for a variant the asker may not see or a version it does not have; 400 `bad-version`;
/// the compile's refusals.
pub async fn game_of(
    server: &Server,
    client: &str,
    me: &Me,
    which: &VariantVersionRef,
) -> Result<(GameKind, (String, String)), ApiError> {
    let row = visible(server, &which.id, me).await?;
    let version = version_of(server, &row, &which.version).await?;
    let file = VariantFile {
        name: row.name.clone(),
        text: version.text,
    };
    let kind = crate::variants::compile(server, client, &file).await?;
    Ok((kind, (row.id, version.hash)))
}

/// Whether the variant of a lobby seek may be offered there: visible to the poster and not
/// private (a seek is for anyone to join).
///
/// # Errors
/// As [`game_of`]; 400 `private-variant` for a private one.
pub async fn for_seek(server: &Server, me: &Me, which: &VariantVersionRef) -> Result<(String, String), ApiError> {
    let row = visible(server, &which.id, me).await?;
    if row.visibility == Visibility::Private.name() {
        return Err(ApiError::bad(
            "private-variant",
            "a private variant is not offered in the lobby: make it unlisted or public first",
        ));
    }
    let version = version_of(server, &row, &which.version).await?;
    Ok((row.name, version.hash))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_is_named_by_enough_lower_case_hex() {
        assert!(checked_hash(&"a1".repeat(6)).is_ok());
        assert!(checked_hash(&"0".repeat(64)).is_ok());
        assert_eq!(checked_hash("abc").unwrap_err().code, "bad-version");
        assert_eq!(checked_hash(&"A".repeat(12)).unwrap_err().code, "bad-version");
        assert_eq!(checked_hash(&"0".repeat(65)).unwrap_err().code, "bad-version");
        assert_eq!(checked_hash("%%%%%%%%%%%%").unwrap_err().code, "bad-version");
    }
}
