//! The JSON of balance reports: a report asked for a published variant's version, and a report
//! as it runs and once made.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/studio/variants/{id}/versions/{hash}/reports`: what to measure. Give a node
/// budget or a level (neither: 2,000 nodes a move).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    /// Self-play games, 2 to 200 (default 40).
    #[serde(default)]
    pub games: Option<u32>,
    /// Nodes a move, 100 to 20,000.
    #[serde(default)]
    pub nodes: Option<u64>,
    /// A playing level, 1 to 6.
    #[serde(default)]
    pub level: Option<u8>,
    /// The seed every opening and engine choice derives from (default 1).
    #[serde(default)]
    pub seed: Option<u64>,
}

/// A balance report: asked, running (its progress), or made.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ReportView {
    /// Its id.
    pub id: String,
    /// The published variant.
    pub variant: String,
    /// The version's whole hash.
    pub version: String,
    /// What was asked: games, strength and seed.
    pub request: String,
    /// `queued`, `running`, `done`, `cancelled` or `failed`.
    pub status: String,
    /// Whether the asker of this request asked for it (and may cancel it).
    pub yours: bool,
    /// Games played so far.
    pub done_games: u64,
    /// Games it plays in all (the skill trace's included).
    pub total_games: u64,
    /// The report once made (`messhall balance`'s JSON; partial when cancelled or out of
    /// time); `null` until then.
    #[schema(value_type = Option<Object>)]
    pub report: Option<serde_json::Value>,
    /// Why it failed.
    pub error: Option<String>,
    /// When it was asked for, in ms since 1970.
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
}

/// The reports of a version, newest first.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ReportList {
    /// The reports.
    pub reports: Vec<ReportView>,
}
