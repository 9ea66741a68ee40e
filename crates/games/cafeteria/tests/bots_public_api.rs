//! The bots use only the crate's public API (they are to move to the play layer): their source is
//! compiled here, outside the crate, and plays as the crate's own copy does.

pub use messhall_cafeteria::*;

#[allow(dead_code)]
#[path = "../src/bots.rs"]
mod outside;

use messhall_cafeteria::bots::{Bot, RuleBot};
use messhall_dice::SeededDice;

#[test]
fn the_bots_compiled_outside_the_crate_choose_as_inside() {
    let mut dice = SeededDice::new(5);
    let mut game = Game::new(Setup::new(3, &[GameOption::TableTipping]), &mut dice).expect("setup");
    let mut inside = RuleBot::new(5);
    let mut outside = outside::RuleBot::new(5);
    let mut played = 0;
    while !game.is_over() {
        let action = inside.choose(&game);
        assert_eq!(outside::Bot::choose(&mut outside, &game), action);
        game.play(&action, &mut dice).expect("legal");
        played += 1;
    }
    assert!(played > 100);
}
