//! Piece values derived from moves, for variants whose file gives none.

use messhall_betza::{PieceMoves, UNLIMITED};

/// Most of its value a piece loses for reaching only forward (or only backward): what goes
/// forward cannot come back to defend or to escape, so of two pieces reaching as many squares the
/// one that moves both ways is worth more (in shogi a lance is worth far less than half a rook).
pub const IMBALANCE_DISCOUNT: f64 = 0.25;

/// Centipawns from mobility on an empty 8x8 board: the average number of squares the piece can
/// reach from each square, counting move-only and capture-only directions half; less up to
/// [`IMBALANCE_DISCOUNT`] as its forward and backward reach differ (none for a symmetric piece).
pub fn derived_value(moves: &PieceMoves) -> i32 {
    let mut total: f64 = 0.0;
    let (mut forward, mut backward) = (0.0f64, 0.0f64);
    for file in 0..8i32 {
        for rank in 0..8i32 {
            for m in &moves.moves {
                let leg = &m.legs[0];
                let weight = match (leg.mode.to_empty, leg.mode.to_enemy) {
                    (true, true) => 1.0,
                    _ => 0.5,
                } * if m.initial_only { 0.1 } else { 1.0 };
                let max = if leg.max_steps == UNLIMITED {
                    8
                } else {
                    i32::from(leg.max_steps)
                };
                let (mut x, mut y) = (file, rank);
                for i in 0..max {
                    let step = match leg.crooked {
                        Some(p) if i % 2 == 1 => p,
                        _ => leg.step,
                    };
                    x += i32::from(step.dx);
                    y += i32::from(step.dy);
                    if !(0..8).contains(&x) || !(0..8).contains(&y) {
                        break;
                    }
                    total += weight;
                    match (y - rank).signum() {
                        1 => forward += weight,
                        -1 => backward += weight,
                        _ => {}
                    }
                }
            }
        }
    }
    let mobility = total / 64.0;
    let imbalance = if forward + backward > 0.0 {
        (forward - backward).abs() / (forward + backward)
    } else {
        0.0
    };
    ((mobility * 35.0 + 100.0) * (1.0 - IMBALANCE_DISCOUNT * imbalance)).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(betza: &str) -> i32 {
        derived_value(&messhall_betza::parse(betza).unwrap())
    }

    #[test]
    fn symmetric_pieces_are_valued_by_mobility_alone() {
        // The rook reaches 14 squares from every square of an empty board.
        assert_eq!(value("R"), 590);
        assert!(value("N") < value("B") && value("B") < value("R") && value("R") < value("Q"));
        // Forward and backward reach the same: no discount.
        assert_eq!(value("fRbR"), value("vR"));
    }

    #[test]
    fn a_piece_that_cannot_come_back_is_worth_less() {
        // fN and sN both have four knight moves; sN's go two forward, two back, fN's all forward.
        let (forward, sideways) = (value("fN"), value("sN"));
        assert!(f64::from(forward) < f64::from(sideways) * 0.8, "{forward} {sideways}");
        // The lance (fR) against the rook's vertical lines (vR), twice its reach: less than half.
        assert!(value("fR") < value("vR") / 2 + 50, "{} {}", value("fR"), value("vR"));
        // A lopsided piece loses less the more it can also go back (silver FfW against fR).
        let loss = |betza: &str, symmetric: &str| 1.0 - f64::from(value(betza)) / f64::from(value(symmetric));
        assert!(loss("FfW", "FvW") > 0.0 && loss("FfW", "FvW") < loss("fN", "sN"));
    }
}
