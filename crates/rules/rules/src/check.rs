//! Which pieces give check (for front ends that mark them), and which quiet moves may (for a
//! search that skips late quiet moves unless they check).

use crate::{Move, MoveKind, Position, Variant};
use messhall_betza::Hop;
use messhall_geometry::SquareSet;

/// Where a quiet move of the side to move must start or end to give check, worked out once for
/// a position ([`Variant::check_lines`]): so that a search need not play every quiet move it
/// prunes to see whether it checks.
#[derive(Clone, Copy, Debug)]
pub struct CheckLines {
    /// Every square on an attack line into an enemy royal, up to and including the first piece
    /// on it (the whole line for hoppers and lame leaps); `None` where that cannot tell.
    lines: Option<SquareSet>,
    /// Roles whose attacks no line describes (multi-leg and other moves found by generating them).
    slow: u64,
}

impl CheckLines {
    /// Whether `mv` may give check: false only where it surely does not (a quiet move, double
    /// step or drop that neither leaves nor enters an attack line into an enemy royal); every
    /// other move may.
    pub fn may_give_check(&self, mv: &Move) -> bool {
        let Some(lines) = self.lines else { return true };
        match mv.kind {
            MoveKind::Quiet | MoveKind::DoubleStep if mv.promotion.is_none() => {
                lines.contains(mv.from) || lines.contains(mv.to)
            }
            MoveKind::Drop(role) => role.in_mask(self.slow) || lines.contains(mv.to),
            _ => true,
        }
    }
}

impl Variant {
    /// The attack lines of the side to move into the enemy royals, for
    /// [`CheckLines::may_give_check`]. A quiet move can give check only by putting a piece on
    /// such a line or by opening one: by leaving its first piece's square, or, on a hopper's
    /// line or a lame leap's path, by moving anywhere along it. It cannot tell (every move may
    /// check) where pieces lend powers, where pieces can be unable to act (a move may change
    /// that), or where the side to move has a piece whose attacks are found by generating its
    /// moves (multi-leg moves), and where an enemy royal is attacked already. The game's hooks
    /// are taken to change, after a quiet move, no piece but the mover.
    pub fn check_lines(&self, pos: &Position) -> CheckLines {
        let us = pos.side;
        let t = &self.tables;
        let slow = t.slow_attackers[us.index()];
        let unknown = CheckLines { lines: None, slow };
        if self.powers.is_some() || self.rules.has_inactive_pieces() {
            return unknown;
        }
        if slow != 0
            && pos.by_color[us]
                .iter()
                .any(|s| pos.piece_at(s).is_some_and(|p| p.role().in_mask(slow)))
        {
            return unknown;
        }
        // An enemy royal attacked already (where the game lets a side move on while its enemy's
        // royal is attacked: the PieceEater played to checkmate ends there) stays attacked after
        // most moves.
        if pos.royals[!us].iter().any(|r| self.is_attacked(pos, r, us)) {
            return unknown;
        }
        let mut lines = SquareSet::EMPTY;
        for royal in pos.royals[!us] {
            for (g, group) in t.groups[us.index()].iter().enumerate() {
                let ray = t.reverse_ray(us, g, royal);
                let whole = group.hop != Hop::None || group.lame;
                for (i, &y) in t.ray_squares(ray).iter().enumerate() {
                    lines.insert(y);
                    if whole {
                        for &l in t.lame_squares(ray, i) {
                            lines.insert(l);
                        }
                    } else if pos.board[y.index()] != 0 {
                        break;
                    }
                }
            }
        }
        CheckLines {
            lines: Some(lines),
            slow,
        }
    }

    /// The enemy pieces that give check: those with a capture of a royal piece of the side to
    /// move among their own moves, and in games where pieces lend powers, those without which
    /// the check would go (a borrowed attack and its lender). Empty when the side to move is not
    /// in check.
    pub fn checkers(&self, pos: &Position) -> SquareSet {
        let mut found = SquareSet::default();
        if !self.in_check(pos) {
            return found;
        }
        let royals = pos.royals(pos.side_to_move());
        let mut moves = Vec::new();
        for sq in pos.pieces_of(!pos.side_to_move()).iter() {
            let Some(piece) = pos.piece_at(sq) else { continue };
            moves.clear();
            if self.active(pos, sq) {
                self.piece_moves(pos, sq, piece, &mut moves);
            }
            let attacks = moves
                .iter()
                .any(|m| m.is_capture() && (royals.contains(m.to) || royals.contains(m.extra)));
            let lends = || {
                let mut without = pos.clone();
                without.take(self, sq);
                !self.in_check(&without)
            };
            if attacks || lends() {
                found.insert(sq);
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_checking_piece_is_found_and_a_blocked_one_is_not() {
        let v = crate::Variant::spec_from_toml("chess", include_str!("../../../games/catalog/variants/chess.toml"))
            .and_then(|spec| crate::Variant::new("chess", &spec))
            .unwrap();
        let pos = crate::Position::from_fen(&v, "4k3/8/8/1B6/8/8/4R3/4K3 b - - 0 1").unwrap();
        let names: Vec<String> = v.checkers(&pos).iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["e2", "b5"]);
        let quiet = crate::Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert!(v.checkers(&quiet).is_empty());
    }
}
