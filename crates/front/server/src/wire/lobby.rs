//! The JSON of the lobby: seeks, and what its WebSocket sends.

use super::{TimeControl, VariantVersionRef};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Which side a seek's poster takes in a chess game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SeekColour {
    /// White (the first seat).
    White,
    /// Black (the second seat).
    Black,
    /// Drawn at random when the game starts.
    #[default]
    Random,
}

impl SeekColour {
    /// Its word, as stored and sent.
    pub fn name(self) -> &'static str {
        match self {
            SeekColour::White => "white",
            SeekColour::Black => "black",
            SeekColour::Random => "random",
        }
    }

    /// The colour of a stored word.
    pub fn from_name(name: &str) -> Option<SeekColour> {
        [SeekColour::White, SeekColour::Black, SeekColour::Random]
            .into_iter()
            .find(|c| c.name() == name)
    }
}

/// The body of `POST /api/seeks`: a game wanted.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    /// A built-in game's name (`foodfight`, `cafeteria`...); with `variant`, ignored.
    #[serde(default)]
    pub game: String,
    /// Or a published variant's version (unlisted or public; a casual game).
    #[serde(default)]
    pub variant: Option<VariantVersionRef>,
    /// The time control (none: untimed).
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// Whether the game changes the players' ratings (a game with a computer seat never does).
    #[serde(default)]
    pub rated: bool,
    /// The poster's side in a chess game.
    #[serde(default)]
    pub colour: SeekColour,
    /// The cafeteria game's seats, 2 to 4 (a chess game has 2).
    #[serde(default)]
    pub seats: Option<u8>,
    /// The cafeteria game: the poster may start before every seat is taken, the rest played by
    /// bots.
    #[serde(default)]
    pub bots: bool,
}

/// A player waiting in a seek.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SeekPlayer {
    /// The player's id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// A seek as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SeekView {
    /// Its id.
    pub id: String,
    /// The game's name (a published variant's: its name in the studio).
    pub game: String,
    /// The published variant's version, when the game is one.
    pub variant: Option<VariantVersionRef>,
    /// The time control, if timed.
    pub clock: Option<TimeControl>,
    /// Whether it is rated.
    pub rated: bool,
    /// The poster's side (chess).
    pub colour: SeekColour,
    /// The seats of the game.
    pub seats: u8,
    /// Whether the poster may start it with bots in the seats left.
    pub bots: bool,
    /// The players in it, the poster first.
    pub players: Vec<SeekPlayer>,
    /// When it was posted, in ms since 1970.
    pub created_ms: i64,
}

/// `GET /api/seeks`.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct SeekList {
    /// The open seeks, oldest first.
    pub seeks: Vec<SeekView>,
}

/// The answer to a seek posted, joined or started: the seek, or the game it became.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct SeekAnswer {
    /// The seek as it is now (none once it became a game).
    pub seek: Option<SeekView>,
    /// The game it became, once every seat was taken or the poster started it.
    pub game: Option<String>,
}

/// The body of `POST /api/lobby/quick`: a game of this kind and clock at once.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuickRequest {
    /// A chess game's name.
    pub game: String,
    /// The time control.
    #[serde(default)]
    pub clock: Option<TimeControl>,
}

/// A message of the lobby's WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum LobbyMessage {
    /// Every open seek: the first message, and after news was missed.
    Seeks {
        /// The seeks, oldest first.
        seeks: Vec<SeekView>,
    },
    /// A seek posted, or changed (a player joined or left it).
    Seek {
        /// The seek.
        seek: SeekView,
    },
    /// A seek gone: cancelled, its poster left, or it became a game.
    Gone {
        /// The seek's id.
        id: String,
        /// The game it became, if it did; its players go there.
        game: Option<String>,
        /// The players of that game.
        players: Vec<String>,
    },
}
