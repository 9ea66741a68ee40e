//! One record type for every game: the game's identity (a built-in's name and version, or a
//! variant file's whole text), the start, the seed, the players, the clock, every action and
//! every chance outcome, and the result. Written as JSON; a table replays it (`Table::replay` in
//! the play layer's table crate), checking every action again and every roll of the dice.

use crate::catalog::{self, GameKind, GameSource};
use crate::clock::ClockSpec;
use crate::result::{Ending, GameResult};
use crate::seat::Seat;
use messhall_dice::{Draw, Seed};
use messhall_rules::echo as shorten;
use messhall_rules::{ChanceOutcome, Game, Position, Square, Variant};
use serde::{Deserialize, Serialize};

/// The record format this version writes (records say it, so a later version can read older
/// ones). The rules a game was played by are the game's, not the format's: a cafeteria record's
/// setup names its rules edition (`messhall_cafeteria::Setup::edition`; a setup without one is of
/// edition 1), and replays by that edition's rules.
pub const FORMAT: u32 = 1;

/// The largest record read (a long game is a few hundred kilobytes).
pub const MAX_RECORD_BYTES: usize = 16 * 1024 * 1024;

/// The text of a record file (JSON, PGN or the rules' text form) at `path`: a regular file of at
/// most [`MAX_RECORD_BYTES`], refused before it is read otherwise (`/dev/zero`, a pipe, a file of
/// gigabytes).
///
/// # Errors
/// As [`messhall_rules::file::read_text_file`]; the message does not name the file.
pub fn read_record_file(path: &std::path::Path) -> Result<String, messhall_rules::file::FileError> {
    messhall_rules::file::read_text_file(path, MAX_RECORD_BYTES as u64, "record")
}

/// A game as data: enough to play it again exactly, anywhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The record format.
    pub format: u32,
    /// Which rules.
    pub game: GameSource,
    /// A chess game's start position, when it is not the variant's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The cafeteria game's players and options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<messhall_cafeteria::Setup>,
    /// The dice's seed.
    pub seed: Seed,
    /// The players' names by seat.
    #[serde(default)]
    pub players: Vec<String>,
    /// The time control, if the game had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// Every action and chance outcome, in order.
    pub actions: Vec<Step>,
    /// How it ended (checked on replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The cafeteria dice's draws, compared on replay.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draws: Vec<Draw>,
    /// Where the dice moved to a fresh stream after a take-back, in the order of `actions`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fresh_dice: Vec<FreshDice>,
}

/// The dice moved to a fresh stream after a take-back: from step `at` of a record's actions on,
/// the chance events draw from stream `stream` of the seed
/// ([`messhall_dice::SeededDice::from_seed_stream`]), so a player who took a move back is not
/// offered the rolls already seen. The steps before `at` were rolled before the change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FreshDice {
    /// The step of the record's actions from which the new stream decides.
    pub at: usize,
    /// The seed's stream (1 for a game's first take-back, then 2...).
    pub stream: u64,
}

impl FreshDice {
    /// The change due before step `at`, if `fresh` has one (the last, if a list names it twice).
    pub fn due(fresh: &[FreshDice], at: usize) -> Option<FreshDice> {
        fresh.iter().rev().find(|f| f.at == at).copied()
    }

    /// The list as a PGN tag's value: `at:stream` pairs separated by spaces (`12:1 30:2`).
    pub fn to_tag(fresh: &[FreshDice]) -> String {
        fresh
            .iter()
            .map(|f| format!("{}:{}", f.at, f.stream))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Reads a PGN tag's value written by [`FreshDice::to_tag`].
    ///
    /// # Errors
    /// [`FreshDiceError`] naming the pair that is not `at:stream` with whole numbers, or whose
    /// steps do not come in order.
    pub fn from_tag(text: &str) -> Result<Vec<FreshDice>, FreshDiceError> {
        let mut list: Vec<FreshDice> = Vec::new();
        for pair in text.split_whitespace() {
            let bad = || FreshDiceError::Pair(shorten(pair));
            let (at, stream) = pair.split_once(':').ok_or_else(bad)?;
            let fresh = FreshDice {
                at: at.parse().map_err(|_| bad())?,
                stream: stream.parse().map_err(|_| bad())?,
            };
            if list.last().is_some_and(|last| last.at > fresh.at) {
                return Err(FreshDiceError::Order(shorten(pair)));
            }
            list.push(fresh);
        }
        Ok(list)
    }
}

/// Why a list of dice changes was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FreshDiceError {
    /// Not `at:stream` with two whole numbers.
    #[error("`{0}` is not a step and a stream (`12:1`)")]
    Pair(String),
    /// A change before a step earlier than the one before it.
    #[error("`{0}` comes before the change listed ahead of it")]
    Order(String),
}

