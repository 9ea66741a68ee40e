//! Whether a position is quiet: what the tuner asks before it fits the static score to a game's
//! result (Texel's method scores only positions where no capture changes the score).

use super::{INFINITY, Position, Searcher};

impl Searcher {
    /// The static score of `pos` for the side to move, and its quiescence score (the captures
    /// played out with a full window, as at the search's horizon). They are equal where no capture
    /// or promotion changes the score: a quiet position. Forgets the last search's node count and
    /// limits.
    pub fn static_and_quiescence(&mut self, pos: &Position) -> (i32, i32) {
        self.nodes = 0;
        self.max_nodes = None;
        self.aborted = false;
        self.time = None;
        self.quiescence_depth = 0;
        let stand = self.evaluate(pos);
        let settled = self.quiescence(pos, -INFINITY, INFINITY, 0, None);
        (stand, settled)
    }
}
