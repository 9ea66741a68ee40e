//! Garbage cans, tables, trays, later trips through the Food Line, disposing of food.

use super::*;
use crate::action::Target;
use crate::data::Dir;
use crate::game::CanPlace;

#[test]
fn taking_a_can_rolls_its_fullness_and_carrying_costs_two_extra_aa_once_a_turn() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "v3");
    turn(&mut g, 0, 10);
    act(&mut g, Action::Move(sq("w2")), &mut dice(&[3]));
    assert_eq!(g.cans[0].place, CanPlace::Held(0));
    assert_eq!(g.cans[0].fullness, Some(3));
    assert_eq!(g.students[0].hold, Hold::Can(0));
    assert_eq!(g.aa_left(), 9);
    act(&mut g, Action::Move(sq("v3")), &mut dice(&[]));
    assert_eq!(g.aa_left(), 6, "1 for the step and 2 for carrying");
    act(&mut g, Action::Move(sq("v4")), &mut dice(&[]));
    assert_eq!(g.aa_left(), 5, "the fee is paid once a turn");
}

#[test]
fn a_practically_empty_can_cannot_be_spilled_but_feeding_fills_it() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "v3");
    hands(&mut g, 1, &["bread", "roll"]);
    turn(&mut g, 0, 10);
    act(&mut g, Action::Move(sq("w2")), &mut dice(&[6]));
    put(&mut g, 1, "v3");
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::SpillCan(_))));
    // Connie feeds Rock's can two foods: fullness 6 becomes 1.
    g.turn = None;
    turn(&mut g, 1, 7);
    let foods = g.students[1].hold.foods().to_vec();
    act(&mut g, Action::FeedCan { can: 0, food: foods[0] }, &mut dice(&[]));
    assert_eq!(g.cans[0].fullness, Some(6));
    act(&mut g, Action::FeedCan { can: 0, food: foods[1] }, &mut dice(&[]));
    assert_eq!(g.cans[0].fullness, Some(1));
    assert!(removed(&g, foods[0]) && removed(&g, foods[1]));
    assert_eq!(g.aa_left(), 7, "feeding is free");
}

#[test]
fn food_fed_to_a_can_at_home_counts_when_it_is_taken() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "v3");
    hands(&mut g, 0, &["bread", "roll"]);
    turn(&mut g, 0, 10);
    let foods = g.students[0].hold.foods().to_vec();
    for f in foods {
        act(&mut g, Action::FeedCan { can: 0, food: f }, &mut dice(&[]));
    }
    act(&mut g, Action::Move(sq("w2")), &mut dice(&[4]));
    assert_eq!(g.cans[0].fullness, Some(5));
}

#[test]
fn spilling_a_can_contests_dice_damages_and_leaves_garbage_that_expires() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "v3");
    put(&mut g, 1, "v5");
    turn(&mut g, 0, 10);
    act(&mut g, Action::Move(sq("w2")), &mut dice(&[3]));
    act(&mut g, Action::Move(sq("v3")), &mut dice(&[]));
    // Attacker 3d6 = 12 against Connie's 2d6 (distance 2) = 2: hit for 3d6 + 3 = 9.
    let mut d = dice(&[4, 4, 4, 1, 1, 2, 2, 2]);
    act(&mut g, Action::SpillCan(Dir::S), &mut d);
    assert_eq!(d.remaining(), 0);
    assert_eq!(g.students[1].ar, 60 - 9);
    let marked: Vec<Sq> = g.garbage.iter().map(|m| m.sq).collect();
    assert_eq!(marked, vec![sq("v4"), sq("v5"), sq("v6")], "garbage even under Connie");
    assert_eq!(g.garbage_pile, 7);
    assert_eq!(g.cans[0].fullness, Some(6));
    assert_eq!(g.cans[0].place, CanPlace::AtFeet(sq("v3")));
    assert!(g.legal_actions().contains(&Action::TakeCan));
    // Garbage makes anyone entering slip for sure (no slip roll, straight to the table).
    let mut d = dice(&[1]);
    act(&mut g, Action::Move(sq("v4")), &mut d);
    assert_eq!(d.remaining(), 0);
    assert_eq!(g.cans[0].place, CanPlace::Away, "left behind: it goes home next round");
    // Next round: the can is back home, the garbage still there; the round after it is gone.
    g.turn = None;
    g.turn_pos = 4;
    g.next_turn(&mut dice(&[1]));
    assert_eq!(g.cans[0].place, CanPlace::Home);
    assert_eq!(g.garbage.len(), 3);
    g.turn = None;
    g.turn_pos = 4;
    g.next_turn(&mut dice(&[1]));
    assert!(g.garbage.is_empty());
    assert_eq!(g.garbage_pile, 10);
}

#[test]
fn a_losing_spill_contest_does_nothing_and_the_line_stops_at_walls() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "v3");
    put(&mut g, 1, "w4");
    turn(&mut g, 0, 10);
    act(&mut g, Action::Move(sq("w2")), &mut dice(&[5]));
    act(&mut g, Action::Move(sq("v3")), &mut dice(&[]));
    assert_eq!(g.spill_line(sq("v3"), Dir::E, 5), vec![(sq("w3"), 1)], "x3 is a wall");
    let mut d = dice(&[1, 1, 1, 1, 1, 6]);
    act(&mut g, Action::SpillCan(Dir::SE), &mut d);
    assert_eq!(g.students[1].ar, 60, "5 is not more than 6");
}

