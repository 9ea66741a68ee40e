//! Setup, the first trip through the Food Line, turn order, spending AA, rounds, the end.

use super::*;
use crate::action::Target;
use crate::error::SetupError;
use crate::game::{EndKind, Status};

#[test]
fn players_and_students() {
    let mut d = SeededDice::new(1);
    for (players, students) in [(2u8, 4usize), (3, 3), (4, 4)] {
        let g = Game::new(Setup::new(players, &[]), &mut d).expect("setup");
        assert_eq!(g.students.len(), students);
        for p in 0..players {
            let n = g.students.iter().filter(|s| s.player == p).count();
            assert_eq!(n, if players == 2 { 2 } else { 1 }, "{players} players");
        }
    }
    assert_eq!(
        Game::new(Setup::new(5, &[]), &mut d).err(),
        Some(SetupError::Players(5))
    );
    assert_eq!(
        Game::new(Setup::new(1, &[]), &mut d).err(),
        Some(SetupError::Players(1))
    );
}

#[test]
fn turn_order_is_highest_aa_first_and_everyone_starts_at_the_entrance() {
    let g = Game::new(Setup::new(4, &[]), &mut SeededDice::new(3)).expect("setup");
    let names: Vec<&str> = (0..4).map(|s| g.student_name(s)).collect();
    assert_eq!(names, ["Rock", "Connie", "Dwayne", "Lennie"]);
    let aas: Vec<u8> = (0..4).map(|s| g.student_aa(s)).collect();
    assert!(aas.windows(2).all(|w| w[0] >= w[1]));
    assert!(g.students.iter().all(|s| s.pos == g.data.map.entrance));
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.round, 1);
}

#[test]
fn first_trip_takes_a_tray_and_one_of_each_family_for_1_aa_then_only_moves() {
    let mut g = Game::new(Setup::new(4, &[]), &mut SeededDice::new(3)).expect("setup");
    let legal = g.legal_actions();
    assert_eq!(
        legal,
        vec![Action::FoodLine {
            families: 0b11111,
            tray: true
        }]
    );
    let tops: Vec<FoodId> = Family::ALL.iter().map(|f| g.stacks[f.index()][0]).collect();
    act(&mut g, legal[0].clone(), &mut dice(&[]));
    assert_eq!(g.students[0].pos, g.data.map.exit);
    assert_eq!(g.students[0].hold, Hold::Tray(tops));
    assert_eq!(g.aa_left(), 9);
    assert_eq!(g.line_trays, 7);
    assert!(
        g.legal_actions().iter().all(|a| matches!(a, Action::Move(_))),
        "{:?}",
        g.legal_actions()
    );
}

#[test]
fn no_one_may_end_the_first_turn_blocking_the_exit() {
    let mut g = Game::new(Setup::new(4, &[]), &mut SeededDice::new(3)).expect("setup");
    act(
        &mut g,
        Action::FoodLine {
            families: 0b11111,
            tray: true,
        },
        &mut dice(&[]),
    );
    // Rock stands on d2 with his last AA; Connie (still at the Entrance) needs a way off the Exit.
    put(&mut g, 0, "d2");
    put(&mut g, 2, "c3");
    g.students[2].made_trip = true;
    if let Some(t) = &mut g.turn {
        t.aa = 1;
    }
    assert!(
        !g.legal_actions().contains(&Action::Move(sq("c2"))),
        "c2 is the Exit's last free neighbour"
    );
    if let Some(t) = &mut g.turn {
        t.aa = 2;
    }
    assert!(
        g.legal_actions().contains(&Action::Move(sq("c2"))),
        "passing through is fine"
    );
}

#[test]
fn all_aa_must_be_spent_and_end_turn_only_when_nothing_costs_aa() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    turn(&mut g, 0, 2);
    assert!(!g.legal_actions().contains(&Action::EndTurn));
    act(&mut g, Action::Move(sq("r8")), &mut dice(&[]));
    assert_eq!(g.to_move(), Some(0));
    act(&mut g, Action::Move(sq("q8")), &mut dice(&[]));
    assert_eq!(g.to_move(), Some(1), "the turn ends when the AA is spent");
    // A student boxed in with nothing to do may end the turn.
    let mut g = lab(4, &[]);
    put(&mut g, 1, "c2");
    put(&mut g, 0, "d2");
    put(&mut g, 2, "c3");
    put(&mut g, 3, "d3");
    staff(&mut g, 4, "b2");
    turn(&mut g, 1, 5);
    assert_eq!(g.legal_actions(), vec![Action::EndTurn]);
}

#[test]
fn students_cannot_walk_into_tables_cans_characters_or_off_the_floor() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "d3"); // beside Table A (e4) and the Food Line counter (b3 is '=')
    put(&mut g, 1, "c4");
    turn(&mut g, 0, 10);
    let moves: Vec<Sq> = g
        .legal_actions()
        .iter()
        .filter_map(|a| if let Action::Move(s) = a { Some(*s) } else { None })
        .collect();
    assert!(!moves.contains(&sq("e4")), "table");
    assert!(!moves.contains(&sq("c4")), "Connie");
    assert!(moves.contains(&sq("c2")) && moves.contains(&sq("e2")));
    put(&mut g, 0, "w3");
    put(&mut g, 1, "c7");
    let moves: Vec<Sq> = g
        .legal_actions()
        .iter()
        .filter_map(|a| if let Action::Move(s) = a { Some(*s) } else { None })
        .collect();
    assert!(
        !moves.contains(&sq("x3")) && !moves.contains(&sq("x4")),
        "walls and the Kitchen door"
    );
    // Holding something, a can at home cannot be walked onto.
    hands(&mut g, 0, &["tea"]);
    assert!(!g.legal_actions().contains(&Action::Move(sq("w2"))));
}

