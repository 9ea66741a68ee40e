//! An illegal move says why: no such piece, none that can go there, frozen, out of energy,
//! pinned, in check, or stepping into check. Each reason with a position and its exact message.

mod common;

use messhall_catalog::builtin;
use messhall_rules::{Color, Game, MoveError, Position, Variant, WhyIllegal};

fn game(name: &str) -> Variant {
    builtin(name).unwrap_or_else(|| panic!("{name} is built in"))
}

/// The error `text` gets in the position `fen` of `v`.
fn refusal(v: &Variant, fen: &str, text: &str) -> String {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    match v.parse_move(&pos, text) {
        Ok(mv) => panic!("{text} is legal in {fen}: {}", mv.to_coordinates(v)),
        Err(e) => e.to_string(),
    }
}

/// A FEN of the 12x12 board from pieces written as letter + square.
fn fen12(pieces: &str, side: char) -> String {
    common::fen_from_pieces(12, 12, pieces, side, "-")
}

#[track_caller]
fn says(v: &Variant, fen: &str, text: &str, why: &str) {
    assert_eq!(
        refusal(v, fen, text),
        format!("move \"{text}\" is not legal here: {why}"),
        "{fen}"
    );
}

#[test]
fn a_pinned_piece_names_the_royal_it_shields() {
    let chess = game("chess");
    let fen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    for text in ["e2c3", "Nc3"] {
        says(&chess, fen, text, "the Knight on e2 is pinned to the King on e1");
    }
}

