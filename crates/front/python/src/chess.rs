//! The chess games: a variant (`Variant`) and a game of it at a table (`ChessGame`).

use crate::encode::MoveCode;
use crate::errors::{FenError, IllegalMoveError, TurnError, VariantError, act_error, setup_error};
use crate::values;
use messhall_records::{GameKind, catalog};
use messhall_rules::{ChanceOutcome, Color, Fact, Position};
use messhall_table::{Action, Legal, Table, TableSetup, Turn};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::sync::Arc;

/// A chess variant: one of messhall's by name, or a variant file.
#[pyclass(frozen, module = "messhall")]
#[derive(Clone)]
pub struct Variant {
    pub game: messhall_records::ChessGame,
}

impl Variant {
    fn rules(&self) -> &messhall_rules::Variant {
        &self.game.variant
    }

    fn from_kind(kind: GameKind) -> PyResult<Variant> {
        match kind {
            GameKind::Chess(game) => Ok(Variant { game }),
            GameKind::Cafeteria => Err(VariantError::new_err(
                "cafeteria is the cafeteria game, not a chess variant: use CafeteriaGame",
            )),
        }
    }

    /// A position of the variant in FEN, or its start.
    pub fn position(&self, fen: Option<&str>) -> PyResult<Position> {
        match fen {
            None => Ok(self.rules().start()),
            Some(text) => Position::from_fen(self.rules(), text).map_err(|e| FenError::new_err(e.to_string())),
        }
    }

    /// The variant named by `arg`: a `Variant`, or a name or path (the default: chess).
    pub fn from_arg(arg: Option<&Bound<'_, PyAny>>) -> PyResult<Variant> {
        match arg {
            None => Variant::load("chess"),
            Some(a) => match a.cast::<Variant>() {
                Ok(v) => Ok(v.get().clone()),
                Err(_) => Variant::load(&a.extract::<String>()?),
            },
        }
    }

    fn load(name: &str) -> PyResult<Variant> {
        Variant::from_kind(catalog::load(name).map_err(|e| VariantError::new_err(e.to_string()))?)
    }
}

#[pymethods]
impl Variant {
    /// A built-in variant by name (`chess`, `foodfight`...), or else a variant file by path.
    #[new]
    #[pyo3(signature = (name = "chess"))]
    fn new(name: &str) -> PyResult<Variant> {
        Variant::load(name)
    }

    /// A variant from a variant file's text; `name` names it in errors.
    #[staticmethod]
    fn from_text(name: &str, text: &str) -> PyResult<Variant> {
        Variant::from_kind(catalog::from_file_text(name, text).map_err(|e| VariantError::new_err(e.to_string()))?)
    }

    /// The variant's name.
    #[getter]
    fn name(&self) -> String {
        self.rules().name().to_string()
    }

    /// Its one-line description.
    #[getter]
    fn description(&self) -> String {
        self.rules().description().to_string()
    }

    /// Files (columns) of the board.
    #[getter]
    fn files(&self) -> u8 {
        self.rules().size().files()
    }

    /// Ranks (rows) of the board.
    #[getter]
    fn ranks(&self) -> u8 {
        self.rules().size().ranks()
    }

    /// The start position in FEN.
    #[getter]
    fn start_fen(&self) -> String {
        self.rules().start().to_fen(self.rules())
    }

    /// The name of the per-piece counter (Calorie's energy), if the variant has one.
    #[getter]
    fn counter(&self) -> Option<String> {
        self.rules().counter_name().map(String::from)
    }

    /// The piece types: (letter, name) in the variant's order.
    fn pieces(&self) -> Vec<(char, String)> {
        self.rules()
            .roles()
            .map(|(_, info)| (info.letter, info.name.clone()))
            .collect()
    }

    /// The number of leaf positions `depth` plies from `fen` (default: the start); chance
    /// events branch on their outcomes.
    #[pyo3(signature = (depth, fen = None))]
    fn perft(&self, py: Python<'_>, depth: u32, fen: Option<&str>) -> PyResult<u64> {
        let pos = self.position(fen)?;
        let v = self.game.variant.clone();
        Ok(py.detach(move || v.perft(&pos, depth)))
    }

    /// Perft split by the first move: (move in coordinates, count).
    #[pyo3(signature = (depth, fen = None))]
    fn divide(&self, py: Python<'_>, depth: u32, fen: Option<&str>) -> PyResult<Vec<(String, u64)>> {
        let pos = self.position(fen)?;
        let v = self.game.variant.clone();
        let split = py.detach(|| v.divide(&pos, depth));
        Ok(split.into_iter().map(|(m, n)| (m.to_coordinates(&v), n)).collect())
    }

