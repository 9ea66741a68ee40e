//! One catalog of every game messhall plays: the built-in chess variants (compiled once and
//! shared), variant files, and the cafeteria game, behind one [`GameKind`], so no front end asks
//! for a game by name.

use messhall_rules::{Variant, VariantError};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::{Arc, OnceLock};

pub use messhall_catalog::weights_path;

/// The name the cafeteria game is listed and chosen by.
pub const CAFETERIA: &str = "cafeteria";

/// The largest variant file read (a variant file is a few kilobytes; this keeps stray large files
/// from being read whole).
pub const MAX_VARIANT_FILE_BYTES: u64 = messhall_rules::limits::MAX_FILE_BYTES;

/// The version of messhall that wrote a record (records of built-in variants name it, so a reader
/// can tell which rules a record was played under).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Most characters of a variant name an engine protocol carries.
pub const MAX_PROTOCOL_NAME_CHARS: usize = 64;

/// Refuses a variant name that an engine protocol cannot carry as one token of a line: XBoard's
/// `feature variants="a,b"` and UCI's `var NAME` take a name verbatim, so a quote, a comma or a
/// space in it would forge other tokens. Letters, digits, `-`, `_`, `.` and `+` are allowed.
///
/// # Errors
/// [`UnsendableName`] holding the name.
pub fn check_protocol_name(name: &str) -> Result<(), UnsendableName> {
    let fits = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '+');
    if !name.is_empty() && name.len() <= MAX_PROTOCOL_NAME_CHARS && name.chars().all(fits) {
        return Ok(());
    }
    Err(UnsendableName { name: name.to_string() })
}

/// A variant name an engine protocol cannot carry ([`check_protocol_name`]); shown quoted and
/// escaped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the variant name \"{}\" cannot be sent to a GUI: use 1 to {MAX_PROTOCOL_NAME_CHARS} letters, digits, '-', '_', '.' or '+'",
    messhall_rules::echo(&.name.escape_default().to_string())
)]
pub struct UnsendableName {
    /// The name as it was given.
    pub name: String,
}

/// Which rules a game is played by.
#[derive(Clone, Debug)]
pub enum GameKind {
    /// A chess variant: a built-in one or one read from a file.
    Chess(ChessGame),
    /// Food Fight, the cafeteria dice game.
    Cafeteria,
}

/// A compiled chess variant and where it came from.
#[derive(Clone, Debug)]
pub struct ChessGame {
    /// The compiled variant, shared by every table of it.
    pub variant: Arc<Variant>,
    /// The variant's identity, as records keep it.
    pub source: GameSource,
    /// The weights file beside the variant file a user named (`NAME.weights.toml`), looked for
    /// only then: a record or an upload names its variant, never a file on this disk.
    pub weights_file: Option<std::path::PathBuf>,
}

/// A game's identity as a record keeps it: enough to find the same rules again anywhere.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum GameSource {
    /// A built-in chess variant, by name, and the messhall version that played it.
    Builtin {
        /// The built-in's name (`chess`, `foodfight`...).
        name: String,
        /// The messhall version.
        version: String,
    },
    /// A variant file, whole, so the record replays without the file.
    File {
        /// The file's name as it was given.
        name: String,
        /// The file's text.
        text: String,
    },
    /// The cafeteria game.
    Cafeteria {
        /// The messhall version.
        version: String,
    },
}

/// One entry of the catalog's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name a user types.
    pub name: &'static str,
    /// Whether it is a chess variant or the cafeteria game.
    pub chess: bool,
}

/// Why a game could not be found or read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A variant file that does not compile. Transparent: its own message is the whole message,
    /// so a chain of causes (`{:#}`) does not print it twice.
    #[error(transparent)]
    Variant(#[from] messhall_rules::VariantError),
    /// Neither a built-in name nor a readable file.
    #[error("{name}: not a game of messhall (see `messhall variants`) and not a variant file: {why}")]
    NotFound {
        /// What was asked for.
        name: String,
        /// Why it is not a file that was read.
        why: String,
    },
}

/// The built-in chess variants, each compiled the first time it is asked for.
fn compiled() -> &'static [OnceLock<Option<Arc<Variant>>>] {
    static CELLS: OnceLock<Vec<OnceLock<Option<Arc<Variant>>>>> = OnceLock::new();
    CELLS.get_or_init(|| messhall_catalog::BUILTINS.iter().map(|_| OnceLock::new()).collect())
}

