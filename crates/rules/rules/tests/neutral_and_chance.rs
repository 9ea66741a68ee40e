//! The core's general mechanisms for games like PieceEater Chess: a neutral piece on the board
//! (FEN `*`), and chance events between moves (pending, resolved, branched on by perft, drawn and
//! recorded by a [`Game`]). A small test game, the Drifter, exercises them: after every move a
//! neutral piece drifts one square left or right (rank-wise), each with equal chance, eating what
//! stands there unless it is a king; with no such square it stays.

use messhall_rules::{
    Action, ChanceEvent, ChanceOutcome, ChanceReport, Game, GameRecord, GameRules, Move, MoveEffects, Position, Setup,
    SetupProblem, Square, Variant,
};
use std::sync::Arc;

const CHESS: &str = include_str!("../../../games/catalog/variants/chess.toml");

#[derive(Debug)]
struct Drifter;

const PENDING: usize = 1;

impl GameRules for Drifter {
    fn after_move(&self, _v: &Variant, pos: &mut Position, _mv: &Move, _e: &MoveEffects) {
        if !pos.neutrals().is_empty() {
            pos.set_register(PENDING, 1);
        }
    }

    fn chance_pending(&self, _v: &Variant, pos: &Position) -> bool {
        pos.register(PENDING) != 0
    }

    fn chance(&self, v: &Variant, pos: &Position) -> Option<ChanceEvent> {
        let from = pos.neutrals().first()?;
        let to: Vec<Square> = [-1, 1]
            .into_iter()
            .filter_map(|dx| v.size().offset(from, dx, 0))
            .filter(|&s| !pos.piece_at(s).is_some_and(|p| v.is_royal(p.role())))
            .collect();
        if to.is_empty() {
            return Some(ChanceEvent::by_dice(vec![ChanceOutcome::forced(from, from)]));
        }
        let total = to.len() as u32;
        Some(ChanceEvent::by_dice(
            to.into_iter()
                .map(|to| ChanceOutcome {
                    from,
                    to,
                    weight: 1,
                    total,
                })
                .collect(),
        ))
    }

    fn resolve_chance(&self, v: &Variant, pos: &mut Position, outcome: &ChanceOutcome) {
        pos.move_neutral(v, outcome.from, outcome.to);
        pos.set_register(PENDING, 0);
    }
}

