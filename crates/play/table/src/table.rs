//! A table: a game in progress as a turn state machine. One entry point,
//! [`Table::try_act`], takes an action from a seat and returns the events it caused; the turn's
//! legal actions are worked out once per turn and kept.
//!
//! ```
//! use messhall_records::{Seat, catalog};
//! use messhall_table::{Action, Table, Turn};
//! let mut table = Table::new(catalog::builtin("chess").unwrap(), &Default::default()).unwrap();
//! assert_eq!(table.turn(), Turn::Move { seat: Seat(0) });
//! let e4 = table.parse_action("e4").unwrap();
//! let events = table.try_act(Seat(0), e4).unwrap();
//! assert!(matches!(&events[0], messhall_table::Event::Moved { san, .. } if san == "e4"));
//! // Black may not move for White, and an illegal move changes nothing.
//! assert!(table.try_act(Seat(0), Action::Resign).is_ok());
//! assert!(table.result().is_some());
//! ```

use crate::cafeteria_table::CafeteriaTable;
use crate::chess_table::ChessTable;
use crate::clock::GameClock;
use crate::event::Event;
use messhall_dice::Seed;
use messhall_records::ClockSpec;
use messhall_records::Seat;
use messhall_records::catalog::GameKind;
use messhall_records::{Ending, FreshDice, GameResult};
use messhall_rules::{ChanceOutcome, FenError, Move, MoveError, Square, echo};
use std::time::Instant;

/// How a table starts: where, with which dice, on which clock.
#[derive(Clone, Debug, Default)]
pub struct TableSetup {
    /// A chess game's start position in FEN (default: the variant's start).
    pub fen: Option<String>,
    /// The seed of the game's dice (default: a secret seed drawn from the operating system).
    pub seed: Option<Seed>,
    /// The game clock (default: none).
    pub clock: Option<ClockSpec>,
    /// The cafeteria game's setup (default: four players, no options).
    pub cafeteria: Option<messhall_cafeteria::Setup>,
    /// The players' names, by seat, for records.
    pub players: Vec<String>,
}

/// Who is to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A player to move.
    Move {
        /// Whose move.
        seat: Seat,
    },
    /// A player to steer a neutral piece's step (the steered PieceEater) before moving.
    Steer {
        /// Who steers.
        seat: Seat,
        /// Where the piece stands.
        from: Square,
    },
    /// A cafeteria student to act.
    Student {
        /// The student's player.
        seat: Seat,
        /// The student.
        student: messhall_cafeteria::StudentId,
    },
    /// The game is over ([`Table::result`]).
    Over,
}

impl Turn {
    /// The seat to act, if any.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Turn::Move { seat } | Turn::Steer { seat, .. } | Turn::Student { seat, .. } => Some(seat),
            Turn::Over => None,
        }
    }
}

/// What a seat does.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// A chess move.
    Move(Move),
    /// The outcome chosen for a steered chance event.
    Steer(ChanceOutcome),
    /// A cafeteria student's action.
    Student(messhall_cafeteria::Action),
    /// Giving up the game.
    Resign,
}

/// The actions open to the seat to act, worked out once per turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Legal {
    /// Nothing: the game is over.
    Nothing,
    /// The legal moves.
    Moves(Vec<Move>),
    /// The outcomes a steering player may choose.
    Steps(Vec<ChanceOutcome>),
    /// A cafeteria student's actions.
    Student(Vec<messhall_cafeteria::Action>),
}

