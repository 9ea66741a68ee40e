//! The API's JSON as types: every request, answer, event and error the server sends or reads.
//! Serde gives their shape on the wire and utoipa their schema in the OpenAPI document, so the
//! document, the server and the web app's generated types cannot disagree.
//!
//! Types of the lower layers (the table's events and results, the rules' moves) keep their own
//! serde shape; their schemas here say only what kind of JSON value they are.

use crate::view::data::{BoardView, CafeteriaView, LegalView, RoleView};
use messhall_records::{GameResult, Seat};
use messhall_table::Event;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeSet;
use utoipa::ToSchema;

mod balance;
mod chat;
mod identity;
mod lobby;
mod reports;
mod studio;
pub use balance::*;
pub use chat::*;
pub use identity::*;
pub use lobby::*;
pub use reports::*;
pub use studio::*;

/// A game's stage: `waiting` (a seat is open), `playing` or `over`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// A seat is open: a join code takes it.
    Waiting,
    /// Every seat is taken and the game goes on.
    Playing,
    /// The game has its result.
    Over,
}

impl Status {
    /// Its word, as stored and sent.
    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Over => "over",
        }
    }

    /// The status of a stored word.
    pub fn from_name(name: &str) -> Option<Status> {
        [Status::Waiting, Status::Playing, Status::Over]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SeatKind {
    /// Nobody yet: a join code takes it.
    Open,
    /// A person with the seat's token.
    Human,
    /// A computer player.
    Computer,
}

impl SeatKind {
    /// Its word, as stored and sent.
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Open => "open",
            SeatKind::Human => "human",
            SeatKind::Computer => "computer",
        }
    }

    /// The kind of a stored word.
    pub fn from_name(name: &str) -> Option<SeatKind> {
        [SeatKind::Open, SeatKind::Human, SeatKind::Computer]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// The side of a chess piece or of the side to move.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[schema(as = Colour)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub(crate) enum ColourSchema {
    White,
    Black,
}

/// A refused request: a stable code a client can test and a one-line message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// The code (`not-your-turn`, `stale-ply`...).
    pub code: String,
    /// What went wrong, in one line.
    pub message: String,
    /// The faults of a variant file, each where it is (absent for other refusals).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<Problem>,
}

/// One fault of a variant file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Problem {
    /// The field at fault as a TOML path (`piece[2].betza`, `end.extinction`).
    pub field: String,
    /// Its line, from 1; 0 when the field is missing from the file.
    pub line: usize,
    /// Its column, from 1; 0 with line 0.
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
}

impl From<messhall_rules::VariantProblem> for Problem {
    fn from(p: messhall_rules::VariantProblem) -> Problem {
        Problem {
            field: p.field,
            line: p.line,
            column: p.column,
            message: p.message,
        }
    }
}

/// `GET /health`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Health {
    /// `ok` once the database answers.
    pub status: String,
    /// The server's version.
    pub version: String,
    /// The node that answered ([`crate::Config::node`]).
    pub node: String,
}

// ----- Requests -----

/// A seat as the creator asks for it.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// `me` (the creator takes it), `open` (a join code takes it), or a computer player
    /// (`level=N` 1-10, `depth=N`, `nodes=N`, `random`, `greedy`; cafeteria `random`, `rules`,
    /// `search`).
    pub player: String,
    /// The name shown (at most 40 characters).
    #[serde(default)]
    pub name: Option<String>,
}

/// A variant file given whole.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// Its file name.
    pub name: String,
    /// Its TOML text.
    pub text: String,
}

/// A time control: each seat's time at the start and what each of its moves adds; or, for
/// correspondence, `days_per_move` alone (1 to 14 days a move, each move's days afresh).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Each seat's time at the start, in ms (1 s to a day); not given in correspondence.
    #[serde(default)]
    pub base_ms: u64,
    /// Time added after each move, in ms (at most a day); not given in correspondence.
    #[serde(default)]
    pub increment_ms: u64,
    /// Correspondence: the days each move may take (1 to 14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_per_move: Option<u32>,
}

impl From<messhall_records::ClockSpec> for TimeControl {
    fn from(spec: messhall_records::ClockSpec) -> TimeControl {
        match spec.days_per_move {
            Some(days) => TimeControl {
                base_ms: 0,
                increment_ms: 0,
                days_per_move: Some(days),
            },
            None => TimeControl {
                base_ms: spec.base_ms,
                increment_ms: spec.increment_ms,
                days_per_move: None,
            },
        }
    }
}

