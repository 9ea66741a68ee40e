//! The built-in games' balance reports, made by `messhall balance` (each keeps the command that
//! made it) and committed as data in `reports/NAME.json`; compiled in, so a rules page can show
//! them without running anything.

use crate::report::Report;

/// The committed reports: the game's name and its report's JSON.
const REPORTS: [(&str, &str); 6] = [
    ("chess", include_str!("../reports/chess.json")),
    ("foodfight", include_str!("../reports/foodfight.json")),
    ("friendly", include_str!("../reports/friendly.json")),
    ("calorie", include_str!("../reports/calorie.json")),
    ("pieceeater", include_str!("../reports/pieceeater.json")),
    ("cafeteria", include_str!("../reports/cafeteria.json")),
];

/// The committed report of the built-in game `name`, if it has one.
pub fn builtin_report(name: &str) -> Option<Report> {
    let (_, json) = REPORTS.iter().find(|(n, _)| *n == name)?;
    Report::from_json(json).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_committed_report_reads_and_names_its_game_and_command() {
        for (name, _) in REPORTS {
            let r = builtin_report(name).unwrap_or_else(|| panic!("{name}: the report does not read"));
            assert_eq!(r.game, name);
            assert!(!r.partial, "{name}");
            let command = r.command.unwrap_or_default();
            assert!(
                command.starts_with(&format!("messhall balance {name} ")),
                "{name}: {command}"
            );
        }
        assert_eq!(builtin_report("no-such-game"), None);
    }
}
