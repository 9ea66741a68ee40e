//! A variant file given to the engine plays with the weights file beside it, as `play` and
//! `match` do; a weights file that is refused refuses the `variant` command, in one error line.

use messhall_dice::Seed;
use messhall_xboard::{Config, run};
use std::io::Cursor;
use std::path::PathBuf;

/// A copy of the grand-food variant file in a fresh folder, with `weights` beside it when given.
fn variant_file(test: &str, weights: Option<&str>) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("messhall-xboard-weights-{test}-{}", std::process::id()));
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

/// The engine's output for `input`, with the variant file offered.
fn talk(file: &std::path::Path, input: &str) -> Vec<String> {
    let game = messhall_records::catalog::load(file.to_str().unwrap()).unwrap();
    let mut out = Vec::new();
    let config = Config {
        seed: Some(Seed::from_number(7)),
        extra_variants: vec![game],
        ..Config::default()
    };
    run(Cursor::new(input.as_bytes().to_vec()), &mut out, config).unwrap();
    String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
}

/// The score of the engine's depth-1 search from the start of the file's variant.
fn first_score(file: &std::path::Path) -> i64 {
    let lines = talk(file, "protover 2\nnew\nvariant grand-food\nsd 1\npost\ngo\n");
    let thinking = lines
        .iter()
        .find(|l| l.starts_with("1 ") && l.split(' ').count() >= 5)
        .unwrap_or_else(|| panic!("no thinking line: {lines:?}"));
    thinking.split(' ').nth(1).unwrap().parse().unwrap()
}

#[test]
fn the_weights_file_beside_a_variant_file_is_played_with() {
    let without = first_score(&variant_file("none", None));
    let with = first_score(&variant_file("tempo", Some("tempo = [400, 400]\n")));
    assert!(
        (with - without).abs() > 300,
        "score {with} with the weights file, {without} without"
    );
}

#[test]
fn a_refused_weights_file_refuses_the_variant_in_one_error_line() {
    let file = variant_file("bad", Some("[mobility]\nDragon = [1, 2]\n"));
    let lines = talk(&file, "protover 2\nnew\nvariant grand-food\nping 1\n");
    let error = lines
        .iter()
        .find(|l| l.starts_with("Error ("))
        .unwrap_or_else(|| panic!("no error: {lines:?}"));
    assert!(
        error.contains("grand-food.weights.toml")
            && error.contains("Dragon")
            && error.ends_with("): variant grand-food"),
        "{error}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("setup ")),
        "the variant was set up: {lines:?}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("pong 1"));
}