#[test]
fn searching_a_table_finds_food_from_the_stacks_starting_with_beverages() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "e3");
    turn(&mut g, 0, 10);
    let tops: Vec<FoodId> = Family::ALL.iter().take(3).map(|f| g.stacks[f.index()][0]).collect();
    act(&mut g, Action::SearchTable(0), &mut dice(&[3]));
    assert_eq!(g.aa_left(), 10, "searching is free");
    let (_, slots) = g.table_search().expect("found food");
    assert_eq!(slots, &[Some(tops[0]), Some(tops[1]), Some(tops[2])]);
    assert!(
        !g.legal_actions().contains(&Action::SearchTable(0)),
        "once per table per turn"
    );
    // Two hands: at most two counters in one pick-up, for 1 AA.
    assert!(!g.legal_actions().contains(&Action::PickUp(0b111)));
    act(&mut g, Action::PickUp(0b101), &mut dice(&[]));
    assert_eq!(g.students[0].hold, Hold::Hands(vec![tops[0], tops[2]]));
    assert_eq!(g.aa_left(), 9);
    // Walking away returns the rest to the bottom of its stack.
    act(&mut g, Action::Move(sq("d3")), &mut dice(&[]));
    assert_eq!(g.stacks[Family::Breads.index()].back(), Some(&tops[1]));
    assert!(g.table_search().is_none());
}

#[test]
fn a_six_means_the_table_has_no_food() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "e3");
    turn(&mut g, 0, 10);
    act(&mut g, Action::SearchTable(0), &mut dice(&[6]));
    assert!(g.table_search().is_none());
}

#[test]
fn the_tray_on_a_table_can_be_taken_and_holds_what_was_in_hand() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "e3");
    let foods = hands(&mut g, 0, &["pie"]);
    turn(&mut g, 0, 10);
    assert_eq!(g.tables[0].trays, 1);
    act(&mut g, Action::TakeTray(0), &mut dice(&[]));
    assert_eq!(g.students[0].hold, Hold::Tray(foods));
    assert_eq!(g.tables[0].trays, 0);
    assert!(!g.legal_actions().contains(&Action::TakeTray(0)));
    // With a tray, search and pick up two at a time, up to five on the tray.
    act(&mut g, Action::SearchTable(0), &mut dice(&[5]));
    act(&mut g, Action::PickUp(0b11), &mut dice(&[]));
    act(&mut g, Action::PickUp(0b1100), &mut dice(&[]));
    assert_eq!(g.students[0].hold.foods().len(), 5);
    assert!(
        !g.legal_actions().iter().any(|a| matches!(a, Action::PickUp(_))),
        "tray full"
    );
}

#[test]
fn later_trips_need_empty_hands_and_give_two_foods_of_different_families() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "b9");
    turn(&mut g, 0, 10);
    let trips: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::FoodLine { .. }))
        .collect();
    // 1 + 5 + 10 family choices, each with or without a tray (but no tray without food).
    assert_eq!(trips.len(), 31);
    assert!(
        trips
            .iter()
            .all(|a| matches!(a, Action::FoodLine { families, .. } if families.count_ones() <= 2))
    );
    let pie_top = g.stacks[Family::Desserts.index()][0];
    act(
        &mut g,
        Action::FoodLine {
            families: 0b10001,
            tray: false,
        },
        &mut dice(&[]),
    );
    assert_eq!(g.students[0].pos, g.data.map.exit);
    assert_eq!(g.students[0].hold.foods().len(), 2);
    assert!(g.students[0].hold.foods().contains(&pie_top));
    // Carrying food, nobody may enter the line.
    put(&mut g, 0, "b9");
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::FoodLine { .. })));
}

#[test]
fn disposing_returns_food_to_the_bottom_of_its_stack_and_a_dropped_tray_leaves_play() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    let foods = tray(&mut g, 0, &["pie", "tea"]);
    turn(&mut g, 0, 10);
    act(&mut g, Action::Drop(foods[0]), &mut dice(&[]));
    assert_eq!(g.stacks[Family::Desserts.index()].back(), Some(&foods[0]));
    let before = g.removed_trays;
    act(&mut g, Action::DropTray, &mut dice(&[]));
    assert_eq!(g.removed_trays, before + 1);
    assert_eq!(g.stacks[Family::Beverages.index()].back(), Some(&foods[1]));
    assert_eq!(g.aa_left(), 10);
}

#[test]
fn trays_run_out() {
    let mut g = lab(4, &[]);
    g.removed_trays += g.line_trays;
    g.line_trays = 0;
    put(&mut g, 0, "b9");
    turn(&mut g, 0, 10);
    assert!(!g.legal_actions().contains(&Action::FoodLine {
        families: 1,
        tray: true
    }));
    assert!(g.legal_actions().contains(&Action::FoodLine {
        families: 1,
        tray: false
    }));
    let _ = Target::Student(0);
}

#[test]
fn a_spill_line_skips_tables() {
    let g = lab(4, &[]);
    // From h4 westward: g4, f4 and e4 are Table A, then d4 and c4 are floor.
    assert_eq!(g.spill_line(sq("h4"), Dir::W, 5), vec![(sq("d4"), 4), (sq("c4"), 5)]);
}
