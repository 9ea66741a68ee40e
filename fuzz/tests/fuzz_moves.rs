//! Typed moves: `Variant::parse_move` on positions of random games of every built-in and example
//! variant. An input is three lines: `variant NAME`, a FEN, the typed move. An accepted move is
//! legal and plays; a refused one gets one line that starts `move`.

use messhall_fuzz::{Rng, Target, chess_variants, one_line_error, played_positions, run, variant_named_in};
use messhall_rules::Position;

const TOKENS: &[&str] = &[
    "x", "+", "#", "=", "=Q", "=K", "=P", "@", "O-O", "O-O-O", "0-0", "e2", "e4", "a1", "p16", "z9", "a0", ",", "-",
    ">", "pass", "Q", "N", "K", "P@", "{", "}", " ", "\n", "e1g1", "e7e8q", "a17", "ê",
];

fn check(text: &str) -> Result<(), String> {
    let v = variant_named_in(text);
    let mut lines = text.splitn(3, '\n').skip(1);
    let (Some(fen), Some(typed)) = (lines.next(), lines.next()) else {
        return Ok(());
    };
    let Ok(pos) = Position::from_fen(v, fen) else {
        return Ok(());
    };
    if v.chance(&pos).is_some() {
        return Ok(());
    }
    match v.parse_move(&pos, typed) {
        Ok(mv) => {
            if !v.legal_moves(&pos).contains(&mv) {
                return Err(format!("{}: {typed:?} gave an illegal move in {fen}", v.name()));
            }
            let next = pos.play_unchecked(v, &mv);
            if next.hash() != next.recomputed_hash(v) {
                return Err(format!("{}: {typed:?} in {fen} leaves a wrong hash", v.name()));
            }
            Ok(())
        }
        Err(e) => one_line_error(&e.to_string(), "move"),
    }
}

/// A position of a random game and one of its legal moves in SAN or coordinates, sometimes bent.
fn generate(rng: &mut Rng, _corpus: &[String]) -> String {
    let v = rng.pick(chess_variants());
    let plies = 1 + rng.below(60);
    let positions = played_positions(v, rng, plies);
    let pos = rng.pick(&positions);
    let fen = pos.to_fen(v);
    let sans = if v.chance(pos).is_some() {
        Vec::new()
    } else {
        v.legal_moves_san(pos)
    };
    let mut typed = match sans.get(rng.below(sans.len().max(1))) {
        Some((_, san)) if rng.one_in(2) => san.clone(),
        Some((mv, _)) => mv.to_coordinates(v),
        None => "e2e4".to_string(),
    };
    if rng.one_in(3) {
        let at = rng.below(typed.len() + 1);
        if typed.is_char_boundary(at) {
            typed.insert_str(at, rng.pick::<&str>(TOKENS));
        }
    }
    format!("variant {}\n{fen}\n{typed}", v.name())
}

#[test]
fn fuzz_moves() {
    run(Target {
        name: "moves",
        corpus: messhall_fuzz::read_corpus(&["fuzz/corpus/moves"]),
        tokens: TOKENS,
        max_len: 2048,
        generate: Box::new(generate),
        check: Box::new(check),
    });
}
