//! What a piece on a square is and can do now: its type, whether it is frozen, for a borrower
//! (a Friend) what it borrows and from whom, and its legal moves. Used by `play` (`info e1`) and
//! `show`.

use messhall_rules::{Position, Square, Variant};

/// Names of the types in a role mask, in the variant's order.
fn type_names(v: &Variant, mask: u64) -> Vec<String> {
    v.roles()
        .filter(|(r, _)| mask >> r.0 & 1 == 1)
        .map(|(_, info)| info.name.clone())
        .collect()
}

/// One line on what the borrower on `sq` borrows and from whom, or `None` if none stands there.
pub fn borrowing(v: &Variant, pos: &Position, sq: Square) -> Option<String> {
    let b = v.borrowed(pos, sq)?;
    let piece = pos.piece_at(sq)?;
    let who = format!("{} {} on {sq}", piece.color().name(), v.role(piece.role()).name);
    if b.roles == 0 {
        return Some(format!("{who} borrows nothing: no friendly piece guards it"));
    }
    let lenders: Vec<String> = b
        .lenders
        .iter()
        .filter_map(|s| pos.piece_at(s).map(|p| format!("{} {s}", v.role(p.role()).name)))
        .collect();
    let mut line = format!(
        "{who} borrows {} (from {})",
        type_names(v, b.roles).join(", "),
        lenders.join(", ")
    );
    if b.initial != 0 {
        line.push_str(&format!("; initial moves of {}", type_names(v, b.initial).join(", ")));
    }
    Some(line)
}

/// Everything worth telling about the square `sq`: the piece, borrowing, frozen, legal moves.
pub fn describe(v: &Variant, pos: &Position, sq: Square) -> String {
    let Some(piece) = pos.piece_at(sq) else {
        return if pos.is_neutral(sq) {
            format!("{sq}: a neutral piece")
        } else {
            format!("{sq}: empty")
        };
    };
    let info = v.role(piece.role());
    let moves = if info.betza.is_empty() {
        String::new()
    } else {
        format!(" ({})", info.betza)
    };
    let mut lines = vec![
        format!("{sq}: {} {}{moves}", piece.color().name(), info.name),
        format!("It {}.", messhall_rules::words::piece_words(v, piece.role())),
    ];
    if let Some(line) = borrowing(v, pos, sq) {
        lines.push(line);
    }
    if v.is_frozen(pos, sq) {
        lines.push("It is frozen by an enemy immobilizer next to it: it cannot move or capture.".into());
    }
    if v.counter_name().is_some() && !info.royal {
        lines.push(format!(
            "Energy: {} (a move costs energy; a capture eats the victim's).",
            pos.counter(sq)
        ));
    }
    if let Ok(diagram) = crate::diagram::for_piece_on(v, pos, sq) {
        lines.push("Where it may go (* move or capture, o move only, x capture only, i first move only):".into());
        lines.push(diagram.trim_end().to_string());
    }
    if piece.color() == pos.side_to_move() {
        let moves: Vec<String> = v
            .legal_moves(pos)
            .iter()
            .filter(|m| m.from() == sq)
            .map(|m| v.san(pos, m))
            .collect();
        lines.push(format!("Legal moves ({}): {}", moves.len(), moves.join(" ")));
    }
    lines.join("\n")
}

/// A line per borrower on the board (for `show`).
pub fn all_borrowing(v: &Variant, pos: &Position) -> Vec<String> {
    v.size().squares().filter_map(|sq| borrowing(v, pos, sq)).collect()
}
