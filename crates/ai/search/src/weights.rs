//! The evaluation's weights as data: each term's centipawns in the middle game and in the end
//! game, derived from the variant by default and replaceable by a weights file (TOML) that
//! `messhall tune` writes.

use crate::eval::{CHASE_CP, CORNER_CP};
use messhall_rules::{Variant, one_line};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A term's weight in the middle game and in the end game (centipawns per unit of the term);
/// the evaluation blends the two by the game phase.
pub type Pair = [i32; 2];

/// Largest weight a file may give (centipawns per unit), either sign.
pub const MAX_WEIGHT: i32 = 10_000;

/// Most bytes a weights file may have (one is a few hundred bytes; read no further than this).
pub const MAX_FILE_BYTES: u64 = 64 * 1024;

/// The evaluation's weights. Every field may be left out of a file: it keeps its derived default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Weights {
    /// Per piece kind (by its name): centipawns per square it reaches beyond its average.
    pub mobility: BTreeMap<String, Pair>,
    /// Per square more that a piece reaches from its square on an empty board than on average
    /// (centralisation for leapers, open lines for sliders).
    pub centre: Pair,
    /// Per friendly piece next to a royal (at most three).
    pub shelter: Pair,
    /// Per square next to the enemy royal that a piece attacks.
    pub royal_attack: Pair,
    /// Per castling right kept.
    pub castling: Pair,
    /// Per step a royal stands from the board's centre (negative: toward the centre is better).
    pub royal_centre: Pair,
    /// Per cent of the pawn advancement table (a share of each pawn's promotion gain, growing
    /// with the square of its progress).
    pub advance: Pair,
    /// A passed pawn (no enemy pawn ahead on its own forward path or beside it), per sixteenth of
    /// its progress squared.
    pub passed: Pair,
    /// A pawn with a friendly pawn on its forward path.
    pub doubled: Pair,
    /// A pawn with no friendly pawn on a neighbouring file.
    pub isolated: Pair,
    /// A pawn whose forward moves are all blocked.
    pub blocked: Pair,
    /// Having the move.
    pub tempo: Pair,
    /// Hunting a royal: per step each piece stands nearer an enemy royal than
    /// [`CHASE_RANGE`](crate::eval::CHASE_RANGE), blended by the hunted side's phase (its share of
    /// its starting pieces), not the game's. Counted where taking a royal wins, and elsewhere
    /// against a royal left with no pieces (pawns aside).
    pub close_in: Pair,
    /// Per step a bare enemy royal (no pieces, pawns aside) stands from the board's centre; blended
    /// as `close_in`, so with the hunted side bare only the end-game weight counts.
    pub corner: Pair,
}

/// Why a weights file was refused.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    #[error("weights file: {0}")]
    /// The file is not the weights format: where and why.
    Syntax(String),
    #[error("weights file: mobility names \"{name}\", which is not a piece of {variant}", name = messhall_rules::echo(.0), variant = .1)]
    /// A mobility weight names a piece the variant does not have: the name and the variant.
    UnknownPiece(String, String),
    #[error("weights file: {0} = {1} is beyond +/-{MAX_WEIGHT}")]
    /// A weight beyond the allowed range: its name and value.
    OutOfRange(String, i32),
    #[error("weights file: {0}")]
    /// The file could not be read.
    Unreadable(#[from] messhall_rules::file::FileError),
}

impl Default for Weights {
    /// The weights of a game with no pieces named: the global terms' defaults.
    fn default() -> Weights {
        Weights {
            mobility: BTreeMap::new(),
            centre: [2, 1],
            shelter: [12, 0],
            royal_attack: [6, 0],
            castling: [12, 0],
            royal_centre: [0, -8],
            advance: [50, 100],
            passed: [2, 8],
            doubled: [-8, -16],
            isolated: [-8, -8],
            blocked: [-4, -8],
            tempo: [10, 10],
            close_in: [0, CHASE_CP],
            corner: [0, CORNER_CP],
        }
    }
}

impl Weights {
    /// The defaults for `v`: each piece kind's mobility at 4 centipawns a square (pawns, whose
    /// moves are their advancement, at 0), and the terms a game cannot have (castling without
    /// castling, pawn structure without pawns) at 0.
    pub fn derived(v: &Variant) -> Weights {
        let mut w = Weights::default();
        for (role, info) in v.roles() {
            let mobile = !v.is_pawn(role);
            w.mobility
                .insert(info.name.clone(), if mobile { [4, 4] } else { [0, 0] });
        }
        if v.castling().is_empty() {
            w.castling = [0, 0];
        }
        if !v.roles().any(|(r, _)| v.is_pawn(r)) {
            w.passed = [0, 0];
            w.doubled = [0, 0];
            w.isolated = [0, 0];
            w.blocked = [0, 0];
        }
        w
    }

