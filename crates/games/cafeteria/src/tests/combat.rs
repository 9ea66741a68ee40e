//! Throwing, range, hits, damage, stuns, misses, slipping, dumping.

use super::*;
use crate::action::Target;
use crate::game::Status;

#[test]
fn throw_hits_on_2d6_at_or_under_to_hit_and_damages_1d6_plus_damage() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "s8");
    let [tea] = hands(&mut g, 0, &["tea"])[..] else {
        panic!()
    };
    turn(&mut g, 0, 10);
    let mut d = dice(&[3, 4, 4]); // 7 <= tea's 7, then 4 + 2 damage
    act(
        &mut g,
        Action::Throw {
            food: tea,
            target: Target::Student(1),
        },
        &mut d,
    );
    assert_eq!(g.students[1].ar, 60 - 6);
    assert!(removed(&g, tea), "a food that hits leaves play");
    assert_eq!(g.aa_left(), 9, "a throw costs 1 AA");
    assert_eq!(g.combat_round, Some(2));
    assert_eq!(d.remaining(), 0);
}

#[test]
fn throw_misses_above_to_hit_and_lands_behind_the_target() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "s8");
    let foods = hands(&mut g, 0, &["tea", "pizza"]);
    turn(&mut g, 0, 10);
    let mut d = dice(&[4, 4]); // 8 > 7
    act(
        &mut g,
        Action::Throw {
            food: foods[0],
            target: Target::Student(1),
        },
        &mut d,
    );
    assert!(
        on_floor(&g, foods[0], "t8"),
        "first miss of a series lands behind the target"
    );
    assert_eq!(g.students[1].ar, 60);
    // Second miss: the two squares beside the first are equally good: the attacker chooses.
    let mut d = dice(&[6, 6]);
    act(
        &mut g,
        Action::Throw {
            food: foods[1],
            target: Target::Student(1),
        },
        &mut d,
    );
    let mut choices = g.miss_choices().to_vec();
    choices.sort();
    assert_eq!(choices, vec![sq("t7"), sq("t9")]);
    assert_eq!(
        g.legal_actions(),
        vec![Action::PlaceMiss(sq("t7")), Action::PlaceMiss(sq("t9"))]
    );
    act(&mut g, Action::PlaceMiss(sq("t9")), &mut d);
    assert!(on_floor(&g, foods[1], "t9"));
    assert_eq!(g.aa_left(), 8);
}

#[test]
fn miss_skips_occupied_squares_and_fills_the_ring_evenly() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "s8");
    put(&mut g, 2, "t8"); // behind Connie
    let foods = tray(&mut g, 0, &["tea", "tea", "tea"]);
    turn(&mut g, 0, 10);
    // Three misses: t8 is taken by Dwayne, so the first goes beside it and the attacker chooses.
    let mut d = dice(&[6, 6]);
    act(
        &mut g,
        Action::Throw {
            food: foods[0],
            target: Target::Student(1),
        },
        &mut d,
    );
    assert_eq!(g.miss_choices().len(), 2);
    act(&mut g, Action::PlaceMiss(sq("t7")), &mut d);
    let mut d = dice(&[6, 6]);
    act(
        &mut g,
        Action::Throw {
            food: foods[1],
            target: Target::Student(1),
        },
        &mut d,
    );
    assert!(
        on_floor(&g, foods[1], "t9"),
        "the other side of the first square comes next, no choice"
    );
}

#[test]
fn miss_with_no_room_leaves_play() {
    let mut g = lab(4, &[]);
    // Connie in the Food Line corner at c2 next to the Exit: surround her ring with characters.
    put(&mut g, 1, "c2");
    put(&mut g, 0, "e2");
    put(&mut g, 2, "c3");
    put(&mut g, 3, "d3");
    staff(&mut g, 5, "d2");
    staff(&mut g, 4, "b2"); // on the Exit
    let [tea] = hands(&mut g, 0, &["tea"])[..] else {
        panic!()
    };
    turn(&mut g, 0, 10);
    let mut d = dice(&[6, 6]);
    // Between Rock and Connie stands Coach on d2: range 2 + 1 = 3 <= tea's 3.
    act(
        &mut g,
        Action::Throw {
            food: tea,
            target: Target::Student(1),
        },
        &mut d,
    );
    assert!(removed(&g, tea), "{:?}", g.floor);
}