    /// The size of the fixed move encoding (`ChessGame.legal_indices`).
    #[getter]
    fn action_size(&self) -> usize {
        MoveCode::new(self.rules()).size()
    }

    fn __repr__(&self) -> String {
        format!("Variant({:?})", self.rules().name())
    }
}

/// A chess game at a table: two seats (0 is White), the variant's dice for its chance events.
#[pyclass(module = "messhall")]
#[derive(Clone)]
pub struct ChessGame {
    pub table: Table,
    code: Arc<MoveCode>,
}

impl ChessGame {
    /// A game of the table (which must be a chess table).
    pub fn of_table(table: Table) -> ChessGame {
        let code = Arc::new(match table.chess() {
            Some(c) => MoveCode::new(c.variant()),
            None => unreachable!("a chess game is made from a chess table"),
        });
        ChessGame { table, code }
    }

    fn chess(&self) -> &messhall_table::ChessTable {
        match self.table.chess() {
            Some(c) => c,
            None => unreachable!("a ChessGame holds a chess table"),
        }
    }

    fn variant_ref(&self) -> &messhall_rules::Variant {
        self.chess().variant()
    }

    fn act(&mut self, py: Python<'_>, action: Action) -> PyResult<Vec<Py<PyAny>>> {
        let seat = self
            .table
            .turn()
            .seat()
            .ok_or_else(|| TurnError::new_err("the game is over"))?;
        let events = self.table.try_act(seat, action).map_err(act_error)?;
        values::events(py, &events)
    }

    fn outcome_dict(py: Python<'_>, o: &ChanceOutcome, chooser: Option<Color>) -> PyResult<Py<PyAny>> {
        let d = PyDict::new(py);
        d.set_item("from", o.from.to_string())?;
        d.set_item("to", o.to.to_string())?;
        d.set_item("weight", o.weight)?;
        d.set_item("total", o.total)?;
        d.set_item("probability", o.probability())?;
        d.set_item("text", o.to_text())?;
        d.set_item("chooser", chooser.map(|c| c.index()))?;
        Ok(d.into_any().unbind())
    }
}

#[pymethods]
impl ChessGame {
    /// A game of `variant` (a `Variant`, or a name or path; default chess) from `fen` (default:
    /// the start), its dice seeded by `seed` (default: a secret seed).
    #[new]
    #[pyo3(signature = (variant = None, fen = None, seed = None))]
    fn new(variant: Option<&Bound<'_, PyAny>>, fen: Option<String>, seed: Option<u64>) -> PyResult<ChessGame> {
        let variant = Variant::from_arg(variant)?;
        let setup = TableSetup {
            fen,
            seed: Some(values::seed(seed)),
            ..TableSetup::default()
        };
        let table = Table::new(GameKind::Chess(variant.game), &setup).map_err(setup_error)?;
        Ok(ChessGame::of_table(table))
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> Variant {
        match self.table.kind() {
            GameKind::Chess(game) => Variant { game: game.clone() },
            GameKind::Cafeteria => unreachable!("a ChessGame holds a chess table"),
        }
    }

    /// The seed of the game's dice, when it was given as a number.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.table.seed().number()
    }

    /// The position in FEN.
    #[getter]
    fn fen(&self) -> String {
        self.chess().position().to_fen(self.variant_ref())
    }

    /// The side to move: "white" or "black".
    #[getter]
    fn turn(&self) -> String {
        color_word(self.chess().position().side_to_move())
    }

    /// The seat to act (0 White, 1 Black), or `None` when the game is over.
    #[getter]
    fn to_act(&self) -> Option<u8> {
        self.table.turn().seat().map(|s| s.0)
    }

