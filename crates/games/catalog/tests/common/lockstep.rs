//! Walking the core and a plain reference generator (written only for the tests) through the same
//! game tree, comparing their move lists at every node.

use messhall_rules::{Position, Variant};

/// A reference generator: its legal moves in the core's coordinate notation, and playing one.
pub trait Reference: Sized {
    fn moves(&self) -> Vec<String>;
    fn play_text(&self, mv: &str) -> Self;
}

/// Both move lists at one node, sorted; panics with both differences where they disagree.
pub fn compare<R: Reference>(v: &Variant, pos: &Position, reference: &R, line: &[String]) -> Vec<String> {
    let mut core: Vec<String> = v.legal_moves(pos).iter().map(|m| m.to_coordinates(v)).collect();
    let mut theirs = reference.moves();
    core.sort();
    theirs.sort();
    if core != theirs {
        let only_core: Vec<_> = core.iter().filter(|m| !theirs.contains(m)).collect();
        let only_ref: Vec<_> = theirs.iter().filter(|m| !core.contains(m)).collect();
        panic!(
            "after [{}] ({}): core {} moves, reference {}; only in core {only_core:?}, only in reference {only_ref:?}",
            line.join(" "),
            pos.to_fen(v),
            core.len(),
            theirs.len()
        );
    }
    core
}

/// Walks both trees together to `depth`, failing at the first node where the move lists differ;
/// returns the leaf count.
pub fn walk<R: Reference>(v: &Variant, pos: &Position, reference: &R, depth: u32, line: &mut Vec<String>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let texts = compare(v, pos, reference, line);
    if depth == 1 {
        return texts.len() as u64;
    }
    let mut total = 0;
    for mv in v.legal_moves(pos) {
        let text = mv.to_coordinates(v);
        line.push(text.clone());
        total += walk(
            v,
            &pos.play_unchecked(v, &mv),
            &reference.play_text(&text),
            depth - 1,
            line,
        );
        line.pop();
    }
    total
}

/// Checks `expected[d - 1]` = perft(d) of the core, and that the reference agrees move by move at
/// every node down to the deepest depth listed (so its counts agree too).
pub fn check<R: Reference>(v: &Variant, fen: &str, reference: &R, expected: &[u64]) {
    let pos = Position::from_fen(v, fen).expect("valid FEN");
    for (i, &count) in expected.iter().enumerate() {
        assert_eq!(v.perft(&pos, i as u32 + 1), count, "core perft({}) of {fen}", i + 1);
    }
    let deepest = expected.len() as u32;
    assert_eq!(
        walk(v, &pos, reference, deepest, &mut Vec::new()),
        expected[expected.len() - 1],
        "{fen}"
    );
}
