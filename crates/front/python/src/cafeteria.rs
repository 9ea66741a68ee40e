//! The cafeteria game at a table: 2-4 seats, their students' actions by name, the dice, and what
//! each seat may see.

use crate::encode::ActionCode;
use crate::errors::{IllegalMoveError, MesshallError, SetupError, TurnError, act_error, setup_error};
use crate::values;
use messhall_cafeteria::{Game, GameOption, Hold, Note, Seen, Status, words};
use messhall_records::{GameKind, Seat};
use messhall_table::{Action, Event, Legal, Table, TableSetup, Turn};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// Numbers in the observation of each student.
const PER_STUDENT: usize = 23;
/// Numbers in the observation of each faculty/staff member.
const PER_FACULTY: usize = 3;
/// Numbers about the whole game at the start of the observation.
const GLOBAL: usize = 10;

/// A cafeteria game at a table.
#[pyclass(module = "messhall")]
#[derive(Clone)]
pub struct CafeteriaGame {
    pub table: Table,
    code: Arc<ActionCode>,
}

fn data() -> PyResult<&'static messhall_cafeteria::Data> {
    messhall_cafeteria::data().map_err(|e| MesshallError::new_err(e.to_string()))
}

impl CafeteriaGame {
    /// A game of the table (which must be a cafeteria table).
    pub fn of_table(table: Table) -> CafeteriaGame {
        // The embedded data was read when the table was set up.
        let code = Arc::new(
            messhall_cafeteria::data().map_or_else(|_| unreachable!("a cafeteria table has its data"), ActionCode::new),
        );
        CafeteriaGame { table, code }
    }

    fn game(&self) -> &Game {
        match self.table.cafeteria() {
            Some(c) => c.game(),
            None => unreachable!("a CafeteriaGame holds a cafeteria table"),
        }
    }

    fn legal(&self) -> &[messhall_cafeteria::Action] {
        match self.table.legal() {
            Legal::Student(actions) => actions,
            _ => &[],
        }
    }

    fn take(&mut self, py: Python<'_>, action: messhall_cafeteria::Action) -> PyResult<Vec<Py<PyAny>>> {
        let seat = self
            .table
            .turn()
            .seat()
            .ok_or_else(|| TurnError::new_err("the game is over"))?;
        let events = self.table.try_act(seat, Action::Student(action)).map_err(act_error)?;
        let seen: Vec<Event> = events.into_iter().filter(|e| e.visible_to(Some(seat))).collect();
        values::events(py, &seen)
    }

    fn viewer(&self, seat: Option<i64>) -> PyResult<Option<Seat>> {
        seat.map(|s| values::seat(&self.table, s)).transpose()
    }
}

#[pymethods]
impl CafeteriaGame {
    /// A game for `players` (2-4) with the optional rules named in `options`
    /// (`a-new-beginning`, `mystery-meat`...), its dice seeded by `seed` (default: secret).
    #[new]
    #[pyo3(signature = (players = 4, options = Vec::new(), seed = None))]
    fn new(players: i64, options: Vec<String>, seed: Option<u64>) -> PyResult<CafeteriaGame> {
        let players = values::players(players)?;
        let options = options
            .iter()
            .map(|o| o.parse::<GameOption>().map_err(|e| SetupError::new_err(e.to_string())))
            .collect::<PyResult<Vec<GameOption>>>()?;
        let setup = TableSetup {
            seed: Some(values::seed(seed)),
            cafeteria: Some(messhall_cafeteria::Setup::new(players, &options)),
            ..TableSetup::default()
        };
        let table = Table::new(GameKind::Cafeteria, &setup).map_err(setup_error)?;
        Ok(CafeteriaGame::of_table(table))
    }

