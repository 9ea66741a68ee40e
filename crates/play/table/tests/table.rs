//! The table of every game: scripted games to their end through the one entry point, with the
//! events they return; illegal actions refused with their reason and nothing changed.

use messhall_dice::Seed;
use messhall_records::{Ending, FreshDice, Seat, catalog, pgn};
use messhall_rules::{Color, Move, Reason};
use messhall_table::{
    ActError, Action, Budget, Choice, Event, Expected, Illegal, Legal, PlayerSpec, SetupError, Table, TableSetup, Turn,
};
use std::time::Duration;

fn table(name: &str, fen: Option<&str>, seed: u64) -> Table {
    let setup = TableSetup {
        fen: fen.map(str::to_string),
        seed: Some(Seed::from_number(seed)),
        ..TableSetup::default()
    };
    Table::new(catalog::builtin(name).unwrap(), &setup).unwrap()
}

/// Plays each text as the seat to act; all the events.
fn script(t: &mut Table, moves: &[&str]) -> Vec<Event> {
    let mut events = Vec::new();
    for text in moves {
        let seat = t.turn().seat().unwrap_or_else(|| panic!("{text}: the game is over"));
        let action = t.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        events.extend(t.try_act(seat, action).unwrap());
    }
    events
}

fn sans(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { san, .. } => Some(san.clone()),
            _ => None,
        })
        .collect()
}

fn ending(t: &Table) -> (Option<Seat>, Ending) {
    let r = t.result().expect("the game is over");
    (r.winner(), r.ending.clone())
}

#[test]
fn chess_fools_mate_through_the_one_entry_point() {
    let mut t = table("chess", None, 1);
    assert_eq!(t.turn(), Turn::Move { seat: Seat(0) });
    assert_eq!(t.legal().len(), 20);
    let events = script(&mut t, &["f3", "e5", "g4", "Qh4"]);
    assert_eq!(sans(&events), ["f3", "e5", "g4", "Qh4#"]);
    match &events[0] {
        Event::Moved {
            seat,
            coordinates,
            changed,
            ..
        } => {
            assert_eq!(*seat, Seat(0));
            assert_eq!(coordinates, "f2f3");
            let changed: Vec<String> = changed.iter().map(|s| s.to_string()).collect();
            assert_eq!(changed, ["f2", "f3"]);
        }
        e => panic!("{e:?}"),
    }
    let (winner, how) = ending(&t);
    assert_eq!(winner, Some(Seat(1)));
    assert!(matches!(how, Ending::Rules { outcome } if outcome.reason == Reason::Checkmate));
    assert!(matches!(events.last(), Some(Event::Ended(_))));
    assert_eq!(t.turn(), Turn::Over);
    assert_eq!(t.try_act(Seat(0), Action::Resign), Err(ActError::Over));
}

#[test]
fn captures_are_removals_and_illegal_moves_change_nothing() {
    let mut t = table("chess", None, 1);
    let events = script(&mut t, &["e4", "d5", "exd5"]);
    assert!(
        events.iter().any(|e| matches!(e, Event::Removed { square, piece, .. }
            if square.to_string() == "d5" && piece.color() == Color::Black)),
        "{events:?}"
    );
    let before = (
        t.chess().unwrap().position().clone(),
        t.events().len(),
        t.legal().clone(),
    );
    // Black to move: White may not move for it, and a move that is not legal says why.
    let qd5 = t.parse_action("Qxd5").unwrap();
    assert!(matches!(
        t.try_act(Seat(0), qd5.clone()),
        Err(ActError::NotYourTurn { .. })
    ));
    let err = t.parse_action("e2e5").unwrap_err();
    assert!(matches!(err, ActError::Illegal(Illegal::Move(_))), "{err:?}");
    let err = err.to_string();
    assert!(err.contains("not legal here"), "{err}");
    let Legal::Moves(moves) = t.legal().clone() else {
        panic!()
    };
    let impossible = Move::new(moves[0].from(), moves[0].from(), moves[0].kind());
    let err = t.try_act(Seat(1), Action::Move(impossible)).unwrap_err();
    assert!(matches!(err, ActError::Illegal(_)), "{err:?}");
    assert!(matches!(t.try_act(Seat(5), qd5), Err(ActError::NoSuchSeat(_))));
    assert_eq!(
        before,
        (
            t.chess().unwrap().position().clone(),
            t.events().len(),
            t.legal().clone()
        )
    );
}

