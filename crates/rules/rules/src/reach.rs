//! Where a piece may go, as data for diagrams (the rules pages' `messhall diagram`, the play
//! server's rules metadata): the piece on a square of a board given as letters, each square it
//! reaches marked as a move, a capture, or both, and what it may do only while it has never
//! moved.

use crate::{Color, FenError, MoveKind, Piece, Position, Role, Setup, SetupProblem, Square, Variant};

use std::collections::BTreeMap;
use std::fmt::Write;

/// Why a diagram could not be worked out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// The board has no central square (it is 0 files or ranks wide).
    #[error("the board is too small")]
    BoardTooSmall,
    /// A piece type the variant does not have.
    #[error("no piece type {}", .0.0)]
    NoSuchRole(Role),
    /// The board does not read as a FEN of the variant.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// Every piece type is royal: none can stand in as an enemy to capture.
    #[error("no piece that is not royal")]
    NoProbe,
}

/// Where a piece type standing alone on an empty board may go.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PieceReach {
    /// Where it stands: a central square.
    pub from: Square,
    /// Squares it may move to and capture on.
    pub both: Vec<Square>,
    /// Squares it may only move to (they must be empty).
    pub moves: Vec<Square>,
    /// Squares it may only capture on.
    pub captures: Vec<Square>,
    /// Squares it reaches only while it has never moved.
    pub initial: Vec<Square>,
}

/// White's `role` alone on a central square of an empty board: where it may go. Moves that need
/// other pieces on the board (a cannon's hurdle, a swap's partner) do not show: those are
/// [`crate::examples::move_examples`].
///
/// # Errors
/// [`DiagramError`] for a board too small or a role the variant does not have.
pub fn piece_reach(v: &Variant, role: Role) -> Result<PieceReach, DiagramError> {
    let from = Square::new((v.size.files() - 1) / 2, (v.size.ranks() - 1) / 2).ok_or(DiagramError::BoardTooSmall)?;
    if v.try_role(role).is_none() {
        return Err(DiagramError::NoSuchRole(role));
    }
    let letter = v.piece_letter(Piece::new(Color::White, role));
    let board = BTreeMap::new();
    let moved = reach(v, &board, from, letter, "m")?;
    let unmoved = reach(v, &board, from, letter, "u")?;
    let mut out = PieceReach {
        from,
        both: Vec::new(),
        moves: Vec::new(),
        captures: Vec::new(),
        initial: Vec::new(),
    };
    for (&sq, &(quiet, capture)) in &moved {
        match (quiet, capture) {
            (true, true) => out.both.push(sq),
            (true, false) => out.moves.push(sq),
            _ => out.captures.push(sq),
        }
    }
    out.initial = unmoved.keys().filter(|sq| !moved.contains_key(sq)).copied().collect();
    Ok(out)
}

/// A board to draw from a FEN: pieces set up to show a move (a lone piece, no Kings), not a
/// position a game reaches, so the problems [`Setup::position`] finds are waived.
///
/// # Errors
/// [`DiagramError`] for a FEN that does not read.
pub fn drawn_board(v: &Variant, fen: &str) -> Result<Position, DiagramError> {
    let setup = Setup::from_fen(v, fen)?;
    Ok(setup.position(v, &SetupProblem::ALL)?)
}

/// A FEN of `board` plus `letter{note}` on `square`, with the piece's side to move.
pub(crate) fn fen_with(
    v: &Variant,
    board: &BTreeMap<Square, char>,
    square: Square,
    letter: char,
    note: &str,
) -> String {
    let mut cells: BTreeMap<Square, String> = board.iter().map(|(&sq, c)| (sq, c.to_string())).collect();
    cells.insert(square, format!("{letter}{{{note}}}"));
    let side = if letter.is_ascii_lowercase() { 'b' } else { 'w' };
    board_fen(v, &cells, side, "-", "-")
}

