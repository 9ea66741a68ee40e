//! Chance nodes: the dice's outcomes averaged by their probabilities (expectimax), with
//! Star1/Star2-style cutoffs, or chosen by the player who steers them.

use super::{Bound, ChanceOutcome, INFINITY, MATE, Position, Searcher};
use messhall_rules::ChanceEvent;

impl Searcher {
    /// A chance node: the event does not change the side to move, so children are scored from the
    /// same side's view (no negation) and at the same ply (the event is not a move). It does use up
    /// one ply of depth: with up to eight outcomes after every move, a free event would multiply the
    /// tree by the number of outcomes at every level. With no depth left for the outcomes, the
    /// dice's event is scored by quiescence from the position before it, whose static score holds the
    /// event's expected cost ([`messhall_rules::GameRules::evaluate`]), instead of a quiescence search
    /// after each outcome.
    pub(super) fn chance_node(&mut self, pos: &Position, depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        let v = self.variant.clone();
        let Some(ChanceEvent { chooser, outcomes }) = v.chance(pos).filter(|e| !e.outcomes.is_empty()) else {
            return self.evaluate(pos);
        };
        if depth <= 0 && chooser.is_none() {
            return self.quiescence(pos, alpha, beta, ply, None);
        }
        match chooser {
            Some(chooser) => {
                // A player steers: a choice of outcomes, for or against the side to move.
                let ours = chooser == pos.side_to_move();
                let mut best = if ours { -INFINITY } else { INFINITY };
                for o in &outcomes {
                    let child = v.resolve(pos, o);
                    let score = self.negamax(&child, depth - 1, alpha, beta, ply, false);
                    if self.aborted {
                        return 0;
                    }
                    if ours {
                        best = best.max(score);
                        alpha = alpha.max(score);
                    } else {
                        best = best.min(score);
                        beta = beta.min(score);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
                best
            }
            None if !self.plain_expectimax() => self.star(pos, &outcomes, depth, alpha, beta, ply),
            // The crate's tests' reference: plain expectimax, every outcome with a full window.
            None => {
                let mut sum = 0i64;
                let mut total = 0i64;
                for o in &outcomes {
                    let child = v.resolve(pos, o);
                    let score = self.negamax(&child, depth - 1, -INFINITY, INFINITY, ply, false);
                    if self.aborted {
                        return 0;
                    }
                    sum += i64::from(score) * i64::from(o.weight);
                    total += i64::from(o.weight);
                }
                sum.div_euclid(total.max(1)) as i32
            }
        }
    }

    /// Expectimax over the dice's outcomes with Star1/Star2-style cutoffs (Ballard 1983), returning
    /// what the full expectimax returns within the window: the exact average (rounded down) when
    /// it lies inside `(alpha, beta)`, else a bound on the far side of the window.
    ///
    /// Every child's score lies in `[lo, hi]`, at first the bounds any score at this ply can take
    /// (`-(MATE - ply)` to `MATE - ply`). The node fails high as soon as the weighted sum of the
    /// lower bounds reaches `beta`, and low as soon as that of the upper bounds stays at or under
    /// `alpha` (Star1). Each child is searched with the window outside which its score alone decides
    /// the node. A first pass also keeps every child inside the node's own window, so it is a cheap
    /// test: where the node will fail high, most children fail high at once and their lower bounds
    /// settle it (the probing of Star2); where it will fail low, their upper bounds do. A second
    /// pass settles the children the first left open, with windows narrowed by what it learned.
    fn star(
        &mut self,
        pos: &Position,
        outcomes: &[ChanceOutcome],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let v = self.variant.clone();
        let n = outcomes.len();
        let w: Vec<i64> = outcomes.iter().map(|o| i64::from(o.weight.max(1))).collect();
        let total: i64 = w.iter().sum();
        let bound = i64::from(MATE - ply as i32);
        let mut lo = vec![-bound; n];
        let mut hi = vec![bound; n];
        let children: Vec<Position> = outcomes.iter().map(|o| v.resolve(pos, o)).collect();
        // What the table knows about the outcomes (from a transposition, or the null-window search
        // before a re-search) bounds them before any is searched.
        if depth > 1 {
            for (i, child) in children.iter().enumerate() {
                if v.chance_pending(child) || v.material_decided(child).is_some() || self.is_draw(child) {
                    continue;
                }
                if let Some(e) = self.tt.probe(child.hash(), ply)
                    && i32::from(e.depth) >= depth - 1
                {
                    let score = i64::from(e.score).clamp(-bound, bound);
                    match e.bound {
                        Bound::Exact => (lo[i], hi[i]) = (score, score),
                        Bound::Lower => lo[i] = score,
                        Bound::Upper => hi[i] = score,
                    }
                }
            }
        }
        // The node's value is floor(sum / total): at least beta when sum >= beta * total, at most
        // alpha when sum <= (alpha + 1) * total - 1.
        let high_sum = i64::from(beta) * total;
        let low_sum = (i64::from(alpha) + 1) * total - 1;
        let average = |x: &[i64]| {
            let sum: i64 = x.iter().zip(&w).map(|(s, w)| s * w).sum();
            (sum.div_euclid(total) as i32, sum)
        };
        let clamp = |x: i64| x.clamp(i64::from(-INFINITY), i64::from(INFINITY)) as i32;
        // Pass 0 keeps children inside the node's window; pass 1 narrows by the child's own bounds;
        // pass 2 (after a search instability) uses the plain Star1 window, which always settles.
        for pass in 0..3 {
            for i in 0..n {
                if lo[i] == hi[i] {
                    continue;
                }
                let (lower, lower_sum) = average(&lo);
                if lower_sum >= high_sum {
                    return lower;
                }
                let (upper, upper_sum) = average(&hi);
                if upper_sum <= low_sum {
                    return upper;
                }
                // Child i alone fails the node low at or under `a`, high at or over `b`.
                let rest_hi = upper_sum - hi[i] * w[i];
                let rest_lo = lower_sum - lo[i] * w[i];
                let a = (low_sum - rest_hi).div_euclid(w[i]);
                let b = -(rest_lo - high_sum).div_euclid(w[i]);
                let (mut wa, mut wb) = (a, b);
                if pass == 0 {
                    wa = wa.max(i64::from(alpha));
                    wb = wb.min(i64::from(beta));
                } else if pass == 1 {
                    wa = wa.max(lo[i] - 1);
                    wb = wb.min(hi[i] + 1);
                }
                if wa >= wb {
                    (wa, wb) = (a, b);
                }
                let (wa, wb) = (clamp(wa), clamp(wb));
                let child = &children[i];
                let score = self.negamax(child, depth - 1, wa, wb, ply, false);
                if self.aborted {
                    return 0;
                }
                let s = i64::from(score);
                if score <= wa {
                    hi[i] = s;
                    if lo[i] > s {
                        lo[i] = -bound;
                    }
                } else if score >= wb {
                    lo[i] = s;
                    if hi[i] < s {
                        hi[i] = bound;
                    }
                } else {
                    lo[i] = s;
                    hi[i] = s;
                }
            }
        }
        let (lower, lower_sum) = average(&lo);
        let (upper, upper_sum) = average(&hi);
        if lower_sum >= high_sum || lower == upper {
            lower
        } else if upper_sum <= low_sum {
            upper
        } else {
            // Unreachable (the last pass settles every child or cuts); the midpoint is a safe answer.
            ((i64::from(lower) + i64::from(upper)) / 2) as i32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Limits, Searcher};
    use messhall_rules::{Position, Variant};
    use std::sync::Arc;

    /// Black's Knight has just taken a Bishop that a Knight guards, and the PieceEater's step is
    /// pending (far from every piece). Quiescence past the step sees White take back; standing
    /// there, White would be a Knight short of what it gets.
    #[test]
    fn quiescence_meets_the_recapture_past_a_pending_step() {
        let v = Arc::new(messhall_catalog::builtin("pieceeater").unwrap());
        let before = Position::from_fen(&v, "8/6k1/8/8/4n2*/5N2/3B4/1K6[] b - - 0 1").unwrap();
        let pos = before.play_unchecked(&v, &v.parse_move(&before, "Nxd2").unwrap());
        assert!(v.chance_pending(&pos));
        let mut s = Searcher::new(v.clone(), 1);
        let standing = s.evaluate(&pos);
        let past = s.quiescence(&pos, -super::INFINITY, super::INFINITY, 0, None);
        assert!(past > standing + 250, "past the step {past}, standing {standing}");
    }

    /// Searches `pos` to `depth` with nothing pruned by its window, with the chance cutoffs or by
    /// plain expectimax: root score, move and nodes.
    fn chance_search(v: &Arc<Variant>, pos: &Position, depth: u32, plain: bool) -> (i32, String, u64) {
        let mut searcher = Searcher::new(v.clone(), 16);
        searcher.window_independent = true;
        searcher.plain_expectimax = plain;
        let info = searcher
            .search(pos, &[], &Limits::depth(depth), None, &mut |_| {})
            .unwrap();
        (info.raw_score, v.san(pos, &info.pv[0]), info.nodes)
    }

    /// Star1/Star2 cutoffs at chance nodes give the root score and move of plain expectimax (every
    /// outcome searched with a full window), with fewer nodes, on fixed and seeded random positions,
    /// with nothing pruned by its window so that no score depends on it. (With the reductions and
    /// pruning, as the engine plays, a chance node's narrower windows prune differently: the
    /// PieceEater's start at depth 4 chose g4 with plain expectimax and b4 with the cutoffs.)
    #[test]
    fn chance_cutoffs_keep_the_expectimax_result() {
        let v = Arc::new(messhall_catalog::builtin("pieceeater").unwrap());
        // Fixed positions, and the bench's: the start and seeded random positions.
        let mut cases: Vec<Position> = [
            "4k3/8/8/8/3*4/2r5/8/Q3K3[] w - - 0 1",
            "r3k2r/ppp2ppp/2n1bn2/3q4/3P*3/2N2N2/PPP2PPP/R2QKB1R[PNBpnb] w KQkq - 0 9",
        ]
        .iter()
        .map(|fen| Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
        .collect();
        cases.extend(crate::bench::positions(&v));
        let (mut plain_total, mut star_total) = (0, 0);
        for pos in cases {
            let fen = pos.to_fen(&v);
            let plain = chance_search(&v, &pos, 4, true);
            let star = chance_search(&v, &pos, 4, false);
            println!(
                "{fen}: plain {} {} {} nodes, pruned {} {} {} nodes",
                plain.0, plain.1, plain.2, star.0, star.1, star.2
            );
            assert_eq!((plain.0, &plain.1), (star.0, &star.1), "{fen}");
            // Star2's probes can cost more than they save at a single position (one of the
            // random ones); over all of them the cutoffs must save.
            plain_total += plain.2;
            star_total += star.2;
        }
        assert!(
            star_total < plain_total,
            "{star_total} nodes pruned, {plain_total} plain"
        );
    }
}
