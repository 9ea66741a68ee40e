//! The catalog's built-in variant files, compiled for this crate's unit tests (the catalog crate
//! is a layer above: its files are read as text).

use crate::Variant;

pub(crate) const CHESS: &str = include_str!("../../../games/catalog/variants/chess.toml");
pub(crate) const FOODFIGHT: &str = include_str!("../../../games/catalog/variants/foodfight.toml");
pub(crate) const FRIENDLY: &str = include_str!("../../../games/catalog/variants/friendly.toml");
pub(crate) const PIECEEATER: &str = include_str!("../../../games/catalog/variants/pieceeater.toml");

/// A variant file's text compiled with no special rules.
pub(crate) fn variant(name: &str, text: &str) -> Variant {
    Variant::spec_from_toml(name, text)
        .and_then(|spec| Variant::new(name, &spec))
        .unwrap()
}
