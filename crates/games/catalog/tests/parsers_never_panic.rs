//! Fuzzing the three parsers that read text from users: `Position::from_fen`,
//! `messhall_catalog::from_toml` and `Variant::parse_move`. On any input they must not panic, and an
//! error must be one line that says what is wrong and where. Whatever they accept must be usable:
//! a parsed position has the right hash, reads back from its own FEN and its moves can be played;
//! a parsed variant plays from its start; a parsed move is legal.

mod common;

use messhall_rules::{Position, Variant};
use proptest::prelude::*;
use std::sync::LazyLock;

const CHESS_TOML: &str = include_str!("../variants/chess.toml");
const GRAND_FOOD_TOML: &str = include_str!("../../../../examples/variants/grand-food.toml");

/// Compiled once for all cases.
static VARIANTS: LazyLock<[Variant; 3]> = LazyLock::new(|| [common::chess(), common::grand_food(), common::zoo()]);

fn variants() -> &'static [Variant; 3] {
    &VARIANTS
}

/// Every position of `all_fens`, with its variant.
static POSITIONS: LazyLock<Vec<(&'static Variant, Position)>> = LazyLock::new(|| {
    all_fens()
        .into_iter()
        .map(|(variant, fen)| {
            let v = &variants()[variant];
            (v, Position::from_fen(v, fen).unwrap())
        })
        .collect()
});

/// A position the parser accepted: consistent, and its moves can be generated and played.
fn check_accepted_position(v: &Variant, pos: &Position, text: &str) {
    assert_eq!(pos.hash(), pos.recomputed_hash(v), "hash of {text:?}");
    let fen = pos.to_fen(v);
    let back =
        Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{text:?} was accepted but its FEN {fen} is not: {e}"));
    assert!(back == *pos, "{text:?}: {fen} reads back differently");
    assert_eq!(back.to_fen(v), fen);
    for mv in v.legal_moves(pos) {
        let next = pos.play_unchecked(v, &mv);
        assert_eq!(next.hash(), next.recomputed_hash(v), "after {mv:?} in {fen}");
    }
}

fn check_fen(v: &Variant, text: &str) {
    match Position::from_fen(v, text) {
        Ok(pos) => check_accepted_position(v, &pos, text),
        Err(e) => {
            let msg = e.to_string();
            assert!(!msg.contains('\n') && !msg.contains('\r'), "{msg:?}");
            assert!(msg.starts_with("FEN "), "{msg}");
            assert!(!e.where_.trim().is_empty(), "no place in {msg:?}");
            assert!(!e.why.trim().is_empty(), "no reason in {msg:?}");
        }
    }
}

fn check_toml(file: &str, text: &str) {
    match messhall_catalog::from_toml(file, text) {
        Ok(v) => {
            let start = v.start();
            check_accepted_position(&v, &start, v.start_fen());
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(!msg.contains('\n') && !msg.contains('\r'), "{msg:?}");
            let rest = msg
                .strip_prefix(&format!("{file}: "))
                .unwrap_or_else(|| panic!("{msg:?} does not start with the file name"));
            assert!(!rest.trim().is_empty(), "{msg:?}");
        }
    }
}

fn check_move(v: &Variant, pos: &Position, text: &str) {
    match v.parse_move(pos, text) {
        Ok(mv) => assert!(v.legal_moves(pos).contains(&mv), "{text:?} gave an illegal move"),
        Err(e) => {
            let msg = e.to_string();
            assert!(!msg.contains('\n') && !msg.contains('\r'), "{msg:?}");
            assert!(msg.starts_with("move \""), "{msg}");
        }
    }
}

/// Applies edits to `text`: each `(op, at, ch)` deletes, inserts, replaces or duplicates around
/// character `at` (modulo the length).
fn mutate(text: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(op, at, ch) in edits {
        let at = if chars.is_empty() { 0 } else { at % chars.len() };
        match op % 4 {
            0 if !chars.is_empty() => {
                chars.remove(at);
            }
            1 => chars.insert(at, ch),
            2 if !chars.is_empty() => chars[at] = ch,
            _ if !chars.is_empty() => {
                let end = (at + 1 + usize::from(op) % 7).min(chars.len());
                let copy: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, copy);
            }
            _ => chars.push(ch),
        }
    }
    chars.into_iter().collect()
}

/// Line edits: each `(op, a, b)` deletes line `a`, duplicates it, or swaps lines `a` and `b`.
fn mutate_lines(text: &str, edits: &[(u8, usize, usize)]) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    for &(op, a, b) in edits {
        if lines.is_empty() {
            break;
        }
        let (a, b) = (a % lines.len(), b % lines.len());
        match op % 3 {
            0 => {
                lines.remove(a);
            }
            1 => lines.insert(a, lines[a]),
            _ => lines.swap(a, b),
        }
    }
    lines.join("\n")
}