    /// The weights an engine starts with: the built-in variant's fitted weights file where it has
    /// one ([`messhall_catalog::builtin_weights`]), else [`Weights::derived`]. A variant file that
    /// takes a built-in's name gets that built-in's weights only if they fit its pieces.
    pub fn for_variant(v: &Variant) -> Weights {
        messhall_catalog::builtin_weights(v.name())
            .and_then(|text| Weights::from_toml(v, text).ok())
            .unwrap_or_else(|| Weights::derived(v))
    }

    /// The evaluation before the terms derived from the pieces' reach and the pawn structure:
    /// only mobility, shelter, the royal's centring, advancement and tempo, as they were. Kept to
    /// measure the new terms against.
    pub fn legacy(v: &Variant) -> Weights {
        Weights {
            centre: [0, 0],
            royal_attack: [0, 0],
            castling: [0, 0],
            passed: [0, 0],
            doubled: [0, 0],
            isolated: [0, 0],
            blocked: [0, 0],
            ..Weights::derived(v)
        }
    }

    /// Reads a weights file for `v`: the derived defaults, with what the file gives instead.
    ///
    /// # Errors
    /// A TOML error, an unknown field, a piece the variant does not have, or a weight beyond
    /// +/-[`MAX_WEIGHT`].
    pub fn from_toml(v: &Variant, text: &str) -> Result<Weights, WeightsError> {
        let syntax = |e: toml::de::Error| WeightsError::Syntax(one_line(&e.to_string(), 300));
        let file: Weights = toml::from_str(text).map_err(syntax)?;
        // Which terms the file gives: serde's defaults cannot tell a term left out from one given.
        let given: toml::Table = toml::from_str(text).map_err(syntax)?;
        let mut w = Weights::derived(v);
        for ((name, slot), (_, value)) in w.globals_mut().into_iter().zip(file.globals()) {
            if given.contains_key(name) {
                *slot = value;
            }
        }
        for (name, pair) in file.mobility {
            if !w.mobility.contains_key(&name) {
                return Err(WeightsError::UnknownPiece(name, v.name().to_string()));
            }
            w.mobility.insert(name, pair);
        }
        for (name, pair) in w.named() {
            // Compared without `abs`, which overflows on `i32::MIN`.
            if let Some(&x) = pair.iter().find(|x| !(-MAX_WEIGHT..=MAX_WEIGHT).contains(*x)) {
                return Err(WeightsError::OutOfRange(name, x));
            }
        }
        Ok(w)
    }

    /// Reads the weights file at `path` for `v` as [`Weights::from_toml`], refusing anything but a
    /// regular file of at most [`MAX_FILE_BYTES`] before reading it.
    ///
    /// # Errors
    /// As [`Weights::from_toml`], and [`WeightsError::Unreadable`] for a file not read.
    pub fn from_file(v: &Variant, path: &std::path::Path) -> Result<Weights, WeightsError> {
        let text = messhall_rules::file::read_text_file(path, MAX_FILE_BYTES, "weights file")?;
        Weights::from_toml(v, &text)
    }

    /// The weights as a TOML file.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Every weight pair with its name: the global terms, then mobility by piece name.
    pub fn named(&self) -> Vec<(String, Pair)> {
        let mut out: Vec<(String, Pair)> = self.globals().into_iter().map(|(n, p)| (n.to_string(), p)).collect();
        out.extend(self.mobility.iter().map(|(n, p)| (format!("mobility.{n}"), *p)));
        out
    }

    fn globals(&self) -> [(&'static str, Pair); 13] {
        [
            ("centre", self.centre),
            ("shelter", self.shelter),
            ("royal_attack", self.royal_attack),
            ("castling", self.castling),
            ("royal_centre", self.royal_centre),
            ("advance", self.advance),
            ("passed", self.passed),
            ("doubled", self.doubled),
            ("isolated", self.isolated),
            ("blocked", self.blocked),
            ("tempo", self.tempo),
            ("close_in", self.close_in),
            ("corner", self.corner),
        ]
    }

    fn globals_mut(&mut self) -> [(&'static str, &mut Pair); 13] {
        [
            ("centre", &mut self.centre),
            ("shelter", &mut self.shelter),
            ("royal_attack", &mut self.royal_attack),
            ("castling", &mut self.castling),
            ("royal_centre", &mut self.royal_centre),
            ("advance", &mut self.advance),
            ("passed", &mut self.passed),
            ("doubled", &mut self.doubled),
            ("isolated", &mut self.isolated),
            ("blocked", &mut self.blocked),
            ("tempo", &mut self.tempo),
            ("close_in", &mut self.close_in),
            ("corner", &mut self.corner),
        ]
    }
}
