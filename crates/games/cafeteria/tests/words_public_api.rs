//! The wording (`src/words.rs`) uses only the crate's public API, so that a front end could word
//! the game its own way from the same API: its source is compiled here, outside the crate, where
//! private items and `pub(crate)` fields are out of reach, so this test does not build if the
//! wording reaches one. What the words say is tested with the bots' games in
//! messhall-cafeteria-ai's `tests/events.rs`.

pub use messhall_cafeteria::*;

#[path = "../src/words.rs"]
mod outside;

use messhall_dice::SeededDice;

#[test]
fn the_wording_compiled_outside_the_crate_words_a_whole_game_in_lines() {
    let mut dice = SeededDice::new(8);
    let mut game = Game::new(Setup::new(4, &[GameOption::MysteryMeat]), &mut dice).expect("setup");
    let one_line = |text: String| {
        assert!(!text.trim().is_empty() && !text.contains('\n'), "{text:?}");
    };
    while !game.is_over() {
        let action = game
            .legal_actions()
            .pop()
            .expect("a legal action while the game goes on");
        one_line(outside::action(&game, &action));
        // A refused end of the turn is worded in one line too.
        if let Some(why) = game.refusal(&Action::EndTurn) {
            one_line(outside::refusal(&game, &why));
        }
        for note in game.play(&action, &mut dice).expect("legal") {
            one_line(outside::event(&game, &note));
        }
    }
    one_line(outside::outcome(&game, game.outcome().expect("over")));
}
