use std::fmt;
use std::str::FromStr;

/// A square: file 0..16 (`a`..`p`) and rank 0..16 (`1`..`16`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Why a square name was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    #[error("square \"{0}\": expected a file letter a-p followed by a rank 1-16")]
    /// The text given is no square name.
    Malformed(String),
}

impl Square {
    /// The square at `file`, `rank` (both from 0). `None` outside 16x16.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 16 && rank < 16 {
            Some(Square(rank * 16 + file))
        } else {
            None
        }
    }

    /// The square with this index (`rank * 16 + file`).
    pub const fn from_index(index: u8) -> Square {
        Square(index)
    }

    /// The index, `rank * 16 + file`, the same on every board.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, from 0 (`a`).
    pub const fn file(self) -> u8 {
        self.0 & 15
    }

    /// The rank, from 0 (rank `1`).
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// Parses a square name at the start of `text`, returning it and the bytes used. Used by the
    /// move and FEN parsers, which need to know where a square name ends (`a10a12`).
    pub fn parse_prefix(text: &str) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        let file = bytes.first()?.checked_sub(b'a').filter(|f| *f < 16)?;
        let digits = bytes[1..].iter().take(2).take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || bytes[1] == b'0' {
            return None;
        }
        // Prefer two digits ("a10") when they form a rank, else one ("a1" in "a1a2").
        for len in (1..=digits).rev() {
            let rank: u8 = text[1..1 + len].parse().ok()?;
            if (1..=16).contains(&rank) {
                return Some((Square(file + (rank - 1) * 16), 1 + len));
            }
        }
        None
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Square, SquareError> {
        match Square::parse_prefix(text) {
            Some((sq, len)) if len == text.len() => Ok(sq),
            _ => Err(SquareError::Malformed(text.to_string())),
        }
    }
}

/// A square is written by its name (`"e4"`, `"l12"`), which reads the same on every board size and
/// in every version.
#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for index in 0..=255u8 {
            let sq = Square::from_index(index);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a10".parse::<Square>().map(|s| (s.file(), s.rank())), Ok((0, 9)));
        assert_eq!("p16".parse::<Square>().map(|s| s.index()), Ok(255));
    }

    #[test]
    fn prefix_stops_at_the_square() {
        assert_eq!(Square::parse_prefix("a10a12"), Some(("a10".parse().unwrap(), 3)));
        assert_eq!(Square::parse_prefix("e2e4"), Some(("e2".parse().unwrap(), 2)));
        // "a17" is not a square; "a1" followed by "7" is.
        assert_eq!(Square::parse_prefix("a17"), Some(("a1".parse().unwrap(), 2)));
    }

    #[test]
    fn malformed_names() {
        for bad in ["", "a", "q1", "a0", "a17", "A1", "a01", "1a", "e2e4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
