//! The JSON of a game's chat.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The body of `POST /api/games/{id}/chat`.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatRequest {
    /// The text: 1 to 280 characters, plain (shown as text, never as markup).
    pub text: String,
}

/// `after` for `GET /api/games/{id}/chat`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChatQuery {
    /// Only the messages after this number.
    #[serde(default)]
    pub after: Option<i64>,
    /// A seat's token (or the session's seat).
    #[serde(default)]
    pub token: Option<String>,
}

/// A chat message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ChatMessage {
    /// Its number in the game, from 1.
    pub n: i64,
    /// Its writer's player id, when a session wrote it.
    pub player_id: Option<String>,
    /// Its writer's name.
    pub name: String,
    /// The text, plain.
    pub text: String,
    /// When, in ms since 1970.
    pub at_ms: i64,
}

/// `GET /api/games/{id}/chat`: the messages of the asker's room.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ChatLog {
    /// `players` (for a seat) or `spectators`.
    pub room: String,
    /// The messages after `after`, oldest first.
    pub messages: Vec<ChatMessage>,
}

/// `GET`/`POST /api/games/{id}/rematch`: who offered a rematch, and its game once every person
/// has.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct RematchView {
    /// The seats that offered.
    #[schema(value_type = Vec<u8>)]
    pub offers: Vec<messhall_records::Seat>,
    /// The rematch, once made.
    pub game: Option<String>,
}
