//! The wording uses only the crate's public API (it is to move to the front ends): its source is
//! compiled here, outside the crate, and words a game as the crate's own copy does.

pub use messhall_cafeteria::*;

#[path = "../../../games/cafeteria/src/words.rs"]
mod outside;

use messhall_dice::SeededDice;
use messhall_table::cafeteria_bots::{Bot, RuleBot};

#[test]
fn the_wording_compiled_outside_the_crate_reads_as_inside() {
    let mut dice = SeededDice::new(8);
    let mut game = Game::new(Setup::new(4, &[GameOption::MysteryMeat]), &mut dice).expect("setup");
    let mut bot = RuleBot::new(8);
    let mut lines = 0;
    while !game.is_over() {
        let action = bot.choose(&game);
        assert_eq!(outside::action(&game, &action), words::action(&game, &action));
        for note in game.play(&action, &mut dice).expect("legal") {
            assert_eq!(outside::event(&game, &note), words::event(&game, &note));
            lines += 1;
        }
    }
    let outcome = game.outcome().expect("over");
    assert_eq!(outside::outcome(&game, outcome), words::outcome(&game, outcome));
    assert!(lines > 100);
}