impl Legal {
    /// How many actions there are.
    pub fn len(&self) -> usize {
        match self {
            Legal::Nothing => 0,
            Legal::Moves(m) => m.len(),
            Legal::Steps(s) => s.len(),
            Legal::Student(a) => a.len(),
        }
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `action` is one of them (resigning always is, while the game goes on). A
    /// cafeteria walk is never listed: [`Table::try_act`] asks the rules about it.
    pub fn contains(&self, action: &Action) -> bool {
        match (self, action) {
            (Legal::Nothing, _) => false,
            (_, Action::Resign) => true,
            (Legal::Moves(m), Action::Move(mv)) => m.contains(mv),
            (Legal::Steps(s), Action::Steer(o)) => s.iter().any(|x| x.from == o.from && x.to == o.to),
            (Legal::Student(a), Action::Student(x)) => a.contains(x),
            _ => false,
        }
    }
}

/// Why a table refused an action; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActError {
    /// The game has ended.
    #[error("the game is over")]
    Over,
    /// Another seat is to act.
    #[error("it is not seat {seat}'s turn (seat {to_act} is to act)", seat = .seat.0, to_act = .to_act.0)]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who is to act.
        to_act: Seat,
    },
    /// A seat the table does not have.
    #[error("the table has no seat {}", .0.0)]
    NoSuchSeat(Seat),
    /// The action is of the wrong kind for the turn (a move while a step is to be steered...).
    #[error("{0}")]
    WrongKind(Expected),
    /// Not a legal action now; says why.
    #[error(transparent)]
    Illegal(#[from] Illegal),
}

/// Why an action is not legal now ([`ActError::Illegal`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// A move the rules refuse, with their reason.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A move the rules refuse (given as data, it read as a legal move's text).
    #[error("move \"{text}\" is not legal here")]
    NotLegalHere {
        /// The move in coordinates.
        text: String,
    },
    /// A square the neutral piece's step may not go to.
    #[error(
        "\"{}\" is not a square the step may go to ({})",
        echo(.text),
        .squares.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    )]
    StepSquare {
        /// The text given.
        text: String,
        /// The squares the step may go to.
        squares: Vec<Square>,
    },
    /// A step of the neutral piece that may not be chosen.
    #[error("the step {} is not one that may be chosen here", .outcome.to_text())]
    Step {
        /// The step.
        outcome: ChanceOutcome,
    },
    /// A cafeteria action that does not read.
    #[error(transparent)]
    Notation(#[from] messhall_cafeteria::NotationError),
    /// A cafeteria action naming something the game does not have.
    #[error(transparent)]
    Ids(#[from] messhall_cafeteria::ActionError),
    /// A cafeteria action the rules refuse.
    #[error("{action}: {why}")]
    Refused {
        /// The action, as the game names it.
        action: String,
        /// The rule it breaks, as data.
        refusal: messhall_cafeteria::Refusal,
        /// The refusal in words (the words need the game as it was).
        why: String,
    },
    /// A cafeteria action the rules allow that the table's list of actions lacks.
    #[error("{action} is open but was not played")]
    Unplayed {
        /// The action, as the game names it.
        action: String,
    },
}

/// The kind of action a turn expects ([`ActError::WrongKind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Expected {
    /// A step of the neutral piece, to be steered before the next move.
    #[error("a step of the neutral piece is to be steered first")]
    Step,
    /// A chess move.
    #[error("a move is expected")]
    Move,
    /// A cafeteria student's action.
    #[error("a cafeteria student's action is expected")]
    Student,
}

/// Why a table could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The start position.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// Cafeteria settings (players, bots, options) for a chess game.
    #[error("players, bots and options are settings of the cafeteria game")]
    CafeteriaSettings,
    /// A FEN for the cafeteria game.
    #[error("the cafeteria game has no FEN: it always starts from its own setup")]
    CafeteriaFen,
    /// The cafeteria game's setup.
    #[error(transparent)]
    Cafeteria(#[from] messhall_cafeteria::SetupError),
}

/// The game at a table (both kinds are large and a table holds one: no boxing needed).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Play {
    Chess(ChessTable),
    Cafeteria(CafeteriaTable),
}

/// A game in progress: the game, its turn and legal actions, its clock, and every event so far.
#[derive(Clone, Debug)]
pub struct Table {
    kind: GameKind,
    pub(crate) play: Play,
    seed: Seed,
    turn: Turn,
    legal: Legal,
    result: Option<GameResult>,
    clock: Option<GameClock>,
    events: Vec<Event>,
    players: Vec<String>,
    /// Each action a seat chose, in order (forced passes are the rules' doing and not among them).
    pub(crate) log: Vec<(Seat, Action)>,
    /// Where the dice moved to a fresh stream after a take-back, for the record.
    pub(crate) fresh: Vec<FreshDice>,
    /// The streams taken so far: each take-back across a roll takes the next, so none comes twice
    /// (not even one whose change was itself taken back later).
    pub(crate) streams: u64,
}

