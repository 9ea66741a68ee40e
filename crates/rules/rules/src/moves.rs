//! Moves and their coordinate notation (`e2e4`, `a10a12`, `e11e12q`, `P@e2`, `pass`, `d4e5,e5f6`).

use crate::{Role, Variant, echo};
use messhall_geometry::Square;
use std::fmt::Write;

/// What a move does besides going from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveKind {
    /// To an empty square.
    Quiet,
    /// A non-capturing move that gives the opponent en passant rights on the squares it skipped.
    DoubleStep,
    /// Onto an enemy piece, which is removed.
    Capture,
    /// Onto a skipped square, removing the piece on `extra` that skipped it.
    EnPassant,
    /// Royal `from` to `to`, the rook from `extra` to beside the royal.
    Castle,
    /// A multi-leg move that removes the enemy on `extra` on its way and ends on `to`, which may
    /// hold another enemy (also removed).
    Locust,
    /// A rifle capture: the enemy on `to` is removed and the mover stays on `from`.
    Rifle,
    /// A capture by withdrawal: a step to the empty `to`, straight away from the enemy on `extra`,
    /// which is removed.
    Withdrawal,
    /// The mover and the friendly piece on `to` change places (a promotion applies to the piece
    /// arriving on `from`).
    Swap,
    /// A piece from hand onto `to`.
    Drop(Role),
    /// The side to move passes.
    Pass,
}

/// A move: from where to where, of what kind, and the promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub kind: MoveKind,
    pub promotion: Option<Role>,
    /// The square of a piece the move removes other than on `to` (en passant, locust), or the rook
    /// of a castling; otherwise equal to `to`.
    pub extra: Square,
    /// The move captures a poisonous piece (not by rifle): the mover is removed as well.
    pub poisoned: bool,
}

impl Move {
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            kind,
            promotion: None,
            extra: to,
            poisoned: false,
        }
    }

    pub const fn pass() -> Move {
        let a1 = Square::from_index(0);
        Move {
            from: a1,
            to: a1,
            kind: MoveKind::Pass,
            promotion: None,
            extra: a1,
            poisoned: false,
        }
    }

    /// Whether the move removes an enemy piece.
    pub const fn is_capture(&self) -> bool {
        matches!(
            self.kind,
            MoveKind::Capture | MoveKind::EnPassant | MoveKind::Locust | MoveKind::Rifle | MoveKind::Withdrawal
        )
    }

    /// The square of the enemy piece the move removes, if it removes one (a locust move that
    /// also lands on an enemy removes two: this is the one on its way).
    pub const fn victim(&self) -> Option<Square> {
        match self.kind {
            MoveKind::Capture | MoveKind::Rifle => Some(self.to),
            MoveKind::EnPassant | MoveKind::Locust | MoveKind::Withdrawal => Some(self.extra),
            _ => None,
        }
    }

    /// The move in coordinate notation for `variant` (promotion and drop letters are the variant's).
    pub fn to_coordinates(&self, variant: &Variant) -> String {
        let mut s = String::new();
        match self.kind {
            MoveKind::Pass => s.push_str("pass"),
            MoveKind::Drop(role) => {
                let _ = write!(s, "{}@{}", variant.role_letter(role), self.to);
            }
            MoveKind::Locust => {
                let _ = write!(s, "{}{},{}{}", self.from, self.extra, self.extra, self.to);
            }
            MoveKind::Rifle => {
                let _ = write!(s, "{}{},{}{}", self.from, self.to, self.to, self.from);
            }
            _ => {
                let _ = write!(s, "{}{}", self.from, self.to);
            }
        }
        if let Some(role) = self.promotion {
            s.push(variant.role_letter(role).to_ascii_lowercase());
        }
        s
    }
}

/// A move in coordinate notation, parsed but not yet matched against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Coordinates {
    Pass,
    Drop {
        letter: char,
        to: Square,
    },
    Legs {
        squares: Vec<Square>,
        promotion: Option<char>,
    },
}

