//! The workspace's shape, read from `cargo metadata`: every crate sits in a layer folder
//! (`crates/LAYER/FOLDER`), depends (normally, for its tests or its build) only on crates of its
//! own layer or lower ones, and is named after its folder: `messhall-FOLDER`, or
//! `messhall-FOLDER-LAYER` when a lower layer already has a folder of that name (the binary's
//! folder `messhall` is the crate `messhall`). Crates outside `crates/` (the fuzz targets, which
//! exercise every layer) are not placed in a layer.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The layers, lowest first.
const LAYERS: [&str; 6] = ["base", "rules", "games", "ai", "play", "front"];

/// A workspace crate's place: its layer's index in [`LAYERS`] and its folder's name.
struct Place {
    layer: usize,
    folder: String,
}

fn metadata() -> Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(&root)
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON")
}

/// The problems of the workspace's shape, one line each.
fn problems(meta: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let root = PathBuf::from(meta["workspace_root"].as_str().expect("a workspace root"));
    let crates = root.join("crates");
    let packages = meta["packages"].as_array().expect("a package list");
    let mut places: Vec<(String, Place)> = Vec::new();
    for p in packages {
        let name = p["name"].as_str().expect("a package name").to_string();
        let manifest = PathBuf::from(p["manifest_path"].as_str().expect("a manifest path"));
        let Ok(rel) = manifest.strip_prefix(&crates) else {
            continue;
        };
        let parts: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
        let [layer, folder, _] = &parts[..] else {
            problems.push(format!(
                "{name}: its folder {} is not crates/LAYER/FOLDER",
                rel.display()
            ));
            continue;
        };
        let Some(layer) = LAYERS.iter().position(|l| l == layer) else {
            problems.push(format!("{name}: crates/{layer} is not a layer ({})", LAYERS.join(", ")));
            continue;
        };
        places.push((
            name,
            Place {
                layer,
                folder: folder.clone(),
            },
        ));
    }
    for (name, place) in &places {
        let base = match place.folder.as_str() {
            "messhall" => "messhall".to_string(),
            folder => format!("messhall-{folder}"),
        };
        let lower_twin = places
            .iter()
            .map(|(_, o)| o)
            .any(|o| o.folder == place.folder && o.layer < place.layer);
        let expected = if lower_twin {
            format!("{base}-{}", LAYERS[place.layer])
        } else {
            base
        };
        if *name != expected {
            let folder = format!("crates/{}/{}", LAYERS[place.layer], place.folder);
            problems.push(format!("{name}: the crate in {folder} should be named {expected}"));
        }
    }
    let place_of = |name: &str| places.iter().find(|(n, _)| n == name).map(|(_, p)| p);
    for p in packages {
        let name = p["name"].as_str().expect("a package name");
        let Some(place) = place_of(name) else { continue };
        for dep in p["dependencies"].as_array().expect("a dependency list") {
            let dep_name = dep["name"].as_str().expect("a dependency name");
            let Some(dep_place) = place_of(dep_name) else { continue };
            if dep_place.layer > place.layer {
                let kind = dep["kind"].as_str().unwrap_or("normal");
                problems.push(format!(
                    "{name} ({}) depends on {dep_name} ({}), a higher layer ({kind} dependency)",
                    LAYERS[place.layer], LAYERS[dep_place.layer]
                ));
            }
        }
    }
    problems
}

#[test]
fn no_crate_depends_on_a_higher_layer_and_each_is_named_after_its_folder() {
    let meta = metadata();
    let problems = problems(&meta);
    assert!(
        problems.is_empty(),
        "the workspace's layers are broken:\n{}",
        problems.join("\n")
    );
}

#[test]
fn every_layer_holds_a_crate() {
    // Guards the check itself: were the paths misread, no crate would be placed and nothing checked.
    let meta = metadata();
    let root = PathBuf::from(meta["workspace_root"].as_str().expect("a workspace root"));
    let placed: Vec<String> = meta["packages"]
        .as_array()
        .expect("a package list")
        .iter()
        .filter_map(|p| {
            let manifest = PathBuf::from(p["manifest_path"].as_str()?);
            let rel = manifest.strip_prefix(root.join("crates")).ok()?;
            Some(rel.iter().next()?.to_string_lossy().into_owned())
        })
        .collect();
    for layer in LAYERS {
        assert!(placed.iter().any(|l| l == layer), "no crate found in crates/{layer}");
    }
}

#[test]
fn an_upward_dependency_and_a_misnamed_folder_are_reported() {
    let package = |name: &str, path: &str, deps: &[&str]| {
        let deps: Vec<Value> = deps
            .iter()
            .map(|d| serde_json::json!({"name": d, "kind": null}))
            .collect();
        serde_json::json!({"name": name, "manifest_path": format!("/w/crates/{path}/Cargo.toml"), "dependencies": deps})
    };
    let meta = serde_json::json!({
        "workspace_root": "/w",
        "packages": [
            package("messhall-rules", "rules/rules", &["messhall-search"]),
            package("messhall-search", "ai/search", &["messhall-rules"]),
            package("messhall-cafeteria", "games/cafeteria", &[]),
            package("messhall-cafeteria", "ai/cafeteria", &[]),
            package("messhall-play", "play/session", &[]),
            package("messhall", "front/messhall", &["messhall-play"]),
        ]
    });
    assert_eq!(
        problems(&meta),
        [
            "messhall-cafeteria: the crate in crates/ai/cafeteria should be named messhall-cafeteria-ai",
            "messhall-play: the crate in crates/play/session should be named messhall-session",
            "messhall-rules (rules) depends on messhall-search (ai), a higher layer (normal dependency)",
        ]
    );
}
