//! The engine's answers to XBoard's `lift`, `put` and `hover`: which squares the lifted piece may
//! go to (`highlight COLORFEN`), and which pieces a promotion may make (`choice`).
//!
//! Colours as the protocol gives them: yellow a move, red a capture, magenta a promotion, cyan a
//! square where a multi-leg move goes on (the GUI then sends `put` and `lift` for it and asks for
//! the next leg), and lowercase green for victims that are not destinations (shown on `hover`).

use crate::notation::{MoveText, forms};
use messhall_geometry::{BoardSize, Square};
use messhall_rules::{Move, MoveKind, Position, Variant};
use std::collections::BTreeMap;
use std::fmt::Write;

/// A marker colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Mark {
    Quiet,
    Capture,
    Promotion,
    /// A multi-leg move goes on from here.
    Leg,
    /// A victim that is not a destination.
    Victim,
}

impl Mark {
    fn letter(self) -> char {
        match self {
            Mark::Quiet => 'Y',
            Mark::Capture => 'R',
            Mark::Promotion => 'M',
            Mark::Leg => 'C',
            Mark::Victim => 'g',
        }
    }
}

/// The legs of a move as the GUI enters it (its first form), or `None` for drops and passes.
fn legs(v: &Variant, pos: &Position, mv: &Move) -> Option<Vec<Square>> {
    match forms(v, pos, mv).into_iter().next()? {
        MoveText::Legs(squares, _) => Some(squares),
        _ => None,
    }
}

/// The legal moves that go along `path` (the squares entered so far) and one leg further,
/// with where that leg goes and whether the move ends there.
fn continuing<'a>(
    v: &'a Variant,
    pos: &'a Position,
    legal: &'a [Move],
    path: &'a [Square],
) -> impl Iterator<Item = (&'a Move, Square, bool)> + 'a {
    legal.iter().filter_map(move |mv| {
        let squares = legs(v, pos, mv)?;
        if squares.len() <= path.len() || squares.get(..path.len())? != path {
            return None;
        }
        let next = *squares.get(path.len())?;
        Some((mv, next, squares.len() == path.len() + 1))
    })
}

fn ending_mark(mv: &Move) -> Mark {
    if mv.promotion().is_some() {
        Mark::Promotion
    } else if mv.is_capture() {
        Mark::Capture
    } else {
        Mark::Quiet
    }
}

/// The markers for the piece lifted along `path`: where its next leg may go.
pub(crate) fn marks(v: &Variant, pos: &Position, legal: &[Move], path: &[Square]) -> BTreeMap<Square, Mark> {
    let mut marks: BTreeMap<Square, Mark> = BTreeMap::new();
    for (mv, next, ends) in continuing(v, pos, legal, path) {
        let mark = if ends { ending_mark(mv) } else { Mark::Leg };
        let entry = marks.entry(next).or_insert(mark);
        *entry = (*entry).max(mark);
    }
    // After a cyan square the GUI also takes a click on it again as a move that ends there.
    if path.len() >= 2 {
        for mv in legal {
            if legs(v, pos, mv).as_deref() == Some(path) {
                if let Some(&last) = path.last() {
                    marks.entry(last).or_insert_with(|| ending_mark(mv));
                }
            }
        }
    }
    marks
}

/// The markers for a piece of `role` lifted from the holdings: where it may be dropped.
pub(crate) fn drop_marks(legal: &[Move], role: messhall_rules::Role) -> BTreeMap<Square, Mark> {
    legal
        .iter()
        .filter(|mv| mv.kind() == MoveKind::Drop(role))
        .map(|mv| (mv.to(), Mark::Quiet))
        .collect()
}

/// The `hover` answer: the markers of `path` and, in green, the pieces the moves ending on
/// `square` remove besides what stands there (en passant, withdrawal, a poisoned mover).
/// `None` when there is no such victim.
pub(crate) fn hover(
    v: &Variant,
    pos: &Position,
    legal: &[Move],
    path: &[Square],
    square: Square,
) -> Option<BTreeMap<Square, Mark>> {
    let mut victims = Vec::new();
    for (mv, next, ends) in continuing(v, pos, legal, path) {
        if !ends || next != square {
            continue;
        }
        let walked = legs(v, pos, mv).unwrap_or_default();
        if let Some(victim) = mv.victim().filter(|s| !walked.contains(s)) {
            victims.push(victim);
        }
        if mv.poisoned() && mv.kind() != MoveKind::Rifle {
            victims.push(mv.from());
        }
    }
    if victims.is_empty() {
        return None;
    }
    let mut all = marks(v, pos, legal, path);
    for victim in victims {
        all.entry(victim).or_insert(Mark::Victim);
    }
    Some(all)
}

/// The pieces a move along `path` ending on `square` may promote to, uppercase, the first the
/// default; the moving piece's own letter last where it may stay as it is.
pub(crate) fn choice(v: &Variant, pos: &Position, legal: &[Move], path: &[Square], square: Square) -> Option<String> {
    let mut letters = String::new();
    let mut may_stay = None;
    for (mv, next, ends) in continuing(v, pos, legal, path) {
        if !ends || next != square {
            continue;
        }
        match mv.promotion() {
            Some(role) => {
                let letter = v.role_letter(role);
                if !letters.contains(letter) {
                    letters.push(letter);
                }
            }
            None => may_stay = pos.piece_at(mv.from()).map(|p| v.role_letter(p.role())),
        }
    }
    if letters.is_empty() {
        return None;
    }
    if let Some(own) = may_stay {
        letters.push(own);
    }
    Some(letters)
}

/// Markers as a COLORFEN: ranks from the top, a run of unmarked squares as its length.
pub(crate) fn color_fen(size: BoardSize, marks: &BTreeMap<Square, Mark>) -> String {
    let mut fen = String::new();
    for rank in (0..size.ranks()).rev() {
        let mut run = 0;
        for file in 0..size.files() {
            match Square::new(file, rank).and_then(|sq| marks.get(&sq)) {
                Some(mark) => {
                    if run > 0 {
                        let _ = write!(fen, "{run}");
                        run = 0;
                    }
                    fen.push(mark.letter());
                }
                None => run += 1,
            }
        }
        if run > 0 {
            let _ = write!(fen, "{run}");
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knight_on_its_start_square() {
        let chess = messhall_records::catalog::builtin_variant("chess").unwrap();
        let start = chess.start();
        let legal = chess.legal_moves(&start).to_vec();
        let g1 = Square::new(6, 0).unwrap();
        let marks = marks(&chess, &start, &legal, &[g1]);
        assert_eq!(color_fen(chess.size(), &marks), "8/8/8/8/8/5Y1Y/8/8");
        assert_eq!(choice(&chess, &start, &legal, &[g1], Square::new(5, 2).unwrap()), None);
    }
}
