//! Invariants over many bot games: every counter is somewhere exactly once, no game runs past its
//! rounds, nothing panics.

use messhall_cafeteria::{Game, GameOption, Setup};
use messhall_cafeteria_ai::bots::{Bot, RandomBot, RuleBot};
use messhall_dice::SeededDice;
use proptest::prelude::*;

fn options(mask: u8) -> Vec<GameOption> {
    GameOption::ALL
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, &o)| o)
        .collect()
}

/// Plays one game, checking the invariants after every action.
fn play_checked(seed: u64, players: u8, mask: u8, rules: bool) -> Result<(), TestCaseError> {
    let mut dice = SeededDice::new(seed);
    let mut game =
        Game::new(Setup::new(players, &options(mask)), &mut dice).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert!(game.check().is_ok());
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|p| {
            let s = seed.wrapping_mul(31).wrapping_add(u64::from(p));
            if rules {
                Box::new(RuleBot::new(s)) as Box<dyn Bot>
            } else {
                Box::new(RandomBot::new(s)) as Box<dyn Bot>
            }
        })
        .collect();
    let mut steps = 0u32;
    while let Some(p) = game.player_to_move() {
        let action = bots[usize::from(p)].choose(&game);
        let legal = game.legal_actions();
        prop_assert!(legal.contains(&action), "bot chose an illegal action");
        game.play(&action, &mut dice)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        if let Err(e) = game.check() {
            return Err(TestCaseError::fail(format!("seed {seed}: {e}")));
        }
        prop_assert!(game.round() <= 10);
        steps += 1;
        prop_assert!(steps < 20_000, "game does not end");
    }
    let outcome = game.outcome().ok_or_else(|| TestCaseError::fail("no outcome"))?;
    prop_assert!(outcome.rounds <= 10);
    let total: f64 = outcome.scores.iter().sum();
    prop_assert!(total == 0.0 || (total - 1.0).abs() < 1e-9);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// 200 cases of 10 random-bot games each: 2,000 games.
    #[test]
    fn random_bot_games_keep_every_counter_once(seed in any::<u64>(), players in 2u8..=4, mask in 0u8..16) {
        for i in 0..10 {
            play_checked(seed.wrapping_add(i), players, mask, false)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// 40 cases of rule-of-thumb games with every option mix.
    #[test]
    fn rule_bot_games_keep_every_counter_once(seed in any::<u64>(), players in 2u8..=4, mask in 0u8..16) {
        play_checked(seed, players, mask, true)?;
    }
}
