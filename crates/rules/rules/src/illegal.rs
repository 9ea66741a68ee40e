//! Why the rules refuse a move: worked out only after [`Variant::parse_move`] found no legal move
//! for the text, so move generation never pays for the explanation.

use crate::hooks::Inactivity;
use crate::moves::{Coordinates, Move, MoveError};
use crate::san::normalize;
use crate::{Position, Role, Variant};
use messhall_geometry::Square;

/// The from-square part of a SAN move (`g` in `Ngf3`, `1` in `R1a3`, `g1` in `Ng1f3`).
#[derive(Clone, Copy)]
struct FromHint {
    file: Option<u8>,
    rank: Option<u8>,
}

impl FromHint {
    /// Reads `text`; `None` when it is no file, rank or square.
    fn parse(text: &str) -> Option<FromHint> {
        if text.is_empty() {
            return Some(FromHint { file: None, rank: None });
        }
        if let Ok(sq) = text.parse::<Square>() {
            return Some(FromHint {
                file: Some(sq.file()),
                rank: Some(sq.rank()),
            });
        }
        match text.as_bytes() {
            [f @ b'a'..=b'p'] => Some(FromHint {
                file: Some(f - b'a'),
                rank: None,
            }),
            _ => {
                let rank: u8 = text.parse().ok().filter(|r| (1..=16).contains(r))?;
                Some(FromHint {
                    file: None,
                    rank: Some(rank - 1),
                })
            }
        }
    }

    /// Where it points, for messages: `on g1`, `on the g-file`, `on rank 1`.
    fn describe(self) -> String {
        let file = self.file.map(|f| char::from(b'a' + f));
        match (file, self.rank) {
            (Some(f), Some(r)) => format!("on {f}{}", r + 1),
            (Some(f), None) => format!("on the {f}-file"),
            (None, Some(r)) => format!("on rank {}", r + 1),
            (None, None) => String::new(),
        }
    }

    fn fits(self, sq: Square) -> bool {
        self.file.is_none_or(|f| f == sq.file()) && self.rank.is_none_or(|r| r == sq.rank())
    }
}

impl Variant {
    /// Why `text` (read as `c` where it is in coordinate form) names no legal move of `pos`, whose
    /// legal moves are `legal`.
    pub(crate) fn explain_illegal(
        &self,
        pos: &Position,
        text: &str,
        c: Option<Coordinates>,
        legal: &[Move],
    ) -> MoveError {
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
        if legal.is_empty() {
            return illegal(if self.chance_pending(pos) {
                format!(": the {} steps first", self.rules.neutral_name())
            } else {
                ": the game is over".into()
            });
        }
        let Some(Coordinates::Legs { squares, promotion }) = c else {
            let looks_like_san = text
                .chars()
                .next()
                .is_some_and(|ch| ch.is_ascii_alphabetic() || ch == 'O' || ch == '0');
            return if looks_like_san {
                illegal(self.explain_san(pos, text, legal).unwrap_or_default())
            } else {
                MoveError::Malformed {
                    text: text.into(),
                    why: "write a move like e2e4, e7e8q, N@e4, pass, or in SAN like Nf3".into(),
                }
            };
        };
        let (from, to) = (squares[0], squares[squares.len() - 1]);
        if let Some(off) = [from, to].into_iter().find_map(|s| self.off_board(s)) {
            return illegal(off);
        }
        let Some(piece) = pos.piece_at(from) else {
            return illegal(format!(": {from} is empty"));
        };
        if piece.color() != pos.side_to_move() {
            return illegal(format!(": the piece on {from} is not {}'s", pos.side_to_move().name()));
        }
        let name = &self.role(piece.role()).name;
        let to_there: Vec<&Move> = legal.iter().filter(|m| m.from == from && m.to == to).collect();
        let letters: Vec<String> = to_there
            .iter()
            .filter_map(|m| m.promotion)
            .map(|r| self.role(r).letter.to_ascii_lowercase().to_string())
            .collect();
        if !to_there.is_empty() {
            return match promotion {
                Some(_) if letters.is_empty() => {
                    illegal(format!(": the {name} does not promote on {to}; write {from}{to}"))
                }
                None => illegal(format!(": the {name} must promote; add one of {}", letters.join(" "))),
                Some(p) => illegal(format!(
                    ": '{p}' is not a promotion choice here; choose one of {}",
                    letters.join(" ")
                )),
            };
        }
        illegal(self.why_not(pos, text, from, to, legal))
    }

    /// `: {s} is not on the board` when `s` is off it.
    fn off_board(&self, s: Square) -> Option<String> {
        (!self.size.contains(s))
            .then(|| format!(": {s} is not on the {}x{} board", self.size.files(), self.size.ranks()))
    }

