//! Seats: who plays, by place at the table, and the side of each seat in chess.

use messhall_rules::Color;
use serde::{Deserialize, Serialize};

/// A seat at a table: a side in chess (0 White, 1 Black), a player in the cafeteria game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index (0 first).
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The seat of a side.
pub fn seat_of(color: Color) -> Seat {
    Seat(color.index() as u8)
}

/// The side of a seat (seat 0 is White).
pub fn color_of(seat: Seat) -> Color {
    if seat.0 == 0 { Color::White } else { Color::Black }
}
