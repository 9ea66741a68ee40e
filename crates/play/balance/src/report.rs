//! A balance report as data: what was played and what it showed. Serialized, it is the JSON a
//! report is kept as; [`crate::text`] and [`crate::html`] render it for people. Nothing in it
//! depends on the machine or the time taken, so the same request makes the same report.

use crate::stats::{Share, Spread};
use serde::{Deserialize, Serialize};

/// A balance report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The game's name (`chess`, `foodfight`, `cafeteria`, or a variant file's name).
    pub game: String,
    /// The game's title for people.
    pub title: String,
    /// How strongly the games were played (`nodes=2000`, `level=5`; the cafeteria game's bot).
    pub strength: String,
    /// The seed.
    pub seed: u64,
    /// Games asked for (the self-play games of a chess variant, without the skill trace's; the
    /// cafeteria game's over its three player counts).
    pub games_planned: u32,
    /// Games played to the end and counted.
    pub games_played: u32,
    /// Whether the run was stopped before the end: then the figures are those of the games played.
    pub partial: bool,
    /// The command that made the report, if it was made by one (`messhall balance ...`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// The figures of a chess variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chess: Option<ChessReport>,
    /// The figures of the cafeteria game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cafeteria: Option<CafeteriaReport>,
}

/// The figures of a chess variant's self-play games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChessReport {
    /// How the games' openings were varied.
    pub openings: String,
    /// The ply limit.
    pub max_plies: u32,
    /// The first mover's (White's) share of the points.
    pub first_mover: Share,
    /// The share of games drawn, 0 to 1.
    pub draw_rate: f64,
    /// How the games ended, most frequent first.
    pub endings: Vec<EndingCount>,
    /// Game length in plies.
    pub length: Spread,
    /// How the phases are told apart.
    pub phases: String,
    /// Legal moves per position, by phase.
    pub branching: Vec<PhaseBranching>,
    /// Each of a few strengths against the one below.
    pub skill: Vec<SkillStep>,
    /// Distinct positions after a few plies.
    pub diversity: Vec<Diversity>,
    /// Piece values fitted from the games beside the engine's own.
    pub piece_values: PieceValues,
}

/// How many games ended one way, by who won.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndingCount {
    /// The ending as game records name it (`checkmate`, `fifty-moves`, `move-limit`...).
    pub ending: String,
    /// The same for people (`checkmate`, `fifty-move rule`, `ply limit`).
    pub words: String,
    /// Games White won this way.
    pub white: u32,
    /// Games Black won this way.
    pub black: u32,
    /// Games drawn this way.
    pub drawn: u32,
}

impl EndingCount {
    /// Games that ended this way.
    pub fn total(&self) -> u32 {
        self.white + self.black + self.drawn
    }
}

/// The branching factor of one phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhaseBranching {
    /// `opening`, `middlegame` or `endgame`.
    pub phase: String,
    /// Positions counted (where a player was to move).
    pub positions: u64,
    /// Legal moves per position, on average.
    pub mean: f64,
}

/// One step of the skill trace: a stronger setting against the one below it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SkillStep {
    /// The stronger (`nodes=2000`, `level=6`).
    pub stronger: String,
    /// The weaker.
    pub weaker: String,
    /// The stronger's share of the points (colours alternating).
    pub share: Share,
}

/// Distinct positions after some plies, over the games that got that far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Diversity {
    /// After this many plies.
    pub plies: u32,
    /// Games that got that far.
    pub games: u32,
    /// Distinct positions among them.
    pub distinct: u32,
}

/// Piece values in pawns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceValues {
    /// How they were fitted.
    pub method: String,
    /// Positions fitted on.
    pub positions: u32,
    /// Their mean share of the start's piece material left, 0 to 1: the position the fitted
    /// values are for.
    pub material_share: f64,
    /// The piece that counts 1 (the variant's pawn, or else its least valued piece).
    pub unit: String,
    /// One line per piece type (royal pieces have none).
    pub pieces: Vec<PieceValue>,
}

/// One piece type's value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceValue {
    /// The piece's name.
    pub name: String,
    /// Its FEN letter.
    pub letter: char,
    /// Fitted from the games, in pawns, for the fitted positions' mean material
    /// ([`PieceValues::material_share`]); `None` when the games did not tell
    /// (too few positions with it out of balance, or a fit that failed).
    pub fitted: Option<f64>,
    /// The fitted value's standard error, in pawns.
    pub error: Option<f64>,
    /// Fitted from the games for an endgame (a third of the start's piece material left), in
    /// pawns.
    pub endgame: Option<f64>,
    /// Positions where the two sides had different numbers of it.
    pub imbalanced: u32,
    /// The engine's own value (from the variant's data), in pawns.
    pub engine: f64,
}

/// The figures of the cafeteria game, by player count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CafeteriaReport {
    /// The bot every seat was played by.
    pub bot: String,
    /// One table per player count.
    pub tables: Vec<CafeteriaTable>,
}

/// The cafeteria game at one player count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CafeteriaTable {
    /// Players (2, 3 or 4; with 2, each runs two students).
    pub players: u8,
    /// Games played.
    pub games: u32,
    /// Each seat's share of the points, in seat order (the first to act first).
    pub seats: Vec<SeatShare>,
    /// How the games ended, most frequent first.
    pub endings: Vec<CafeteriaEnding>,
    /// The share of games the Food-Off decided, 0 to 1.
    pub food_off_rate: f64,
    /// Game length in rounds.
    pub rounds: Spread,
}

/// One seat's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatShare {
    /// The seat, from 1.
    pub seat: u8,
    /// Its mean share of the points a game (a shared Food-Off splits the point; a game nobody
    /// wins gives none).
    pub share: f64,
    /// The 95% interval's low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
    /// Games it won alone.
    pub wins: u32,
}

/// How many cafeteria games ended one way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CafeteriaEnding {
    /// The ending as game records name it (`food-off`, `last-student`...).
    pub ending: String,
    /// Games that ended so.
    pub games: u32,
}

impl Report {
    /// The report as pretty JSON, ending in a newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// A report read from its JSON.
    ///
    /// # Errors
    /// The JSON reader's error when the text is not a report.
    pub fn from_json(text: &str) -> Result<Report, serde_json::Error> {
        serde_json::from_str(text)
    }
}
