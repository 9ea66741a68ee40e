//! Static exchange evaluation: what a capture wins or loses once both sides have taken back on
//! its square as long as it pays them.
//!
//! Worked out by playing the exchange with the rules core's own moves, so every piece the
//! variant compiles (leapers, sliders, hoppers, lame and multi-leg moves, borrowed powers, frozen
//! pieces) recaptures exactly as it would in the game, and x-rays open by themselves. Where a
//! capture does not leave its capturer on the victim's square (a rifle shot, a withdrawal, a
//! poisoned capture), nothing can take back there: the exchange ends with the first capture.
//! Each side takes back with its least valuable plain capture onto the square; a side that
//! attacks the square with no such capture (a rifle shot, a withdrawal) takes the piece there
//! and the exchange ends, the square empty.

use crate::eval::Evaluator;
use crate::movepicker::{ROYAL_VICTIM, victim_value};
use messhall_rules::{Move, MoveKind, Position, Square, Variant};

/// Most captures in one exchange.
const MAX_EXCHANGE: usize = 16;

thread_local! {
    /// The recaptures' buffer, kept between calls so an exchange allocates nothing.
    static RECAPTURES: std::cell::Cell<Vec<Move>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The value of the piece on `sq` for an exchange: royals are worth more than anything (taking one
/// ends the game, or is never allowed).
fn piece_value(v: &Variant, eval: &Evaluator, pos: &Position, sq: Square) -> i32 {
    pos.piece_at(sq).map_or(0, |p| {
        if v.is_royal(p.role()) {
            ROYAL_VICTIM
        } else {
            eval.value(p.role()).max(1)
        }
    })
}

/// What a capture or promotion takes at once: the victims, the promotion's gain, less the capturer
/// when it dies of poison.
fn immediate_gain(v: &Variant, eval: &Evaluator, pos: &Position, mv: &Move) -> i32 {
    let mut gain = victim_value(v, eval, pos, mv);
    let mover = piece_value(v, eval, pos, mv.from());
    if let Some(promoted) = mv.promotion() {
        gain += eval.value(promoted) - mover;
    }
    if mv.poisoned() {
        gain -= mv.promotion().map_or(mover, |r| eval.value(r));
    }
    gain
}

/// Whether [`see`] of `mv` is below `threshold`, without playing the exchange where bounds decide:
/// the exchange never wins more than the first capture takes, and never loses more than the piece
/// left on the square (and what a recapture's promotion there gains).
///
/// # Panics
/// As [`see`].
pub fn see_below(v: &Variant, eval: &Evaluator, pos: &Position, mv: &Move, threshold: i32) -> bool {
    let first = immediate_gain(v, eval, pos, mv);
    if first < threshold {
        return true;
    }
    if let Some(mover) = pos.piece_at(mv.from()) {
        let left = match mv.promotion() {
            Some(r) if v.is_royal(r) => ROYAL_VICTIM,
            Some(r) => eval.value(r).max(1),
            None => piece_value(v, eval, pos, mv.from()),
        };
        let promotion = v
            .promotions()
            .iter()
            .filter(|p| p.rank == v.relative_rank(!mover.color(), mv.to()))
            .flat_map(|p| p.choices.iter().map(|&c| eval.value(c)))
            .max()
            .unwrap_or(0);
        if first - left - promotion.max(0) >= threshold {
            return false;
        }
    }
    see(v, eval, pos, mv) < threshold
}

/// The material `mv` wins (negative: loses) for the side to move once the exchange on its square
/// is played out, each side taking back with its least valuable piece and stopping when that
/// would lose.
///
/// A position waiting for a chance event after a capture (the PieceEater's step) is judged by
/// one recapture: whether the capturer stands attacked.
///
/// # Panics
/// When `pos` or `mv` is not of the variant `eval` was made for.
pub fn see(v: &Variant, eval: &Evaluator, pos: &Position, mv: &Move) -> i32 {
    let first = immediate_gain(v, eval, pos, mv);
    let target = mv.to();
    let plain = matches!(
        mv.kind(),
        MoveKind::Capture | MoveKind::EnPassant | MoveKind::Quiet | MoveKind::DoubleStep
    );
    let Some(mover) = pos.piece_at(mv.from()) else {
        return first;
    };
    if !plain || mv.poisoned() || v.is_royal(mover.role()) {
        return first;
    }
    let mut cur = pos.play_unchecked(v, mv);
    // The piece standing on the square, which the next capture there takes.
    let mut on_square = piece_value(v, eval, &cur, target);
    if cur.piece_at(target).is_none_or(|p| p.color() != mover.color()) {
        return first;
    }
    if v.chance_pending(&cur) {
        let attacked = v.is_attacked(&cur, target, !mover.color());
        return if attacked { first - on_square } else { first };
    }
    let mut gains = [0i32; MAX_EXCHANGE + 1];
    gains[0] = first;
    let mut d = 0;
    let mut moves = RECAPTURES.take();
    while d < MAX_EXCHANGE {
        // Only the pieces that attack the square are asked for their captures.
        if !v.captures_onto(&cur, target, &mut moves) {
            break;
        }
        let Some(recapture) = moves
            .iter()
            .filter(|m| !m.poisoned())
            .min_by_key(|m| {
                let own = piece_value(v, eval, &cur, m.from());
                // A promotion in the recapture is taken as the most valuable choice first.
                (own, -m.promotion().map_or(0, |r| eval.value(r)))
            })
            .copied()
        else {
            // Attacked, but by no plain capture onto the square: by a rifle, a withdrawal or a
            // capture on the way. It takes the piece there and leaves the square empty.
            d += 1;
            gains[d] = on_square - gains[d - 1];
            break;
        };
        d += 1;
        let capturer = piece_value(v, eval, &cur, recapture.from());
        let promo = recapture.promotion().map_or(0, |r| eval.value(r) - capturer);
        gains[d] = on_square + promo - gains[d - 1];
        // Neither side gains by going on from here.
        if (-gains[d - 1]).max(gains[d]) < 0 {
            break;
        }
        // A royal that recaptures onto a defended square would be lost (or may not go there).
        on_square = recapture.promotion().map_or(capturer, |r| eval.value(r));
        cur.apply(v, &recapture);
        if v.chance_pending(&cur) {
            break;
        }
    }
    RECAPTURES.set(moves);
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}
