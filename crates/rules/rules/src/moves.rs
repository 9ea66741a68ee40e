//! Moves and their coordinate notation (`e2e4`, `a10a12`, `e11e12q`, `P@e2`, `pass`, `d4e5,e5f6`).

use crate::{Color, Role, Variant, echo};
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
    /// The square the piece leaves (for a drop, the square it lands on).
    pub(crate) from: Square,
    /// The square the piece arrives on.
    pub(crate) to: Square,
    /// What kind of move it is: a step, a capture, a drop, a castling...
    pub(crate) kind: MoveKind,
    /// The role a promoting piece becomes.
    pub(crate) promotion: Option<Role>,
    /// The square of a piece the move removes other than on `to` (en passant, locust), or the rook
    /// of a castling; otherwise equal to `to`.
    pub(crate) extra: Square,
    /// The move captures a poisonous piece (not by rifle): the mover is removed as well.
    pub(crate) poisoned: bool,
}

impl Move {
    /// A move of `kind` from `from` to `to`, with no promotion and nothing removed elsewhere.
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

    /// A pass: the side to move gives up its turn where the variant allows it.
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

    /// The square the piece leaves (for a drop, the square it lands on).
    pub const fn from(&self) -> Square {
        self.from
    }

    /// The square the piece arrives on.
    pub const fn to(&self) -> Square {
        self.to
    }

    /// What kind of move it is: a step, a capture, a drop, a castling...
    pub const fn kind(&self) -> MoveKind {
        self.kind
    }

    /// The role a promoting piece becomes.
    pub const fn promotion(&self) -> Option<Role> {
        self.promotion
    }

    /// The square of a piece the move removes other than on `to` (en passant, locust), or the
    /// rook of a castling; otherwise equal to `to`.
    pub const fn extra(&self) -> Square {
        self.extra
    }

    /// Whether the move captures a poisonous piece (not by rifle), removing the mover as well.
    pub const fn poisoned(&self) -> bool {
        self.poisoned
    }

    /// The same move, promoting to `promotion` (or not, with `None`).
    pub const fn with_promotion(self, promotion: Option<Role>) -> Move {
        Move { promotion, ..self }
    }

    /// The same move, with `extra` as its other square (see [`Move::extra`]).
    pub const fn with_extra(self, extra: Square) -> Move {
        Move { extra, ..self }
    }

