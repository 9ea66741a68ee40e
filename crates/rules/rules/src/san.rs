//! Standard algebraic notation (SAN) for display, and reading moves typed by people or programs in
//! either coordinate form or SAN. Every form is described in `docs/notation.md`.

use crate::moves::{Coordinates, Move, MoveError, MoveKind};
use crate::spec::RoyalRule;
use crate::{Position, Role, Variant};
use messhall_geometry::Square;
use std::fmt::Write;

/// A move's SAN before the part that tells it from other moves: what two moves must share to need
/// their from-squares written.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Written {
    /// Complete as it is: `pass`, `N@e4`, `O-O`.
    Whole(String),
    /// A move of a piece on the board.
    Piece {
        /// The mover's letter; `None` for a pawn written without one.
        letter: Option<char>,
        /// What follows the from-square: the capture mark or the leg through a victim, the
        /// destination and the promotion (`xd5`, `^g4`, `<>g4`, `xd3-d5`, `e12=N`).
        tail: String,
        /// A capture by a pawn written without letter, which always names its file (`exd5`).
        pawn_capture: bool,
    },
}

impl Variant {
    /// The move in SAN: `Nf3`, `exd5`, `e8=Q+`, `O-O`, `N@e4`, `Qh4#`, `Gd4` (a pawn kind with its
    /// letter), `A^g4`, `Hxd3-d5`, `Q<>g4`, with file, rank or both added where another legal
    /// move would otherwise be written the same. Unique among the legal moves of `pos`, and
    /// [`Variant::parse_move`] reads it back to `mv`. `docs/notation.md` has every form.
    pub fn san(&self, pos: &Position, mv: &Move) -> String {
        let legal = self.legal_moves(pos);
        let written: Vec<Written> = legal.iter().map(|m| self.written(pos, m)).collect();
        let mut s = disambiguated(mv, &self.written(pos, mv), &legal, &written);
        s.extend(self.check_mark(pos, mv));
        s
    }

    /// Every legal move of `pos` with its SAN ([`Variant::san`]), in the order of
    /// [`Variant::legal_moves`]: cheaper than asking for each move's SAN in turn.
    pub fn legal_moves_san(&self, pos: &Position) -> Vec<(Move, String)> {
        let legal = self.legal_moves(pos);
        let sans = self.sans_without_check(pos, &legal);
        legal
            .into_iter()
            .zip(sans)
            .map(|(m, mut s)| {
                s.extend(self.check_mark(pos, &m));
                (m, s)
            })
            .collect()
    }

    /// The SAN of each of `legal` (all the legal moves of `pos`) without check marks.
    fn sans_without_check(&self, pos: &Position, legal: &[Move]) -> Vec<String> {
        let written: Vec<Written> = legal.iter().map(|m| self.written(pos, m)).collect();
        legal
            .iter()
            .zip(&written)
            .map(|(m, w)| disambiguated(m, w, legal, &written))
            .collect()
    }

    /// `+` when `mv` attacks the enemy royal, `#` when it also leaves no move but a pass; nothing
    /// in games without check, where a royal is captured rather than mated.
    fn check_mark(&self, pos: &Position, mv: &Move) -> Option<char> {
        if mv.kind == MoveKind::Pass || self.end.royal == RoyalRule::Capture {
            return None;
        }
        let next = pos.play_unchecked(self, mv);
        if !self.in_check(&next) {
            return None;
        }
        // Mate cannot be told before a pending chance event (the PieceEater may still step into
        // the line).
        let pending = self.chance_pending(&next);
        Some(
            if pending || self.legal_moves(&next).iter().any(|m| m.kind != MoveKind::Pass) {
                '+'
            } else {
                '#'
            },
        )
    }

    /// The letter SAN writes for a mover of `role`: none for a pawn that is the variant's only pawn
    /// kind or is written `P`, as in chess; every other pawn kind writes its letter like a piece.
    pub(crate) fn san_letter(&self, role: Role) -> Option<char> {
        let letter = self.role(role).letter;
        let plain_pawn = self.is_pawn(role) && (letter == 'P' || self.pawn_roles.count_ones() == 1);
        (!plain_pawn).then_some(letter)
    }

