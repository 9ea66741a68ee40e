//! Events, action names, reachable squares and their wording, over whole bot games.

use messhall_cafeteria::{Action, Attack, Event, Game, GameOption, Note, Seen, Setup, Target, words};
use messhall_cafeteria_ai::bots::{Bot, BotKind};
use messhall_dice::SeededDice;

/// Plays a game of rule-of-thumb bots, calling `each` before every action with the game and the
/// action, and after it with the events it returned.
fn play(seed: u64, players: u8, options: &[GameOption], mut each: impl FnMut(&Game, &Action, &[Note])) -> Game {
    let mut dice = SeededDice::new(seed);
    let mut game = Game::new(Setup::new(players, options), &mut dice).expect("setup");
    let mut bots: Vec<Box<dyn Bot>> = (0..players).map(|p| BotKind::Rules.make(seed + u64::from(p))).collect();
    while let Some(p) = game.player_to_move() {
        let action = bots[usize::from(p)].choose(&game);
        let before = game.clone();
        let notes = game.play(&action, &mut dice).expect("a bot plays legal actions");
        each(&before, &action, &notes);
    }
    game
}

const GAMES: [(u64, u8, &[GameOption]); 4] = [
    (1, 4, &[]),
    (2, 2, &GameOption::ALL),
    (3, 3, &[GameOption::TableTipping, GameOption::MysteryMeat]),
    (4, 4, &[GameOption::SaladBar, GameOption::ANewBeginning]),
];

#[test]
fn hidden_food_is_seen_only_by_its_player() {
    for (seed, players, options) in GAMES {
        let mut private = 0;
        play(seed, players, options, |game, _, notes| {
            for note in notes {
                match &note.event {
                    Event::Gets { student, .. } | Event::Gives { student, .. } => {
                        let player = game.students()[usize::from(*student)].player;
                        assert_eq!(note.seen_by, Seen::Player(player), "{note:?}");
                        assert!(!note.visible_to(None) && !note.visible_to(Some((player + 1) % players)));
                        assert!(note.visible_to(Some(player)));
                        private += 1;
                    }
                    _ => assert_eq!(note.seen_by, Seen::Everyone, "{note:?}"),
                }
            }
        });
        assert!(private > 0, "seed {seed}: every game takes food face down");
    }
}

#[test]
fn a_throw_reports_its_dice_and_where_a_miss_went() {
    let (mut throws, mut misses) = (0, 0);
    for (seed, players, options) in GAMES {
        play(seed, players, options, |_, action, notes| {
            let Action::Throw { food, target } = *action else {
                return;
            };
            let shot = notes.iter().find_map(|n| match n.event {
                Event::Attack {
                    how: Attack::Throw,
                    food: f,
                    target: t,
                    roll,
                    to_hit,
                    hit,
                    ..
                } => Some((f, t, roll, to_hit, hit)),
                _ => None,
            });
            let short = notes.iter().any(|n| matches!(n.event, Event::FallsShort { .. }));
            let Some((f, t, roll, to_hit, hit)) = shot else {
                assert!(short, "a throw without a roll falls short: {notes:?}");
                return;
            };
            throws += 1;
            assert_eq!((f, t), (food, target));
            assert!((2..=12).contains(&roll));
            assert_eq!(hit, roll <= to_hit);
            if !hit {
                misses += 1;
                let placed = notes.iter().any(|n| match n.event {
                    Event::Lands { food: g, .. } | Event::NoRoom(g) => g == food,
                    _ => false,
                });
                // When several squares are as good, the thrower chooses next (Action::PlaceMiss).
                let chosen_later = notes.iter().all(|n| !matches!(n.event, Event::TurnStarted { .. }));
                assert!(placed || chosen_later, "{notes:?}");
            }
        });
    }
    assert!(throws > 20 && misses > 5, "{throws} throws, {misses} misses");
}

#[test]
fn checked_play_returns_what_a_narrated_game_keeps() {
    let mut dice = SeededDice::new(7);
    let mut narrated = Game::new_narrated(Setup::new(4, &[]), &mut dice).expect("setup");
    let opening = narrated.take_events();
    assert!(opening.iter().any(|n| n.event == Event::RoundStarted(1)));
    let mut quiet_dice = SeededDice::new(7);
    let mut quiet = Game::new(Setup::new(4, &[]), &mut quiet_dice).expect("setup");
    assert!(quiet.take_events().is_empty());
    let mut bot = BotKind::Rules.make(7);
    while !quiet.is_over() {
        let action = bot.choose(&quiet);
        narrated.play_unchecked(&action, &mut dice);
        let returned = quiet.play(&action, &mut quiet_dice).expect("legal");
        assert_eq!(narrated.take_events(), returned);
        assert!(
            quiet.take_events().is_empty(),
            "a game that is not narrated keeps nothing"
        );
    }
    assert_eq!(narrated.outcome(), quiet.outcome());
}

