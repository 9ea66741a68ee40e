//! Moves between messhall's coordinates and an engine's: XBoard numbers the ranks of a 10-rank
//! board from 0 (`a0` is our `a1`); UCI and XBoard on other boards number them as we do.

/// How an engine numbers ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranks {
    /// What the engine adds to our rank numbers.
    shift: i32,
}

impl Ranks {
    /// Ranks as messhall numbers them.
    pub const SAME: Ranks = Ranks { shift: 0 };

    /// XBoard's numbering on a board of `ranks` ranks (from 0 on a 10-rank board).
    pub fn xboard(ranks: u8) -> Ranks {
        Ranks {
            shift: if ranks == 10 { -1 } else { 0 },
        }
    }

    /// Our move text (`e2e4`, `P@e4`, `a9a10q`, `d4e5,e5f6`) as the engine writes it.
    pub fn to_engine(self, ours: &str) -> String {
        shift_ranks(ours, self.shift)
    }

    /// The engine's move text in our numbering.
    pub fn from_engine(self, theirs: &str) -> String {
        shift_ranks(theirs, -self.shift)
    }
}

/// Adds `shift` to every rank number in `text`: a run of digits that follows a file letter.
fn shift_ranks(text: &str, shift: i32) -> String {
    if shift == 0 {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut after_file = false;
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() && after_file {
            let mut digits = String::from(c);
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(d);
                chars.next();
            }
            match digits.parse::<i32>() {
                Ok(n) if digits.len() <= 3 => out.push_str(&(n + shift).to_string()),
                _ => out.push_str(&digits),
            }
            after_file = false;
            continue;
        }
        after_file = c.is_ascii_lowercase();
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_rank_boards_count_ranks_from_zero_in_xboard() {
        let x = Ranks::xboard(10);
        assert_eq!(x.to_engine("a1a10"), "a0a9");
        assert_eq!(x.to_engine("P@e4"), "P@e3");
        assert_eq!(x.to_engine("b9b10q"), "b8b9q");
        assert_eq!(x.from_engine("a0a9"), "a1a10");
        assert_eq!(x.from_engine("c8c9n"), "c9c10n");
        for board in [8, 12] {
            assert_eq!(Ranks::xboard(board).to_engine("a11a12q"), "a11a12q");
        }
        assert_eq!(Ranks::SAME.from_engine("e7e8q"), "e7e8q");
    }

    #[test]
    fn odd_text_passes_through_unharmed() {
        let x = Ranks::xboard(10);
        for text in ["", "resign", "@@@@", "0000", "e99999999999e1", "ü9"] {
            let _ = x.from_engine(text);
            let _ = x.to_engine(text);
        }
        assert_eq!(x.from_engine("e99999e1"), "e99999e2");
    }
}
