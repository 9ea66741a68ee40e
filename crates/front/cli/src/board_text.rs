//! The board as text: ranks numbered on the left, files lettered below, White's pieces uppercase.

use messhall_rules::{Color, Position, Square, Variant};
use std::fmt::Write;

/// The board with `highlight` squares (the last move) marked by brackets.
pub fn board(v: &Variant, pos: &Position, highlight: &[Square]) -> String {
    let mut s = String::new();
    let files = v.size.files();
    for rank in (0..v.size.ranks()).rev() {
        let _ = write!(s, "{:>3} ", rank + 1);
        for file in 0..files {
            let Some(sq) = Square::new(file, rank) else { continue };
            let c = pos
                .piece_at(sq)
                .map_or(if (file + rank) % 2 == 0 { '.' } else { ' ' }, |p| v.piece_letter(p));
            let c = if pos.is_neutral(sq) {
                messhall_rules::NEUTRAL_LETTER
            } else {
                c
            };
            let c = if c == ' ' { '.' } else { c };
            if highlight.contains(&sq) {
                let _ = write!(s, "[{c}]");
            } else {
                let _ = write!(s, " {c} ");
            }
        }
        s.push('\n');
    }
    s.push_str("    ");
    for file in 0..files {
        let _ = write!(s, " {} ", (b'a' + file) as char);
    }
    s.push('\n');
    s
}

/// The game state below the board: side to move, rights, hands, counters, check.
pub fn state(v: &Variant, pos: &Position) -> String {
    let mut lines = Vec::new();
    let side = pos.side_to_move();
    let mut to_move = format!("{} to move (move {})", side.name(), pos.fullmove_number());
    if v.end.royal != messhall_rules::spec::RoyalRule::Capture && v.in_check(pos) {
        to_move.push_str(", in check");
    }
    lines.push(to_move);
    if !v.castling.is_empty() {
        let rights: String = "KQkq"
            .chars()
            .enumerate()
            .filter(|(i, _)| pos.castling_rights() >> i & 1 == 1)
            .map(|(_, c)| c)
            .collect();
        lines.push(format!(
            "Castling: {}",
            if rights.is_empty() { "-".to_string() } else { rights }
        ));
    }
    if !pos.ep_squares().is_empty() {
        let names: Vec<String> = pos.ep_squares().iter().map(|s| s.to_string()).collect();
        lines.push(format!("En passant: {}", names.join(", ")));
    }
    if !v.drops.is_empty() {
        for color in Color::ALL {
            let held: Vec<String> = v
                .roles()
                .filter(|(r, _)| pos.hand(color, *r) > 0)
                .map(|(r, info)| format!("{}x{}", pos.hand(color, r), info.name))
                .collect();
            lines.push(format!(
                "{} in hand: {}",
                color.name(),
                if held.is_empty() { "-".into() } else { held.join(", ") }
            ));
        }
    }
    lines.extend(crate::rules_text::fact_lines(v, pos));
    lines.extend(crate::piece_info::all_borrowing(v, pos));
    lines.push(format!("Moves since capture or pawn move: {}", pos.halfmove_clock()));
    lines.push(format!("FEN: {}", pos.to_fen(v)));
    lines.join("\n") + "\n"
}
