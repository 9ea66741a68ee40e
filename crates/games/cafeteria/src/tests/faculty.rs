//! Faculty entry, pursuit, slowing, NSR, apprehension, the Last Ditch Assault and grudges.

use super::*;
use crate::action::Target;
use crate::game::Status;

#[test]
fn no_staff_before_the_first_attack_then_one_new_member_each_round() {
    let mut g = lab(4, &[]);
    g.turn_pos = 4;
    g.start_round(&mut dice(&[]));
    assert!(g.faculty.iter().all(|f| f.pos.is_none()), "no combat yet");
    g.combat_round = Some(g.round);
    g.turn = None;
    g.turn_pos = 4;
    let mut d = dice(&[5]); // Mad Oscar
    g.start_round(&mut d);
    assert!(g.faculty[4].pos.is_some());
    assert_eq!(g.faculty.iter().filter(|f| f.pos.is_some()).count(), 1);
    g.turn = None;
    g.turn_pos = 4;
    g.start_round(&mut dice(&[1]));
    assert_eq!(g.faculty.iter().filter(|f| f.pos.is_some()).count(), 2);
    assert!(
        g.faculty[0].pos.is_some(),
        "first of the five left in the Lounge: Ms. Pallid"
    );
}

#[test]
fn entering_member_moves_its_full_mr_along_a_shortest_path() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "s9");
    g.faculty_phase(&mut dice(&[5])); // Mad Oscar, MR 3, from the Janitors' Vault at x9
    let pos = g.faculty[4].pos.expect("entered");
    assert_eq!(pos.x, 20, "three steps from column x toward Rock");
    assert_eq!(pos.king_distance(sq("s9")), 2);
}

#[test]
fn nearest_student_ties_are_settled_by_a_die() {
    for (face, caught) in [(1u32, 0u8), (2, 1)] {
        let mut g = lab(4, &[]);
        put(&mut g, 0, "s9");
        put(&mut g, 1, "w9");
        staff(&mut g, 4, "u9");
        staff_moves(&mut g, &mut dice(&[face]));
        assert_eq!(g.students[usize::from(caught)].status, Status::Gone, "face {face}");
        assert_eq!(g.faculty[4].pos, None, "the member takes the student to the office");
    }
}

#[test]
fn spilled_food_may_stop_a_fast_member_but_mr_1_never_rolls() {
    // Every shortest path from p7 to v7 steps into column q first: spill food on all of it.
    let spill = |g: &mut Game| {
        for at in ["q6", "q7", "q8"] {
            let pie = take(g, "pie");
            g.floor.push((sq(at), pie));
        }
    };
    let mut g = lab(4, &[]);
    put(&mut g, 0, "v7");
    staff(&mut g, 5, "p7");
    spill(&mut g);
    let mut d = dice(&[5]); // 5 > Coach's MR 4: stops
    staff_moves(&mut g, &mut d);
    assert_eq!(g.faculty[5].pos.map(|p| p.x), Some(16));
    assert_eq!(d.remaining(), 0);
    let mut g = lab(4, &[]);
    put(&mut g, 0, "v7");
    staff(&mut g, 5, "p7");
    staff(&mut g, 0, "o8");
    spill(&mut g);
    let mut d = dice(&[4]); // 4 is not above 4: Coach goes on
    staff_moves(&mut g, &mut d);
    assert_eq!(g.faculty[5].pos.map(|p| p.x), Some(19));
    assert_eq!(
        g.faculty[0].pos.map(|p| p.x),
        Some(15),
        "Ms. Pallid moves one square and rolls nothing"
    );
    assert_eq!(d.remaining(), 0);
}

#[test]
fn damage_at_nsr_in_one_round_immobilizes_through_the_next_round() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    staff(&mut g, 0, "s8"); // Ms. Pallid, NSR 6
    let foods = hands(&mut g, 0, &["tea", "tea"]);
    turn(&mut g, 0, 10);
    act(
        &mut g,
        Action::Throw {
            food: foods[0],
            target: Target::Faculty(0),
        },
        &mut dice(&[1, 1, 1]),
    );
    assert_eq!(g.faculty[0].round_damage, 3);
    assert!(g.faculty[0].immobile_through < g.round);
    act(
        &mut g,
        Action::Throw {
            food: foods[1],
            target: Target::Faculty(0),
        },
        &mut dice(&[1, 1, 1]),
    );
    assert_eq!(g.faculty[0].immobile_through, g.round + 1);
    // Damage does not carry over: a new round starts from zero, and she stays put.
    g.round += 1;
    g.faculty[0].round_damage = 0;
    let before = g.faculty[0].pos;
    staff_moves(&mut g, &mut dice(&[]));
    assert_eq!(g.faculty[0].pos, before);
}

#[test]
fn last_ditch_assault_that_stuns_frees_the_student_and_earns_a_grudge() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "s9");
    staff(&mut g, 4, "t9");
    hands(&mut g, 0, &["apple"]);
    staff_moves(&mut g, &mut dice(&[1, 1, 6]));
    assert_eq!(g.students[0].status, Status::Active);
    assert_eq!(g.faculty[4].grudge, Some(0));
    assert_eq!(
        g.faculty[4].pos,
        Some(sq("s9")),
        "the member stands on the student's square"
    );
    assert!(g.faculty[4].immobile_through > g.round);
    assert!(g.students[0].hold.is_empty(), "everything was thrown");
}

#[test]
fn failed_last_ditch_assault_means_the_office() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "s9");
    staff(&mut g, 4, "t9");
    let [apple] = hands(&mut g, 0, &["apple"])[..] else {
        panic!()
    };
    staff_moves(&mut g, &mut dice(&[6, 6]));
    assert_eq!(g.students[0].status, Status::Gone);
    assert_eq!(g.faculty[4].pos, None, "back to the Lounge, free to come again");
    assert!(on_floor(&g, apple, "t9"), "the miss lands where the member came from");
    assert!(g.check().is_ok());
}

#[test]
fn a_student_with_nothing_to_throw_is_hauled_away() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "s9");
    staff(&mut g, 4, "t9");
    staff_moves(&mut g, &mut dice(&[]));
    assert_eq!(g.students[0].status, Status::Gone);
}

#[test]
fn a_grudge_overrides_the_nearest_student() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "s7");
    put(&mut g, 1, "k7");
    staff(&mut g, 5, "u7");
    g.faculty[5].grudge = Some(1);
    staff_moves(&mut g, &mut dice(&[]));
    assert_eq!(
        g.faculty[5].pos.map(|p| p.x),
        Some(16),
        "Coach runs past Rock toward Connie"
    );
    assert_eq!(g.students[0].status, Status::Active);
}
