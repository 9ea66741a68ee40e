//! An external engine as a [`Player`]: it is started at its first move, told the whole game,
//! and its answer is read back through our rules. Whatever goes wrong (an illegal answer, a
//! resignation or a claimed result, a crash, silence past the deadline) is the engine's
//! [`Player::fault`]: the engine is stopped, and a match scores the game lost for it.

use crate::config::{EngineConfig, Protocol};
use crate::fault::Fault;
use crate::process::{EngineProcess, ReadError};
use crate::uci::UciLink;
use crate::xboard::XBoardLink;
use messhall_records::{GameKind, Seat};
use messhall_rules::{Color, Variant};
use messhall_table::{Action, Budget, CannotPlay, Choice, Legal, Player, Table};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The time per move when a match gives none.
const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// How many times its time per move an engine may take before it has hung (plus [`GRACE`]).
const PATIENCE: u32 = 10;

/// Time an engine may take beyond [`PATIENCE`] times its time per move (starting, a slow pipe).
const GRACE: Duration = Duration::from_secs(2);

/// How long an engine may take to take in the moves it is told, apart from its time to move
/// (Fairy-Max checks each move with a search, which takes seconds in some Food Fight positions).
pub(crate) const TAKING_IN: Duration = Duration::from_secs(30);

/// What an engine is told about the game it plays.
#[derive(Clone, Debug)]
pub(crate) struct GameInfo {
    /// The engine's name for the game, if it needs one.
    pub(crate) variant: Option<String>,
    /// The start, when it is not the variant's usual start.
    pub(crate) start: Option<Start>,
    /// The start, whatever it is (an XBoard engine is given it whenever it plays a variant:
    /// its own idea of the variant's start may differ from ours).
    pub(crate) our_start: Start,
    /// The board's ranks (XBoard numbers a 10-rank board from 0).
    pub(crate) ranks: u8,
}

/// A start position, as FEN and as pieces (for XBoard's edit mode).
#[derive(Clone, Debug)]
pub(crate) struct Start {
    /// In our FEN.
    pub(crate) fen: String,
    /// Each piece: White's, its letter in upper case, its square (`a2`), in our numbering.
    pub(crate) pieces: Vec<(bool, char, String)>,
    /// Whether White moves first.
    pub(crate) white_to_move: bool,
}

impl Start {
    fn of(v: &Variant, pos: &messhall_rules::Position) -> Start {
        let pieces = pos
            .occupied()
            .into_iter()
            .filter_map(|sq| {
                let piece = pos.piece_at(sq)?;
                let letter = v.role_letter(piece.role()).to_ascii_uppercase();
                Some((piece.color() == Color::White, letter, sq.to_string()))
            })
            .collect();
        Start {
            fen: pos.to_fen(v),
            pieces,
            white_to_move: pos.side_to_move() == Color::White,
        }
    }
}

/// A move of the game so far, as the engine may be told it.
#[derive(Clone, Debug)]
pub(crate) struct MoveText {
    /// In our coordinates (`e2e4`, `P@e4`, `e7e8q`).
    pub(crate) coordinates: String,
    /// In SAN (for XBoard engines that ask for it).
    pub(crate) san: String,
}

/// The running engine, by protocol.
enum Link {
    XBoard(Box<XBoardLink>),
    Uci(UciLink),
}

/// An external engine playing one game.
pub struct ExternalEngine {
    config: Arc<EngineConfig>,
    info: GameInfo,
    link: Option<Link>,
    fault: Option<String>,
    /// Whether the engine was restarted in this game after a doubtful failure.
    restarted: bool,
}

impl ExternalEngine {
    /// An engine of `config` for `game` (started at its first move).
    ///
    /// # Errors
    /// [`CannotPlay`] when the game is not a chess game, or has chance steps (the PieceEater's):
    /// an engine cannot be told them.
    pub fn new(config: Arc<EngineConfig>, game: &GameKind) -> Result<ExternalEngine, CannotPlay> {
        let GameKind::Chess(chess) = game else {
            return Err(CannotPlay::ChessOnly {
                player: config.name.clone(),
            });
        };
        let variant = chess.variant.clone();
        if has_chance_steps(&variant) {
            return Err(CannotPlay::ChanceSteps {
                player: config.name.clone(),
                variant: variant.name().to_string(),
                neutral: variant.rules().neutral_name().to_string(),
            });
        }
        let info = GameInfo {
            variant: config
                .variant
                .clone()
                .or_else(|| (variant.name() != "chess").then(|| variant.name().to_string())),
            start: None,
            our_start: Start::of(&variant, &variant.start()),
            ranks: variant.size().ranks(),
        };
        Ok(ExternalEngine {
            config,
            info,
            link: None,
            fault: None,
            restarted: false,
        })
    }

