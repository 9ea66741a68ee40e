//! Input the rules must refuse with a clear one-line error (issues 16 and 17): FENs that are no
//! position of their game, moves, tampered records. The inputs are in `tests/rejected/`.

use messhall_catalog::builtin;
use messhall_rules::{
    Action, ActionIdError, ChanceOutcome, GameRecord, Move, MoveKind, Position, ReplayError, Role, Setup, SetupProblem,
    Square, Variant,
};
use std::sync::Arc;

fn variant(name: &str) -> Arc<Variant> {
    Arc::new(builtin(name).unwrap_or_else(|| panic!("no built-in {name}")))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn every_refused_fen_gives_its_error() {
    let text = include_str!("rejected/fens.txt");
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.splitn(3, " | ").collect();
        let [name, fen, expected] = parts[..] else {
            panic!("fens.txt line {}: not \"variant | FEN | error\"", n + 1);
        };
        let v = variant(name);
        match Position::from_fen(&v, fen) {
            Ok(_) => panic!("fens.txt line {}: {fen} was accepted", n + 1),
            Err(e) => assert_eq!(e.to_string(), expected, "fens.txt line {}", n + 1),
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} FENs");
}

#[test]
fn problems_come_as_kinds_that_a_caller_may_waive() {
    let v = variant("chess");
    let empty = "8/8/8/8/8/8/8/8 w - - 0 1";
    let err = Position::from_fen(&v, empty).unwrap_err();
    assert_eq!(err.where_, "position");
    assert_eq!(err.problems, [SetupProblem::NoRoyal, SetupProblem::NoRoyal]);
    // A board editor may knowingly keep a position without kings.
    let setup = Setup::from_fen(&v, empty).unwrap();
    let pos = setup.position(&v, &[SetupProblem::NoRoyal]).unwrap();
    assert_eq!(pos.to_fen(&v), empty);
    // Waiving one kind leaves the others.
    let fen = "4k2P/8/8/8/8/8/8/8 b Q - 0 1";
    let err = Setup::from_fen(&v, fen)
        .unwrap()
        .position(&v, &[SetupProblem::NoRoyal])
        .unwrap_err();
    assert_eq!(
        err.problems,
        [SetupProblem::ImpossibleCastling, SetupProblem::PawnOnPromotionRank]
    );
    // Waived castling and en passant rights that no move could use are dropped.
    let pos = Setup::from_fen(&v, "4k3/8/8/8/8/8/8/4K3 w KQ e6 0 1")
        .unwrap()
        .position(&v, &SetupProblem::ALL)
        .unwrap();
    assert_eq!(pos.to_fen(&v), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn a_game_won_by_taking_the_king_ends_in_a_position() {
    // PieceEater Chess is won by capturing the King: the side to move has just lost it.
    let v = variant("pieceeater");
    let fen = "4k3/8/8/8/3*4/8/8/8[] w - - 0 1";
    let pos = Position::from_fen(&v, fen).unwrap();
    assert_eq!(pos.to_fen(&v), fen);
    // In chess a King is never taken.
    let v = variant("chess");
    assert_eq!(
        Position::from_fen(&v, "4k3/8/8/8/8/8/8/8 w - - 0 1")
            .unwrap_err()
            .to_string(),
        "FEN position: White has no King"
    );
}

#[test]
fn every_built_in_start_is_a_position() {
    for b in messhall_catalog::BUILTINS {
        let v = variant(b.name);
        let fen = v.start().to_fen(&v);
        Position::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{}: {e}", b.name));
    }
}

#[test]
fn long_input_is_quoted_cut_short() {
    let v = variant("chess");
    let long = format!("4k3/8/8/8/8/8/8/4K2{}", "x".repeat(100_000));
    let msg = Position::from_fen(&v, &long).unwrap_err().to_string();
    assert_eq!(
        msg,
        format!(
            "FEN board rank 1 (\"4K2{}…\"), character 4: 'x' is not a piece of chess",
            "x".repeat(37)
        )
    );
    let pos = v.start();
    let msg = v.parse_move(&pos, &"e2e4".repeat(25_000)).unwrap_err().to_string();
    assert!(msg.len() < 200, "{} bytes: {}", msg.len(), &msg[..200]);
    assert!(msg.starts_with("move \"e2e4e2e4"), "{msg}");
}

#[test]
fn a_promotion_letter_on_a_move_that_does_not_promote_says_so() {
    let v = variant("chess");
    let pos = v.start();
    assert_eq!(
        v.parse_move(&pos, "e2e4q").unwrap_err().to_string(),
        "move \"e2e4q\" is not legal here: the Pawn does not promote on e4; write e2e4"
    );
    let pos = Position::from_fen(&v, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        v.parse_move(&pos, "a7a8k").unwrap_err().to_string(),
        "move \"a7a8k\" is not legal here: 'k' is not a promotion choice here; choose one of q r b n"
    );
}

/// A record whose one action is `action`, from the start of `v`.
fn record_of(v: &Variant, action: Action) -> GameRecord {
    GameRecord {
        variant: v.name().to_string(),
        start: v.start_fen().to_string(),
        seed: 0,
        actions: vec![action],
    }
}

#[test]
fn a_record_with_ids_the_game_does_not_have_is_refused() {
    let v = variant("chess");
    let pos = Position::from_fen(&v, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let promotion = v.parse_move(&pos, "a7a8q").unwrap().with_promotion(Some(Role(200)));
    let mut record = record_of(&v, Action::Move(promotion));
    record.start = pos.to_fen(&v);
    assert_eq!(
        record.replay(v.clone()).unwrap_err().to_string(),
        "record action 0: piece type 200 is not one of the 6 of chess"
    );
    assert_eq!(
        record.replay(v.clone()).err(),
        Some(ReplayError::OutOfRange {
            index: 0,
            error: ActionIdError::NoSuchRole {
                role: Role(200),
                roles: 6,
                variant: "chess".into()
            }
        })
    );
    let off_board = Square::from_index(200);
    let record = record_of(&v, Action::Move(Move::new(sq("e2"), off_board, MoveKind::Quiet)));
    assert_eq!(
        record.replay(v.clone()).unwrap_err().to_string(),
        "record action 0: square index 200 is not on the 8x8 board"
    );
    assert_eq!(
        Action::Move(Move::new(sq("e2"), off_board, MoveKind::Quiet)).check_ids(&v),
        Err(ActionIdError::OffBoard {
            square: off_board,
            size: v.size()
        })
    );
    let odds = ChanceOutcome {
        weight: 3,
        ..ChanceOutcome::forced(sq("e2"), sq("e3"))
    };
    assert_eq!(
        Action::Chance(odds).check_ids(&v),
        Err(ActionIdError::NotAProbability { weight: 3, total: 1 })
    );
    let record = record_of(
        &v,
        Action::Move(Move::new(sq("e2"), sq("e4"), MoveKind::Drop(Role(63)))),
    );
    assert_eq!(
        record.replay(v.clone()).unwrap_err().to_string(),
        "record action 0: piece type 63 is not one of the 6 of chess"
    );
    // Written out, an unknown role never panics.
    assert_eq!(promotion.to_coordinates(&v), "a7a8?");
}

#[test]
fn every_tampered_text_record_gives_its_error() {
    let records = [
        ("pieceeater", include_str!("rejected/chance-trailing.record")),
        ("chess", include_str!("rejected/illegal-move.record")),
        ("chess", include_str!("rejected/bad-start.record")),
        ("pieceeater", include_str!("rejected/chance-off-board.record")),
        ("chess", include_str!("rejected/wrong-variant.record")),
    ];
    for (name, text) in records {
        let expected = text
            .lines()
            .find_map(|l| l.strip_prefix("# expect: "))
            .expect("an \"# expect: \" line");
        let err = GameRecord::from_text(variant(name), text).unwrap_err();
        assert_eq!(err.to_string(), expected);
    }
}

#[test]
fn a_variant_file_error_quotes_a_long_piece_name_cut_short() {
    let chess = include_str!("../variants/chess.toml");
    let name = "Knight".repeat(20_000);
    let text = chess.replacen(
        "name = \"Knight\"\nbetza = \"N\"",
        &format!("name = \"{name}\"\nbetza = \"N(\""),
        1,
    );
    let e = messhall_catalog::from_toml("long.toml", &text).unwrap_err();
    let quoted = format!("piece \"{}…\": ", &name[..messhall_rules::ECHO_CHARS]);
    // Two faults (the name's length, the XBetza), each on its line; the error's own text is one
    // line that counts the second.
    let msg = e.lines().join("\n");
    assert_eq!(e.lines().len(), 2, "{}", &msg[..msg.len().min(600)]);
    let one = e.to_string();
    assert!(
        !one.contains('\n') && one.ends_with(" (and 1 more problem)"),
        "{}",
        &one[..one.len().min(600)]
    );
    for line in e.lines() {
        assert!(line.starts_with("long.toml: line "), "{}", &msg[..msg.len().min(600)]);
        assert!(line.contains(&quoted), "{}", &msg[..msg.len().min(600)]);
        assert!(line.len() < 300, "{} bytes", line.len());
    }
}

/// Positions to start the edits from, per built-in: its start, and one with more state.
const EDITED: &[(&str, &str)] = &[
    ("chess", "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"),
    ("calorie", "4k3/8/8/8/8/8/8/R{3}3K2R w KQ - 0 1"),
    (
        "pieceeater",
        "4k3/8/8/8/3*4/8/8/4K3[PN] w - - 0 1 forbidden=c5 step=after-e1",
    ),
    ("foodfight", ""),
    ("friendly", ""),
];

fn waived_setup_is_usable(name: &str, edits: &[(usize, char)]) {
    let v = variant(name);
    let base = EDITED.iter().find(|(n, _)| *n == name).map_or("", |(_, f)| f);
    let base = if base.is_empty() {
        v.start_fen().to_string()
    } else {
        base.to_string()
    };
    let mut chars: Vec<char> = base.chars().collect();
    for &(at, c) in edits {
        let at = at % chars.len();
        chars[at] = c;
    }
    let text: String = chars.into_iter().collect();
    let Ok(setup) = Setup::from_fen(&v, &text) else {
        return;
    };
    // Whatever a board editor sets up, with every problem waived, is a position that can be
    // hashed, written and played on without a panic.
    let pos = setup
        .position(&v, &SetupProblem::ALL)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(pos.hash(), pos.recomputed_hash(&v), "{text}");
    let _ = pos.to_fen(&v);
    for mv in v.legal_moves(&pos).iter().take(20) {
        let _ = pos.play_unchecked(&v, mv);
    }
    // Checked, it reads back from its own FEN, or is refused naming the kinds of its problems.
    match setup.position(&v, &[]) {
        Ok(checked) => {
            let fen = checked.to_fen(&v);
            let back = Position::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{text} gave {fen}: {e}"));
            assert!(back == checked, "{text} gave {fen}, which reads back differently");
        }
        Err(e) => {
            assert_eq!(e.where_, "position");
            assert!(!e.problems.is_empty(), "{text}: {e}");
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    #[test]
    fn a_setup_with_every_problem_waived_never_panics(
        variant in proptest::sample::select(EDITED.iter().map(|(n, _)| *n).collect::<Vec<_>>()),
        edits in proptest::collection::vec(
            (0usize..200, proptest::sample::select("KkQqPpNnRr*12345678/ wb-".chars().collect::<Vec<_>>())),
            1..4,
        ),
    ) {
        waived_setup_is_usable(variant, &edits);
    }
}

/// A variant file with five independent faults reports all five, each with its field and the
/// line and column where the field is written: mended in one pass, not five.
#[test]
fn a_variant_file_reports_each_of_its_faults() {
    let text = include_str!("rejected/five-faults.toml");
    let e = messhall_catalog::from_toml("five-faults.toml", text).expect_err("five faults");
    let mut found: Vec<(usize, usize, String)> =
        e.problems().into_iter().map(|p| (p.line, p.column, p.field)).collect();
    found.sort();
    let want = [
        (25, 1, "piece[3].letter"),
        (32, 1, "piece[4].betza"),
        (39, 1, "piece[5].value"),
        (42, 1, "promotion[0].rank"),
        (46, 1, "end.repetitions"),
    ];
    let want: Vec<(usize, usize, String)> = want.iter().map(|&(l, c, f)| (l, c, f.to_string())).collect();
    assert_eq!(found, want, "{e}");
    // Shown one a line, each naming the file and the place.
    let shown = e.lines();
    assert_eq!(shown.len(), 5, "{shown:?}");
    assert!(
        shown.iter().all(|l| l.starts_with("five-faults.toml: line ")),
        "{shown:?}"
    );
    // Mended, the file compiles: the faults were the only ones.
    let mended = text
        .replace("letter = \"1\"", "letter = \"R\"")
        .replace("betza = \"Q(\"", "betza = \"Q\"")
        .replace("value = 20000", "value = 0")
        .replace("rank = 9", "rank = 8")
        .replace("repetitions = 1", "repetitions = 3");
    messhall_catalog::from_toml("mended.toml", &mended).expect("mended");
}
