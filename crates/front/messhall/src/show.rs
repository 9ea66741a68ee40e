use crate::board_text;
use anyhow::{Result, bail};
use messhall_records::{GameKind, catalog};
use messhall_rules::{Position, Variant};
use std::sync::Arc;

pub fn variants() -> Result<()> {
    for entry in catalog::entries() {
        let title = catalog::title(entry.name).unwrap_or_default();
        let description = catalog::description(entry.name).unwrap_or_default();
        println!("{:<18} {title}: {description}", entry.name);
    }
    Ok(())
}

/// Loads a chess variant and a position (the start unless a FEN is given). The cafeteria game
/// has no position to show or search: the error says what it offers instead.
pub fn load(variant: &str, fen: Option<&str>) -> Result<(Arc<Variant>, Position)> {
    let v = match catalog::load(variant)? {
        GameKind::Chess(chess) => chess.variant,
        GameKind::Cafeteria => bail!(
            "cafeteria is a dice game on a map, not a chess position: play it with `messhall play cafeteria --players 4 --bots 3` (add --seed N to repeat a game), and replay a saved game with `messhall replay FILE`"
        ),
    };
    let pos = match fen {
        Some(f) => Position::from_fen(&v, f)?,
        None => v.start(),
    };
    Ok((v, pos))
}

pub fn show(variant: &str, fen: Option<&str>) -> Result<()> {
    let (v, pos) = load(variant, fen)?;
    println!("{} ({}x{})", v.name(), v.size().files(), v.size().ranks());
    print!("{}", board_text::board(&v, &pos, &[]));
    print!("{}", board_text::state(&v, &pos));
    Ok(())
}