/// Why a move was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
/// The text is quoted cut short ([`crate::echo`]) when it is long.
pub enum MoveError {
    #[error("move \"{}\": {why}", echo(.text))]
    Malformed { text: String, why: String },
    #[error("move \"{}\" is not legal here{hint}", echo(.text))]
    Illegal { text: String, hint: String },
    #[error("move \"{}\" is ambiguous: it could be {options}", echo(.text))]
    Ambiguous { text: String, options: String },
}

impl Coordinates {
    pub(crate) fn parse(text: &str) -> Result<Coordinates, MoveError> {
        let bad = |why: String| MoveError::Malformed {
            text: text.to_string(),
            why,
        };
        let t = text.trim();
        if t == "pass" || t == "0000" || t == "--" || t == "@@@@" {
            return Ok(Coordinates::Pass);
        }
        if let Some((piece, square)) = t.split_once('@') {
            let mut chars = piece.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => c,
                _ => {
                    return Err(bad("a drop is a piece letter, '@' and a square, like N@e4".into()));
                }
            };
            let to = square
                .parse()
                .map_err(|_| bad(format!("\"{}\" after '@' is not a square", echo(square))))?;
            return Ok(Coordinates::Drop { letter, to });
        }
        let mut squares = Vec::new();
        let legs: Vec<&str> = t.split(',').collect();
        let mut promotion = None;
        for (i, leg) in legs.iter().enumerate() {
            let (a, used) = Square::parse_prefix(leg)
                .ok_or_else(|| bad(format!("leg \"{}\" does not start with a square", echo(leg))))?;
            let rest = &leg[used..];
            let (b, used2) = Square::parse_prefix(rest)
                .ok_or_else(|| bad(format!("leg \"{}\" needs a second square", echo(leg))))?;
            let tail = &rest[used2..];
            if let Some(&last) = squares.last() {
                if last != a {
                    return Err(bad(format!(
                        "leg \"{}\" must start where the previous leg ended ({last})",
                        echo(leg)
                    )));
                }
            } else {
                squares.push(a);
            }
            squares.push(b);
            if !tail.is_empty() {
                let mut chars = tail.chars();
                match (chars.next(), chars.next(), i + 1 == legs.len()) {
                    (Some(c), None, true) if c.is_ascii_alphabetic() => promotion = Some(c),
                    _ => return Err(bad(format!("unexpected \"{}\" after {a}{b}", echo(tail)))),
                }
            }
        }
        Ok(Coordinates::Legs { squares, promotion })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn parses_coordinate_forms() {
        assert_eq!(
            Coordinates::parse("a10a12").unwrap(),
            Coordinates::Legs {
                squares: vec![sq("a10"), sq("a12")],
                promotion: None
            }
        );
        assert_eq!(
            Coordinates::parse("e11e12q").unwrap(),
            Coordinates::Legs {
                squares: vec![sq("e11"), sq("e12")],
                promotion: Some('q')
            }
        );
        assert_eq!(
            Coordinates::parse("P@e2").unwrap(),
            Coordinates::Drop {
                letter: 'P',
                to: sq("e2")
            }
        );
        assert_eq!(
            Coordinates::parse("d4e5,e5f6").unwrap(),
            Coordinates::Legs {
                squares: vec![sq("d4"), sq("e5"), sq("f6")],
                promotion: None
            }
        );
        assert_eq!(Coordinates::parse("pass").unwrap(), Coordinates::Pass);
    }

    #[test]
    fn rejects_malformed_moves_with_a_reason() {
        for bad in [
            "",
            "e2",
            "e2e",
            "x2e4",
            "e2e4qq",
            "d4e5,e6f7",
            "@e4",
            "PP@e4",
            "P@z9",
            "e2e4,",
        ] {
            let err = Coordinates::parse(bad).unwrap_err().to_string();
            assert!(err.starts_with("move \""), "{bad}: {err}");
            assert!(!err.contains('\n'));
        }
    }
}
