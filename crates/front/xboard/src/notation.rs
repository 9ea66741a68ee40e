//! Squares and moves as XBoard writes them: ranks numbered as `messhall_engines::Ranks::xboard`
//! says (from 0 on boards of exactly 10 ranks, from 1 otherwise: `a12` on 12 ranks), legs joined by commas (`c4d5,d5e4`), drops
//! (`P@e4`), the null move `@@@@`, a promotion as a lowercase letter after the last leg.

use messhall_engines::Ranks;
use messhall_geometry::{BoardSize, Square};
use messhall_rules::{Move, MoveKind, Position, Variant};

/// The longest move text read (the longest multi-leg move of the games is three legs).
pub(crate) const MAX_LEGS: usize = 8;

/// A square's name as XBoard writes it.
pub(crate) fn square_name(size: BoardSize, sq: Square) -> String {
    format!(
        "{}{}",
        char::from(b'a'.wrapping_add(sq.file())),
        Ranks::xboard(size.ranks()).number(sq.rank())
    )
}

/// Reads a square name at the start of `text`; the square and the bytes it took.
pub(crate) fn parse_square(size: BoardSize, text: &str) -> Option<(Square, usize)> {
    let bytes = text.as_bytes();
    let file = bytes.first()?.checked_sub(b'a')?;
    let digits = bytes.iter().skip(1).take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let number: u32 = text.get(1..=digits)?.parse().ok()?;
    let sq = Square::new(file, Ranks::xboard(size.ranks()).rank(number)?)?;
    size.contains(sq).then_some((sq, 1 + digits))
}

/// A FEN's en passant field (`-`, squares joined by commas, `>` and a victim) with its squares
/// renamed from our numbering to XBoard's (`to_xboard`) or back; they differ on 10 ranks only.
pub(crate) fn ep_field(size: BoardSize, field: &str, to_xboard: bool) -> String {
    let mut out = String::new();
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        let square = if to_xboard {
            Square::parse_prefix(token)
                .filter(|(_, used)| *used == token.len())
                .map(|(sq, _)| square_name(size, sq))
        } else {
            parse_square(size, token)
                .filter(|(_, used)| *used == token.len())
                .map(|(sq, _)| sq.to_string())
        };
        out.push_str(square.as_deref().unwrap_or(token));
        token.clear();
    };
    for c in field.chars() {
        if c == ',' || c == '>' {
            flush(&mut token, &mut out);
            out.push(c);
        } else {
            token.push(c);
        }
    }
    flush(&mut token, &mut out);
    out
}

/// A move as XBoard writes it, before it is matched against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum MoveText {
    /// The squares a piece visits, first to last, and the promotion letter (lowercase).
    Legs(Vec<Square>, Option<char>),
    /// A piece from hand: its letter (uppercase) and where it goes.
    Drop(char, Square),
    /// The null move: a pass.
    Pass,
}

impl MoveText {
    /// The move written out.
    pub(crate) fn write(&self, size: BoardSize) -> String {
        match self {
            MoveText::Pass => "@@@@".to_string(),
            MoveText::Drop(letter, to) => format!("{letter}@{}", square_name(size, *to)),
            MoveText::Legs(squares, promotion) => {
                let names: Vec<String> = squares.iter().map(|&s| square_name(size, s)).collect();
                let legs: Vec<String> = names.windows(2).map(|w| w.concat()).collect();
                let mut text = legs.join(",");
                if let Some(p) = promotion {
                    text.push(*p);
                }
                text
            }
        }
    }

    /// Each leg as XBoard's `move` commands send it: every leg but the last ends in a comma.
    pub(crate) fn legs(&self, size: BoardSize) -> Vec<String> {
        let text = self.write(size);
        let count = text.split(',').count();
        text.split(',')
            .enumerate()
            .map(|(i, leg)| {
                if i + 1 < count {
                    format!("{leg},")
                } else {
                    leg.to_string()
                }
            })
            .collect()
    }

    /// Reads a move; the error says what is wrong with it.
    pub(crate) fn parse(size: BoardSize, text: &str) -> Result<MoveText, String> {
        if matches!(text, "@@@@" | "0000" | "pass" | "--") {
            return Ok(MoveText::Pass);
        }
        if let Some((piece, square)) = text.split_once('@') {
            let mut chars = piece.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
                _ => return Err("a drop is a piece letter, '@' and a square".into()),
            };
            return match parse_square(size, square) {
                Some((to, used)) if used == square.len() => Ok(MoveText::Drop(letter, to)),
                _ => Err(format!("no square \"{square}\" on this board")),
            };
        }
        let legs: Vec<&str> = text.split(',').collect();
        if legs.len() > MAX_LEGS {
            return Err(format!("more than {MAX_LEGS} legs"));
        }
        let mut squares: Vec<Square> = Vec::new();
        let mut promotion = None;
        for (i, leg) in legs.iter().enumerate() {
            let (from, used) =
                parse_square(size, leg).ok_or_else(|| format!("leg \"{leg}\" does not start with a square"))?;
            let rest = leg.get(used..).unwrap_or("");
            let (to, used2) = parse_square(size, rest).ok_or_else(|| format!("leg \"{leg}\" needs a second square"))?;
            let tail = rest.get(used2..).unwrap_or("");
            match squares.last() {
                Some(&last) if last != from => {
                    return Err(format!("leg \"{leg}\" does not start where the leg before it ended"));
                }
                Some(_) => {}
                None => squares.push(from),
            }
            squares.push(to);
            let mut chars = tail.chars();
            match (chars.next(), chars.next()) {
                (None, _) => {}
                (Some(c), None) if c.is_ascii_alphabetic() && i + 1 == legs.len() => {
                    promotion = Some(c.to_ascii_lowercase());
                }
                _ => return Err(format!("unexpected \"{tail}\" after a leg")),
            }
        }
        Ok(MoveText::Legs(squares, promotion))
    }
}

