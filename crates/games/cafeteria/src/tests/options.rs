//! The optional rules: A New Beginning, Mystery Meat, Table Tipping, Salad Bar.

use super::*;
use crate::action::Target;
use crate::data::{CENTER_TABLE, Special};
use crate::game::Status;

#[test]
fn option_names_parse() {
    for o in GameOption::ALL {
        assert_eq!(o.name().parse::<GameOption>(), Ok(o));
    }
    assert_eq!("Salad_Bar".parse::<GameOption>(), Ok(GameOption::SaladBar));
    assert!("salad".parse::<GameOption>().is_err());
}

#[test]
fn a_new_beginning_places_students_on_numbered_squares_and_allows_throwing_at_once() {
    let mut d = ScriptedDice::new([2, 2, 1]); // after the shuffles: Rock square 2, Connie 3rd free, …
    let mut seeded = SeededDice::new(4);
    let g0 = Game::new(Setup::new(4, &[GameOption::ANewBeginning]), &mut seeded).expect("setup");
    let starts = &g0.data.map.starts;
    let mut seen: Vec<Sq> = g0.students.iter().map(|s| s.pos).collect();
    assert!(seen.iter().all(|p| starts.contains(p)));
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 4, "no two students on one square");
    // The first turn is free: no forced trip through the line.
    assert!(g0.legal_actions().iter().any(|a| matches!(a, Action::Move(_))));
    let _ = &mut d;
    // Throwing in round 1 is allowed.
    let mut g = g0.clone();
    put(&mut g, 0, "q8");
    put(&mut g, 1, "r8");
    hands(&mut g, 0, &["tea"]);
    turn(&mut g, 0, 10);
    assert_eq!(g.round, 1);
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::Throw { .. })));
    // The first trip, when taken, is the full one.
    let mut g = g0.clone();
    put(&mut g, 0, "b9");
    turn(&mut g, 0, 10);
    assert!(g.legal_actions().contains(&Action::FoodLine {
        families: 0b11111,
        tray: true
    }));
    assert!(!g.legal_actions().contains(&Action::FoodLine {
        families: 1,
        tray: true
    }));
}

#[test]
fn a_new_beginning_rolls_the_start_squares_in_turn_order() {
    // Replace the dice after setup's shuffles by scripting all draws: shuffles draw below(n) for
    // n = 2..=len of each stack, so script those as 1s, then the placement picks.
    let g = Game::new(Setup::new(2, &[]), &mut SeededDice::new(1)).expect("setup");
    let shuffle_draws: usize = g.stack_sizes().iter().map(|&n| n.saturating_sub(1)).sum();
    let mut script = vec![1u32; shuffle_draws];
    script.extend([2, 2, 1, 3]); // square 2; 2nd free of (1,3,4,5,6) = 3; 1st free = 1; 3rd of (4,5,6) = 6
    let g = Game::new(
        Setup::new(2, &[GameOption::ANewBeginning]),
        &mut ScriptedDice::new(script),
    )
    .expect("setup");
    let got: Vec<Sq> = g.students.iter().map(|s| s.pos).collect();
    let starts = &g.data.map.starts;
    assert_eq!(got, vec![starts[1], starts[2], starts[0], starts[5]]);
}

#[test]
fn mystery_meat_numbers_are_rolled_at_its_first_use_with_caps() {
    let mut g = lab(4, &[GameOption::MysteryMeat]);
    assert_eq!(
        g.stacks[Family::MainDishes.index()]
            .iter()
            .filter(|&&f| g.data.kind(f).special == Some(Special::MysteryMeat))
            .count(),
        4
    );
    put(&mut g, 0, "q8");
    put(&mut g, 1, "s8");
    let [mm, mm2] = hands(&mut g, 0, &["Mystery Meat", "Mystery Meat"])[..] else {
        panic!()
    };
    turn(&mut g, 0, 10);
    assert!(g.mystery().is_none());
    assert!(g.legal_actions().contains(&Action::Throw {
        food: mm,
        target: Target::Student(1)
    }));
    // range 4, slipperiness 5, damage 6+3 capped to 6, to hit 6+6+3 capped to 11; then 2d6 = 12 misses.
    let mut d = dice(&[4, 5, 6, 6, 6, 6, 6]);
    act(
        &mut g,
        Action::Throw {
            food: mm,
            target: Target::Student(1),
        },
        &mut d,
    );
    assert_eq!(
        g.mystery(),
        Some(crate::game::Mystery {
            range: 4,
            slip: 5,
            damage: 6,
            to_hit: 11
        })
    );
    assert_eq!(g.slipperiness(sq("t8")), 5);
    // Same numbers for every Mystery Meat from now on.
    let mut d = dice(&[5, 6, 2]);
    act(
        &mut g,
        Action::Throw {
            food: mm2,
            target: Target::Student(1),
        },
        &mut d,
    );
    assert_eq!(g.students[1].ar, 60 - 8);
}