    /// The optional rules' names.
    #[staticmethod]
    fn options() -> Vec<&'static str> {
        GameOption::ALL.iter().map(|o| o.name()).collect()
    }

    /// How many seats (players) the table has.
    #[getter]
    fn seats(&self) -> usize {
        self.table.seats()
    }

    /// The seed of the game's dice, when it was given as a number.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.table.seed().number()
    }

    /// The seat to act, or `None` when the game is over.
    #[getter]
    fn to_act(&self) -> Option<u8> {
        self.table.turn().seat().map(|s| s.0)
    }

    /// The student to act (its number), or `None`.
    #[getter]
    fn student(&self) -> Option<u8> {
        match self.table.turn() {
            Turn::Student { student, .. } => Some(student),
            _ => None,
        }
    }

    /// The round.
    #[getter]
    fn round(&self) -> u8 {
        self.game().round()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.table.result().is_some()
    }

    /// The actions open to the student to act, by the names `act` takes (`move 4,7`,
    /// `throw pie at Bruiser`, `end`).
    fn legal_actions(&self) -> Vec<String> {
        let game = self.game();
        self.legal().iter().map(|a| game.action_name(a)).collect()
    }

    /// The same actions in words ("throw the Cream Pie at Bruiser"), in the same order.
    fn legal_words(&self) -> Vec<String> {
        let game = self.game();
        self.legal().iter().map(|a| words::action(game, a)).collect()
    }

    /// The student to act takes an action given by name. Returns the events its player may
    /// see.
    fn act(&mut self, py: Python<'_>, text: &str) -> PyResult<Vec<Py<PyAny>>> {
        match self.table.parse_action(text).map_err(act_error)? {
            Action::Student(a) => self.take(py, a),
            _ => Err(IllegalMoveError::new_err("a student's action is expected")),
        }
    }

    /// Takes the legal action whose index in the fixed encoding is `index`.
    fn act_index(&mut self, py: Python<'_>, index: usize) -> PyResult<Vec<Py<PyAny>>> {
        let found = self.legal().iter().find(|a| self.code.of(a) == Some(index)).cloned();
        match found {
            Some(a) => self.take(py, a),
            None => Err(IllegalMoveError::new_err(format!(
                "action {index} is not open now ({} actions are)",
                self.legal().len()
            ))),
        }
    }

    /// The size of the fixed action encoding.
    #[getter]
    fn action_size(&self) -> usize {
        self.code.size()
    }

    /// The indices of the open actions in the fixed encoding, in the order of `legal_actions`.
    fn legal_indices(&self) -> PyResult<Vec<usize>> {
        let game = self.game();
        self.legal()
            .iter()
            .map(|a| {
                self.code.of(a).ok_or_else(|| {
                    MesshallError::new_err(format!("{}: outside the action encoding", game.action_name(a)))
                })
            })
            .collect()
    }

    /// Takes the last action back. Returns whether there was one.
    fn pop(&mut self) -> bool {
        self.table.undo(1) == 1
    }

    /// `seat` resigns: the game ends, lost for it and shared among the others.
    fn resign(&mut self, py: Python<'_>, seat: i64) -> PyResult<Vec<Py<PyAny>>> {
        let seat = values::seat(&self.table, seat)?;
        let events = self.table.try_act(seat, Action::Resign).map_err(act_error)?;
        values::events(py, &events)
    }

    /// The result once the game is over: `scores` by seat (shares of the win), `winner`,
    /// `ending` and `why`.
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        values::result(py, &self.table)
    }

    /// Every draw of the game's dice so far: `options` and `value` (from 0).
    fn dice(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.table.cafeteria() {
            Some(c) => values::to_py(py, &c.draws()),
            None => unreachable!("a CafeteriaGame holds a cafeteria table"),
        }
    }

    /// What happened so far, in words, as `seat` may see it (`None`: an onlooker, who sees
    /// only what everyone sees).
    #[pyo3(signature = (seat = None))]
    fn log(&self, seat: Option<i64>) -> PyResult<Vec<String>> {
        let viewer = self.viewer(seat)?;
        let game = self.game();
        Ok(self
            .table
            .events()
            .iter()
            .filter(|e| e.visible_to(viewer))
            .filter_map(|e| match e {
                Event::Cafeteria { visible_to, event } => {
                    let note = Note {
                        event: event.clone(),
                        seen_by: visible_to.map_or(Seen::Everyone, |s| Seen::Player(s.0)),
                    };
                    Some(words::event(game, &note))
                }
                Event::Ended(result) => Some(values::why(&self.table, result)),
                _ => None,
            })
            .collect())
    }

    /// The events so far as `seat` may see them, as the play layer reports them.
    #[pyo3(signature = (seat = None))]
    fn events(&self, py: Python<'_>, seat: Option<i64>) -> PyResult<Vec<Py<PyAny>>> {
        let viewer = self.viewer(seat)?;
        let seen: Vec<Event> = self
            .table
            .events()
            .iter()
            .filter(|e| e.visible_to(viewer))
            .cloned()
            .collect();
        values::events(py, &seen)
    }

    /// The game as `seat` may see it (`None`: an onlooker), squares named as actions name them
    /// (`c4`): the round, every student (where,
    /// Appearance Rating, Action Allowance, status, how many counters it carries, and which only
    /// for the seat's own students), the faculty, food on the floor and the Food Line's stacks.
    #[pyo3(signature = (seat = None))]
    fn view(&self, py: Python<'_>, seat: Option<i64>) -> PyResult<Py<PyAny>> {
        let viewer = self.viewer(seat)?;
        let game = self.game();
        let d = PyDict::new(py);
        d.set_item("round", game.round())?;
        d.set_item("to_act", self.to_act())?;
        d.set_item("student", self.student())?;
        let mut students = Vec::new();
        for (i, s) in game.students().iter().enumerate() {
            let id = i as u8;
            let sd = PyDict::new(py);
            sd.set_item("id", id)?;
            sd.set_item("name", game.student_name(id))?;
            sd.set_item("player", s.player)?;
            sd.set_item("square", s.pos.to_string())?;
            sd.set_item("ar", s.ar)?;
            sd.set_item("max_ar", game.student_max_ar(id))?;
            sd.set_item("aa", game.student_aa(id))?;
            sd.set_item("status", status_name(s.status))?;
            sd.set_item("stunned", s.stunned)?;
            sd.set_item("carrying", hold_count(&s.hold))?;
            sd.set_item("holds", hold_kind(&s.hold))?;
            if viewer == Some(Seat(s.player)) {
                let foods: Vec<&str> = s.hold.foods().iter().map(|f| game.food_name(*f)).collect();
                sd.set_item("foods", foods)?;
            }
            students.push(sd);
        }
        d.set_item("students", students)?;
        let faculty: Vec<(String, Option<String>)> = game
            .faculty()
            .iter()
            .enumerate()
            .map(|(i, f)| (game.faculty_name(i as u8).to_string(), f.pos.map(|p| p.to_string())))
            .collect();
        d.set_item("faculty", faculty)?;
        let floor: Vec<String> = game.floor().iter().map(|(sq, _)| sq.to_string()).collect();
        d.set_item("floor", floor)?;
        d.set_item("stacks", game.stack_sizes().to_vec())?;
        d.set_item("line_trays", game.line_trays())?;
        Ok(d.into_any().unbind())
    }

    /// The size of `observation`'s vector.
    #[getter]
    fn observation_size(&self) -> PyResult<usize> {
        let data = data()?;
        Ok(GLOBAL + PER_STUDENT * data.students.len() + PER_FACULTY * data.faculty.len())
    }

    /// The game as numbers, as `seat` may see it (nothing hidden from it is in them): the
    /// round and stacks; for each student whether it plays, whether it is the seat's, its
    /// player counted from the seat, square, ratings, status, load, and for the seat's own
    /// students the families of the food they carry; each staff member's square.
    fn observation(&self, seat: i64) -> PyResult<Vec<f32>> {
        let seat = values::seat(&self.table, seat)?;
        let data = data()?;
        let game = self.game();
        let players = self.table.seats();
        let mut out = vec![0f32; self.observation_size()?];
        let stacks = game.stack_sizes();
        out[0] = f32::from(game.round());
        out[1] = f32::from(game.rounds_without_throw());
        out[2] = f32::from(game.line_trays());
        for (k, n) in stacks.iter().enumerate() {
            out[3 + k] = *n as f32;
        }
        out[8] = f32::from(game.aa_left());
        out[9] = f32::from(u8::from(game.player_to_move() == Some(seat.0)));
        let to_move = game.to_move();
        for (i, s) in game.students().iter().enumerate().take(data.students.len()) {
            let o = &mut out[GLOBAL + i * PER_STUDENT..GLOBAL + (i + 1) * PER_STUDENT];
            let id = i as u8;
            let mine = s.player == seat.0;
            o[0] = 1.0;
            o[1] = f32::from(u8::from(mine));
            let relative = (usize::from(s.player) + players - usize::from(seat.0)) % players;
            o[2 + relative.min(3)] = 1.0;
            o[6] = f32::from(s.pos.x);
            o[7] = f32::from(s.pos.y);
            o[8] = f32::from(s.ar);
            o[9] = f32::from(game.student_max_ar(id));
            o[10] = f32::from(game.student_aa(id));
            o[11 + status_index(s.status)] = 1.0;
            o[14] = f32::from(u8::from(s.stunned));
            o[15] = hold_count(&s.hold) as f32;
            o[16] = f32::from(u8::from(to_move == Some(id)));
            o[17] = f32::from(u8::from(s.hiding.is_some()));
            if mine {
                for f in s.hold.foods() {
                    if let Some(family) = data.kind(*f).family {
                        o[18 + family.index().min(4)] += 1.0;
                    }
                }
            }
        }
        let base = GLOBAL + PER_STUDENT * data.students.len();
        for (i, f) in game.faculty().iter().enumerate().take(data.faculty.len()) {
            if let Some(p) = f.pos {
                out[base + i * PER_FACULTY] = 1.0;
                out[base + i * PER_FACULTY + 1] = f32::from(p.x);
                out[base + i * PER_FACULTY + 2] = f32::from(p.y);
            }
        }
        Ok(out)
    }

    /// The game as a record (JSON, replayable).
    fn record(&self) -> crate::record::Record {
        crate::record::Record {
            record: self.table.record(),
        }
    }

    /// An independent copy of the game.
    fn copy(&self) -> CafeteriaGame {
        self.clone()
    }

    fn __copy__(&self) -> CafeteriaGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> CafeteriaGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "CafeteriaGame({} players, round {})",
            self.table.seats(),
            self.game().round()
        )
    }
}

fn status_index(s: Status) -> usize {
    match s {
        Status::Active => 0,
        Status::Retired => 1,
        Status::Gone => 2,
    }
}

fn status_name(s: Status) -> &'static str {
    match s {
        Status::Active => "active",
        Status::Retired => "retired",
        Status::Gone => "gone",
    }
}

fn hold_count(h: &Hold) -> usize {
    match h {
        Hold::Empty => 0,
        Hold::Hands(f) | Hold::Tray(f) => f.len(),
        Hold::Can(_) | Hold::Pumper(_) | Hold::Bowl(..) => 1,
    }
}

fn hold_kind(h: &Hold) -> &'static str {
    match h {
        Hold::Empty => "nothing",
        Hold::Hands(_) => "hands",
        Hold::Tray(_) => "tray",
        Hold::Can(_) => "can",
        Hold::Pumper(_) => "pumper",
        Hold::Bowl(..) => "bowl",
    }
}
