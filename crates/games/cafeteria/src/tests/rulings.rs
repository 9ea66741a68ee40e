//! The rulings on the seed's open points: no empty trays, staff that walk through students,
//! Mystery Meat rolled after its target is chosen, unwanted food to the bottom of its stack, and
//! teammates who win together instead of holding a Food-Off.

use super::*;
use crate::action::Target;
use crate::game::Status;

#[test]
fn a_tray_whose_last_food_is_thrown_is_dropped() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "r8");
    let [pie] = tray(&mut g, 0, &["pie"])[..] else { panic!() };
    turn(&mut g, 0, 10);
    let trays_out = g.removed_trays;
    // 2d6 = 2 hits, 1d6 = 1 damage.
    act(
        &mut g,
        Action::Throw {
            food: pie,
            target: Target::Student(1),
        },
        &mut dice(&[1, 1, 1]),
    );
    assert_eq!(g.students[0].hold, Hold::Empty, "the empty tray is dropped at once");
    assert_eq!(g.removed_trays, trays_out + 1, "a dropped tray leaves play");
}

#[test]
fn a_tray_whose_last_food_is_put_down_or_fed_to_a_can_is_dropped() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    let [tea] = tray(&mut g, 0, &["tea"])[..] else { panic!() };
    turn(&mut g, 0, 10);
    act(&mut g, Action::Drop(tea), &mut dice(&[]));
    assert_eq!(g.students[0].hold, Hold::Empty);
    // Beside the can at w2.
    put(&mut g, 0, "v3");
    let [pie] = tray(&mut g, 0, &["pie"])[..] else { panic!() };
    act(&mut g, Action::FeedCan { can: 0, food: pie }, &mut dice(&[]));
    assert_eq!(g.students[0].hold, Hold::Empty);
}

#[test]
fn a_tray_is_taken_from_a_table_only_with_food_to_put_on_it() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "e3");
    turn(&mut g, 0, 10);
    assert!(
        !g.legal_actions().contains(&Action::TakeTray(0)),
        "nothing in hand and nothing found"
    );
    // The table offers two counters: now the tray can be taken, and the food must go on it.
    act(&mut g, Action::SearchTable(0), &mut dice(&[2]));
    assert!(g.legal_actions().contains(&Action::TakeTray(0)));
    act(&mut g, Action::TakeTray(0), &mut dice(&[]));
    let legal = g.legal_actions();
    assert!(
        legal.iter().all(|a| matches!(a, Action::PickUp(_) | Action::DropTray)),
        "{legal:?}"
    );
    act(&mut g, Action::PickUp(0b01), &mut dice(&[]));
    assert!(matches!(&g.students[0].hold, Hold::Tray(v) if v.len() == 1));
    // With 1 AA left a tray could not be filled after taking it: it is not taken.
    let mut g = lab(4, &[]);
    put(&mut g, 0, "e3");
    turn(&mut g, 0, 1);
    act(&mut g, Action::SearchTable(0), &mut dice(&[2]));
    assert!(!g.legal_actions().contains(&Action::TakeTray(0)));
}

#[test]
fn a_trip_through_the_line_takes_a_tray_only_with_food() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "b9");
    turn(&mut g, 0, 10);
    let legal = g.legal_actions();
    assert!(!legal.contains(&Action::FoodLine {
        families: 0,
        tray: true
    }));
    assert!(legal.contains(&Action::FoodLine {
        families: 0b1,
        tray: true
    }));
}

/// Whether a student other than the one deciding carries a tray with nothing on it.
fn idle_empty_tray(g: &Game) -> Option<StudentId> {
    let acting = g.turn.as_ref().map(|t| t.student);
    (0..g.students.len() as StudentId)
        .find(|&s| Some(s) != acting && matches!(&g.students[usize::from(s)].hold, Hold::Tray(v) if v.is_empty()))
}

#[test]
fn no_student_carries_an_empty_tray_in_seeded_games() {
    for seed in 1..=12u64 {
        for players in [2u8, 4] {
            let mut d = SeededDice::new(seed);
            let mut g = Game::new(
                Setup::new(players, &GameOption::ALL[..usize::from(players) - 1]),
                &mut d,
            )
            .expect("setup");
            let mut pick = SeededDice::new(seed + 1000);
            while !g.is_over() {
                let legal = g.legal_actions();
                let i = messhall_dice::Dice::below(&mut pick, legal.len() as u32) as usize;
                g.play_unchecked(&legal[i], &mut d);
                assert_eq!(
                    idle_empty_tray(&g),
                    None,
                    "seed {seed}, {players} players, after {:?}",
                    legal[i]
                );
            }
        }
    }
}