#[test]
fn without_the_options_their_counters_are_unused() {
    let g = lab(4, &[]);
    let unused: Vec<&str> = g.unused.iter().map(|&f| g.food_name(f)).collect();
    assert_eq!(unused.len(), 4 + 12);
    assert!(g.check().is_ok());
    let g = lab(4, &GameOption::ALL);
    assert!(g.unused.is_empty());
}

#[test]
fn a_broken_invariant_is_named_with_its_counts() {
    let mut g = lab(4, &[]);
    let food = g.unused[0];
    g.unused.push(food);
    assert_eq!(
        g.check(),
        Err(crate::BrokenInvariant::FoodTwice {
            food,
            place: crate::FoodPlace::Unused
        })
    );
    g.unused.pop();
    g.line_trays += 1;
    let expected = g.data.trays;
    let err = g.check().unwrap_err();
    assert_eq!(
        err,
        crate::BrokenInvariant::Trays {
            counted: u32::from(expected) + 1,
            expected
        }
    );
    assert_eq!(err.to_string(), format!("{} trays instead of {expected}", expected + 1));
}

#[test]
fn tipping_a_table_hides_the_student_and_draws_the_nearest_staff_member() {
    let mut g = lab(4, &[GameOption::TableTipping]);
    put(&mut g, 0, "e3");
    staff(&mut g, 4, "p7");
    staff(&mut g, 0, "t3");
    turn(&mut g, 0, 10);
    assert!(g.legal_actions().contains(&Action::TipTable(0)));
    act(&mut g, Action::TipTable(0), &mut dice(&[6, 6])); // 12 - 2 = 10 <= Rock's 10
    assert_eq!(g.students[0].hiding, Some(0));
    assert_eq!(g.students[0].pos, sq("e4"), "standing on the table");
    assert_eq!(g.tables[0].trays, 0, "the tray on it is lost");
    assert_eq!(
        g.faculty[4].attracted,
        Some((0, 3)),
        "Mad Oscar is nearer than Ms. Pallid"
    );
    assert_ne!(g.to_move(), Some(0), "the turn ends");
    // Only a student with empty hands can tip, and Lennie (AA 4) fails on 2d6 - 2 = 5.
    let mut g = lab(4, &[GameOption::TableTipping]);
    put(&mut g, 3, "e3");
    turn(&mut g, 3, 4);
    act(&mut g, Action::TipTable(0), &mut dice(&[4, 3]));
    assert_eq!(g.students[3].hiding, None);
    assert_eq!(g.aa_left(), 3);
    hands(&mut g, 3, &["tea"]);
    assert!(!g.legal_actions().contains(&Action::TipTable(0)));
}

#[test]
fn a_hidden_student_is_safe_beyond_two_squares_cannot_attack_and_un_tips_on_leaving() {
    let mut g = lab(4, &[GameOption::TableTipping]);
    put(&mut g, 0, "e3");
    turn(&mut g, 0, 10);
    act(&mut g, Action::TipTable(0), &mut dice(&[1, 1]));
    let [apple] = hands(&mut g, 1, &["apple"])[..] else {
        panic!()
    };
    put(&mut g, 1, "h4");
    turn(&mut g, 1, 7);
    let at_rock = Action::Throw {
        food: apple,
        target: Target::Student(0),
    };
    assert!(!g.legal_actions().contains(&at_rock), "3 squares away");
    put(&mut g, 1, "g3");
    assert!(g.legal_actions().contains(&at_rock), "2 squares away");
    // Rock's own turn: stay (losing the turn) or step off.
    hands(&mut g, 0, &["tea"]);
    turn(&mut g, 0, 10);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::StayHidden));
    assert!(
        legal.iter().all(|a| matches!(a, Action::StayHidden | Action::Move(_))),
        "{legal:?}"
    );
    act(&mut g, Action::Move(sq("e3")), &mut dice(&[]));
    assert_eq!(g.students[0].hiding, None);
    assert_eq!(g.tables[0].hider, None);
    assert!(
        g.legal_actions().contains(&Action::SearchTable(0)),
        "the table serves food again"
    );
}

