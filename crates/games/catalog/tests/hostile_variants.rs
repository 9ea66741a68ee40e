//! Variant files written to hurt (issue 17): each ends quickly in its errors, one line a fault, naming the
//! field, the piece and the limit, or loads and plays normally. The files are in
//! `tests/data/hostile/`; `docs/variant-files.md` lists the limits.

use messhall_rules::{Position, Variant};
use std::time::{Duration, Instant};

fn path(name: &str) -> String {
    format!("{}/tests/data/hostile/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Loads `name`, which must fail within a second with a message containing `expected`.
fn refused(name: &str, expected: &str) -> String {
    let started = Instant::now();
    let result = messhall_catalog::load(&path(name));
    let elapsed = started.elapsed();
    let Err(e) = result else {
        panic!("{name} loaded");
    };
    let msg = e.to_string();
    assert!(msg.contains(expected), "{name}: {msg}");
    // One line a fault, each naming the file.
    for line in msg.lines() {
        assert!(line.starts_with(&path(name)), "{name}: {msg}");
        assert!(line.len() < 300, "{name}: {msg}");
    }
    assert!(elapsed < Duration::from_secs(1), "{name}: {elapsed:?}");
    msg
}

/// The legal moves from `from`, in coordinates, in the order generated.
fn moves_from(v: &Variant, pos: &Position, from: &str) -> Vec<String> {
    v.legal_moves(pos)
        .iter()
        .filter(|m| m.from().to_string() == from)
        .map(|m| m.to_coordinates(v))
        .collect()
}

fn loaded(name: &str) -> Variant {
    messhall_catalog::load(&path(name)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn too_many_legs() {
    // Ten alternating rook legs: perft 1 allocated until it aborted, and with a capturing last leg
    // loading hung in the start position's check test.
    for name in ["rook-legs-10.toml", "rook-legs-10-capture.toml"] {
        refused(name, "piece \"Shuttle\": betza: a move of 10 legs; at most 8");
    }
}

#[test]
fn eight_rook_legs_are_walked_once_per_square() {
    // The most legs a move may have, on the largest board: every path of alternating rook legs
    // is a few hundred states, not 16^8 paths.
    for name in ["rook-legs-8.toml", "rook-legs-8-capture.toml"] {
        let started = Instant::now();
        let v = loaded(name);
        let start = v.start();
        let nodes = v.perft(&start, 2);
        assert!(nodes > 0, "{name}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{name}: {:?}",
            started.elapsed()
        );
    }
    // Eight legs, forward then back four times: from b1 the Shuttle ends anywhere from b2 to b14
    // (the last leg goes back at least one square from at most b15, below Black's Shuttle on
    // b16); back on b1 it has not moved, which is no move.
    let v = loaded("rook-legs-8.toml");
    let start = v.start();
    let shuttle = moves_from(&v, &start, "b1");
    let expected: Vec<String> = (2..=14).map(|r| format!("b1b{r}")).collect();
    let mut sorted = shuttle.clone();
    sorted.sort_by_key(|m| m[3..].parse::<u32>().unwrap_or(0));
    assert_eq!(sorted, expected);
}

#[test]
fn too_much_xbetza() {
    refused(
        "betza-2400.toml",
        "piece \"Shuttle\": betza: 2401 characters; at most 200",
    );
    refused(
        "qaqaqamq-3000.toml",
        "piece \"Shuttle\": betza: 24000 characters; at most 200",
    );
    refused(
        "moves-per-piece.toml",
        "piece \"Shuttle\": betza: 512 moves; at most 256",
    );
    refused(
        "multi-leg-legs.toml",
        "piece \"Shuttle\": betza: its multi-leg moves have 1024 legs in all; at most 256",
    );
    let msg = refused("targets-per-square.toml", "piece \"Shuttle\": betza: its moves reach ");
    assert!(msg.ends_with("; at most 1024"), "{msg}");
}

#[test]
fn castling_files_must_leave_room_for_the_rook() {
    refused(
        "castle-queenside-h.toml",
        "[castling]: queenside_file 'h': the rook would land right of the king, off the board",
    );
    refused(
        "castle-kingside-a.toml",
        "[castling]: kingside_file 'a': the rook would land left of the king, off the board",
    );
    refused(
        "castle-files-crossed.toml",
        "[castling]: queenside_file 'g' must be left of kingside_file 'c'",
    );
}

#[test]
fn numbers_are_bounded() {
    refused(
        "fifty-moves-overflow.toml",
        "[end] fifty_moves = 2147483648: at most 10000",
    );
    refused(
        "repetitions-one.toml",
        "[end] repetitions = 1: 0 (no such rule) or 2 to 100",
    );
    refused(
        "value-overflow.toml",
        "piece \"Queen\": value = 2147483647: -10000 to 10000",
    );
    refused(
        "counter-overflow.toml",
        "piece \"Queen\": counter = 65535: at most 1000",
    );
}

#[test]
fn text_fields_are_one_line() {
    refused(
        "name-control-char.toml",
        "name: a control character (\\r) at character 5; a text field is one line",
    );
    let chess = include_str!("../variants/chess.toml");
    let text = chess.replacen("name = \"Knight\"", "name = \"Kni\\nght\"", 1);
    let msg = messhall_catalog::from_toml("knight.toml", &text)
        .unwrap_err()
        .to_string();
    assert_eq!(
        msg,
        "knight.toml: line 20, column 1: piece \"Kni\\nght\": name: a control character (\\n) at character 4; a text field is one line"
    );
}

#[test]
fn royals_and_promotions() {
    refused(
        "no-royal.toml",
        "no piece has `royal = true` and [end] names no extinction pieces",
    );
    refused(
        "promote-to-king.toml",
        "[[promotion]] on rank 8: choice 'K' (King) is royal; a promotion may not make one",
    );
    refused(
        "promote-to-pawn.toml",
        "[[promotion]] on rank 8: choice 'P' (Pawn) is a pawn; a promotion may not make one",
    );
}

#[test]
fn a_pawn_may_not_be_dropped_where_it_must_promote() {
    // Found by fuzz_variant: the file loaded, a Pawn dropped on b8, and the FEN reader refused
    // the position it made.
    refused(
        "pawn-drop-on-promotion-rank.toml",
        "[[drops]]: 'P' may not be dropped on rank 8, where it must promote",
    );
}

#[test]
fn a_drop_is_listed_once() {
    refused("drops-twice.toml", "[[drops]]: 'P' on rank 2 is given by two tables");
}

#[test]
fn an_error_is_said_once() {
    let e = messhall_catalog::load(&path("size17.toml")).expect_err("17 files");
    let msg = e.to_string();
    assert_eq!(msg.matches("size17.toml").count(), 1, "{msg}");
    assert!(msg.contains("17x8"), "{msg}");
    // Nothing under it for a chain-printing caller (`{:#}` in the command) to say again.
    assert!(std::error::Error::source(&e).is_none(), "{msg}");
}

#[test]
fn only_a_regular_file_of_bounded_size_is_read() {
    let dir = format!("{}/tests/data/hostile", env!("CARGO_MANIFEST_DIR"));
    let msg = messhall_catalog::load(&dir).expect_err("a directory").to_string();
    assert!(msg.ends_with("is a directory, not a variant file"), "{msg}");
    if std::path::Path::new("/dev/zero").exists() {
        let started = Instant::now();
        let msg = messhall_catalog::load("/dev/zero").expect_err("a device").to_string();
        assert!(msg.contains("is not a regular file"), "{msg}");
        assert!(started.elapsed() < Duration::from_secs(1));
    }
    let big = std::env::temp_dir().join(format!("messhall-hostile-{}.toml", std::process::id()));
    let size = messhall_rules::limits::MAX_FILE_BYTES as usize + 1;
    std::fs::write(&big, "#".repeat(size)).expect("temp file");
    let result = messhall_catalog::load(&big.display().to_string());
    let _ = std::fs::remove_file(&big);
    let msg = result.expect_err("too big").to_string();
    assert!(
        msg.ends_with("is larger than 262144 bytes, the most a variant file may have"),
        "{msg}"
    );
}

#[test]
fn one_move_from_two_atoms_counts_once() {
    // `DifmneD`: the unmoved Shuttle on b1 reaches b3 both by `D` and by the initial `ifmneD`.
    // It is one move (RULINGS: a move is identified by what it does), listed once, counted once
    // by perft, and typed without ambiguity.
    let v = loaded("two-atoms-one-move.toml");
    let start = v.start();
    let shuttle = moves_from(&v, &start, "b1");
    assert_eq!(shuttle, ["b1b3", "b1d1"]);
    // The King's two steps and the Shuttle's two moves.
    assert_eq!(v.perft(&start, 1), 4);
    let (mv, next) = v.try_play(&start, "Sb3").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(mv.to().to_string(), "b3");
    // Once moved, only the plain `D` is left.
    let back = Position::from_fen(&v, "ks6/8/8/8/8/1S6/8/K7 w - - 0 1").unwrap();
    assert_eq!(
        v.try_play(&back, "Sb5").map(|(m, _)| m.to().to_string()).ok(),
        Some("b5".into())
    );
    assert!(
        next.to_fen(&v).starts_with("ks6/8/8/8/8/1S6/8/K7 b"),
        "{}",
        next.to_fen(&v)
    );
}

#[test]
fn a_syntax_error_quoting_a_control_character_is_one_line() {
    // Found by fuzzing: the TOML reader quotes an unknown value whole, carriage return included.
    let text = format!(
        "{}\n[end]\nroyal = \"captu\\re\"\n",
        include_str!("../variants/chess.toml")
    );
    let msg = messhall_catalog::from_toml("cr.toml", &text).unwrap_err().to_string();
    assert!(
        msg.starts_with("cr.toml: line ") && !msg.contains('\r') && !msg.contains('\n'),
        "{msg:?}"
    );
    assert!(msg.contains("captu\\re"), "{msg:?}");
}
