//! Records (the play layer's JSON) and PGN, read and written as the play layer does.

use crate::cafeteria::CafeteriaGame;
use crate::chess::ChessGame;
use crate::errors::RecordError;
use messhall_records::pgn;
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;

/// A game's record: its game, start, seed and every action; it replays exactly.
#[pyclass(frozen, module = "messhall")]
#[derive(Clone)]
pub struct Record {
    pub record: messhall_records::Record,
}

/// The record in PGN, after replaying it.
pub fn pgn_of(record: &messhall_records::Record) -> PyResult<String> {
    pgn::write(record, &pgn::Header::today()).map_err(|e| RecordError::new_err(e.to_string()))
}

#[pymethods]
impl Record {
    /// Reads a record from its JSON text.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Record> {
        messhall_records::Record::from_json(text)
            .map(|record| Record { record })
            .map_err(|e| RecordError::new_err(e.to_string()))
    }

    /// The record as JSON.
    fn to_json(&self) -> String {
        self.record.to_json()
    }

    /// The game's name (`chess`, `foodfight`, a variant file's name, `cafeteria`).
    #[getter]
    fn game(&self) -> String {
        match &self.record.game {
            messhall_records::GameSource::Builtin { name, .. } | messhall_records::GameSource::File { name, .. } => {
                name.clone()
            }
            messhall_records::GameSource::Cafeteria { .. } => "cafeteria".to_string(),
        }
    }

    /// How many actions it holds.
    fn __len__(&self) -> usize {
        self.record.actions.len()
    }

    /// Plays the record again, checking every action and roll: a `ChessGame` or a
    /// `CafeteriaGame` where it stopped.
    fn replay(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let table = messhall_table::Table::replay(&self.record).map_err(|e| RecordError::new_err(e.to_string()))?;
        if table.chess().is_some() {
            ChessGame::of_table(table).into_py_any(py)
        } else {
            CafeteriaGame::of_table(table).into_py_any(py)
        }
    }

    /// The game in PGN (chess games only).
    fn pgn(&self) -> PyResult<String> {
        pgn_of(&self.record)
    }

    fn __repr__(&self) -> String {
        format!("Record({:?}, {} actions)", self.game(), self.record.actions.len())
    }
}

/// Every game of a PGN text, checked move by move, as records.
#[pyfunction]
pub fn read_pgn(text: &str) -> PyResult<Vec<Record>> {
    let games = pgn::read(text).map_err(|e| RecordError::new_err(e.to_string()))?;
    Ok(games.into_iter().map(|g| Record { record: g.record }).collect())
}
