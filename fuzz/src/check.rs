//! Checks and helpers shared by the targets.

use crate::rng::Rng;
use messhall_rules::{Position, Variant};
use std::sync::Arc;

/// The longest error message a target accepts: inputs are echoed cut, never whole.
const MAX_ERROR_CHARS: usize = 2000;

/// Checks that an error message is one non-empty line of bounded length that starts with
/// `prefix` (where it happened: a file name, `FEN`, `record`...).
///
/// # Errors
/// What is wrong with the message, with the message.
pub fn one_line_error(message: &str, prefix: &str) -> Result<(), String> {
    if message.contains('\n') || message.contains('\r') {
        return Err(format!("error of more than one line: {message:?}"));
    }
    if message.trim().is_empty() {
        return Err("empty error".into());
    }
    if message.chars().count() > MAX_ERROR_CHARS {
        return Err(format!(
            "error of {} chars (input echoed whole?): {:?}...",
            message.chars().count(),
            message.chars().take(200).collect::<String>()
        ));
    }
    if !message.starts_with(prefix) {
        return Err(format!("error does not start with {prefix:?}: {message:?}"));
    }
    Ok(())
}

/// Positions of random games of `variant` from its start (chance events decided at random), at
/// most `plies` moves deep, one per ply.
pub fn played_positions(variant: &Variant, rng: &mut Rng, plies: usize) -> Vec<Position> {
    let mut pos = variant.start();
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        if let Some(event) = variant.chance(&pos) {
            let outcome = *rng.pick(&event.outcomes);
            pos = variant.resolve(&pos, &outcome);
            out.push(pos.clone());
            continue;
        }
        let moves = variant.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos = pos.play_unchecked(variant, &mv);
        out.push(pos.clone());
    }
    out
}

/// The example variant files of `examples/variants`, as (file name, text).
const EXAMPLES: &[(&str, &str)] = &[
    (
        "court-powers.toml",
        include_str!("../../examples/variants/court-powers.toml"),
    ),
    (
        "drops-king-capture.toml",
        include_str!("../../examples/variants/drops-king-capture.toml"),
    ),
    (
        "grand-food.toml",
        include_str!("../../examples/variants/grand-food.toml"),
    ),
];

static VARIANTS: std::sync::LazyLock<Vec<Arc<Variant>>> = std::sync::LazyLock::new(|| {
    let builtins = messhall_catalog::BUILTINS.iter().map(|b| (b.name, b.text));
    builtins
        .chain(EXAMPLES.iter().copied())
        .map(|(name, text)| {
            Arc::new(messhall_catalog::from_toml(name, text).unwrap_or_else(|e| panic!("{name} does not compile: {e}")))
        })
        .collect()
});

/// Every built-in chess variant and every example variant file, compiled once.
pub fn chess_variants() -> &'static [Arc<Variant>] {
    &VARIANTS
}

/// The texts of the built-in variant files and the example files.
pub fn variant_texts() -> Vec<String> {
    let builtins = messhall_catalog::BUILTINS.iter().map(|b| b.text);
    builtins
        .chain(EXAMPLES.iter().map(|e| e.1))
        .map(str::to_string)
        .collect()
}

/// The variant a record or a move input names on a line `variant NAME`, else one chosen by the
/// text (so that records are also read as another game's).
pub fn variant_named_in(text: &str) -> &'static Arc<Variant> {
    let all = chess_variants();
    let named = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("variant "))
        .and_then(|name| all.iter().find(|v| v.name() == name.trim()));
    named.unwrap_or_else(|| &all[text.len() % all.len()])
}

/// Checks a position a parser accepted: its hash is right, its FEN reads back to it, and each of
/// its legal moves plays to a position with a right hash.
///
/// # Errors
/// What does not hold.
pub fn check_position(v: &Variant, pos: &Position, text: &str) -> Result<(), String> {
    if pos.hash() != pos.recomputed_hash(v) {
        return Err(format!("{}: {text:?} gives a wrong hash", v.name()));
    }
    let fen = pos.to_fen(v);
    let back = Position::from_fen(v, &fen)
        .map_err(|e| format!("{}: {text:?} was read but its FEN {fen} is not: {e}", v.name()))?;
    if back != *pos || back.to_fen(v) != fen {
        return Err(format!("{}: {text:?}: its FEN {fen} reads back differently", v.name()));
    }
    if v.chance(pos).is_some() {
        return Ok(());
    }
    for mv in v.legal_moves(pos) {
        let next = pos.play_unchecked(v, &mv);
        if next.hash() != next.recomputed_hash(v) {
            return Err(format!(
                "{}: after {} in {fen} the hash is wrong",
                v.name(),
                mv.to_coordinates(v)
            ));
        }
    }
    Ok(())
}