#[test]
fn foodfight_mate_by_black() {
    let mut t = table(
        "foodfight",
        Some("2r8k/1r10/12/12/12/12/12/12/12/4b7/12/K11 b - - 0 1"),
        1,
    );
    assert_eq!(t.turn(), Turn::Move { seat: Seat(1) });
    let events = script(&mut t, &["Rca12"]);
    assert_eq!(sans(&events), ["Rca12#"]);
    assert_eq!(ending(&t).0, Some(Seat(1)));
}

#[test]
fn friendly_mate_by_a_borrowed_move() {
    let mut t = table(
        "friendly",
        Some("f11/12/7p4/12/12/12/12/12/12/12/1T10/4FF6 w - - 0 1"),
        1,
    );
    let events = script(&mut t, &["Tb12"]);
    assert_eq!(sans(&events), ["Tb12#"]);
    assert_eq!(ending(&t).0, Some(Seat(0)));
}

#[test]
fn pieceeater_steps_are_chance_events_with_their_die() {
    let mut t = table("pieceeater", None, 42);
    let events = script(&mut t, &["a3"]);
    let chances: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::Chance { .. })).collect();
    assert_eq!(chances.len(), 1, "{events:?}");
    let Event::Chance {
        piece,
        outcome,
        face,
        of,
        steered_by,
        changed,
    } = chances[0]
    else {
        unreachable!()
    };
    assert_eq!(piece, "PieceEater");
    assert_eq!(outcome.from.to_string(), "d4");
    assert!((1..=*of).contains(face) && *of > 1, "{face} of {of}");
    assert_eq!(*steered_by, None);
    assert_eq!(changed.len(), 2);
    // The same seed, the same steps.
    let again = script(&mut table("pieceeater", None, 42), &["a3"]);
    assert_eq!(events, again);
    // e4 next to the PieceEater on d4 gets eaten by seed 1's step.
    let mut t = table("pieceeater", None, 1);
    let events = script(&mut t, &["e4"]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Removed { square, .. } if square.to_string() == "e4")),
        "{events:?}"
    );
}

#[test]
fn a_steered_step_is_a_turn_of_its_own() {
    let mut t = table(
        "pieceeater-steered",
        Some("4k3/8/8/8/3*4/2q5/8/4K3[] w - - 0 1 r1=1"),
        1,
    );
    let Turn::Steer { seat, from } = t.turn() else {
        panic!("{:?}", t.turn())
    };
    assert_eq!((seat, from.to_string().as_str()), (Seat(0), "d4"));
    assert!(matches!(t.legal(), Legal::Steps(s) if s.len() > 1));
    // A move is not what is asked for now.
    let err = t.parse_action("Ke2").unwrap_err().to_string();
    assert!(err.contains("not a square the step may go to"), "{err}");
    let events = script(&mut t, &["c3"]);
    assert!(
        matches!(
            events[0],
            Event::Chance {
                steered_by: Some(Seat(0)),
                ..
            }
        ),
        "{events:?}"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Removed { piece, .. } if piece.color() == Color::Black))
    );
    assert_eq!(t.turn(), Turn::Move { seat: Seat(0) });
}

#[test]
fn a_calorie_pass_and_energies_are_events() {
    let mut t = table("calorie", Some("7k/8/8/8/8/8/P{0}P{0}6/KN{0}6 w - - 0 1"), 1);
    // White can only pass: the table passes for it at once, and Black is to move.
    assert_eq!(t.turn(), Turn::Move { seat: Seat(1) });
    assert!(
        matches!(t.events().first(), Some(Event::Passed { seat: Seat(0) })),
        "{:?}",
        t.events()
    );
    let events = script(&mut t, &["Kg8"]);
    assert!(matches!(events[1], Event::Passed { seat: Seat(0) }), "{events:?}");
    let mut t = table("calorie", None, 1);
    let events = script(&mut t, &["Nf3"]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Energy { square, .. } if square.to_string() == "f3")),
        "{events:?}"
    );
}

