//! Standard algebraic notation for display, and reading moves typed by people or programs in either
//! coordinate form or SAN.

use crate::moves::{Coordinates, Move, MoveError, MoveKind};
use crate::{Position, Variant};

impl Variant {
    /// The move in SAN: `Nf3`, `exd5`, `e8=Q+`, `O-O`, `N@e4`, `Qh4#`, with file, rank or both
    /// added where another legal move of the same type reaches the same square.
    pub fn san(&self, pos: &Position, mv: &Move) -> String {
        let legal = self.legal_moves(pos);
        let mut s = self.san_without_check(pos, mv, &legal);
        if mv.kind != MoveKind::Pass {
            let next = pos.play(self, mv);
            if self.in_check(&next) {
                // Mate cannot be told before a pending chance event (the PieceEater may still
                // step into the line).
                let pending = self.chance_pending(&next);
                s.push(
                    if pending || self.legal_moves(&next).iter().any(|m| m.kind != MoveKind::Pass) {
                        '+'
                    } else {
                        '#'
                    },
                );
            }
        }
        s
    }

    fn san_without_check(&self, pos: &Position, mv: &Move, legal: &[Move]) -> String {
        let mut s = String::new();
        match mv.kind {
            MoveKind::Pass => return "pass".into(),
            MoveKind::Drop(role) => return format!("{}@{}", self.role(role).letter, mv.to),
            MoveKind::Castle => {
                let queenside = self
                    .castling
                    .iter()
                    .any(|c| c.rook_from == mv.extra && c.right % 2 == 1);
                return if queenside { "O-O-O".into() } else { "O-O".into() };
            }
            _ => {}
        }
        let Some(piece) = pos.piece_at(mv.from) else {
            return mv.to_coordinates(self);
        };
        let role = piece.role();
        let pawn = self.is_pawn(role);
        let rivals: Vec<&Move> = legal
            .iter()
            .filter(|m| {
                m.to == mv.to
                    && m.from != mv.from
                    && m.kind != MoveKind::Drop(role)
                    && pos.piece_at(m.from).is_some_and(|p| p.role() == role)
            })
            .collect();
        if !pawn {
            s.push(self.role(role).letter);
        }
        let file = (b'a' + mv.from.file()) as char;
        let rank = (mv.from.rank() + 1).to_string();
        if pawn && mv.is_capture() {
            s.push(file);
            if rivals.iter().any(|m| m.from.file() == mv.from.file()) {
                s.push_str(&rank);
            }
        } else if !rivals.is_empty() {
            if rivals.iter().all(|m| m.from.file() != mv.from.file()) {
                s.push(file);
            } else if rivals.iter().all(|m| m.from.rank() != mv.from.rank()) {
                s.push_str(&rank);
            } else {
                s.push(file);
                s.push_str(&rank);
            }
        }
        if mv.kind == MoveKind::Rifle {
            // Shoots without moving: `A^d4`.
            s.push('^');
        } else if mv.kind == MoveKind::Swap {
            s.push_str("<>");
        } else if matches!(mv.kind, MoveKind::Locust | MoveKind::Withdrawal) {
            s.push_str(&format!("x{}-", mv.extra));
            if pos.piece_at(mv.to).is_some() {
                s.push('x');
            }
        } else if mv.is_capture() {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        if let Some(p) = mv.promotion {
            s.push('=');
            s.push(self.role(p).letter);
        }
        s
    }

    /// Reads a move in coordinate form (`e2e4`, `e7e8q`, `P@e2`, `pass`, `d4e5,e5f6`) or SAN
    /// (`Nf3`, `exd5`, `e8=Q`, `O-O`) and returns the legal move it names.
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
        let wanted = normalize(text);
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                let san = self.san_without_check(pos, m, &legal);
                let long = self.long_algebraic(pos, m);
                [san, long]
                    .iter()
                    .any(|form| normalize(form).replace('x', "") == wanted.replace('x', ""))
            })
            .collect();
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(self.explain_illegal(pos, text, coordinates.ok(), &legal)),
            _ => {
                let options: Vec<String> = found.iter().map(|m| m.to_coordinates(self)).collect();
                Err(MoveError::Ambiguous {
                    text: text.into(),
                    options: options.join(" or "),
                })
            }
        }
    }

    /// Long algebraic form, accepted when typed: `Ng1f3`, `e2e4`, `e7e8Q` (the piece letter, both squares).
    fn long_algebraic(&self, pos: &Position, m: &Move) -> String {
        let letter = match pos.piece_at(m.from) {
            Some(p) if !self.is_pawn(p.role()) && !matches!(m.kind, MoveKind::Drop(_) | MoveKind::Pass) => {
                self.role(p.role()).letter.to_string()
            }
            _ => String::new(),
        };
        let promotion = m.promotion.map(|r| self.role(r).letter.to_string()).unwrap_or_default();
        format!("{letter}{}{}{promotion}", m.from, m.to)
    }

    /// [`Variant::parse_move`], then plays it.
    pub fn play_checked(&self, pos: &Position, text: &str) -> Result<(Move, Position), MoveError> {
        let mv = self.parse_move(pos, text)?;
        Ok((mv, pos.play(self, &mv)))
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

    fn explain_illegal(&self, pos: &Position, text: &str, c: Option<Coordinates>, legal: &[Move]) -> MoveError {
        let illegal = |hint: String| MoveError::Illegal {
            text: text.into(),
            hint,
        };
        if let Some(Coordinates::Drop { letter, to }) = c {
            let us = pos.side_to_move();
            return match self.role_by_letter(letter) {
                _ if self.drops.is_empty() => illegal(format!(": {} has no drops", self.name)),
                None => illegal(format!(": '{letter}' is not a piece of {}", self.name)),
                Some(role) if pos.hand(us, role) == 0 => {
                    illegal(format!(": {} holds no {} in hand", us.name(), self.role(role).name))
                }
                Some(role) => illegal(format!(": a {} cannot be dropped on {to}", self.role(role).name)),
            };
        }
        let Some(Coordinates::Legs { squares, promotion }) = c else {
            if legal.is_empty() {
                return illegal(": the game is over".into());
            }
            let looks_like_san = text
                .chars()
                .next()
                .is_some_and(|ch| ch.is_ascii_alphabetic() || ch == 'O' || ch == '0');
            return if looks_like_san {
                illegal(String::new())
            } else {
                MoveError::Malformed {
                    text: text.into(),
                    why: "write a move like e2e4, e7e8q, N@e4, pass, or in SAN like Nf3".into(),
                }
            };
        };
        let (from, to) = (squares[0], squares[squares.len() - 1]);
        for s in [from, to] {
            if !self.size.contains(s) {
                return illegal(format!(
                    ": {s} is not on the {}x{} board",
                    self.size.files(),
                    self.size.ranks()
                ));
            }
        }
        let Some(piece) = pos.piece_at(from) else {
            return illegal(format!(": {from} is empty"));
        };
        if piece.color() != pos.side_to_move() {
            return illegal(format!(": the piece on {from} is not {}'s", pos.side_to_move().name()));
        }
        let name = &self.role(piece.role()).name;
        let to_there: Vec<&Move> = legal.iter().filter(|m| m.from == from && m.to == to).collect();
        if !to_there.is_empty() {
            let letters: Vec<String> = to_there
                .iter()
                .filter_map(|m| {
                    m.promotion
                        .map(|r| self.role(r).letter.to_ascii_lowercase().to_string())
                })
                .collect();
            return match promotion {
                None => illegal(format!(": the {name} must promote; add one of {}", letters.join(" "))),
                Some(_) if letters.is_empty() => {
                    illegal(format!(": the {name} does not promote on {to}; write {from}{to}"))
                }
                Some(p) => illegal(format!(
                    ": '{p}' is not a promotion choice here; choose one of {}",
                    letters.join(" ")
                )),
            };
        }
        let mut pseudo = Vec::new();
        self.pseudo_moves(pos, &mut pseudo);
        if pseudo.iter().any(|m| m.from == from && m.to == to) {
            let royal = self
                .roles()
                .filter(|(_, r)| r.royal)
                .map(|(_, r)| r.name.clone())
                .next()
                .unwrap_or_default();
            return illegal(format!(": it would leave your {royal} attacked"));
        }
        illegal(format!(": the {name} on {from} cannot go to {to}"))
    }
}

fn normalize(text: &str) -> String {
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