    /// Why the SAN `text` names no legal move, where the piece it means can be told: no such
    /// piece, none that can go there, or why the one meant cannot. `None` when the text is not
    /// read that far (castling, special forms, a typo).
    fn explain_san(&self, pos: &Position, text: &str, legal: &[Move]) -> Option<String> {
        let t: String = normalize(text).chars().filter(|&c| c != 'x').collect();
        let (letter, rest) = match t.chars().next()? {
            c if c.is_ascii_uppercase() => (Some(c), &t[1..]),
            _ => (None, t.as_str()),
        };
        // A promotion letter may end the text (`e8Q` once the `=` is gone).
        let rest = rest.strip_suffix(|c: char| c.is_ascii_uppercase()).unwrap_or(rest);
        let (split, to) = (0..rest.len())
            .filter(|&i| rest.is_char_boundary(i))
            .find_map(|i| rest[i..].parse::<Square>().ok().map(|s| (i, s)))?;
        let hint = FromHint::parse(&rest[..split])?;
        if let Some(off) = self.off_board(to) {
            return Some(off);
        }
        let roles: Vec<Role> = match letter {
            Some(l) => match self.role_by_letter(l) {
                Some(r) => vec![r],
                None => return Some(format!(": '{l}' is not a piece of {}", self.name)),
            },
            None => self
                .roles()
                .map(|(r, _)| r)
                .filter(|&r| self.is_pawn(r) && self.san_letter(r).is_none())
                .collect(),
        };
        let name = &self.role(*roles.first()?).name;
        let us = pos.side_to_move();
        let ours: Vec<Square> = pos
            .pieces_of(us)
            .iter()
            .filter(|&s| pos.piece_at(s).is_some_and(|p| roles.contains(&p.role())))
            .collect();
        if ours.is_empty() {
            return Some(format!(": {} has no {name}", us.name()));
        }
        let candidates: Vec<Square> = ours.into_iter().filter(|&s| hint.fits(s)).collect();
        if candidates.is_empty() {
            return Some(format!(": {} has no {name} {}", us.name(), hint.describe()));
        }
        let mut pseudo = Vec::new();
        self.pseudo_moves(pos, &mut pseudo);
        // A piece that cannot act is taken as meant when its own moves would reach the square.
        let reaches = |from: Square| {
            pseudo.iter().any(|m| m.from == from && m.to == to)
                || (self.why_inactive(pos, from).is_some() && {
                    let mut own = Vec::new();
                    pos.piece_at(from)
                        .inspect(|&p| self.piece_moves(pos, from, p, &mut own));
                    own.iter().any(|m| m.to == to)
                })
        };
        let from = match candidates.iter().copied().find(|&s| reaches(s)) {
            Some(from) => from,
            None if candidates.len() == 1 => candidates[0],
            None => return Some(format!(": no {name} can go to {to}")),
        };
        let promotions: Vec<String> = legal
            .iter()
            .filter(|m| m.from == from && m.to == to && m.promotion.is_some())
            .map(|m| self.san(pos, m))
            .collect();
        if !promotions.is_empty() {
            let piece = &self.role(pos.piece_at(from)?.role()).name;
            return Some(format!(
                ": the {piece} on {from} must promote; write one of {}",
                promotions.join(" ")
            ));
        }
        Some(self.why_not(pos, text, from, to, legal))
    }

    /// Why the piece of the side to move on `from` may not go to `to`, where no legal move of
    /// `legal` does so: it cannot act, cannot go there at all, is pinned, does not answer a check,
    /// or would expose its royal.
    fn why_not(&self, pos: &Position, text: &str, from: Square, to: Square, legal: &[Move]) -> String {
        let Some(piece) = pos.piece_at(from) else {
            return format!(": {from} is empty");
        };
        let name = &self.role(piece.role()).name;
        if let Some(why) = self.why_inactive(pos, from) {
            return format!(": the {name} on {from} {why}");
        }
        let mut pseudo = Vec::new();
        self.pseudo_moves(pos, &mut pseudo);
        let Some(mv) = pseudo
            .into_iter()
            .find(|m| m.from == from && m.to == to && !legal.contains(m))
        else {
            return format!(": the {name} on {from} cannot go to {to}");
        };
        let us = pos.side_to_move();
        let royal_name = |p: &Position, sq: Square| {
            p.piece_at(sq)
                .map(|r| self.role(r.role()).name.clone())
                .unwrap_or_default()
        };
        let mover_is_royal = self.is_royal(piece.role());
        if !mover_is_royal {
            if let Some(r) = self.pinned_to(pos, from) {
                return format!(": the {name} on {from} is pinned to the {} on {r}", royal_name(pos, r));
            }
        }
        if self.in_check(pos) {
            let checked = pos.royals(us).iter().find(|&r| self.is_attacked(pos, r, !us));
            if let Some(r) = checked {
                return format!(
                    ": {}'s {} is in check and {text} does not get it out of check",
                    us.name(),
                    royal_name(pos, r)
                );
            }
        }
        let next = pos.play(self, &mv);
        match next.royals(us).iter().find(|&r| self.is_attacked(&next, r, !us)) {
            Some(r) => format!(
                ": it would {} {}'s {} in check",
                if mover_is_royal { "put" } else { "leave" },
                us.name(),
                royal_name(&next, r)
            ),
            None => {
                let last = pos.royals(us).first().map(|r| royal_name(pos, r)).unwrap_or_default();
                format!(": it would cost {} its last {last}", us.name())
            }
        }
    }

    /// Why the piece on `sq` cannot act at all (`is frozen by Black's Jellyfish on d5`, `has 0
    /// Cal: it cannot move`); `None` when it can.
    fn why_inactive(&self, pos: &Position, sq: Square) -> Option<String> {
        if let Some(f) = self.frozen_by(pos, sq) {
            let freezer = pos.piece_at(f)?;
            return Some(format!(
                "is frozen by {}'s {} on {f}",
                freezer.color().name(),
                self.role(freezer.role()).name
            ));
        }
        if self.active(pos, sq) {
            return None;
        }
        Some(match self.rules.inactive_reason(self, pos, sq) {
            Some(Inactivity::Spent { counter, value }) => format!("has {value} {}: it cannot move", counter.unit),
            None => "cannot move at all".into(),
        })
    }

    /// The royal of the side to move that the piece on `from` shields from an attack: one not
    /// attacked now but attacked once the piece is gone.
    fn pinned_to(&self, pos: &Position, from: Square) -> Option<Square> {
        let us = pos.side_to_move();
        let mut without = pos.clone();
        without.take(self, from);
        without
            .royals(us)
            .iter()
            .find(|&r| self.is_attacked(&without, r, !us) && !self.is_attacked(pos, r, !us))
    }
}
