//! One record type for every game: the game's identity (a built-in's name and version, or a
//! variant file's whole text), the start, the seed, the players, the clock, every action and
//! every chance outcome, and the result. Written as JSON; replayed through a table, so every
//! action is checked again and every roll of the dice must come out as recorded.

use crate::catalog::{self, GameKind, GameSource};
use crate::clock::ClockSpec;
use crate::event::Seat;
use crate::result::{Ending, GameResult};
use crate::table::{Action, Play, Table, TableSetup, Turn};
use messhall_dice::{Draw, Seed};
use messhall_rules::echo as shorten;
use messhall_rules::{ChanceOutcome, Square, Variant};
use serde::{Deserialize, Serialize};

/// The record format this version writes (records say it, so a later version can read older
/// ones). The rules a game was played by are the game's, not the format's: a cafeteria record's
/// setup names its rules edition (`messhall_cafeteria::Setup::edition`; a setup without one is of
/// edition 1), and replays by that edition's rules.
pub const FORMAT: u32 = 1;

/// The largest record read (a long game is a few hundred kilobytes).
pub const MAX_RECORD_BYTES: usize = 16 * 1024 * 1024;

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
    /// The start or setup.
    #[error("record start: {0}")]
    Setup(#[from] crate::table::SetupError),
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

    /// Plays the record again at a new table: every action is checked, every roll must come out
    /// as recorded, and the result must be the recorded one.
    ///
    /// # Errors
    /// [`RecordError`] naming the first step that does not fit, and why.
    pub fn replay(&self) -> Result<Table, RecordError> {
        let kind = catalog::from_source(&self.game)?;
        let setup = TableSetup {
            fen: self.start.clone(),
            seed: Some(self.seed),
            // The clock is put on after the replay: a replay takes real time that no one spent.
            clock: None,
            cafeteria: match (&kind, &self.setup) {
                // The oldest records name no setup: four players, no options, the first rules.
                (GameKind::Cafeteria, None) => Some(messhall_cafeteria::Setup::of_edition(4, &[], 1)),
                (_, setup) => setup.clone(),
            },
            players: self.players.clone(),
        };
        let mut table = Table::new(kind, &setup)?;
        let mut cursor = 0;
        for (index, step) in self.actions.iter().enumerate() {
            let fail = |why: String| RecordError::Step { index, why };
            // Steps the rules or dice made by themselves are already played: they must match.
            if let Some(made) = rules_step(&table, cursor) {
                if made != *step {
                    return Err(fail(format!(
                        "the game gives {} here but the record has {}",
                        step_text(&made),
                        step_text(step)
                    )));
                }
                cursor += 1;
                continue;
            }
            let before = rules_steps(&table);
            play_step(&mut table, step, self.clock.is_some()).map_err(fail)?;
            // The step itself is one of the rules' steps (a move or a steered outcome).
            cursor = before
                + usize::from(!matches!(
                    step,
                    Step::Student(_)
                        | Step::Resign(_)
                        | Step::Flag(_)
                        | Step::Draw
                        | Step::MoveLimit
                        | Step::Forfeit { .. }
                ));
        }
        if let Some(made) = rules_step(&table, cursor) {
            return Err(RecordError::End(format!(
                "the record ends before {}, which the game gives next",
                step_text(&made)
            )));
        }
        if let Some(cafeteria) = table.cafeteria()
            && !self.draws.is_empty()
        {
            let got = cafeteria.draws();
            if let Some(i) = (0..self.draws.len().max(got.len())).find(|&i| self.draws.get(i) != got.get(i)) {
                return Err(RecordError::End(format!(
                    "the dice's draw {i} differs from the record's"
                )));
            }
        }
        if let Some(spec) = self.clock {
            table.put_clock(spec);
        }
        if let Some(result) = &self.result
            && table.result() != Some(result)
        {
            return Err(RecordError::End(format!(
                "the record says the game ended {}, but replayed it {}",
                result_text(Some(result)),
                result_text(table.result())
            )));
        }
        Ok(table)
    }
}

impl Table {
    /// The game so far as a record.
    pub fn record(&self) -> Record {
        let mut actions = Vec::new();
        match &self.play {
            Play::Chess(c) => {
                let v = c.variant();
                let game = c.game();
                for (i, action) in game.actions().iter().enumerate() {
                    actions.push(match action {
                        messhall_rules::Action::Move(mv) => Step::Move(mv.to_coordinates(v)),
                        messhall_rules::Action::Chance(o) if steered(v, &game.positions()[i]) => {
                            Step::Steer(o.to_text())
                        }
                        messhall_rules::Action::Chance(o) => Step::Chance(o.to_text()),
                    });
                }
            }
            Play::Cafeteria(_) => {
                actions.extend(self.log.iter().filter_map(|(_, a)| match a {
                    Action::Student(a) => Some(Step::Student(a.clone())),
                    _ => None,
                }));
            }
        }
        match self.result().map(|r| &r.ending) {
            Some(Ending::Resigned { seat }) => actions.push(Step::Resign(*seat)),
            Some(Ending::Flagged { seat }) => actions.push(Step::Flag(*seat)),
            Some(Ending::Agreed) => actions.push(Step::Draw),
            Some(Ending::MoveLimit) => actions.push(Step::MoveLimit),
            Some(Ending::Forfeit { seat, reason }) => actions.push(Step::Forfeit {
                seat: *seat,
                reason: reason.clone(),
            }),
            _ => {}
        }
        let (start, setup, draws) = match &self.play {
            Play::Chess(c) => {
                let v = c.variant();
                let fen = c.start().to_fen(v);
                (Some(fen).filter(|f| *f != v.start().to_fen(v)), None, Vec::new())
            }
            Play::Cafeteria(c) => (None, Some(c.setup().clone()), c.draws().to_vec()),
        };
        Record {
            format: FORMAT,
            game: self.kind().source(),
            start,
            setup,
            seed: self.seed(),
            players: self.players().to_vec(),
            clock: self.clock().map(|c| c.spec()),
            actions,
            result: self.result().cloned(),
            draws,
        }
    }
}