#[test]
fn range_counts_king_steps_and_characters_in_between() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "t8");
    let foods = hands(&mut g, 0, &["tea", "burger"]);
    turn(&mut g, 0, 10);
    let tea_ok = Action::Throw {
        food: foods[0],
        target: Target::Student(1),
    };
    let burger_ok = Action::Throw {
        food: foods[1],
        target: Target::Student(1),
    };
    assert!(g.legal_actions().contains(&tea_ok), "3 king steps, tea range 3");
    put(&mut g, 2, "r8");
    assert!(
        !g.legal_actions().contains(&tea_ok),
        "one character in between costs a square"
    );
    assert!(g.legal_actions().contains(&burger_ok), "burger range 4 still reaches");
    put(&mut g, 1, "t11");
    assert!(
        g.legal_actions().contains(&tea_ok),
        "diagonal 3 steps, nobody in between"
    );
}

#[test]
fn corner_touch_does_not_count_as_between() {
    let a = Sq::new(0, 0);
    let b = Sq::new(3, 1);
    assert!(Game::passes_through(a, b, Sq::new(1, 0)));
    assert!(Game::passes_through(a, b, Sq::new(2, 1)));
    assert!(!Game::passes_through(a, b, Sq::new(1, 1)), "touches only a corner");
    assert!(!Game::passes_through(a, b, Sq::new(2, 0)), "touches only a corner");
    assert!(Game::passes_through(Sq::new(0, 0), Sq::new(2, 2), Sq::new(1, 1)));
}

#[test]
fn apple_stuns_on_5_and_the_stunned_student_drops_everything_and_loses_a_turn() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "w8");
    let [apple] = hands(&mut g, 0, &["apple"])[..] else {
        panic!()
    };
    let connie_food = tray(&mut g, 1, &["pie", "cake"]);
    turn(&mut g, 0, 10);
    let mut d = dice(&[3, 3, 5]);
    act(
        &mut g,
        Action::Throw {
            food: apple,
            target: Target::Student(1),
        },
        &mut d,
    );
    assert_eq!(g.students[1].ar, 60, "apple does no damage");
    assert!(g.students[1].stunned);
    assert!(g.students[1].hold.is_empty());
    assert!(connie_food.iter().all(|&f| removed(&g, f)), "dropped items leave play");
    // Rock ends his turn: Connie's turn is skipped, Dwayne plays next.
    turn(&mut g, 0, 0);
    g.end_turn(&mut dice(&[]));
    assert_eq!(g.to_move(), Some(2));
    assert!(!g.students[1].stunned, "the stun is over once the lost turn has passed");
}

#[test]
fn rock_stuns_only_on_6_and_milk_damages_and_stuns() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "s8");
    let foods = hands(&mut g, 0, &["rock", "milk"]);
    turn(&mut g, 0, 10);
    act(
        &mut g,
        Action::Throw {
            food: foods[0],
            target: Target::Student(1),
        },
        &mut dice(&[1, 1, 5]),
    );
    assert!(!g.students[1].stunned);
    assert_eq!(g.students[1].ar, 60);
    act(
        &mut g,
        Action::Throw {
            food: foods[1],
            target: Target::Student(1),
        },
        &mut dice(&[1, 1, 3, 5]),
    );
    assert_eq!(g.students[1].ar, 60 - 4);
    assert!(g.students[1].stunned);
}

#[test]
fn slipping_in_food_follows_the_slip_table() {
    // Row 2: items lost, damage d6 + the square's food damage, turn goes on.
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    let spaghetti = take(&mut g, "spaghetti");
    g.floor.push((sq("r8"), spaghetti));
    let [tea] = hands(&mut g, 0, &["tea"])[..] else {
        panic!()
    };
    turn(&mut g, 0, 10);
    let mut d = dice(&[5, 2, 3]); // 5 <= 5 slips; table 2; damage 3 + 5
    act(&mut g, Action::Move(sq("r8")), &mut d);
    assert_eq!(g.students[0].ar, 40 - 8);
    assert!(removed(&g, tea));
    assert_eq!(g.aa_left(), 9);
    // No slip when the roll is above the slipperiness.
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    let peas = take(&mut g, "peas");
    g.floor.push((sq("r8"), peas));
    turn(&mut g, 0, 10);
    act(&mut g, Action::Move(sq("r8")), &mut dice(&[5]));
    assert_eq!(g.students[0].ar, 40);
}

#[test]
fn slipperiness_adds_up_per_square_and_six_always_slips() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    for name in ["peas", "tea"] {
        let f = take(&mut g, name);
        g.floor.push((sq("r8"), f));
    }
    assert_eq!(g.slipperiness(sq("r8")), 6);
    turn(&mut g, 0, 10);
    let mut d = dice(&[3]); // no slip roll at 6: table row 3 (items lost, 1 AA lost)
    act(&mut g, Action::Move(sq("r8")), &mut d);
    assert_eq!(d.remaining(), 0);
    assert_eq!(g.aa_left(), 8);
    assert_eq!(g.students[0].ar, 40);
}

