//! The exceptions: one base, `MesshallError`, and one class for each kind of refusal. Each
//! carries the rules' reason as its message.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    messhall,
    MesshallError,
    PyException,
    "Anything messhall refuses: the base of its exceptions."
);
create_exception!(
    messhall,
    VariantError,
    MesshallError,
    "A game that is not one of messhall's, or a variant file with faults (every fault in the message)."
);
create_exception!(
    messhall,
    FenError,
    MesshallError,
    "A position in FEN that the variant cannot read."
);
create_exception!(
    messhall,
    IllegalMoveError,
    MesshallError,
    "A move or action that is not legal now, or text that names none; the message says why."
);
create_exception!(
    messhall,
    TurnError,
    MesshallError,
    "An action from a seat that is not to act, a seat the table does not have, or a game that is over."
);
create_exception!(
    messhall,
    SetupError,
    MesshallError,
    "A game that cannot be set up so: a player count, an option, a setting for another game."
);
create_exception!(
    messhall,
    RecordError,
    MesshallError,
    "A record or PGN text that cannot be read or does not replay."
);
create_exception!(
    messhall,
    EngineError,
    MesshallError,
    "An engine or computer player that cannot be made so, or a search without a limit."
);

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("MesshallError", py.get_type::<MesshallError>())?;
    m.add("VariantError", py.get_type::<VariantError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("TurnError", py.get_type::<TurnError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    Ok(())
}

/// The table's refusal of an action as the matching exception.
pub fn act_error(e: messhall_table::ActError) -> PyErr {
    use messhall_table::ActError;
    match e {
        ActError::Illegal(_) | ActError::WrongKind(_) => IllegalMoveError::new_err(e.to_string()),
        ActError::Over | ActError::NotYourTurn { .. } | ActError::NoSuchSeat(_) => TurnError::new_err(e.to_string()),
    }
}

/// A table that could not be set up.
pub fn setup_error(e: messhall_table::SetupError) -> PyErr {
    match e {
        messhall_table::SetupError::Fen(why) => FenError::new_err(why.to_string()),
        e => SetupError::new_err(e.to_string()),
    }
}
