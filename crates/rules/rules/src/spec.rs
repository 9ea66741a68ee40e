//! The variant file: what a user writes (TOML), before it is checked and compiled.
//!
//! `docs/variant-files.md` documents every field with an example. A [`VariantSpec`] becomes a
//! playable [`crate::Variant`] only through [`crate::Variant::new`], which checks it.

use crate::problem::{Locator, VariantProblem};
use serde::Deserialize;

/// A variant as written in a file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSpec {
    /// Short name used on the command line (`chess`, `calorie`).
    pub name: String,
    /// The game's name for people (`Food Fight chess`); the short name when absent.
    #[serde(default)]
    pub title: Option<String>,
    /// One line on what makes the game different, for `messhall variants` and the home page.
    #[serde(default)]
    pub description: String,
    /// The rules in prose for people (a small Markdown subset: `#` headings, paragraphs, `-`
    /// lists, `**bold**`, `` `code` ``), shown on the variant's page.
    #[serde(default)]
    pub rules_text: Option<String>,
    /// Board width, 4 to 16.
    pub files: u32,
    /// Board height, 4 to 16.
    pub ranks: u32,
    /// The start position in FEN.
    pub start: String,
    /// Piece types.
    #[serde(rename = "piece")]
    pub pieces: Vec<PieceSpec>,
    /// Promotion rules; none means no piece promotes.
    #[serde(default)]
    pub promotion: Vec<PromotionSpec>,
    /// Castling, if the game has it.
    #[serde(default)]
    pub castling: Option<CastlingSpec>,
    /// Drops of pieces in hand, if the game has them.
    #[serde(default)]
    pub drops: Vec<DropSpec>,
    /// How the game ends.
    #[serde(default)]
    pub end: EndSpec,
    /// Special rules written in Rust, by name (a game of the catalog, such as `calorie`).
    #[serde(default)]
    pub rules: Option<String>,
    /// Name of the per-piece counter, if the game keeps one (Calorie's energy: `Cal`).
    #[serde(default)]
    pub counter: Option<String>,
    /// The file's text, when the spec was read from one: faults are reported where they are
    /// written.
    #[serde(skip)]
    pub(crate) source: Option<String>,
}

impl VariantSpec {
    /// The fault `message` of `field` (a TOML path such as `rules` or `piece[2].betza`), with
    /// where the field is written in the file this spec was read from: for a fault the rules
    /// core cannot see, such as a `rules` name no game has.
    pub fn problem(&self, field: &str, message: impl Into<String>) -> VariantProblem {
        Locator::new(self.source.as_deref()).problem(field, message)
    }
}

/// One piece type.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// One letter, written uppercase for White and lowercase for Black in FEN.
    pub letter: char,
    /// The piece's name ("Knight", "Pancake").
    pub name: String,
    /// Its moves in XBetza (see docs/xbetza.md).
    pub betza: String,
    /// Worth in centipawns for the engine; derived from its moves when left out.
    #[serde(default)]
    pub value: Option<i32>,
    /// Losing it loses the game (checkmate or capture, per `[end]`).
    #[serde(default)]
    pub royal: bool,
    /// A pawn: its moves reset the 50-move count and SAN omits its letter.
    #[serde(default)]
    pub pawn: bool,
    /// Starting value of the per-piece counter (Calorie's energy), if the game keeps one.
    #[serde(default)]
    pub counter: Option<u16>,
    /// Rifle captures: an enemy at one of these leaps is removed and the piece stays where it is.
    #[serde(default)]
    pub rifle: Option<String>,
    /// Captures by leaping over (the Samurai's katana): an enemy at one of these leaps is removed
    /// by leaping as far again beyond it, onto an empty square.
    #[serde(default)]
    pub katana: Option<String>,
    /// Swaps places with a friendly piece of another type at one of these leaps.
    #[serde(default)]
    pub swap: Option<String>,
    /// A one-square step onto an empty square straight away from an adjacent enemy removes that
    /// enemy (always: the step cannot be made without capturing).
    #[serde(default)]
    pub withdrawal: bool,
    /// Whatever captures this piece, except by a rifle capture, is removed as well.
    #[serde(default)]
    pub poisonous: bool,
    /// Enemy pieces on the eight squares around it can neither move nor capture nor guard.
    #[serde(default)]
    pub immobilizes: bool,
    /// Hia: an enemy `slider` may not slide from or across a square next to it (it may end there).
    #[serde(default)]
    pub hia: bool,
    /// Its slides (moves of two or more squares along a line through empty squares) are stopped
    /// by enemy `hia` pieces.
    #[serde(default)]
    pub slider: bool,
    /// Extra moves (XBetza) the piece has only while an enemy piece attacks it.
    #[serde(default)]
    pub when_attacked: Option<String>,
    /// Has no moves of its own: borrows the moves and powers of the friendly pieces that guard it.
    #[serde(default)]
    pub borrows: bool,
}