    fn written(&self, pos: &Position, mv: &Move) -> Written {
        match mv.kind {
            MoveKind::Pass => return Written::Whole("pass".into()),
            MoveKind::Drop(role) => return Written::Whole(format!("{}@{}", self.role(role).letter, mv.to)),
            MoveKind::Castle => {
                let queenside = self
                    .castling
                    .iter()
                    .any(|c| c.rook_from == mv.extra && c.right % 2 == 1);
                return Written::Whole(if queenside { "O-O-O" } else { "O-O" }.into());
            }
            _ => {}
        }
        let Some(piece) = pos.piece_at(mv.from) else {
            return Written::Whole(mv.to_coordinates(self));
        };
        let letter = self.san_letter(piece.role());
        let mut tail = String::new();
        match mv.kind {
            // Shoots without moving: `A^g4`.
            MoveKind::Rifle => tail.push('^'),
            MoveKind::Swap => tail.push_str("<>"),
            // The victim on the way, then where the mover lands (taking what stands there too).
            MoveKind::Locust | MoveKind::Withdrawal => {
                let _ = write!(tail, "x{}-", mv.extra);
                if pos.piece_at(mv.to).is_some_and(|p| p.color() != piece.color()) {
                    tail.push('x');
                }
            }
            _ if mv.is_capture() => tail.push('x'),
            _ => {}
        }
        let _ = write!(tail, "{}", mv.to);
        if let Some(p) = mv.promotion {
            tail.push('=');
            tail.push(self.role(p).letter);
        }
        Written::Piece {
            letter,
            tail,
            pawn_capture: letter.is_none() && mv.is_capture(),
        }
    }

    /// Reads a move in coordinate form (`e2e4`, `e7e8q`, `P@e2`, `pass`, `d4e5,e5f6`) or SAN
    /// (`Nf3`, `exd5`, `e8=Q`, `O-O`, `Gd4`, `A^g4`, `Hxd3-d5`, `Q<>g4`, also the long form
    /// `Ng1f3`; check marks and `x` optional) and returns the legal move it names.
    ///
    /// # Errors
    /// [`MoveError`] says whether the text is malformed, names no legal move (and why, where that
    /// can be told), or could be several moves.
    pub fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let legal = self.legal_moves(pos);
        let coordinates = Coordinates::parse(text);
        if let Ok(c) = &coordinates {
            let found: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| self.matches_coordinates(pos, m, c))
                .collect();
            // Written leg by leg ("e8d8,d8d9"), the text names the square of a locust capture;
            // written from-to, it means the move that takes nothing on the way. Each move's own
            // `to_coordinates` must read back to it.
            let legs = matches!(c, Coordinates::Legs { squares, .. } if squares.len() > 2);
            let preferred: Vec<&Move> = found
                .iter()
                .filter(|m| matches!(m.kind, MoveKind::Locust | MoveKind::Rifle) == legs)
                .collect();
            if found.len() > 1 && preferred.len() == 1 {
                return Ok(*preferred[0]);
            }
            match found.len() {
                1 => return Ok(found[0]),
                0 => {}
                _ => {
                    let options: Vec<String> = found.iter().map(|m| m.to_coordinates(self)).collect();
                    return Err(MoveError::Ambiguous {
                        text: text.into(),
                        options: options.join(" or "),
                    });
                }
            }
        }
        let typed = self.typed_forms(pos, &legal);
        let wanted = normalize(text);
        let loose = wanted.replace('x', "");
        // The exact text first (so `exd5` and a quiet `ed5` stay apart), then without capture
        // marks, which people leave out or add freely; last without the from-square SAN needs
        // (`Gd4` where two Piglets reach d4), only to say which moves the text could be.
        let mut found = matching(&typed, |t| t.forms.contains(&wanted));
        if found.is_empty() {
            found = matching(&typed, |t| t.forms.iter().any(|f| f.replace('x', "") == loose));
        }
        if found.is_empty() {
            found = matching(&typed, |t| t.bare.replace('x', "") == loose);
            if found.len() < 2 {
                found.clear();
            }
        }
        match found.as_slice() {
            [i] => Ok(legal[*i]),
            [] => Err(self.explain_illegal(pos, text, coordinates.ok(), &legal)),
            _ => {
                let options: Vec<&str> = found.iter().map(|&i| typed[i].san.as_str()).collect();
                Err(MoveError::Ambiguous {
                    text: text.into(),
                    options: options.join(" or "),
                })
            }
        }
    }

    /// How each of `legal` (all the legal moves of `pos`) may be typed.
    fn typed_forms(&self, pos: &Position, legal: &[Move]) -> Vec<Typed> {
        let written: Vec<Written> = legal.iter().map(|m| self.written(pos, m)).collect();
        legal
            .iter()
            .zip(&written)
            .map(|(m, w)| {
                let san = disambiguated(m, w, legal, &written);
                let (letter, tail) = match w {
                    Written::Whole(_) => {
                        let forms = vec![normalize(&san)];
                        return Typed {
                            bare: forms[0].clone(),
                            forms,
                            san,
                        };
                    }
                    Written::Piece { letter, tail, .. } => (letter.map(String::from).unwrap_or_default(), tail),
                };
                let mut forms = vec![san.clone(), format!("{letter}{}{tail}", m.from)];
                if letter.is_empty() {
                    if let Some(p) = pos.piece_at(m.from) {
                        let l = self.role(p.role()).letter;
                        forms.extend([format!("{l}{}", forms[0]), format!("{l}{}", forms[1])]);
                    }
                }
                Typed {
                    forms: forms.iter().map(|f| normalize(f)).collect(),
                    bare: normalize(&format!("{letter}{tail}")),
                    san,
                }
            })
            .collect()
    }

    /// Reads `text` as a move of `pos` ([`Variant::parse_move`]) and plays it: the checked way
    /// to play a move given as text.
    ///
    /// # Errors
    /// [`MoveError`] saying why `text` is no legal move here.
    pub fn try_play(&self, pos: &Position, text: &str) -> Result<(Move, Position), MoveError> {
        let mv = self.parse_move(pos, text)?;
        Ok((mv, pos.play_unchecked(self, &mv)))
    }

    fn matches_coordinates(&self, pos: &Position, m: &Move, c: &Coordinates) -> bool {
        match c {
            Coordinates::Pass => m.kind == MoveKind::Pass,
            Coordinates::Drop { letter, to } => {
                m.kind == MoveKind::Drop(self.role_by_letter(*letter).unwrap_or(crate::Role(u8::MAX))) && m.to == *to
            }
            Coordinates::Legs { squares, promotion } => {
                let (from, to) = (squares[0], squares[squares.len() - 1]);
                let promo_ok = match (promotion, m.promotion) {
                    (None, None) => true,
                    (Some(l), Some(r)) => self.role_by_letter(*l) == Some(r),
                    _ => false,
                };
                if !promo_ok || m.from != from || matches!(m.kind, MoveKind::Pass | MoveKind::Drop(_)) {
                    return false;
                }
                match squares.len() {
                    2 => {
                        m.to == to
                            || (m.kind == MoveKind::Castle
                                && m.extra == to
                                && pos
                                    .piece_at(to)
                                    .is_some_and(|p| Some(p.color()) == pos.piece_at(from).map(|q| q.color())))
                    }
                    // A rifle shot goes out and back: `c2d4,d4c2`.
                    3 if m.kind == MoveKind::Rifle => to == from && squares[1] == m.to,
                    _ => m.to == to && (m.kind != MoveKind::Locust || squares[1..squares.len() - 1].contains(&m.extra)),
                }
            }
        }
    }
}

