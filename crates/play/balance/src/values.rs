//! Piece values fitted from self-play: the result of each game regressed (logistic regression,
//! [`crate::fit`]) on the material difference of each piece type in its quiet positions after
//! the opening, and each weight divided by the pawn's.

use crate::fit;
use crate::report::{PieceValue, PieceValues};
use crate::selfplay::{OPENING_END, Played};
use crate::stats::round4;
use messhall_rules::Variant;
use messhall_search::eval::Evaluator;

/// A piece type is fitted only when the two sides had different numbers of it in at least this
/// many positions; with fewer, its weight says little.
pub const MIN_IMBALANCED: u32 = 50;
/// The ridge penalty per position on each weight: small enough to leave well-measured weights
/// alone (a pawn's weight moves by well under 1%), large enough to hold a rare one near 0.
pub const RIDGE: f64 = 1e-4;

/// The piece values of `games` of `variant`.
pub(crate) fn fit(variant: &Variant, games: &[&Played]) -> PieceValues {
    let roles: Vec<(usize, &messhall_rules::RoleInfo)> = variant
        .roles()
        .filter(|(_, r)| !r.royal)
        .map(|(role, r)| (role.index(), r))
        .collect();
    // The unit: the variant's pawn, or else its least valued piece.
    let unit = roles
        .iter()
        .find(|(_, r)| r.pawn)
        .or_else(|| roles.iter().min_by_key(|(_, r)| r.value))
        .map(|&(i, r)| (i, r.name.clone()));
    let mut imbalanced = vec![0u32; variant.role_count()];
    let mut positions = 0u32;
    for g in games {
        for s in &g.samples {
            positions += 1;
            for (i, &d) in s.iter().enumerate() {
                if d != 0 {
                    imbalanced[i] += 1;
                }
            }
        }
    }
    let fitted: Vec<usize> = roles
        .iter()
        .map(|&(i, _)| i)
        .filter(|&i| imbalanced[i] >= MIN_IMBALANCED)
        .collect();
    let (mut rows, mut targets) = (Vec::new(), Vec::new());
    for g in games {
        for s in &g.samples {
            rows.push(fitted.iter().map(|&i| f64::from(s[i])).collect::<Vec<f64>>());
            targets.push(g.white_score);
        }
    }
    let model = if fitted.is_empty() {
        None
    } else {
        fit::logistic(&rows, &targets, RIDGE)
    };
    let unit_index = unit.as_ref().map(|u| u.0);
    let unit_weight = model.as_ref().and_then(|m| {
        let k = fitted.iter().position(|&i| Some(i) == unit_index)?;
        m.weights.get(k).copied().filter(|&w| w > 1e-6)
    });
    // The engine's own material values, which the weights files leave as the variant gives them.
    let evaluator = Evaluator::new(variant);
    let engine_value = |i: usize| f64::from(evaluator.value(messhall_rules::Role(i as u8)));
    let engine_unit = unit.as_ref().map_or(1.0, |u| engine_value(u.0).max(1.0));
    let pieces = roles
        .iter()
        .map(|&(i, r)| {
            let k = fitted.iter().position(|&f| f == i);
            let value = |x: f64| unit_weight.map(|u| round4(x / u));
            PieceValue {
                name: r.name.clone(),
                letter: r.letter,
                fitted: k.and_then(|k| model.as_ref().and_then(|m| value(m.weights[k]))),
                error: k.and_then(|k| model.as_ref().and_then(|m| value(m.errors[k]))),
                imbalanced: imbalanced[i],
                engine: round4(engine_value(i) / engine_unit),
            }
        })
        .collect();
    PieceValues {
        method: format!(
            "logistic regression of each game's result (a draw as half a win) on the material \
             difference of each piece type (on the board and in hand) in its quiet positions \
             from ply {OPENING_END} on (side to move not in check, neither the last move nor \
             the next a capture), with a ridge penalty of {RIDGE} a position; a piece type out \
             of balance in fewer than {MIN_IMBALANCED} positions is left out; each weight \
             divided by the unit's"
        ),
        positions,
        unit: unit.map_or_else(String::new, |u| u.1),
        pieces,
    }
}
