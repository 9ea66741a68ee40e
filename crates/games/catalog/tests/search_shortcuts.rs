//! The rules core's shortcuts for the search agree with the plain rules, in random games of every
//! built-in game, the 12x10 file variant and a variant full of fairy pieces:
//!
//! * `tactical_moves` gives exactly the captures and promotions `pseudo_moves` gives, in the
//!   same order;
//! * `captures_onto` gives exactly the plain captures onto the square that `pseudo_moves` gives,
//!   in the same order, and says whether the square is attacked as `is_attacked` does;
//! * `legal_moves_given_check` told the truth gives what `legal_moves` gives, and where a royal
//!   must not be left attacked, that is every pseudo-legal move after which no royal of the mover
//!   stands attacked (so a royal's step tested against the bare board is right);
//! * a move `check_lines` says cannot give check does not;
//!
//! and the same in chosen positions in check and one move after them.

mod common;

use messhall_rules::spec::RoyalRule;
use messhall_rules::{MoveKind, Position, Square, Variant};
use proptest::prelude::*;

fn check_position(v: &Variant, pos: &Position) {
    let fen = pos.to_fen(v);
    let us = pos.side_to_move();
    let mut pseudo = Vec::new();
    v.pseudo_moves(pos, &mut pseudo);
    let mut tactical = Vec::new();
    v.tactical_moves(pos, &mut tactical);
    let expected: Vec<_> = pseudo
        .iter()
        .filter(|m| m.is_capture() || m.promotion().is_some())
        .copied()
        .collect();
    assert_eq!(tactical, expected, "captures and promotions in {fen}");
    let mut onto = Vec::new();
    for target in v.size().squares() {
        let attacked = v.captures_onto(pos, target, &mut onto);
        let expected: Vec<_> = pseudo
            .iter()
            .filter(|m| m.kind() == MoveKind::Capture && m.to() == target)
            .copied()
            .collect();
        assert_eq!(onto, expected, "captures onto {target} in {fen}");
        assert_eq!(attacked, v.is_attacked(pos, target, us), "attacks on {target} in {fen}");
    }
    let legal = v.legal_moves(pos);
    let mut given = Vec::new();
    v.legal_moves_given_check(pos, v.in_check(pos), &mut given);
    assert_eq!(given, legal, "legal moves given the check in {fen}");
    if v.end().royal == RoyalRule::Checkmate && !legal.is_empty() {
        let safe: Vec<_> = pseudo
            .iter()
            .filter(|m| {
                let next = pos.play_unchecked(v, m);
                !next.royals(us).iter().any(|r: Square| v.is_attacked(&next, r, !us))
            })
            .copied()
            .collect();
        let played: Vec<_> = legal.iter().filter(|m| m.kind() != MoveKind::Pass).copied().collect();
        assert_eq!(played, safe, "legal moves against playing each in {fen}");
    }
    let lines = v.check_lines(pos);
    for mv in &legal {
        if !lines.may_give_check(mv) {
            let next = pos.play_unchecked(v, mv);
            assert!(
                !v.in_check(&next),
                "{} gives check in {fen}, but check_lines says it cannot",
                mv.to_coordinates(v)
            );
        }
    }
}

/// Plays `choices.len()` random legal moves (fewer if the game ends) from `fen`, chance outcomes
/// picked by the same choices, checking every position with a side to move.
fn walk(v: &Variant, fen: &str, choices: &[u16]) {
    let mut pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for &choice in choices {
        if let Some(event) = v.chance(&pos).filter(|e| !e.outcomes.is_empty()) {
            pos = v.resolve(&pos, &event.outcomes[usize::from(choice) % event.outcomes.len()]);
            continue;
        }
        check_position(v, &pos);
        let moves = v.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos = pos.play_unchecked(v, &moves[usize::from(choice) % moves.len()]);
    }
}

/// Positions in check: a block or capture that a pin forbids, a double check, a knight's check a
/// bishop can take, and a pawn's check that an en passant capture ends.
const CHESS_CHECKS: &[&str] = &[
    "4k3/8/8/8/1b6/8/3N4/r3K2R w K - 0 1",
    "4k3/8/8/8/8/5n2/8/4K2r w - - 0 1",
    "4k3/8/8/8/8/3n4/2B5/4K3 w - - 0 1",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
];

#[test]
fn moves_out_of_check_agree_with_playing_each() {
    let v = common::chess();
    for fen in CHESS_CHECKS {
        let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(v.in_check(&pos), "{fen} is a check");
        check_position(&v, &pos);
        // And every position one move on, many of them in check.
        for mv in v.legal_moves(&pos) {
            check_position(&v, &pos.play_unchecked(&v, &mv));
        }
    }
}

fn builtin(name: &str) -> Variant {
    messhall_catalog::builtin(name).unwrap_or_else(|| panic!("no built-in {name}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn chess_games(start in 0..common::CHESS_FENS.len(), choices in prop::collection::vec(any::<u16>(), 0..100)) {
        walk(&common::chess(), common::CHESS_FENS[start], &choices);
    }

    #[test]
    fn grand_food_games(start in 0..common::GRAND_FOOD_FENS.len(), choices in prop::collection::vec(any::<u16>(), 0..100)) {
        walk(&common::grand_food(), common::GRAND_FOOD_FENS[start], &choices);
    }

    #[test]
    fn zoo_games(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let v = common::zoo();
        let start = v.start_fen().to_string();
        walk(&v, &start, &choices);
    }

    #[test]
    fn builtin_games(game in 0..messhall_catalog::BUILTINS.len(), choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let v = builtin(messhall_catalog::BUILTINS[game].name);
        let start = v.start_fen().to_string();
        walk(&v, &start, &choices);
    }
}
