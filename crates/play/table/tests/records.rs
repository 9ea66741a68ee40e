//! Records: every game to JSON and back replays to the same position; a user variant's record
//! replays without its file; a tampered record is refused with where and why.

use messhall_dice::Seed;
use messhall_records::{GameKind, Record, RecordError, Step, catalog};
use messhall_table::{Budget, Choice, PlayerSpec, Table, TableSetup};
use std::time::Duration;

/// A seeded game of `plies` actions between a random mover and a one-ply engine.
fn played(game: GameKind, seed: u64, plies: usize) -> Table {
    let setup = TableSetup {
        seed: Some(Seed::from_number(seed)),
        players: vec!["random".into(), "depth=1".into()],
        cafeteria: matches!(game, GameKind::Cafeteria).then(|| messhall_cafeteria::Setup::new(2, &[])),
        ..TableSetup::default()
    };
    let mut table = Table::new(game.clone(), &setup).unwrap();
    play_on(&mut table, &game, seed, plies);
    table
}

/// `plies` more actions at `table`, by the players of [`played`].
fn play_on(table: &mut Table, game: &GameKind, seed: u64, plies: usize) {
    let mut players = [
        PlayerSpec::Random.make(game, seed, 1).unwrap(),
        match game {
            GameKind::Cafeteria => PlayerSpec::Random.make(game, seed + 1, 1).unwrap(),
            _ => PlayerSpec::Depth(1).make(game, seed + 1, 1).unwrap(),
        },
    ];
    for _ in 0..plies {
        let Some(seat) = table.turn().seat() else { break };
        let player = &mut players[seat.index() % 2];
        let Choice::Act(action) = player.choose(table, seat, &Budget::movetime(Duration::from_secs(1))) else {
            break;
        };
        table.try_act(seat, action).unwrap();
    }
}

fn same_state(a: &Table, b: &Table) -> bool {
    match (a.chess(), b.chess()) {
        (Some(x), Some(y)) => x.position() == y.position() && x.game().actions() == y.game().actions(),
        _ => a.actions() == b.actions() && a.result() == b.result(),
    }
}

#[test]
fn every_built_in_record_replays_from_its_json() {
    for entry in catalog::entries() {
        let game = catalog::builtin(entry.name).unwrap();
        let table = played(game, 11, 40);
        let json = table.record().to_json();
        let record = Record::from_json(&json).unwrap();
        assert_eq!(record, table.record(), "{}", entry.name);
        let again = Table::replay(&record).unwrap_or_else(|e| panic!("{}: {e}", entry.name));
        assert!(same_state(&table, &again), "{}", entry.name);
    }
}

/// Actions taken back in the middle of every game, then more play: the record replays to the
/// same game, and says where the dice moved to a fresh stream exactly when rolls were taken back.
#[test]
fn records_with_a_take_back_replay() {
    let rolls = |r: &Record| r.draws.len() + r.actions.iter().filter(|s| matches!(s, Step::Chance(_))).count();
    let mut fresh_in = Vec::new();
    for entry in catalog::entries() {
        let game = catalog::builtin(entry.name).unwrap();
        let mut table = played(game.clone(), 12, 40);
        let before = rolls(&table.record());
        assert_eq!(table.undo(12), 12, "{}", entry.name);
        let taken = rolls(&table.record()) < before;
        play_on(&mut table, &game, 13, 8);
        let record = Record::from_json(&table.record().to_json()).unwrap();
        let again = Table::replay(&record).unwrap_or_else(|e| panic!("{}: {e}", entry.name));
        assert!(same_state(&table, &again), "{}", entry.name);
        assert_eq!(
            !record.fresh_dice.is_empty(),
            taken,
            "{}: {:?}",
            entry.name,
            record.fresh_dice
        );
        if taken {
            fresh_in.push(entry.name);
        }
    }
    // Every game the dice decide in had rolls taken back (the steered PieceEater's steps are the
    // players' choices).
    assert_eq!(fresh_in, ["pieceeater", "pieceeater-mate", "cafeteria"]);
}

#[test]
fn a_user_variant_record_replays_without_its_file() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../examples/variants/grand-food.toml"
    );
    let game = catalog::load(path).unwrap();
    let table = played(game, 5, 30);
    let json = table.record().to_json();
    // The record alone, read anywhere: the variant's text is in it.
    let record = Record::from_json(&json).unwrap();
    assert!(
        matches!(&record.game, catalog::GameSource::File { text, .. } if text.contains("[[pieces]]") || !text.is_empty())
    );
    let again = Table::replay(&record).unwrap();
    assert!(same_state(&table, &again));
}

#[test]
fn finished_games_keep_their_result() {
    let table = played(catalog::builtin("chess").unwrap(), 2, 2000);
    assert!(table.result().is_some());
    let record = Record::from_json(&table.record().to_json()).unwrap();
    assert_eq!(Table::replay(&record).unwrap().result(), table.result());
}

fn refused(record: &Record) -> String {
    match Table::replay(record) {
        Ok(_) => panic!("a tampered record replayed: {:?}", record.actions),
        Err(e) => e.to_string(),
    }
}

