//! A cafeteria record names the edition of the rules it was played by and replays by them: a
//! game recorded before the rulings (edition 1, whose records name no edition) replays exactly.

use messhall_records::{Record, RecordError};

/// A two-player game of the rule-of-thumb bots (seed 3), recorded by messhall before rules
/// edition 2: a student of it carries a tray with nothing on it.
const EDITION_ONE: &str = include_str!("data/cafeteria-edition-1.json");

#[test]
fn a_record_from_before_the_rulings_replays_by_its_own_rules() {
    let record = Record::from_json(EDITION_ONE).expect("reads");
    assert!(!EDITION_ONE.contains("edition"), "written before editions existed");
    let setup = record.setup.as_ref().expect("a cafeteria setup");
    assert_eq!(setup.edition, 1);
    let table = messhall_table::Table::replay(&record).expect("replays as it was played");
    assert!(table.result().is_some());
    assert_eq!(table.result(), record.result.as_ref());
}

#[test]
fn the_same_actions_by_todays_rules_are_refused_where_they_relied_on_an_empty_tray() {
    // By today's rules the emptied tray was dropped, so the food picked up later filled the
    // student's two hands, and the next pick-up (onto the tray, in edition 1) has no room.
    let mut record = Record::from_json(EDITION_ONE).expect("reads");
    if let Some(setup) = record.setup.as_mut() {
        setup.edition = messhall_cafeteria::Setup::EDITION;
    }
    match messhall_table::Table::replay(&record) {
        Err(RecordError::Step { why, .. }) => {
            assert_eq!(why, "pick 1 2: no room for more: two hands, or five on a tray")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_new_record_names_its_edition_and_replays() {
    let setup = messhall_table::TableSetup {
        seed: Some(messhall_dice::Seed::from_number(4)),
        cafeteria: Some(messhall_cafeteria::Setup::new(3, &[])),
        players: vec!["rules".into(); 3],
        ..messhall_table::TableSetup::default()
    };
    let table = messhall_table::Table::new(messhall_records::GameKind::Cafeteria, &setup).expect("table");
    let json = table.record().to_json_line();
    assert!(json.contains("\"edition\":2"), "{json}");
    let back = Record::from_json(&json).expect("reads");
    assert_eq!(back.setup.map(|s| s.edition), Some(messhall_cafeteria::Setup::EDITION));
}
