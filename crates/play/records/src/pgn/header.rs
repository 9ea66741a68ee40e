//! The tags of a PGN game that are not the rules' business: where and when it was played, and
//! whatever other tags a PGN carried (ECO, Elo ratings...), kept so they are written again.

use std::time::{SystemTime, UNIX_EPOCH};

/// What a PGN says about a game besides its rules, players and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The `Event` tag (`?` when unknown).
    pub event: String,
    /// The `Site` tag (`?` when unknown).
    pub site: String,
    /// The `Date` tag, `YYYY.MM.DD` with `??` for unknown parts.
    pub date: String,
    /// The `Round` tag (`?` when unknown).
    pub round: String,
    /// Other tags, in the order read, written after messhall's own.
    pub other: Vec<(String, String)>,
}

impl Default for Header {
    /// Everything unknown, as PGN writes it.
    fn default() -> Header {
        Header {
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            round: "?".into(),
            other: Vec::new(),
        }
    }
}

impl Header {
    /// A header dated today (UTC), the rest unknown.
    pub fn today() -> Header {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        Header::dated(ms)
    }

    /// A header dated the day (UTC) of `ms` milliseconds since 1970, the rest unknown.
    pub fn dated(ms: u64) -> Header {
        Header {
            date: pgn_date(ms / 86_400_000),
            ..Header::default()
        }
    }
}

/// The date `days` days after 1970-01-01, as PGN writes it (`2026.11.25`).
fn pgn_date(mut days: u64) -> String {
    let leap = |y: u64| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let mut year = 1970;
    loop {
        let length = if leap(year) { 366 } else { 365 };
        if days < length {
            break;
        }
        days -= length;
        year += 1;
    }
    let february = if leap(year) { 29 } else { 28 };
    let mut month = 1;
    for length in [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] {
        if days < length {
            break;
        }
        days -= length;
        month += 1;
    }
    format!("{year:04}.{month:02}.{:02}", days + 1)
}

/// `[Name "value"]` with `"` and `\` escaped in the value.
pub(super) fn tag_line(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    // A tag lives on one line.
    let escaped: String = escaped.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    format!("[{name} \"{escaped}\"]\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_leap_years() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(59), "1970.03.01");
        // 2000 is a leap year (divisible by 400): 2000-02-29 is day 11016.
        assert_eq!(pgn_date(11_016), "2000.02.29");
        assert_eq!(pgn_date(11_017), "2000.03.01");
        assert_eq!(pgn_date(20_417), "2025.11.25");
        assert_eq!(Header::today().date.len(), 10);
    }

    #[test]
    fn tag_values_are_escaped_on_one_line() {
        assert_eq!(
            tag_line("White", "A \"B\" \\ C\nD"),
            "[White \"A \\\"B\\\" \\\\ C D\"]\n"
        );
    }
}
