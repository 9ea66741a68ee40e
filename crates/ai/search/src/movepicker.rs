//! Move ordering: the hash move, then captures by victim and attacker value (MVV-LVA), then
//! killers, the counter move, then quiet moves by history, then captures that lose material by static exchange.

use crate::eval::Evaluator;
use messhall_rules::{Move, MoveKind, Position, Variant};

/// The ordering score of the transposition table's move: tried first.
pub const HASH_MOVE: i32 = 1 << 30;
/// Captures that do not lose material, ordered among themselves by victim and attacker.
pub const GOOD_CAPTURE: i32 = 1 << 24;
/// Promotions without capture.
pub const PROMOTION: i32 = 1 << 23;
/// The killer move that most recently cut off at this ply.
pub const FIRST_KILLER: i32 = 1 << 22;
/// The killer move that cut off before it.
pub const SECOND_KILLER: i32 = (1 << 22) - 1;
/// The quiet move that last refuted the move before (the searcher's counter-move table).
pub const COUNTER_MOVE: i32 = (1 << 22) - 2;
/// Captures that lose material in the exchange ([`crate::see::see`]) come after the quiet moves.
pub const BAD_CAPTURE: i32 = -(1 << 24);
/// A royal victim's value for ordering (taking it wins in royal-capture games).
pub const ROYAL_VICTIM: i32 = 50_000;

/// The value of what `mv` captures (0 for none).
pub fn victim_value(v: &Variant, eval: &Evaluator, pos: &Position, mv: &Move) -> i32 {
    let value_at = |sq| {
        pos.piece_at(sq).map_or(0, |p| {
            if v.is_royal(p.role()) {
                ROYAL_VICTIM
            } else {
                eval.value(p.role()).max(1)
            }
        })
    };
    match mv.kind() {
        MoveKind::Capture | MoveKind::Rifle => value_at(mv.to()),
        MoveKind::EnPassant | MoveKind::Withdrawal => value_at(mv.extra()),
        MoveKind::Locust => value_at(mv.extra()) + value_at(mv.to()),
        _ => 0,
    }
}

/// The ordering score of a capture or promotion: most valuable victim, least valuable attacker.
pub fn tactical_score(v: &Variant, eval: &Evaluator, pos: &Position, mv: &Move) -> i32 {
    let victim = victim_value(v, eval, pos, mv);
    let attacker = pos.piece_at(mv.from()).map_or(0, |p| eval.value(p.role()));
    let promo = mv.promotion().map_or(0, |r| eval.value(r));
    victim * 16 - attacker / 8 + promo * 8
}

/// Whether a move changes material (capture or promotion): searched in quiescence, ordered first.
#[inline]
pub fn is_tactical(mv: &Move) -> bool {
    mv.is_capture() || mv.promotion().is_some()
}

/// Brings the best-scored move from `i` on to index `i` (selection sort, one step).
pub fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}

/// Index of a move in the history table: side, from, to.
#[inline]
pub fn history_index(side: usize, mv: &Move) -> usize {
    (side * 256 + mv.from().index()) * 256 + mv.to().index()
}

/// Whether a capture may lose material: its capturer is worth more than what it takes, so the
/// exchange decides ([`crate::see::see`]); a capture of a piece worth at least its capturer never
/// loses in the exchange.
pub fn may_lose(v: &Variant, eval: &Evaluator, pos: &Position, mv: &Move) -> bool {
    let Some(attacker) = pos.piece_at(mv.from()) else {
        return false;
    };
    mv.poisoned() || (!v.is_royal(attacker.role()) && eval.value(attacker.role()) > victim_value(v, eval, pos, mv))
}

/// Ordering scores for a node's moves, every capture scored as if it did not lose
/// ([`pick_judged`] puts those that lose after the quiet moves as they are reached).
#[allow(clippy::too_many_arguments)]
pub fn score_moves(
    v: &Variant,
    eval: &Evaluator,
    pos: &Position,
    moves: &[Move],
    hash_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    history: &[i32],
    scores: &mut Vec<i32>,
) {
    scores.clear();
    let side = pos.side_to_move().index();
    for mv in moves {
        let s = if Some(*mv) == hash_move {
            HASH_MOVE
        } else if is_tactical(mv) {
            let t = tactical_score(v, eval, pos, mv);
            if mv.is_capture() {
                GOOD_CAPTURE + t
            } else {
                PROMOTION + t
            }
        } else if Some(*mv) == killers[0] {
            FIRST_KILLER
        } else if Some(*mv) == killers[1] {
            SECOND_KILLER
        } else if Some(*mv) == counter {
            COUNTER_MOVE
        } else {
            history[history_index(side, mv)]
        };
        scores.push(s);
    }
}

/// [`pick`], judging each capture's exchange ([`crate::see::see`]) only once it is the best
/// left: one that loses goes after the quiet moves where it stands, as [`score_moves`] would
/// have scored it had the exchange been known, and the best is looked for again. The order is
/// the one judging every capture first would give (a capture's score only falls when judged,
/// and nothing moves until the best is known), but only the captures the search reaches are
/// judged: most nodes cut off before their last captures, and the exchange is the costly part
/// of ordering. The table's move is never judged (it is tried first anyway).
#[allow(clippy::too_many_arguments)]
pub fn pick_judged(
    v: &Variant,
    eval: &Evaluator,
    pos: &Position,
    moves: &mut [Move],
    scores: &mut [i32],
    i: usize,
    hash_move: Option<Move>,
) {
    loop {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        let mv = moves[best];
        // A capture not judged yet still has its good score (above 0); one judged to lose has a
        // score below 0, and one judged not to is played at once.
        if mv.is_capture()
            && scores[best] > 0
            && Some(mv) != hash_move
            && may_lose(v, eval, pos, &mv)
            && crate::see::see_below(v, eval, pos, &mv, 0)
        {
            scores[best] += BAD_CAPTURE - GOOD_CAPTURE;
            continue;
        }
        moves.swap(i, best);
        scores.swap(i, best);
        return;
    }
}