#[test]
fn tampered_records_are_refused_with_where_and_why() {
    let table = played(catalog::builtin("pieceeater").unwrap(), 7, 12);
    let record = table.record();
    // A move that is not legal.
    let mut bad = record.clone();
    bad.actions[0] = Step::Move("e2e5".into());
    let err = refused(&bad);
    assert!(
        err.starts_with("record action 0:") && err.contains("not legal"),
        "{err}"
    );
    // A chance outcome the dice did not give.
    let mut bad = record.clone();
    let i = bad.actions.iter().position(|s| matches!(s, Step::Chance(_))).unwrap();
    let other = if bad.actions[i] == Step::Chance("d4-d5".into()) {
        "d4-c3"
    } else {
        "d4-d5"
    };
    bad.actions[i] = Step::Chance(other.into());
    let err = refused(&bad);
    assert!(err.contains(&format!("record action {i}")), "{err}");
    // Another seed: its dice differ.
    let mut bad = record.clone();
    bad.seed = Seed::from_number(8);
    assert!(refused(&bad).contains("the game gives"));
    // A record cut before the dice's step.
    let mut bad = record.clone();
    bad.actions.truncate(i);
    assert!(refused(&bad).contains("ends before"), "{}", refused(&bad));
    // A result the game did not have.
    let finished = played(catalog::builtin("chess").unwrap(), 2, 2000);
    let mut bad = finished.record();
    bad.actions.pop();
    if bad.result.is_some() {
        let err = refused(&bad);
        assert!(err.contains("ended"), "{err}");
    }
    // A game this version does not have.
    let mut bad = record.clone();
    bad.game = catalog::GameSource::Builtin {
        name: "no-such-game".into(),
        version: "9".into(),
    };
    assert!(refused(&bad).contains("no-such-game"));
}

#[test]
fn malformed_json_is_refused_in_one_line() {
    for text in ["", "{", "[]", "{\"format\": 2}", &"x".repeat(100_000)] {
        let err = Record::from_json(text).unwrap_err().to_string();
        assert!(!err.contains('\n') && err.len() < 300, "{err}");
    }
    let table = played(catalog::builtin("chess").unwrap(), 1, 4);
    let newer = table.record().to_json().replace("\"format\": 1", "\"format\": 2");
    assert!(matches!(Record::from_json(&newer), Err(RecordError::Format(2))));
    let unknown = table.record().to_json().replacen('{', "{\"extra\": 1,", 1);
    assert!(Record::from_json(&unknown).is_err());
}

#[test]
fn a_game_name_from_a_record_is_quoted_on_one_line() {
    // Found by fuzzing: a record naming a game with a newline in it gave a two-line error.
    let table = played(catalog::builtin("chess").unwrap(), 3, 4);
    let json = table.record().to_json().replacen("\"chess\"", "\"che\\nss\"", 1);
    let err = Table::replay(&Record::from_json(&json).unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("record game: che\\nss: "), "{err}");
    let long = table
        .record()
        .to_json()
        .replacen("\"chess\"", &format!("\"{}\"", "x".repeat(10_000)), 1);
    let err = Table::replay(&Record::from_json(&long).unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.len() < 300 && !err.contains('\n'), "{err}");
}

/// A cafeteria record holding walks (several steps as one action) goes to JSON and back and
/// replays at a new table with the same rolls, to the same game.
#[test]
fn cafeteria_walks_replay_from_a_record() {
    let setup = TableSetup {
        seed: Some(Seed::from_number(11)),
        cafeteria: Some(messhall_cafeteria::Setup::new(2, &[])),
        ..TableSetup::default()
    };
    let mut table = Table::new(GameKind::Cafeteria, &setup).unwrap();
    let mut walks = 0;
    for _ in 0..60 {
        let Some(seat) = table.turn().seat() else { break };
        let game = table.cafeteria().unwrap().game();
        // The longest walk open, else the first action listed.
        let longest = game.reachable().into_iter().map(|(_, p)| p).max_by_key(Vec::len);
        let action = match longest {
            Some(path) if path.len() > 1 => {
                walks += 1;
                let squares = path
                    .iter()
                    .filter_map(|a| match a {
                        messhall_cafeteria::Action::Move(sq) => Some(*sq),
                        _ => None,
                    })
                    .collect();
                messhall_cafeteria::Action::Walk(squares)
            }
            _ => game.legal_actions().remove(0),
        };
        table.try_act(seat, messhall_table::Action::Student(action)).unwrap();
    }
    assert!(walks > 3, "{walks} walks");
    let record = Record::from_json(&table.record().to_json_line()).unwrap();
    assert!(
        record
            .actions
            .iter()
            .any(|s| matches!(s, Step::Student(messhall_cafeteria::Action::Walk(_))))
    );
    let again = Table::replay(&record).unwrap();
    let (a, b) = (again.cafeteria().unwrap(), table.cafeteria().unwrap());
    assert_eq!(a.draws(), b.draws(), "the same rolls");
    assert_eq!(
        format!("{:?}", a.game().students()),
        format!("{:?}", b.game().students())
    );
}