/// Chess with a neutral piece on d4 at the start (so positions may hold one).
fn chess(rules: Option<Arc<dyn GameRules>>) -> Variant {
    let mut spec = Variant::spec_from_toml("chess", CHESS).unwrap();
    spec.start = "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into();
    match rules {
        Some(r) => Variant::with_rules("drifter", &spec, r).unwrap(),
        None => Variant::new("chess", &spec).unwrap(),
    }
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn fen(v: &Variant, text: &str) -> Position {
    Position::from_fen(v, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn neutral_piece_reads_writes_and_hashes() {
    let v = chess(None);
    let text = "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1";
    let pos = fen(&v, text);
    assert_eq!(pos.to_fen(&v), text);
    assert!(pos.is_neutral(sq("d4")));
    assert_eq!(pos.piece_at(sq("d4")), None);
    assert!(!pos.is_empty(sq("d4")));
    assert_eq!(pos.neutrals().count(), 1);
    assert!(!pos.occupied().contains(sq("d4")), "a neutral piece is no side's");
    assert_eq!(pos.hash(), pos.recomputed_hash(&v));
    let without = fen(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_ne!(pos.hash(), without.hash());
    assert!(pos != without);
    let elsewhere = fen(&v, "4k3/8/8/8/4*3/8/8/4K3 w - - 0 1");
    assert_ne!(pos.hash(), elsewhere.hash());
    // Next to other things on a rank, and two of them: more than the start has, so only with
    // that problem waived.
    let text = "4k3/8/8/8/2P**p2/8/8/4K3 w - - 0 1";
    let err = Position::from_fen(&v, text).unwrap_err();
    assert_eq!(err.to_string(), "FEN position: 2 neutral pieces ('*'), but chess has 1");
    assert_eq!(err.problems, [SetupProblem::TooManyNeutrals]);
    let two = Setup::from_fen(&v, text)
        .unwrap()
        .position(&v, &[SetupProblem::TooManyNeutrals])
        .unwrap();
    assert_eq!(two.to_fen(&v), text);
}

#[test]
fn neutral_piece_blocks_and_is_never_captured_nor_attacked() {
    let v = chess(None);
    // A rook on a4 looks along the fourth rank at the neutral piece on d4 and the black rook h4.
    let pos = fen(&v, "4k3/8/8/8/R2*3r/8/8/4K3 w - - 0 1");
    let moves: Vec<String> = v.legal_moves(&pos).iter().map(|m| m.to_coordinates(&v)).collect();
    assert!(moves.contains(&"a4c4".to_string()));
    assert!(
        !moves.iter().any(|m| m.starts_with("a4d4") || m.starts_with("a4e4")),
        "{moves:?}"
    );
    assert!(!v.is_attacked(&pos, sq("h4"), messhall_rules::Color::White));
    assert!(!v.is_attacked(&pos, sq("e4"), messhall_rules::Color::White));
    // A knight cannot land on it; a king does not step on it.
    let pos = fen(&v, "4k3/8/8/8/3*4/8/4N3/3K4 w - - 0 1");
    let moves: Vec<Move> = v.legal_moves(&pos);
    assert!(moves.iter().all(|m| m.to() != sq("d4")));
    let pos = fen(&v, "4k3/8/8/8/8/8/3*4/3K4 w - - 0 1");
    assert!(v.legal_moves(&pos).iter().all(|m| m.to() != sq("d2")));
    // It shields a king from a check along its line, and the cheap pin test knows it.
    let pos = fen(&v, "3rk3/8/8/8/3*4/8/3B4/3K4 w - - 0 1");
    assert!(!v.in_check(&pos));
    let bishop_moves = v.legal_moves(&pos).iter().filter(|m| m.from() == sq("d2")).count();
    assert_eq!(bishop_moves, 9, "the bishop is not pinned behind the neutral piece");
}

#[test]
fn moving_the_neutral_piece_eats_and_keeps_the_state_right() {
    let v = chess(None);
    let mut pos = fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 20");
    pos.put_neutral(&v, sq("g2"));
    let eaten = pos.move_neutral(&v, sq("g2"), sq("h1"));
    assert_eq!(eaten.map(|p| v.piece_letter(p)), Some('R'));
    assert_eq!(pos.halfmove_clock(), 0);
    assert_eq!(pos.to_fen(&v), "r3k2r/8/8/8/8/8/8/R3K2* w Qkq - 0 20");
    assert_eq!(pos.hash(), pos.recomputed_hash(&v));
    // Stepping to an empty square eats nothing; the counter goes on.
    let mut pos = fen(&v, "4k3/8/8/8/3*4/8/8/4K3 w - - 5 9");
    assert_eq!(pos.move_neutral(&v, sq("d4"), sq("e5")), None);
    assert_eq!(pos.halfmove_clock(), 5);
    assert!(pos.is_neutral(sq("e5")) && pos.is_empty(sq("d4")));
    // En passant ends when the double-stepped pawn is eaten or the skipped square taken.
    let ep = "4k3/8/8/3pP3/8/4*3/8/4K3 w - d6 0 9";
    let mut pos = fen(&v, ep);
    pos.move_neutral(&v, sq("e3"), sq("d5"));
    assert!(pos.ep_squares().is_empty());
    let mut pos = fen(&v, "4k3/8/4*3/3pP3/8/8/8/4K3 w - d6 0 9");
    pos.move_neutral(&v, sq("e6"), sq("d6"));
    assert!(pos.ep_squares().is_empty());
    assert_eq!(pos.hash(), pos.recomputed_hash(&v));
}

#[test]
fn a_pending_chance_event_stops_the_moves_until_resolved() {
    let v = chess(Some(Arc::new(Drifter)));
    let pos = fen(&v, "4k3/8/8/8/3*4/8/4P3/4K3 w - - 0 1");
    assert!(v.chance(&pos).is_none());
    let next = pos.play_unchecked(&v, &v.parse_move(&pos, "e3").unwrap());
    assert!(v.chance_pending(&next));
    assert!(v.legal_moves(&next).is_empty());
    let event = v.chance(&next).unwrap();
    assert_eq!(event.chooser, None, "the dice decide");
    let outcomes = event.outcomes;
    assert_eq!(outcomes.len(), 2);
    assert!(outcomes.iter().all(|o| (o.weight, o.total) == (1, 2)));
    let resolved = v.resolve(&next, &outcomes[1]);
    assert!(resolved.is_neutral(sq("e4")));
    assert!(!v.chance_pending(&resolved));
    assert!(!v.legal_moves(&resolved).is_empty());
    assert_eq!(resolved.to_fen(&v), "4k3/8/8/8/4*3/4P3/8/4K3 b - - 0 1");
    let pending_fen = next.to_fen(&v);
    assert!(pending_fen.ends_with(" r1=1"), "{pending_fen}");
    assert!(fen(&v, &pending_fen) == next);
}

#[test]
fn a_chance_report_says_what_an_outcome_did() {
    let v = chess(Some(Arc::new(Drifter)));
    // After Kd1 the neutral piece on d4 drifts to c4 (a Knight there) or e4.
    let pos = fen(&v, "4k3/8/8/8/2n*4/8/8/4K3 w - - 0 1");
    let before = pos.play_unchecked(&v, &v.parse_move(&pos, "Kd1").unwrap());
    let [c4, e4] = [0, 1].map(|i| v.chance(&before).unwrap().outcomes[i]);
    let knight = before.piece_at(sq("c4")).unwrap();
    assert_eq!(
        v.chance_report(&before, &c4),
        Some(ChanceReport {
            piece: "neutral piece",
            outcome: c4,
            index: 0,
            count: 2,
            chooser: None,
            eaten: Some((knight, sq("c4"))),
        })
    );
    let report = v.chance_report(&before, &e4).unwrap();
    assert_eq!((report.index, report.count, report.eaten), (1, 2, None));
    assert!(!report.is_still());
    // Kings on both sides: it stays, and eats nothing.
    let pos = fen(&v, "8/8/8/8/2K*k3/8/P7/8 w - - 0 1");
    let before = pos.play_unchecked(&v, &v.parse_move(&pos, "a3").unwrap());
    let still = ChanceOutcome::forced(sq("d4"), sq("d4"));
    let report = v.chance_report(&before, &still).unwrap();
    assert!(report.is_still());
    assert_eq!((report.index, report.count, report.eaten), (0, 1, None));
    // Only an outcome the pending event offers is reported.
    assert_eq!(v.chance_report(&before, &e4), None);
    assert_eq!(v.chance_report(&pos, &still), None, "nothing pending");
}

#[test]
fn perft_branches_on_chance_between_moves_but_not_after_the_last() {
    let v = chess(Some(Arc::new(Drifter)));
    let pos = fen(&v, "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1");
    // Depth 1: the king's 5 moves, the drift after them not counted.
    assert_eq!(v.perft(&pos, 1), 5);
    // Depth 2: after each white move, two drifts (c4, e4), then Black's 5 king moves.
    let mut expected = 0;
    for m in v.legal_moves(&pos) {
        let next = pos.play_unchecked(&v, &m);
        for o in v.chance(&next).unwrap().outcomes {
            expected += v.legal_moves(&v.resolve(&next, &o)).len() as u64;
        }
    }
    assert_eq!(expected, 5 * 2 * 5);
    assert_eq!(v.perft(&pos, 2), expected);
    let divided: u64 = v.divide(&pos, 2).iter().map(|(_, n)| n).sum();
    assert_eq!(divided, expected);
    // Without the neutral piece nothing is pending, and perft is chess's.
    let plain = fen(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(v.perft(&plain, 2), chess(None).perft(&plain, 2));
}

#[test]
fn a_game_rolls_records_undoes_and_replays_exactly() {
    let v = Arc::new(chess(Some(Arc::new(Drifter))));
    let start = fen(&v, "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let moves = ["e2e4", "d7d5", "g1f3", "c8g4", "f1b5", "c7c6", "e1g1", "d5e4"];
    let play = |seed: u64| {
        let mut game = Game::with_seed(v.clone(), start.clone(), seed);
        for m in moves {
            let Ok(mv) = v.parse_move(game.position(), m) else {
                break;
            };
            game.play(mv);
            assert!(v.chance(game.position()).is_none(), "the dice resolved the drift");
            assert_eq!(game.chances_since_last_move().len(), 1);
        }
        game
    };
    let game = play(11);
    assert_eq!(game.actions().len(), 2 * game.moves().len());
    assert!(matches!(game.actions()[1], Action::Chance(_)));
    let record = game.record();
    let again = record.replay(v.clone()).unwrap();
    assert_eq!(again.position(), game.position());
    assert_eq!(again.actions(), game.actions());
    // The same seed gives the same game; the record in text reads back the same.
    assert_eq!(play(11).actions(), game.actions());
    let text = record.to_text(&v);
    assert_eq!(GameRecord::from_text(v.clone(), &text).unwrap(), record);
    // A record whose outcome the seed does not give is refused.
    let mut forged = record.clone();
    if let Action::Chance(o) = &mut forged.actions[1] {
        let other = v
            .chance(&game.positions()[1])
            .unwrap()
            .outcomes
            .into_iter()
            .find(|x| x != o)
            .unwrap();
        *o = other;
    }
    assert!(forged.replay(v.clone()).is_err());
    // Undo takes back the move, its drift and its roll: playing it again drifts the same way.
    let mut g = Game::with_seed(v.clone(), start.clone(), 5);
    for m in ["e2e4", "d7d6"] {
        let mv = v.parse_move(g.position(), m).unwrap();
        g.play(mv);
    }
    let before = g.actions().to_vec();
    let last = g.undo().unwrap();
    assert_eq!(g.actions().len(), 2);
    g.play(last);
    assert_eq!(g.actions(), &before[..]);
    assert_eq!(g.moves().len(), 2);
}

#[test]
fn checked_play_and_resolve_say_why_and_change_nothing() {
    let v = Arc::new(
        messhall_rules::Variant::new(
            "chess",
            &messhall_rules::Variant::spec_from_toml("chess", CHESS_FOR_CHECKS).unwrap(),
        )
        .unwrap(),
    );
    let mut game = Game::new(v.clone(), v.start());
    let e2 = "e2".parse().unwrap();
    let e5 = "e5".parse().unwrap();
    let err = game
        .try_play(Move::new(e2, e5, messhall_rules::MoveKind::Quiet))
        .unwrap_err()
        .to_string();
    assert!(err.contains("not legal"), "{err}");
    assert!(game.actions().is_empty());
    let outcome = ChanceOutcome::forced(e2, e5);
    let err = game.try_resolve(outcome).unwrap_err();
    assert_eq!(err, messhall_rules::ResolveError::NothingPending { outcome });
    assert_eq!(err.to_string(), "no chance event is pending, so e2-e5 cannot happen");
    let e4 = v.parse_move(game.position(), "e4").unwrap();
    game.try_play(e4).unwrap();
    assert_eq!(game.moves(), [e4]);
}

const CHESS_FOR_CHECKS: &str = include_str!("../../../games/catalog/variants/chess.toml");
