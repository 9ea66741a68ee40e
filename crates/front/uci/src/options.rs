//! The engine's options: what `uci` lists and what `setoption` may change.

use messhall_dice::Seed;
use messhall_rules::echo;
use messhall_search::{Level, MAX_THREADS};

/// Most MB of transposition table.
pub(crate) const MAX_HASH_MB: usize = 16_384;
/// The table's size when no `Hash` is given.
pub(crate) const DEFAULT_HASH_MB: usize = 16;

/// A `setoption` command, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Setting {
    /// `UCI_Variant`: a variant's name.
    Variant(String),
    /// `VariantPath`: a variant file's path (none: forget nothing, add nothing).
    VariantPath(Option<String>),
    /// `Hash` in MB.
    Hash(usize),
    /// `Threads`: search threads.
    Threads(usize),
    /// `Skill Level`: one of our levels.
    Level(Level),
    /// `Seed` of the dice and of the weaker levels' noise.
    Seed(Seed),
}

/// The `option` lines `uci` answers with, `variants` being every selectable variant's name.
pub(crate) fn option_lines(variants: &[String]) -> Vec<String> {
    let mut combo = String::from("option name UCI_Variant type combo default chess");
    for name in variants {
        combo.push_str(" var ");
        combo.push_str(name);
    }
    vec![
        combo,
        "option name VariantPath type string default <empty>".into(),
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!(
            "option name Skill Level type spin default {} min 1 max {}",
            Level::FULL.number(),
            Level::FULL.number()
        ),
        "option name Seed type string default 0".into(),
    ]
}

/// Reads `setoption name NAME [value VALUE]` (the words after `setoption`, `rest`, as typed).
///
/// Option names are matched without regard to case, as UCI asks.
pub(crate) fn parse_setoption(rest: &str) -> Result<Setting, String> {
    let rest = rest.trim();
    let Some(after_name) = strip_word(rest, "name") else {
        return Err("setoption needs \"name\" and the option's name".into());
    };
    let (name, value) = match find_word(after_name, "value") {
        Some((name, value)) => (name.trim(), Some(value.trim())),
        None => (after_name.trim(), None),
    };
    let value = value.filter(|v| !v.is_empty());
    let need = |what: &str| value.ok_or_else(|| format!("{name} needs a value: {what}"));
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => Ok(Setting::Variant(need("a variant's name")?.to_string())),
        "variantpath" => Ok(Setting::VariantPath(
            value.filter(|v| *v != "<empty>").map(str::to_string),
        )),
        "hash" => whole_number(
            need("a size in MB")?,
            1..=MAX_HASH_MB,
            &format!("Hash is a whole number of MB from 1 to {MAX_HASH_MB}"),
        )
        .map(Setting::Hash),
        "threads" => whole_number(
            need("a number of threads")?,
            1..=MAX_THREADS,
            &format!("Threads is a whole number from 1 to {MAX_THREADS}"),
        )
        .map(Setting::Threads),
        "skill level" => whole_number(
            need("a level from 1 to 10")?,
            1..=Level::FULL.number(),
            "Skill Level is a level from 1 to 10",
        )
        .map(|n| Setting::Level(Level::new(n))),
        "seed" => need("a number or 64 hexadecimal digits")?
            .parse::<Seed>()
            .map(Setting::Seed)
            .map_err(|e| e.to_string()),
        _ => Err(format!("no option named \"{}\"", echo(name))),
    }
}

/// `text` as a whole number within `range`; otherwise `refusal` with the text quoted after it.
fn whole_number<T>(text: &str, range: std::ops::RangeInclusive<T>, refusal: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd,
{
    text.parse::<T>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| format!("{refusal}, not \"{}\"", echo(text)))
}

/// `text` after its first word when that word is `word` (any case).
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    first.eq_ignore_ascii_case(word).then_some(rest)
}

/// Splits `text` at the first whitespace-delimited `word` (any case): before and after it.
fn find_word<'a>(text: &'a str, word: &str) -> Option<(&'a str, &'a str)> {
    let mut start = 0;
    for piece in text.split_inclusive(char::is_whitespace) {
        if piece.trim_end().eq_ignore_ascii_case(word) && start > 0 {
            let before = text.get(..start)?;
            let after = text.get(start + piece.len()..).unwrap_or("");
            return Some((before, after));
        }
        start += piece.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_read_with_names_in_any_case_and_values_kept_whole() {
        assert_eq!(
            parse_setoption("name UCI_Variant value foodfight"),
            Ok(Setting::Variant("foodfight".into()))
        );
        assert_eq!(
            parse_setoption("name skill level value 3"),
            Ok(Setting::Level(Level::new(3)))
        );
        assert_eq!(
            parse_setoption("name VariantPath value my files/grand food.toml"),
            Ok(Setting::VariantPath(Some("my files/grand food.toml".into())))
        );
        assert_eq!(
            parse_setoption("name VariantPath value <empty>"),
            Ok(Setting::VariantPath(None))
        );
        assert_eq!(parse_setoption("name Hash value 64"), Ok(Setting::Hash(64)));
        assert_eq!(
            parse_setoption("name Seed value 42"),
            Ok(Setting::Seed(Seed::from_number(42)))
        );
        assert!(parse_setoption("name Hash value 0").unwrap_err().contains("from 1 to"));
        assert!(parse_setoption("name Hash").unwrap_err().contains("needs a value"));
        assert!(parse_setoption("Hash value 3").unwrap_err().contains("needs \"name\""));
        assert_eq!(parse_setoption("name threads value 2"), Ok(Setting::Threads(2)));
        assert!(
            parse_setoption("name Threads value 0")
                .unwrap_err()
                .contains("from 1 to 256")
        );
        assert!(
            parse_setoption("name Cores value 2")
                .unwrap_err()
                .contains("no option named \"Cores\"")
        );
    }
}
