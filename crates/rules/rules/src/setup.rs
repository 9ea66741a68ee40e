//! A position as a FEN gives it, before it is checked ([`Setup`]), and the checks that make it a
//! [`Position`]: every problem found is named by its kind ([`SetupProblem`]), and a caller that
//! knowingly wants such a position (a board editor) may waive kinds.

use crate::fen::{FenError, default_ep_victim};
use crate::position::REGISTERS;
use crate::spec::RoyalRule;
use crate::{ByColor, Color, Piece, Position, Variant, echo};
use messhall_geometry::{Square, SquareSet};

/// One piece as the board field places it, with its state in braces if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Placed {
    pub(crate) sq: Square,
    pub(crate) piece: Piece,
    pub(crate) counter: Option<u16>,
    pub(crate) unmoved: Option<bool>,
}

/// The en passant field: the squares, the piece a capture removes when named (`>j3`), the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EpField {
    pub(crate) squares: SquareSet,
    pub(crate) victim: Option<Square>,
    pub(crate) text: String,
}

/// A FEN read into its parts, each well formed, but not yet checked as a whole: it may have no
/// King, a pawn on its promotion rank, a castling right without its rook... [`Setup::position`]
/// checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub(crate) placed: Vec<Placed>,
    pub(crate) neutrals: Vec<Square>,
    pub(crate) hand: Vec<Piece>,
    pub(crate) side: Color,
    /// The castling letters as written, with the index of the right each names.
    pub(crate) castling: Vec<(char, usize)>,
    pub(crate) ep: Option<EpField>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) passed: bool,
    pub(crate) registers: [u16; REGISTERS],
}

/// A kind of problem that makes a setup no position of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupProblem {
    /// A side has no royal piece though the game's start gives it one (except the side to move
    /// in a game won by taking the last royal, which has just lost).
    NoRoyal,
    /// A side has more royal pieces than the game's start gives it (and no promotion makes one).
    TooManyRoyals,
    /// A pawn (or other promoting piece) stands where it must already have promoted.
    PawnOnPromotionRank,
    /// A castling right the game does not have, or whose king or rook is not on its start square.
    ImpossibleCastling,
    /// An en passant square that is occupied, or no piece stands where the move that skipped it
    /// would have put it.
    ImpossibleEnPassant,
    /// The side that is not to move is in check.
    OppositeCheck,
    /// Pieces in hand that the game can never drop (in a game without drops, any).
    ImpossibleHand,
    /// More neutral pieces (the PieceEater) than the game's start has.
    TooManyNeutrals,
    /// A counter (Calorie's energy) on a piece that carries none.
    ImpossibleCounter,
}

impl SetupProblem {
    /// Every kind, for a caller that waives them all.
    pub const ALL: [SetupProblem; 9] = [
        SetupProblem::NoRoyal,
        SetupProblem::TooManyRoyals,
        SetupProblem::PawnOnPromotionRank,
        SetupProblem::ImpossibleCastling,
        SetupProblem::ImpossibleEnPassant,
        SetupProblem::OppositeCheck,
        SetupProblem::ImpossibleHand,
        SetupProblem::TooManyNeutrals,
        SetupProblem::ImpossibleCounter,
    ];
}

/// The problems found so far, each with its kind and its sentence.
struct Found {
    problems: Vec<(SetupProblem, String)>,
}

impl Found {
    fn add(&mut self, kind: SetupProblem, why: String) {
        self.problems.push((kind, why));
    }
}

