//! What the engine tells XBoard about a variant: its name in the `variants` feature, and in
//! answer to `variant NAME` a `setup` line (piece letters, board size, holdings, start position)
//! and a `piece` line per piece type (its moves in XBoard's Betza).

use messhall_rules::{Color, Position, Role, Variant};
use std::fmt::Write;

/// XBoard's name for FIDE chess, which it knows without being told.
pub(crate) const NORMAL: &str = "normal";

/// How many piece types XBoard has besides its King (4.9: `WhitePawn` .. the one before `WhiteKing`).
const XBOARD_TYPES: usize = 65;

/// The letters XBoard gives its first piece types in a `fairy` game: a piece of ours with one
/// of these letters takes that type, so it looks as XBoard draws that letter.
const FAIRY_LETTERS: &str = "PNBRQFEACWMOHIJGDVLSU";

/// The variant name XBoard uses for one of our games, and back.
pub(crate) fn xboard_name(ours: &str) -> &str {
    if ours == "chess" { NORMAL } else { ours }
}

/// Our name for the variant XBoard calls `name`.
pub(crate) fn our_name(name: &str) -> &str {
    if name == NORMAL { "chess" } else { name }
}

/// Which XBoard piece type each role takes: `types[role]` is the type's index (the King's is
/// [`XBOARD_TYPES`]).
fn xboard_types(v: &Variant) -> Vec<usize> {
    let mut taken = std::collections::BTreeSet::new();
    let first_royal = v.roles().find(|(_, r)| r.royal).map(|(role, _)| role);
    let first_pawn = xboard_pawn(v);
    let mut types: Vec<Option<usize>> = v
        .roles()
        .map(|(role, info)| {
            let wanted = if Some(role) == first_royal {
                Some(XBOARD_TYPES)
            } else if Some(role) == first_pawn {
                Some(0)
            } else {
                FAIRY_LETTERS
                    .find(info.letter)
                    .filter(|&i| i > 0 || first_pawn.is_none())
            };
            wanted.filter(|&t| taken.insert(t))
        })
        .collect();
    for slot in types.iter_mut().filter(|s| s.is_none()) {
        *slot = (1..XBOARD_TYPES).find(|&t| taken.insert(t));
    }
    // A variant has at most 64 roles, fewer than XBoard's types: every role has one.
    types.into_iter().map(|t| t.unwrap_or(XBOARD_TYPES)).collect()
}

/// The role XBoard knows as its Pawn: the variant's first pawn.
pub(crate) fn xboard_pawn(v: &Variant) -> Option<Role> {
    v.roles().find(|(_, r)| r.pawn).map(|(role, _)| role)
}

/// The PIECETOCHAR table of the `setup` line: our letter on each XBoard type a role takes,
/// `.` on the rest, White's types, White's King, then Black's.
fn piece_to_char(v: &Variant) -> String {
    let types = xboard_types(v);
    // At least 5 types before the King: XBoard reads no table shorter than 12.
    let count = types
        .iter()
        .filter(|&&t| t < XBOARD_TYPES)
        .map(|t| t + 1)
        .max()
        .unwrap_or(0)
        .max(5);
    let mut white = vec!['.'; count + 1];
    for (role, info) in v.roles() {
        match types.get(role.index()) {
            Some(&t) if t == XBOARD_TYPES => {
                if let Some(last) = white.last_mut() {
                    *last = info.letter;
                }
            }
            Some(&t) => {
                if let Some(slot) = white.get_mut(t) {
                    *slot = info.letter;
                }
            }
            _ => {}
        }
    }
    let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
    white.into_iter().collect::<String>() + &black
}

/// How many holdings XBoard keeps: one per type up to the last droppable one.
fn holdings(v: &Variant) -> usize {
    let types = xboard_types(v);
    let droppable = v.drops().iter().fold(0u64, |m, d| m | d.roles);
    let mut participating: Vec<usize> = types.clone();
    participating.sort_unstable();
    v.roles()
        .filter(|(role, _)| droppable >> role.0 & 1 == 1)
        .filter_map(|(role, _)| types.get(role.index()))
        .filter_map(|t| participating.iter().position(|p| p == t))
        .map(|n| n + 1)
        .max()
        .unwrap_or(0)
}

