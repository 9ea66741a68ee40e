//! Values handed to Python: events and results as dicts, seeds and seats checked.

use crate::errors::{SetupError, TurnError};
use messhall_dice::Seed;
use messhall_records::{Ending, GameResult, Seat};
use messhall_table::{Event, Table};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A serializable value as the Python value JSON gives (dicts, lists, strings, numbers).
pub fn to_py<T: serde::Serialize>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| crate::errors::MesshallError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// The seed of a game's dice: a number, or a secret one drawn from the operating system.
pub fn seed(number: Option<u64>) -> Seed {
    number.map_or_else(messhall_table::seed::secret, Seed::from_number)
}

/// A seat number checked against the table.
pub fn seat(table: &Table, seat: i64) -> PyResult<Seat> {
    match u8::try_from(seat) {
        Ok(s) if usize::from(s) < table.seats() => Ok(Seat(s)),
        _ => Err(TurnError::new_err(format!(
            "the table has no seat {seat} (its seats are 0 to {})",
            table.seats() - 1
        ))),
    }
}

/// A player count of the cafeteria game, checked.
pub fn players(n: i64) -> PyResult<u8> {
    match u8::try_from(n) {
        Ok(p @ 2..=4) => Ok(p),
        _ => Err(SetupError::new_err(format!(
            "the cafeteria game has 2 to 4 players, not {n}"
        ))),
    }
}

/// Why a game ended, in words.
pub fn why(table: &Table, result: &GameResult) -> String {
    match &result.ending {
        Ending::Rules { outcome } => outcome.reason.name().to_string(),
        Ending::Cafeteria { .. } => match table
            .cafeteria()
            .and_then(|c| c.game().outcome().map(|o| (c.game(), o)))
        {
            Some((game, outcome)) => messhall_cafeteria::words::outcome(game, outcome),
            None => "the game ended".to_string(),
        },
        Ending::Resigned { seat } => format!("seat {} resigned", seat.0),
        Ending::Flagged { seat } => format!("seat {}'s time ran out", seat.0),
        Ending::Abandoned { seat, drawn: false } => format!("seat {} left the game", seat.0),
        Ending::Abandoned { seat, drawn: true } => format!("seat {} left the game: drawn", seat.0),
        Ending::Agreed => "draw agreed".to_string(),
        Ending::MoveLimit => "move limit".to_string(),
        Ending::Forfeit { seat, reason } => format!("seat {} forfeits: {reason}", seat.0),
    }
}

/// The result as a dict: `scores` by seat, `winner` (a seat, or `None` for a draw or a shared
/// win), `ending` (its kind) and `why` (in words).
pub fn result(py: Python<'_>, table: &Table) -> PyResult<Option<Py<PyAny>>> {
    let Some(result) = table.result() else {
        return Ok(None);
    };
    let d = PyDict::new(py);
    d.set_item("scores", result.scores.clone())?;
    d.set_item("winner", result.winner().map(|s| s.0))?;
    let ending = to_py(py, &result.ending)?;
    let by = ending.bind(py).get_item("by")?;
    d.set_item("ending", by)?;
    d.set_item("why", why(table, result))?;
    d.set_item("details", ending)?;
    Ok(Some(d.into_any().unbind()))
}

/// Events as dicts (their `type` says which), as the play layer reports them.
pub fn events(py: Python<'_>, events: &[Event]) -> PyResult<Vec<Py<PyAny>>> {
    events.iter().map(|e| to_py(py, e)).collect()
}
