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
    /// Its rating in each game it played rated.
    pub ratings: Vec<RatingView>,
    /// Its rating after each rated game, oldest first (the chart).
    pub history: Vec<RatingPoint>,
}

/// A player's rating in one game.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct RatingView {
    /// The game's name.
    pub game: String,
    /// The model: `Glicko-2` (chess games, from 1500) or `Weng-Lin` (the cafeteria, from 25).
    pub model: String,
    /// The rating.
    pub rating: f64,
    /// Its deviation (Glicko-2's RD, Weng-Lin's sigma).
    pub deviation: f64,
    /// Glicko-2's volatility (0 for Weng-Lin).
    pub volatility: f64,
    /// Whether it is still provisional (its deviation too high to say much).
    pub provisional: bool,
    /// Rated games played.
    pub games: i64,
}

/// A rating after one rated game.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct RatingPoint {
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

/// A row of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LeaderboardRow {
    /// The player.
    pub player: PlayerView,
    /// Its rating in the game.
    pub rating: RatingView,
}

/// `GET /api/leaderboard/{game}`: a game's best-rated players, best first.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Leaderboard {
    /// The game's name.
    pub game: String,
    /// The players, best first (provisional ratings after the others).
    pub players: Vec<LeaderboardRow>,
}
