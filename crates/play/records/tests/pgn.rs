//! PGN: every chess game written and read back to the same steps and final position; FIDE PGN
//! from elsewhere read with its comments, NAGs and variations; tampered and malformed texts
//! refused with where and why; nothing panics on any input.

use messhall_dice::Seed;
use messhall_records::pgn::{self, Header, PgnError};
use messhall_records::{ClockSpec, Ending, Seat, catalog};
use messhall_table::{Budget, Choice, PlayerSpec, Table, TableSetup};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// A short game of `name` between the engine at depth 1 and a random mover, with known dice.
fn played(name: &str, seed: u64, plies: usize, clock: Option<ClockSpec>) -> Table {
    let game = catalog::builtin(name).unwrap();
    let setup = TableSetup {
        seed: Some(Seed::from_number(seed)),
        players: vec!["Ann \"the Chef\" Lee".into(), "Bob".into()],
        clock,
        ..TableSetup::default()
    };
    let mut table = Table::new(game.clone(), &setup).unwrap();
    let mut players = [
        PlayerSpec::Depth(1).make(&game, seed, 1).unwrap(),
        PlayerSpec::Random.make(&game, seed, 1).unwrap(),
    ];
    for _ in 0..plies {
        let Some(seat) = table.turn().seat() else { break };
        let budget = Budget::movetime(Duration::from_millis(200));
        let Choice::Act(action) = players[seat.index()].choose(&table, seat, &budget) else {
            break;
        };
        table.try_act(seat, action).unwrap();
    }
    table
}

/// Writes the table's game, reads it back, and checks the same record and final position.
fn round_trip(table: &Table) -> String {
    let text = pgn::write(&table.record(), &Header::today()).unwrap();
    for line in text.lines().filter(|l| !l.starts_with('[')) {
        assert!(line.len() <= 80, "a line of {} columns:\n{text}", line.len());
    }
    let games = pgn::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1);
    let record = &games[0].record;
    assert_eq!(record.actions, table.record().actions, "{text}");
    assert_eq!(*record, table.record(), "{text}");
    assert_eq!(games[0].header.date, Header::today().date);
    let again = Table::replay(record).unwrap();
    let (before, after) = (table.chess().unwrap(), again.chess().unwrap());
    assert_eq!(
        after.position().to_fen(after.variant()),
        before.position().to_fen(before.variant())
    );
    text
}

/// The side to move's seat.
fn to_move(table: &Table) -> Seat {
    table.turn().seat().expect("the game goes on")
}