    /// The engine's answer for the seat to move at `table`, checked by our rules.
    fn answer(&mut self, table: &Table, budget: &Budget) -> Result<Action, Fault> {
        let chess = table.chess().ok_or(Fault::NotChess)?;
        match table.legal() {
            Legal::Moves(_) => {}
            Legal::Steps(_) => return Err(Fault::Steer),
            _ => return Err(Fault::NothingToDo),
        }
        let v = chess.variant();
        let game = chess.game();
        let mut moves = Vec::new();
        for (i, action) in game.actions().iter().enumerate() {
            match action {
                messhall_rules::Action::Move(mv) => moves.push(MoveText {
                    coordinates: mv.to_coordinates(v),
                    san: v.san(&game.positions()[i], mv),
                }),
                messhall_rules::Action::Chance(_) => {
                    return Err(Fault::ChanceSteps);
                }
            }
        }
        let movetime = budget.movetime.unwrap_or(DEFAULT_MOVETIME);
        let allowed = movetime * PATIENCE + GRACE;
        if self.link.is_none() {
            let start = Start::of(v, chess.start());
            self.info.start = (start.fen != v.start().to_fen(v)).then(|| start.clone());
            self.info.our_start = start;
            let info = self.info.clone();
            self.link = Some(match self.config.protocol {
                Protocol::XBoard => Link::XBoard(Box::new(XBoardLink::start(&self.config, info)?)),
                Protocol::Uci => Link::Uci(UciLink::start(&self.config, info)?),
            });
        }
        let searchmoves: Vec<String> = match table.legal() {
            Legal::Moves(legal) if self.config.searchmoves => legal.iter().map(|m| m.to_coordinates(v)).collect(),
            _ => Vec::new(),
        };
        let said = match &mut self.link {
            Some(Link::XBoard(x)) => match x.think(&moves, movetime, allowed) {
                Ok(said) => said,
                // Once a game, a doubtful failure gets a fresh engine told the whole game.
                Err(_) if x.doubtful() && !self.restarted => {
                    self.restarted = true;
                    let mut fresh = XBoardLink::start(&self.config, self.info.clone())?;
                    let said = fresh
                        .think(&moves, movetime, allowed)
                        .map_err(|fault| Fault::AfterRestart(Box::new(fault)))?;
                    self.link = Some(Link::XBoard(Box::new(fresh)));
                    said
                }
                Err(why) => return Err(why),
            },
            Some(Link::Uci(u)) => u.think(&moves, &searchmoves, self.config.nodes, movetime, allowed)?,
            None => return Err(Fault::NotStarted),
        };
        let mv = match v.parse_move(chess.position(), &said) {
            Ok(mv) => mv,
            Err(why) => return Err(Fault::IllegalMove { said, why: Some(why) }),
        };
        let action = Action::Move(mv);
        if !table.legal().contains(&action) {
            return Err(Fault::IllegalMove { said, why: None });
        }
        if let Some(Link::XBoard(x)) = &mut self.link {
            x.played(&mv.to_coordinates(v));
        }
        Ok(action)
    }
}

impl Player for ExternalEngine {
    fn name(&self) -> String {
        self.config.name.clone()
    }

    fn choose(&mut self, table: &Table, _seat: Seat, budget: &Budget) -> Choice {
        self.fault = None;
        match self.answer(table, budget) {
            Ok(action) => Choice::Act(action),
            Err(fault) => {
                let why = if let Fault::Silent = fault {
                    let movetime = budget.movetime.unwrap_or(DEFAULT_MOVETIME);
                    let allowed = movetime * PATIENCE + GRACE;
                    format!(
                        "did not answer within {:.1} s ({PATIENCE} times its {} s a move, plus {} s)",
                        allowed.as_secs_f64(),
                        movetime.as_secs_f64(),
                        GRACE.as_secs()
                    )
                } else {
                    fault.to_string()
                };
                // A hung or confused engine is stopped; the next game starts a fresh one.
                self.link = None;
                self.fault = Some(format!("{} {why}", self.config.name));
                Choice::Nothing
            }
        }
    }

    fn fault(&mut self) -> Option<String> {
        self.fault.take()
    }
}

/// Whether the variant's neutral piece steps by chance after a move from the start (the
/// PieceEater does after every move).
fn has_chance_steps(v: &Variant) -> bool {
    let start = v.start();
    v.chance_pending(&start)
        || v.legal_moves(&start)
            .iter()
            .any(|mv| v.chance_pending(&start.play_unchecked(v, mv)))
}

/// Reads lines until `judge` ends the wait with its answer (`None`: read on), or `deadline`.
///
/// # Errors
/// The judge's error; that the engine did not answer in time, or ended (how).
pub(crate) fn read_until<T>(
    process: &mut EngineProcess,
    deadline: Instant,
    mut judge: impl FnMut(&str) -> Option<Result<T, Fault>>,
) -> Result<T, Fault> {
    loop {
        match process.read_line(deadline) {
            Ok(line) => {
                if let Some(answer) = judge(&line) {
                    return answer;
                }
            }
            Err(ReadError::Timeout) => return Err(Fault::Silent),
            Err(ReadError::Closed(how)) => return Err(Fault::Stopped(how)),
        }
    }
}