/// Staff 0 and 1 stand on c4 and c5, so the only way from d3 down the west side of Table A is
/// through d4 and d5; Connie stands on d5 and Coach on d3.
fn corridor(options: &[GameOption]) -> Game {
    let mut g = lab(4, options);
    put(&mut g, 1, "d5");
    put(&mut g, 2, "u13");
    put(&mut g, 3, "v13");
    staff(&mut g, 0, "c4");
    staff(&mut g, 1, "c5");
    staff(&mut g, 5, "d3");
    g
}

#[test]
fn a_member_with_a_grudge_walks_through_a_student_in_the_way_and_catches_it() {
    let mut g = corridor(&[]);
    put(&mut g, 0, "d7");
    g.faculty[5].grudge = Some(0);
    g.move_faculty(5, &mut dice(&[]));
    assert_eq!(g.students[1].status, Status::Gone, "Connie stood in the way: caught");
    assert_eq!(g.faculty[5].pos, None, "Coach takes her to the office");
    assert_eq!(g.students[0].status, Status::Active);
}

#[test]
fn the_walk_to_a_tipped_table_goes_through_a_student() {
    // Lennie hides on Table D (e11-g12); Coach comes for it.
    let mut g = corridor(&[GameOption::TableTipping]);
    put(&mut g, 3, "e11");
    g.students[3].hiding = Some(3);
    g.tables[3].hider = Some(3);
    g.faculty[5].attracted = Some((3, g.round));
    g.move_faculty(5, &mut dice(&[]));
    assert_eq!(g.students[1].status, Status::Gone, "Connie stood in the way: caught");
    assert_eq!(g.students[3].status, Status::Active);
}

#[test]
fn mystery_meat_is_aimed_before_its_range_is_rolled_and_falls_short_as_a_miss() {
    let mut g = lab(4, &[GameOption::MysteryMeat]);
    put(&mut g, 0, "j7");
    put(&mut g, 1, "p7");
    put(&mut g, 2, "j2");
    let [mm] = hands(&mut g, 0, &["Mystery Meat"])[..] else {
        panic!()
    };
    turn(&mut g, 0, 10);
    let at = |t| Action::Throw { food: mm, target: t };
    // Connie is 6 away: any target within the die's highest Range may be chosen.
    assert!(g.legal_actions().contains(&at(Target::Student(1))));
    put(&mut g, 1, "q7");
    assert!(
        !g.legal_actions().contains(&at(Target::Student(1))),
        "7 is beyond any roll"
    );
    put(&mut g, 1, "p7");
    // Range 2, slipperiness 3, damage 4, to hit 2+2+3 = 7: no 2d6 to hit, the miss lands behind.
    let mut d = dice(&[2, 3, 1, 2, 2]);
    act(&mut g, at(Target::Student(1)), &mut d);
    assert_eq!(d.remaining(), 0, "no roll to hit after falling short");
    assert_eq!(g.mystery().map(|m| m.range), Some(2));
    assert!(on_floor(&g, mm, "q7"), "lands on the square behind the target");
    assert_eq!(g.students[1].ar, 60);
}

#[test]
fn food_not_kept_from_a_table_goes_at_once_to_the_bottom_of_its_stack() {
    let mut g = lab(4, &[]);
    put(&mut g, 0, "e3");
    turn(&mut g, 0, 10);
    let tops: Vec<FoodId> = Family::ALL.iter().take(3).map(|f| g.stacks[f.index()][0]).collect();
    act(&mut g, Action::SearchTable(0), &mut dice(&[3]));
    act(&mut g, Action::PickUp(0b011), &mut dice(&[]));
    // The bread picked up is not wanted: put down, it is at the bottom of the breads at once.
    act(&mut g, Action::Drop(tops[1]), &mut dice(&[]));
    assert_eq!(g.stacks[Family::Breads.index()].back(), Some(&tops[1]));
    // The vegetable never picked up goes to the bottom of its stack once the student is done there.
    act(&mut g, Action::Move(sq("d3")), &mut dice(&[]));
    assert_eq!(g.stacks[Family::Vegetables.index()].back(), Some(&tops[2]));
}

#[test]
fn when_every_student_left_is_one_players_that_player_wins_at_once() {
    let mut g = lab(2, &[]);
    let theirs: Vec<StudentId> = (0..4).filter(|&s| g.students[usize::from(s)].player == 1).collect();
    let ours: Vec<StudentId> = (0..4).filter(|&s| g.students[usize::from(s)].player == 0).collect();
    g.damage_student(theirs[0], 200);
    assert!(!g.is_over(), "three students of two players");
    g.damage_student(theirs[1], 200);
    let outcome = g
        .outcome()
        .expect("player 1 wins at once, no Food-Off between teammates");
    assert_eq!(outcome.winners, ours);
    assert_eq!(outcome.scores, vec![1.0, 0.0]);
    assert_eq!(g.food_off_standings(), Vec::new());
}