#[test]
fn every_chess_game_round_trips_with_each_way_of_ending() {
    let mut all = String::new();
    let mut tables = Vec::new();
    for (name, plies) in [
        ("chess", 30),
        ("calorie", 24),
        ("foodfight", 16),
        ("friendly", 16),
        ("pieceeater", 30),
        ("pieceeater-mate", 30),
        ("pieceeater-steered", 30),
    ] {
        let clock = (name == "calorie").then(|| ClockSpec::new(Duration::from_secs(300), Duration::from_secs(2)));
        let mut table = played(name, 11, plies, clock);
        if table.result().is_none() {
            match name {
                "chess" => {
                    table.try_act(to_move(&table), messhall_table::Action::Resign).unwrap();
                }
                "calorie" => {
                    table.end_on_time(to_move(&table));
                }
                "foodfight" => {
                    table.agree_draw().unwrap();
                }
                "friendly" => {
                    table.stop_at_move_limit();
                }
                // The PieceEater games stay unfinished: `*`.
                _ => {}
            }
        }
        let text = round_trip(&table);
        let has = |s: &str| text.contains(s);
        assert_eq!(has("[Variant "), name != "chess", "{text}");
        assert_eq!(has("[SetUp \"1\"]") && has("[FEN "), name != "chess", "{text}");
        assert!(
            has("[White \"Ann \\\"the Chef\\\" Lee\"]") && has("[Seed \"11\"]"),
            "{text}"
        );
        match name {
            "chess"
                if table
                    .result()
                    .is_some_and(|r| matches!(r.ending, Ending::Resigned { .. })) =>
            {
                assert!(has("resigns}") && has("[Termination \"normal\"]"), "{text}");
            }
            "calorie" => assert!(
                has("[TimeControl \"300+2\"]") && has("[Termination \"time forfeit\"]"),
                "{text}"
            ),
            "friendly" => assert!(has("[Termination \"adjudication\"]") && has("1/2-1/2"), "{text}"),
            "pieceeater" | "pieceeater-mate" => assert!(has("{step "), "{text}"),
            "pieceeater-steered" => assert!(has("{steer "), "{text}"),
            _ => {}
        }
        all.push_str(&text);
        all.push('\n');
        tables.push(table);
    }
    // All seven in one text, read in order.
    let games = pgn::read(&all).unwrap();
    let names: Vec<&str> = games
        .iter()
        .map(|g| match &g.record.game {
            catalog::GameSource::Builtin { name, .. } => name.as_str(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        names,
        [
            "chess",
            "calorie",
            "foodfight",
            "friendly",
            "pieceeater",
            "pieceeater-mate",
            "pieceeater-steered"
        ]
    );
    for (game, table) in games.iter().zip(&tables) {
        assert_eq!(game.record, table.record());
    }
}

#[test]
fn a_game_from_a_set_position_numbers_black_first_and_keeps_its_fen() {
    let fen = "3q2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 40";
    let setup = TableSetup {
        fen: Some(fen.into()),
        seed: Some(Seed::from_number(3)),
        ..TableSetup::default()
    };
    let mut table = Table::new(catalog::builtin("chess").unwrap(), &setup).unwrap();
    let mate = table.parse_action("Qd1").unwrap();
    table.try_act(Seat(1), mate).unwrap();
    let text = round_trip(&table);
    assert!(
        text.contains(&format!("[FEN \"{fen}\"]")) && !text.contains("[Variant"),
        "{text}"
    );
    assert!(text.contains("40... Qd1# {Black wins: checkmate} 0-1"), "{text}");
}

const OPERA: &str = r#"[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

% an escape line some tools write
1.e4 e5 2.Nf3 d6 {Philidor's defence} 3.d4 Bg4?! $6 4.dxe5 Bxf3 (4...dxe5
5.Qxd8+ Kxd8 6.Nxe5 $16 {wins a pawn} (6.Bc4 f6)) 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3
Qe7 8.Nc3 c6 9.Bg5 b5?! 10.Nxb5! cxb5 11.Bxb5+ Nbd7 12.0-0-0 Rd8 13.Rxd7! Rxd7
14.Rd1 Qe6 15.Bxd7+ Nxd7 (15...Qxd7 16.Qb8+ Ke7 17.Qxe5+) ; the queen sacrifice
16.Qb8+!! Nxb8 17.Rd8# 1-0

[Event "An illustration"]
[Variant "Standard"]
[TimeControl "-"]
[White "?"]
[Black "?"]
[Result "1/2-1/2"]

1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 4. Nf3 Be7 5. Be2 0-0 6. 0-0 Bg4 7. d4 Nc6
8. c3 1/2-1/2
"#;

#[test]
fn fide_pgn_with_comments_nags_variations_and_castling_in_zeros() {
    let games = pgn::read(OPERA).unwrap();
    assert_eq!(games.len(), 2);
    let opera = &games[0];
    assert_eq!(opera.header.event, "Paris");
    assert_eq!(opera.header.other, [("ECO".to_string(), "C41".to_string())]);
    assert_eq!(opera.record.players, ["Paul Morphy", "Duke Karl / Count Isouard"]);
    assert_eq!(opera.record.actions.len(), 33);
    assert_eq!(opera.record.actions[22], messhall_records::Step::Move("e1c1".into()));
    let table = Table::replay(&opera.record).unwrap();
    let result = table.result().unwrap();
    assert_eq!(result.winner(), Some(Seat(0)));
    assert!(matches!(result.ending, Ending::Rules { .. }));
    let chess = table.chess().unwrap();
    assert_eq!(
        chess.position().to_fen(chess.variant()),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
    // Written again, it is our PGN with the header kept.
    let text = pgn::write(&table.record(), &opera.header).unwrap();
    assert!(text.contains("[ECO \"C41\"]") && text.contains("12. O-O-O Rd8") && text.contains("17. Rd8#"));

    let quiet = &games[1];
    assert!(quiet.record.players.is_empty() && quiet.record.clock.is_none());
    assert_eq!(quiet.record.actions[4], messhall_records::Step::Move("e5d6".into()));
    assert_eq!(quiet.record.actions.last(), Some(&messhall_records::Step::Draw));
    let table = Table::replay(&quiet.record).unwrap();
    assert_eq!(table.result().map(|r| r.ending.clone()), Some(Ending::Agreed));
}

/// The error of reading `text`.
fn refused(text: &str) -> String {
    match pgn::read(text) {
        Ok(games) => panic!("accepted {} games:\n{text}", games.len()),
        Err(e) => e.to_string(),
    }
}

fn assert_says(message: &str, parts: &[&str]) {
    for part in parts {
        assert!(message.contains(part), "\"{part}\" is not in: {message}");
    }
}

#[test]
fn illegal_moves_and_wrong_results_are_refused_with_where_and_why() {
    let illegal = OPERA.replacen("13.Rxd7!", "13.Nf3", 1);
    assert_says(
        &refused(&illegal),
        &["PGN game 1, line 13, move 13. \"Nf3\": not a legal move here"],
    );
    let second = OPERA.replacen("7. d4", "7. d5", 1);
    assert_says(&refused(&second), &["PGN game 2, line", "move 7. \"d5\""]);
    let wrong_result = OPERA.replacen("17.Rd8# 1-0", "17.Rd8# 0-1", 1);
    assert_says(
        &refused(&wrong_result),
        &["the result \"0-1\": the Result tag says 1-0"],
    );
    let both = wrong_result.replacen("[Result \"1-0\"]", "[Result \"0-1\"]", 1);
    assert_says(&refused(&both), &["the moves end the game 1-0 (White wins: checkmate)"]);
    let after_mate = OPERA.replacen("17.Rd8# 1-0", "17.Rd8# Ke7 1-0", 1);
    assert_says(&refused(&after_mate), &["move 17... \"Ke7\": the game is over"]);
    let no_result = OPERA.replacen("8. c3 1/2-1/2", "8. c3", 1);
    assert_says(&refused(&no_result), &["PGN game 2", "cut short"]);
    let merged = OPERA.replacen("17.Rd8# 1-0", "17.Rd8#", 1);
    assert_says(&refused(&merged), &["PGN game 1", "no result", "next game's tags"]);
}

#[test]
fn bad_tags_are_refused_naming_the_tag() {
    let with = |tag: &str| OPERA.replacen("[ECO \"C41\"]", tag, 1);
    assert_says(
        &refused(&with("[Variant \"atomic\"]")),
        &[
            "PGN game 1, line 8: [Variant \"atomic\"]: not a game messhall knows",
            "pieceeater",
        ],
    );
    assert_says(&refused(&with("[Variant \"cafeteria\"]")), &["no PGN"]);
    assert_says(
        &refused(&with("[Seed \"dice\"]")),
        &["[Seed \"dice\"]", "expected a number"],
    );
    assert_says(
        &refused(&with("[FEN \"8/8/9/8 w - - 0 1\"]")),
        &["[FEN \"8/8/9/8 w - - 0 1\"]: FEN"],
    );
    assert_says(
        &refused(&with("[White \"Again\"]")),
        &["line 8: the tag White appears twice"],
    );
    let result = OPERA.replacen("[Result \"1-0\"]", "[Result \"2-0\"]", 1);
    assert_says(
        &refused(&result),
        &["line 7: [Result \"2-0\"]: a result is 1-0, 0-1, 1/2-1/2 or *"],
    );
    assert_says(&refused(&with("[Annotator \"x]")), &["line 8", "not closed"]);
    assert_says(&refused(&with("[ \"x\"]")), &["[Name \"value\"]"]);
}

/// A PieceEater game's PGN, its text and its step comments.
fn pieceeater_pgn() -> (String, Vec<String>) {
    let table = played("pieceeater", 5, 24, None);
    let text = pgn::write(&table.record(), &Header::default()).unwrap();
    let steps = text
        .split('{')
        .skip(1)
        .filter_map(|c| {
            c.split_once('}')
                .map(|(c, _)| c.split_whitespace().collect::<Vec<_>>().join(" "))
        })
        .filter(|c| c.starts_with("step "))
        .collect();
    (text, steps)
}

#[test]
fn tampered_steps_and_missing_seeds_are_refused() {
    let (text, steps) = pieceeater_pgn();
    assert!(steps.len() >= 3, "{text}");
    let first = format!("{{{}}}", steps[0]);
    let wrong = text.replacen(&first, "{step a1-a2}", 1);
    assert_says(
        &refused(&wrong),
        &[
            "PGN game 1, line",
            "the step after move",
            "\"{step a1-a2}\": the dice of the game's seed give {",
        ],
    );
    let missing = text.replacen(&first, "", 1);
    assert_says(&refused(&missing), &["the step comment {", "is missing"]);
    let steered = text.replacen(&first, &first.replace("step", "steer"), 1);
    assert_says(&refused(&steered), &["nobody steers it"]);
    let other_seed = text.replacen("[Seed \"5\"]", "[Seed \"6\"]", 1);
    assert_says(&refused(&other_seed), &["the dice of the game's seed give"]);
    let unseeded = text.replacen("[Seed \"5\"]\n", "", 1);
    assert_says(&refused(&unseeded), &["no [Seed] tag", "must keep its seed"]);
    // A plain comment that happens to start with "step" is only a comment.
    let chatty = text.replacen(&first, &format!("{first} {{step forward}}"), 1);
    assert!(pgn::read(&chatty).is_ok());
}

#[test]
fn truncated_texts_junk_and_huge_inputs_are_refused_quickly() {
    let (text, _) = pieceeater_pgn();
    for cut in [text.len() / 3, text.len() / 2, text.len() - 3] {
        let message = refused(&text[..cut]);
        assert!(
            [
                "cut short",
                "never closed",
                "not closed",
                "[Name \"value\"]",
                "not a legal move",
                "not a move",
                "is missing"
            ]
            .iter()
            .any(|s| message.contains(s)),
            "cut at {cut}: {message}"
        );
    }
    let start = Instant::now();
    let junk: String = (0..100_000u32)
        .map(|i| char::from(b"qz#@!~ 19xO-K\n"[(i.wrapping_mul(2_654_435_761) >> 28) as usize % 14]))
        .collect();
    assert_says(&refused(&junk), &["PGN game 1, line", "move 1."]);
    assert_says(&refused(&"e4 ".repeat(40_000)), &["move 1... \"e4\""]);
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_says(&refused(&" ".repeat(pgn::MAX_PGN_BYTES + 1)), &["more than the 16 MB"]);
    assert_says(&refused(""), &["holds no game"]);
    assert_says(&refused("{just a comment}"), &["holds no game"]);
}

#[test]
fn the_cafeteria_game_has_no_pgn_and_records_write_only_when_their_steps_fit() {
    let cafeteria = Table::new(catalog::builtin("cafeteria").unwrap(), &TableSetup::default()).unwrap();
    assert!(matches!(
        pgn::write(&cafeteria.record(), &Header::default()),
        Err(PgnError::Export(_))
    ));
    let table = played("pieceeater-steered", 2, 12, None);
    let text = pgn::write(&table.record(), &Header::default()).unwrap();
    assert_eq!(pgn::read(&text).unwrap()[0].record, table.record());
    let mut bad = table.record();
    bad.actions.truncate(bad.actions.len().saturating_sub(1));
    bad.actions.push(messhall_records::Step::Move("a1a1".into()));
    assert!(matches!(pgn::write(&bad, &Header::default()), Err(PgnError::Export(_))));
    // A step of the dice that is not the seed's is refused too.
    let mut rolled = played("pieceeater", 2, 12, None).record();
    let chance = rolled
        .actions
        .iter()
        .position(|s| matches!(s, messhall_records::Step::Chance(_)))
        .unwrap();
    rolled.actions[chance] = messhall_records::Step::Chance("a1-a2".into());
    let refused = pgn::write(&rolled, &Header::default()).unwrap_err().to_string();
    assert!(refused.contains("the game gives the chance outcome"), "{refused}");
}

#[test]
fn a_variant_file_is_known_by_its_name_when_given() {
    let text = messhall_catalog::BUILTINS
        .iter()
        .find(|b| b.name == "pieceeater")
        .unwrap()
        .text;
    let file = catalog::from_file_text("mine.toml", text).unwrap();
    let setup = TableSetup {
        seed: Some(Seed::from_number(4)),
        ..TableSetup::default()
    };
    let mut table = Table::new(file.clone(), &setup).unwrap();
    for san in ["e4", "e5", "Nf3"] {
        let seat = to_move(&table);
        let action = table.parse_action(san).unwrap();
        table.try_act(seat, action).unwrap();
    }
    let written = pgn::write(&table.record(), &Header::default()).unwrap();
    let games = pgn::read_with(&written, std::slice::from_ref(&file)).unwrap();
    assert_eq!(games[0].record, table.record());
    assert!(matches!(games[0].record.game, catalog::GameSource::File { .. }));
    // Without the file, the name is the built-in's.
    let builtin = &pgn::read(&written).unwrap()[0].record;
    assert!(matches!(&builtin.game, catalog::GameSource::Builtin { name, .. } if name == "pieceeater"));
    assert_eq!(builtin.actions, table.record().actions);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_text_is_read_or_refused_without_a_panic(text in "(?s).{0,400}") {
        let _ = pgn::read(&text);
    }

    #[test]
    fn any_bytes_are_read_or_refused_without_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = pgn::read(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn damaged_pgn_is_read_or_refused_without_a_panic(
        at in 0.0f64..1.0,
        len in 0usize..6,
        insert in prop::sample::select(vec![
            "", "{", "}", "(", ")", "[", "]", "\"", "$", ";", "1.", "...", "{step a1}", "{steer d4-e5}",
            " pass ", "1-0", "*", "O-O", "e.p.", "\n%", "\\", "é", "Qxh7#",
        ]),
    ) {
        let text = OPERA;
        let mut cut = ((text.len() as f64) * at) as usize;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let mut end = (cut + len).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let damaged = format!("{}{insert}{}", &text[..cut], &text[end..]);
        let _ = pgn::read(&damaged);
    }
}