impl TimeControl {
    /// The clock it asks for.
    ///
    /// # Errors
    /// A sentence saying what does not fit: a base outside 1 s to a day, an increment over a
    /// day, correspondence days outside 1 to 14 or given with a base or increment.
    pub fn spec(&self) -> Result<messhall_records::ClockSpec, String> {
        use messhall_records::ClockSpec;
        match self.days_per_move {
            Some(days) => {
                if self.base_ms != 0 || self.increment_ms != 0 {
                    return Err("a correspondence clock is days_per_move alone".into());
                }
                if !(1..=ClockSpec::MAX_DAYS).contains(&days) {
                    return Err(format!("days_per_move is 1 to {}", ClockSpec::MAX_DAYS));
                }
                Ok(ClockSpec::correspondence(days))
            }
            None => {
                if self.base_ms < 1000 || self.base_ms > ClockSpec::MAX_MS || self.increment_ms > ClockSpec::MAX_MS {
                    return Err("a clock's base is 1 s to a day, its increment at most a day".into());
                }
                Ok(ClockSpec {
                    base_ms: self.base_ms,
                    increment_ms: self.increment_ms,
                    days_per_move: None,
                })
            }
        }
    }
}

/// A request to create a game.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// A built-in game's name (`foodfight`, `calorie`, `pieceeater`, `friendly`, `chess`,
    /// `cafeteria`...).
    #[serde(default)]
    pub game: Option<String>,
    /// Or a variant file.
    #[serde(default)]
    pub variant: Option<VariantFile>,
    /// Or a published variant's version (its owner's only, while private).
    #[serde(default)]
    pub studio: Option<VariantVersionRef>,
    /// The seats, in order (chess: White then Black; the cafeteria: 2 to 4 players).
    pub seats: Vec<SeatRequest>,
    /// The time control.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// A chess start position.
    #[serde(default)]
    pub fen: Option<String>,
    /// The cafeteria game's optional rules.
    #[serde(default)]
    #[schema(value_type = Vec<GameOptionSchema>)]
    pub options: Vec<messhall_cafeteria::GameOption>,
    /// Shown to everyone in `GET /api/games`; otherwise (the default) the game is found only by
    /// its link.
    #[serde(default)]
    pub listed: bool,
}

/// An optional rule of the cafeteria game.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[schema(as = GameOption)]
#[serde(rename_all = "kebab-case")]
#[allow(dead_code)]
enum GameOptionSchema {
    ANewBeginning,
    MysteryMeat,
    TableTipping,
    SaladBar,
}

/// A seat token, from the `Authorization: Bearer` header or the `token` query parameter.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// A seat's token (or `Authorization: Bearer`).
    #[serde(default)]
    pub token: Option<String>,
}

/// The body of a join.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The seat's join code; none for a listed game, whose open seats anyone may take.
    #[serde(default)]
    pub code: Option<String>,
    /// The seat wanted, in a listed game without a code (none: the first open seat).
    #[serde(default)]
    #[schema(value_type = Option<u8>)]
    pub seat: Option<messhall_records::Seat>,
    /// The name to show.
    #[serde(default)]
    pub name: Option<String>,
}

/// The body of a move or action.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    /// The number of entries the client saw (`ply` of the state): the action is refused if the
    /// game has changed since.
    pub ply: i64,
    /// The action as text: a move in coordinates or SAN, a step's square, a cafeteria action
    /// (the `coordinates` or `text` of the legal actions).
    pub action: String,
}

/// The filters of a list.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `ongoing` (waiting or playing), `waiting`, `playing`, `over` or `finished` (the same).
    #[serde(default)]
    pub status: Option<String>,
    /// A player's name.
    #[serde(default)]
    pub player: Option<String>,
    /// At most this many (up to 200; 50 by default).
    #[serde(default)]
    pub limit: Option<i64>,
}

/// An import: a record or a PGN text (its first game).
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// A record, as `/record` gives it.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub record: Option<Value>,
    /// Or a PGN text.
    #[serde(default)]
    pub pgn: Option<String>,
    /// The players' names, by seat (default: the record's).
    #[serde(default)]
    pub names: Vec<String>,
}

/// A position to analyse.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// A built-in chess game's name, or the id of a game (for a variant file's game).
    pub game: String,
    /// The position.
    pub fen: String,
}

/// The query of a WebSocket connection.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WsQuery {
    /// A seat's token (without it, a spectator).
    #[serde(default)]
    pub token: Option<String>,
    /// The last event number the client has (0: none).
    #[serde(default)]
    pub since: u64,
}

// ----- A game's state -----

/// A seat of a game as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SeatView {
    /// Its number, from 0.
    #[schema(value_type = u8)]
    pub seat: Seat,
    /// Who sits there.
    pub kind: SeatKind,
    /// The player specification (`human`, `level=3`, `rules`...).
    pub player: String,
    /// The name shown.
    pub name: String,
    /// The player who holds it (its page is `/player/ID`), when a browser's session took it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_id: Option<String>,
}

