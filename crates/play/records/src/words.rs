//! The English of how a game ended, one wording for every text front end: the terminal, XBoard's
//! result line and PGN's comment before the result. (The browser words endings its own way.)

use crate::result::Ending;
use crate::seat::color_of;
use messhall_cafeteria::EndKind;

/// What comes between the side and the reason of a forfeit (`White forfeits: it hung`); the PGN
/// reader finds the reason after it.
pub const FORFEITS: &str = " forfeits: ";

/// How a game ended, as a sentence without a full stop: `White wins: checkmate`, `Draw:
/// repetition`, `Black resigns`, `White lost on time`, `Draw agreed`, `Draw at the move limit`,
/// `Black forfeits: REASON`; in the cafeteria game, who won and how.
pub fn ending(ending: &Ending) -> String {
    let side = |seat| color_of(seat).name();
    match ending {
        Ending::Rules { outcome } => {
            let why = outcome.reason.name();
            match outcome.winner {
                Some(winner) => format!("{} wins: {why}", winner.name()),
                None => format!("Draw: {why}"),
            }
        }
        Ending::Resigned { seat } => format!("{} resigns", side(*seat)),
        Ending::Flagged { seat } => format!("{} lost on time", side(*seat)),
        Ending::Abandoned { seat, drawn: false } => format!("{} left the game", side(*seat)),
        Ending::Abandoned { seat, drawn: true } => format!("Draw: {} left the game", side(*seat)),
        Ending::Agreed => "Draw agreed".into(),
        Ending::MoveLimit => "Draw at the move limit".into(),
        Ending::Forfeit { seat, reason } => format!("{}{FORFEITS}{reason}", side(*seat)),
        Ending::Cafeteria { kind, winners } => {
            let names: Vec<String> = winners
                .iter()
                .map(|s| format!("Student {}", u32::from(*s) + 1))
                .collect();
            let how = match kind {
                EndKind::LastStudent => "as the last student in the fight",
                EndKind::FoodOff => "the Food-Off",
                EndKind::NoSurvivor => "every student was hauled away or retired",
                EndKind::NoThrow => "nobody threw anything for too long",
            };
            match names.as_slice() {
                [] => format!("Nobody wins: {how}"),
                [one] => format!("{one} wins {how}"),
                _ => format!("{} share the win of {how}", names.join(" and ")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;
    use messhall_rules::{Color, Outcome, Reason};

    #[test]
    fn every_ending_in_words() {
        let rules = |winner, reason| Ending::Rules {
            outcome: Outcome { winner, reason },
        };
        let cases = [
            (rules(Some(Color::Black), Reason::Checkmate), "Black wins: checkmate"),
            (
                rules(Some(Color::White), Reason::RoyalCaptured),
                "White wins: royal piece captured",
            ),
            (rules(None, Reason::Stalemate), "Draw: stalemate"),
            (rules(None, Reason::FiftyMoves), "Draw: fifty-move rule"),
            (Ending::Resigned { seat: Seat(0) }, "White resigns"),
            (Ending::Flagged { seat: Seat(1) }, "Black lost on time"),
            (Ending::Agreed, "Draw agreed"),
            (
                Ending::Abandoned {
                    seat: Seat(1),
                    drawn: false,
                },
                "Black left the game",
            ),
            (
                Ending::Abandoned {
                    seat: Seat(0),
                    drawn: true,
                },
                "Draw: White left the game",
            ),
            (Ending::MoveLimit, "Draw at the move limit"),
            (
                Ending::Forfeit {
                    seat: Seat(1),
                    reason: "it answered an illegal move".into(),
                },
                "Black forfeits: it answered an illegal move",
            ),
            (
                Ending::Cafeteria {
                    kind: EndKind::LastStudent,
                    winners: vec![2],
                },
                "Student 3 wins as the last student in the fight",
            ),
            (
                Ending::Cafeteria {
                    kind: EndKind::FoodOff,
                    winners: vec![0, 1],
                },
                "Student 1 and Student 2 share the win of the Food-Off",
            ),
            (
                Ending::Cafeteria {
                    kind: EndKind::NoThrow,
                    winners: vec![],
                },
                "Nobody wins: nobody threw anything for too long",
            ),
        ];
        for (ending, words) in cases {
            assert_eq!(super::ending(&ending), words);
        }
    }
}
