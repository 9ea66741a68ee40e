use crate::{Square, SquareSet};

/// The size of a rectangular board: 4 to 16 files and 4 to 16 ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    files: u8,
    ranks: u8,
}

/// Why a board size was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board size {files}x{ranks}: files and ranks must each be between 4 and 16")]
pub struct SizeError {
    /// The files asked for.
    pub files: u32,
    /// The ranks asked for.
    pub ranks: u32,
}

impl BoardSize {
    /// A board of `files` x `ranks`.
    ///
    /// # Errors
    /// [`SizeError`] when either is outside 4 to 16.
    pub fn new(files: u32, ranks: u32) -> Result<BoardSize, SizeError> {
        if (4..=16).contains(&files) && (4..=16).contains(&ranks) {
            Ok(BoardSize {
                files: files as u8,
                ranks: ranks as u8,
            })
        } else {
            Err(SizeError { files, ranks })
        }
    }

    /// How many files (columns) the board has.
    pub const fn files(self) -> u8 {
        self.files
    }

    /// How many ranks (rows) the board has.
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// Whether `sq` is on this board.
    pub const fn contains(self, sq: Square) -> bool {
        sq.file() < self.files && sq.rank() < self.ranks
    }

    /// The square `dx` files and `dy` ranks away, if it is on this board.
    pub fn offset(self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let file = i32::from(sq.file()) + dx;
        let rank = i32::from(sq.rank()) + dy;
        if (0..i32::from(self.files)).contains(&file) && (0..i32::from(self.ranks)).contains(&rank) {
            Square::new(file as u8, rank as u8)
        } else {
            None
        }
    }

    /// The square mirrored top to bottom (how Black sees White's square).
    pub fn flip(self, sq: Square) -> Square {
        Square::from_index(((self.ranks - 1 - sq.rank()) << 4) | sq.file())
    }

    /// Every square, a1 b1 ... then rank 2, and so on.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.ranks).flat_map(move |r| (0..self.files).filter_map(move |f| Square::new(f, r)))
    }

    /// Every square of the board as a set.
    pub fn all(self) -> SquareSet {
        self.squares().collect()
    }

    /// The squares of rank `rank` (from 0).
    pub fn rank_set(self, rank: u8) -> SquareSet {
        self.squares().filter(|s| s.rank() == rank).collect()
    }

    /// How many squares the board has.
    pub fn square_count(self) -> usize {
        usize::from(self.files) * usize::from(self.ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert!(BoardSize::new(3, 8).is_err());
        assert!(BoardSize::new(17, 8).is_err());
        let b = BoardSize::new(12, 10).unwrap();
        assert_eq!(b.squares().count(), 120);
        assert_eq!(b.all().count(), 120);
        let l10: Square = "l10".parse().unwrap();
        assert!(b.contains(l10));
        assert!(!b.contains("m1".parse().unwrap()));
        assert!(!b.contains("a11".parse().unwrap()));
        assert_eq!(b.flip("a1".parse().unwrap()), "a10".parse().unwrap());
        assert_eq!(b.offset(l10, -11, -9), Some("a1".parse().unwrap()));
        assert_eq!(b.offset(l10, 0, 1), None);
    }
}