fn fen_char() -> impl Strategy<Value = char> {
    prop::sample::select(
        "pnbrqkPNBRQKsSchtCHTeEgGzZlLaA0123456789/ wb-,{}mu>[]"
            .chars()
            .collect::<Vec<_>>(),
    )
}

fn edits() -> impl Strategy<Value = Vec<(u8, usize, char)>> {
    prop::collection::vec((any::<u8>(), any::<usize>(), fen_char()), 1..5)
}

fn all_fens() -> Vec<(usize, &'static str)> {
    let zoo_start: &'static str = variants()[2].start_fen();
    common::CHESS_FENS
        .iter()
        .map(|f| (0, *f))
        .chain(common::GRAND_FOOD_FENS.iter().map(|f| (1, *f)))
        .chain([(2, zoo_start)])
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn fen_arbitrary_strings(text in any::<String>()) {
        for v in variants() {
            check_fen(v, &text);
        }
    }

    #[test]
    fn fen_alphabet(text in "[pnbrqkPNBRQKsStTcChH0-9/ wb,{}mu>a-l-]{0,90}") {
        for v in variants() {
            check_fen(v, &text);
        }
    }

    #[test]
    fn fen_mutated(which in any::<prop::sample::Index>(), edits in edits()) {
        let fens = all_fens();
        let (variant, fen) = fens[which.index(fens.len())];
        let v = &variants()[variant];
        check_fen(v, &mutate(fen, &edits));
    }

    #[test]
    fn toml_arbitrary_strings(text in any::<String>()) {
        check_toml("fuzz.toml", &text);
    }

    #[test]
    fn toml_mutated(
        which in 0..3usize,
        edits in prop::collection::vec((any::<u8>(), any::<usize>(), any::<char>()), 1..4),
        lines in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 0..3),
    ) {
        let text = [CHESS_TOML, GRAND_FOOD_TOML, common::ZOO][which];
        check_toml("fuzz.toml", &mutate_lines(&mutate(text, &edits), &lines));
    }

    #[test]
    fn toml_with_other_pieces(
        which in 0..3usize,
        piece in any::<prop::sample::Index>(),
        betza in "[fblrvsmcpgnzie]{0,3}[WFDNAHCZGKRBQ]([WFDNAHCZGKRBQ]|[0-9])?(a[fblrvsmcpgnz]{0,2}[WFDNAHCZGKRBQ])?",
    ) {
        let text = [CHESS_TOML, GRAND_FOOD_TOML, common::ZOO][which];
        let lines: Vec<&str> = text.lines().collect();
        let betza_lines: Vec<usize> =
            (0..lines.len()).filter(|&i| lines[i].starts_with("betza = ")).collect();
        let at = betza_lines[piece.index(betza_lines.len())];
        let new_line = format!("betza = \"{betza}\"");
        let mut edited: Vec<&str> = lines.clone();
        edited[at] = &new_line;
        check_toml("fuzz.toml", &edited.join("\n"));
    }

    #[test]
    fn moves_arbitrary_strings(text in any::<String>()) {
        for (v, pos) in POSITIONS.iter() {
            check_move(v, pos, &text);
        }
    }

    #[test]
    fn moves_near_misses(
        text in "([a-l](1[0-2]|[0-9])[a-l](1[0-2]|[0-9])[qrbnchk]?(,[a-l][0-9][a-l][0-9])?|[NBRQKSCHT]?[a-l]?[1-9]?x?[a-l][1-9](=[QRBN])?[+#]?|O-O(-O)?|0-0|[A-Z]@[a-l][0-9]|pass| ?[a-l0-9x@=,+-]{0,6} ?)",
    ) {
        for (v, pos) in POSITIONS.iter() {
            check_move(v, pos, &text);
        }
    }
}

#[test]
fn errors_name_the_place() {
    let chess = common::chess();
    for (fen, place) in [
        ("", "text"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "board rank 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant",
        ),
    ] {
        let err = Position::from_fen(&chess, fen).unwrap_err().to_string();
        assert!(err.starts_with(&format!("FEN {place}")), "{fen:?}: {err}");
    }
    let err = messhall_catalog::from_toml("mine.toml", "name = \"x\"\nfiles = 8\nranks = 8\nstart = 3\n")
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("mine.toml: line 4, column 9:"), "{err}");
    let pos = chess.start();
    let err = chess.parse_move(&pos, "e2e5").unwrap_err().to_string();
    assert_eq!(err, "move \"e2e5\" is not legal here: the Pawn on e2 cannot go to e5");
}
