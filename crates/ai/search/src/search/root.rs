//! Every root move's exact score: how a weak level chooses like a person (it misjudges moves by a
//! bounded amount, never picking one its own search sees losing more than its margin), and what
//! the referee of material given away compares each played move with.

use super::{INFINITY, MATE_BOUND, Move, Position, Searcher};

/// A root move searched with a full window.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub(crate) mv: Move,
    /// Its exact score at the depth searched, for the side to move.
    pub(crate) score: i32,
    /// The level's seeded misjudgement of it (0 at full strength).
    pub(crate) noise: i32,
    /// The line after it.
    pub(crate) pv: Vec<Move>,
}

impl Searcher {
    /// Searches each of `pos`'s legal moves to `depth` plies with a full window (a safe check
    /// extended as in the tree). Stops early, with the moves done so far, when the search is
    /// aborted.
    pub(crate) fn score_root_moves(&mut self, pos: &Position, depth: i32) -> Vec<RootMove> {
        let v = self.variant.clone();
        let moves = v.legal_moves(pos);
        let mut scored = Vec::with_capacity(moves.len());
        for mv in moves {
            let child = pos.play_unchecked(&v, &mv);
            let gives_check = self.has_check && v.in_check(&child);
            let extension = i32::from(gives_check && self.safe_check(pos, &child, &mv));
            self.path.push(child.hash());
            self.played[0] = Some(mv);
            self.known_check[1] = (child.hash(), gives_check);
            let score = -self.negamax(&child, depth - 1 + extension, -INFINITY, INFINITY, 1, true);
            self.path.pop();
            if self.aborted {
                break;
            }
            scored.push(RootMove {
                mv,
                score,
                noise: self.root_noise(&child),
                pv: self.pv[1].clone(),
            });
        }
        scored
    }

    /// One iteration of a weakened level at the root: every move scored exactly, then, of the moves
    /// within `margin` of the best, the one whose score plus its noise is highest. Mates take no
    /// noise, and a mate in hand leaves only mates within the margin. Returns the chosen move's
    /// exact score, its line in `pv[0]`.
    pub(super) fn misjudging_root(&mut self, pos: &Position, depth: u32, margin: i32) -> i32 {
        self.pv[0].clear();
        let scored = self.score_root_moves(pos, depth as i32);
        if self.aborted {
            return 0;
        }
        let Some(best) = scored.iter().map(|m| m.score).max() else {
            return 0;
        };
        let floor = best.saturating_sub(margin);
        let judged = |m: &RootMove| {
            if m.score.abs() < MATE_BOUND {
                m.score + m.noise
            } else {
                m.score
            }
        };
        // The guard's material verdict on each move, where the level has one: the position's
        // own evaluation may pay for lost material with positional terms; a person who keeps
        // their pieces would not.
        let history = self.path[..self.path.len().saturating_sub(1)].to_vec();
        let losses = self.material_guard.as_mut().map(|g| g.losses(pos, &history));
        let keeps = |m: &RootMove| {
            losses
                .as_ref()
                .is_none_or(|l| l.iter().any(|&(mv, lost)| mv == m.mv && lost == 0))
        };
        let within = || scored.iter().filter(|m| m.score >= floor);
        let Some(chosen) = within()
            .filter(|m| keeps(m))
            .max_by_key(|m| judged(m))
            .or_else(|| within().max_by_key(|m| judged(m)))
        else {
            return 0;
        };
        self.pv[0].push(chosen.mv);
        self.pv[0].extend_from_slice(&chosen.pv);
        self.root_score = chosen.score;
        chosen.score
    }

    /// Every legal move of `pos` with its exact score at `depth` plies (a full window each), for
    /// the side to move; `history` holds the hashes of the game's earlier positions. Nothing
    /// stops it but the stop flag. Forgets the last search's node count and limits.
    pub fn root_scores(&mut self, pos: &Position, history: &[u64], depth: u32) -> Vec<(Move, i32)> {
        self.nodes = 0;
        self.max_nodes = None;
        self.aborted = false;
        self.time = None;
        self.first_iteration = false;
        self.quiescence_depth = 0;
        self.tt.new_search();
        self.path.clear();
        self.path.extend_from_slice(history);
        self.path.push(pos.hash());
        let saved_noise = std::mem::replace(&mut self.noise_cp, 0);
        let scored = self.score_root_moves(pos, depth.max(1) as i32);
        self.noise_cp = saved_noise;
        scored.into_iter().map(|m| (m.mv, m.score)).collect()
    }
}
