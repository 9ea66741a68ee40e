//! Moves between messhall's coordinates and an engine's: XBoard numbers the ranks of a 10-rank
//! board from 0 (`a0` is our `a1`); UCI and XBoard on other boards number them as we do.

/// How an engine numbers ranks. XBoard's numbering lives here alone: the engine matches use it
/// to talk to XBoard engines, and the XBoard front end to talk to GUIs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranks {
    /// The number of the first rank (messhall's is 1).
    first: u8,
}

impl Ranks {
    /// Ranks as messhall numbers them.
    pub const SAME: Ranks = Ranks { first: 1 };

    /// XBoard's numbering on a board of `ranks` ranks: from 0 on a board of exactly 10 ranks
    /// (`a0` is our `a1`), from 1 otherwise.
    pub fn xboard(ranks: u8) -> Ranks {
        Ranks {
            first: if ranks == 10 { 0 } else { 1 },
        }
    }

    /// The number of a rank (counted from 0, as the geometry counts it).
    pub fn number(self, rank: u8) -> u32 {
        u32::from(rank) + u32::from(self.first)
    }

    /// The rank (counted from 0) a number names, if it names one.
    pub fn rank(self, number: u32) -> Option<u8> {
        u8::try_from(number.checked_sub(u32::from(self.first))?).ok()
    }

    /// Our move text (`e2e4`, `P@e4`, `a9a10q`, `d4e5,e5f6`) as the engine writes it.
    pub fn to_engine(self, ours: &str) -> String {
        shift_ranks(ours, i32::from(self.first) - 1)
    }

    /// The engine's move text in our numbering.
    pub fn from_engine(self, theirs: &str) -> String {
        shift_ranks(theirs, 1 - i32::from(self.first))
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
    fn ranks_are_numbered_from_zero_on_ten_ranks_only() {
        let ten = Ranks::xboard(10);
        assert_eq!((ten.number(0), ten.number(9)), (0, 9));
        assert_eq!((ten.rank(0), ten.rank(9)), (Some(0), Some(9)));
        for ranks in [8, 9, 12] {
            let x = Ranks::xboard(ranks);
            assert_eq!((x.number(0), x.rank(1), x.rank(0)), (1, Some(0), None), "{ranks}");
        }
        assert_eq!(Ranks::SAME, Ranks::xboard(8));
    }

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
