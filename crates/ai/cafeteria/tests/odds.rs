//! The Food-Off's exact odds and the search bot's Food-Off choice, through the public API.

use messhall_cafeteria::{Action, Family, Game, Setup};
use messhall_cafeteria_ai::bots::{Bot, RuleBot, SearchBot};
use messhall_cafeteria_ai::odds::{attack_damage, count_share, family_choices, family_damage, food_off_share, share};
use messhall_dice::SeededDice;

/// A two-player game played by the rules of thumb from `seed` up to its Food-Off, if it has one.
fn food_off(seed: u64) -> Option<Game> {
    let mut dice = SeededDice::new(seed);
    let mut game = Game::new(Setup::new(2, &[]), &mut dice).expect("setup");
    let mut bots = [RuleBot::new(seed), RuleBot::new(seed + 1)];
    while let Some(p) = game.player_to_move() {
        if !game.food_off_standings().is_empty() {
            return Some(game);
        }
        let action = bots[usize::from(p)].choose(&game);
        game.play_unchecked(&action, &mut dice);
    }
    None
}

#[test]
fn damage_distributions_are_distributions() {
    let game = (1..40).find_map(food_off).expect("a Food-Off in 40 games");
    for f in Family::ALL {
        let d = family_damage(&game, 0, f);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{f:?}");
    }
    for m in family_choices(&game) {
        assert_eq!(m.count_ones(), 3);
        let d = attack_damage(&game, 0, m);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }
}

#[test]
fn equal_attacks_share_by_count_and_a_known_lead_is_priced() {
    let die: Vec<f64> = vec![0.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0];
    assert!((count_share(0, 1, 1, &die) - 0.5).abs() < 1e-12);
    // Two dice against one: the higher of two beats one die 125 / 216 of the time, ties half.
    let two = count_share(0, 2, 1, &die);
    assert!((two - (1.0 - count_share(1, 1, 2, &die))).abs() < 1e-12);
    assert!(two > 0.6 && two < 0.75, "{two}");
    assert_eq!(count_share(0, 0, 2, &die), 0.0);
    assert_eq!(count_share(0, 2, 0, &die), 1.0);
    // Against a known 4: a die wins on 5 or 6 and ties on 4.
    let four = vec![0.0, 0.0, 0.0, 0.0, 1.0];
    let s = share(0, &[(0, die.clone()), (1, four)]);
    assert!((s - (2.0 + 0.5) / 6.0).abs() < 1e-12, "{s}");
}

#[test]
fn the_search_bot_takes_the_food_off_attack_with_the_best_odds() {
    let mut checked = 0;
    for seed in 1..60 {
        let Some(game) = food_off(seed) else { continue };
        let me = game.to_move().expect("a survivor to attack");
        let player = game.students()[usize::from(me)].player;
        let choice = SearchBot::new(seed).choose(&game);
        let Action::FoodOff { families, .. } = choice else {
            panic!("seed {seed}: {choice:?} in the Food-Off")
        };
        assert!(game.legal_actions().contains(&choice));
        let best = family_choices(&game)
            .into_iter()
            .map(|m| food_off_share(&game, player, me, m))
            .fold(0.0, f64::max);
        assert!(
            food_off_share(&game, player, me, families) >= best - 1e-12,
            "seed {seed}"
        );
        checked += 1;
        if checked == 3 {
            return;
        }
    }
    panic!("only {checked} Food-Offs in 60 games");
}
