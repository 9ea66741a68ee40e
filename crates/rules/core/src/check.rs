//! Which pieces give check: for front ends that mark them.

use crate::{Position, Variant};
use messhall_geometry::SquareSet;

impl Variant {
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
