//! Game records replay exactly.

use messhall_cafeteria::{Action, GameOption, ReplayError, Setup, from_toml, play_recorded, replay, to_toml};
use messhall_cafeteria_ai::bots::{Bot, BotKind};

/// One bot of `kind` per player, as a chooser for [`play_recorded`].
fn bots(kind: BotKind, n: u8, seed: u64) -> impl FnMut(u8, &messhall_cafeteria::Game) -> Action {
    let mut bots: Vec<Box<dyn Bot>> = (0..n).map(|p| kind.make(seed * 10 + u64::from(p))).collect();
    move |p, game| bots[usize::from(p)].choose(game)
}

#[test]
fn a_recorded_game_replays_to_the_same_end() {
    for (seed, players, options) in [
        (1u64, 4u8, vec![]),
        (2, 2, GameOption::ALL.to_vec()),
        (3, 3, vec![GameOption::TableTipping, GameOption::MysteryMeat]),
        (4, 4, vec![GameOption::SaladBar, GameOption::ANewBeginning]),
    ] {
        for kind in [BotKind::Random, BotKind::Rules] {
            let (game, record) =
                play_recorded(Setup::new(players, &options), seed, bots(kind, players, seed)).expect("setup");
            assert!(!record.actions.is_empty());
            assert!(!record.draws.is_empty());
            let again = replay(&record).expect("replays");
            assert_eq!(again.outcome(), game.outcome(), "seed {seed} {kind}");
            assert_eq!(again.census(), game.census());
            assert_eq!(
                again.students().iter().map(|s| (s.pos, s.ar)).collect::<Vec<_>>(),
                game.students().iter().map(|s| (s.pos, s.ar)).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn records_survive_toml() {
    let (game, record) =
        play_recorded(Setup::new(2, &[GameOption::SaladBar]), 11, bots(BotKind::Rules, 2, 11)).expect("setup");
    let text = to_toml(&record).expect("writes");
    let back = from_toml(&text).expect("reads");
    assert_eq!(back, record);
    assert_eq!(replay(&back).expect("replays").outcome(), game.outcome());
}

#[test]
fn a_tampered_record_is_caught() {
    let (_, record) = play_recorded(Setup::new(4, &[]), 5, bots(BotKind::Random, 4, 5)).expect("setup");
    let mut other_seed = record.clone();
    other_seed.seed += 1;
    assert!(replay(&other_seed).is_err(), "another seed cannot give the same game");
    let mut bad_action = record.clone();
    bad_action.actions.insert(0, Action::EndTurn);
    assert!(matches!(replay(&bad_action), Err(ReplayError::Action { index: 0, .. })));
    let mut bad_draw = record;
    if let Some(d) = bad_draw.draws.last_mut() {
        d.value = (d.value + 1) % d.options;
    }
    assert!(matches!(replay(&bad_draw), Err(ReplayError::Draws(_))));
    assert!(from_toml("seed = 'x'").is_err());
}