/// A seat's presence: whether it is at the table (a WebSocket with its token is open; a
/// computer seat always is) and, if not, since when it is gone.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct SeatPresence {
    /// The seat.
    #[schema(value_type = u8)]
    pub seat: Seat,
    /// Whether it is at the table.
    pub here: bool,
    /// Since when it is gone, in ms since 1970; null while here, or for a seat not at the table
    /// yet.
    #[schema(required = true)]
    pub gone_since_ms: Option<i64>,
}

/// Whose turn it is and to do what.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum TurnView {
    /// A move.
    Move {
        /// Whose.
        #[schema(value_type = u8)]
        seat: Seat,
    },
    /// A steering choice for the neutral piece standing on `from`.
    Steer {
        /// Whose.
        #[schema(value_type = u8)]
        seat: Seat,
        /// Where the neutral piece stands.
        #[schema(value_type = String)]
        from: messhall_rules::Square,
    },
    /// A cafeteria student's turn.
    Student {
        /// Whose.
        #[schema(value_type = u8)]
        seat: Seat,
        /// The student.
        #[schema(value_type = u8)]
        student: messhall_cafeteria::StudentId,
    },
}

/// The clocks.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ClockView {
    /// Each seat's time at the start, in ms.
    pub base_ms: u64,
    /// Time added after each move, in ms.
    pub increment_ms: u64,
    /// Each seat's time left, in ms.
    pub left_ms: Vec<u64>,
    /// The seat whose clock runs, if one does.
    #[schema(value_type = Option<u8>, required = true)]
    pub running: Option<Seat>,
    /// Correspondence: the days each move may take (each move's time afresh, no increment).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub days_per_move: Option<u32>,
}

/// A move of a chess game so far.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct MoveRecord {
    /// Who moved.
    #[schema(value_type = u8)]
    pub seat: Seat,
    /// The move in SAN.
    pub san: String,
    /// The move in coordinates.
    pub coordinates: String,
}

/// A game as one seat (or a spectator) sees it: what everyone sees ([`GameView`]), and the
/// seat's own part.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct GameState {
    /// The game's id.
    pub id: String,
    /// The game's name (`chess`, `cafeteria`, a variant file's name).
    pub game: String,
    /// What everyone sees.
    #[serde(flatten)]
    pub view: GameView,
    /// The seat seeing it; `null` for a spectator.
    #[schema(value_type = Option<u8>, required = true)]
    pub you: Option<Seat>,
    /// What the seat seeing it may do now.
    pub legal: LegalView,
    /// The last events.
    pub events: Vec<FeedEvent>,
    /// The server's time when it answered, in ms since 1970 (to count presence times from).
    pub now_ms: i64,
}

/// A game as everyone sees it: a state without its id and name (which never change), the
/// viewer's own part and the events (the WebSocket sends each as it happens). Hidden cafeteria
/// food is in no field of it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct GameView {
    /// Its stage.
    pub status: Status,
    /// Whether the games page lists it: anyone may watch it, and take an open seat without a
    /// join link (`POST /api/games/{id}/join` without `code`).
    pub listed: bool,
    /// How many entries are stored (an action names it to be refused if the game moved on).
    pub ply: i64,
    /// The number of the last event.
    pub event: u64,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// Whose turn it is; `null` once over.
    #[schema(required = true)]
    pub turn: Option<TurnView>,
    /// The chess board; `null` for the cafeteria.
    #[schema(required = true)]
    pub board: Option<BoardView>,
    /// The cafeteria; `null` for chess.
    #[schema(required = true)]
    pub cafeteria: Option<CafeteriaView>,
    /// The clocks, in a timed game.
    #[schema(required = true)]
    pub clock: Option<ClockView>,
    /// The seats that offer a draw.
    pub draw_offers: BTreeSet<u8>,
    /// The seat that asks for a take-back.
    #[schema(value_type = Option<u8>, required = true)]
    pub takeback_request: Option<Seat>,
    /// The result, once over.
    #[schema(value_type = Option<GameResultSchema>, required = true)]
    pub result: Option<GameResult>,
    /// The moves of a chess game so far.
    pub moves: Vec<MoveRecord>,
    /// The seed of the dice, once over.
    #[schema(required = true)]
    pub seed: Option<String>,
    /// Each seat's presence (the WebSocket's `presence` message says when it changes).
    pub presence: Vec<SeatPresence>,
    /// When the turn under way began (the last entry was stored), in ms since 1970.
    pub turn_since_ms: i64,
    /// How long the seat to move must have been gone during its move before another seat may
    /// claim the win or a draw (`POST /api/games/{id}/claim/win`, `/claim/draw`), in ms; null
    /// where claims do not apply (untimed and correspondence games).
    #[schema(required = true)]
    pub claim_after_ms: Option<u64>,
}

