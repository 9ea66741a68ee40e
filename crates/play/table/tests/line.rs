//! Where a principal variation stops: after the move that brings a chance event (rolled or
//! steered), with that event; a line without chance runs whole.

use messhall_records::catalog::builtin_variant;
use messhall_rules::{Move, Position, Variant};
use messhall_table::Line;

/// `pos` with its chance events resolved by their first outcomes.
fn settled(v: &Variant, pos: &Position) -> Position {
    let mut pos = pos.clone();
    while let Some(event) = v.chance(&pos) {
        pos = v.resolve(&pos, &event.outcomes[0]);
    }
    pos
}

/// `plies` moves (each the first legal one, chance events resolved by their first outcomes), as
/// a search's line would run on past the dice.
fn pv(v: &Variant, pos: &Position, plies: usize) -> Vec<Move> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for _ in 0..plies {
        pos = settled(v, &pos);
        let mv = v.legal_moves(&pos)[0];
        pos = pos.play_unchecked(v, &mv);
        out.push(mv);
    }
    out
}

#[test]
fn a_line_stops_at_the_pieceeaters_roll_with_the_roll() {
    let v = builtin_variant("pieceeater").unwrap();
    let start = settled(&v, &v.start());
    let moves = pv(&v, &start, 8);
    // The line runs to the first move after which the dice roll.
    let mut pos = start.clone();
    let mut due = 0;
    for mv in &moves {
        pos = pos.play_unchecked(&v, mv);
        due += 1;
        if v.chance_pending(&pos) {
            break;
        }
    }
    assert!(due < moves.len(), "the dice roll within eight plies");
    let line = Line::cut(&v, &start, &moves);
    assert_eq!(line.moves.len(), due);
    assert_eq!(line.moves.last().map(|(_, mv)| *mv), Some(moves[due - 1]));
    let event = line.chance.expect("the roll where the line stops");
    assert_eq!(event.chooser, None, "the dice decide it");
    assert!(!event.outcomes.is_empty());
}

#[test]
fn a_line_stops_at_a_steering_choice_with_the_chooser() {
    let v = builtin_variant("pieceeater-steered").unwrap();
    let start = settled(&v, &v.start());
    let moves = pv(&v, &start, 2);
    let line = Line::cut(&v, &start, &moves);
    assert_eq!(line.first(), Some(moves[0]));
    assert_eq!(line.moves.len(), 1);
    let event = line.chance.expect("the steered step after e4");
    assert!(event.chooser.is_some(), "a side steers it");
}

#[test]
fn a_line_without_chance_runs_whole_and_stops_at_an_illegal_move() {
    let v = builtin_variant("chess").unwrap();
    let start = v.start();
    let moves: Vec<Move> = ["e2e4", "e7e5", "g1f3"]
        .iter()
        .scan(start.clone(), |pos, text| {
            let mv = v.parse_move(pos, text).unwrap();
            *pos = pos.play_unchecked(&v, &mv);
            Some(mv)
        })
        .collect();
    let line = Line::cut(&v, &start, &moves);
    assert_eq!(line.san(&v), ["e4", "e5", "Nf3"]);
    assert_eq!(line.chance, None);
    assert_eq!(line.first(), Some(moves[0]));
    // A hash move that does not fit the position ends the line before it.
    let mut broken = moves[..2].to_vec();
    broken.push(moves[0]);
    assert_eq!(Line::cut(&v, &start, &broken).san(&v), ["e4", "e5"]);
}