/// The piece XBoard's holdings keep on the square it calls `name`, for a `lift` from them: XBoard
/// adds two columns on each side of a board with holdings, Black's at the left (named `_`) and
/// White's at the right (the letter after the board's last file and one more), one kind of
/// piece per rank, counted from the side's own edge.
pub(crate) fn holdings_piece(v: &Variant, name: &str) -> Option<(Color, Role)> {
    if v.drops().is_empty() {
        return None;
    }
    let mut chars = name.chars();
    let column = chars.next()?;
    let number: u32 = chars.as_str().parse().ok()?;
    let row = if v.size().ranks() == 10 {
        number
    } else {
        number.checked_sub(1)?
    };
    let row = usize::try_from(row).ok()?;
    let ranks = usize::from(v.size().ranks());
    let white_column = char::from(b'a'.wrapping_add(v.size().files()).wrapping_add(1));
    let (color, index) = match column {
        '_' => (Color::Black, ranks.checked_sub(1)?.checked_sub(row)?),
        c if c == white_column => (Color::White, row),
        _ => return None,
    };
    // Holdings list the kinds of piece that take part, in the order of XBoard's types.
    let types = xboard_types(v);
    let mut participating: Vec<(usize, Role)> = v
        .roles()
        .filter_map(|(r, _)| Some((*types.get(r.index())?, r)))
        .collect();
    participating.sort_unstable();
    participating.get(index).map(|&(_, role)| (color, role))
}

/// A position as XBoard reads a FEN: our letters, `*` for the neutral piece (a hole to XBoard:
/// nothing moves onto or over it), the hands in brackets, then side, castling, en passant and
/// the move counters.
pub(crate) fn xboard_fen(v: &Variant, pos: &Position) -> String {
    let size = v.size();
    let mut fen = String::new();
    for rank in (0..size.ranks()).rev() {
        let mut empty = 0;
        for file in 0..size.files() {
            let Some(sq) = messhall_geometry::Square::new(file, rank) else {
                continue;
            };
            let letter = if pos.is_neutral(sq) {
                Some(messhall_rules::NEUTRAL_LETTER)
            } else {
                pos.piece_at(sq).map(|p| v.piece_letter(p))
            };
            match letter {
                Some(c) => {
                    if empty > 0 {
                        let _ = write!(fen, "{empty}");
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(fen, "{empty}");
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    if !v.drops().is_empty() {
        fen.push('[');
        for color in Color::ALL {
            for (role, info) in v.roles() {
                for _ in 0..pos.hand(color, role) {
                    fen.push(if color == Color::White {
                        info.letter
                    } else {
                        info.letter.to_ascii_lowercase()
                    });
                }
            }
        }
        fen.push(']');
    }
    // Our FEN's fields after the board, without the notes XBoard does not read.
    let ours = pos.to_fen(v);
    for (i, field) in ours.split_whitespace().skip(1).take(5).enumerate() {
        fen.push(' ');
        if i == 2 {
            fen.push_str(&crate::notation::ep_field(size, field, true));
        } else {
            fen.push_str(field);
        }
    }
    fen
}

/// The `setup` line for a variant XBoard does not know.
pub(crate) fn setup_line(v: &Variant) -> String {
    format!(
        "setup ({}) {}x{}+{}_fairy {}",
        piece_to_char(v),
        v.size().files(),
        v.size().ranks(),
        holdings(v),
        xboard_fen(v, &v.start())
    )
}

/// One `piece` line per piece type whose moves XBoard can be told (`L&`: both colours).
pub(crate) fn piece_lines(v: &Variant) -> Vec<String> {
    let castling = v
        .castling()
        .first()
        .map(|c| c.king_from.file().abs_diff(c.king_to.file()));
    v.roles()
        .filter_map(|(role, info)| {
            let mut betza = crate::betza::to_xboard(&info.betza);
            if v.is_royal(role) {
                if let Some(distance) = castling {
                    // XBoard's castling atom: a first move of the King sideways.
                    let _ = write!(betza, "isO{distance}");
                }
            }
            (!betza.is_empty()).then(|| format!("piece {}& {betza}", info.letter))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(name: &str) -> std::sync::Arc<Variant> {
        messhall_records::catalog::builtin_variant(name).unwrap()
    }

    #[test]
    fn chess_pieces_keep_xboards_own_types() {
        assert_eq!(piece_to_char(&variant("calorie")), "PNBRQKpnbrqk");
        assert_eq!(holdings(&variant("pieceeater")), 4);
        assert_eq!(holdings(&variant("calorie")), 0);
    }

    #[test]
    fn every_role_of_the_twelve_by_twelve_games_has_its_own_letter() {
        for name in ["foodfight", "friendly"] {
            let v = variant(name);
            let table = piece_to_char(&v);
            for (_, info) in v.roles() {
                assert_eq!(table.matches(info.letter).count(), 1, "{name} {}", info.letter);
            }
            assert_eq!(table.len() % 2, 0);
        }
    }
}