impl Table {
    /// A table for `kind` set up as `setup` says.
    ///
    /// # Errors
    /// [`SetupError`] for a bad start position, or a setting that does not apply to the game.
    pub fn new(kind: GameKind, setup: &TableSetup) -> Result<Table, SetupError> {
        let seed = setup.seed.unwrap_or_else(crate::seed::secret);
        let play = match &kind {
            GameKind::Chess(chess) => {
                if setup.cafeteria.is_some() {
                    return Err(SetupError::CafeteriaSettings);
                }
                Play::Chess(ChessTable::new(chess, setup.fen.as_deref(), seed)?)
            }
            GameKind::Cafeteria => {
                if setup.fen.is_some() {
                    return Err(SetupError::CafeteriaFen);
                }
                let cafeteria = setup
                    .cafeteria
                    .clone()
                    .unwrap_or_else(|| messhall_cafeteria::Setup::new(4, &[]));
                Play::Cafeteria(CafeteriaTable::new(cafeteria, seed)?)
            }
        };
        let seats = match &play {
            Play::Chess(_) => 2,
            Play::Cafeteria(c) => c.seats(),
        };
        let mut table = Table {
            kind,
            play,
            seed,
            turn: Turn::Over,
            legal: Legal::Nothing,
            result: None,
            clock: setup.clock.map(|spec| GameClock::new(spec, seats)),
            events: Vec::new(),
            players: setup.players.clone(),
            log: Vec::new(),
            fresh: Vec::new(),
            streams: 0,
        };
        let mut start = match &mut table.play {
            Play::Chess(c) => c.start_events(),
            Play::Cafeteria(c) => c.take_events(),
        };
        table.refresh(&mut start);
        table.events = start;
        if let (Some(clock), Some(seat)) = (&mut table.clock, table.turn.seat()) {
            clock.start(seat, Instant::now());
        }
        Ok(table)
    }

    /// The game played here.
    pub fn kind(&self) -> &GameKind {
        &self.kind
    }

    /// The seed of the game's dice (keep it from the players until the game ends: it tells every
    /// roll to come).
    pub fn seed(&self) -> Seed {
        self.seed
    }

    /// How many seats the table has.
    pub fn seats(&self) -> usize {
        match &self.play {
            Play::Chess(_) => 2,
            Play::Cafeteria(c) => c.seats(),
        }
    }

    /// The players' names, by seat (as set up; may be empty).
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// Who is to act.
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// The actions open to the seat to act.
    pub fn legal(&self) -> &Legal {
        &self.legal
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Every event so far, the first ones those of the start (a chance event the dice resolved).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The game clock, if the table has one.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The chess game, if this is a chess table.
    pub fn chess(&self) -> Option<&ChessTable> {
        match &self.play {
            Play::Chess(c) => Some(c),
            Play::Cafeteria(_) => None,
        }
    }

    /// The cafeteria game, if this is a cafeteria table.
    pub fn cafeteria(&self) -> Option<&CafeteriaTable> {
        match &self.play {
            Play::Cafeteria(c) => Some(c),
            Play::Chess(_) => None,
        }
    }

    /// Every action a seat chose, in order (forced passes are not among them).
    pub fn actions(&self) -> &[(Seat, Action)] {
        &self.log
    }

    /// Reads an action typed by the seat to act: a move (coordinates or SAN), the square a
    /// steered step goes to, or a cafeteria action by its name.
    ///
    /// # Errors
    /// [`ActError`] saying why the text names no action open now.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActError> {
        if self.result.is_some() {
            return Err(ActError::Over);
        }
        match &self.play {
            Play::Chess(c) => c.parse(&self.legal, text),
            Play::Cafeteria(c) => c.parse(&self.legal, text),
        }
    }