    /// The same move, capturing a poisonous piece or not (see [`Move::poisoned`]).
    pub const fn with_poisoned(self, poisoned: bool) -> Move {
        Move { poisoned, ..self }
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

/// Why the rules refuse a move: the data of the refusal; the `Display` impl writes it in English
/// (pieces by their names in the variant).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WhyIllegal {
    /// A drop in a game that has none.
    #[error("{variant} has no drops")]
    NoDrops {
        /// The variant's name.
        variant: String,
    },
    /// A letter that names no piece of the variant.
    #[error("'{letter}' is not a piece of {variant}")]
    NotAPiece {
        /// The letter given.
        letter: char,
        /// The variant's name.
        variant: String,
    },
    /// A drop of a piece the side does not hold.
    #[error("{} holds no {piece} in hand", .side.name())]
    NotInHand {
        /// The side to move.
        side: Color,
        /// The piece's name.
        piece: String,
    },
    /// A drop of a piece where it may not be dropped.
    #[error("a {piece} cannot be dropped on {to}")]
    NoDropThere {
        /// The piece's name.
        piece: String,
        /// Where it was to go.
        to: Square,
    },
    /// A chance event is waiting: the dice decide before anyone moves.
    #[error("the {neutral} steps first")]
    ChanceFirst {
        /// What the neutral side is called in this game.
        neutral: String,
    },
    /// The game is over: there are no moves.
    #[error("the game is over")]
    GameOver,
    /// A square off the board.
    #[error("{square} is not on the {files}x{ranks} board")]
    OffBoard {
        /// The square given.
        square: Square,
        /// The board's width.
        files: u8,
        /// The board's height.
        ranks: u8,
    },
    /// A move from an empty square.
    #[error("{from} is empty")]
    Empty {
        /// The square given.
        from: Square,
    },
    /// A move of the other side's piece.
    #[error("the piece on {from} is not {}'s", .side.name())]
    NotYours {
        /// The square given.
        from: Square,
        /// The side to move.
        side: Color,
    },
    /// A promotion letter on a move that does not promote.
    #[error("the {piece} does not promote on {to}; write {from}{to}")]
    NoPromotion {
        /// The piece's name.
        piece: String,
        /// Where it moves from.
        from: Square,
        /// Where it moves to.
        to: Square,
    },
    /// A move that must promote, given without a choice: `choices` are the letters to add.
    #[error("the {piece} must promote; add one of {}", spaced(.choices))]
    MustPromote {
        /// The piece's name.
        piece: String,
        /// The promotion letters (lowercase), in the variant's order.
        choices: Vec<String>,
    },
    /// A promotion letter that is not a choice here.
    #[error("'{letter}' is not a promotion choice here; choose one of {}", spaced(.choices))]
    NotAChoice {
        /// The letter given.
        letter: char,
        /// The promotion letters (lowercase).
        choices: Vec<String>,
    },
    /// A SAN move whose piece must promote there: `moves` are the moves to write instead.
    #[error("the {piece} on {from} must promote; write one of {}", spaced(.moves))]
    MustPromoteSan {
        /// The piece's name.
        piece: String,
        /// Where it stands.
        from: Square,
        /// The promoting moves, in SAN.
        moves: Vec<String>,
    },
    /// A SAN move naming a piece the side does not have (`on`, where the text narrows it down:
    /// `on g1`, `on the g-file`, `on rank 1`; empty when it does not).
    #[error("{} has no {piece}{}", .side.name(), if .on.is_empty() { String::new() } else { format!(" {}", .on) })]
    NoSuchPiece {
        /// The side to move.
        side: Color,
        /// The piece's name.
        piece: String,
        /// Where the text says it stands.
        on: String,
    },
    /// A SAN move that no piece of its kind can make.
    #[error("no {piece} can go to {to}")]
    NoneCanGo {
        /// The piece's name.
        piece: String,
        /// Where it was to go.
        to: Square,
    },
    /// The piece is frozen by an enemy immobilizer.
    #[error("the {piece} on {from} is frozen by {}'s {by} on {by_square}", .by_side.name())]
    Frozen {
        /// The piece's name.
        piece: String,
        /// Where it stands.
        from: Square,
        /// The freezer's side.
        by_side: Color,
        /// The freezer's name.
        by: String,
        /// Where the freezer stands.
        by_square: Square,
    },
    /// The piece's counter has run out (a Calorie piece at 0 Cal).
    #[error("the {piece} on {from} has {value} {unit}: it cannot move")]
    Spent {
        /// The piece's name.
        piece: String,
        /// Where it stands.
        from: Square,
        /// What it holds.
        value: u16,
        /// The counter's unit (`Cal`).
        unit: String,
    },
    /// The piece cannot act at all, for a reason of its game.
    #[error("the {piece} on {from} cannot move at all")]
    Inactive {
        /// The piece's name.
        piece: String,
        /// Where it stands.
        from: Square,
    },
    /// The piece has no move to that square.
    #[error("the {piece} on {from} cannot go to {to}")]
    CannotGo {
        /// The piece's name.
        piece: String,
        /// Where it stands.
        from: Square,
        /// Where it was to go.
        to: Square,
    },
    /// The piece shields its royal from an attack.
    #[error("the {piece} on {from} is pinned to the {royal} on {royal_square}")]
    Pinned {
        /// The piece's name.
        piece: String,
        /// Where it stands.
        from: Square,
        /// The royal's name.
        royal: String,
        /// Where the royal stands.
        royal_square: Square,
    },
    /// The side is in check and the move does not answer it.
    #[error("{}'s {royal} is in check and {mv} does not get it out of check", .side.name())]
    InCheck {
        /// The side to move.
        side: Color,
        /// The royal in check.
        royal: String,
        /// The move, as given.
        mv: String,
    },
    /// The move would leave (or, for a royal moving, put) the side's royal in check.
    #[error("it would {} {}'s {royal} in check", if *.royal_moves { "put" } else { "leave" }, .side.name())]
    IntoCheck {
        /// The side to move.
        side: Color,
        /// The royal that would be in check.
        royal: String,
        /// Whether the royal is the piece that moves.
        royal_moves: bool,
    },
    /// The move would lose the side's last royal piece.
    #[error("it would cost {} its last {royal}", .side.name())]
    LastRoyal {
        /// The side to move.
        side: Color,
        /// The royal's name.
        royal: String,
    },
}

/// Words joined by spaces.
fn spaced(words: &[String]) -> String {
    words.join(" ")
}

/// Why a move was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
/// The text is quoted cut short ([`crate::echo`]) when it is long.
pub enum MoveError {
    #[error("move \"{}\": {why}", echo(.text))]
    /// The text is no move notation the rules read.
    Malformed {
        /// The move as it was given.
        text: String,
        /// What is wrong with it, in one line.
        why: String,
    },
    /// The text names no legal move of the position; `why` says why, when the rules can tell.
    #[error("move \"{}\" is not legal here{}", echo(.text), .why.as_ref().map(|w| format!(": {w}")).unwrap_or_default())]
    Illegal {
        /// The move as it was given.
        text: String,
        /// Why it is refused; `None` when the rules cannot tell (a SAN typo, say).
        why: Option<WhyIllegal>,
    },
    #[error("move \"{}\" is ambiguous: it could be {options}", echo(.text))]
    /// The text fits more than one legal move.
    Ambiguous {
        /// The move as it was given.
        text: String,
        /// The moves it could be, listed for the message.
        options: String,
    },
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