/// How XBoard shows `mv` played in `pos`: the form the engine sends first, then other forms it
/// accepts for the same move.
pub(crate) fn forms(v: &Variant, pos: &Position, mv: &Move) -> Vec<MoveText> {
    let promotion = mv.promotion().map(|r| v.role_letter(r).to_ascii_lowercase());
    let legs = |squares: Vec<Square>| MoveText::Legs(squares, promotion);
    let (from, to, extra) = (mv.from(), mv.to(), mv.extra());
    match mv.kind() {
        MoveKind::Pass => vec![MoveText::Pass],
        MoveKind::Drop(role) => vec![MoveText::Drop(v.role_letter(role), to)],
        // The victim is the square the piece passes: XBoard removes what stands there.
        MoveKind::Locust => vec![legs(vec![from, extra, to])],
        MoveKind::Rifle => vec![legs(vec![from, to, from])],
        MoveKind::Withdrawal => vec![legs(vec![from, extra, to]), legs(vec![from, to])],
        // XBoard takes a pawn's capture en passant by itself; another piece's victim is a leg.
        MoveKind::EnPassant if moves_as_xboard_pawn(v, pos, from) => {
            vec![legs(vec![from, to]), legs(vec![from, extra, to])]
        }
        MoveKind::EnPassant => vec![legs(vec![from, extra, to]), legs(vec![from, to])],
        MoveKind::Quiet | MoveKind::DoubleStep | MoveKind::Capture | MoveKind::Castle | MoveKind::Swap => {
            vec![legs(vec![from, to])]
        }
    }
}

/// Whether the piece on `sq` is the one XBoard knows as its Pawn (its rules take it en passant).
fn moves_as_xboard_pawn(v: &Variant, pos: &Position, sq: Square) -> bool {
    pos.piece_at(sq)
        .is_some_and(|p| Some(p.role()) == crate::setup::xboard_pawn(v))
}

/// The text the engine sends for `mv` in `pos`.
pub(crate) fn write_move(v: &Variant, pos: &Position, mv: &Move) -> MoveText {
    forms(v, pos, mv).swap_remove(0)
}

/// The legal move of `legal` that `text` names in `pos`. A promotion letter that is the moving
/// piece's own stands for not promoting where promoting is optional.
pub(crate) fn find_move(v: &Variant, pos: &Position, legal: &[Move], text: &MoveText) -> Option<Move> {
    let own_letter = |mv: &Move| {
        pos.piece_at(mv.from())
            .map(|p| v.role_letter(p.role()).to_ascii_lowercase())
    };
    legal.iter().copied().find(|mv| {
        forms(v, pos, mv).iter().any(|form| match (form, text) {
            (MoveText::Legs(a, pa), MoveText::Legs(b, pb)) => {
                a == b && (pa == pb || (pa.is_none() && pb.is_some() && *pb == own_letter(mv)))
            }
            (a, b) => a == b,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(files: u32, ranks: u32) -> BoardSize {
        BoardSize::new(files, ranks).unwrap()
    }

    #[test]
    fn ranks_count_from_zero_on_ten_ranks_only() {
        let sq = Square::new(2, 0).unwrap();
        assert_eq!(square_name(size(8, 8), sq), "c1");
        assert_eq!(square_name(size(10, 10), sq), "c0");
        assert_eq!(square_name(size(12, 12), Square::new(11, 11).unwrap()), "l12");
        assert_eq!(parse_square(size(10, 10), "j9"), Some((Square::new(9, 9).unwrap(), 2)));
        assert_eq!(
            parse_square(size(12, 12), "a12b"),
            Some((Square::new(0, 11).unwrap(), 3))
        );
        assert_eq!(parse_square(size(8, 8), "a9"), None);
        assert_eq!(parse_square(size(8, 8), "a0"), None);
        assert_eq!(parse_square(size(8, 8), "i1"), None);
    }

    #[test]
    fn en_passant_squares_are_renamed_on_ten_ranks_only() {
        assert_eq!(ep_field(size(12, 10), "e3", true), "e2");
        assert_eq!(ep_field(size(12, 10), "e2,f2>f3", false), "e3,f3>f4");
        assert_eq!(ep_field(size(8, 8), "e3", true), "e3");
        assert_eq!(ep_field(size(12, 10), "-", true), "-");
    }

    #[test]
    fn moves_read_and_write_alike() {
        let s = size(12, 12);
        for text in ["e2e4", "c4d5,d5e4", "k11k12i", "P@e4", "@@@@", "a10a12", "e4f6,f6e4"] {
            assert_eq!(MoveText::parse(s, text).unwrap().write(s), text);
        }
        assert_eq!(
            MoveText::parse(s, "c4d5,d5e4").unwrap().legs(s),
            vec!["c4d5,".to_string(), "d5e4".to_string()]
        );
        for bad in [
            "",
            "e2",
            "e2e",
            "e2e4,e5e6",
            "e2e4qq",
            "e2e4q,e4e5",
            "1@e4",
            "P@z9",
            "e2e13",
        ] {
            assert!(MoveText::parse(s, bad).is_err(), "{bad}");
        }
    }
}