/// A FEN of `cells` (a FEN piece, notes included, per square) with `side` to move and the
/// castling and en passant fields given.
pub(crate) fn board_fen(v: &Variant, cells: &BTreeMap<Square, String>, side: char, castling: &str, ep: &str) -> String {
    let mut rows = Vec::new();
    for rank in (0..v.size.ranks()).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..v.size.files() {
            match Square::new(file, rank).and_then(|sq| cells.get(&sq)) {
                Some(cell) => {
                    if empty > 0 {
                        let _ = write!(row, "{empty}");
                        empty = 0;
                    }
                    row.push_str(cell);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(row, "{empty}");
        }
        rows.push(row);
    }
    format!("{} {side} {castling} {ep} 0 1", rows.join("/"))
}

/// Per square the piece `letter` on `square` of `board` reaches: (may move there when empty,
/// may capture there). A square's capture is probed by standing an enemy on it, when the board
/// has nothing there already. `note` is the piece's FEN note: `m` moved, `u` never moved.
///
/// # Errors
/// [`DiagramError`] when the board does not read, or the variant has no piece to probe with.
pub fn reach(
    v: &Variant,
    board: &BTreeMap<Square, char>,
    square: Square,
    letter: char,
    note: &str,
) -> Result<BTreeMap<Square, (bool, bool)>, DiagramError> {
    let moves_from = |board: &BTreeMap<Square, char>| -> Result<Vec<crate::Move>, DiagramError> {
        let pos = drawn_board(v, &fen_with(v, board, square, letter, note))?;
        let mut moves = Vec::new();
        v.pseudo_moves(&pos, &mut moves);
        moves.retain(|m| m.from == square);
        Ok(moves)
    };
    let mut found: BTreeMap<Square, (bool, bool)> = BTreeMap::new();
    for m in moves_from(board)? {
        match m.victim() {
            // A capture marks the square of its victim (a rifle shot's target, a withdrawal's
            // enemy, a leaping capture's hurdle), not where the piece ends.
            Some(victim) => found.entry(victim).or_default().1 = true,
            // A swap needs a friendly piece there: the rules page tells it in words.
            None if m.kind == MoveKind::Swap => {}
            None => found.entry(m.to).or_default().0 = true,
        }
    }
    // An enemy of the piece for probing: a piece of the first type that is not royal (so the
    // probe never counts as a check), in the other colour.
    let (_, probe_role) = v.roles().find(|(_, r)| !r.royal).ok_or(DiagramError::NoProbe)?;
    let enemy = if letter.is_ascii_lowercase() {
        probe_role.letter.to_ascii_uppercase()
    } else {
        probe_role.letter.to_ascii_lowercase()
    };
    for sq in v.size.squares() {
        if sq == square || board.contains_key(&sq) {
            continue;
        }
        let mut probe = board.clone();
        probe.insert(sq, enemy);
        if moves_from(&probe)?.iter().any(|m| m.victim() == Some(sq)) {
            found.entry(sq).or_default().1 = true;
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knight_in_the_middle_reaches_eight_squares_and_a_pawn_steps_twice_only_unmoved() {
        let v = Variant::spec_from_toml("chess", include_str!("../../../games/catalog/variants/chess.toml"))
            .and_then(|spec| Variant::new("chess", &spec))
            .unwrap();
        let knight = v.role_by_letter('N').unwrap();
        let reach = piece_reach(&v, knight).unwrap();
        assert_eq!(reach.from.to_string(), "d4");
        assert_eq!(reach.both.len(), 8);
        assert!(reach.moves.is_empty() && reach.captures.is_empty() && reach.initial.is_empty());
        let pawn = piece_reach(&v, v.role_by_letter('P').unwrap()).unwrap();
        let names = |s: &[Square]| s.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(names(&pawn.moves), ["d5"]);
        assert_eq!(names(&pawn.captures), ["c5", "e5"]);
        assert_eq!(names(&pawn.initial), ["d6"]);
        let err = piece_reach(&v, Role(60)).unwrap_err();
        assert_eq!(err, DiagramError::NoSuchRole(Role(60)));
        assert_eq!(err.to_string(), "no piece type 60");
        assert!(matches!(drawn_board(&v, "9/8 w"), Err(DiagramError::Fen(_))));
    }
}