#[test]
fn a_cafeteria_game_with_bots_to_its_end() {
    let game = catalog::builtin("cafeteria").unwrap();
    let setup = TableSetup {
        seed: Some(Seed::from_number(3)),
        cafeteria: Some(messhall_cafeteria::Setup::new(3, &[])),
        ..TableSetup::default()
    };
    let mut t = Table::new(game.clone(), &setup).unwrap();
    assert_eq!(t.seats(), 3);
    let mut bots: Vec<_> = (0..3).map(|i| PlayerSpec::Random.make(&game, i, 1).unwrap()).collect();
    let mut acted = 0;
    while let Some(seat) = t.turn().seat() {
        assert!(matches!(t.turn(), Turn::Student { .. }));
        let Choice::Act(action) = bots[seat.index()].choose(&t, seat, &Budget::movetime(Duration::ZERO)) else {
            panic!("no action")
        };
        // Another seat may not act for this one.
        let other = Seat((seat.0 + 1) % 3);
        assert!(matches!(
            t.try_act(other, action.clone()),
            Err(ActError::NotYourTurn { .. })
        ));
        let events = t.try_act(seat, action).unwrap();
        assert!(matches!(events[0], Event::Acted { .. }));
        acted += 1;
        assert!(acted < 100_000);
    }
    let result = t.result().unwrap();
    assert!(matches!(result.ending, Ending::Cafeteria { .. }));
    assert!(matches!(t.events().last(), Some(Event::Ended(_))));
    // The record replays it exactly.
    let replayed = Table::replay(&messhall_records::Record::from_json(&t.record().to_json()).unwrap()).unwrap();
    assert_eq!(replayed.result(), t.result());
}

#[test]
fn taking_back_for_a_seat_takes_back_the_reply_too() {
    let mut t = table("pieceeater", None, 5);
    script(&mut t, &["e3", "e6", "d3"]);
    let position = |t: &Table| t.chess().unwrap().position().clone();
    let mut after_one = table("pieceeater", None, 5);
    script(&mut after_one, &["e3"]);
    // Black asks: its e6 and White's d3 go; the dice are as they were.
    assert_eq!(t.take_back_for(Seat(1)), 2);
    assert_eq!(position(&t), position(&after_one));
    assert!(matches!(t.events().last(), Some(Event::TakenBack { actions: 2 })));
    assert_eq!(t.undo(5), 1);
    assert_eq!(position(&t), position(&table("pieceeater", None, 5)));
    // A resigned game resumes when taken back.
    t.try_act(Seat(0), Action::Resign).unwrap();
    assert!(t.result().is_some());
    assert_eq!(t.undo(1), 1);
    assert!(t.result().is_none());
}

/// The rolls a player saw are not offered again: a take-back across the PieceEater's steps moves
/// the dice to a fresh stream, and the record, as JSON and as PGN, still replays the game exactly.
#[test]
fn a_take_back_across_a_roll_gets_fresh_dice_and_the_record_still_replays() {
    let rolls = |t: &Table| -> Vec<messhall_rules::Action> {
        let game = t.chess().unwrap().game();
        game.actions()
            .iter()
            .filter(|a| matches!(a, messhall_rules::Action::Chance(_)))
            .copied()
            .collect()
    };
    let mut t = table("pieceeater", None, 5);
    script(&mut t, &["e3", "e6", "d3"]);
    let seen = rolls(&t);
    assert_eq!(t.take_back_for(Seat(1)), 2);
    let at = t.chess().unwrap().game().actions().len();
    script(&mut t, &["e6", "d3"]);
    let again = rolls(&t);
    assert_eq!(again[..1], seen[..1], "the roll before the take-back stays");
    assert_ne!(again[1..], seen[1..], "the rolls after it are new");
    let record = t.record();
    assert_eq!(record.fresh_dice, [FreshDice { at, stream: 1 }]);
    let actions = |t: &Table| t.chess().unwrap().game().actions().to_vec();
    assert_eq!(actions(&Table::replay(&record).unwrap()), actions(&t));
    let pgn = pgn::write(&record, &Default::default()).unwrap();
    assert!(pgn.contains(&format!("[FreshDice \"{at}:1\"]")), "{pgn}");
    let read = pgn::read(&pgn).unwrap();
    assert_eq!(read[0].record.actions, record.actions);
    assert_eq!(read[0].record.fresh_dice, record.fresh_dice);
    // Without the change the record is refused: the seed's own stream gives other steps.
    let mut stale = record.clone();
    stale.fresh_dice.clear();
    assert!(Table::replay(&stale).is_err());
    // A second take-back takes the next stream; the change it replaces is dropped.
    assert_eq!(t.take_back_for(Seat(1)), 2);
    assert_eq!(t.record().fresh_dice, [FreshDice { at, stream: 2 }]);
    script(&mut t, &["e6"]);
    assert_eq!(actions(&Table::replay(&t.record()).unwrap()), actions(&t));
}

