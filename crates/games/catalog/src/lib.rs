//! The built-in games of messhall, and variants read from files.
//!
//! Every built-in chess variant is a TOML file in `variants/` (the same format a user writes; see
//! `docs/variant-files.md`), plus, where a game needs them, the hooks of its own crate, named by
//! the file's `rules` field.
//!
//! ```
//! let chess = messhall_catalog::builtin("chess").unwrap();
//! assert_eq!(chess.perft(&chess.start(), 2), 400);
//! ```

pub mod lessons;
mod rules_text;

pub use rules_text::rules_text;

use messhall_rules::{GameRules, NoRules, Variant, VariantError, limits};
use std::path::Path;
use std::sync::Arc;

/// A built-in chess variant: its name, one-line description and file text.
pub struct Builtin {
    pub name: &'static str,
    pub text: &'static str,
}

/// A built-in variant whose file is `variants/<name>.toml`: the name and the file cannot drift apart.
macro_rules! builtin {
    ($name:literal) => {
        Builtin {
            name: $name,
            text: include_str!(concat!("../variants/", $name, ".toml")),
        }
    };
}

/// The built-in chess variants, in the order `messhall variants` lists them.
pub const BUILTINS: &[Builtin] = &[
    builtin!("chess"),
    builtin!("calorie"),
    builtin!("foodfight"),
    builtin!("friendly"),
    builtin!("pieceeater"),
    builtin!("pieceeater-mate"),
    builtin!("pieceeater-steered"),
];

/// The evaluation weights fitted for a built-in variant (`weights/<name>.toml`, written by
/// `messhall tune`), if it has them; the engine derives its own for the others.
pub fn builtin_weights(name: &str) -> Option<&'static str> {
    BUILTIN_WEIGHTS.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// The built-in variants with fitted weights, and the weights files' text.
const BUILTIN_WEIGHTS: &[(&str, &str)] = &[
    ("chess", include_str!("../weights/chess.toml")),
    ("calorie", include_str!("../weights/calorie.toml")),
    ("foodfight", include_str!("../weights/foodfight.toml")),
    ("friendly", include_str!("../weights/friendly.toml")),
    ("pieceeater", include_str!("../weights/pieceeater.toml")),
    ("pieceeater-mate", include_str!("../weights/pieceeater-mate.toml")),
    ("pieceeater-steered", include_str!("../weights/pieceeater-steered.toml")),
];

/// Where the weights of a variant file are kept: beside it, `NAME.weights.toml` for `NAME.toml`.
pub fn weights_path(variant_file: &Path) -> std::path::PathBuf {
    let stem = variant_file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    variant_file.with_file_name(format!("{stem}.weights.toml"))
}

/// The hooks named by a variant file's `rules` field.
pub fn rules_named(name: &str) -> Option<Arc<dyn GameRules>> {
    match name {
        "calorie" => Some(Arc::new(messhall_calorie::CalorieRules)),
        "pieceeater" => Some(Arc::new(messhall_pieceeater::PieceEaterRules::RANDOM)),
        "pieceeater-steered" => Some(Arc::new(messhall_pieceeater::PieceEaterRules::STEERED)),
        "none" => Some(Arc::new(NoRules)),
        _ => None,
    }
}

/// Names accepted in a variant file's `rules` field.
pub const RULES_NAMES: &[&str] = &["calorie", "pieceeater", "pieceeater-steered", "none"];

/// Compiles a variant file's text; `file` names it in errors.
pub fn from_toml(file: &str, text: &str) -> Result<Variant, VariantError> {
    let spec = Variant::spec_from_toml(file, text)?;
    let rules: Arc<dyn GameRules> = match &spec.rules {
        None => Arc::new(NoRules),
        Some(name) => rules_named(name).ok_or_else(|| VariantError::Invalid {
            file: file.to_string(),
            problems: vec![spec.problem(
                "rules",
                format!(
                    "rules = \"{}\": no such game rules (known: {})",
                    messhall_rules::echo(name),
                    RULES_NAMES.join(", ")
                ),
            )],
        })?,
    };
    Variant::with_rules(file, &spec, rules)
}

/// A built-in variant by name.
pub fn builtin(name: &str) -> Option<Variant> {
    let b = BUILTINS.iter().find(|b| b.name == name)?;
    // The built-in files are tested to compile (tests/builtins.rs).
    from_toml(b.name, b.text).ok()
}

/// Why a variant could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    // Transparent: the variant error's own text is the whole message (printed once, not again as
    // its source).
    #[error(transparent)]
    Variant(#[from] VariantError),
    #[error("{name}: not a built-in variant (see `messhall variants`) and no such file: {why}")]
    NotFound { name: String, why: String },
    #[error("{name}: {why}")]
    Unreadable { name: String, why: String },
}

/// A built-in variant by name, or else a variant file by path.
pub fn load(name_or_path: &str) -> Result<Variant, LoadError> {
    if let Some(b) = BUILTINS.iter().find(|b| b.name == name_or_path) {
        return Ok(from_toml(b.name, b.text)?);
    }
    let text = read_variant_file(Path::new(name_or_path))?;
    Ok(from_toml(name_or_path, &text)?)
}

/// The text of a variant file: a regular file of at most [`limits::MAX_FILE_BYTES`] bytes of
/// UTF-8 (a directory, a pipe, a device such as `/dev/zero` or a huge file is refused unread).
fn read_variant_file(path: &Path) -> Result<String, LoadError> {
    use messhall_rules::file::{FileError, read_text_file};
    let name = path.display().to_string();
    read_text_file(path, limits::MAX_FILE_BYTES, "variant file").map_err(|e| match e {
        FileError::NotFound => LoadError::NotFound {
            name,
            why: e.to_string(),
        },
        e => LoadError::Unreadable {
            name,
            why: e.to_string(),
        },
    })
}

/// The name for people of a built-in variant (`Food Fight chess`).
pub fn title(name: &str) -> Option<String> {
    let b = BUILTINS.iter().find(|b| b.name == name)?;
    Variant::spec_from_toml(b.name, b.text)
        .ok()
        .map(|s| s.title.unwrap_or(s.name))
}

/// The one-line description of a built-in variant.
pub fn description(name: &str) -> Option<String> {
    let b = BUILTINS.iter().find(|b| b.name == name)?;
    Variant::spec_from_toml(b.name, b.text).ok().map(|s| s.description)
}
