//! The cafeteria search bot through the public API: legal actions in whole games, and a seeded
//! check that it beats the random bot.

use messhall_cafeteria::{Game, Setup};
use messhall_cafeteria_ai::bots::{Bot, RandomBot, SearchBot};
use messhall_dice::SeededDice;

/// Plays a two-player game, the search bot (small effort) in `seat`, every action checked;
/// returns the search bot's player's score.
fn search_against_random(seed: u64, seat: usize) -> f64 {
    let mut dice = SeededDice::new(seed);
    let mut game = Game::new(Setup::new(2, &[]), &mut dice).expect("setup");
    let mut bots: Vec<Box<dyn Bot>> = vec![
        Box::new(RandomBot::new(seed * 2)),
        Box::new(SearchBot::with_effort(seed * 2 + 1, 4, 8)),
    ];
    if seat == 0 {
        bots.swap(0, 1);
    }
    while let Some(p) = game.player_to_move() {
        let action = bots[usize::from(p)].choose(&game);
        if let Err(e) = game.play(&action, &mut dice) {
            panic!("seed {seed}: {} chose {action:?}: {e}", bots[usize::from(p)].name());
        }
    }
    game.outcome().expect("a finished game").scores[seat]
}

#[test]
fn the_search_bot_beats_the_random_bot() {
    let points: f64 = (0..4).map(|i| search_against_random(40 + i, (i % 2) as usize)).sum();
    // The random bot wins the odd game at most.
    assert!(points >= 3.0, "{points} of 4");
}

#[test]
fn rollouts_may_look_past_the_last_round() {
    // A horizon far beyond the game's ten rounds ends at the Food-Off or the game's end: every
    // action stays legal and the game finishes.
    let mut dice = SeededDice::new(9);
    let mut game = Game::new(Setup::new(2, &[]), &mut dice).expect("setup");
    let mut far = SearchBot::with_effort(19, 2, 2);
    far.rounds_ahead = u8::MAX;
    let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(far), Box::new(RandomBot::new(18))];
    while let Some(p) = game.player_to_move() {
        let action = bots[usize::from(p)].choose(&game);
        if let Err(e) = game.play(&action, &mut dice) {
            panic!("{} chose {action:?}: {e}", bots[usize::from(p)].name());
        }
    }
    assert!(game.outcome().is_some());
}
