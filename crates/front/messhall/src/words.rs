//! The English the terminal prints for the play layer's events and results. (The browser words
//! them its own way; the rules and the play layer build no sentences.)

use messhall_cafeteria::EndKind;
use messhall_rules::Variant;
use messhall_table::{Ending, Event, GameResult, Seat};

/// A seat's name in a chess game.
pub fn side(seat: Seat) -> &'static str {
    messhall_table::color_of(seat).name()
}

/// A result as `1-0 (checkmate)`, `0-1 (White resigns)`, `1/2-1/2 (move limit)`; for the
/// cafeteria game, who won.
pub fn result(r: &GameResult) -> String {
    let why = match &r.ending {
        Ending::Rules { outcome } => outcome.reason.name().to_string(),
        Ending::Resigned { seat } => format!("{} resigns", side(*seat)),
        Ending::Flagged { seat } => format!("{} lost on time", side(*seat)),
        Ending::Agreed => "agreed".into(),
        Ending::MoveLimit => "move limit".into(),
        Ending::Forfeit { seat, reason } => format!("{} forfeits: {reason}", side(*seat)),
        Ending::Cafeteria { kind, winners } => {
            let names: Vec<String> = winners.iter().map(|s| format!("student {}", s + 1)).collect();
            let how = match kind {
                EndKind::LastStudent => "as the last student in the fight",
                EndKind::FoodOff => "the Food-Off",
                EndKind::NoSurvivor => "every student was hauled away or retired",
                EndKind::NoThrow => "nobody threw anything for too long",
            };
            return match names.as_slice() {
                [] => format!("nobody wins: {how}"),
                [one] => format!("{one} wins {how}"),
                _ => format!("{} share the win of {how}", names.join(" and ")),
            };
        }
    };
    format!("{} ({why})", r.pgn())
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
    v.rules.neutral_name()
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