#[test]
fn the_game_over_event_and_the_result_in_words() {
    for (seed, players, options) in GAMES {
        let mut over = None;
        let game = play(seed, players, options, |game, _, notes| {
            for note in notes {
                let text = words::event(game, note);
                assert!(!text.is_empty() && !text.contains("{"), "{text}");
                if let Event::GameOver { winners, kind } = &note.event {
                    over = Some((winners.clone(), *kind));
                }
            }
        });
        let outcome = game.outcome().expect("over");
        assert_eq!(over, Some((outcome.winners.clone(), outcome.kind)));
        let sentence = words::outcome(&game, outcome);
        assert!(sentence.starts_with(&format!("Game over after round {}: ", outcome.rounds)));
        for &w in &outcome.winners {
            assert!(sentence.contains(game.student_name(w)), "{sentence}");
        }
    }
}

#[test]
fn every_legal_action_has_one_name_that_reads_back() {
    let mut seen = 0;
    for (seed, players, options) in GAMES {
        play(seed, players, options, |game, _, _| {
            let legal = game.legal_actions();
            let mut names: Vec<String> = legal.iter().map(|a| game.action_name(a)).collect();
            for (action, name) in legal.iter().zip(&names) {
                assert_eq!(game.parse_action(name).as_ref(), Ok(action), "{name}");
                assert_eq!(game.parse_action(&name.to_uppercase()).as_ref(), Ok(action), "{name}");
                seen += 1;
            }
            names.sort();
            names.dedup();
            assert_eq!(names.len(), legal.len(), "two legal actions share a name");
        });
    }
    assert!(seen > 1000);
}

#[test]
fn names_of_every_kind_and_their_mistakes() {
    let mut dice = SeededDice::new(1);
    let game = Game::new(Setup::new(4, &[]), &mut dice).expect("setup");
    for (text, action) in [
        (
            "line",
            Action::FoodLine {
                families: 0,
                tray: false,
            },
        ),
        (
            "line tray drink dessert",
            Action::FoodLine {
                families: 0b10001,
                tray: true,
            },
        ),
        ("move c4", Action::Move(messhall_cafeteria::Sq::new(2, 4))),
        (
            "throw 17 at Connie",
            Action::Throw {
                food: 17,
                target: Target::Student(1),
            },
        ),
        ("squirt at Ms. Pallid", Action::Squirt(Target::Faculty(0))),
        ("dump at staff 9", Action::Dump(Target::Faculty(9))),
        ("dump at Coach", Action::Dump(Target::Faculty(5))),
        ("spill nw", Action::SpillCan(messhall_cafeteria::Dir::NW)),
        ("pick 0 3", Action::PickUp(0b1001)),
        ("feed 12 in 2", Action::FeedCan { can: 2, food: 12 }),
        (
            "food-off veg main at Rock",
            Action::FoodOff {
                families: 0b1100,
                target: 0,
            },
        ),
        ("end", Action::EndTurn),
    ] {
        assert_eq!(game.parse_action(text), Ok(action.clone()), "{text}");
        assert_eq!(game.action_name(&action), text);
    }
    for (text, why) in [
        ("", "no action given"),
        ("fly c4", "the actions are line, move"),
        ("move", "move takes 1 argument"),
        ("move 44", "\"44\" is not a square"),
        ("throw 300 at Rock", "\"300\" is not a number from 0 to 255"),
        ("throw 3 at Bob", "nobody is called \"bob\""),
        ("throw 3", "throw needs `at` and a name"),
        ("line tray soup", "\"soup\" is not a family"),
        ("end at Rock", "end takes no `at`"),
        ("food-off veg at Coach", "a Food-Off attacks a student"),
    ] {
        let error = game.parse_action(text).expect_err(text).to_string();
        assert!(error.contains(why), "{text}: {error}");
    }
}

#[test]
fn reachable_squares_come_with_steps_that_can_be_played() {
    let mut checked = 0;
    for (seed, players, options) in GAMES {
        play(seed, players, options, |game, _, _| {
            let reach = game.reachable();
            let moves: Vec<Action> = game
                .legal_actions()
                .into_iter()
                .filter(|a| matches!(a, Action::Move(_)))
                .collect();
            for m in &moves {
                assert!(reach.iter().any(|(_, path)| path == std::slice::from_ref(m)), "{m:?}");
            }
            let Some((to, path)) = reach.last() else { return };
            assert_eq!(path.last(), Some(&Action::Move(*to)));
            assert!(path.len() <= usize::from(game.aa_left()));
            let mut g = game.clone();
            let mut dice = SeededDice::new(seed);
            let me = g.to_move();
            for step in path {
                assert_eq!(g.to_move(), me, "the turn ended before {step:?}");
                g.play(step, &mut dice).expect("each step is legal in turn");
            }
            checked += 1;
        });
    }
    assert!(checked > 100, "{checked}");
}
