//! Property tests over random games: from the start of chess, from some interesting chess
//! positions, from the 12x10 file variant `examples/variants/grand-food.toml` and from a variant
//! full of fairy pieces, play random legal moves and check after every move that
//!
//! * the FEN reads back to an equal position, with the same hash and the same FEN text;
//! * the incrementally kept hash equals the one computed from scratch;
//! * playing did not change the parent position (copy-make), and `apply` in place gives the
//!   same position as `play`;
//! * the move's coordinate form reads back to the same move;
//! * `is_attacked` agrees with move generation: a piece of the side not to move is attacked
//!   exactly when some pseudo-legal move of the side to move captures it.

mod common;

use messhall_rules::{MoveKind, Position, Variant};
use proptest::prelude::*;

fn check_position(v: &Variant, pos: &Position) {
    let fen = pos.to_fen(v);
    let us = pos.side_to_move();
    let mut pseudo = Vec::new();
    v.pseudo_moves(pos, &mut pseudo);
    for sq in pos.pieces_of(!us) {
        let captured = pseudo
            .iter()
            .any(|m| matches!(m.kind(), MoveKind::Capture | MoveKind::Locust) && (m.to() == sq || m.extra() == sq));
        assert_eq!(
            v.is_attacked(pos, sq, us),
            captured,
            "is_attacked({sq}) disagrees with the moves in {fen}"
        );
    }
    assert_eq!(
        pos.hash(),
        pos.recomputed_hash(v),
        "incremental hash differs from the recomputed one in {fen}"
    );
    let back = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(back.to_fen(v), fen, "FEN text changed on reading it back");
    assert_eq!(back.hash(), pos.hash(), "hash changed on reading back {fen}");
    assert!(back == *pos, "{fen} reads back to a different position");
}

/// Plays `choices.len()` random legal moves (fewer if the game ends) from `fen`.
fn walk(v: &Variant, fen: &str, choices: &[u16]) {
    let mut pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    check_position(v, &pos);
    let mut played = Vec::new();
    for &choice in choices {
        let moves = v.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        let text = mv.to_coordinates(v);
        played.push(text.clone());
        let parent = pos.clone();
        let next = pos.play_unchecked(v, &mv);
        assert!(
            pos == parent,
            "playing {text} changed its parent (after {played:?} from {fen})"
        );
        let mut in_place = pos.clone();
        in_place.apply(v, &mv);
        assert!(in_place == next, "apply and play differ for {text}");
        match v.parse_move(&pos, &text) {
            Ok(read) => assert_eq!(read, mv, "{text} reads back as another move"),
            Err(e) => panic!("{text} (generated as legal) does not read back: {e}"),
        }
        pos = next;
        check_position(v, &pos);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn chess_games(start in 0..common::CHESS_FENS.len(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        walk(&common::chess(), common::CHESS_FENS[start], &choices);
    }

    #[test]
    fn grand_food_games(start in 0..common::GRAND_FOOD_FENS.len(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
        walk(&common::grand_food(), common::GRAND_FOOD_FENS[start], &choices);
    }

    #[test]
    fn zoo_games(choices in prop::collection::vec(any::<u16>(), 0..160)) {
        let v = common::zoo();
        let start = v.start_fen().to_string();
        walk(&v, &start, &choices);
    }
}
