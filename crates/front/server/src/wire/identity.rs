//! The JSON of players, sessions and accounts.

use super::GameSummary;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A player as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlayerView {
    /// Its id, in the link to its page (`/player/ID`).
    pub id: String,
    /// The name shown.
    pub name: String,
    /// Whether it has an account (a login name and password); an anonymous player is known by
    /// its browser's session only.
    pub account: bool,
    /// When it first came, in ms since 1970.
    pub created_ms: i64,
}

/// `GET /api/me`: the player of this browser's session, if it has one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MeView {
    /// The player, or none before the browser's first `POST /api/me`.
    pub player: Option<PlayerView>,
}

/// The body of `POST /api/me/name`.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RenameRequest {
    /// The new name.
    pub name: String,
}

/// The body of `POST /api/accounts` and `POST /api/login`.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The login name: 3 to 20 letters, digits, `_` or `-`, starting with a letter; the same in
    /// any case.
    pub name: String,
    /// The password: 8 to 128 characters.
    pub password: String,
}

/// A game of a player's, with the seats it holds there.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct PlayerGame {
    /// The game.
    pub game: GameSummary,
    /// The seats the player holds in it.
    #[schema(value_type = Vec<u8>)]
    pub seats: Vec<messhall_records::Seat>,
    /// Whether it is one of those seats' turn now (a game not over).
    pub your_turn: bool,
}

/// `GET /api/players/{id}`: a player's page.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct PlayerPage {
    /// The player.
    pub player: PlayerView,
    /// Its games, newest first.
    pub games: Vec<PlayerGame>,
}
