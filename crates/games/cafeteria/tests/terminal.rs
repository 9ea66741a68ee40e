//! Terminal play.

use std::io::Cursor;

use messhall_cafeteria::bots::BotKind;
use messhall_cafeteria::{GameOption, PlayError, PlayOptions, play_terminal};

fn run(opts: &PlayOptions, input: &str) -> (Result<messhall_cafeteria::Outcome, PlayError>, String) {
    let mut inp = Cursor::new(input.as_bytes().to_vec());
    let mut out = Vec::new();
    let r = play_terminal(opts, &mut inp, &mut out);
    (r, String::from_utf8_lossy(&out).into_owned())
}

/// Player 1 (Rock and Lennie) types; player 2 is a random bot.
fn one_human_one_bot() -> PlayOptions {
    PlayOptions {
        players: 2,
        bots: 1,
        seed: Some(9),
        options: vec![],
        bot: BotKind::Random,
    }
}

#[test]
fn all_bots_play_to_the_end_without_input() {
    let opts = PlayOptions {
        players: 4,
        bots: 4,
        seed: Some(3),
        options: vec![GameOption::SaladBar],
        bot: BotKind::Rules,
    };
    let (r, out) = run(&opts, "");
    let outcome = r.expect("plays to the end");
    assert!(outcome.rounds <= 10);
    assert!(out.contains("Game over"));
    assert!(out.contains("Round 1 of 10"));
    assert!(out.contains("2d6 = "), "dice are shown");
    // The same seed gives the same game.
    let (_, again) = run(&opts, "");
    assert_eq!(out, again);
}

#[test]
fn a_human_gets_a_list_and_one_line_errors() {
    let opts = one_human_one_bot();
    let (r, out) = run(&opts, "banana\n0\n99\n\nquit\n");
    assert!(matches!(r, Err(PlayError::Quit)));
    assert!(out.contains(
        "1. line tray drink bread veg main dessert  go through the Food Line: a tray and beverages, breads, vegetables, main dishes, desserts"
    ));
    assert!(out.contains("error: \"banana\" is not an action: the actions are line, move, throw"));
    assert!(out.contains("error: there is no action 0"));
    assert!(out.contains("error: there is no action 99"));
    assert!(out.contains("error: type the number of an action"));
    assert_eq!(out.matches("error:").count(), 4);
}

#[test]
fn typed_action_text_works_and_input_ending_early_is_an_error() {
    let opts = one_human_one_bot();
    let (r, out) = run(
        &opts,
        "Go through the Food Line: a tray and beverages, breads, vegetables, main dishes, desserts\n",
    );
    assert!(matches!(r, Err(PlayError::InputClosed)));
    assert!(out.contains("Rock goes through the Food Line with a tray"));
}

#[test]
fn an_action_can_be_typed_by_its_name_and_a_wrong_one_says_why() {
    let opts = one_human_one_bot();
    let (r, out) = run(
        &opts,
        "throw 3 at bob\nmove c4\nLINE tray drink bread veg main dessert\n",
    );
    assert!(matches!(r, Err(PlayError::InputClosed)));
    assert!(out.contains("error: \"throw 3 at bob\" is not an action: nobody is called \"bob\""));
    assert!(out.contains("error: \"move c4\" is not possible now"));
    assert!(out.contains("Rock goes through the Food Line with a tray: 5 food counters"));
}

#[test]
fn a_human_can_play_a_whole_game() {
    let opts = PlayOptions {
        players: 3,
        bots: 2,
        seed: Some(21),
        options: vec![GameOption::TableTipping],
        bot: BotKind::Rules,
    };
    let (r, out) = run(&opts, &"1\n".repeat(3000));
    assert!(
        r.is_ok(),
        "{}",
        out.lines().rev().take(5).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn more_bots_than_players_is_refused() {
    let opts = PlayOptions {
        players: 2,
        bots: 3,
        ..PlayOptions::default()
    };
    assert!(matches!(run(&opts, "").0, Err(PlayError::Setup(_))));
    let opts = PlayOptions {
        players: 5,
        bots: 5,
        ..PlayOptions::default()
    };
    assert!(matches!(run(&opts, "").0, Err(PlayError::Setup(_))));
}

#[test]
fn one_player_is_refused_for_the_player_count_not_the_bots() {
    let opts = PlayOptions {
        players: 1,
        bots: 3,
        ..PlayOptions::default()
    };
    let error = run(&opts, "").0.expect_err("refused");
    assert_eq!(error.to_string(), "a game needs 2 to 4 players, not 1");
}

#[test]
fn the_log_shows_hidden_food_only_to_its_player() {
    let (_, out) = run(&one_human_one_bot(), &"1\n".repeat(3000));
    assert!(out.contains("  Rock gets "), "the human sees their own food");
    assert!(
        !out.contains("  Connie gets ") && !out.contains("  Dwayne gets "),
        "not the bot's"
    );
    assert!(out.contains("Connie goes through the Food Line with a tray: 5 food counters"));
    let two_humans = PlayOptions {
        bots: 0,
        ..one_human_one_bot()
    };
    let (_, out) = run(&two_humans, &"1\n".repeat(3000));
    assert!(
        !out.contains(" gets "),
        "two players at one screen see nobody's hidden food"
    );
}

#[test]
fn a_walk_to_a_square_plays_its_steps() {
    let (r, out) = run(&one_human_one_bot(), "1\n1\nto g7\nto z99\n");
    assert!(matches!(r, Err(PlayError::InputClosed)));
    assert!(out.contains("or walk several steps: to SQUARE"));
    let walk: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.ends_with("Rock moves to d3"))
        .take(6)
        .collect();
    assert_eq!(walk.last(), Some(&"  Rock moves to g7"), "{walk:?}");
    assert!(out.contains("error: z99 cannot be reached this turn"));
}
