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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn scores(name: &str, fen: &str) -> (i32, i32) {
        let v = Arc::new(messhall_catalog::builtin(name).unwrap());
        let pos = Position::from_fen(&v, fen).unwrap();
        Searcher::new(v, 1).static_and_quiescence(&pos)
    }

    #[test]
    fn a_position_is_quiet_where_no_capture_changes_its_score() {
        let (stand, settled) = scores("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(stand, settled);
        // White's Knight can take the Queen left standing on d5.
        let (stand, settled) = scores("chess", "rnb1kbnr/pppppppp/8/3q4/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1");
        assert!(settled > stand + 500, "{stand} {settled}");
        // Where taking the King wins, a King that can be taken is a won game, not a quiet one.
        let (stand, settled) = scores("pieceeater", "4k3/8/8/8/*7/8/8/4R1K1[] w - - 0 1");
        assert!(settled > stand + 5_000, "{stand} {settled}");
    }
}
