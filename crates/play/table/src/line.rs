//! A principal variation as data: the moves of a search's line that can be played out from the
//! root, up to the first chance event, and that event. The search looks past a chance event by
//! one outcome of it, so moves after it belong to one roll only and are not the line's; every
//! front end formats a [`Line`] in its notation and none decides where it stops.

use messhall_rules::{ChanceEvent, Move, Position, Variant};

/// A line of play from a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Each move with the position it is played in, in order (the first is played in the root).
    pub moves: Vec<(Position, Move)>,
    /// The chance event due after the last move (or at the root), where the line stops: what
    /// the dice roll (`chooser` is `None`) or a side chooses (a steered neutral piece).
    pub chance: Option<ChanceEvent>,
}

impl Line {
    /// The search's line `pv` from `root`, cut at the first chance event due (after the move that
    /// brings it) or at the first move that is not legal where it stands (a line from the hash
    /// table may run past what the position allows).
    pub fn cut(v: &Variant, root: &Position, pv: &[Move]) -> Line {
        let mut here = root.clone();
        let mut moves = Vec::with_capacity(pv.len());
        for mv in pv {
            if let Some(event) = v.chance(&here) {
                return Line {
                    moves,
                    chance: Some(event),
                };
            }
            if !v.is_legal(&here, mv) {
                break;
            }
            let next = here.play_unchecked(v, mv);
            moves.push((std::mem::replace(&mut here, next), *mv));
        }
        Line {
            moves,
            chance: v.chance(&here),
        }
    }

    /// The first move, if the line has one.
    pub fn first(&self) -> Option<Move> {
        self.moves.first().map(|(_, mv)| *mv)
    }

    /// The moves in SAN.
    pub fn san(&self, v: &Variant) -> Vec<String> {
        self.moves.iter().map(|(pos, mv)| v.san(pos, mv)).collect()
    }
}
