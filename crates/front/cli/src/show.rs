use crate::board_text;
use anyhow::Result;
use messhall_rules::{Position, Variant};

pub fn variants() -> Result<()> {
    for b in messhall_games::BUILTINS {
        let description = messhall_games::description(b.name).unwrap_or_default();
        println!("{:<18} {}", b.name, description);
    }
    let cafeteria =
        "Food Fight, the cafeteria dice game for 2-4 players (messhall play cafeteria --players 4 --bots 3)";
    println!("{:<18} {cafeteria}", "cafeteria");
    Ok(())
}

/// Loads a variant and a position (the start unless a FEN is given).
pub fn load(variant: &str, fen: Option<&str>) -> Result<(Variant, Position)> {
    let v = messhall_games::load(variant)?;
    let pos = match fen {
        Some(f) => Position::from_fen(&v, f)?,
        None => v.start(),
    };
    Ok((v, pos))
}

pub fn show(variant: &str, fen: Option<&str>) -> Result<()> {
    let (v, pos) = load(variant, fen)?;
    println!("{} ({}x{})", v.name, v.size.files(), v.size.ranks());
    print!("{}", board_text::board(&v, &pos, &[]));
    print!("{}", board_text::state(&v, &pos));
    Ok(())
}