/// A game without chance takes moves back as before: its record names no change of dice.
#[test]
fn a_take_back_without_rolls_keeps_the_dice() {
    let mut t = table("chess", None, 5);
    script(&mut t, &["e4", "e5", "Nf3"]);
    assert_eq!(t.take_back_for(Seat(1)), 2);
    assert!(t.record().fresh_dice.is_empty());
}

#[test]
fn every_pass_the_rules_force_is_played_by_the_table() {
    // No move of the game is ever a pass that a seat is asked for.
    let t = table(
        "calorie",
        Some("kn{0}6/p{0}p{0}6/8/8/8/8/P{0}P{0}6/KN{0}6 w - - 0 1"),
        1,
    );
    assert_eq!(t.turn(), Turn::Over);
    assert!(
        matches!(&ending(&t).1, Ending::Rules { outcome } if outcome.reason == Reason::BothStalemated),
        "{:?}",
        t.result()
    );
    let passes = t.events().iter().filter(|e| matches!(e, Event::Passed { .. })).count();
    // White passes; Black cannot move after it: both sides stalemated.
    assert_eq!(passes, 1);
}

#[test]
fn resignation_and_flag_fall() {
    let mut t = table("chess", None, 1);
    let events = t.try_act(Seat(1), Action::Resign).unwrap();
    assert!(matches!(&events[0], Event::Ended(r) if r.winner() == Some(Seat(0))));
    let setup = TableSetup {
        seed: Some(Seed::from_number(1)),
        clock: Some(messhall_records::ClockSpec::new(Duration::from_secs(1), Duration::ZERO)),
        ..TableSetup::default()
    };
    let mut t = Table::new(catalog::builtin("chess").unwrap(), &setup).unwrap();
    let e4 = t.parse_action("e4").unwrap();
    let now = std::time::Instant::now();
    t.try_act_at(Seat(0), e4, now).unwrap();
    let late = now + Duration::from_secs(2);
    let e5 = t.parse_action("e5").unwrap();
    let events = t.try_act_at(Seat(1), e5, late).unwrap();
    assert!(matches!(&events[0], Event::Ended(r) if r.ending == Ending::Flagged { seat: Seat(1) }));
}

#[test]
fn a_taken_king_ends_the_game_before_the_next_step() {
    for name in ["pieceeater", "pieceeater-steered"] {
        let mut t = table(name, Some("4k3/8/8/8/7*/8/8/4R1K1[] w - - 0 1"), 1);
        if let Turn::Steer { .. } = t.turn() {
            script(&mut t, &["h5"]);
        }
        let events = script(&mut t, &["Rxe8"]);
        assert!(
            !events.iter().any(|e| matches!(e, Event::Chance { .. })),
            "{name}: {events:?}"
        );
        assert!(
            matches!(events.last(), Some(Event::Ended(r)) if r.winner() == Some(Seat(0))),
            "{name}: {events:?}"
        );
        assert_eq!(t.turn(), Turn::Over);
    }
}

#[test]
fn events_name_the_mover_its_victims_and_how_they_left() {
    let mut t = table("chess", None, 1);
    let events = script(&mut t, &["e4", "d5", "exd5"]);
    let last_move = events.iter().rev().find(|e| matches!(e, Event::Moved { .. })).unwrap();
    match last_move {
        Event::Moved {
            piece,
            name,
            promotion_name,
            ..
        } => {
            assert_eq!(piece.map(|p| p.color()), Some(Color::White));
            assert_eq!(name.as_deref(), Some("Pawn"));
            assert_eq!(*promotion_name, None);
        }
        e => panic!("{e:?}"),
    }
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Removed { name, cause: messhall_table::Removal::Captured, square, .. }
            if name == "Pawn" && square.to_string() == "d5")
        ),
        "{events:?}"
    );
    // The PieceEater must eat the Knight that lands next to it: eaten, by its step.
    let mut t = table("pieceeater", Some("4k3/8/8/8/3*4/8/6N1/4K3[] w - - 0 1"), 1);
    let events = script(&mut t, &["Ne3"]);
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Removed { name, cause: messhall_table::Removal::Eaten, .. }
            if name == "Knight")
        ),
        "{events:?}"
    );
    // A promotion names the new piece.
    let mut t = table("chess", Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"), 1);
    let events = script(&mut t, &["b8=N"]);
    assert!(
        matches!(&events[0], Event::Moved { promotion_name: Some(n), .. } if n == "Knight"),
        "{events:?}"
    );
}