/// How a game ended: each seat's share of the points and why (`ending.by`: `rules`,
/// `cafeteria`, `resigned`, `flagged`, `abandoned`, `agreed`, `move-limit`, `forfeit`, with that
/// ending's fields).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = GameResult)]
#[allow(dead_code)]
struct GameResultSchema {
    /// Each seat's share of the points, by seat.
    scores: Vec<f64>,
    /// Why it ended.
    ending: EndingSchema,
}

/// Why a game ended: `by` and that ending's own fields.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = Ending)]
#[allow(dead_code)]
struct EndingSchema {
    /// How.
    by: EndingBy,
    /// The seat that resigned, flagged, left (`abandoned`) or forfeited.
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<u8>,
    /// `by: abandoned`: the game was scored a draw (claimed as one), not lost by the seat that
    /// left; absent when lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    drawn: Option<bool>,
    /// The rules' verdict (`by: rules`).
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<OutcomeSchema>,
    /// What a forfeiting player did (`by: forfeit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// How the cafeteria game ended (`by: cafeteria`).
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
    /// The cafeteria game's winning students (`by: cafeteria`).
    #[serde(skip_serializing_if = "Option::is_none")]
    winners: Option<Vec<u8>>,
}

/// The chess rules' verdict: who won and why.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = Outcome)]
#[allow(dead_code)]
struct OutcomeSchema {
    /// The side that won; null for a draw.
    #[schema(required = true)]
    winner: Option<ColorSchema>,
    /// Why the rules ended the game.
    reason: ReasonSchema,
}

/// A side of a chess game.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[schema(as = Color)]
#[allow(dead_code)]
#[serde(rename_all = "kebab-case")]
enum ColorSchema {
    White,
    Black,
}

/// Why the chess rules ended a game (`messhall_rules::Reason`).
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[schema(as = Reason)]
#[allow(dead_code)]
#[serde(rename_all = "kebab-case")]
enum ReasonSchema {
    Checkmate,
    Stalemate,
    BothStalemated,
    RoyalCaptured,
    Extinction,
    Repetition,
    FiftyMoves,
}

/// The ways a game ends.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[allow(dead_code)]
#[serde(rename_all = "kebab-case")]
enum EndingBy {
    Rules,
    Cafeteria,
    Resigned,
    Flagged,
    Abandoned,
    Agreed,
    MoveLimit,
    Forfeit,
}

// ----- Events -----

/// One numbered event of a game's feed.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct FeedEvent {
    /// Its number, from 1.
    pub n: u64,
    /// How many entries were stored when it happened (absent for a hidden event).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ply: Option<i64>,
    /// What happened.
    #[serde(flatten)]
    pub note: Note,
}

/// What happened: the server's own notes, or the table's events.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Note {
    /// Seats, offers and what another seat may not see.
    Server(ServerNote),
    /// The table's event (`moved`, `removed`, `chance`, `energy`, `ended`, `cafeteria`...),
    /// with its `type`.
    Table(TableEvent),
}

/// An event of the table, as the play layer's `Event` serialises it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = TableEventSchema)]
pub struct TableEvent(pub Event);

/// An event of the table: its `type` and that event's own fields (the play layer's `Event`).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[allow(dead_code)]
struct TableEventSchema {
    /// What happened (`moved`, `removed`, `chance`, `energy`, `ended`, `cafeteria`...).
    r#type: String,
    /// The event's fields.
    #[serde(flatten)]
    fields: std::collections::BTreeMap<String, Value>,
}

/// The server's own events.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum ServerNote {
    /// A person took an open seat.
    Joined {
        /// The seat.
        #[schema(value_type = u8)]
        seat: Seat,
        /// Their name.
        name: String,
    },
    /// A seat offered a draw.
    DrawOffered {
        /// Who.
        #[schema(value_type = u8)]
        seat: Seat,
    },
    /// A seat declined the draw offered.
    DrawDeclined {
        /// Who.
        #[schema(value_type = u8)]
        seat: Seat,
    },
    /// A seat asked to take back its last action.
    TakebackRequested {
        /// Who.
        #[schema(value_type = u8)]
        seat: Seat,
    },
    /// A seat refused the take-back asked for.
    TakebackDeclined {
        /// Who.
        #[schema(value_type = u8)]
        seat: Seat,
    },
    /// An event only another seat may see (what it drew, say): its number only.
    Hidden,
}

