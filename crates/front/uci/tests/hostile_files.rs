//! Variant files and weights files that once crashed the engine or forged protocol lines: each
//! is refused in one error line, and the session goes on.

use std::io::Cursor;
use std::path::PathBuf;

/// The grand-food variant file, renamed `name`, in a fresh folder, with `weights` beside it.
fn variant_file(test: &str, name: Option<&str>, weights: Option<&str>) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("messhall-uci-hostile-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("grand-food.toml");
    let mut text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../examples/variants/grand-food.toml"
    ))
    .unwrap();
    if let Some(name) = name {
        let toml_name: String = std::iter::once("\"".to_string())
            .chain(name.chars().map(|c| match c {
                '"' | '\\' => format!("\\{c}"),
                c if c.is_control() => format!("\\u{:04X}", u32::from(c)),
                c => c.to_string(),
            }))
            .chain(std::iter::once("\"".to_string()))
            .collect();
        text = text.replacen("name = \"grand-food\"", &format!("name = {toml_name}"), 1);
        assert!(text.contains(&toml_name), "the example file names itself grand-food");
    }
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

#[test]
fn the_smallest_weight_is_refused_not_a_panic() {
    let file = variant_file("min-weight", None, Some("tempo = [-2147483648, 0]\n"));
    let lines = session(&format!(
        "setoption name VariantPath value {}\nisready\n",
        file.display()
    ));
    let error = lines
        .iter()
        .find(|l| l.starts_with("info string Error"))
        .expect("an error");
    assert!(error.contains("-2147483648 is beyond +/-10000"), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn a_variant_name_cannot_forge_the_combo_line() {
    for name in ["q\" myname=\"evil", "c1 var normal", "a,b"] {
        let file = variant_file(&format!("name-{}", name.len()), Some(name), None);
        let lines = session(&format!("setoption name VariantPath value {}\nuci\n", file.display()));
        let error = lines
            .iter()
            .find(|l| l.starts_with("info string Error"))
            .expect("an error");
        assert!(error.contains("cannot be sent to a GUI"), "{name}: {lines:?}");
        assert!(!error.chars().any(char::is_control), "{error:?}");
        let combo = lines.iter().find(|l| l.contains("name UCI_Variant")).unwrap();
        let vars: Vec<&str> = combo.split(" var ").skip(1).collect();
        assert_eq!(
            vars,
            [
                "chess",
                "calorie",
                "foodfight",
                "friendly",
                "pieceeater",
                "pieceeater-mate",
                "pieceeater-steered"
            ],
            "{name}"
        );
    }
}
