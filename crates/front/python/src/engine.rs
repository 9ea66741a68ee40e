//! The engine: a search of a position for a depth, node or time budget; and computer players
//! (the engine at a level, the baselines, the cafeteria bots) as the play layer makes them.

use crate::cafeteria::CafeteriaGame;
use crate::chess::{ChessGame, Variant};
use crate::errors::{EngineError, TurnError};
use messhall_records::GameKind;
use messhall_search::{Level, Limits, Options, Score};
use messhall_table::{Action, Budget, Choice, PlayerSpec, Table};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;
use std::time::Duration;

/// A time in seconds from Python, checked.
fn seconds(t: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(t)
        .ok()
        .filter(|d| !d.is_zero() && d.as_secs() < 24 * 3600)
        .ok_or_else(|| {
            EngineError::new_err(format!(
                "{t} seconds is not a time to think (more than 0, less than a day)"
            ))
        })
}

/// The searching engine for one variant.
#[pyclass(module = "messhall")]
pub struct Engine {
    engine: Mutex<messhall_search::Engine>,
    variant: Variant,
}

#[pymethods]
impl Engine {
    /// An engine for `variant` (a `Variant`, a name or a path; default chess) with a `hash_mb`
    /// MB table, at `level` (1 beginner to 10 full strength), its weaker levels' noise seeded by
    /// `seed`, searching on `threads` threads (1 to 256).
    #[new]
    #[pyo3(signature = (variant = None, hash_mb = 16, level = 10, seed = 0, threads = 1))]
    fn new(
        variant: Option<&Bound<'_, PyAny>>,
        hash_mb: usize,
        level: i64,
        seed: u64,
        threads: usize,
    ) -> PyResult<Engine> {
        let variant = Variant::from_arg(variant)?;
        let level = match u8::try_from(level) {
            Ok(n) if messhall_table::LEVELS.contains(&n) => Level::new(n),
            _ => return Err(EngineError::new_err(format!("level {level}: levels go from 1 to 10"))),
        };
        if !(1..=messhall_search::MAX_THREADS).contains(&threads) {
            return Err(EngineError::new_err(format!(
                "threads {threads}: from 1 to {}",
                messhall_search::MAX_THREADS
            )));
        }
        let options = Options {
            hash_mb,
            level,
            seed,
            threads,
        };
        let mut engine = messhall_search::Engine::try_new(variant.game.variant.clone(), &options)
            .map_err(|e| EngineError::new_err(e.to_string()))?;
        if let Some(weights) =
            messhall_table::file_weights(&variant.game).map_err(|e| EngineError::new_err(e.to_string()))?
        {
            engine.set_weights(&weights);
        }
        Ok(Engine {
            engine: Mutex::new(engine),
            variant,
        })
    }

    /// Searches `position` (a `ChessGame`, whose earlier positions count for repetitions, or a
    /// FEN) to `depth` plies, `nodes` nodes or `time` seconds (at least one). Returns `depth`,
    /// `score` ({"cp": n} or {"mate": n}, for the side to move), `nodes`, `time`, `pv` (moves in
    /// coordinates), `pv_san` and `best`; `None` when the side to move has no move.
    #[pyo3(signature = (position, depth = None, nodes = None, time = None))]
    fn search(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<Option<Py<PyAny>>> {
        if depth.is_none() && nodes.is_none() && time.is_none() {
            return Err(EngineError::new_err("a search needs a depth, a node count or a time"));
        }
        if let Some(d) = depth.filter(|d| !(1..=messhall_search::search::MAX_DEPTH).contains(d)) {
            return Err(EngineError::new_err(format!("depth {d}: depths go from 1 to 64")));
        }
        if nodes == Some(0) {
            return Err(EngineError::new_err("a node count is at least 1"));
        }
        let limits = Limits {
            depth,
            nodes,
            movetime: time.map(seconds).transpose()?,
            ..Limits::default()
        };
        let (pos, history) = match position.cast::<ChessGame>() {
            Ok(game) => {
                let game = game.borrow();
                let chess = game
                    .table
                    .chess()
                    .ok_or_else(|| EngineError::new_err("not a chess game"))?;
                if chess.variant().name() != self.variant.game.variant.name() {
                    return Err(EngineError::new_err(format!(
                        "the engine plays {}, the game is {}",
                        self.variant.game.variant.name(),
                        chess.variant().name()
                    )));
                }
                (chess.position().clone(), chess.history())
            }
            Err(_) => (self.variant.position(Some(&position.extract::<String>()?))?, Vec::new()),
        };
        let v = self.variant.game.variant.clone();
        let found = py.detach(|| {
            let mut engine = self.engine.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            engine.search(&pos, &history, &limits, &mut |_| {})
        });
        let Some(info) = found else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("depth", info.depth)?;
        let score = PyDict::new(py);
        match info.score {
            Score::Cp(cp) => score.set_item("cp", cp)?,
            Score::Mate(m) => score.set_item("mate", m)?,
        }
        d.set_item("score", score)?;
        d.set_item("nodes", info.nodes)?;
        d.set_item("time", info.elapsed.as_secs_f64())?;
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_coordinates(&v)).collect();
        let mut san = Vec::new();
        let mut at = pos.clone();
        for m in &info.pv {
            // The line may pass through chance events; SAN is written up to the first one.
            if !v.is_legal(&at, m) {
                break;
            }
            san.push(v.san(&at, m));
            at = at.play_unchecked(&v, m);
        }
        d.set_item("best", pv.first().cloned())?;
        d.set_item("pv", pv)?;
        d.set_item("pv_san", san)?;
        Ok(Some(d.into_any().unbind()))
    }