pub(crate) fn normalize(text: &str) -> String {
    // "0-0" is a common spelling of castling; elsewhere a 0 belongs to a rank like a10.
    let text = if text.starts_with("0-0") {
        text.replace('0', "O")
    } else {
        text.to_string()
    };
    text.chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | '=' | '-'))
        .collect()
}

impl Variant {
    /// The promotion choices of the legal moves from `from` to `to` (empty when that move does
    /// not promote or is not legal): for a front end's promotion prompt.
    pub fn promotion_choices(
        &self,
        pos: &Position,
        from: messhall_geometry::Square,
        to: messhall_geometry::Square,
    ) -> Vec<crate::Role> {
        self.legal_moves(pos)
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .filter_map(|m| m.promotion)
            .collect()
    }
}

/// The texts that name one legal move, normalized.
struct Typed {
    /// Its SAN without check marks (for messages).
    san: String,
    /// The SAN, the long form with the from-square (`Ng1f3`, `e7e8=Q`, `Ac2^d4`) and, for a pawn
    /// written without letter, both with its letter (`Pd4`).
    forms: Vec<String>,
    /// The SAN without the from-square (`Gd4` for `Gcd4`).
    bare: String,
}

/// The indices of the moves whose texts pass `test`.
fn matching(typed: &[Typed], test: impl Fn(&Typed) -> bool) -> Vec<usize> {
    (0..typed.len()).filter(|&i| test(&typed[i])).collect()
}

/// The SAN of `mv`, written `w`, among the legal moves `legal` written `written`: the letter, as
/// much of the from-square as tells it from the moves written the same (the file, else the rank,
/// else both; a pawn without letter never gets a rank alone, and always names its file when
/// capturing), then the rest.
fn disambiguated(mv: &Move, w: &Written, legal: &[Move], written: &[Written]) -> String {
    let (letter, tail, pawn_capture) = match w {
        Written::Whole(s) => return s.clone(),
        Written::Piece {
            letter,
            tail,
            pawn_capture,
        } => (letter, tail, *pawn_capture),
    };
    let rivals: Vec<Square> = legal
        .iter()
        .zip(written)
        .filter(|(m, x)| m.from != mv.from && *x == w)
        .map(|(m, _)| m.from)
        .collect();
    let from = mv.from;
    let mut s: String = letter.map(String::from).unwrap_or_default();
    if rivals.iter().all(|r| r.file() != from.file()) {
        if pawn_capture || !rivals.is_empty() {
            s.push((b'a' + from.file()) as char);
        }
    } else if letter.is_some() && rivals.iter().all(|r| r.rank() != from.rank()) {
        let _ = write!(s, "{}", from.rank() + 1);
    } else {
        let _ = write!(s, "{from}");
    }
    s.push_str(tail);
    s
}
