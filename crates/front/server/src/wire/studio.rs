//! The JSON of the variant studio: published variants, their versions, forks and the bounded
//! perft of a variant file.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Who may see a published variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Visibility {
    /// Its owner only (404 to everyone else).
    #[default]
    Private,
    /// Anyone with its link; not in the public list.
    Unlisted,
    /// Anyone, and listed in `GET /api/studio/variants`.
    Public,
}

impl Visibility {
    /// Its word, as stored and sent.
    pub fn name(self) -> &'static str {
        match self {
            Visibility::Private => "private",
            Visibility::Unlisted => "unlisted",
            Visibility::Public => "public",
        }
    }

    /// The visibility of a stored word.
    pub fn from_name(name: &str) -> Option<Visibility> {
        [Visibility::Private, Visibility::Unlisted, Visibility::Public]
            .into_iter()
            .find(|v| v.name() == name)
    }
}

/// The body of `POST /api/studio/variants`: a variant file published.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PublishRequest {
    /// The variant's name in the studio (1 to 40 characters).
    pub name: String,
    /// The variant file's text (TOML), as `POST /api/variants/check` takes it.
    pub text: String,
    /// Who may see it.
    #[serde(default)]
    pub visibility: Visibility,
}

/// The body of `POST /api/studio/variants/{id}/versions`: a new text for the owner's variant.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VersionRequest {
    /// The variant file's text.
    pub text: String,
}

/// The body of `POST /api/studio/variants/{id}/visibility`.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VisibilityRequest {
    /// Who may see it from now on.
    pub visibility: Visibility,
}

/// The body of `POST /api/studio/variants/{id}/fork`: a copy of a variant's latest version as a
/// new variant of the asker's.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ForkRequest {
    /// The fork's name (by default the variant's, with "(fork)").
    #[serde(default)]
    pub name: Option<String>,
    /// Who may see the fork (by default: private).
    #[serde(default)]
    pub visibility: Visibility,
}

/// A published variant's version, as a game or seek names it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantVersionRef {
    /// The variant's id.
    pub id: String,
    /// The version's hash: its 64 hex digits, or at least its first 12.
    pub version: String,
}

/// A version of a published variant, listed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct VersionSummary {
    /// The SHA-256 of its text, 64 hex digits.
    pub hash: String,
    /// Its first 12 hex digits, as shown.
    pub short: String,
    /// When it was made, in ms since 1970.
    pub created_ms: i64,
}

/// One version of a published variant with its text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct VariantVersion {
    /// The variant's id.
    pub variant: String,
    /// The version's hash.
    pub hash: String,
    /// Its first 12 hex digits.
    pub short: String,
    /// The variant file's text.
    pub text: String,
    /// When it was made, in ms since 1970.
    pub created_ms: i64,
    /// Whether it is the variant's latest version.
    pub latest: bool,
}

/// The owner of a published variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct VariantOwner {
    /// The player's id (its page is `/api/players/{id}`).
    pub id: String,
    /// Its name.
    pub name: String,
}

/// A published variant as lists show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct StudioSummary {
    /// Its id.
    pub id: String,
    /// Its name in the studio.
    pub name: String,
    /// The latest version's title.
    pub title: String,
    /// The latest version's description.
    pub description: String,
    /// Its owner.
    pub owner: VariantOwner,
    /// Who may see it.
    pub visibility: Visibility,
    /// The latest version's hash.
    pub latest: String,
    /// The variant and version it was forked from.
    pub forked_from: Option<VariantVersionRef>,
    /// When it was published, in ms since 1970.
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
}

/// `GET /api/studio/variants/{id}`: a published variant, its latest version and every version.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct StudioVariant {
    /// The variant.
    #[serde(flatten)]
    pub summary: StudioSummary,
    /// Its latest version, with its text.
    pub current: VariantVersion,
    /// Every version, newest first.
    pub versions: Vec<VersionSummary>,
    /// Whether the asker owns it (and so may make versions and change its visibility).
    pub yours: bool,
}

/// `?q=&page=` for `GET /api/studio/variants`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StudioQuery {
    /// Words that the name, title or description holds (any case); none: every public variant.
    #[serde(default)]
    pub q: Option<String>,
    /// The page, from 0.
    #[serde(default)]
    pub page: Option<i64>,
}

/// A list of published variants.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct StudioList {
    /// The variants of this page, most recently changed first.
    pub variants: Vec<StudioSummary>,
    /// This page, from 0.
    pub page: i64,
    /// How many variants a page holds.
    pub per_page: i64,
    /// How many match in all.
    pub total: i64,
}

/// The body of `POST /api/variants/perft`: a variant file and how deep to count.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PerftRequest {
    /// The variant file's name.
    pub name: String,
    /// Its text.
    pub text: String,
    /// Count to this depth, 1 to 3.
    pub depth: u32,
}

/// The start position's perft counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PerftAnswer {
    /// The number of move sequences from the start, for each depth from 1.
    pub counts: Vec<u64>,
}

/// `GET /api/games/{id}/studio`: the published variant's version a game was made from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct GameOrigin {
    /// The variant and version, or none for a game of a built-in or of a file.
    pub variant: Option<VariantVersionRef>,
}
