use crate::Square;
use std::fmt;

/// A set of squares: 256 bits, one per square index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    /// The set of no squares.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    #[inline]
    /// Whether `sq` is in the set.
    pub const fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i >> 6] & 1u64.wrapping_shl((i & 63) as u32) != 0
    }

    #[inline]
    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    /// Takes `sq` out.
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    /// Adds `sq` when `on`, else takes it out.
    pub fn set(&mut self, sq: Square, on: bool) {
        if on { self.insert(sq) } else { self.remove(sq) }
    }

    /// Whether the set holds no square.
    #[inline]
    pub fn is_empty(&self) -> bool {
        // One OR chain, not an array comparison: asked of every piece in move generation.
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// How many squares the set holds.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest square in the set.
    pub fn first(&self) -> Option<Square> {
        self.iter().next()
    }

    /// The squares in either set.
    pub fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The squares in both sets.
    pub fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The squares of this set that are not in `other`.
    pub fn difference(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Whether the sets share a square.
    pub fn intersects(&self, other: &SquareSet) -> bool {
        (0..4).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// The squares in increasing index order.
    #[inline]
    pub fn iter(&self) -> Iter {
        Iter { words: self.0, word: 0 }
    }
}

/// Iterator over a [`SquareSet`], lowest index first.
pub struct Iter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for Iter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                // Hot in move generation: w is not zero and the index is below 256, so nothing
                // here can overflow; wrapping arithmetic keeps release overflow checks off it.
                self.words[self.word] = w & w.wrapping_sub(1);
                let index = (self.word as u32).wrapping_mul(64).wrapping_add(w.trailing_zeros());
                return Some(Square::from_index(index as u8));
            }
            self.word = self.word.wrapping_add(1);
        }
        None
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.to_string())).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn iter_returns_inserted_squares_in_order(mut indices in proptest::collection::vec(0u8..=255, 0..40)) {
            let set: SquareSet = indices.iter().map(|&i| Square::from_index(i)).collect();
            indices.sort_unstable();
            indices.dedup();
            let back: Vec<u8> = set.iter().map(|s| s.index() as u8).collect();
            prop_assert_eq!(back, indices.clone());
            prop_assert_eq!(set.count() as usize, indices.len());
        }
    }

    #[test]
    fn set_algebra() {
        let a: SquareSet = ["a1", "p16", "h8"]
            .iter()
            .map(|s| s.parse::<Square>().unwrap())
            .collect();
        let b: SquareSet = ["h8", "c3"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
        assert_eq!(a.intersection(b).count(), 1);
        assert_eq!(a.union(b).count(), 4);
        assert_eq!(a.difference(b).count(), 2);
        assert!(a.intersects(&b));
        assert_eq!(format!("{a:?}"), r#"{"a1", "h8", "p16"}"#);
    }
}