impl Setup {
    /// Reads a FEN for `variant` into a setup, checking each field's form but not the whole.
    ///
    /// # Errors
    /// A [`FenError`] naming the field and place of the first malformed part.
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Setup, FenError> {
        crate::fen::parse(variant, fen)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Checks the setup and makes it a position, accepting the problems of the kinds in `waive`
    /// (a castling right or en passant square waived is dropped, since no move could use it).
    ///
    /// # Errors
    /// A [`FenError`] at "position" listing every problem not waived, in one line, and their
    /// kinds in [`FenError::problems`].
    pub fn position(&self, v: &Variant, waive: &[SetupProblem]) -> Result<Position, FenError> {
        let mut found = Found { problems: Vec::new() };
        let mut pos = Position::empty(v);
        for p in &self.placed {
            let info = v.role(p.piece.role());
            if let Some(n) = p.counter.filter(|_| !v.carries_counter(p.piece.role())) {
                found.add(
                    SetupProblem::ImpossibleCounter,
                    format!("the {} on {} carries no counter, but has {{{n}}}", info.name, p.sq),
                );
            }
            let counter = p.counter.unwrap_or(info.counter);
            let unmoved = p.unmoved.unwrap_or(v.start_board[p.sq.index()] == p.piece.code());
            pos.put(v, p.sq, p.piece, counter, unmoved);
        }
        let start_neutrals = v.start_board.iter().filter(|&&c| c == crate::NEUTRAL_CODE).count();
        if self.neutrals.len() > start_neutrals {
            found.add(
                SetupProblem::TooManyNeutrals,
                format!(
                    "{} neutral pieces ('{}'), but {} has {start_neutrals}",
                    self.neutrals.len(),
                    crate::NEUTRAL_LETTER,
                    v.name
                ),
            );
        }
        for &sq in &self.neutrals {
            pos.put_neutral(v, sq);
        }
        for &piece in &self.hand {
            let n = pos.hand(piece.color(), piece.role());
            if n == 0 && !v.drops.iter().any(|d| d.roles >> piece.role().0 & 1 == 1) {
                let why = if v.drops.is_empty() {
                    format!(
                        "{} has no drops, but {} holds pieces in hand",
                        v.name,
                        piece.color().name()
                    )
                } else {
                    format!(
                        "{} holds a {} in hand, which {} never drops",
                        piece.color().name(),
                        v.role(piece.role()).name,
                        v.name
                    )
                };
                found.add(SetupProblem::ImpossibleHand, why);
            }
            pos.set_hand(piece.color(), piece.role(), n.saturating_add(1));
        }
        pos.set_side(self.side);
        pos.set_castling(self.castling_rights(v, &pos, &mut found));
        if let Some(ep) = &self.ep {
            if let Some(victim) = self.ep_victim(v, &pos, ep, &mut found) {
                pos.set_ep(ep.squares, Some(victim));
            }
        }
        pos.halfmoves = self.halfmoves;
        pos.fullmoves = self.fullmoves;
        pos.set_passed(self.passed);
        for (i, &value) in self.registers.iter().enumerate() {
            pos.set_register(i, value);
        }
        self.check_royals(v, &pos, &mut found);
        self.check_promotion_ranks(v, &mut found);
        check_opposite_check(v, &pos, &mut found);
        if found.problems.iter().all(|(kind, _)| waive.contains(kind)) {
            return Ok(pos);
        }
        let (kinds, whys): (Vec<SetupProblem>, Vec<String>) = found
            .problems
            .into_iter()
            .filter(|(kind, _)| !waive.contains(kind))
            .unzip();
        Err(FenError {
            where_: "position".into(),
            why: whys.join("; "),
            problems: kinds,
        })
    }

    /// The castling rights whose king and rook are in place; the others are reported and dropped.
    fn castling_rights(&self, v: &Variant, pos: &Position, found: &mut Found) -> u8 {
        let mut rights = 0u8;
        for &(c, right) in &self.castling {
            let Some(side) = v.castling.iter().find(|s| s.right == right) else {
                found.add(
                    SetupProblem::ImpossibleCastling,
                    format!("castling '{c}': {} has no such castling", v.name),
                );
                continue;
            };
            let king_there = pos
                .piece_at(side.king_from)
                .is_some_and(|p| p.color() == side.color && v.castling_king(p.role()));
            let rook_there = pos
                .piece_at(side.rook_from)
                .is_some_and(|p| p.color() == side.color && v.castling_rook(p.role()));
            if king_there && rook_there {
                rights |= 1 << right;
            } else {
                found.add(
                    SetupProblem::ImpossibleCastling,
                    format!(
                        "castling '{c}' needs the king on {} and the rook on {}",
                        side.king_from, side.rook_from
                    ),
                );
            }
        }
        rights
    }

    /// The piece an en passant capture would remove, if the field makes sense here.
    fn ep_victim(&self, v: &Variant, pos: &Position, ep: &EpField, found: &mut Found) -> Option<Square> {
        let text = echo(&ep.text);
        if let Some(s) = ep.squares.iter().find(|&s| !pos.is_empty(s)) {
            found.add(
                SetupProblem::ImpossibleEnPassant,
                format!("en passant square {s} is not empty"),
            );
            return None;
        }
        let mover = !self.side;
        let victim = match ep.victim {
            None => default_ep_victim(v, pos, mover, ep.squares),
            Some(t) => Some(t).filter(|&t| pos.piece_at(t).is_some_and(|p| p.color() == mover)),
        };
        if victim.is_none() {
            let why = match ep.victim {
                None => format!("en passant {text}: no {} piece stands just beyond it", mover.name()),
                Some(t) => format!("en passant {text}: no {} piece on {t}", mover.name()),
            };
            found.add(SetupProblem::ImpossibleEnPassant, why);
        }
        victim
    }

    fn check_royals(&self, v: &Variant, pos: &Position, found: &mut Found) {
        let mut at_start = ByColor([0u32; 2]);
        for code in v.start_board {
            if let Some(p) = Piece::from_code(code).filter(|p| v.is_royal(p.role())) {
                at_start[p.color()] += 1;
            }
        }
        let promotes_to_royal = v.promotions.iter().any(|p| p.choices.iter().any(|&r| v.is_royal(r)));
        let royal_name = v
            .roles()
            .find(|(r, _)| v.is_royal(*r))
            .map_or_else(String::new, |(_, info)| info.name.clone());
        // Where losing the last royal loses the game, the side to move may have just lost it:
        // a finished game, but a position (the other side still has its own).
        let lost_last_royal = |color: Color| {
            matches!(v.end.royal, RoyalRule::Capture | RoyalRule::Last)
                && color == self.side
                && !pos.royals(!color).is_empty()
        };
        for color in Color::ALL {
            let (have, start) = (pos.royals(color).count(), at_start[color]);
            if have == 0 && start > 0 && !lost_last_royal(color) {
                found.add(SetupProblem::NoRoyal, format!("{} has no {royal_name}", color.name()));
            } else if have > start && !promotes_to_royal {
                found.add(
                    SetupProblem::TooManyRoyals,
                    format!(
                        "{} has {have} royal pieces, but {} starts with {start}",
                        color.name(),
                        v.name
                    ),
                );
            }
        }
    }

    fn check_promotion_ranks(&self, v: &Variant, found: &mut Found) {
        for p in &self.placed {
            let role = p.piece.role();
            let rank = v.relative_rank(p.piece.color(), p.sq);
            if v.promotions
                .iter()
                .any(|rule| rule.forced && rule.rank == rank && rule.roles >> role.0 & 1 == 1)
            {
                found.add(
                    SetupProblem::PawnOnPromotionRank,
                    format!(
                        "{}'s {} on {} stands where it must have promoted",
                        p.piece.color().name(),
                        v.role(role).name,
                        p.sq
                    ),
                );
            }
        }
    }
}

/// The side not to move may not be in check where a check must be answered, unless the game's
/// own rules call that a win for the side to move (the PieceEater uncovering an attack).
fn check_opposite_check(v: &Variant, pos: &Position, found: &mut Found) {
    let side = pos.side_to_move();
    let them = !side;
    let checks = match v.end.royal {
        RoyalRule::Checkmate => true,
        RoyalRule::Last => pos.royals(them).count() == 1,
        RoyalRule::Capture => false,
    };
    if checks && pos.royals(them).iter().any(|r| v.is_attacked(pos, r, side)) && v.rules.decided(v, pos).is_none() {
        found.add(
            SetupProblem::OppositeCheck,
            format!("{} is to move but {} is in check", side.name(), them.name()),
        );
    }
}
