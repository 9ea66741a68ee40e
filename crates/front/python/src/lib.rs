//! messhall for Python: the extension module `messhall._messhall` behind the `messhall` package
//! (`python/`). A front end like the others: it drives the play layer's tables, records, PGN and
//! players, the rules' variants and perft, and the search; it holds no rules of its own.
//!
//! Every refusal reaches Python as an exception of one hierarchy (`MesshallError` and its kinds)
//! with the rules' own words; nothing here panics on what Python hands it (every call goes
//! through the fallible entry points: `try_act`, `parse_action`, `from_fen`, `try_new`...).

mod cafeteria;
mod chess;
mod encode;
mod engine;
mod errors;
mod record;
mod values;

use pyo3::prelude::*;

/// The names of every game: the built-in chess variants, then the cafeteria game.
#[pyfunction]
fn games() -> Vec<String> {
    messhall_records::catalog::entries()
        .map(|e| e.name.to_string())
        .collect()
}

/// The one-line description of a game by name, if it is one of messhall's.
#[pyfunction]
fn description(name: &str) -> Option<String> {
    messhall_records::catalog::description(name)
}

/// The module.
#[pymodule]
fn _messhall(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(description, m)?)?;
    m.add_function(wrap_pyfunction!(record::read_pgn, m)?)?;
    m.add_class::<chess::Variant>()?;
    m.add_class::<chess::ChessGame>()?;
    m.add_class::<cafeteria::CafeteriaGame>()?;
    m.add_class::<record::Record>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::Player>()?;
    m.add("LEVELS", (1u8, 10u8))?;
    Ok(())
}