    /// What the seat to act does: "move", "steer" (a steered step of the neutral piece, before
    /// moving) or "over".
    #[getter]
    fn phase(&self) -> &'static str {
        match self.table.turn() {
            Turn::Move { .. } => "move",
            Turn::Steer { .. } => "steer",
            Turn::Student { .. } | Turn::Over => "over",
        }
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.table.result().is_some()
    }

    /// The legal actions in coordinates (`e2e4`, `e7e8q`, `P@e4`, `pass`), or the steps a
    /// steering player may choose (`d4-e5`, `d4` to stand still).
    fn legal_moves(&self) -> Vec<String> {
        let v = self.variant_ref();
        match self.table.legal() {
            Legal::Moves(moves) => moves.iter().map(|m| m.to_coordinates(v)).collect(),
            Legal::Steps(steps) => steps.iter().map(ChanceOutcome::to_text).collect(),
            Legal::Nothing | Legal::Student(_) => Vec::new(),
        }
    }

    /// The legal moves in SAN, in the order of `legal_moves` (steps as in `legal_moves`).
    fn legal_san(&self) -> Vec<String> {
        let v = self.variant_ref();
        let pos = self.chess().position();
        match self.table.legal() {
            Legal::Moves(moves) => moves.iter().map(|m| v.san(pos, m)).collect(),
            Legal::Steps(steps) => steps.iter().map(ChanceOutcome::to_text).collect(),
            Legal::Nothing | Legal::Student(_) => Vec::new(),
        }
    }

    /// Plays a move (coordinates or SAN) or steers a step (`e5` or `d4-e5`) for the seat to
    /// act; the dice then decide the chance events that follow. Returns the events.
    fn push(&mut self, py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyAny>>> {
        let action = self.table.parse_action(text).map_err(act_error)?;
        self.act(py, action)
    }

    /// Takes the last action back (with the dice's outcomes that followed it). Returns whether
    /// there was one.
    fn pop(&mut self) -> bool {
        self.table.undo(1) == 1
    }

    /// `seat` resigns.
    fn resign(&mut self, py: Python<'_>, seat: i64) -> PyResult<Vec<Py<PyAny>>> {
        let seat = values::seat(&self.table, seat)?;
        let events = self.table.try_act(seat, Action::Resign).map_err(act_error)?;
        values::events(py, &events)
    }

    /// The chance event waiting for a player to steer it, if any: `chooser` (a seat) and its
    /// `outcomes`, each with `from`, `to`, `weight`, `total`, `probability` and `text`. The
    /// dice's own events never wait: see `last_chances`.
    fn chance(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let Some(event) = self.chess().game().pending_chance() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("chooser", event.chooser.map(|c| c.index()))?;
        let outcomes: PyResult<Vec<Py<PyAny>>> = event
            .outcomes
            .iter()
            .map(|o| ChessGame::outcome_dict(py, o, event.chooser))
            .collect();
        d.set_item("outcomes", outcomes?)?;
        Ok(Some(d.into_any().unbind()))
    }

    /// How the chance events since the last move came out (each with its weight).
    fn last_chances(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.chess()
            .game()
            .chances_since_last_move()
            .iter()
            .map(|o| ChessGame::outcome_dict(py, o, None))
            .collect()
    }

    /// The pieces that carry a counter (Calorie's energy): `square`, `piece` (FEN letter),
    /// `name`, `color` and `value`.
    fn energies(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let v = self.variant_ref();
        let mut out = Vec::new();
        for fact in v.facts(self.chess().position()) {
            if let Fact::Counters { color, values, .. } = fact {
                for cv in values {
                    let d = PyDict::new(py);
                    d.set_item("square", cv.square.to_string())?;
                    d.set_item("piece", v.piece_letter(cv.piece).to_string())?;
                    d.set_item("name", v.role(cv.piece.role()).name.clone())?;
                    d.set_item("color", color_word(color))?;
                    d.set_item("value", cv.value)?;
                    out.push(d.into_any().unbind());
                }
            }
        }
        Ok(out)
    }

    /// The pieces in hand: {"white": {letter: count}, "black": {...}} (only those held).
    fn hands(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let v = self.variant_ref();
        let pos = self.chess().position();
        let d = PyDict::new(py);
        for color in Color::ALL {
            let hand = PyDict::new(py);
            for (role, info) in v.roles() {
                let n = pos.hand(color, role);
                if n > 0 {
                    hand.set_item(info.letter.to_string(), n)?;
                }
            }
            d.set_item(color_word(color), hand)?;
        }
        Ok(d.into_any().unbind())
    }

    /// The board: square name to FEN letter (upper case White, `*` a neutral piece).
    fn board(&self) -> Vec<(String, String)> {
        let v = self.variant_ref();
        let pos = self.chess().position();
        let mut out = Vec::new();
        for sq in v.size().squares() {
            if pos.is_neutral(sq) {
                out.push((sq.to_string(), messhall_rules::NEUTRAL_LETTER.to_string()));
            } else if let Some(p) = pos.piece_at(sq) {
                out.push((sq.to_string(), v.piece_letter(p).to_string()));
            }
        }
        out
    }

    /// The result once the game is over: `scores` by seat, `winner`, `ending` and `why`.
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        values::result(py, &self.table)
    }

    /// Every event so far, as the play layer reports them.
    fn events(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        values::events(py, self.table.events())
    }

    /// The actions taken so far: (seat, action in coordinates, or `resign`).
    fn actions(&self) -> Vec<(u8, String)> {
        let v = self.variant_ref();
        self.table
            .actions()
            .iter()
            .map(|(seat, a)| {
                let text = match a {
                    Action::Move(m) => m.to_coordinates(v),
                    Action::Steer(o) => o.to_text(),
                    Action::Resign => "resign".to_string(),
                    Action::Student(_) => String::new(),
                };
                (seat.0, text)
            })
            .collect()
    }

    /// The game as a record (JSON and PGN, replayable).
    fn record(&self) -> crate::record::Record {
        crate::record::Record {
            record: self.table.record(),
        }
    }

    /// The game in PGN (with its dice's seed and chance outcomes, as the play layer writes it).
    fn pgn(&self) -> PyResult<String> {
        crate::record::pgn_of(&self.table.record())
    }

    /// The size of the fixed move encoding.
    #[getter]
    fn action_size(&self) -> usize {
        self.code.size()
    }

    /// The indices of the legal actions in the fixed move encoding, in the order of
    /// `legal_moves`.
    fn legal_indices(&self) -> PyResult<Vec<usize>> {
        match self.table.legal() {
            Legal::Moves(moves) => moves
                .iter()
                .map(|m| {
                    self.code.of_move(m).ok_or_else(|| {
                        IllegalMoveError::new_err(format!(
                            "{}: a promotion no rule offers",
                            m.to_coordinates(self.variant_ref())
                        ))
                    })
                })
                .collect(),
            Legal::Steps(steps) => Ok(steps.iter().map(|s| self.code.of_step(s)).collect()),
            Legal::Nothing | Legal::Student(_) => Ok(Vec::new()),
        }
    }

    /// Takes the legal action whose index in the fixed encoding is `index`.
    fn push_index(&mut self, py: Python<'_>, index: usize) -> PyResult<Vec<Py<PyAny>>> {
        let indices = self.legal_indices()?;
        let Some(at) = indices.iter().position(|i| *i == index) else {
            return Err(IllegalMoveError::new_err(format!(
                "action {index} is not a legal action here ({} are)",
                indices.len()
            )));
        };
        let action = match self.table.legal() {
            Legal::Moves(moves) => Action::Move(moves[at]),
            Legal::Steps(steps) => Action::Steer(steps[at]),
            Legal::Nothing | Legal::Student(_) => return Err(TurnError::new_err("the game is over")),
        };
        self.act(py, action)
    }

    /// The number of observation planes: one per piece type and side, the neutral pieces, and
    /// the counter values.
    #[getter]
    fn plane_count(&self) -> usize {
        2 * self.variant_ref().role_count() + 2
    }

    /// The board as planes of bytes, `plane_count` x ranks x files, seen from `seat`: its own
    /// pieces' planes first, and for seat 1 the ranks turned so its side is at the bottom. A
    /// piece's plane holds 1 where it stands; the last plane holds counter values (at most 255).
    fn planes<'py>(&self, py: Python<'py>, seat: u8) -> Bound<'py, PyBytes> {
        let v = self.variant_ref();
        let pos = self.chess().position();
        let (files, ranks) = (usize::from(v.size().files()), usize::from(v.size().ranks()));
        let roles = v.role_count();
        let area = files * ranks;
        let mut out = vec![0u8; (2 * roles + 2) * area];
        let me = if seat == 0 { Color::White } else { Color::Black };
        let counters: Vec<(messhall_rules::Square, u16)> = v
            .facts(pos)
            .into_iter()
            .flat_map(|f| match f {
                Fact::Counters { values, .. } => values.into_iter().map(|c| (c.square, c.value)).collect(),
                Fact::Neutral { .. } => Vec::new(),
            })
            .collect();
        let cell = |sq: messhall_rules::Square| {
            let rank = usize::from(sq.rank());
            let rank = if me == Color::White { rank } else { ranks - 1 - rank };
            rank * files + usize::from(sq.file())
        };
        for sq in v.size().squares() {
            let at = cell(sq);
            if pos.is_neutral(sq) {
                out[2 * roles * area + at] = 1;
            } else if let Some(p) = pos.piece_at(sq) {
                let side = usize::from(p.color() != me);
                out[(side * roles + p.role().index()) * area + at] = 1;
            }
        }
        for (sq, value) in counters {
            out[(2 * roles + 1) * area + cell(sq)] = u8::try_from(value).unwrap_or(u8::MAX);
        }
        PyBytes::new(py, &out)
    }

    /// An independent copy of the game.
    fn copy(&self) -> ChessGame {
        self.clone()
    }

    fn __copy__(&self) -> ChessGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> ChessGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("ChessGame({:?}, {:?})", self.variant_ref().name(), self.fen())
    }
}

/// A side as Python reads it: "white" or "black".
fn color_word(c: Color) -> String {
    c.name().to_ascii_lowercase()
}
