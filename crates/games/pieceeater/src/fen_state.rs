//! The PieceEater's state in FEN, by name: `forbidden=d5` (the square it may not step back to)
//! and `step=pending` or `step=after-e4` (its step comes next; after the move that put a piece on
//! e4, which rule 3 looks at). Older records' `r0=52 r1=1` still read.

use crate::{FORBIDDEN, PENDING};
use messhall_rules::{Square, Variant};

/// The FEN name of register `i`.
pub(crate) fn register_name(i: usize) -> Option<&'static str> {
    match i {
        FORBIDDEN => Some("forbidden"),
        PENDING => Some("step"),
        _ => None,
    }
}

/// A square stored plus one (0 stands for none), when it is a square of the board.
fn square_of(v: &Variant, value: u16) -> Option<Square> {
    let index = u8::try_from(value.checked_sub(1)?).ok()?;
    Some(Square::from_index(index)).filter(|&s| v.size().contains(s))
}

fn square_value(v: &Variant, text: &str) -> Option<u16> {
    let sq = text.parse::<Square>().ok().filter(|&s| v.size().contains(s))?;
    u16::try_from(sq.index() + 1).ok()
}

/// Register `i`'s value as its FEN field shows it (a value no square stands for stays a number).
pub(crate) fn register_text(v: &Variant, i: usize, value: u16) -> String {
    match (i, value) {
        (PENDING, 1) => "pending".into(),
        (PENDING, n) => square_of(v, n.saturating_sub(1)).map_or_else(|| n.to_string(), |s| format!("after-{s}")),
        (FORBIDDEN, n) => square_of(v, n).map_or_else(|| n.to_string(), |s| s.to_string()),
        (_, n) => n.to_string(),
    }
}

/// Reads [`register_text`]'s form back.
pub(crate) fn register_value(v: &Variant, i: usize, text: &str) -> Option<u16> {
    match i {
        PENDING if text == "pending" => Some(1),
        PENDING => square_value(v, text.strip_prefix("after-")?).map(|n| n + 1),
        FORBIDDEN => square_value(v, text),
        _ => text.parse().ok(),
    }
}