/// Every game, in the order `messhall variants` lists them: the chess variants, then the
/// cafeteria game.
pub fn entries() -> impl Iterator<Item = Entry> {
    messhall_catalog::BUILTINS
        .iter()
        .map(|b| Entry {
            name: b.name,
            chess: true,
        })
        .chain(std::iter::once(Entry {
            name: CAFETERIA,
            chess: false,
        }))
}

/// The name for people of a catalog entry (`Food Fight chess`, `Cafeteria Food Fight`).
pub fn title(name: &str) -> Option<String> {
    if name == CAFETERIA {
        return Some(messhall_cafeteria::TITLE.to_string());
    }
    messhall_catalog::title(name)
}

/// A one-line description of a catalog entry.
pub fn description(name: &str) -> Option<String> {
    if name == CAFETERIA {
        return Some(messhall_cafeteria::DESCRIPTION.to_string());
    }
    messhall_catalog::description(name)
}

/// A built-in chess variant, compiled once and shared.
pub fn builtin_variant(name: &str) -> Option<Arc<Variant>> {
    let i = messhall_catalog::BUILTINS.iter().position(|b| b.name == name)?;
    compiled()[i]
        .get_or_init(|| messhall_catalog::builtin(name).map(Arc::new))
        .clone()
}

/// A built-in game by name (a chess variant or the cafeteria game).
pub fn builtin(name: &str) -> Option<GameKind> {
    if name == CAFETERIA {
        return Some(GameKind::Cafeteria);
    }
    let variant = builtin_variant(name)?;
    Some(GameKind::Chess(ChessGame {
        variant,
        source: GameSource::Builtin {
            name: name.to_string(),
            version: VERSION.to_string(),
        },
        weights_file: None,
    }))
}

/// A built-in game by name, or else a variant file by path.
///
/// # Errors
/// [`LoadError`] when it is neither, or the file does not compile.
pub fn load(name_or_path: &str) -> Result<GameKind, LoadError> {
    if let Some(game) = builtin(name_or_path) {
        return Ok(game);
    }
    let path = Path::new(name_or_path);
    let text = messhall_rules::file::read_text_file(path, MAX_VARIANT_FILE_BYTES, "variant file").map_err(|e| {
        LoadError::NotFound {
            name: name_or_path.to_string(),
            why: e.to_string(),
        }
    })?;
    let mut game = from_file_text(name_or_path, &text)?;
    if let GameKind::Chess(chess) = &mut game {
        chess.weights_file = Some(weights_path(path));
    }
    Ok(game)
}

/// A chess variant from a variant file's text; `name` names it in errors and records.
///
/// # Errors
/// [`LoadError::Variant`] when the text does not compile.
pub fn from_file_text(name: &str, text: &str) -> Result<GameKind, LoadError> {
    let variant = messhall_catalog::from_toml(name, text)?;
    Ok(GameKind::Chess(ChessGame {
        variant: Arc::new(variant),
        source: GameSource::File {
            name: name.to_string(),
            text: text.to_string(),
        },
        weights_file: None,
    }))
}

/// The game a record names.
///
/// # Errors
/// [`LoadError`] for a built-in this version does not have, or a variant text that does not
/// compile.
pub fn from_source(source: &GameSource) -> Result<GameKind, LoadError> {
    match source {
        // The names come from a record, maybe a stranger's: quoted cut and on one line.
        GameSource::Builtin { name, .. } => builtin(name).ok_or_else(|| LoadError::NotFound {
            name: messhall_rules::echo(name),
            why: "this version of messhall has no such built-in variant".into(),
        }),
        GameSource::File { name, text } => from_file_text(name, text).map_err(|e| match e {
            LoadError::Variant(mut e) => {
                match &mut e {
                    VariantError::Syntax { file, .. } | VariantError::Invalid { file, .. } => {
                        *file = messhall_rules::echo(file);
                    }
                }
                LoadError::Variant(e)
            }
            other => other,
        }),
        GameSource::Cafeteria { .. } => Ok(GameKind::Cafeteria),
    }
}