#[test]
fn slip_rows_4_5_and_6() {
    for (row, aa_after, keeps_items, stunned) in [(4u32, 8u8, true, false), (5, 7, false, false), (6, 0, false, true)] {
        let mut g = lab(4, &[]);
        put(&mut g, 0, "q8");
        let jello = take(&mut g, "Jello");
        g.floor.push((sq("r8"), jello));
        hands(&mut g, 0, &["tea"]);
        turn(&mut g, 0, 10);
        let mut d = dice(&[1, row, 1]);
        act(&mut g, Action::Move(sq("r8")), &mut d);
        assert_eq!(g.students[0].ar, 40 - 4, "row {row}: damage 1 + Jello's 3");
        assert_eq!(!g.students[0].hold.is_empty(), keeps_items, "row {row}");
        assert_eq!(g.students[0].stunned, stunned, "row {row}");
        if stunned {
            assert_ne!(g.to_move(), Some(0), "a stun ends the turn");
        } else {
            assert_eq!(g.aa_left(), aa_after, "row {row}");
        }
    }
}

#[test]
fn dumping_gets_plus_two_loses_the_tray_and_the_tray_can_stun() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "r8");
    let foods = tray(&mut g, 0, &["pie", "chicken", "apple"]);
    turn(&mut g, 0, 10);
    let trays_before = g.removed_trays;
    // pie 9 <= 7+2 hits (2 + 4); chicken 10 > 5+2 misses; apple 2 hits but cannot stun from a tray;
    // the tray's own stun roll is 5: stunned.
    let mut d = dice(&[4, 5, 2, 5, 5, 1, 1, 5]);
    act(&mut g, Action::Dump(Target::Student(1)), &mut d);
    assert_eq!(d.remaining(), 0, "apple rolled no stun die");
    assert_eq!(g.students[1].ar, 60 - 6);
    assert!(g.students[1].stunned);
    assert!(on_floor(&g, foods[1], "s8"));
    assert!(removed(&g, foods[0]) && removed(&g, foods[2]));
    assert_eq!(g.removed_trays, trays_before + 1);
    assert!(g.students[0].hold.is_empty());
    assert_eq!(g.aa_left(), 9, "a whole dump costs 1 AA");
}

#[test]
fn dumping_needs_an_adjacent_target() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "s8");
    tray(&mut g, 0, &["pie"]);
    turn(&mut g, 0, 10);
    assert!(!g.legal_actions().contains(&Action::Dump(Target::Student(1))));
    put(&mut g, 1, "r9");
    assert!(g.legal_actions().contains(&Action::Dump(Target::Student(1))));
}

#[test]
fn a_student_at_ar_zero_retires_cannot_be_targeted_and_the_last_one_wins() {
    let mut g = lab(2, &[]);
    // Two players: Rock and Lennie for player 1, Connie and Dwayne for player 2.
    assert_eq!(
        g.students.iter().map(|s| s.player).collect::<Vec<_>>(),
        vec![0, 1, 1, 0]
    );
    put(&mut g, 0, "q8");
    put(&mut g, 1, "r8");
    g.students[1].ar = 3;
    let foods = hands(&mut g, 0, &["tea", "pie"]);
    turn(&mut g, 0, 10);
    act(
        &mut g,
        Action::Throw {
            food: foods[0],
            target: Target::Student(1),
        },
        &mut dice(&[1, 1, 6]),
    );
    assert_eq!(g.students[1].status, Status::Retired);
    assert!(!g.legal_actions().iter().any(|a| matches!(
        a,
        Action::Throw {
            target: Target::Student(1),
            ..
        }
    )));
    // Dwayne fights on for player 2: the game goes on.
    assert!(!g.is_over());
    // Without him only player 1's students are left: they win together.
    g.students[2].status = Status::Gone;
    g.check_end();
    let o = g.outcome().expect("over");
    assert_eq!(o.winners, vec![0, 3]);
    assert_eq!(o.scores, vec![1.0, 0.0]);
    // With four players the last student standing wins alone.
    let mut g = lab(4, &[]);
    for s in [1, 2] {
        g.students[s].status = Status::Gone;
    }
    g.damage_student(3, 200);
    assert_eq!(g.outcome().map(|o| o.winners.clone()), Some(vec![0]));
}
