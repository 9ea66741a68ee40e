//! Quiescence: captures only, until the position is quiet, so no score is taken in the middle of
//! an exchange.

use super::{MATE, MAX_PLY, Move, MoveKind, Position, RoyalRule, Searcher, Square, Variant, movepicker, pick};
use crate::parameters::{DELTA_MARGIN, MAX_QUIESCENCE, QUIESCENCE_ALL_CAPTURES};

impl Searcher {
    /// `capturer`: where the piece that made the last capture of this quiescence search stands.
    pub(super) fn quiescence(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        ply: usize,
        capturer: Option<Square>,
    ) -> i32 {
        self.quiescence_depth += 1;
        let score = self.quiescence_inner(pos, alpha, beta, ply, capturer);
        self.quiescence_depth -= 1;
        score
    }

    fn quiescence_inner(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        capturer: Option<Square>,
    ) -> i32 {
        self.pv[ply].clear();
        let v = self.variant.clone();
        let stand = self.evaluate(pos);
        // A pending chance event is not resolved in quiescence: its expected cost is in the static
        // score, and the capture sequence goes on as if it had happened, so a capture just before
        // the event meets its recapture.
        // Capture sequences end after MAX_QUIESCENCE captures: on big boards full of long-range
        // capturers (the Friendly game's Midnighters and rifles) they would not end otherwise.
        if ply >= MAX_PLY - 1 || stand >= beta || self.quiescence_depth > MAX_QUIESCENCE {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        let mut scores = std::mem::take(&mut self.score_bufs[ply]);
        v.tactical_moves(pos, &mut moves);
        if self.quiescence_depth > QUIESCENCE_ALL_CAPTURES
            && let Some(sq) = capturer
        {
            moves.retain(|m| victims(m).contains(&sq));
        }
        scores.clear();
        scores.extend(moves.iter().map(|m| movepicker::tactical_score(&v, &self.eval, pos, m)));
        let us = pos.side_to_move();
        let mut best = stand;
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let mv = moves[i];
            if self.delta_pruning
                && !self.window_independent()
                && mv.promotion().is_none()
                && stand + movepicker::victim_value(&v, &self.eval, pos, &mv) + DELTA_MARGIN <= alpha
            {
                continue;
            }
            // A capture that loses material in the exchange on its square is not followed: the
            // side to move is better off standing pat.
            if movepicker::may_lose(&v, &self.eval, pos, &mv) && crate::see::see_below(&v, &self.eval, pos, &mv, 0) {
                continue;
            }
            let child = pos.play_unchecked(&v, &mv);
            if self.has_check && exposes_royal(&v, &child, us) {
                continue;
            }
            self.nodes += 1;
            if self.should_stop() {
                break;
            }
            let score = if let Some(winner) = v.material_decided(&child) {
                if winner == us {
                    MATE - ply as i32 - 1
                } else {
                    -(MATE - ply as i32 - 1)
                }
            } else {
                -self.quiescence(&child, -beta, -alpha, ply + 1, Some(capturer_square(&mv)))
            };
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.move_bufs[ply] = moves;
        self.score_bufs[ply] = scores;
        if self.aborted { 0 } else { best }
    }
}

/// The squares whose pieces `mv` removes.
fn victims(mv: &Move) -> [Square; 2] {
    match mv.kind() {
        MoveKind::Locust => [mv.extra(), mv.to()],
        MoveKind::EnPassant | MoveKind::Withdrawal => [mv.extra(), mv.extra()],
        _ => [mv.to(), mv.to()],
    }
}

/// Where the capturer stands after `mv`: a rifle shoots from where it stays.
fn capturer_square(mv: &Move) -> Square {
    if mv.kind() == MoveKind::Rifle {
        mv.from()
    } else {
        mv.to()
    }
}

/// Whether `child`, just reached by a pseudo-legal move of `us`, leaves `us` a royal in danger: any
/// royal attacked under checkmate rules; under the last-royal rule, no royal left or the only one
/// attacked.
fn exposes_royal(v: &Variant, child: &Position, us: messhall_rules::Color) -> bool {
    let royals = child.royals(us);
    if v.end().royal == RoyalRule::Last {
        return match royals.count() {
            0 => true,
            1 => royals.iter().any(|r| v.is_attacked(child, r, !us)),
            _ => false,
        };
    }
    royals.iter().any(|r| v.is_attacked(child, r, !us))
}