/// One step of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// A chess move in coordinates (`e2e4`, `P@e4`, `d4e5,e5f6`, `pass`).
    Move(String),
    /// A chance outcome the dice decided (`d4-e5`, or `d4` for standing still).
    Chance(String),
    /// A chance outcome a player chose (the steered PieceEater).
    Steer(String),
    /// A cafeteria student's action.
    Student(messhall_cafeteria::Action),
    /// A seat resigned.
    Resign(Seat),
    /// A seat's clock ran out.
    Flag(Seat),
    /// The players agreed a draw.
    Draw,
    /// A seat left the game on its move (the other side's claim, or the server's end).
    Abandon {
        /// Who left.
        seat: Seat,
        /// Scored a draw rather than lost.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        drawn: bool,
    },
    /// A match stopped the game at its ply limit.
    MoveLimit,
    /// A seat lost by its player's fault (an engine that answered an illegal move, hung...).
    Forfeit {
        /// Who lost.
        seat: Seat,
        /// What the player did.
        reason: String,
    },
}

/// Why a record was refused: where and why.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Not JSON of a record.
    #[error("record: {0}")]
    Syntax(String),
    /// A format this version does not read.
    #[error("record format {0}: this version reads format {FORMAT}")]
    Format(u32),
    /// The game it names.
    #[error("record game: {0}")]
    Game(#[from] catalog::LoadError),
    /// The start or setup (the table's or the rules' words).
    #[error("record start: {0}")]
    Start(String),
    /// One step that does not fit.
    #[error("record action {index}: {why}")]
    Step {
        /// The step's place in `actions`, from 0.
        index: usize,
        /// Why.
        why: String,
    },
    /// The record's end.
    #[error("record: {0}")]
    End(String),
}

impl Record {
    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        // A record holds only strings, numbers and plain enums: it always serialises.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The record as JSON on one line (for a terminal or a log; [`Record::to_json`] for files).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a record from JSON.
    ///
    /// # Errors
    /// [`RecordError::Syntax`] with the line and column of the fault, or
    /// [`RecordError::Format`] for a newer format.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::Syntax(format!(
                "{} bytes is more than the {MAX_RECORD_BYTES} a record may have",
                text.len()
            )));
        }
        let record: Record = serde_json::from_str(text).map_err(|e| RecordError::Syntax(shorten(&e.to_string())))?;
        if record.format != FORMAT {
            return Err(RecordError::Format(record.format));
        }
        Ok(record)
    }
}

impl Step {
    /// The steps of a chess game as the rules played it: its moves and chance outcomes, each
    /// outcome marked as the dice's or a player's.
    pub fn of_chess_game(v: &Variant, game: &Game) -> Vec<Step> {
        game.actions()
            .iter()
            .zip(game.positions())
            .map(|(action, before)| Step::of_chess_action(v, before, action))
            .collect()
    }

    /// The step of one action of the rules, played in `before`.
    pub fn of_chess_action(v: &Variant, before: &Position, action: &messhall_rules::Action) -> Step {
        match action {
            messhall_rules::Action::Move(mv) => Step::Move(mv.to_coordinates(v)),
            messhall_rules::Action::Chance(o) if steered(v, before) => Step::Steer(o.to_text()),
            messhall_rules::Action::Chance(o) => Step::Chance(o.to_text()),
        }
    }

    /// The step that ends a game so, when the record keeps the ending as a step (the rules'
    /// own endings follow from the moves).
    pub fn of_ending(ending: &Ending) -> Option<Step> {
        match ending {
            Ending::Resigned { seat } => Some(Step::Resign(*seat)),
            Ending::Flagged { seat } => Some(Step::Flag(*seat)),
            Ending::Agreed => Some(Step::Draw),
            Ending::Abandoned { seat, drawn } => Some(Step::Abandon {
                seat: *seat,
                drawn: *drawn,
            }),
            Ending::MoveLimit => Some(Step::MoveLimit),
            Ending::Forfeit { seat, reason } => Some(Step::Forfeit {
                seat: *seat,
                reason: reason.clone(),
            }),
            Ending::Rules { .. } | Ending::Cafeteria { .. } => None,
        }
    }