/// A message of a game's WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum WsMessage {
    /// An event of the feed.
    Event(FeedEvent),
    /// A message of the connection.
    Connection(WsNote),
}

/// The WebSocket's own messages.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum WsNote {
    /// The full state, when more events were missed than are sent again.
    State {
        /// The number of the last event.
        n: u64,
        /// The state.
        state: Box<GameState>,
    },
    /// The game after the events just sent: after each accepted entry's events (and after a
    /// catch-up's), so a client applies them without asking for the state (no number: it is
    /// not an event).
    View {
        /// The game as everyone sees it.
        view: Box<GameView>,
        /// What the connection's seat may do now; absent for a spectator.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[schema(nullable = false)]
        legal: Option<LegalView>,
    },
    /// Each seat's presence: on connecting and whenever a seat comes or goes (no number: it is
    /// not an event).
    Presence {
        /// Every seat.
        seats: Vec<SeatPresence>,
        /// The server's time, in ms since 1970 (to count the absences from).
        now_ms: i64,
    },
    /// The clocks, every second while one runs.
    Clock {
        /// Each seat's time left, in ms.
        left_ms: Vec<u64>,
        /// The seat whose clock runs.
        #[schema(value_type = Option<u8>, required = true)]
        running: Option<Seat>,
    },
    /// A message of the client that was not understood.
    Error {
        /// A stable code (`bad-message`).
        code: String,
        /// What was wrong.
        message: String,
    },
}

// ----- Answers -----

/// A seat's token, given once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SeatToken {
    /// The seat.
    #[schema(value_type = u8)]
    pub seat: Seat,
    /// Its token.
    pub token: String,
}

/// An open seat's join code, given once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct JoinCode {
    /// The seat.
    #[schema(value_type = u8)]
    pub seat: Seat,
    /// Its code.
    pub code: String,
}

/// A new game.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Created {
    /// Its id.
    pub id: String,
    /// The tokens of the creator's seats.
    pub tokens: Vec<SeatToken>,
    /// The join codes of the open seats.
    pub joins: Vec<JoinCode>,
    /// The game as the creator's first seat sees it.
    pub state: GameState,
}

/// An imported game.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Imported {
    /// Its id.
    pub id: String,
    /// The tokens of every seat (the importer holds them all).
    pub tokens: Vec<SeatToken>,
    /// The game as a spectator sees it.
    pub state: GameState,
}

/// `GET /api/games/{id}/join`'s query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InvitationQuery {
    /// The join link's code (none: a listed game's first open seat).
    pub code: Option<String>,
}

/// What a join would take, shown before joining.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Invitation {
    /// The seat.
    #[schema(value_type = u8)]
    pub seat: Seat,
    /// The game as a spectator sees it (its game, clock and seats).
    pub state: GameState,
}

/// A seat taken.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Joined {
    /// The seat.
    #[schema(value_type = u8)]
    pub seat: Seat,
    /// Its token, given once.
    pub token: String,
    /// The game as the seat sees it.
    pub state: GameState,
}

/// A game in a list.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct GameSummary {
    /// Its id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// Its stage.
    pub status: Status,
    /// The result, once over.
    #[schema(value_type = Option<GameResultSchema>, required = true)]
    pub result: Option<GameResult>,
    /// Its seats.
    pub seats: Vec<SeatView>,
    /// When it was created, in ms since 1970.
    pub created_ms: i64,
    /// When it last changed.
    pub updated_ms: i64,
}

/// `GET /api/games`.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct GameList {
    /// The games, newest first.
    pub games: Vec<GameSummary>,
}

/// How many seats a game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct SeatRange {
    /// At least.
    pub min: u8,
    /// At most.
    pub max: u8,
}

/// A built-in game in the list.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct VariantSummary {
    /// Its name.
    pub name: String,
    /// Its name for people (`Food Fight chess`).
    pub title: String,
    /// Whether it is a chess game.
    pub chess: bool,
    /// One line.
    #[schema(required = true)]
    pub description: Option<String>,
    /// How many seats it has.
    pub seats: SeatRange,
}

/// `GET /api/variants`.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct VariantList {
    /// Every built-in game.
    pub games: Vec<VariantSummary>,
    /// The computer's levels in the chess games, weakest first.
    pub levels: Vec<LevelInfo>,
    /// The level a new player is offered first.
    pub default_level: u8,
}

/// A level of the computer, as a select shows it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LevelInfo {
    /// 1 to 10: the player `level=N`.
    pub number: u8,
    /// Its name ("beginner").
    pub name: String,
    /// What it does, in a sentence ("sees one move ahead ...").
    pub description: String,
}