#[test]
fn a_students_own_face_down_food_is_seen_by_its_player_alone() {
    // Dropping a food or feeding it to a can names it (`Drop(3)`: food ids are fixed kinds), so
    // the action itself is as secret as the food; the public events say only that it happened.
    let game = catalog::builtin("cafeteria").unwrap();
    let mut secret = 0;
    for seed in 1..40 {
        let setup = TableSetup {
            seed: Some(Seed::from_number(seed)),
            cafeteria: Some(messhall_cafeteria::Setup::new(2, &[])),
            ..TableSetup::default()
        };
        let mut t = Table::new(game.clone(), &setup).unwrap();
        let mut bots: Vec<_> = (0..2).map(|i| PlayerSpec::Random.make(&game, i, 1).unwrap()).collect();
        for _ in 0..2_000 {
            let Some(seat) = t.turn().seat() else { break };
            let hidden = match t.legal() {
                Legal::Student(actions) => actions.iter().find(|a| a.face_down_food().is_some()).cloned(),
                _ => None,
            };
            let action = match hidden {
                Some(a) => Action::Student(a),
                None => match bots[seat.index()].choose(&t, seat, &Budget::movetime(Duration::ZERO)) {
                    Choice::Act(a) => a,
                    _ => panic!("no action"),
                },
            };
            for event in t.try_act(seat, action).unwrap() {
                if let Event::Acted { action, .. } = &event
                    && action.face_down_food().is_some()
                {
                    secret += 1;
                    assert!(event.visible_to(Some(seat)), "{event:?}");
                    assert!(!event.visible_to(None), "{event:?}");
                    assert!(!event.visible_to(Some(Seat(1 - seat.0))), "{event:?}");
                    assert_eq!(event.seen_only_by(), Some(seat));
                }
            }
        }
        if secret >= 3 {
            break;
        }
    }
    assert!(secret >= 3, "only {secret} drops or feeds played");
}

/// A table's setup refusals and an action of the wrong kind are data, each with its one line.
#[test]
fn setup_refusals_and_wrong_kinds_are_named() {
    let setup = |fen: Option<&str>, cafeteria: bool| TableSetup {
        fen: fen.map(str::to_string),
        cafeteria: cafeteria.then(|| messhall_cafeteria::Setup::new(4, &[])),
        ..TableSetup::default()
    };
    let refusal = |name: &str, setup: TableSetup| Table::new(catalog::builtin(name).unwrap(), &setup).err();
    assert_eq!(refusal("chess", setup(None, true)), Some(SetupError::CafeteriaSettings));
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let err = refusal("cafeteria", setup(Some(fen), false)).unwrap();
    assert_eq!(err, SetupError::CafeteriaFen);
    assert_eq!(
        err.to_string(),
        "the cafeteria game has no FEN: it always starts from its own setup"
    );
    assert!(matches!(
        refusal("chess", setup(Some("8/8 w"), false)),
        Some(SetupError::Fen(_))
    ));

    let mut t = table("chess", None, 1);
    let seat = t.turn().seat().unwrap();
    let e4 = "e4".parse().unwrap();
    let err = t
        .try_act(seat, Action::Steer(messhall_rules::ChanceOutcome::forced(e4, e4)))
        .unwrap_err();
    assert_eq!(err, ActError::WrongKind(Expected::Move));
    assert_eq!(err.to_string(), "a move is expected");

    let t = table("cafeteria", None, 1);
    let err = t.parse_action("juggle the trays").unwrap_err();
    assert!(matches!(err, ActError::Illegal(Illegal::Notation(_))), "{err:?}");
    assert!(err.to_string().contains("is not an action"), "{err}");
}
