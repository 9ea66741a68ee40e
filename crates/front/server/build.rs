//! Embeds the browser UI's committed bundle (`web/dist`) in the server: writes `web_files.rs`, a
//! table of every file's path and bytes (`include_bytes!`), so the binary needs nothing beside it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let dist = manifest.join("../../../web/dist");
    println!("cargo:rerun-if-changed={}", dist.display());
    let mut files = Vec::new();
    if dist.is_dir() {
        walk(&dist, &dist, &mut files);
    } else {
        println!("cargo:warning=web/dist not found: the server is built without its browser UI");
    }
    files.sort();
    let mut out = String::from("&[\n");
    for (name, path) in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = writeln!(out, "    ({name:?}, include_bytes!({:?})),", path.display().to_string());
    }
    out.push(']');
    let target = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("web_files.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("cannot write {}: {e}", target.display());
    }
}

// Every file under `dir`, named by its path from `root` with forward slashes.
fn walk(root: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        println!("cargo:rerun-if-changed={}", path.display());
        if path.is_dir() {
            walk(root, &path, files);
        } else if let Ok(rel) = path.strip_prefix(root) {
            let name = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            files.push((name, path.canonicalize().unwrap_or(path.clone())));
        }
    }
}