impl GameKind {
    /// The game's name: the variant's, or `cafeteria`.
    pub fn name(&self) -> &str {
        match self {
            GameKind::Chess(c) => c.variant.name(),
            GameKind::Cafeteria => CAFETERIA,
        }
    }

    /// The game's identity for a record.
    pub fn source(&self) -> GameSource {
        match self {
            GameKind::Chess(c) => c.source.clone(),
            GameKind::Cafeteria => GameSource::Cafeteria {
                version: VERSION.to_string(),
            },
        }
    }

    /// The game's rules in prose (a small Markdown subset, see `docs/variant-files.md`): a
    /// built-in game's from the catalog, a variant file's from its `rules_text`, if it has one.
    pub fn rules_text(&self) -> Option<&str> {
        match self {
            GameKind::Chess(ChessGame {
                source: GameSource::Builtin { name, .. },
                ..
            }) => messhall_catalog::rules_text(name),
            GameKind::Chess(c) => c.variant.rules_text(),
            GameKind::Cafeteria => messhall_catalog::rules_text(CAFETERIA),
        }
    }

    /// The chess variant, if it is one.
    pub fn variant(&self) -> Option<&Arc<Variant>> {
        match self {
            GameKind::Chess(c) => Some(&c.variant),
            GameKind::Cafeteria => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message with its chain of causes, as `anyhow`'s `{:#}` prints it.
    fn with_causes(e: &dyn std::error::Error) -> String {
        let mut text = e.to_string();
        let mut cause = e.source();
        while let Some(c) = cause {
            text.push_str(&format!(": {c}"));
            cause = c.source();
        }
        text
    }

    #[test]
    fn protocol_names_are_one_plain_token() {
        for good in ["chess", "pieceeater-steered", "grand_food.v2", "x+y"] {
            assert_eq!(check_protocol_name(good), Ok(()));
        }
        for bad in ["q\" myname=\"evil", "c1,normal", "two words", "", "tab\there", "é"] {
            let e = check_protocol_name(bad).unwrap_err();
            assert_eq!(e, UnsendableName { name: bad.to_string() });
            let e = e.to_string();
            assert!(e.contains("cannot be sent to a GUI") && !e.contains('\t'), "{bad}: {e}");
        }
        assert!(check_protocol_name(&"x".repeat(MAX_PROTOCOL_NAME_CHARS + 1)).is_err());
    }

    #[test]
    fn a_variant_files_error_is_said_once() {
        let e = from_file_text("bad.toml", "name = \"bad\"\nfiles = 0\n").unwrap_err();
        let text = with_causes(&e);
        assert_eq!(text, e.to_string());
        assert_eq!(text.matches("bad.toml").count(), 1, "{text}");
    }

    #[test]
    fn built_ins_are_compiled_once_and_shared() {
        let a = builtin_variant("foodfight").unwrap();
        let b = builtin_variant("foodfight").unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert!(builtin_variant("nonsense").is_none());
    }

    #[test]
    fn every_entry_loads_and_has_a_description() {
        let names: Vec<&str> = entries().map(|e| e.name).collect();
        assert_eq!(names.last(), Some(&CAFETERIA));
        for e in entries() {
            let game = load(e.name).unwrap();
            assert_eq!(game.name(), e.name);
            assert_eq!(matches!(game, GameKind::Chess(_)), e.chess);
            assert!(!description(e.name).unwrap_or_default().is_empty(), "{}", e.name);
        }
    }

    #[test]
    fn directories_and_endless_files_are_refused_in_words() {
        let dir = load("/").unwrap_err().to_string();
        assert!(dir.contains("is a directory"), "{dir}");
        let zero = load("/dev/zero").unwrap_err().to_string();
        assert!(zero.contains("not a regular file"), "{zero}");
        let missing = load("no-such-variant.toml").unwrap_err().to_string();
        assert!(missing.contains("no such file"), "{missing}");
    }

    #[test]
    fn a_file_variant_carries_its_text() {
        let text = messhall_catalog::BUILTINS[0].text;
        let game = from_file_text("mine.toml", text).unwrap();
        let again = from_source(&game.source()).unwrap();
        assert_eq!(again.variant().unwrap().name(), game.variant().unwrap().name());
    }
}
