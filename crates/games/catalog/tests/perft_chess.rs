//! FIDE chess perft against the published tables (chessprogramming wiki, "Perft Results").
//! Shallow depths here; the deep ones (start position 6, Kiwipete 5) are `messhall bench perft`.

use messhall_catalog::builtin;
use messhall_rules::Position;

fn perft(fen: &str, depth: u32) -> u64 {
    let chess = builtin("chess").unwrap();
    let pos = Position::from_fen(&chess, fen).unwrap();
    chess.perft(&pos, depth)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

#[test]
fn start_position() {
    assert_eq!(perft(START, 1), 20);
    assert_eq!(perft(START, 2), 400);
    assert_eq!(perft(START, 3), 8_902);
    assert_eq!(perft(START, 4), 197_281);
}

#[test]
fn kiwipete() {
    assert_eq!(perft(KIWIPETE, 1), 48);
    assert_eq!(perft(KIWIPETE, 2), 2_039);
    assert_eq!(perft(KIWIPETE, 3), 97_862);
}

#[test]
fn position_3() {
    assert_eq!(perft(POSITION_3, 1), 14);
    assert_eq!(perft(POSITION_3, 2), 191);
    assert_eq!(perft(POSITION_3, 3), 2_812);
    assert_eq!(perft(POSITION_3, 4), 43_238);
    assert_eq!(perft(POSITION_3, 5), 674_624);
}

#[test]
fn position_4_and_its_mirror() {
    for fen in [POSITION_4, POSITION_4_MIRRORED] {
        assert_eq!(perft(fen, 1), 6);
        assert_eq!(perft(fen, 2), 264);
        assert_eq!(perft(fen, 3), 9_467);
        assert_eq!(perft(fen, 4), 422_333);
    }
}

#[test]
fn position_5() {
    assert_eq!(perft(POSITION_5, 1), 44);
    assert_eq!(perft(POSITION_5, 2), 1_486);
    assert_eq!(perft(POSITION_5, 3), 62_379);
}

#[test]
fn position_6() {
    assert_eq!(perft(POSITION_6, 1), 46);
    assert_eq!(perft(POSITION_6, 2), 2_079);
    assert_eq!(perft(POSITION_6, 3), 89_890);
}
