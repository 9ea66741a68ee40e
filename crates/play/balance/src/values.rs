//! Piece values fitted from self-play: the result of each game regressed (logistic regression,
//! [`crate::fit`]) on the material difference of each piece type in its quiet positions after
//! the opening, and each weight divided by the pawn's.

use crate::fit;
use crate::report::{PieceValue, PieceValues};
use crate::selfplay::{ENDGAME_SHARE, OPENING_END, Played};
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
    let (mut positions, mut shares) = (0u32, 0.0);
    for g in games {
        for (s, share) in &g.samples {
            positions += 1;
            shares += share;
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
    // Two features a fitted piece: its difference, and its difference times the share of the
    // piece material gone, so that a piece's weight may change as the board empties (a pawn
    // counts for more in an endgame).
    let (mut rows, mut targets) = (Vec::new(), Vec::new());
    for g in games {
        for (s, share) in &g.samples {
            let gone = 1.0 - share;
            rows.push(
                fitted
                    .iter()
                    .flat_map(|&i| [f64::from(s[i]), f64::from(s[i]) * gone])
                    .collect::<Vec<f64>>(),
            );
            targets.push(g.white_score);
        }
    }
    let model = if fitted.is_empty() {
        None
    } else {
        fit::logistic(&rows, &targets, RIDGE)
    };
    // A fitted piece's weight with `gone` of the piece material gone, and the standard error of
    // its first feature's weight.
    let weight = |i: usize, gone: f64| -> Option<(f64, f64)> {
        let k = fitted.iter().position(|&f| f == i)?;
        let m = model.as_ref()?;
        Some((m.weights[2 * k] + gone * m.weights[2 * k + 1], m.errors[2 * k]))
    };
    let unit_index = unit.as_ref().map(|u| u.0);
    let in_units = |i: usize, gone: f64| -> Option<(f64, f64)> {
        let (unit, _) = weight(unit_index?, gone).filter(|&(w, _)| w > 1e-6)?;
        let (w, e) = weight(i, gone)?;
        Some((round4(w / unit), round4(e / unit)))
    };
    // The engine's own material values, which the weights files leave as the variant gives them.
    let evaluator = Evaluator::new(variant);
    let engine_value = |i: usize| f64::from(evaluator.value(messhall_rules::Role(i as u8)));
    let engine_unit = unit.as_ref().map_or(1.0, |u| engine_value(u.0).max(1.0));
    // The values are given for the games' typical position: the mean share of the piece material
    // left over the positions fitted (a board with every piece on lies at the edge of the data,
    // where a pawn's weight is small and the ratios unsteady).
    let typical = round4(if positions > 0 {
        shares / f64::from(positions)
    } else {
        1.0
    });
    let pieces = roles
        .iter()
        .map(|&(i, r)| {
            let full = in_units(i, 1.0 - typical);
            PieceValue {
                name: r.name.clone(),
                letter: r.letter,
                fitted: full.map(|f| f.0),
                error: full.map(|f| f.1),
                endgame: in_units(i, 1.0 - ENDGAME_SHARE).map(|f| f.0),
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
             the next a capture), each difference also times the share of the start's piece \
             material gone, so that values may change as the board empties; a ridge penalty of \
             {RIDGE} a position; a piece type out of balance in fewer than {MIN_IMBALANCED} \
             positions left out; values divided by the unit's, for the fitted positions' mean share of \
             the start's piece material left, {:.0}% (`fitted`), and for an endgame with {:.0}% \
             (`endgame`)",
            100.0 * typical,
            100.0 * ENDGAME_SHARE
        ),
        positions,
        material_share: typical,
        unit: unit.map_or_else(String::new, |u| u.1),
        pieces,
    }
}