    /// Forgets what earlier searches learned.
    fn new_game(&self) {
        self.engine
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .new_game();
    }
}

/// A computer player as users name them: `level=N` (1-10), `depth=N`, `nodes=N`, `ai`,
/// `random`, `greedy`; for the cafeteria game `random`, `rules`, `search`, `search-v1`.
#[pyclass(module = "messhall")]
pub struct Player {
    player: Mutex<Box<dyn messhall_table::Player>>,
    spec: PlayerSpec,
}

/// The table of a game object from Python.
fn with_table<R>(game: &Bound<'_, PyAny>, f: impl FnOnce(&Table) -> PyResult<R>) -> PyResult<R> {
    if let Ok(g) = game.cast::<ChessGame>() {
        return f(&g.borrow().table);
    }
    if let Ok(g) = game.cast::<CafeteriaGame>() {
        return f(&g.borrow().table);
    }
    Err(EngineError::new_err("a ChessGame or a CafeteriaGame is expected"))
}

#[pymethods]
impl Player {
    /// A player of `spec` for `game` (a `ChessGame`, `CafeteriaGame`, `Variant`, or a game's
    /// name), its own randomness seeded by `seed`.
    #[new]
    #[pyo3(signature = (spec, game, seed = 0, hash_mb = 16))]
    fn new(spec: &str, game: &Bound<'_, PyAny>, seed: u64, hash_mb: usize) -> PyResult<Player> {
        let spec = PlayerSpec::parse(spec).map_err(|e| EngineError::new_err(e.to_string()))?;
        if spec == PlayerSpec::Human {
            return Err(EngineError::new_err("human is not a computer player"));
        }
        let kind = match with_table(game, |t| Ok(t.kind().clone())) {
            Ok(kind) => kind,
            Err(_) => match game.cast::<Variant>() {
                Ok(v) => GameKind::Chess(v.get().game.clone()),
                Err(_) => {
                    let name: String = game.extract()?;
                    messhall_records::catalog::load(&name)
                        .map_err(|e| crate::errors::VariantError::new_err(e.to_string()))?
                }
            },
        };
        let player = spec
            .make(&kind, seed, hash_mb)
            .map_err(|e| EngineError::new_err(e.to_string()))?;
        Ok(Player {
            player: Mutex::new(player),
            spec,
        })
    }

    /// The player's name (`level=3`, `random`...).
    #[getter]
    fn name(&self) -> String {
        self.spec.to_string()
    }

    /// The action the player chooses for the seat to act in `game`, within `time` seconds: a
    /// move in coordinates, a step (`d4-e5`) or a cafeteria action's name.
    #[pyo3(signature = (game, time = 1.0))]
    fn choose(&self, py: Python<'_>, game: &Bound<'_, PyAny>, time: f64) -> PyResult<String> {
        let budget = Budget::movetime(seconds(time)?);
        with_table(game, |table| {
            let seat = table
                .turn()
                .seat()
                .ok_or_else(|| TurnError::new_err("the game is over"))?;
            let choice = py.detach(|| {
                let mut player = self.player.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                player.choose(table, seat, &budget)
            });
            match choice {
                Choice::Act(action) => Ok(action_text(table, &action)),
                Choice::Ask | Choice::Nothing => Err(EngineError::new_err(format!(
                    "{} cannot choose an action here",
                    self.spec
                ))),
            }
        })
    }

    /// Chooses as `choose` does and takes the action in `game`; returns the events.
    #[pyo3(signature = (game, time = 1.0))]
    fn play(&self, py: Python<'_>, game: &Bound<'_, PyAny>, time: f64) -> PyResult<Vec<Py<PyAny>>> {
        let text = self.choose(py, game, time)?;
        if let Ok(g) = game.cast::<ChessGame>() {
            return g.call_method1("push", (text,))?.extract();
        }
        game.call_method1("act", (text,))?.extract()
    }
}

/// An action as the game's `push` or `act` takes it.
fn action_text(table: &Table, action: &Action) -> String {
    match action {
        Action::Move(m) => table
            .chess()
            .map_or_else(String::new, |c| m.to_coordinates(c.variant())),
        Action::Steer(o) => o.to_text(),
        Action::Student(a) => table.cafeteria().map_or_else(String::new, |c| c.game().action_name(a)),
        Action::Resign => "resign".to_string(),
    }
}
