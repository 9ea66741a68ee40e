//! Why the rules refuse a move: worked out only after [`Variant::parse_move`] found no legal move
//! for the text, so move generation never pays for the explanation.

use crate::hooks::Inactivity;
use crate::moves::{Coordinates, Move, MoveError, WhyIllegal};
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

    /// Where it points, for messages: `on g1`, `on the g-file`, `on rank 1` (empty for nowhere).
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
    /// Why `mv` is no legal move of `pos`: the move written in coordinates, and explained as a
    /// move given as text would be.
    pub(crate) fn refusal(&self, pos: &Position, mv: &Move) -> MoveError {
        let text = mv.to_coordinates(self);
        match self.parse_move(pos, &text) {
            Err(e) => e,
            Ok(_) => MoveError::Illegal { text, why: None },
        }
    }

    /// Why `text` (read as `c` where it is in coordinate form) names no legal move of `pos`, whose
    /// legal moves are `legal`.
    pub(crate) fn explain_illegal(
        &self,
        pos: &Position,
        text: &str,
        c: Option<Coordinates>,
        legal: &[Move],
    ) -> MoveError {
        let illegal = |why: WhyIllegal| MoveError::Illegal {
            text: text.into(),
            why: Some(why),
        };
        if let Some(Coordinates::Drop { letter, to }) = c {
            let us = pos.side_to_move();
            return match self.role_by_letter(letter) {
                _ if self.drops.is_empty() => illegal(WhyIllegal::NoDrops {
                    variant: self.name.clone(),
                }),
                None => illegal(WhyIllegal::NotAPiece {
                    letter,
                    variant: self.name.clone(),
                }),
                Some(role) if pos.hand(us, role) == 0 => illegal(WhyIllegal::NotInHand {
                    side: us,
                    piece: self.role(role).name.clone(),
                }),
                Some(role) => illegal(WhyIllegal::NoDropThere {
                    piece: self.role(role).name.clone(),
                    to,
                }),
            };
        }
        if legal.is_empty() {
            return illegal(if self.chance_pending(pos) {
                WhyIllegal::ChanceFirst {
                    neutral: self.rules.neutral_name().to_string(),
                }
            } else {
                WhyIllegal::GameOver
            });
        }
        let Some(Coordinates::Legs { squares, promotion }) = c else {
            let looks_like_san = text
                .chars()
                .next()
                .is_some_and(|ch| ch.is_ascii_alphabetic() || ch == 'O' || ch == '0');
            return if looks_like_san {
                MoveError::Illegal {
                    text: text.into(),
                    why: self.explain_san(pos, text, legal),
                }
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
            return illegal(WhyIllegal::Empty { from });
        };
        if piece.color() != pos.side_to_move() {
            return illegal(WhyIllegal::NotYours {
                from,
                side: pos.side_to_move(),
            });
        }
        let name = self.role(piece.role()).name.clone();
        let to_there: Vec<&Move> = legal.iter().filter(|m| m.from == from && m.to == to).collect();
        let letters: Vec<String> = to_there
            .iter()
            .filter_map(|m| m.promotion)
            .map(|r| self.role(r).letter.to_ascii_lowercase().to_string())
            .collect();
        if !to_there.is_empty() {
            return match promotion {
                Some(_) if letters.is_empty() => illegal(WhyIllegal::NoPromotion { piece: name, from, to }),
                None => illegal(WhyIllegal::MustPromote {
                    piece: name,
                    choices: letters,
                }),
                Some(letter) => illegal(WhyIllegal::NotAChoice {
                    letter,
                    choices: letters,
                }),
            };
        }
        illegal(self.why_not(pos, text, from, to, legal))
    }

    /// That `s` is not on the board, when it is not.
    fn off_board(&self, s: Square) -> Option<WhyIllegal> {
        (!self.size.contains(s)).then(|| WhyIllegal::OffBoard {
            square: s,
            files: self.size.files(),
            ranks: self.size.ranks(),
        })
    }

    /// Why the SAN `text` names no legal move, where the piece it means can be told: no such
    /// piece, none that can go there, or why the one meant cannot. `None` when the text is not
    /// read that far (castling, special forms, a typo).
    fn explain_san(&self, pos: &Position, text: &str, legal: &[Move]) -> Option<WhyIllegal> {
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
                None => {
                    return Some(WhyIllegal::NotAPiece {
                        letter: l,
                        variant: self.name.clone(),
                    });
                }
            },
            None => self
                .roles()
                .map(|(r, _)| r)
                .filter(|&r| self.is_pawn(r) && self.san_letter(r).is_none())
                .collect(),
        };
        let name = self.role(*roles.first()?).name.clone();
        let us = pos.side_to_move();
        let ours: Vec<Square> = pos
            .pieces_of(us)
            .iter()
            .filter(|&s| pos.piece_at(s).is_some_and(|p| roles.contains(&p.role())))
            .collect();
        if ours.is_empty() {
            return Some(WhyIllegal::NoSuchPiece {
                side: us,
                piece: name,
                on: String::new(),
            });
        }
        let candidates: Vec<Square> = ours.into_iter().filter(|&s| hint.fits(s)).collect();
        if candidates.is_empty() {
            return Some(WhyIllegal::NoSuchPiece {
                side: us,
                piece: name,
                on: hint.describe(),
            });
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
            None => return Some(WhyIllegal::NoneCanGo { piece: name, to }),
        };
        let promotions: Vec<String> = legal
            .iter()
            .filter(|m| m.from == from && m.to == to && m.promotion.is_some())
            .map(|m| self.san(pos, m))
            .collect();
        if !promotions.is_empty() {
            return Some(WhyIllegal::MustPromoteSan {
                piece: self.role(pos.piece_at(from)?.role()).name.clone(),
                from,
                moves: promotions,
            });
        }
        Some(self.why_not(pos, text, from, to, legal))
    }

    /// Why the piece of the side to move on `from` may not go to `to`, where no legal move of
    /// `legal` does so: it cannot act, cannot go there at all, is pinned, does not answer a check,
    /// or would expose its royal.
    fn why_not(&self, pos: &Position, text: &str, from: Square, to: Square, legal: &[Move]) -> WhyIllegal {
        let Some(piece) = pos.piece_at(from) else {
            return WhyIllegal::Empty { from };
        };
        let name = self.role(piece.role()).name.clone();
        if let Some(why) = self.why_inactive(pos, from) {
            return why;
        }
        let mut pseudo = Vec::new();
        self.pseudo_moves(pos, &mut pseudo);
        let Some(mv) = pseudo
            .into_iter()
            .find(|m| m.from == from && m.to == to && !legal.contains(m))
        else {
            return WhyIllegal::CannotGo { piece: name, from, to };
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
                return WhyIllegal::Pinned {
                    piece: name,
                    from,
                    royal: royal_name(pos, r),
                    royal_square: r,
                };
            }
        }
        if self.in_check(pos) {
            let checked = pos.royals(us).iter().find(|&r| self.is_attacked(pos, r, !us));
            if let Some(r) = checked {
                return WhyIllegal::InCheck {
                    side: us,
                    royal: royal_name(pos, r),
                    mv: text.to_string(),
                };
            }
        }
        let next = pos.play_unchecked(self, &mv);
        match next.royals(us).iter().find(|&r| self.is_attacked(&next, r, !us)) {
            Some(r) => WhyIllegal::IntoCheck {
                side: us,
                royal: royal_name(&next, r),
                royal_moves: mover_is_royal,
            },
            None => WhyIllegal::LastRoyal {
                side: us,
                royal: pos.royals(us).first().map(|r| royal_name(pos, r)).unwrap_or_default(),
            },
        }
    }

    /// Why the piece on `sq` cannot act at all (frozen by an immobilizer, its counter spent);
    /// `None` when it can.
    fn why_inactive(&self, pos: &Position, sq: Square) -> Option<WhyIllegal> {
        let piece = self.role(pos.piece_at(sq)?.role()).name.clone();
        if let Some(f) = self.frozen_by(pos, sq) {
            let freezer = pos.piece_at(f)?;
            return Some(WhyIllegal::Frozen {
                piece,
                from: sq,
                by_side: freezer.color(),
                by: self.role(freezer.role()).name.clone(),
                by_square: f,
            });
        }
        if self.active(pos, sq) {
            return None;
        }
        Some(match self.rules.inactive_reason(self, pos, sq) {
            Some(Inactivity::Spent { counter, value }) => WhyIllegal::Spent {
                piece,
                from: sq,
                value,
                unit: counter.unit.to_string(),
            },
            None => WhyIllegal::Inactive { piece, from: sq },
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
