//! What the PieceEater's rules tell a front end, as values: what a step did
//! ([`messhall_rules::ChanceReport`]) and its state beside the board ([`Fact::Neutral`]).

use messhall_catalog::builtin;
use messhall_rules::{ChanceOutcome, ChanceReport, Color, Fact, PendingStep, Piece, Position, Square, Variant};

fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|_| panic!("{name} is not a square"))
}

fn after(v: &Variant, fen: &str, moves: &[&str]) -> Position {
    let mut pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves {
        let mv = v.parse_move(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos = pos.play_unchecked(v, &mv);
    }
    pos
}

fn role(v: &Variant, name: &str) -> messhall_rules::Role {
    v.roles().find(|(_, info)| info.name == name).map(|(r, _)| r).unwrap()
}

#[test]
fn a_forced_step_reports_the_piece_it_ate() {
    let v = builtin("pieceeater").unwrap();
    // e2-e4 lands next to the PieceEater: rule 3 forces it onto e4, where it eats the Pawn.
    let before = after(&v, &v.start().to_fen(&v), &["e4"]);
    let step = ChanceOutcome::forced(sq("d4"), sq("e4"));
    assert_eq!(
        v.chance_report(&before, &step),
        Some(ChanceReport {
            piece: "PieceEater",
            outcome: step,
            index: 0,
            count: 1,
            chooser: None,
            eaten: Some((Piece::new(Color::White, role(&v, "Pawn")), sq("e4"))),
        })
    );
}

#[test]
fn a_rolled_step_reports_which_of_how_many_and_its_chance() {
    let v = builtin("pieceeater").unwrap();
    let before = after(&v, "4k3/8/8/2qR4/3*4/8/8/4K3[] w - - 0 1", &["Kf1"]);
    let event = v.chance(&before).unwrap();
    assert_eq!(event.chooser, None);
    let names: Vec<String> = event.outcomes.iter().map(|o| o.to.to_string()).collect();
    assert_eq!(names, ["c5", "d5", "e5", "c4", "e4", "c3", "d3", "e3"]);
    let onto_queen = v.chance_report(&before, &event.outcomes[0]).unwrap();
    assert_eq!((onto_queen.index, onto_queen.count), (0, 8));
    assert_eq!((onto_queen.outcome.weight, onto_queen.outcome.total), (1, 8));
    assert_eq!(
        onto_queen.eaten,
        Some((Piece::new(Color::Black, role(&v, "Queen")), sq("c5")))
    );
    let onto_rook = v.chance_report(&before, &event.outcomes[1]).unwrap();
    assert_eq!(
        onto_rook.eaten,
        Some((Piece::new(Color::White, role(&v, "Rook")), sq("d5")))
    );
    let empty = v.chance_report(&before, &event.outcomes[4]).unwrap();
    assert_eq!((empty.index, empty.eaten, empty.is_still()), (4, None, false));
}

#[test]
fn standing_still_is_reported_as_such() {
    let v = builtin("pieceeater").unwrap();
    // Boxed in by both Kings and the square it left (c5): it stays on d4.
    let c5 = 1 + sq("c5").index();
    let before = after(&v, &format!("8/8/8/8/2k*K3/8/8/8[] w - - 0 1 r0={c5} r1=1"), &[]);
    let still = ChanceOutcome::forced(sq("d4"), sq("d4"));
    let report = v.chance_report(&before, &still).unwrap();
    assert!(report.is_still());
    assert_eq!((report.index, report.count, report.eaten), (0, 1, None));
    // A step it may not take is no outcome of the event.
    assert_eq!(
        v.chance_report(&before, &ChanceOutcome::forced(sq("d4"), sq("c5"))),
        None
    );
}

#[test]
fn a_steered_step_reports_its_chooser() {
    let v = builtin("pieceeater-steered").unwrap();
    let start = v.start();
    assert_eq!(v.chance(&start).unwrap().chooser, Some(Color::White));
    // Black steers after White's move.
    let before = after(&v, "4k3/8/8/8/3*4/8/8/1N2K3[] w - - 0 1", &["Nc3"]);
    let event = v.chance(&before).unwrap();
    // Rule 3 forces the step: Black's choice is of one.
    assert_eq!(event.chooser, Some(Color::Black));
    assert_eq!(event.outcomes, [ChanceOutcome::forced(sq("d4"), sq("c3"))]);
    // Onto c3 it eats White's Knight there.
    let before = after(&v, "4k3/8/8/8/3*4/2N5/8/4K3[] w - - 0 1", &["Kf1"]);
    let event = v.chance(&before).unwrap();
    assert_eq!(event.chooser, Some(Color::Black));
    let c3 = event.outcomes.iter().find(|o| o.to == sq("c3")).unwrap();
    let report = v.chance_report(&before, c3).unwrap();
    assert_eq!(report.chooser, Some(Color::Black));
    assert_eq!(
        report.eaten,
        Some((Piece::new(Color::White, role(&v, "Knight")), sq("c3")))
    );
}

#[test]
fn its_square_forbidden_square_and_pending_step_are_facts() {
    let v = builtin("pieceeater").unwrap();
    let neutral = |square: &str, no_return: Option<&str>, pending: Option<PendingStep>| Fact::Neutral {
        piece: "PieceEater",
        square: sq(square),
        no_return: no_return.map(sq),
        pending,
    };
    let start = v.start();
    assert_eq!(v.facts(&start), [neutral("d4", None, None)]);
    let moved = after(&v, &start.to_fen(&v), &["a3"]);
    let dice = Some(PendingStep { chooser: None });
    assert_eq!(v.facts(&moved), [neutral("d4", None, dice)]);
    let e4 = v.chance(&moved).unwrap().outcomes[4];
    assert_eq!(v.facts(&v.resolve(&moved, &e4)), [neutral("e4", Some("d4"), None)]);
    let steered = builtin("pieceeater-steered").unwrap();
    let white = Some(PendingStep {
        chooser: Some(Color::White),
    });
    assert_eq!(steered.facts(&steered.start()), [neutral("d4", None, white)]);
    // Without a PieceEater there is nothing to tell.
    let gone = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1").unwrap();
    assert!(v.facts(&gone).is_empty());
}