/// Whether the chance event pending in `pos` is one a player steers.
pub(crate) fn steered(v: &Variant, pos: &messhall_rules::Position) -> bool {
    v.chance(pos).is_some_and(|event| event.chooser.is_some())
}

/// How many steps the rules' own game holds (chess: moves and chance outcomes).
fn rules_steps(table: &Table) -> usize {
    table.chess().map_or(0, |c| c.game().actions().len())
}

/// The rules' step at `cursor`, if the game has made it already.
fn rules_step(table: &Table, cursor: usize) -> Option<Step> {
    let chess = table.chess()?;
    let game = chess.game();
    let action = game.actions().get(cursor)?;
    let v = chess.variant();
    Some(match action {
        messhall_rules::Action::Move(mv) => Step::Move(mv.to_coordinates(v)),
        messhall_rules::Action::Chance(o) if steered(v, &game.positions()[cursor]) => Step::Steer(o.to_text()),
        messhall_rules::Action::Chance(o) => Step::Chance(o.to_text()),
    })
}

/// Plays one step a seat chose; the reason when it does not fit.
fn play_step(table: &mut Table, step: &Step, clocked: bool) -> Result<(), String> {
    let turn = table.turn();
    let Some(seat) = turn.seat() else {
        return Err(format!("{} after the game ended", step_text(step)));
    };
    let action = match step {
        Step::Move(text) => match turn {
            Turn::Move { .. } => {
                let chess = table.chess().ok_or("a chess move in a game that is not chess")?;
                let mv = chess
                    .variant()
                    .parse_move(chess.position(), text)
                    .map_err(|e| e.to_string())?;
                Action::Move(mv)
            }
            _ => return Err(format!("{} where a {} is due", step_text(step), turn_text(turn))),
        },
        Step::Steer(text) => match turn {
            Turn::Steer { .. } => Action::Steer(parse_outcome(text)?),
            _ => return Err(format!("{} where a {} is due", step_text(step), turn_text(turn))),
        },
        Step::Chance(_) => return Err(format!("{} is not what the dice give here", step_text(step))),
        Step::Student(a) => Action::Student(a.clone()),
        Step::Resign(s) => {
            table.try_act(*s, Action::Resign).map_err(|e| e.to_string())?;
            return Ok(());
        }
        Step::Flag(s) => return flag(table, *s, clocked),
        Step::Draw => return table.agree_draw().map(|_| ()).map_err(|e| e.to_string()),
        Step::MoveLimit => {
            table.stop_at_move_limit();
            return Ok(());
        }
        Step::Forfeit { seat, reason } => {
            if seat.index() >= table.seats() {
                return Err(format!("the table has no seat {}", seat.0));
            }
            table.forfeit(*seat, reason);
            return Ok(());
        }
    };
    table.try_act(seat, action).map(|_| ()).map_err(|e| e.to_string())
}

/// A recorded flag fall: the seat must be the one whose clock ran.
fn flag(table: &mut Table, seat: Seat, clocked: bool) -> Result<(), String> {
    if !clocked {
        return Err("a flag fall in a game without a clock".into());
    }
    if table.turn().seat() != Some(seat) {
        return Err(format!("seat {}'s flag fell while it was not to move", seat.0));
    }
    table.end_on_time(seat);
    Ok(())
}

/// Reads `d4-e5` or `d4` (standing still); only the squares matter, the table knows the odds.
fn parse_outcome(text: &str) -> Result<ChanceOutcome, String> {
    let bad = || format!("\"{}\" is not a step (like d4-e5, or d4 to stand still)", shorten(text));
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

fn step_text(step: &Step) -> String {
    match step {
        Step::Move(m) => format!("the move {}", shorten(m)),
        Step::Chance(o) => format!("the chance outcome {{{}}}", shorten(o)),
        Step::Steer(o) => format!("the steered step {{{}}}", shorten(o)),
        Step::Student(a) => format!("the student action {a:?}"),
        Step::Resign(s) => format!("a resignation by seat {}", s.0),
        Step::Flag(s) => format!("a flag fall of seat {}", s.0),
        Step::Draw => "an agreed draw".into(),
        Step::MoveLimit => "the move limit".into(),
        Step::Forfeit { seat, .. } => format!("a forfeit by seat {}", seat.0),
    }
}

fn turn_text(turn: Turn) -> &'static str {
    match turn {
        Turn::Move { .. } => "move",
        Turn::Steer { .. } => "steered step",
        Turn::Student { .. } => "student's action",
        Turn::Over => "nothing",
    }
}

fn result_text(result: Option<&GameResult>) -> String {
    match result {
        None => "unfinished".into(),
        Some(r) => format!("{:?} ({})", r.scores, r.pgn()),
    }
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
    let actions = old
        .actions
        .iter()
        .enumerate()
        .map(|(i, a)| match a {
            messhall_rules::Action::Move(mv) => Step::Move(mv.to_coordinates(v)),
            messhall_rules::Action::Chance(o) if steered(v, &game.positions()[i]) => Step::Steer(o.to_text()),
            messhall_rules::Action::Chance(o) => Step::Chance(o.to_text()),
        })
        .collect();
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
    })
}
