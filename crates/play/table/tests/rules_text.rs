//! The rules in prose: every game of the catalog has them, they name every piece (so a renamed
//! piece fails here until its prose follows), the cafeteria's prose quotes the numbers of its data
//! file, and a variant file's own `rules_text` comes through while old files stay valid.

use messhall_records::catalog::{self, GameKind};
use messhall_rules::Variant;

fn prose(name: &str) -> String {
    let game = catalog::builtin(name).unwrap_or_else(|| panic!("{name}: not in the catalog"));
    game.rules_text()
        .unwrap_or_else(|| panic!("{name}: no rules text"))
        .to_string()
}

#[test]
fn every_game_of_the_catalog_has_its_rules_in_prose() {
    for entry in catalog::entries() {
        let text = prose(entry.name);
        assert!(
            text.lines().any(|l| l.starts_with("## ")),
            "{}: the prose has no section heading",
            entry.name
        );
        assert!(
            text.split_whitespace().count() > 150,
            "{}: the prose is too short to tell the rules",
            entry.name
        );
    }
}

#[test]
fn the_prose_names_every_piece_of_its_variant() {
    for b in messhall_catalog::BUILTINS {
        let spec = Variant::spec_from_toml(b.name, b.text).unwrap();
        let text = prose(b.name);
        for piece in &spec.pieces {
            assert!(
                text.contains(&piece.name),
                "{}: the rules text does not name the {} ({})",
                b.name,
                piece.name,
                piece.letter
            );
        }
    }
}

#[test]
fn each_piece_of_the_food_and_friendly_games_has_its_own_section() {
    for name in ["foodfight", "friendly"] {
        let text = prose(name);
        let spec = Variant::spec_from_toml(
            name,
            messhall_catalog::BUILTINS.iter().find(|b| b.name == name).unwrap().text,
        )
        .unwrap();
        for piece in &spec.pieces {
            let heading = format!("### {}\n", piece.name);
            assert!(text.contains(&heading), "{name}: no section `{}`", heading.trim());
        }
    }
}

#[test]
fn the_promotion_choices_are_named_under_promotion() {
    for b in messhall_catalog::BUILTINS {
        let spec = Variant::spec_from_toml(b.name, b.text).unwrap();
        let text = prose(b.name);
        let Some(section) = text.split("\n## ").find(|s| s.starts_with("Promotion")) else {
            assert!(
                spec.promotion.is_empty() || b.name == "chess",
                "{}: no Promotion section",
                b.name
            );
            continue;
        };
        for rule in &spec.promotion {
            for letter in rule.choices.chars() {
                let piece = spec.pieces.iter().find(|p| p.letter == letter).unwrap();
                assert!(
                    section.contains(&piece.name),
                    "{}: the Promotion section leaves out the {}",
                    b.name,
                    piece.name
                );
            }
        }
    }
}

#[test]
fn the_cafeteria_prose_quotes_its_data_file() {
    let text = prose(catalog::CAFETERIA);
    let data = messhall_cafeteria::data().unwrap();
    for s in &data.students {
        let line = format!("**{}**: AA {}, AR {}", s.name, s.aa, s.ar);
        assert!(text.contains(&line), "cafeteria: no `{line}`");
    }
    for f in &data.faculty {
        let line = format!("**{}**: MR {}", f.name, f.mr);
        let nsr = format!("NSR {}", f.nsr);
        let found = text.lines().find(|l| l.contains(&line));
        assert!(
            found.is_some_and(|l| l.contains(&nsr)),
            "cafeteria: no `{line}` with `{nsr}`"
        );
    }
    let mut in_families = 0;
    for food in data.kinds.iter().filter(|f| f.family.is_some() && f.special.is_none()) {
        in_families += usize::from(food.count);
        let head = format!("- **{}** (", food.name);
        let line = text
            .lines()
            .find(|l| l.starts_with(&head))
            .unwrap_or_else(|| panic!("cafeteria: no line for {}", food.name));
        let numbers = format!(
            "{} counters): range {}, slip {}, ",
            food.count,
            food.range.unwrap(),
            food.slip
        );
        assert!(line.contains(&numbers), "cafeteria: {line} is not `{numbers}`");
        let damage = food.damage.map_or("no damage".to_string(), |d| format!("damage {d}"));
        assert!(line.contains(&damage), "cafeteria: {line} does not say `{damage}`");
        assert!(
            line.contains(&format!("to hit {}", food.to_hit.unwrap())),
            "cafeteria: {line}: to hit"
        );
        assert_eq!(
            line.contains("stuns on"),
            food.stun_on.is_some(),
            "cafeteria: {line}: stun"
        );
    }
    assert!(
        text.contains(&format!("**{in_families} counters**")),
        "cafeteria: the families' total"
    );
    assert!(
        text.contains(&format!("**{} rounds**", data.rounds)),
        "cafeteria: the rounds"
    );
}

const FILE: &str = r#"
name = "tiny"
files = 4
ranks = 4
start = "k3/4/4/K3 w - - 0 1"
[[piece]]
letter = "K"
name = "King"
betza = "K"
royal = true
"#;

#[test]
fn a_variant_file_may_carry_its_own_rules_text() {
    let old = catalog::from_file_text("tiny.toml", FILE).unwrap();
    assert_eq!(old.rules_text(), None, "a file without rules_text has none");
    let with = FILE.replacen(
        "files = 4",
        "rules_text = \"\"\"\n## Goal\n\nTake the **King**.\n\"\"\"\nfiles = 4",
        1,
    );
    let game = catalog::from_file_text("tiny.toml", &with).unwrap();
    assert!(matches!(game, GameKind::Chess(_)));
    assert_eq!(game.rules_text(), Some("## Goal\n\nTake the **King**.\n"));
}

#[test]
fn a_variant_files_rules_text_is_bounded_and_has_no_stray_control_characters() {
    let bell = FILE.replacen("files = 4", "rules_text = \"one\\ntwo\\u0007\"\nfiles = 4", 1);
    let err = catalog::from_file_text("tiny.toml", &bell).unwrap_err().to_string();
    assert!(
        err.contains("rules_text: a control character (\\u{7}) on its line 2"),
        "{err}"
    );
    let long = FILE.replacen(
        "files = 4",
        &format!("rules_text = \"{}\"\nfiles = 4", "x".repeat(16_001)),
        1,
    );
    let err = catalog::from_file_text("tiny.toml", &long).unwrap_err().to_string();
    assert!(err.contains("rules_text: 16001 characters; at most 16000"), "{err}");
}
