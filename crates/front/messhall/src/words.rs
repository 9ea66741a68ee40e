//! The English the terminal prints for the play layer's events and results. (The browser words
//! them its own way; the rules and the play layer build no sentences.)

use messhall_records::{Ending, GameResult, Seat};
use messhall_rules::Variant;
use messhall_table::Event;

/// A seat's name in a chess game.
pub fn side(seat: Seat) -> &'static str {
    messhall_records::color_of(seat).name()
}

/// A result as `1-0 (White wins: checkmate)`, `0-1 (White resigns)`, `1/2-1/2 (Draw agreed)`
/// (the words are every text front end's: `messhall_records::words`); for the cafeteria game,
/// who won.
pub fn result(r: &GameResult) -> String {
    let words = messhall_records::words::ending(&r.ending);
    match r.ending {
        Ending::Cafeteria { .. } => words,
        _ => format!("{} ({words})", r.pgn()),
    }
}

/// What a piece is, as `White's Knight`.
fn piece_name(v: &Variant, piece: messhall_rules::Piece) -> String {
    format!("{}'s {}", piece.color().name(), v.role(piece.role()).name)
}

/// The lines a chess event prints (none for the events the board shows: energies, removals by a
/// move, which its SAN tells).
pub fn chess_event_lines(v: &Variant, events: &[Event]) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, event) in events.iter().enumerate() {
        match event {
            Event::Moved { seat, san, .. } => lines.push(format!("{} played {san}", side(*seat))),
            Event::Passed { seat } => lines.push(format!("{} has no legal move and passes.", side(*seat))),
            Event::Chance {
                outcome, piece: name, ..
            } => {
                let eaten = match events.get(i + 1) {
                    Some(Event::Removed { piece, .. }) => Some(*piece),
                    _ => None,
                };
                lines.push(match (outcome.is_still(), eaten) {
                    (true, _) => format!("The {name} stays on {}", outcome.from),
                    (false, None) => format!("The {name} steps {}-{}", outcome.from, outcome.to),
                    (false, Some(p)) => format!(
                        "The {name} steps {}-{} and eats {}",
                        outcome.from,
                        outcome.to,
                        piece_name(v, p)
                    ),
                });
            }
            Event::TakenBack { actions } => lines.push(format!(
                "Took back {actions} {}.",
                if *actions == 1 { "move" } else { "moves" }
            )),
            _ => {}
        }
    }
    lines
}

/// The name of the variant's neutral piece.
pub fn neutral_name(v: &Variant) -> &'static str {
    v.rules().neutral_name()
}

/// Where a line of play stops for a chance event: `(the PieceEater's roll)`, `(White steers the
/// PieceEater)`.
pub fn chance_due(v: &Variant, event: &messhall_rules::ChanceEvent) -> String {
    let piece = v.rules().neutral_name();
    match event.chooser {
        Some(side) => format!("({} steers the {piece})", side.name()),
        None => format!("(the {piece}'s roll)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use messhall_rules::ChanceOutcome;

    #[test]
    fn a_neutral_piece_standing_still_is_told() {
        let v = messhall_catalog::builtin("pieceeater").unwrap();
        let d4 = "d4".parse().unwrap();
        let still = Event::Chance {
            piece: "PieceEater".into(),
            outcome: ChanceOutcome::forced(d4, d4),
            face: 1,
            of: 1,
            steered_by: None,
            changed: Vec::new(),
        };
        assert_eq!(chess_event_lines(&v, &[still]), ["The PieceEater stays on d4"]);
    }
}