/// Promotion on one rank for some piece types.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSpec {
    /// Letters of the piece types that promote here (default: every pawn).
    #[serde(default)]
    pub pieces: Option<String>,
    /// Rank counted from the mover's own side: 1 is its first rank, `ranks` the last.
    pub rank: u32,
    /// Letters of the types a piece may become.
    pub choices: String,
    /// Whether promotion is compulsory on arrival (true) or the piece may stay as it is.
    #[serde(default = "yes")]
    pub forced: bool,
}

fn yes() -> bool {
    true
}

/// Castling between a royal and a rook-like piece standing on the first rank.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingSpec {
    /// Letter of the castling royal (`K`).
    pub king: char,
    /// Letter of the piece it castles with (`R`).
    pub rook: char,
    /// File the king lands on when castling toward the h side (`g`); the rook lands next to it.
    pub kingside_file: char,
    /// File the king lands on when castling toward the a side (`c`).
    pub queenside_file: char,
}

/// Where pieces in hand may be dropped.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropSpec {
    /// Letters of the piece types this zone is for.
    pub pieces: String,
    /// Ranks counted from the dropping side (1 = own first rank).
    pub ranks: Vec<u32>,
}

/// How a game is won, lost and drawn.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndSpec {
    /// `checkmate`: a move may not leave a royal attacked, and no legal move while attacked loses.
    /// `capture`: there is no check; capturing the last royal wins.
    #[serde(default = "checkmate")]
    pub royal: RoyalRule,
    /// What happens to a side with no legal move that is not in check.
    #[serde(default = "draw")]
    pub stalemate: StalemateRule,
    /// Letters of piece types: a side left with none of them loses.
    #[serde(default)]
    pub extinction: Option<String>,
    /// Moves by each side without a capture or pawn move that draw (0: no such rule).
    #[serde(default = "fifty")]
    pub fifty_moves: u32,
    /// How often a position must occur to draw (0: no such rule).
    #[serde(default = "three")]
    pub repetitions: u32,
}

impl Default for EndSpec {
    fn default() -> Self {
        EndSpec {
            royal: RoyalRule::Checkmate,
            stalemate: StalemateRule::Draw,
            extinction: None,
            fifty_moves: 50,
            repetitions: 3,
        }
    }
}

fn checkmate() -> RoyalRule {
    RoyalRule::Checkmate
}
fn draw() -> StalemateRule {
    StalemateRule::Draw
}
fn fifty() -> u32 {
    50
}
fn three() -> u32 {
    3
}

/// How royal pieces are protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RoyalRule {
    /// A royal piece may not be left attacked; a side with no legal move while in check is mated.
    Checkmate,
    /// Royal pieces may be left attacked and are captured like others; losing the last one loses.
    Capture,
    /// Royal pieces are ordinary while a side has two or more; its last one is royal as under
    /// `checkmate`, and a side left with none has lost.
    Last,
}

/// The fate of a side that cannot move and is not in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StalemateRule {
    /// The game is drawn.
    Draw,
    /// The side passes; if the other side passed just before, the game is drawn.
    Pass,
    /// The side that cannot move loses.
    Loss,
}