    /// Whether the step is one of the rules' own actions (a move or a chance outcome), not a
    /// student's action or an ending.
    pub fn is_chess_action(&self) -> bool {
        matches!(self, Step::Move(_) | Step::Chance(_) | Step::Steer(_))
    }

    /// The step in words, for messages (`the move e2e4`, `an agreed draw`).
    pub fn describe(&self) -> String {
        match self {
            Step::Move(m) => format!("the move {}", shorten(m)),
            Step::Chance(o) => format!("the chance outcome {{{}}}", shorten(o)),
            Step::Steer(o) => format!("the steered step {{{}}}", shorten(o)),
            Step::Student(a) => format!("the student action {a:?}"),
            Step::Resign(s) => format!("a resignation by seat {}", s.0),
            Step::Flag(s) => format!("a flag fall of seat {}", s.0),
            Step::Draw => "an agreed draw".into(),
            Step::Abandon { seat, .. } => format!("seat {} leaving the game", seat.0),
            Step::MoveLimit => "the move limit".into(),
            Step::Forfeit { seat, .. } => format!("a forfeit by seat {}", seat.0),
        }
    }
}

/// A chance outcome that could not be read: the text (cut short and on one line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{text}\" is not a step (like d4-e5, or d4 to stand still)")]
pub struct OutcomeError {
    /// The text as given, cut short and on one line.
    pub text: String,
}

/// Reads a chance outcome as a record writes it, `d4-e5` or `d4` (standing still); only the
/// squares matter, the rules know the odds.
///
/// # Errors
/// [`OutcomeError`] when the text is not such an outcome.
pub fn parse_outcome(text: &str) -> Result<ChanceOutcome, OutcomeError> {
    let bad = || OutcomeError { text: shorten(text) };
    let mut parts = text.split('-');
    let from: Square = parts.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
    let to: Square = match parts.next() {
        Some(t) => t.parse().map_err(|_| bad())?,
        None => from,
    };
    if parts.next().is_some() {
        return Err(bad());
    }
    Ok(ChanceOutcome::forced(from, to))
}

/// Whether the chance event pending in `pos` is one a player steers.
pub fn steered(v: &Variant, pos: &messhall_rules::Position) -> bool {
    v.chance(pos).is_some_and(|event| event.chooser.is_some())
}

/// A record of the rules' older text form (`variant`, `seed` and `start` lines, then the moves
/// in coordinates and the chance outcomes in braces), for a built-in variant or `variant`.
///
/// # Errors
/// [`RecordError`] when the text is not such a record or does not replay.
pub fn from_rules_text(text: &str, game: Option<GameKind>) -> Result<Record, RecordError> {
    let name = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("variant "))
        .map(str::trim)
        .unwrap_or_default();
    let kind = match game {
        Some(kind) => kind,
        None => catalog::builtin(name).ok_or_else(|| {
            RecordError::Syntax(format!(
                "the record's variant \"{}\" is not a built-in: give its variant file",
                shorten(name)
            ))
        })?,
    };
    let GameKind::Chess(chess) = &kind else {
        return Err(RecordError::Syntax("a text record is of a chess game".into()));
    };
    let v: &Variant = &chess.variant;
    let old = messhall_rules::GameRecord::from_text(chess.variant.clone(), text)
        .map_err(|e| RecordError::Syntax(e.to_string()))?;
    let game = old
        .replay(chess.variant.clone())
        .map_err(|e| RecordError::Syntax(e.to_string()))?;
    let actions = Step::of_chess_game(v, &game);
    let start = Some(old.start.clone()).filter(|f| *f != v.start().to_fen(v));
    Ok(Record {
        format: FORMAT,
        game: kind.source(),
        start,
        setup: None,
        seed: Seed::from_number(old.seed),
        players: Vec::new(),
        clock: None,
        actions,
        result: None,
        draws: Vec::new(),
        fresh_dice: Vec::new(),
    })
}
