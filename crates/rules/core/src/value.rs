//! Piece values derived from moves, for variants whose file gives none.

use messhall_betza::{PieceMoves, UNLIMITED};

/// Centipawns from mobility on an empty 8x8 board: the average number of squares the piece can
/// reach from each square, counting move-only and capture-only directions half.
pub fn derived_value(moves: &PieceMoves) -> i32 {
    let mut total: f64 = 0.0;
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
                }
            }
        }
    }
    let mobility = total / 64.0;
    (mobility * 35.0 + 100.0).round() as i32
}
