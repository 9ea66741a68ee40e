//! The search finds mates, takes material, keeps energy, plays legal moves, stops on request and
//! counts nodes deterministically.

use messhall_rules::{Position, Variant};
use messhall_search::{Engine, Limits, Options, Score, SearchRng};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn variant(name: &str) -> Arc<Variant> {
    Arc::new(messhall_games::builtin(name).unwrap())
}

fn search(v: &Arc<Variant>, fen: &str, depth: u32) -> (String, Score) {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut engine = Engine::new(v.clone(), &Options::default());
    let info = engine.search(&pos, &[], &Limits::depth(depth), &mut |_| {}).unwrap();
    (v.san(&pos, &info.pv[0]), info.score)
}

#[test]
fn mate_in_one() {
    let v = variant("chess");
    // Back-rank mate.
    let (mv, score) = search(&v, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3);
    assert_eq!((mv.as_str(), score), ("Ra8#", Score::Mate(1)));
    // Scholar's mate.
    let (mv, score) = search(
        &v,
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        3,
    );
    assert_eq!((mv.as_str(), score), ("Qxf7#", Score::Mate(1)));
}

#[test]
fn mate_in_two() {
    let v = variant("chess");
    // Qxh6+! Rxh6 Rg8#.
    let (mv, score) = search(&v, "r1b2k1r/ppppq3/5N1p/4P2Q/4PP2/1B6/PP5P/n2K2R1 w - - 1 0", 4);
    assert_eq!((mv.as_str(), score), ("Qxh6+", Score::Mate(2)));
    // Two rooks: a quiet move first.
    let (_, score) = search(&v, "7k/8/8/8/8/8/8/R5RK w - - 0 1", 4);
    assert_eq!(score, Score::Mate(2));
}

#[test]
fn mate_in_three() {
    let v = variant("chess");
    // King and rook against king: the king walks over, then the rook mates on the back rank.
    let (mv, score) = search(&v, "k7/8/8/3K4/8/8/8/7R w - - 0 1", 6);
    assert_eq!((mv.as_str(), score), ("Kc6", Score::Mate(3)));
    let (_, score) = search(&v, "7k/8/8/4K3/8/8/8/R7 w - - 0 1", 6);
    assert_eq!(score, Score::Mate(3));
}

#[test]
fn takes_a_hanging_piece() {
    let v = variant("chess");
    let (mv, _) = search(&v, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 4);
    assert_eq!(mv, "Rxd5");
    let (mv, _) = search(&v, "4k3/8/2n5/8/3P4/8/8/4K3 w - - 0 1", 4);
    assert_eq!(mv, "d5");
}

#[test]
fn calorie_keeps_the_queens_last_energy() {
    let v = variant("calorie");
    // The Queen has 1 Cal: any quiet Queen move leaves her at 0, nearly worthless; the Knight is fresh.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/1N1Q2K1 w - - 0 1";
    let fen = fen.replace("1N1Q2K1", "1N1Q{1}2K1");
    let (mv, _) = search(&v, &fen, 4);
    assert!(!mv.starts_with('Q'), "spent the Queen's last Cal: {mv}");
    // With energy to spare, a Queen move is fine; and a Queen at 0 Cal is worth far less than at 7.
    let eval = messhall_search::eval::Evaluator::new(&v);
    let fresh = Position::from_fen(&v, "6k1/8/8/8/8/8/8/3Q2K1 w - - 0 1").unwrap();
    let spent = Position::from_fen(&v, "6k1/8/8/8/8/8/8/3Q{0}2K1 w - - 0 1").unwrap();
    assert!(eval.evaluate(&v, &fresh) > eval.evaluate(&v, &spent) + 500);
}

#[test]
fn calorie_feeds_the_hungry_rook() {
    let v = variant("calorie");
    // Both Rooks can eat the pawn on d5; the one on d1 has 1 Cal left and needs the meal.
    let (mv, _) = search(&v, "6k1/8/8/3p3R/8/8/8/3R{1}2K1 w - - 0 1", 4);
    assert_eq!(mv, "Rdxd5");
}

#[test]
fn plays_legal_moves_in_random_positions() {
    for b in messhall_games::BUILTINS {
        let v = variant(b.name);
        let mut rng = SearchRng::new(7);
        for game in 0..4 {
            let mut pos = v.start();
            let mut history = Vec::new();
            let mut engine = Engine::new(v.clone(), &Options::default());
            for ply in 0..40 {
                let moves = v.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                let mv = if (ply + game) % 3 == 0 {
                    engine.best_move(&pos, &history, &Limits::depth(2)).unwrap()
                } else {
                    moves[rng.below(moves.len() as u32) as usize]
                };
                assert!(moves.contains(&mv), "{}: illegal {mv:?} in {}", b.name, pos.to_fen(&v));
                history.push(pos.hash());
                pos = pos.play(&v, &mv);
            }
        }
    }
}

#[test]
fn stop_flag_stops_the_search() {
    let v = variant("chess");
    let mut engine = Engine::new(v.clone(), &Options::default());
    let flag = Arc::new(AtomicBool::new(false));
    engine.set_stop_flag(flag.clone());
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
    });
    let start = Instant::now();
    let info = engine.search(&v.start(), &[], &Limits::default(), &mut |_| {}).unwrap();
    setter.join().unwrap();
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    assert!(v.legal_moves(&v.start()).contains(&info.pv[0]));
}

#[test]
fn node_count_is_deterministic() {
    for b in messhall_games::BUILTINS {
        let v = variant(b.name);
        let (a, _) = messhall_search::bench::run(&v, 3);
        let (c, _) = messhall_search::bench::run(&v, 3);
        assert_eq!(a, c, "{}", b.name);
        // A game whose start has no legal move (a game still being written) searches nothing.
        assert!(a > 0 || v.legal_moves(&v.start()).is_empty(), "{}", b.name);
    }
}

#[test]
fn fixed_nodes_and_time_are_respected() {
    let v = variant("chess");
    let mut engine = Engine::new(v.clone(), &Options::default());
    let info = engine
        .search(&v.start(), &[], &Limits::nodes(5_000), &mut |_| {})
        .unwrap();
    assert!(info.nodes <= 5_000 + 64, "{}", info.nodes);
    let start = Instant::now();
    engine.search(
        &v.start(),
        &[],
        &Limits::movetime(Duration::from_millis(100)),
        &mut |_| {},
    );
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
}

#[test]
fn levels_are_seeded() {
    let v = variant("chess");
    let pick = |seed| {
        let options = Options {
            level: messhall_search::Level::new(2),
            seed,
            ..Options::default()
        };
        Engine::new(v.clone(), &options).best_move(&v.start(), &[], &Limits::default())
    };
    assert_eq!(pick(1), pick(1));
}

#[test]
fn pieceeater_steps_are_searched() {
    let v = variant("pieceeater");
    // Qxc3 wins a rook, but the queen then stands next to the PieceEater on d4, which must step
    // onto the piece that just moved and eat it (rule 3). Only a search that plays out the
    // PieceEater's step (a chance node) sees the queen lost.
    let fen = "4k3/8/8/8/3*4/2r5/8/Q3K3[] w - - 0 1";
    for depth in 1..=3 {
        let (mv, _) = search(&v, fen, depth);
        assert_ne!(mv, "Qxc3", "depth {depth}");
    }
    // Where the PieceEater may not step onto the queen (c3 is next to White's King on d2), the
    // capture is good.
    let fen = "4k3/8/8/8/3*4/2r5/3K4/Q7[] w - - 0 1";
    assert_eq!(search(&v, fen, 2).0, "Qxc3");
}
