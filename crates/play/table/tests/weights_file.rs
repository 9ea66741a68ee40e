//! An engine for a variant file plays with the weights file beside it; a bad one is refused with
//! its name.

use messhall_records::catalog;
use messhall_table::{CannotPlay, PlayerSpec};

/// A copy of a variant file in a fresh folder, with `weights` beside it when given.
fn variant_with_weights(test: &str, weights: Option<&str>) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("messhall-weights-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("grand-food.toml");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../examples/variants/grand-food.toml"
    ))
    .unwrap();
    std::fs::write(&file, text).unwrap();
    let beside = dir.join("grand-food.weights.toml");
    match weights {
        Some(w) => std::fs::write(&beside, w).unwrap(),
        None => {
            let _ = std::fs::remove_file(&beside);
        }
    }
    file
}

#[test]
fn a_variant_files_weights_file_is_used_or_refused() {
    let spec = PlayerSpec::parse("depth=1").unwrap();
    let file = variant_with_weights("none", None);
    let game = catalog::load(file.to_str().unwrap()).unwrap();
    assert!(spec.make(&game, 1, 1).is_ok());

    let file = variant_with_weights("good", Some("tempo = [30, 30]\n"));
    let game = catalog::load(file.to_str().unwrap()).unwrap();
    let catalog::GameKind::Chess(chess) = &game else {
        panic!("a chess variant")
    };
    let weights = messhall_table::file_weights(chess).unwrap().unwrap();
    assert_eq!(weights.tempo, [30, 30]);
    assert!(spec.make(&game, 1, 1).is_ok());

    let file = variant_with_weights("bad", Some("[mobility]\nDragon = [1, 2]\n"));
    let game = catalog::load(file.to_str().unwrap()).unwrap();
    let Err(e) = spec.make(&game, 1, 1) else {
        panic!("a bad weights file was taken")
    };
    assert!(matches!(e, CannotPlay::Weights(_)), "{e:?}");
    let e = e.to_string();
    assert!(
        e.contains("grand-food.weights.toml") && e.contains("Dragon") && !e.contains('\n'),
        "{e}"
    );
}

#[test]
fn a_record_or_an_upload_never_names_the_weights_file_read() {
    // A record's variant name pointing at a variant file with a hostile weights file beside it
    // (this weight once panicked the engine): the engine plays with its derived weights, and the
    // file is not read.
    let file = variant_with_weights("record", Some("tempo = [-2147483648, 0]\n"));
    let name = file.to_str().unwrap().to_string();
    let text = std::fs::read_to_string(&file).unwrap();
    let spec = PlayerSpec::parse("depth=1").unwrap();
    let recorded = catalog::from_source(&catalog::GameSource::File {
        name: name.clone(),
        text: text.clone(),
    })
    .unwrap();
    let uploaded = catalog::from_file_text(&name, &text).unwrap();
    for game in [recorded, uploaded] {
        let catalog::GameKind::Chess(chess) = &game else {
            panic!("a chess variant")
        };
        assert!(matches!(messhall_table::file_weights(chess), Ok(None)));
        assert!(spec.make(&game, 1, 1).is_ok());
    }
    // The same file named by the user is read, and its weights file refused in words.
    let Err(e) = spec.make(&catalog::load(&name).unwrap(), 1, 1) else {
        panic!("the hostile weights file was taken")
    };
    assert!(matches!(e, CannotPlay::Weights(_)), "{e:?}");
    let e = e.to_string();
    assert!(e.contains("-2147483648 is beyond"), "{e}");
}

#[test]
fn a_weights_file_that_is_no_regular_file_is_refused() {
    let file = variant_with_weights("directory", None);
    std::fs::create_dir_all(file.with_file_name("grand-food.weights.toml")).unwrap();
    let Err(e) = PlayerSpec::parse("depth=1")
        .unwrap()
        .make(&catalog::load(file.to_str().unwrap()).unwrap(), 1, 1)
    else {
        panic!("a directory was taken for a weights file")
    };
    assert!(matches!(e, CannotPlay::Weights(_)), "{e:?}");
    let e = e.to_string();
    assert!(e.contains("is a directory, not a weights file"), "{e}");
}