    /// Takes `action` from `seat` and returns the events it caused, the game's end among them.
    ///
    /// # Errors
    /// [`ActError`] when the game is over, it is not `seat`'s turn, or the action is not legal;
    /// the table is then unchanged.
    pub fn try_act(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, ActError> {
        self.try_act_at(seat, action, Instant::now())
    }

    /// [`Table::try_act`] at the instant `now` (for the clock).
    ///
    /// # Errors
    /// As [`Table::try_act`]; also when `seat`'s clock had run out by `now` (the game then ends
    /// on time and [`Table::result`] says so).
    pub fn try_act_at(&mut self, seat: Seat, action: Action, now: Instant) -> Result<Vec<Event>, ActError> {
        if self.result.is_some() {
            return Err(ActError::Over);
        }
        if seat.index() >= self.seats() {
            return Err(ActError::NoSuchSeat(seat));
        }
        if action == Action::Resign {
            let result = GameResult::lost_by(seat, self.seats(), Ending::Resigned { seat });
            self.log.push((seat, action));
            return Ok(self.finish(result));
        }
        let to_act = self.turn.seat().ok_or(ActError::Over)?;
        if seat != to_act {
            return Err(ActError::NotYourTurn { seat, to_act });
        }
        if let Some(flagged) = self.flag_fall(now) {
            return Ok(flagged);
        }
        let walk = match (&self.play, &action) {
            (Play::Cafeteria(c), Action::Student(a)) => c.walk_open(a),
            _ => false,
        };
        if !walk && !self.legal.contains(&action) {
            return Err(match &self.play {
                Play::Chess(c) => c.why_illegal(&self.legal, &action),
                Play::Cafeteria(c) => c.why_illegal(&action),
            });
        }
        Ok(self.apply(seat, action, now))
    }

    /// Takes a legal action from the seat to act.
    ///
    /// # Panics
    /// When [`Table::try_act`] would refuse it.
    pub fn act(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        match self.try_act(seat, action) {
            Ok(events) => events,
            Err(e) => panic!("Table::act: {e}"),
        }
    }

    /// Applies an action known to be legal for the seat to act, without checking it (replaying a
    /// checked record, or a search's own choice). An illegal action leaves the game in a state
    /// the rules never reach.
    pub fn act_unchecked(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        self.apply(seat, action, Instant::now())
    }

    fn apply(&mut self, seat: Seat, action: Action, now: Instant) -> Vec<Event> {
        // After a take-back (here, or in the record replayed), the dice the next rolls come from.
        self.fresh_dice_due();
        let mut events = match (&mut self.play, &action) {
            (Play::Chess(c), Action::Move(mv)) => c.play(seat, *mv),
            (Play::Chess(c), Action::Steer(o)) => c.steer(seat, *o),
            (Play::Cafeteria(c), Action::Student(a)) => c.play(seat, a.clone()),
            (_, Action::Resign) => {
                let result = GameResult::lost_by(seat, self.seats(), Ending::Resigned { seat });
                self.log.push((seat, action));
                return self.finish(result);
            }
            _ => Vec::new(),
        };
        self.log.push((seat, action));
        if let Some(clock) = &mut self.clock {
            clock.stop(seat, now);
        }
        self.refresh(&mut events);
        if let (Some(clock), Some(next)) = (&mut self.clock, self.turn.seat()) {
            clock.start(next, now);
        }
        self.events.extend(events.iter().cloned());
        events
    }

    /// Works out the turn, its legal actions and the result after a change; a side with no move
    /// but a pass passes at once (its events are added to `events`).
    fn refresh(&mut self, events: &mut Vec<Event>) {
        loop {
            let (turn, legal, over) = match &self.play {
                Play::Chess(c) => c.turn(),
                Play::Cafeteria(c) => c.turn(),
            };
            self.turn = turn;
            self.legal = legal;
            if let Some(result) = over {
                self.turn = Turn::Over;
                self.legal = Legal::Nothing;
                self.result = Some(result.clone());
                if let Some(clock) = &mut self.clock {
                    clock.halt();
                }
                events.push(Event::Ended(result));
                return;
            }
            let Play::Chess(c) = &mut self.play else { return };
            match (&self.turn, &self.legal) {
                (Turn::Move { seat }, Legal::Moves(moves)) if c.only_pass(moves) => {
                    let (seat, pass) = (*seat, moves[0]);
                    events.push(Event::Passed { seat });
                    // Not logged: replaying the log passes again by this same rule.
                    events.extend(c.play(seat, pass));
                }
                _ => return,
            }
        }
    }

    /// Ends the game with `result`; its events.
    fn finish(&mut self, result: GameResult) -> Vec<Event> {
        self.turn = Turn::Over;
        self.legal = Legal::Nothing;
        self.result = Some(result.clone());
        if let Some(clock) = &mut self.clock {
            clock.halt();
        }
        let events = vec![Event::Ended(result)];
        self.events.extend(events.iter().cloned());
        events
    }

    /// Ends the game if the clock of the seat to act has run out by `now`; the events.
    pub fn flag_fall(&mut self, now: Instant) -> Option<Vec<Event>> {
        let seat = self.clock.as_ref()?.flagged(now)?;
        if self.result.is_some() {
            return None;
        }
        Some(self.finish(GameResult::lost_by(seat, self.seats(), Ending::Flagged { seat })))
    }

    /// Gives the table a clock (full time for every seat, running for the seat to act), as a
    /// replayed record's game goes on from where it stopped.
    pub(crate) fn put_clock(&mut self, spec: ClockSpec) {
        let mut clock = GameClock::new(spec, self.seats());
        if let (Some(seat), None) = (self.turn.seat(), &self.result) {
            clock.start(seat, Instant::now());
        }
        self.clock = Some(clock);
    }

    /// Gives the table `clock` (a stored game going on with the times it had), running from
    /// `now` for the seat to act; a clock with the wrong number of seats is refused (`false`).
    pub fn set_clock(&mut self, clock: GameClock, now: Instant) -> bool {
        if clock.all_left(now).len() != self.seats() {
            return false;
        }
        let mut clock = clock;
        if let (Some(seat), None) = (self.turn.seat(), &self.result) {
            clock.start(seat, now);
        }
        self.clock = Some(clock);
        true
    }

    /// Puts `clock` on the table as it is (running or not, `None`: untimed) and gives back the
    /// one it had: a server replaying actions another server accepted does not judge them by
    /// its own clock.
    pub fn replace_clock(&mut self, clock: Option<GameClock>) -> Option<GameClock> {
        std::mem::replace(&mut self.clock, clock)
    }

    /// Ends the game on time for `seat` (a front end or record that knows its flag fell).
    pub fn end_on_time(&mut self, seat: Seat) -> Vec<Event> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.finish(GameResult::lost_by(seat, self.seats(), Ending::Flagged { seat }))
    }

