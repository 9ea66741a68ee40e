//! What a table tells its front ends: events as values. A front end words or draws them; none
//! works them out again from positions.

use messhall_records::{GameResult, Seat};
use messhall_rules::{ChanceOutcome, Move, MoveKind, Piece, Position, Square, Variant};
use serde::Serialize;

/// One thing that happened at a table.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    /// A player's move.
    Moved {
        /// Who moved.
        seat: Seat,
        /// The move.
        #[serde(rename = "move")]
        mv: Move,
        /// The piece that moved (for a drop, the piece dropped), as it stood before the move;
        /// `None` for a pass.
        piece: Option<Piece>,
        /// Its name in the game (`Pancake`).
        name: Option<String>,
        /// The name of the piece it promoted to, if it did.
        promotion_name: Option<String>,
        /// For a swap, the name of the friendly piece it changed places with.
        partner_name: Option<String>,
        /// The move in SAN, as the position before it reads it.
        san: String,
        /// The move in coordinates (`e2e4`, `P@e4`, `d4e5,e5f6`).
        coordinates: String,
        /// Every square whose contents changed (pieces, neutral pieces, energies).
        changed: Vec<Square>,
    },
    /// A piece left the board: captured, eaten by a neutral piece, or removed with its victim.
    Removed {
        /// The piece.
        piece: Piece,
        /// Its name in the game.
        name: String,
        /// Where it stood.
        square: Square,
        /// How it left.
        cause: Removal,
    },
    /// A chance event came out: the dice decided it, or a player steered it.
    Chance {
        /// The game's name of the piece that stepped.
        piece: String,
        /// The outcome (a neutral piece's step, or its standing still).
        outcome: ChanceOutcome,
        /// Which of the event's outcomes it was (from 1), and of how many: the face of the die
        /// that chose among them.
        face: u32,
        /// How many outcomes the event had.
        of: u32,
        /// The seat that steered it; `None` when the dice decided.
        steered_by: Option<Seat>,
        /// Every square whose contents changed.
        changed: Vec<Square>,
    },
    /// A piece's energy (the variant's per-piece counter) after an action.
    Energy {
        /// The piece.
        piece: Piece,
        /// Its name in the game.
        name: String,
        /// Where it stands.
        square: Square,
        /// Its value now.
        value: u16,
    },
    /// A side had no legal move and passed.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// Something happened in the cafeteria game.
    Cafeteria {
        /// Who may see it: `None` for everyone; `Some(seat)` when it reveals hidden food.
        visible_to: Option<Seat>,
        /// What happened.
        event: messhall_cafeteria::Event,
    },
    /// A student acted in the cafeteria game.
    Acted {
        /// Who acted.
        seat: Seat,
        /// What they did.
        action: messhall_cafeteria::Action,
    },
    /// Actions were taken back; the game is as it was before them.
    TakenBack {
        /// How many actions.
        actions: usize,
    },
    /// The game ended.
    Ended(GameResult),
}

/// How a piece left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Removal {
    /// Captured by the move (onto it, by rifle, by withdrawal, en passant, katana...).
    Captured,
    /// The mover itself, gone with the poisonous piece it captured.
    Poisoned,
    /// Eaten by the neutral piece's step.
    Eaten,
}

impl Event {
    /// The one seat that may see this event, when it names food held face down (`None`:
    /// everyone may): a cafeteria event so marked, or a student's action naming its own food.
    pub fn seen_only_by(&self) -> Option<Seat> {
        match self {
            Event::Cafeteria { visible_to, .. } => *visible_to,
            Event::Acted { seat, action } if action.face_down_food().is_some() => Some(*seat),
            _ => None,
        }
    }

    /// Whether `viewer` (a seat, or `None` for a spectator) may see this event.
    pub fn visible_to(&self, viewer: Option<Seat>) -> bool {
        self.seen_only_by().is_none_or(|owner| viewer == Some(owner))
    }
}

/// The squares whose contents differ between two positions of a variant.
pub fn changed_squares(v: &Variant, before: &Position, after: &Position) -> Vec<Square> {
    v.size()
        .squares()
        .filter(|&sq| {
            before.piece_at(sq) != after.piece_at(sq)
                || before.is_neutral(sq) != after.is_neutral(sq)
                || before.counter(sq) != after.counter(sq)
        })
        .collect()
}

/// The pieces an action removed from the board: those on changed squares that are not anywhere
/// the action put a piece of theirs (a piece that moved is not removed; one of two of a kind
/// that vanished is). `mover` is the square a move started from: its piece may arrive promoted,
/// so it is removed only by a poisoned capture (`mv.poisoned`).
pub fn removed_pieces(
    changed: &[Square],
    before: &Position,
    after: &Position,
    mover: Option<&Move>,
) -> Vec<(Square, Piece)> {
    let mut arrived: Vec<Piece> = changed.iter().filter_map(|&sq| after.piece_at(sq)).collect();
    let mut removed = Vec::new();
    for &sq in changed {
        let Some(piece) = before.piece_at(sq) else { continue };
        if after.piece_at(sq) == Some(piece) {
            continue;
        }
        if let Some(mv) = mover.filter(|mv| mv.from() == sq && !matches!(mv.kind(), MoveKind::Drop(_))) {
            if mv.poisoned() {
                removed.push((sq, piece));
            }
            continue;
        }
        match arrived.iter().position(|&p| p == piece) {
            Some(i) => {
                arrived.swap_remove(i);
            }
            None => removed.push((sq, piece)),
        }
    }
    removed
}

/// The energies an action left on the squares it changed, for variants that keep one.
pub(crate) fn energies(v: &Variant, changed: &[Square], after: &Position) -> Vec<Event> {
    if v.counter_name().is_none() {
        return Vec::new();
    }
    changed
        .iter()
        .filter_map(|&square| {
            let piece = after.piece_at(square)?;
            (!v.is_royal(piece.role())).then(|| Event::Energy {
                piece,
                name: v.role(piece.role()).name.clone(),
                square,
                value: after.counter(square),
            })
        })
        .collect()
}