#[test]
fn no_throwing_before_everyone_went_through_the_line() {
    let mut g = Game::new(Setup::new(4, &[]), &mut SeededDice::new(8)).expect("setup");
    let mut d = SeededDice::new(8);
    while g.round == 1 {
        let legal = g.legal_actions();
        assert!(
            legal
                .iter()
                .all(|a| matches!(a, Action::FoodLine { .. } | Action::Move(_) | Action::EndTurn)),
            "{legal:?}"
        );
        g.play(&legal[0], &mut d).expect("legal");
    }
    assert!(
        g.students
            .iter()
            .all(|s| s.made_trip && matches!(s.hold, Hold::Tray(ref v) if v.len() == 5))
    );
}

#[test]
fn after_ten_rounds_the_survivors_hold_a_food_off() {
    let mut g = lab(4, &[]);
    g.round = 10;
    g.students[3].status = Status::Gone;
    g.turn_pos = 4;
    g.next_turn(&mut dice(&[]));
    assert!(g.food_off.is_some());
    let legal = g.legal_actions();
    // Three families out of five, times two targets.
    assert_eq!(legal.len(), 10 * 2);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::FoodOff { families, .. } if families.count_ones() == 3))
    );
    assert_eq!(g.to_move(), Some(0));
    // Rock: three hits. Connie and Dwayne: three misses each.
    let mut d = dice(&[1, 1, 6, 1, 1, 6, 1, 1, 6]);
    let main_dessert_veg = 1 | (1 << 2) | (1 << 3); // beverages, vegetables, main dishes: all do damage
    act(
        &mut g,
        Action::FoodOff {
            families: main_dessert_veg,
            target: 1,
        },
        &mut d,
    );
    for s in [1u8, 2] {
        assert_eq!(g.to_move(), Some(s));
        act(
            &mut g,
            Action::FoodOff {
                families: main_dessert_veg,
                target: 0,
            },
            &mut dice(&[6, 6, 6, 6, 6, 6]),
        );
    }
    let o = g.outcome().expect("over");
    assert_eq!(o.kind, EndKind::FoodOff);
    assert_eq!(o.winners, vec![0]);
    assert_eq!(o.scores, vec![1.0, 0.0, 0.0, 0.0]);
    assert!(o.food_off[0].1 >= 3 * 6, "three hits of at least 1 + damage");
    assert_eq!(g.students[1].ar, 60, "Food-Off damage does not touch AR");
}

#[test]
fn a_lone_survivor_after_ten_rounds_wins_without_a_food_off() {
    let mut g = lab(4, &[]);
    g.round = 10;
    g.students[1].status = Status::Retired;
    g.students[2].status = Status::Gone;
    g.students[3].status = Status::Gone;
    g.turn_pos = 4;
    g.next_turn(&mut dice(&[]));
    let o = g.outcome().expect("over");
    assert_eq!((o.kind, o.winners.clone()), (EndKind::LastStudent, vec![0]));
}

#[test]
fn ten_rounds_without_a_throw_and_everybody_loses() {
    let mut g = Game::new(Setup::new(3, &[]), &mut SeededDice::new(5)).expect("setup");
    let mut d = SeededDice::new(5);
    // Nobody throws: always the first legal action that is not an attack (drops excepted).
    while !g.is_over() {
        let legal = g.legal_actions();
        let a = legal
            .iter()
            .find(|a| {
                !matches!(
                    a,
                    Action::Throw { .. }
                        | Action::Dump(_)
                        | Action::Squirt(_)
                        | Action::DumpBowl(_)
                        | Action::SpillCan(_)
                )
            })
            .cloned()
            .unwrap_or(Action::EndTurn);
        g.play(&a, &mut d).expect("legal");
    }
    let o = g.outcome().expect("over");
    assert_eq!(o.kind, EndKind::NoThrow);
    assert!(o.winners.is_empty());
    assert_eq!(o.rounds, 10);
    assert_eq!(
        g.faculty.iter().filter(|f| f.pos.is_some()).count(),
        0,
        "no alarm, no staff"
    );
}

#[test]
fn the_throw_counter_resets_after_an_attack() {
    let mut g = lab(4, &[]);
    g.rounds_without_throw = 5;
    put(&mut g, 0, "q8");
    put(&mut g, 1, "r8");
    let [tea] = hands(&mut g, 0, &["tea"])[..] else {
        panic!()
    };
    turn(&mut g, 0, 10);
    act(
        &mut g,
        Action::Throw {
            food: tea,
            target: Target::Student(1),
        },
        &mut dice(&[6, 6]),
    );
    g.turn = None;
    g.turn_pos = 4;
    g.next_turn(&mut dice(&[1]));
    assert_eq!(g.rounds_without_throw, 0);
}