    /// Ends the game because `seat` left it on its move: lost, or with `drawn` a draw (the other
    /// side's claim, or the server's end of an abandoned game; the front end judges the absence).
    ///
    /// # Errors
    /// [`ActError::Over`] when the game has already ended; [`ActError::NotYourTurn`] when `seat`
    /// is not the one to act (only the side to move can hold the game up).
    pub fn end_abandoned(&mut self, seat: Seat, drawn: bool) -> Result<Vec<Event>, ActError> {
        if self.result.is_some() {
            return Err(ActError::Over);
        }
        match self.turn().seat() {
            Some(to_act) if to_act != seat => return Err(ActError::NotYourTurn { seat, to_act }),
            None => return Err(ActError::Over),
            Some(_) => {}
        }
        let ending = Ending::Abandoned { seat, drawn };
        Ok(self.finish(match drawn {
            true => GameResult::draw(self.seats(), ending),
            false => GameResult::lost_by(seat, self.seats(), ending),
        }))
    }

    /// Ends the game as lost for `seat` by its player's fault (`reason`: what it did, kept on one
    /// line without braces, so that a PGN comment holds it); the events.
    pub fn forfeit(&mut self, seat: Seat, reason: &str) -> Vec<Event> {
        if self.result.is_some() {
            return Vec::new();
        }
        let plain: String = reason
            .chars()
            .map(|c| match c {
                '{' => '(',
                '}' => ')',
                c => c,
            })
            .collect();
        let words: Vec<&str> = plain.split_whitespace().collect();
        let reason = if words.is_empty() {
            "no reason given".to_string()
        } else {
            words.join(" ")
        };
        let ending = Ending::Forfeit { seat, reason };
        self.finish(GameResult::lost_by(seat, self.seats(), ending))
    }

    /// Ends the game as a draw the players agreed (the front end collects the offer and its
    /// acceptance); the events.
    ///
    /// # Errors
    /// [`ActError::Over`] when the game has already ended.
    pub fn agree_draw(&mut self) -> Result<Vec<Event>, ActError> {
        if self.result.is_some() {
            return Err(ActError::Over);
        }
        Ok(self.finish(GameResult::draw(self.seats(), Ending::Agreed)))
    }

