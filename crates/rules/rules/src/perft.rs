//! Perft: the number of move sequences of a given length, the contract of move generation.

use crate::movegen::MoveList;
use crate::{Move, Position, Variant};

impl Variant {
    /// Counts the leaf nodes `depth` plies below `pos`. The last ply is bulk-counted (the number of
    /// legal moves is used without playing them).
    ///
    /// ```
    /// # use messhall_rules::Variant;
    /// let text = r#"
    ///     name = "kings-and-knights"
    ///     files = 4
    ///     ranks = 4
    ///     start = "k2n/4/4/N2K w - - 0 1"
    ///     [[piece]]
    ///     letter = "K"
    ///     name = "King"
    ///     betza = "K"
    ///     royal = true
    ///     [[piece]]
    ///     letter = "N"
    ///     name = "Knight"
    ///     betza = "N"
    /// "#;
    /// let variant = Variant::new("tiny", &Variant::spec_from_toml("tiny", text).unwrap()).unwrap();
    /// // The knight on a1 has two moves (b3, c2), the king on d1 two (c1, d2: the black knight
    /// // covers c2).
    /// assert_eq!(variant.perft(&variant.start(), 1), 4);
    /// ```
    ///
    /// Chance events branch without using up depth: `depth` counts the players' moves, and a
    /// pending event (the PieceEater's step after a move, or a steered step at the start of a
    /// turn) adds one branch per outcome, a forced step or standing still being one branch. An
    /// event pending once the last ply is played is not expanded.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        self.perft_reusing(pos, depth, &mut Vec::new())
    }

    /// [`Variant::perft`] taking its move lists from `spare` and giving them back, so that a
    /// count allocates one list per ply instead of one per node.
    fn perft_reusing(&self, pos: &Position, depth: u32, spare: &mut Vec<MoveList>) -> u64 {
        if depth == 0 {
            return 1;
        }
        if let Some(event) = self.chance(pos) {
            return event
                .outcomes
                .iter()
                .map(|o| self.perft_reusing(&self.resolve(pos, o), depth, spare))
                .sum();
        }
        let mut moves = spare.pop().unwrap_or_default();
        self.legal_moves_into(pos, &mut moves);
        let count = if depth == 1 {
            moves.len() as u64
        } else {
            moves
                .iter()
                .map(|m| self.perft_reusing(&pos.play_unchecked(self, m), depth - 1, spare))
                .sum()
        };
        spare.push(moves);
        count
    }

    /// Perft split by first move, in the order moves are generated (with a chance event pending,
    /// the moves after each of its outcomes are listed one after the other).
    pub fn divide(&self, pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        if let Some(event) = self.chance(pos) {
            return event
                .outcomes
                .iter()
                .flat_map(|o| self.divide(&self.resolve(pos, o), depth))
                .collect();
        }
        self.legal_moves(pos)
            .into_iter()
            .map(|m| (m, self.perft(&pos.play_unchecked(self, &m), depth - 1)))
            .collect()
    }
}
