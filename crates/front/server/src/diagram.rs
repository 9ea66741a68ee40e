//! Piece diagrams for the rules pages: where a piece of a built-in game goes from the middle of
//! an empty board, and what it captures with an enemy on every other square, as the rules' own
//! move generator says (the browser draws them and knows no moves).

use crate::ApiError;
use crate::api::App;
use axum::extract::Path;
use axum::response::{IntoResponse, Response};
use messhall_play::catalog;
use messhall_rules::{MoveList, Setup, SetupProblem, Square, Variant};
use serde_json::json;

/// `GET /api/variants/{name}/diagram/{letter}`: the piece `letter` (upper case: White's) alone
/// on the board's middle square: `fen`, `from`, `moves` (on an empty board) and `captures` (with
/// a Black piece on every other square).
///
/// # Errors
/// 404 for no such chess game or no such piece in it; 400 when the diagram's position is no
/// position of the game.
pub async fn diagram(_: App, Path((name, letter)): Path<(String, String)>) -> Result<Response, ApiError> {
    let variant = catalog::builtin_variant(&name).ok_or_else(|| {
        ApiError::not_found(format!(
            "no chess game \"{}\" (see /api/variants)",
            messhall_rules::echo(&name)
        ))
    })?;
    let mut chars = letter.chars();
    let (Some(letter), None) = (chars.next(), chars.next()) else {
        return Err(ApiError::not_found("a piece is one letter"));
    };
    let letter = letter.to_ascii_uppercase();
    if !variant.roles().any(|(_, info)| info.letter == letter) {
        return Err(ApiError::not_found(format!(
            "{name} has no piece {}",
            messhall_rules::echo(&letter.to_string())
        )));
    }
    let (files, ranks) = (variant.size.files(), variant.size.ranks());
    let (file, rank) = ((files - 1) / 2, (ranks - 1) / 2);
    // The enemy on every square: Black's first piece that is neither royal nor a pawn, so that
    // no capture is refused for what it takes.
    let enemy = variant
        .roles()
        .find(|(_, info)| !info.royal && !info.pawn)
        .or_else(|| variant.roles().next())
        .map_or('p', |(_, info)| info.letter.to_ascii_lowercase());
    let alone = fen(files, ranks, |f, r| (f == file && r == rank).then_some(letter));
    let crowded = fen(files, ranks, |f, r| {
        Some(if f == file && r == rank { letter } else { enemy })
    });
    let from = Square::new(file, rank).ok_or_else(|| ApiError::bad("bad-setup", "the board has no middle square"))?;
    let moves = destinations(&variant, &alone, from)?;
    let captures = destinations(&variant, &crowded, from)?;
    Ok(axum::Json(json!({
        "files": files, "ranks": ranks, "fen": alone, "from": from.to_string(),
        "moves": moves, "captures": captures,
    }))
    .into_response())
}

// A FEN of White to move with what `at` puts on each square.
fn fen(files: u8, ranks: u8, at: impl Fn(u8, u8) -> Option<char>) -> String {
    let mut rows = Vec::new();
    for r in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..files {
            match at(f, r) {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} w - - 0 1", rows.join("/"))
}

// The squares the piece on `from` reaches in `fen`, every setup problem waived (a lone piece
// has no king), sorted and without repeats.
fn destinations(variant: &Variant, fen: &str, from: Square) -> Result<Vec<String>, ApiError> {
    let position = Setup::from_fen(variant, fen)
        .and_then(|s| s.position(variant, &SetupProblem::ALL))
        .map_err(|e| ApiError::bad("bad-setup", e.to_string()))?;
    let mut list = MoveList::new();
    variant.pseudo_moves(&position, &mut list);
    let mut squares: Vec<Square> = list
        .iter()
        .filter(|m| m.from == from && m.to != from)
        .map(|m| m.to)
        .collect();
    squares.sort();
    squares.dedup();
    Ok(squares.iter().map(Square::to_string).collect())
}
