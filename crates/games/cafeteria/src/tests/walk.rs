//! Walks: several steps as one action, played whole or refused whole.

use super::*;
use crate::error::ActionError;
use crate::record::{play_recorded, replay};
use crate::refusal::Refusal;
use crate::words;

/// Rock's turn in the lab with `aa` AA, the others out of his way.
fn rock_to_walk(aa: u8) -> Game {
    let mut g = lab(4, &[]);
    turn(&mut g, 0, aa);
    g
}

fn walk(squares: &[&str]) -> Action {
    Action::Walk(squares.iter().map(|s| sq(s)).collect())
}

/// The game as far as a walk may change it, for comparing.
fn shape(g: &Game) -> String {
    format!("{:?} {:?} {:?} {:?}", g.students, g.turn, g.floor, g.round)
}

#[test]
fn a_walk_is_its_steps_played_in_one_action() {
    let mut walked = rock_to_walk(5);
    let mut stepped = walked.clone();
    let notes = walked
        .play(&walk(&["c6", "c5", "c4"]), &mut dice(&[]))
        .expect("a walk on clean floor");
    let mut step_notes = Vec::new();
    for to in ["c6", "c5", "c4"] {
        step_notes.extend(stepped.play(&Action::Move(sq(to)), &mut dice(&[])).expect("a step"));
    }
    assert_eq!(notes, step_notes);
    assert_eq!(shape(&walked), shape(&stepped));
    assert_eq!(walked.students[0].pos, sq("c4"));
    assert_eq!(walked.aa_left(), 2);
    walked.check().expect("invariants hold");
}

#[test]
fn a_walk_refused_midway_changes_nothing_and_says_which_step_in_one_line() {
    let mut g = rock_to_walk(5);
    let before = shape(&g);
    // e5 is Table A.
    let err = g.play(&walk(&["c6", "d5", "e5"]), &mut dice(&[])).unwrap_err();
    let ActionError::Refused { action, why } = err else {
        panic!("refused expected")
    };
    assert_eq!(action, "move c6 d5 e5");
    assert!(
        matches!(&why, Refusal::WalkStep { step: 3, to, why } if *to == sq("e5") && **why == Refusal::OntoTable(sq("e5"))),
        "{why:?}"
    );
    let text = words::refusal(&g, &why);
    assert!(text.starts_with("step 3 of the walk, to e5, is refused: "), "{text}");
    assert!(!text.contains('\n'), "{text}");
    assert_eq!(shape(&g), before);
    // A square not next to the one before, and the student's own square, are refused too.
    assert!(matches!(
        g.refusal(&walk(&["c6", "c4"])),
        Some(Refusal::WalkStep { step: 2, .. })
    ));
    assert!(matches!(
        g.refusal(&walk(&["c7", "c6"])),
        Some(Refusal::WalkStep { step: 1, .. })
    ));
    assert_eq!(g.refusal(&walk(&["c6"])), Some(Refusal::WalkTooShort));
    assert_eq!(g.refusal(&walk(&["c6", "c5"])), None);
}

#[test]
fn a_walk_longer_than_the_aa_left_is_refused() {
    let mut g = rock_to_walk(2);
    let why = g.refusal(&walk(&["c6", "c5", "c4"]));
    assert_eq!(
        why,
        Some(Refusal::WalkStep {
            step: 3,
            to: sq("c4"),
            why: Box::new(Refusal::NotEnoughAa { needed: 1, left: 0 })
        })
    );
    assert!(g.play(&walk(&["c6", "c5", "c4"]), &mut dice(&[])).is_err());
    assert_eq!(g.students[0].pos, sq("c7"));
    act(&mut g, walk(&["c6", "c5"]), &mut dice(&[]));
    assert_eq!(g.students[0].pos, sq("c5"));
    assert_ne!(g.to_move(), Some(0), "the turn passed with the AA spent");
}

#[test]
fn spilled_food_ends_a_walk_and_trying_one_rolls_nothing() {
    let mut g = rock_to_walk(5);
    let peas = take(&mut g, "peas");
    g.floor.push((sq("c5"), peas));
    // Crossing c5 is refused, and the refusal drew no die: scripted dice with no faces would
    // panic if asked.
    assert_eq!(
        g.play(&walk(&["c6", "c5", "c4"]), &mut dice(&[])).unwrap_err(),
        ActionError::Refused {
            action: "move c6 c5 c4".into(),
            why: Refusal::WalkStopsAt(sq("c5"))
        }
    );
    assert_eq!(g.students[0].pos, sq("c7"));
    // Ending on it is a walk, with its slip roll (5 is over the peas' 4: no slip).
    let notes = g
        .play(&walk(&["c6", "c5"]), &mut dice(&[5]))
        .expect("a walk may end on food");
    assert!(
        notes
            .iter()
            .any(|n| matches!(n.event, crate::event::Event::SlipRoll { roll: 5, .. })),
        "{notes:?}"
    );
    assert_eq!(g.students[0].pos, sq("c5"));
}

#[test]
fn walks_read_and_write_as_move_with_several_squares() {
    let g = rock_to_walk(5);
    let w = walk(&["c6", "c5", "c4"]);
    assert_eq!(g.action_name(&w), "move c6 c5 c4");
    assert_eq!(g.parse_action("move c6 c5 c4"), Ok(w.clone()));
    assert_eq!(g.parse_action(" MOVE c6  c5 c4 "), Ok(w.clone()));
    assert_eq!(g.parse_action("move c6"), Ok(Action::Move(sq("c6"))));
    assert!(g.parse_action("move c6 zz").is_err());
    assert_eq!(words::action(&g, &w), "walk to c4 by c6 and c5");
}

#[test]
fn games_with_walks_replay_exactly_from_their_records() {
    for seed in [3, 8] {
        let mut walks = 0;
        let (game, record) = play_recorded(Setup::new(3, &[]), seed, |_, g| {
            // The longest walk open, else the last action listed.
            match g
                .reachable()
                .into_iter()
                .filter(|(_, p)| p.len() > 1)
                .max_by_key(|(_, p)| p.len())
            {
                Some((_, path)) => {
                    walks += 1;
                    let squares = path
                        .iter()
                        .filter_map(|a| match a {
                            Action::Move(sq) => Some(*sq),
                            _ => None,
                        })
                        .collect();
                    let walk = Action::Walk(squares);
                    assert_eq!(g.refusal(&walk), None, "{}", g.action_name(&walk));
                    walk
                }
                None => g.legal_actions().pop().expect("an action"),
            }
        })
        .expect("setup");
        assert!(walks > 0);
        assert!(record.actions.iter().any(|a| matches!(a, Action::Walk(_))));
        let again = replay(&record).expect("the record replays");
        assert_eq!(shape(&again), shape(&game));
        assert_eq!(again.outcome(), game.outcome());
        let toml = crate::record::to_toml(&record).expect("toml");
        assert_eq!(
            crate::record::from_toml(&toml).expect("reads back").actions,
            record.actions
        );
    }
}
