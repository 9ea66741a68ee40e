//! Embeds the browser UI's committed bundle (`web/dist`) in the server: writes `web_files.rs`, a
//! table of every file's path and bytes (`include_bytes!`), so the binary needs nothing beside it,
//! and `web_version.rs`, a hash of them all that names this bundle in its assets' addresses.

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
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    write(&out_dir.join("web_files.rs"), &out);
    write(&out_dir.join("web_version.rs"), &format!("{:?}", version(&files)));
}

fn write(target: &Path, text: &str) {
    if let Err(e) = std::fs::write(target, text) {
        panic!("cannot write {}: {e}", target.display());
    }
}

// FNV-1a (64 bits) over every file's name and bytes: the same bundle gets the same version on every
// build and machine, so the nodes of a cluster agree on it.
fn version(files: &[(String, PathBuf)]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, path) in files {
        let bytes = std::fs::read(path).unwrap_or_default();
        for b in name.bytes().chain([0]).chain(bytes) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
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
