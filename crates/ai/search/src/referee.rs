//! The referee of material given away for nothing: how the levels are measured (BENCHMARKS.md).
//!
//! A move gives away what it loses against what the mover could have kept: the best move's score,
//! but no more than the material the mover had right after its own last move. Both are scored by
//! a short search that counts material only: the mover's move, then the captures, recaptures and
//! promotions after it played out by quiescence (where a chance event follows each move, as the
//! PieceEater's step, the event is searched too). So a piece left hanging, an exchange that loses,
//! and a piece just taken not taken back count; a free piece the opponent left on the board and
//! not taken does not (nothing the mover had was given), nor a deeper tactic (a fork, a mate
//! threat). Material is the engine's own count without any positional term: the pieces' values (a
//! Calorie piece's scaled by its energy, pieces in hand at their share), and the game's own term
//! where it has one (the PieceEater's threat). A loss below half the game's cheapest piece is no
//! material (an energy point, the PieceEater's nearness) and counts 0, and a position where either
//! move leads to a mate in the referee's search counts 0: a mate is not material.

use crate::search::{MATE_BOUND, Searcher};
use crate::weights::Weights;
use messhall_rules::{Action, Color, Game, Move, Position, Variant};
use std::sync::Arc;

/// Material given away by one side over a game (or several).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GivenAway {
    /// Centipawns given away, summed over the moves.
    pub material: i64,
    /// Moves judged.
    pub moves: u32,
    /// Moves that gave material away.
    pub blunders: u32,
}

impl GivenAway {
    /// Adds `other`'s figures to these.
    pub fn add(&mut self, other: &GivenAway) {
        self.material += other.material;
        self.moves += other.moves;
        self.blunders += other.blunders;
    }
}

/// Judges moves by the material they give away (see the module's documentation).
pub struct Referee {
    variant: Arc<Variant>,
    searcher: Searcher,
    /// Plies of the referee's search: one player move, and the chance event after it if any.
    plies: u32,
    /// Losses below this are no material.
    threshold: i32,
}

impl Referee {
    /// A referee for `variant`.
    pub fn new(variant: Arc<Variant>) -> Referee {
        let mut searcher = Searcher::new(variant.clone(), 16);
        searcher.set_weights(&material_only(&variant));
        let cheapest = variant
            .roles()
            .filter(|(_, r)| !r.royal && r.value > 0)
            .map(|(_, r)| r.value)
            .min()
            .unwrap_or(100);
        Referee {
            plies: if crate::events_between_moves(&variant) { 2 } else { 1 },
            threshold: (cheapest / 2).max(1),
            searcher,
            variant,
        }
    }

    /// The material of `pos` by the referee's count, for its side to move (no search).
    pub fn material(&self, pos: &Position) -> i32 {
        self.searcher.eval.evaluate(&self.variant, pos)
    }

    /// What `mv` gives away played from `pos`, in centipawns (0: nothing); `history` holds the
    /// hashes of the game's earlier positions, `had` the mover's material (its own view) right
    /// after its own last move, if it has moved (else its material in `pos`). `None` where the
    /// move is not legal there.
    pub fn given_away(&mut self, pos: &Position, history: &[u64], mv: &Move, had: Option<i32>) -> Option<i32> {
        let scores = self.searcher.root_scores(pos, history, self.plies);
        let played = scores.iter().find(|(m, _)| m == mv)?.1;
        let best = scores.iter().map(|&(_, s)| s).max()?;
        if best.abs() >= MATE_BOUND || played.abs() >= MATE_BOUND {
            return Some(0);
        }
        let kept = best.min(had.unwrap_or_else(|| self.material(pos)));
        let lost = kept - played;
        Some(if lost >= self.threshold { lost } else { 0 })
    }

    /// What each legal move of `pos` gives away against the best one, in centipawns (0 below the
    /// threshold, and for every move where a mate is in sight); `history` as for
    /// [`Referee::given_away`]. A weak level's guard: it never plays a move this counts.
    pub fn losses(&mut self, pos: &Position, history: &[u64]) -> Vec<(Move, i32)> {
        let scores = self.searcher.root_scores(pos, history, self.plies);
        let Some(best) = scores.iter().map(|&(_, s)| s).max() else {
            return Vec::new();
        };
        scores
            .into_iter()
            .map(|(mv, s)| {
                let lost = if best.abs() >= MATE_BOUND || s.abs() >= MATE_BOUND {
                    0
                } else {
                    best - s
                };
                (mv, if lost >= self.threshold { lost } else { 0 })
            })
            .collect()
    }

    /// Forgets what its earlier searches learned (a new game).
    pub fn forget(&mut self) {
        self.searcher.clear();
    }

    /// What each side gave away over `game`, by colour (white first).
    pub fn game(&mut self, game: &Game) -> [GivenAway; 2] {
        self.searcher.clear();
        let mut sides = [GivenAway::default(); 2];
        let positions = game.positions();
        let mut history = Vec::with_capacity(positions.len());
        let mut had = [None; 2];
        for (i, (pos, action)) in positions.iter().zip(game.actions()).enumerate() {
            let s = usize::from(pos.side_to_move() == Color::Black);
            if let Action::Move(mv) = action
                && let Some(lost) = self.given_away(pos, &history, mv, had[s])
            {
                let side = &mut sides[s];
                side.moves += 1;
                side.material += i64::from(lost);
                side.blunders += u32::from(lost > 0);
                // The position after the move has the other side to move.
                had[s] = positions.get(i + 1).map(|after| -self.material(after));
            }
            history.push(pos.hash());
        }
        sides
    }
}

/// Weights with every positional term 0: the evaluation is the material alone.
fn material_only(v: &Variant) -> Weights {
    Weights {
        mobility: v.roles().map(|(_, r)| (r.name.clone(), [0, 0])).collect(),
        centre: [0, 0],
        shelter: [0, 0],
        royal_attack: [0, 0],
        castling: [0, 0],
        royal_centre: [0, 0],
        advance: [0, 0],
        passed: [0, 0],
        doubled: [0, 0],
        isolated: [0, 0],
        blocked: [0, 0],
        tempo: [0, 0],
        close_in: [0, 0],
        corner: [0, 0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(fen: &str, mv: &str, had: Option<i32>) -> i32 {
        let v = Arc::new(messhall_catalog::builtin("chess").unwrap());
        let pos = Position::from_fen(&v, fen).unwrap();
        let mv = v.parse_move(&pos, mv).unwrap();
        Referee::new(v).given_away(&pos, &[], &mv, had).unwrap()
    }

    #[test]
    fn a_hanging_piece_and_a_recapture_left_undone_are_given_away() {
        // White's Knight steps where the e6 pawn takes it.
        let hangs = judge("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5", None);
        assert!((250..=350).contains(&hangs), "{hangs}");
        assert_eq!(judge("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3b5", None), 0);
        // Black's Knight just took White's on d4 (White had a pawn up): not taking back with the
        // e3 pawn gives it away.
        let fen = "4k3/8/8/8/3n4/4P3/8/4K3 w - - 0 1";
        assert!(judge(fen, "e1f2", Some(100)) >= 250);
        assert_eq!(judge(fen, "e3d4", Some(100)), 0);
    }

    #[test]
    fn a_free_piece_left_untaken_is_not_given_away() {
        // Black's Knight on d4 stands free for the e3 pawn, and White had no more before.
        let fen = "4k3/8/8/8/3n4/4P3/8/4K3 w - - 0 1";
        assert_eq!(judge(fen, "e1f2", None), 0);
        assert_eq!(judge(fen, "e1f2", Some(-200)), 0);
    }
}