/// A game's rules as data.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Rules {
    /// A chess game.
    Chess(ChessRules),
    /// The cafeteria game.
    Cafeteria(CafeteriaRules),
}

/// A chess game's rules as data.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ChessRules {
    /// Its name.
    pub name: String,
    /// Its name for people (`Food Fight chess`).
    pub title: String,
    /// Always true.
    pub chess: bool,
    /// One line.
    pub description: String,
    /// The rules in prose, a small Markdown subset (#, ##, ### headings, paragraphs, - lists,
    /// **bold**, *italic*, `code`), or null.
    #[schema(required = true)]
    pub rules_text: Option<String>,
    /// Files (columns).
    pub files: u8,
    /// Ranks (rows).
    pub ranks: u8,
    /// The start position (FEN).
    pub start: String,
    /// What the variant calls a piece's energy, when pieces carry one.
    #[schema(required = true)]
    pub energy_name: Option<String>,
    /// Each piece type with where it goes alone on an empty board.
    pub pieces: Vec<RulePiece>,
    /// The game's neutral piece (the PieceEater), or null.
    #[schema(required = true)]
    pub neutral: Option<NeutralPiece>,
    /// The computer players it takes.
    pub players: Vec<String>,
    /// A built-in game's balance figures from self-play (`messhall balance`), or null.
    #[schema(required = true)]
    pub balance: Option<BalanceSummary>,
}

/// A piece type for diagrams.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct RulePiece {
    /// The type.
    #[serde(flatten)]
    pub role: RoleView,
    /// Where it goes alone on a central square of an empty board (the server's move
    /// generator); null when that cannot be drawn.
    #[schema(value_type = Option<ReachSchema>, required = true)]
    pub reach: Option<messhall_rules::reach::PieceReach>,
    /// Its moves and powers in plain words (the rules core's, from its compiled moves).
    pub description: String,
    /// Small positions for the moves that need another piece on the board (a hurdle, a swap
    /// partner, a target, a lender, an attacker), each with the squares that piece opens.
    pub examples: Vec<MoveExample>,
}

/// A game's neutral piece (the PieceEater): its name and what it does.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct NeutralPiece {
    /// Its name.
    pub name: String,
    /// What it does, in plain words.
    pub description: String,
}

/// The schema of an example's `need`: a string, one of the rules core's names.
fn need_schema() -> utoipa::openapi::Object {
    names_schema(
        "What the other piece is there for: hopped over, swapped with, a target (shot, withdrawn \
         from or leapt over), a lender (guards the piece), an attacker (wakes its moves-while-attacked), \
         the rook of a castling, or taken en passant.",
        messhall_rules::examples::Need::ALL.map(|n| n.name()),
    )
}

/// The schema of a marked square's `mark`.
fn mark_schema() -> utoipa::openapi::Object {
    names_schema(
        "What the piece may do there: move (not capturing), capture, both, or swap places.",
        messhall_rules::examples::Mark::ALL.map(|m| m.name()),
    )
}

/// A string schema of `names`.
fn names_schema<const N: usize>(description: &str, names: [&str; N]) -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .description(Some(description))
        .enum_values(Some(names))
        .build()
}

/// A marked square of an example.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ExampleSquare {
    /// The square (`e4`).
    pub square: String,
    /// What the piece may do there.
    #[schema(schema_with = mark_schema)]
    pub mark: messhall_rules::examples::Mark,
}

/// A small position showing moves of White's piece that need another piece on the board.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct MoveExample {
    /// What the other piece is there for.
    #[schema(schema_with = need_schema)]
    pub need: messhall_rules::examples::Need,
    /// The board (FEN): the piece and its helper.
    pub fen: String,
    /// Where the piece stands.
    pub from: String,
    /// Where the helper stands.
    pub helper: String,
    /// The helper's name.
    pub helper_name: String,
    /// The squares the helper opens.
    pub marks: Vec<ExampleSquare>,
}

impl From<messhall_rules::examples::MoveExample> for MoveExample {
    fn from(e: messhall_rules::examples::MoveExample) -> Self {
        MoveExample {
            need: e.need,
            fen: e.fen,
            from: e.from.to_string(),
            helper: e.helper.to_string(),
            helper_name: e.helper_name,
            marks: e
                .marks
                .into_iter()
                .map(|m| ExampleSquare {
                    square: m.square.to_string(),
                    mark: m.mark,
                })
                .collect(),
        }
    }
}

