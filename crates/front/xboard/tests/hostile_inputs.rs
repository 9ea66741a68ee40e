//! Input that once reached the GUI raw or forged a protocol line: control characters in any
//! command, variant names that are not one plain token, and a weights file that panicked the
//! engine.

use messhall_dice::Seed;
use messhall_xboard::{Config, run};
use std::io::Cursor;

fn talk_with(input: &str, extra_variants: Vec<messhall_records::GameKind>) -> String {
    let mut out = Vec::new();
    let config = Config {
        seed: Some(Seed::from_number(7)),
        name: "messhall".into(),
        extra_variants,
        ..Config::default()
    };
    run(Cursor::new(input.as_bytes().to_vec()), &mut out, config).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn no_line_carries_a_control_character() {
    let odd = ["\u{1b}[31m", "\u{0}", "\u{7f}", "\u{7}", "\r"];
    let mut input = String::from("xboard\nprotover 2\n");
    for c in odd {
        for command in [
            "ping 1",
            "variant x",
            "setboard 8/8",
            "usermove e2",
            "memory",
            "level 1",
            "st",
            "zz",
        ] {
            input.push_str(&format!("{command}{c}x\n"));
        }
    }
    input.push_str("quit\n");
    let out = talk_with(&input, Vec::new());
    for line in out.lines() {
        assert!(!line.chars().any(char::is_control), "{line:?}");
    }
    assert!(out.contains("pong 1\\u{1b}[31mx"), "{out}");
    assert!(out.contains("pong 1\\u{7}x"), "{out}");
}

/// The grand-food variant file named `name`, loaded as `messhall xboard --variant` would, with
/// `weights` beside it when given.
fn game(test: &str, name: &str, weights: Option<&str>) -> messhall_records::GameKind {
    let dir = std::env::temp_dir().join(format!("messhall-xboard-hostile-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("grand-food.toml");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../examples/variants/grand-food.toml"
    ))
    .unwrap()
    .replacen("name = \"grand-food\"", &format!("name = '{name}'"), 1);
    std::fs::write(&file, text).unwrap();
    if let Some(w) = weights {
        std::fs::write(dir.join("grand-food.weights.toml"), w).unwrap();
    }
    messhall_records::catalog::load(file.to_str().unwrap()).unwrap()
}

#[test]
fn a_variant_name_cannot_forge_the_feature_line() {
    let forged = [
        game("quote", "q\" myname=\"evil", None),
        game("comma", "c1,normal", None),
    ];
    let out = talk_with("xboard\nprotover 2\nquit\n", forged.to_vec());
    let feature = out.lines().find(|l| l.contains("variants=")).unwrap();
    assert!(!feature.contains("evil") && !feature.contains("c1"), "{feature}");
    assert_eq!(feature.matches('"').count(), 4, "{feature}");
    let plain = game("plain", "grand-food", None);
    let out = talk_with("xboard\nprotover 2\nquit\n", vec![plain]);
    assert!(out.contains(",grand-food\""), "{out}");
}

#[test]
fn the_smallest_weight_is_refused_not_a_panic() {
    let hostile = game("min-weight", "grand-food", Some("tempo = [-2147483648, 0]\n"));
    let out = talk_with("xboard\nprotover 2\nvariant grand-food\nping 2\nquit\n", vec![hostile]);
    assert!(out.contains("-2147483648 is beyond +/-10000"), "{out}");
    assert!(out.contains("pong 2"), "{out}");
}
