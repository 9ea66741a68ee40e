//! SAN for display and move parsing in both notations; the 50-move and repetition draws.

use messhall_catalog::builtin;
use messhall_rules::{Game, Position, Reason};
use std::sync::Arc;

fn sans(fen: &str, coordinates: &[&str]) -> Vec<String> {
    let chess = builtin("chess").unwrap();
    let pos = Position::from_fen(&chess, fen).unwrap();
    coordinates
        .iter()
        .map(|c| {
            let mv = chess.parse_move(&pos, c).unwrap();
            chess.san(&pos, &mv)
        })
        .collect()
}

#[test]
fn san_disambiguates_by_file_then_rank_then_both() {
    // Knights on b1 and f3 both reach d2; rooks on a1 and a5 both reach a3; three queens reach e4... .
    let fen = "4k3/8/8/R7/8/8/8/RN1QK3 w - - 0 1";
    assert_eq!(
        sans(fen, &["a1a3", "a5a3", "b1d2", "d1d2"]),
        ["R1a3", "R5a3", "Nd2", "Qd2"]
    );
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    assert_eq!(sans(fen, &["b1d2", "f3d2"]), ["Nbd2", "Nfd2"]);
    // Queens on a1, a3 and c1 all reach c3.
    let fen = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
    assert_eq!(sans(fen, &["a1c3", "a3c3", "c1c3"]), ["Qa1c3", "Q3c3", "Qcc3"]);
}

#[test]
fn san_for_pawns_castling_promotion_and_mate() {
    let fen = "r3k2r/1P6/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        sans(fen, &["e4d5", "e4e5", "e1g1", "e1c1", "b7a8q", "b7b8n"]),
        ["exd5", "e5", "O-O", "O-O-O", "bxa8=Q+", "b8=N"]
    );
    // Fool's mate.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    assert_eq!(sans(fen, &["d8h4"]), ["Qh4#"]);
}

#[test]
fn moves_parse_in_either_notation() {
    let chess = builtin("chess").unwrap();
    let pos = chess.start();
    for (text, coordinates) in [
        ("Nf3", "g1f3"),
        ("e4", "e2e4"),
        ("g1f3", "g1f3"),
        ("Ng1-f3", "g1f3"),
        ("e2-e4", "e2e4"),
    ] {
        let mv = chess.parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv.to_coordinates(&chess), coordinates);
    }
    let castle = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    for text in ["O-O", "0-0", "e1g1", "e1h1"] {
        assert_eq!(
            chess.parse_move(&castle, text).unwrap().to_coordinates(&chess),
            "e1g1",
            "{text}"
        );
    }
    let errors: Vec<String> = ["Nf4", "e5", "Qxd8", "e2e5", "a9a1", "zz"]
        .iter()
        .map(|t| chess.parse_move(&pos, t).unwrap_err().to_string())
        .collect();
    for e in &errors {
        assert!(!e.contains('\n'), "{e}");
    }
    assert!(errors[3].contains("the Pawn on e2 cannot go to e5"), "{}", errors[3]);
    let e = chess.parse_move(&pos, "N@e4").unwrap_err().to_string();
    assert!(e.contains("chess has no drops"), "{e}");
    let pinned = Position::from_fen(&chess, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    let e = chess.parse_move(&pinned, "e2c3").unwrap_err().to_string();
    assert!(e.contains("the Knight on e2 is pinned to the King on e1"), "{e}");
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let chess = Arc::new(builtin("chess").unwrap());
    let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    let mut game = Game::new(chess.clone(), pos);
    assert_eq!(game.outcome(), None);
    game.play_text("Ra2").unwrap();
    assert_eq!(game.outcome().map(|o| o.reason), Some(Reason::FiftyMoves));
    // A pawn move resets the count.
    let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/P7/4K3 w - - 99 80").unwrap();
    let mut game = Game::new(chess, pos);
    game.play_text("a3").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn threefold_repetition_draws() {
    let chess = Arc::new(builtin("chess").unwrap());
    let mut game = Game::new(chess.clone(), chess.start());
    for (i, m) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"].iter().enumerate() {
        game.play_text(m).unwrap();
        assert_eq!(game.outcome(), None, "after move {}", i + 1);
    }
    game.play_text("Ng8").unwrap();
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome().map(|o| o.reason), Some(Reason::Repetition));
}

#[test]
fn checkmate_and_stalemate_results() {
    let chess = Arc::new(builtin("chess").unwrap());
    let mate = Position::from_fen(&chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let game = Game::new(chess.clone(), mate);
    assert_eq!(
        game.outcome().map(|o| (o.winner, o.reason)),
        Some((Some(messhall_rules::Color::White), Reason::Checkmate))
    );
    let stalemate = Position::from_fen(&chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let game = Game::new(chess, stalemate);
    assert_eq!(
        game.outcome().map(|o| (o.winner, o.reason)),
        Some((None, Reason::Stalemate))
    );
}
