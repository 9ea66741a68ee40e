//! A variant file added by `VariantPath` plays with the weights file beside it, as `play` and
//! `match` do; a weights file that is refused refuses the variant file, in one error line.

use std::io::Cursor;
use std::path::PathBuf;

/// A copy of the grand-food variant file in a fresh folder, with `weights` beside it when given.
fn variant_file(test: &str, weights: Option<&str>) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("messhall-uci-weights-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("grand-food.toml");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../examples/variants/grand-food.toml"
    ))
    .unwrap();
    std::fs::write(&file, text).unwrap();
    if let Some(w) = weights {
        std::fs::write(dir.join("grand-food.weights.toml"), w).unwrap();
    }
    file
}

fn session(input: &str) -> Vec<String> {
    let mut output = Vec::new();
    messhall_uci::run(Cursor::new(input.to_string()), &mut output).unwrap();
    String::from_utf8(output).unwrap().lines().map(str::to_string).collect()
}

/// The score of a depth-1 search from the start of the file's variant.
fn first_score(file: &std::path::Path) -> (Vec<String>, i64) {
    let lines = session(&format!(
        "setoption name VariantPath value {}\nsetoption name UCI_Variant value grand-food\nposition startpos\ngo depth 1\n",
        file.display()
    ));
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 1 "))
        .unwrap_or_else(|| panic!("no search: {lines:?}"));
    let words: Vec<&str> = info.split(' ').collect();
    let at = words.iter().position(|w| *w == "cp").expect("a score in centipawns");
    (lines.clone(), words[at + 1].parse().unwrap())
}

#[test]
fn the_weights_file_beside_a_variant_file_is_played_with() {
    let (plain, without) = first_score(&variant_file("none", None));
    assert!(!plain.iter().any(|l| l.contains("weights file")), "{plain:?}");

    // A large tempo moves the score by about that much (toward the side to move at the leaves).
    let file = variant_file("tempo", Some("tempo = [400, 400]\n"));
    let (lines, with) = first_score(&file);
    let beside = file.with_file_name("grand-food.weights.toml");
    assert_eq!(
        lines[1],
        format!(
            "info string grand-food plays with the weights file {}",
            messhall_rules::echo(&beside.display().to_string())
        )
    );
    assert!(
        (with - without).abs() > 300,
        "score {with} with the weights file, {without} without"
    );
}

#[test]
fn a_refused_weights_file_refuses_the_variant_file_in_one_error_line() {
    let file = variant_file("bad", Some("[mobility]\nDragon = [1, 2]\n"));
    let lines = session(&format!(
        "setoption name VariantPath value {}\nsetoption name UCI_Variant value grand-food\n",
        file.display()
    ));
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("info string Error (")
            && lines[0].contains("grand-food.weights.toml")
            && lines[0].contains("Dragon")
            && lines[0].ends_with(&format!(
                "): {}",
                messhall_rules::echo(&format!("setoption name VariantPath value {}", file.display()))
            )),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("info string Error (no variant named \"grand-food\""),
        "{}",
        lines[1]
    );
}