/// The reason is data a front end can act on, not only English: the pinned piece, its square,
/// the royal and where it stands.
#[test]
fn the_reason_is_data() {
    let chess = game("chess");
    let pos = Position::from_fen(&chess, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    let e = chess.parse_move(&pos, "Nc3").expect_err("pinned");
    let MoveError::Illegal { why: Some(why), .. } = e else {
        panic!("{e:?}");
    };
    assert_eq!(
        why,
        WhyIllegal::Pinned {
            piece: "Knight".into(),
            from: "e2".parse().unwrap(),
            royal: "King".into(),
            royal_square: "e1".parse().unwrap(),
        }
    );
    let e = chess.parse_move(&pos, "Bd3").expect_err("no bishop");
    assert!(matches!(
        e,
        MoveError::Illegal {
            why: Some(WhyIllegal::NoSuchPiece { side: Color::White, .. }),
            ..
        }
    ));
}

#[test]
fn a_move_that_does_not_answer_check_says_so() {
    let chess = game("chess");
    let fen = "4k3/4r3/8/8/8/8/8/R3K3 w - - 0 1";
    says(
        &chess,
        fen,
        "Ra2",
        "White's King is in check and Ra2 does not get it out of check",
    );
    says(
        &chess,
        fen,
        "a1a2",
        "White's King is in check and a1a2 does not get it out of check",
    );
    // The royal by its own name: Food Fight's Chef, checked along the f-file by a Rhubarb.
    let food = game("foodfight");
    let fen = fen12("Kf1 rf8 Wa1 kl12", 'w');
    says(
        &food,
        &fen,
        "Wa2",
        "White's Chef is in check and Wa2 does not get it out of check",
    );
    // The Friendly game's last Friend, checked along the a-file by a Mtawala.
    let friendly = game("friendly");
    let fen = fen12("Fa1 ta8 Ih4 Uc6 fk12 fl12", 'w');
    says(
        &friendly,
        &fen,
        "Ig6",
        "White's Friend is in check and Ig6 does not get it out of check",
    );
}

#[test]
fn a_royal_may_not_step_into_check() {
    let chess = game("chess");
    let fen = "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1";
    for text in ["Kd1", "e1d1"] {
        says(&chess, fen, text, "it would put White's King in check");
    }
}

#[test]
fn a_piece_frozen_by_a_jellyfish_names_it() {
    let friendly = game("friendly");
    // The white Impala on h4 stands next to the black Jellyfish on i3.
    let fen = fen12("Ih4 ji3 Uc6 Fa12 Fb12 fk12 fl12", 'w');
    for text in ["h4g6", "Ig6"] {
        says(
            &friendly,
            &fen,
            text,
            "the Impala on h4 is frozen by Black's Jellyfish on i3",
        );
    }
}

#[test]
fn a_calorie_piece_at_zero_cal_cannot_move() {
    let calorie = game("calorie");
    let fen = "4k3/8/8/8/8/8/8/4K1N{0}1 w - - 0 1";
    for text in ["g1f3", "Nf3"] {
        says(&calorie, fen, text, "the Knight on g1 has 0 Cal: it cannot move");
    }
    // Of two Knights, the one that would reach the square is meant.
    let fen = "4k3/8/8/8/8/8/8/1N2K1N{0}1 w - - 0 1";
    says(&calorie, fen, "Nh3", "the Knight on g1 has 0 Cal: it cannot move");
}

#[test]
fn san_names_a_missing_piece_or_one_that_cannot_reach() {
    let chess = game("chess");
    let bare = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1";
    says(&chess, bare, "Bb5", "White has no Bishop");
    says(&chess, bare, "e4", "White has no Pawn");
    says(&chess, bare, "Ne5", "the Knight on g1 cannot go to e5");
    says(&chess, bare, "Nbd2", "White has no Knight on the b-file");
    says(&chess, bare, "N2f3", "White has no Knight on rank 2");
    says(&chess, bare, "Nh1f3", "White has no Knight on h1");
    says(&chess, bare, "Zf3", "'Z' is not a piece of chess");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    says(&chess, start, "Ne5", "no Knight can go to e5");
    says(&chess, start, "e5", "no Pawn can go to e5");
    says(&chess, start, "Ke2", "the King on e1 cannot go to e2");
}

#[test]
fn a_promotion_left_out_in_san_lists_the_choices() {
    let chess = game("chess");
    says(
        &chess,
        "8/P6k/8/8/8/8/8/4K3 w - - 0 1",
        "a8",
        "the Pawn on a7 must promote; write one of a8=Q a8=R a8=B a8=N",
    );
}

#[test]
fn a_finished_game_refuses_every_move() {
    let chess = game("chess");
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    for text in ["a2a3", "a3"] {
        says(&chess, mated, text, "the game is over");
    }
}

#[test]
fn a_move_waits_for_the_pieceeater_step() {
    let v = game("pieceeater");
    let (_, after) = v.try_play(&v.start(), "e2e4").expect("e2e4 opens the game");
    let err = v
        .parse_move(&after, "e7e5")
        .expect_err("the step comes first")
        .to_string();
    assert_eq!(err, "move \"e7e5\" is not legal here: the PieceEater steps first");
}

/// The ways to play a move agree on a legal one; on an illegal one `try_play` says why and
/// `Game::play` panics with the same words.
#[test]
fn play_try_play_and_play_unchecked_agree() {
    let chess = game("chess");
    let pos = Position::from_fen(&chess, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    let legal = chess.parse_move(&pos, "Kd1").unwrap();
    let after = pos.play_unchecked(&chess, &legal);
    assert_eq!(Ok(after), pos.try_play(&chess, &legal));
    // The pinned Knight's move, found among the moves that ignore pins.
    let pinned = chess
        .legal_moves(&Position::from_fen(&chess, "4k3/8/8/8/8/8/4N3/4K3 w - - 0 1").unwrap())
        .into_iter()
        .find(|m| m.to_coordinates(&chess) == "e2c3")
        .expect("e2c3 without the rook");
    let e = pos.try_play(&chess, &pinned).expect_err("pinned");
    assert!(
        matches!(
            e,
            MoveError::Illegal {
                why: Some(WhyIllegal::Pinned { .. }),
                ..
            }
        ),
        "{e:?}"
    );
    let mut played = Game::new(std::sync::Arc::new(chess.clone()), pos.clone());
    let panicked =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| played.play(pinned))).expect_err("play panics");
    let said = panicked.downcast_ref::<String>().cloned().unwrap_or_default();
    assert_eq!(said, format!("Game::play: {e}"));
}