/// A piece's reach: squares it moves to and captures on, only moves to, only captures on, and
/// reaches only while it has never moved.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = Reach)]
#[allow(dead_code)]
struct ReachSchema {
    from: String,
    both: Vec<String>,
    moves: Vec<String>,
    captures: Vec<String>,
    initial: Vec<String>,
}

/// The cafeteria game's rules as data.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct CafeteriaRules {
    /// Its name.
    pub name: String,
    /// Its name for people.
    pub title: String,
    /// Always false.
    pub chess: bool,
    /// One line.
    pub description: String,
    /// The rules in prose.
    #[schema(required = true)]
    pub rules_text: Option<String>,
    /// How many seats it has.
    pub seats: SeatRange,
    /// Its optional rules.
    pub options: Vec<String>,
    /// The students.
    pub students: Vec<StudentInfo>,
    /// The faculty and staff.
    pub faculty: Vec<FacultyInfo>,
    /// The name of each food counter, by its number (the number actions and events give).
    pub foods: Vec<String>,
    /// The name of each table, by its number (`Table A`).
    pub tables: Vec<String>,
    /// The computer players it takes.
    pub players: Vec<String>,
    /// The balance figures from self-play (`messhall balance`), or null.
    #[schema(required = true)]
    pub balance: Option<BalanceSummary>,
}

/// A student of the cafeteria game.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct StudentInfo {
    /// Its name.
    pub name: String,
    /// Its Action Allowance.
    pub aa: u8,
    /// Its Appearance Rating.
    pub ar: u8,
}

/// A faculty/staff member of the cafeteria game.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct FacultyInfo {
    /// Its name.
    pub name: String,
    /// Its Movement Rate.
    pub mr: u8,
    /// Its Noticing Student Range.
    pub nsr: u8,
}

/// A board of a replay.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct PositionStep {
    /// The position (FEN).
    pub fen: String,
    /// Who acted; null for the start.
    #[schema(value_type = Option<u8>, required = true)]
    pub seat: Option<Seat>,
    /// The action (coordinates, `resign`, a steered step); null for the start.
    #[schema(required = true)]
    pub action: Option<String>,
}

/// `GET /api/games/{id}/positions`.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Positions {
    /// The start, then the board after each action.
    pub positions: Vec<PositionStep>,
}

/// The engine's view of a position.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Analysis {
    /// The depth reached.
    pub depth: u32,
    /// The score for the side to move (`cp 35`, `mate 3`); null when the game is over.
    #[schema(required = true)]
    pub score: Option<String>,
    /// The best move (SAN).
    #[schema(required = true)]
    pub best: Option<String>,
    /// The best move in coordinates (`e2e4`, `P@e4`), for an arrow on the board.
    #[schema(required = true)]
    pub best_coordinates: Option<String>,
    /// The best line (SAN), up to the first chance event.
    pub line: Vec<String>,
    /// Whether the game is over in the position.
    pub over: bool,
}

/// `GET /api/lessons/{game}`: a game's lessons.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LessonList {
    /// The game's name.
    pub game: String,
    /// Its name for people.
    pub title: String,
    /// Its lessons, in order.
    pub lessons: Vec<LessonView>,
}

/// A lesson: what it teaches and its steps.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LessonView {
    /// Its title.
    pub title: String,
    /// What it teaches, in a sentence.
    pub about: String,
    /// Its steps, in order.
    pub steps: Vec<LessonStep>,
}

/// A step of a lesson: a position and what to try there.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LessonStep {
    /// The position; null in the cafeteria.
    #[schema(required = true)]
    pub board: Option<crate::view::data::BoardView>,
    /// Whether White moves (the learner's side); true in the cafeteria (the learner is player 1).
    pub white: bool,
    /// The cafeteria's step: the map, the learner's actions and the lesson's dice; null in chess.
    #[schema(required = true)]
    pub cafeteria: Option<CafeteriaLessonView>,
    /// What to try.
    pub say: String,
    /// What to say after a legal move that does not pass.
    pub hint: String,
    /// Every legal move here, by from-square (`P@` for a drop), as a game's `legal` has them
    /// (none in the cafeteria: see `cafeteria.legal`).
    pub legal: std::collections::BTreeMap<String, Vec<crate::view::data::MoveView>>,
    /// The moves that pass.
    pub pass: Vec<LessonPass>,
}

/// A move that passes a step.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct LessonPass {
    /// The move in coordinates (`e2e4`, `N@b1`, `k11k12i`); a cafeteria action's text
    /// (`throw 28 at Connie`, as a game's `legal` has it).
    pub coordinates: String,
    /// The move in SAN; a cafeteria action in words.
    pub san: String,
    /// The position after it; null in the cafeteria.
    #[schema(required = true)]
    pub board: Option<crate::view::data::BoardView>,
    /// The cafeteria after it; null in chess.
    #[schema(required = true)]
    pub cafeteria: Option<crate::view::data::CafeteriaView>,
    /// What happened in the cafeteria, in the game's words (the rolls of the lesson's seeded
    /// dice); empty in chess.
    pub happened: Vec<String>,
    /// What to say when it is played.
    pub good: String,
}