/// A game of edition 1 (its record from before the rulings) keeps that edition's rules.
#[test]
fn an_edition_one_game_plays_by_the_rules_before_the_rulings() {
    let old = |players: u8, options: &[GameOption]| {
        let mut g = lab(players, options);
        g.setup.edition = 1;
        g
    };
    // The emptied tray is kept.
    let mut g = old(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "r8");
    let [pie] = tray(&mut g, 0, &["pie"])[..] else { panic!() };
    turn(&mut g, 0, 10);
    act(
        &mut g,
        Action::Throw {
            food: pie,
            target: Target::Student(1),
        },
        &mut dice(&[1, 1, 1]),
    );
    assert_eq!(g.students[0].hold, Hold::Tray(vec![]));
    // A student stops the walk: Coach goes around Connie.
    let mut g = corridor(&[]);
    g.setup.edition = 1;
    put(&mut g, 0, "d7");
    g.faculty[5].grudge = Some(0);
    g.move_faculty(5, &mut dice(&[]));
    assert_eq!(g.students[1].status, Status::Active);
    // Teammates left alone play on to the Food-Off.
    let mut g = old(2, &[]);
    let theirs: Vec<StudentId> = (0..4).filter(|&s| g.students[usize::from(s)].player == 1).collect();
    for s in theirs {
        g.damage_student(s, 200);
    }
    assert!(!g.is_over());
    // A setup of an edition this version does not know is refused.
    let mut d = SeededDice::new(1);
    let err = Game::new(Setup::of_edition(4, &[], 9), &mut d).expect_err("unknown edition");
    assert_eq!(
        err.to_string(),
        "rules edition 9 is not one this version plays (1 to 2)"
    );
}

#[test]
fn a_refused_action_says_which_rule_refuses_it() {
    use crate::refusal::Refusal;
    let mut g = lab(4, &[]);
    put(&mut g, 0, "q8");
    put(&mut g, 1, "v8");
    let [pie] = hands(&mut g, 0, &["pie"])[..] else {
        panic!()
    };
    turn(&mut g, 0, 10);
    let throw = Action::Throw {
        food: pie,
        target: Target::Student(1),
    };
    assert_eq!(
        g.refusal(&throw),
        Some(Refusal::OutOfRange {
            range: 2,
            distance: 5,
            between: 0
        })
    );
    assert_eq!(g.refusal(&Action::EndTurn), Some(Refusal::AaLeft(10)));
    assert_eq!(g.refusal(&Action::Move(sq("q10"))), Some(Refusal::NotNext(sq("q10"))));
    assert_eq!(
        g.refusal(&Action::FoodLine {
            families: 1,
            tray: false
        }),
        Some(Refusal::NotAtEntrance)
    );
    put(&mut g, 0, "d3");
    assert_eq!(g.refusal(&Action::Move(sq("e4"))), Some(Refusal::OntoTable(sq("e4"))));
    assert_eq!(g.refusal(&Action::Drop(pie)), None);
    match g.play(&Action::TakeTray(1), &mut dice(&[])) {
        Err(crate::ActionError::Refused { action, why }) => {
            assert_eq!(action, "take-tray B");
            assert_eq!(why, Refusal::NotBesideTable(1));
        }
        other => panic!("{other:?}"),
    }
    // Tables go by the map's letters, and still by number.
    assert_eq!(g.parse_action("search b").ok(), Some(Action::SearchTable(1)));
    assert_eq!(g.parse_action("tip center").ok(), Some(Action::TipTable(6)));
    assert_eq!(g.parse_action("search 1").ok(), Some(Action::SearchTable(1)));
    assert!(g.parse_action("search z").is_err());
}

/// Over seeded games, every action open somewhere but not now is refused for a named reason.
#[test]
fn refusals_name_a_rule_in_seeded_games() {
    for seed in 1..=6u64 {
        let options = &GameOption::ALL[..usize::from(seed as u8 % 5)];
        let mut d = SeededDice::new(seed);
        let mut g = Game::new(Setup::new(2 + (seed % 3) as u8, options), &mut d).expect("setup");
        let mut pick = SeededDice::new(seed + 1000);
        let mut seen: Vec<Action> = Vec::new();
        while !g.is_over() {
            let legal = g.legal_actions();
            for a in &seen {
                let why = g.refusal(a);
                assert_eq!(why.is_none(), legal.contains(a), "{a:?}");
                assert_ne!(why, Some(crate::refusal::Refusal::NotOpen), "seed {seed}: {a:?}");
            }
            for a in &legal {
                if !seen.contains(a) {
                    seen.push(a.clone());
                }
            }
            let i = messhall_dice::Dice::below(&mut pick, legal.len() as u32) as usize;
            g.play_unchecked(&legal[i], &mut d);
        }
    }
}