    /// Ends the game as a draw by a match's ply limit.
    pub fn stop_at_move_limit(&mut self) -> Vec<Event> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.finish(GameResult::draw(self.seats(), Ending::MoveLimit))
    }

    /// Takes back actions until `seat` is to act again, at least one of its own included: against
    /// a computer this takes back its reply and your move. Returns how many actions went (0 when
    /// there was nothing of `seat`'s to take back). A finished game is resumed.
    ///
    /// When the actions taken back were followed by rolls of the dice, the dice move to a fresh
    /// stream of the seed: a player who has seen what the dice gave does not get the same rolls by
    /// playing another move (the record says where, so it still replays exactly).
    pub fn take_back_for(&mut self, seat: Seat) -> usize {
        let Some(last) = self.log.iter().rposition(|(s, a)| *s == seat && *a != Action::Resign) else {
            return 0;
        };
        let keep = self.log[..last].to_vec();
        let taken = self.log.len() - keep.len();
        self.rebuild(keep);
        taken
    }

    /// Takes back one turn for the people at the table: with one person among computer players,
    /// up to that person's last action (the computers' replies with it); otherwise the last
    /// action. Returns how many actions went.
    pub fn take_back_turn(&mut self, people: &[Seat]) -> usize {
        match people {
            [me] => self.take_back_for(*me),
            _ => self.undo(1),
        }
    }

    /// Takes back the last `n` moves or actions (fewer if there are not so many; a resignation
    /// counts as one). Returns how many went.
    pub fn undo(&mut self, n: usize) -> usize {
        let n = n.min(self.log.len());
        let keep = self.log[..self.log.len() - n].to_vec();
        self.rebuild(keep);
        n
    }

    /// Plays the game again from its start with the actions `keep` (all legal: they were), the
    /// dice as they were, then moves the dice to a fresh stream if rolls were taken back; the event
    /// log keeps what happened and notes the take-back.
    fn rebuild(&mut self, keep: Vec<(Seat, Action)>) {
        let taken = self.log.len() - keep.len();
        let rolls = self.rolls();
        let mut events = std::mem::take(&mut self.events);
        let clock = self.clock.take();
        self.play = match &self.play {
            Play::Chess(c) => Play::Chess(c.restarted()),
            Play::Cafeteria(c) => Play::Cafeteria(c.restarted()),
        };
        self.result = None;
        self.log.clear();
        self.refresh(&mut Vec::new());
        for (seat, action) in keep {
            self.apply(seat, action, Instant::now());
        }
        let at = self.steps();
        self.fresh.retain(|f| f.at < at);
        if self.rolls() < rolls {
            self.streams += 1;
            self.fresh.push(FreshDice {
                at,
                stream: self.streams,
            });
        }
        self.fresh_dice_due();
        self.clock = clock;
        let now = Instant::now();
        if let (Some(clock), Some(seat)) = (&mut self.clock, self.turn.seat()) {
            clock.resume(seat, now);
        }
        events.push(Event::TakenBack { actions: taken });
        self.events = events;
    }
}

impl Table {
    /// The steps of the game's record so far: a chess game's moves and chance outcomes, the
    /// cafeteria students' actions.
    pub(crate) fn steps(&self) -> usize {
        match &self.play {
            Play::Chess(c) => c.steps(),
            Play::Cafeteria(_) => self.log.iter().filter(|(_, a)| matches!(a, Action::Student(_))).count(),
        }
    }

    /// How many times the dice have decided something so far.
    fn rolls(&self) -> usize {
        match &self.play {
            Play::Chess(c) => c.rolls(),
            Play::Cafeteria(c) => c.draws().len(),
        }
    }

    /// Moves the dice to the stream a take-back chose at this step, if one did (again at the
    /// same step changes nothing: no roll comes between).
    fn fresh_dice_due(&mut self) {
        if let Some(fresh) = FreshDice::due(&self.fresh, self.steps()) {
            match &mut self.play {
                Play::Chess(c) => c.fresh_dice(fresh.stream),
                Play::Cafeteria(c) => c.fresh_dice(fresh.stream),
            }
        }
    }
}