/// A position whose legal moves are asked for, after a move played from it if one is given.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// A built-in chess game's name, or the id of a game (for a variant file's game).
    pub game: String,
    /// The position.
    pub fen: String,
    /// A move to play first (coordinates or SAN); the answer is about the position after it.
    #[serde(default)]
    pub play: Option<String>,
}

/// A position of a chess game with what may happen in it: the moves of the side to move, or
/// the outcomes of the chance event pending, with their probabilities.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct PositionMoves {
    /// The position (after the move played, if one was asked).
    pub fen: String,
    /// The move played, in SAN (null when none was asked).
    #[schema(required = true)]
    pub played: Option<String>,
    /// The side to move's moves, grouped by the square they start from (drops under `P@`, a
    /// pass under `pass`), in SAN and coordinates; empty while a chance event is pending.
    pub moves: std::collections::BTreeMap<String, Vec<crate::view::data::MoveView>>,
    /// The outcomes of the chance event pending (the PieceEater's walk), with their odds.
    pub chance: Vec<ChanceView>,
    /// Whether the side to move is in check.
    pub check: bool,
    /// Whether nothing can happen any more: no move and no chance event.
    pub over: bool,
}

/// One outcome of a chance event.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ChanceView {
    /// Where the piece stands.
    pub from: String,
    /// Where it goes (its own square: it stays).
    pub to: String,
    /// The probability, as a fraction (`1/4`).
    pub odds: String,
    /// The probability, from 0 to 1.
    pub probability: f64,
    /// Whether a player chooses it (a steered walk) rather than the dice.
    pub steered: bool,
}

/// A finished game's positions, each with the engine's view after a short search of the same
/// nodes for every position.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct GameAnalysis {
    /// The most nodes searched for each position (a long game searches fewer, to end in time).
    pub nodes: u64,
    /// The start, then the position after each action, as `GET /api/games/{id}/positions`.
    pub positions: Vec<PositionAnalysis>,
}

/// One position of a game's analysis.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct PositionAnalysis {
    /// The position.
    pub fen: String,
    /// The score in centipawns from White's view (a mate counts 100 pawns less a tenth of a
    /// pawn a move to it); the last position's is the result's (±100 pawns, 0 a draw); null
    /// where a chance event is pending or the analysis was cut short.
    #[schema(required = true)]
    pub white_cp: Option<i32>,
    /// The engine's view (null where a chance event is pending or the analysis was cut short).
    #[schema(required = true)]
    pub engine: Option<Analysis>,
}

/// A cafeteria lesson's step: the game as a front end draws it and what the learner may do.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct CafeteriaLessonView {
    /// The cafeteria.
    pub view: crate::view::data::CafeteriaView,
    /// What the learner's student may do, as a game's `legal` has it.
    pub legal: crate::view::data::LegalView,
    /// The seed of the lesson's dice: every roll of a passing action is this seed's.
    pub seed: u64,
}

#[cfg(test)]
mod tests {
    use super::ReasonSchema;
    use messhall_rules::Reason;

    /// The document's copy of a rules reason: the match is exhaustive, so a reason the rules gain
    /// fails to compile here until the document names it too.
    fn documented(reason: Reason) -> ReasonSchema {
        match reason {
            Reason::Checkmate => ReasonSchema::Checkmate,
            Reason::Stalemate => ReasonSchema::Stalemate,
            Reason::BothStalemated => ReasonSchema::BothStalemated,
            Reason::RoyalCaptured => ReasonSchema::RoyalCaptured,
            Reason::Extinction => ReasonSchema::Extinction,
            Reason::Repetition => ReasonSchema::Repetition,
            Reason::FiftyMoves => ReasonSchema::FiftyMoves,
        }
    }

    #[test]
    fn the_documented_reasons_are_the_rules_reasons_as_sent() {
        for reason in [
            Reason::Checkmate,
            Reason::Stalemate,
            Reason::BothStalemated,
            Reason::RoyalCaptured,
            Reason::Extinction,
            Reason::Repetition,
            Reason::FiftyMoves,
        ] {
            assert_eq!(
                serde_json::to_value(reason).unwrap(),
                serde_json::to_value(documented(reason)).unwrap(),
                "{reason:?}"
            );
        }
    }
}
