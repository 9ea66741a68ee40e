//! The engine's thinking as XBoard shows it: `ply score time nodes pv` lines, and the `stat01`
//! answer to `.` in analyze mode.

use crate::notation::write_move;
use messhall_rules::{Move, Position, Variant};
use messhall_search::{Score, SearchInfo};
use messhall_table::Line;

/// XBoard's score for a mate in `n` moves: 100000 + n (negative for being mated).
const MATE_SCORE: i64 = 100_000;

/// A score in XBoard's terms: centipawns, or 100000 + N for a mate in N.
pub(crate) fn score(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(n) if n >= 0 => MATE_SCORE + i64::from(n),
        Score::Mate(n) => -MATE_SCORE + i64::from(n),
    }
}

/// The principal variation in XBoard's move notation, cut where a chance event is due (the
/// moves after it follow one roll of the dice, and are not moves of the position before it).
pub(crate) fn pv_text(v: &Variant, pos: &Position, pv: &[Move]) -> String {
    let line = Line::cut(v, pos, pv);
    let words: Vec<String> = line
        .moves
        .iter()
        .map(|(here, mv)| write_move(v, here, mv).write(v.size()))
        .collect();
    words.join(" ")
}

/// One thinking line: depth, score, time in centiseconds, nodes, principal variation.
pub(crate) fn line(v: &Variant, pos: &Position, info: &SearchInfo) -> String {
    format!(
        "{} {} {} {} {}",
        info.depth,
        score(info.score),
        info.elapsed.as_millis() / 10,
        info.nodes,
        pv_text(v, pos, &info.pv)
    )
}

/// The `stat01` line: time, nodes, depth, moves left at this depth (unknown: 0), moves in all.
pub(crate) fn stat01(info: &SearchInfo, moves: usize) -> String {
    format!(
        "stat01: {} {} {} 0 {}",
        info.elapsed.as_millis() / 10,
        info.nodes,
        info.depth,
        moves
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pv_ends_where_the_dice_come_in() {
        // Found by fuzz_protocol_sessions: a move of the PV after the PieceEater's step was
        // played on the position before it, and the board's checks panicked.
        let v = messhall_records::catalog::builtin_variant("pieceeater").unwrap();
        let start = v.start();
        let e4 = v.parse_move(&start, "e2e4").unwrap();
        let after = start.try_play(&v, &e4).unwrap();
        let step = v.chance(&after).unwrap().outcomes[0];
        let black = v.resolve(&after, &step);
        let d5 = v.parse_move(&black, "d7d5").unwrap();
        let takes = v.parse_move(&black.try_play(&v, &d5).unwrap(), "e4d5");
        let mut pv = vec![e4, d5];
        pv.extend(takes);
        assert_eq!(pv_text(&v, &start, &pv), "e2e4");
    }

    #[test]
    fn mate_scores_as_xboard_reads_them() {
        assert_eq!(score(Score::Cp(-35)), -35);
        assert_eq!(score(Score::Mate(3)), 100_003);
        assert_eq!(score(Score::Mate(-2)), -100_002);
    }
}
