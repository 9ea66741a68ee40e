//! Tampered records and actions with ids that name nothing are refused with a clear error, never a
//! panic (the records are in `tests/data/tampered/`).

use messhall_cafeteria::{Action, ActionError, Game, ReplayError, Setup, Sq, Target, from_toml, replay};
use messhall_dice::SeededDice;
use proptest::prelude::*;

fn refused(file: &str) -> String {
    let path = format!("{}/tests/data/tampered/{file}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("test data");
    let record = from_toml(&text).expect("the record parses");
    match replay(&record) {
        Err(ReplayError::Action {
            index: 1,
            error: error @ ActionError::BadId { .. },
        }) => error.to_string(),
        other => panic!("{file}: {other:?}"),
    }
}

#[test]
fn out_of_range_ids_in_a_record_are_refused_with_the_action_and_the_id() {
    for (file, message) in [
        ("food", "drop: there is no food 200 (food ids are 0 to "),
        ("can", "feed: there is no garbage can 200 (can ids are 0 to 3)"),
        ("student", "throw: there is no student 200 (student ids are 0 to 3)"),
        ("faculty", "squirt: there is no staff member 200 (staff ids are 0 to 5)"),
        ("square", "move: square (200, 3) is off the "),
        ("miss-square", "land: square (3, 200) is off the "),
        ("table", "search: there is no table 200 (table ids are 0 to "),
        ("slots", "pick: slot mask 0b11111111 has bits beyond the 5 families"),
        (
            "families",
            "line: family mask 0b11111111 has bits beyond the 5 families",
        ),
        ("food-off", "food-off: there is no student 200 (student ids are 0 to 3)"),
    ] {
        let got = refused(file);
        assert!(got.starts_with(message), "{file}: {got}");
    }
}

#[test]
fn the_replay_error_says_which_action() {
    let path = format!("{}/tests/data/tampered/food.toml", env!("CARGO_MANIFEST_DIR"));
    let record = from_toml(&std::fs::read_to_string(path).expect("test data")).expect("parses");
    let message = replay(&record).expect_err("refused").to_string();
    assert!(
        message.starts_with("action 1 was refused: drop: there is no food 200"),
        "{message}"
    );
}

fn any_target() -> impl Strategy<Value = Target> {
    prop_oneof![
        any::<u8>().prop_map(Target::Student),
        any::<u8>().prop_map(Target::Faculty)
    ]
}

fn any_action() -> impl Strategy<Value = Action> {
    let sq = (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Sq::new(x, y));
    prop_oneof![
        (any::<u8>(), any::<bool>()).prop_map(|(families, tray)| Action::FoodLine { families, tray }),
        sq.clone().prop_map(Action::Move),
        (any::<u8>(), any_target()).prop_map(|(food, target)| Action::Throw { food, target }),
        any_target().prop_map(Action::Dump),
        any_target().prop_map(Action::Squirt),
        any_target().prop_map(Action::DumpBowl),
        any::<u8>().prop_map(Action::SearchTable),
        any::<u8>().prop_map(Action::PickUp),
        any::<u8>().prop_map(Action::TakeTray),
        any::<u8>().prop_map(Action::PickSalad),
        any::<u8>().prop_map(Action::TipTable),
        any::<u8>().prop_map(Action::Drop),
        (any::<u8>(), any::<u8>()).prop_map(|(can, food)| Action::FeedCan { can, food }),
        sq.prop_map(Action::PlaceMiss),
        (any::<u8>(), any::<u8>()).prop_map(|(families, target)| Action::FoodOff { families, target }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any action, whatever its ids, is played or refused with an error: never a panic, and a
    /// refused action leaves the game as it was.
    #[test]
    fn any_action_is_played_or_refused(seed in 0u64..50, steps in 0usize..40, action in any_action()) {
        let mut dice = SeededDice::new(seed);
        let mut game = Game::new(Setup::new(4, &[]), &mut dice).expect("setup");
        for _ in 0..steps {
            let Some(first) = game.legal_actions().into_iter().next() else { break };
            game.play(&first, &mut dice).expect("a listed action");
        }
        let before = game.census();
        if let Err(e) = game.play(&action, &mut dice) {
            prop_assert!(!e.to_string().is_empty());
            prop_assert_eq!(game.census(), before);
        }
    }
}