#[test]
fn the_drawn_member_seizes_a_hider_from_any_neighbouring_square() {
    let mut g = lab(4, &[GameOption::TableTipping]);
    put(&mut g, 0, "e3");
    staff(&mut g, 5, "k4");
    turn(&mut g, 0, 10);
    act(&mut g, Action::TipTable(0), &mut dice(&[1, 1]));
    assert_eq!(g.faculty[5].attracted, Some((0, 3)));
    g.round = 3;
    put(&mut g, 1, "j7"); // nearer to Coach than the table; ignored this round
    staff_moves(&mut g, &mut dice(&[]));
    assert_eq!(g.students[0].status, Status::Gone);
    assert_eq!(g.tables[0].hider, None);
    assert_eq!(g.students[1].status, Status::Active);
}

#[test]
fn salad_bar_layout_runs_clockwise_from_the_square_next_to_start_3() {
    let g = lab(4, &[GameOption::SaladBar]);
    let names: Vec<(String, Vec<&str>)> = g
        .salad
        .iter()
        .map(|(s, v)| (s.to_string(), v.iter().map(|&f| g.food_name(f)).collect()))
        .collect();
    assert_eq!(names[0], ("m8".to_string(), vec!["bowl", "greens"]));
    assert_eq!(names[2].1, vec!["relish", "onions"]);
    assert_eq!(names[7], ("l8".to_string(), vec!["bowl", "curd"]));
    assert_eq!(g.salad.iter().map(|(_, v)| v.len()).sum::<usize>(), 12);
    let start3 = g.data.map.starts[2];
    assert_eq!(start3.king_distance(g.salad[0].0), 1);
}

#[test]
fn salad_bar_bowls_and_pumpers() {
    let mut g = lab(4, &[GameOption::SaladBar]);
    put(&mut g, 0, "n8"); // east of m8
    put(&mut g, 1, "n9");
    turn(&mut g, 0, 10);
    assert!(
        !g.legal_actions().contains(&Action::SearchTable(CENTER_TABLE)),
        "the salad bar is no table"
    );
    let bowl = g.salad[0].1[0];
    let greens = g.salad[0].1[1];
    act(&mut g, Action::PickSalad(bowl), &mut dice(&[]));
    assert_eq!(g.students[0].hold, Hold::Bowl(bowl, Some(greens)));
    // Dump the greens (bowl's To Hit 7): 2d6 = 4 hits for 1d6 + 2.
    act(&mut g, Action::DumpBowl(Target::Student(1)), &mut dice(&[2, 2, 3]));
    assert_eq!(g.students[1].ar, 60 - 5);
    assert_eq!(g.students[0].hold, Hold::Bowl(bowl, None), "the bowl is kept");
    // The empty bowl thrown: no damage, stuns on a 6.
    act(
        &mut g,
        Action::Throw {
            food: bowl,
            target: Target::Student(1),
        },
        &mut dice(&[1, 1, 6]),
    );
    assert!(g.students[1].stunned);
    assert!(g.students[0].hold.is_empty());
    // The pumper (on m9, next to n9? no: reach it from n9's west side m9 is the table; stand on n9).
    put(&mut g, 1, "v13");
    put(&mut g, 0, "n9");
    put(&mut g, 2, "n10");
    let pumper = g.salad[1].1[0];
    act(&mut g, Action::PickSalad(pumper), &mut dice(&[]));
    assert_eq!(g.students[0].hold, Hold::Pumper(pumper));
    act(&mut g, Action::Squirt(Target::Student(2)), &mut dice(&[1, 1, 1]));
    act(&mut g, Action::Squirt(Target::Student(2)), &mut dice(&[1, 1, 1]));
    assert_eq!(g.students[2].ar, 70 - 6, "used again and again");
    assert_eq!(g.students[0].hold, Hold::Pumper(pumper));
}
