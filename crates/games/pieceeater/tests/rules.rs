//! PieceEater Chess, rule by rule (RULINGS.md, "PieceEater Chess"; the rules page is
//! docs/pieceeater.md). Each test sets up a position in FEN (`*` is the PieceEater; `r0` names the
//! square it may not step back to, plus one; `r1` a pending step) and states what must happen.

use messhall_catalog::builtin;
use messhall_pieceeater::{DIE, allowed_squares, forbidden_square, pending_step, torus_step};
use messhall_rules::{ChanceOutcome, Color, Game, GameRecord, Move, MoveKind, Position, Reason, Square, Variant};
use std::sync::Arc;

fn pieceeater() -> Variant {
    builtin("pieceeater").expect("the built-in pieceeater variant compiles")
}

fn at(v: &Variant, fen: &str) -> Position {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(pos.hash(), pos.recomputed_hash(v), "{fen}");
    assert_eq!(
        Position::from_fen(v, &pos.to_fen(v)).as_ref(),
        Ok(&pos),
        "{fen} reads back"
    );
    pos
}

fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|_| panic!("{name} is not a square"))
}

/// The legal moves in coordinate notation, sorted.
fn moves(v: &Variant, pos: &Position) -> Vec<String> {
    let mut list: Vec<String> = v.legal_moves(pos).iter().map(|m| m.to_coordinates(v)).collect();
    list.sort();
    list
}

fn play(v: &Variant, pos: &Position, text: &str) -> Position {
    let mv = v
        .parse_move(pos, text)
        .unwrap_or_else(|e| panic!("{}: {e}", pos.to_fen(v)));
    let next = pos.play_unchecked(v, &mv);
    assert_eq!(next.hash(), next.recomputed_hash(v), "after {text}");
    next
}

/// Where the PieceEater may step in `pos` (a step must be pending), as square names.
fn steps(v: &Variant, pos: &Position) -> Vec<String> {
    v.chance(pos)
        .expect("a PieceEater step is pending")
        .outcomes
        .iter()
        .map(|o| o.to.to_string())
        .collect()
}

fn step_to(v: &Variant, pos: &Position, to: &str) -> Position {
    let outcome = v
        .chance(pos)
        .and_then(|e| e.outcomes.into_iter().find(|o| o.to == sq(to)))
        .unwrap_or_else(|| panic!("no step to {to} in {}", pos.to_fen(v)));
    let next = v.resolve(pos, &outcome);
    assert_eq!(next.hash(), next.recomputed_hash(v));
    next
}

// ---------------------------------------------------------------------------------------------
// Setup and turn order
// ---------------------------------------------------------------------------------------------

#[test]
fn start_position_has_the_pieceeater_on_d4_and_hands_of_three_pawns_knight_bishop_rook() {
    let v = pieceeater();
    let pos = v.start();
    assert_eq!(pos.neutrals().iter().collect::<Vec<_>>(), vec![sq("d4")]);
    for c in Color::ALL {
        let hand: Vec<(char, u8)> = v.roles().map(|(r, i)| (i.letter, pos.hand(c, r))).collect();
        assert_eq!(hand, vec![('P', 3), ('N', 1), ('B', 1), ('R', 1), ('Q', 0), ('K', 0)]);
    }
    // The d-pawn cannot double-step through the PieceEater's square.
    assert!(!moves(&v, &pos).contains(&"d2d4".to_string()));
    assert_eq!(v.perft(&pos, 1), 19);
}

#[test]
fn turn_order_is_white_pieceeater_black_pieceeater() {
    let v = pieceeater();
    let pos = play(&v, &v.start(), "a2a3");
    assert_eq!(pos.side_to_move(), Color::Black);
    assert!(
        v.chance_pending(&pos) && v.legal_moves(&pos).is_empty(),
        "the PieceEater steps before Black"
    );
    let pos = step_to(&v, &pos, "e5");
    assert!(!v.chance_pending(&pos));
    let pos = play(&v, &pos, "h7h6");
    assert!(v.chance_pending(&pos), "and again after Black");
    let pos = step_to(&v, &pos, "f6");
    assert_eq!(pos.side_to_move(), Color::White);
    assert!(!v.legal_moves(&pos).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Rule 1: never back onto the square it last left
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_1_the_square_it_left_is_forbidden_and_stays_so_while_it_stands_still() {
    let v = pieceeater();
    let pos = play(&v, &v.start(), "a2a3");
    let pos = step_to(&v, &pos, "e5");
    assert_eq!(pos.register(0), 1 + sq("d4").index() as u16);
    assert_eq!(
        pos.to_fen(&v).split(' ').find(|f| f.starts_with("forbidden=")),
        Some("forbidden=d4")
    );
    let pos = play(&v, &pos, "h7h6");
    let to = steps(&v, &pos);
    assert_eq!(to.len(), 7, "{to:?}");
    assert!(!to.contains(&"d4".to_string()));
    // Standing still keeps the forbidden square: the PieceEater on d4 boxed in by both kings
    // (c4 and e4) and the square it left, c5 - it cannot move, and c5 stays forbidden.
    let c5 = 1 + sq("c5").index() as u16;
    let pos = at(&v, &format!("8/8/8/8/2k*K3/8/8/8[] w - - 0 1 r0={c5} r1=1"));
    assert_eq!(steps(&v, &pos), vec!["d4"]);
    let still = step_to(&v, &pos, "d4");
    assert_eq!(still.register(0), c5);
}

// ---------------------------------------------------------------------------------------------
// Rule 2: never onto or next to a King, on the torus
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_2_no_king_square_nor_a_square_next_to_one_counting_across_the_edges() {
    let v = pieceeater();
    // PieceEater on a1, Black King on h8: h8, a8 and h1 touch the King across the edges.
    let pos = at(&v, "7k/8/8/8/4K3/8/8/*7[] w - - 0 1 r1=1");
    assert_eq!(
        steps(&v, &pos),
        vec!["h2", "a2", "b2", "b1", "b8"],
        "die order, as White sees it"
    );
    // The die's order of the eight neighbours of a1 on the torus.
    let around: Vec<String> = DIE
        .iter()
        .map(|&(dx, dy)| torus_step(&v, sq("a1"), dx, dy).to_string())
        .collect();
    assert_eq!(around, ["h2", "a2", "b2", "h1", "b1", "h8", "a8", "b8"]);
    // A King next to the PieceEater: it never eats it.
    let pos = at(&v, "4k3/8/8/8/3*K3/8/8/8[] b - - 0 1 r1=1");
    let to = steps(&v, &pos);
    assert_eq!(to, vec!["c5", "c4", "c3"]);
}

// ---------------------------------------------------------------------------------------------
// Rule 3: the piece that just moved, if next to it and allowed, is eaten
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_3_a_piece_moving_next_to_it_is_eaten() {
    let v = pieceeater();
    let pos = play(&v, &v.start(), "g1f3");
    assert_eq!(steps(&v, &pos).len(), 8, "f3 is not next to d4: a random step");
    let pos = at(&v, "4k3/8/8/8/3*4/8/8/4K1N1[] w - - 0 1");
    let after = play(&v, &pos, "g1e2");
    // e2 is not next to d4 either: random among the eight.
    assert_eq!(steps(&v, &after).len(), 8);
    let after = play(&v, &pos, "g1f3");
    assert_eq!(steps(&v, &after).len(), 8);
    let pos = at(&v, "4k3/8/8/8/3*4/8/4N3/4K3[] w - - 0 1");
    let after = play(&v, &pos, "e2c3");
    let outcomes = v.chance(&after).unwrap().outcomes;
    assert_eq!(outcomes, vec![ChanceOutcome::forced(sq("d4"), sq("c3"))]);
    let eaten = v.resolve(&after, &outcomes[0]);
    assert!(eaten.is_neutral(sq("c3")));
    assert_eq!(
        eaten.pieces_of(Color::White).count(),
        1,
        "the Knight is gone, to no hand"
    );
    assert_eq!(eaten.to_fen(&v), "4k3/8/8/8/8/2*5/8/4K3[] b - - 0 1 forbidden=d4");
}

#[test]
fn rule_3_castling_feeds_it_the_rook_and_a_drop_the_dropped_piece() {
    let v = pieceeater();
    // Castling: the piece that moved is the Rook. A castled Rook stands next to its own King, so
    // rule 2 always spares it: here the Rook lands on f1 next to the PieceEater on g2, and the
    // step is random among the squares away from the King on g1.
    let pos = at(&v, "4k3/8/8/8/8/8/6*1/4K2R[] w K - 0 1");
    let after = play(&v, &pos, "e1g1");
    assert!(!steps(&v, &after).contains(&"f1".to_string()));
    // The same for Black: Rook h8-f8, next to the PieceEater on e7, but also to the King on g8.
    let pos = at(&v, "4k2r/4*3/8/8/8/8/8/4K3[] b k - 0 1");
    let after = play(&v, &pos, "e8g8");
    assert!(!steps(&v, &after).contains(&"f8".to_string()));
    // A drop next to it is eaten.
    let pos = at(&v, "4k3/8/8/8/8/8/8/1*2K3[N] w - - 0 1");
    let after = play(&v, &pos, "N@c1");
    assert_eq!(steps(&v, &after), vec!["c1"]);
    let pos = at(&v, "4k3/8/8/8/8/1*6/8/4K3[P] w - - 0 1");
    let after = play(&v, &pos, "P@c2");
    assert_eq!(steps(&v, &after), vec!["c2"]);
}

#[test]
fn rule_3_yields_to_rules_1_and_2() {
    let v = pieceeater();
    // The Knight lands on c5, the square the PieceEater just left: rule 1 forbids it.
    let pos = at(
        &v,
        &format!("4k3/8/8/8/3*4/1N6/8/4K3[] w - - 0 1 r0={}", 1 + sq("c5").index()),
    );
    let after = play(&v, &pos, "b3c5");
    let to = steps(&v, &after);
    assert_eq!(to.len(), 7);
    assert!(!to.contains(&"c5".to_string()));
    // The Knight lands on e5, next to the Black King on f6: rule 2 forbids it.
    let pos = at(&v, "8/8/5k2/8/3*4/5N2/8/4K3[] w - - 0 1");
    let after = play(&v, &pos, "f3e5");
    let to = steps(&v, &after);
    assert!(!to.contains(&"e5".to_string()) && to.len() > 1, "{to:?}");
}

// ---------------------------------------------------------------------------------------------
// Rule 4: otherwise a random allowed square, with equal chance; standing still when none
// ---------------------------------------------------------------------------------------------

#[test]
fn rule_4_random_step_with_equal_chances_eating_what_stands_there() {
    let v = pieceeater();
    let pos = play(&v, &v.start(), "a2a3");
    let outcomes = v.chance(&pos).unwrap().outcomes;
    assert_eq!(outcomes.len(), 8);
    assert!(outcomes.iter().all(|o| o.weight == 1 && o.total == 8));
    let names: Vec<String> = outcomes.iter().map(|o| o.to.to_string()).collect();
    assert_eq!(names, ["c5", "d5", "e5", "c4", "e4", "c3", "d3", "e3"]);
    // Onto a piece: it is eaten, whatever its side.
    let pos = at(&v, "4k3/8/8/2qR4/3*4/8/8/4K3[] w - - 0 1 r1=1");
    let after = step_to(&v, &pos, "c5");
    assert!(after.is_neutral(sq("c5")) && after.pieces_of(Color::Black).count() == 1);
    let after = step_to(&v, &pos, "d5");
    assert!(after.is_neutral(sq("d5")) && after.pieces_of(Color::White).count() == 1);
    assert_eq!(after.halfmove_clock(), 0);
}

#[test]
fn rule_4_stands_still_when_nothing_is_allowed() {
    let v = pieceeater();
    let pos = at(&v, "8/8/8/8/2k*K3/8/8/8[] w - - 0 1");
    let after = play(&v, &pos, "e4e5");
    // The King moved to e5 (next to d4, but a King is never eaten): only e3 is free of both Kings.
    assert_eq!(steps(&v, &after), vec!["e3"]);
    let pos = at(&v, "8/8/8/8/2k*K3/8/8/8[] w - - 0 1 r1=1");
    let outcomes = v.chance(&pos).unwrap().outcomes;
    assert_eq!(outcomes, vec![ChanceOutcome::forced(sq("d4"), sq("d4"))]);
    assert!(allowed_squares(&v, &pos, sq("d4")).is_empty());
}

// ---------------------------------------------------------------------------------------------
// The PieceEater blocks and is never captured
// ---------------------------------------------------------------------------------------------

#[test]
fn the_pieceeater_blocks_lines_and_cannot_be_captured() {
    let v = pieceeater();
    let pos = at(&v, "4k3/8/8/8/R2*3r/8/8/4K3[] w - - 0 1");
    let list = moves(&v, &pos);
    assert!(list.contains(&"a4c4".to_string()));
    assert!(!list.iter().any(|m| m.starts_with("a4d4") || m.starts_with("a4e4")));
    assert!(!v.is_attacked(&pos, sq("h4"), Color::White));
}

// ---------------------------------------------------------------------------------------------
// En passant
// ---------------------------------------------------------------------------------------------

#[test]
fn en_passant_only_while_the_pawn_survives_and_the_skipped_square_is_empty() {
    let v = pieceeater();
    // e2-e4 with a Black pawn on d4: d4xe3 en passant is possible...
    let pos = at(&v, "4k3/8/8/8/3p4/8/4P3/4K2*[] w - - 0 1");
    let after = play(&v, &pos, "e2e4");
    assert_eq!(after.ep_squares().iter().collect::<Vec<_>>(), vec![sq("e3")]);
    // ... unless the PieceEater stands on the skipped square (from h1, e3 is out of reach; use f2).
    let pos = at(&v, "4k3/8/8/8/3p4/8/4P*2/4K3[] w - - 0 1");
    let after = play(&v, &pos, "e2e4");
    assert!(!after.ep_squares().is_empty());
    let on_e3 = step_to(&v, &after, "e3");
    assert!(on_e3.ep_squares().is_empty());
    assert!(!moves(&v, &on_e3).iter().any(|m| m == "d4e3"));
    let elsewhere = step_to(&v, &after, "g3");
    assert!(moves(&v, &elsewhere).iter().any(|m| m == "d4e3"));
    // ... or eats the pawn that double-stepped (rule 3: e4 is next to f5).
    let pos = at(&v, "4k3/8/8/5*2/3p4/8/4P3/4K3[] w - - 0 1");
    let after = play(&v, &pos, "e2e4");
    assert_eq!(steps(&v, &after), vec!["e4"]);
    let eaten = step_to(&v, &after, "e4");
    assert!(eaten.ep_squares().is_empty());
}

// ---------------------------------------------------------------------------------------------
// Reinforcements
// ---------------------------------------------------------------------------------------------

#[test]
fn drop_zones_first_rank_for_knight_bishop_rook_second_for_pawns() {
    let v = pieceeater();
    let drops = |pos: &Position| -> Vec<String> { moves(&v, pos).into_iter().filter(|m| m.contains('@')).collect() };
    let pos = at(&v, "4k3/8/8/8/3*4/8/8/4K3[PNBRpnbr] w - - 0 1");
    let white = drops(&pos);
    for letter in ['N', 'B', 'R'] {
        let squares: Vec<&String> = white.iter().filter(|m| m.starts_with(letter)).collect();
        assert_eq!(squares.len(), 7, "{letter}: {squares:?}");
        assert!(squares.iter().all(|m| m.ends_with('1')));
    }
    let pawns: Vec<&String> = white.iter().filter(|m| m.starts_with('P')).collect();
    assert_eq!(pawns.len(), 8);
    assert!(pawns.iter().all(|m| m.ends_with('2')));
    let pos = at(&v, "4k3/8/8/8/3*4/8/8/4K3[PNBRpnbr] b - - 0 1");
    let black = drops(&pos);
    assert!(black.iter().filter(|m| !m.starts_with('P')).all(|m| m.ends_with('8')));
    assert!(black.iter().filter(|m| m.starts_with('P')).all(|m| m.ends_with('7')));
    assert_eq!(black.len(), 3 * 7 + 8);
    // Nothing to drop: no drops.
    let pos = at(&v, "4k3/8/8/8/3*4/8/8/4K3[] w - - 0 1");
    assert!(drops(&pos).is_empty());
}

#[test]
fn a_dropped_pawn_keeps_its_double_step() {
    let v = pieceeater();
    let pos = at(&v, "4k3/8/8/8/7*/8/8/4K3[P] w - - 0 1");
    let pos = play(&v, &pos, "P@c2");
    assert!(pos.is_unmoved(sq("c2")));
    let pos = step_to(&v, &pos, &steps(&v, &pos)[0]);
    let pos = play(&v, &pos, "e8d8");
    let pos = step_to(&v, &pos, &steps(&v, &pos)[0]);
    assert!(moves(&v, &pos).contains(&"c2c4".to_string()));
}

// ---------------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------------

#[test]
fn promotion_forced_on_the_last_rank_optional_on_the_seventh() {
    let v = pieceeater();
    let pos = at(&v, "k7/4P3/2P5/8/8/8/8/4K2*[] w - - 0 1");
    let list = moves(&v, &pos);
    let e8: Vec<&String> = list.iter().filter(|m| m.starts_with("e7e8")).collect();
    assert_eq!(
        e8,
        ["e7e8b", "e7e8n", "e7e8q", "e7e8r"],
        "forced, to Queen, Rook, Bishop or Knight"
    );
    let c7: Vec<&String> = list.iter().filter(|m| m.starts_with("c6c7")).collect();
    assert_eq!(c7, ["c6c7", "c6c7b", "c6c7n", "c6c7r"], "optional, and no Queen");
    // Black promotes on its own last and seventh ranks.
    let pos = at(&v, "k7/8/8/8/8/2p5/4p3/K6*[] b - - 0 1");
    let list = moves(&v, &pos);
    assert_eq!(list.iter().filter(|m| m.starts_with("e2e1")).count(), 4);
    let c2: Vec<&String> = list.iter().filter(|m| m.starts_with("c3c2")).collect();
    assert_eq!(c2, ["c3c2", "c3c2b", "c3c2n", "c3c2r"]);
    // A capture arriving on the seventh may promote too.
    let pos = at(&v, "k7/3r4/2P5/8/8/8/8/K6*[] w - - 0 1");
    let caps: Vec<String> = moves(&v, &pos).into_iter().filter(|m| m.starts_with("c6d7")).collect();
    assert_eq!(caps, ["c6d7", "c6d7b", "c6d7n", "c6d7r"]);
}

// ---------------------------------------------------------------------------------------------
// King capture, castling, the pass
// ---------------------------------------------------------------------------------------------

#[test]
fn taking_the_king_wins_and_there_is_no_check() {
    let v = Arc::new(pieceeater());
    let pos = at(&v, "4k3/8/8/8/4R3/8/8/3K3*[] w - - 0 1");
    // A King may step into an attack, and a side may ignore one.
    let black = at(&v, "4k3/8/8/8/4R3/8/8/3K3*[] b - - 0 1");
    assert!(moves(&v, &black).contains(&"e8e7".to_string()));
    let mut game = Game::with_seed(v.clone(), pos, 3);
    game.play_text("e4e8").unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), Reason::RoyalCaptured)
    );
    assert!(v.legal_moves(game.position()).is_empty());
}

#[test]
fn castling_keeps_the_fide_conditions() {
    let v = pieceeater();
    let castles = |fen: &str| -> Vec<String> {
        let pos = at(&v, fen);
        v.legal_moves(&pos)
            .iter()
            .filter(|m| m.kind() == MoveKind::Castle)
            .map(|m| m.to_coordinates(&v))
            .collect()
    };
    assert_eq!(castles("4k3/8/8/8/8/8/7*/R3K2R[] w KQ - 0 1"), ["e1g1", "e1c1"]);
    // Through an attacked square (f1, by the Rook on f8): no kingside castling.
    assert_eq!(castles("4kr2/8/8/8/8/8/7*/R3K2R[] w KQ - 0 1"), ["e1c1"]);
    // Out of an attack, into one.
    assert!(castles("4k3/8/8/8/8/8/7*/R3K2R[] w KQ - 0 1").len() == 2);
    assert_eq!(castles("4k1r1/8/8/8/8/8/7*/R3K2R[] w KQ - 0 1"), ["e1c1"]);
    assert!(castles("4r1k1/8/8/8/8/8/7*/R3K2R[] w KQ - 0 1").is_empty());
    // The PieceEater between King and Rook blocks it.
    assert_eq!(castles("4k3/8/8/8/8/8/8/R3K1*R[] w KQ - 0 1"), ["e1c1"]);
    // The King's own attacked square counts even without check in the game: b1 is not the King's
    // path (queenside the King passes d1 and lands on c1), so a Rook on b8 does not stop it.
    assert_eq!(castles("1r2k3/8/8/8/8/8/7*/R3K3[] w Q - 0 1"), ["e1c1"]);
}

#[test]
fn a_dropped_rook_never_castles() {
    let v = pieceeater();
    // The original Rook leaves h1: the right is gone. (The PieceEater keeps to the centre.)
    let wander = |pos: &Position| {
        let centre = |s: Square| (i32::from(s.file()) - 3).abs() + (i32::from(s.rank()) - 4).abs();
        let o = v
            .chance(pos)
            .unwrap()
            .outcomes
            .into_iter()
            .filter(|o| pos.is_empty(o.to))
            .min_by_key(|o| centre(o.to));
        v.resolve(pos, &o.unwrap())
    };
    let pos = at(&v, "4k3/8/8/3*4/8/8/8/4K2R[R] w K - 0 1");
    let pos = wander(&play(&v, &pos, "h1h2"));
    assert_eq!(pos.castling_rights(), 0);
    let pos = wander(&play(&v, &pos, "e8d8"));
    let pos = wander(&play(&v, &pos, "h2c2"));
    let pos = wander(&play(&v, &pos, "d8e8"));
    // Drop a Rook on h1: it stands where the original stood, but cannot castle.
    let pos = wander(&play(&v, &pos, "R@h1"));
    let pos = wander(&play(&v, &pos, "e8d8"));
    assert_eq!(pos.piece_at(sq("h1")).map(|p| v.piece_letter(p)), Some('R'));
    assert!(v.legal_moves(&pos).iter().all(|m| m.kind() != MoveKind::Castle));
    // The PieceEater eating the Rook ends the right too.
    let pos = at(&v, "4k3/8/8/8/8/8/6*1/4K2R[R] w K - 0 1 r1=1");
    let pos = step_to(&v, &pos, "h1");
    assert_eq!(pos.castling_rights(), 0);
}

#[test]
fn a_side_without_a_move_passes_and_the_game_goes_on() {
    let v = Arc::new(pieceeater());
    // White's King on a1 is boxed in by its own pawns a2, b2 and a Bishop on b1 that cannot move;
    // the pawns are blocked by Black pawns. White passes, the PieceEater still steps.
    // White: King a1, Pawns b1 (not on its start square: no double step) and b2 (blocked by the
    // Black pawn on b3), the PieceEater on a2. Nothing of White's can move.
    let fen = "7k/8/8/8/8/1p6/*P6/KP6[] w - - 0 1";
    let pos = at(&v, fen);
    assert_eq!(moves(&v, &pos), ["pass"]);
    let mut game = Game::with_seed(v.clone(), pos, 1);
    game.play(Move::pass());
    assert!(game.outcome().is_none());
    assert_eq!(
        game.chances_since_last_move().len(),
        1,
        "the PieceEater steps after a pass too"
    );
    assert_eq!(game.position().side_to_move(), Color::Black);
}

// ---------------------------------------------------------------------------------------------
// The two other ways to play
// ---------------------------------------------------------------------------------------------

#[test]
fn checkmate_version_the_pieceeater_blocks_and_uncovering_an_attack_wins_at_once() {
    let v = Arc::new(builtin("pieceeater-mate").unwrap());
    // The source's example: Rook d1-b1, PieceEater c3-b3 between Rook and the King on b5: no check.
    let pos = at(&v, "8/7p/8/1k6/8/2*5/8/3R3K[] w - - 0 1");
    let after = play(&v, &pos, "d1b1");
    let after = step_to(&v, &after, "b3");
    assert!(!v.in_check(&after));
    assert!(v.material_decided(&after).is_none());
    // Black leaves the King there; the PieceEater steps off the file: White wins at once.
    let stay = play(&v, &after, "h7h6");
    // Still blocking on b2: nothing happens.
    let blocking = step_to(&v, &stay, "b2");
    assert!(v.material_decided(&blocking).is_none());
    let off = step_to(&v, &stay, "c2");
    assert_eq!(v.material_decided(&off), Some(Color::White));
    let game = Game::new(v.clone(), off.clone());
    assert_eq!(
        game.outcome().map(|o| (o.winner, o.reason)),
        Some((Some(Color::White), Reason::Checkmate))
    );
    // Such a position reads back from FEN.
    at(&v, &off.to_fen(&v));
    // A move may not leave the own King attacked: the PieceEater's shield holds only while it stands.
    let pos = at(&v, "1r6/8/8/8/1*6/8/1K6/7k[] w - - 0 1");
    assert!(moves(&v, &pos).contains(&"b2a2".to_string()));
    let pos = at(&v, "1r6/8/8/8/8/8/1K6/7k[] w - - 0 1");
    assert!(!moves(&v, &pos).contains(&"b2b3".to_string()));
}

#[test]
fn steered_version_the_player_to_move_chooses_the_step_before_moving() {
    let v = Arc::new(builtin("pieceeater-steered").unwrap());
    let start = v.start();
    assert_eq!(v.chance(&start).unwrap().chooser, Some(Color::White));
    assert_eq!(steps(&v, &start).len(), 8);
    // Step + move = one perft ply.
    let by_hand: u64 = v
        .chance(&start)
        .unwrap()
        .outcomes
        .iter()
        .map(|o| v.legal_moves(&v.resolve(&start, o)).len() as u64)
        .sum();
    assert_eq!(v.perft(&start, 1), by_hand);
    // A game waits for the choice instead of rolling.
    let mut game = Game::with_seed(v.clone(), start.clone(), 9);
    assert!(game.actions().is_empty());
    let choice = game.pending_chance().unwrap().outcomes[2];
    assert!(game.resolve(choice));
    game.play_text("e2e3").unwrap();
    assert_eq!(v.chance(game.position()).unwrap().chooser, Some(Color::Black));
    // Rule 3 still forces: a Knight moved next to it must be eaten, whoever steers.
    let pos = at(&v, "4k3/8/8/8/3*4/8/4N3/4K3[] w - - 0 1");
    let after = play(&v, &pos, "e2c3");
    assert_eq!(steps(&v, &after), vec!["c3"]);
    let record = game.record();
    assert_eq!(record.replay(v.clone()).unwrap().actions(), game.actions());
}

// ---------------------------------------------------------------------------------------------
// Records and the dice
// ---------------------------------------------------------------------------------------------

#[test]
fn a_recorded_game_replays_exactly() {
    let v = Arc::new(pieceeater());
    for seed in [1u64, 77, 2024] {
        let mut game = Game::with_seed(v.clone(), v.start(), seed);
        let mut pick = messhall_dice::SeededDice::new(seed ^ 0xABCD);
        for _ in 0..80 {
            if game.outcome().is_some() {
                break;
            }
            let moves = v.legal_moves(game.position());
            let i = messhall_dice::Dice::below(&mut pick, moves.len() as u32) as usize;
            game.play(moves[i]);
            let pos = game.position();
            assert_eq!(pos.hash(), pos.recomputed_hash(&v));
            assert_eq!(Position::from_fen(&v, &pos.to_fen(&v)).as_ref(), Ok(pos));
        }
        let record = game.record();
        let again = record.replay(v.clone()).unwrap();
        assert_eq!(again.actions(), game.actions());
        assert_eq!(again.position(), game.position());
        let text = record.to_text(&v);
        assert_eq!(GameRecord::from_text(v.clone(), &text).unwrap(), record, "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// The PieceEater's state in FEN
// ---------------------------------------------------------------------------------------------

#[test]
fn its_state_is_written_by_name_and_old_records_still_read() {
    let v = pieceeater();
    let named = "4k3/8/8/8/3*4/8/8/4K3[] w - - 0 1 forbidden=c5 step=pending";
    let pos = at(&v, named);
    assert_eq!(pos.to_fen(&v), named);
    assert_eq!(forbidden_square(&pos), Some(sq("c5")));
    assert_eq!(pending_step(&pos), Some(None));
    // Older records wrote the registers as numbers: the same position.
    let old = format!("4k3/8/8/8/3*4/8/8/4K3[] w - - 0 1 r0={} r1=1", 1 + sq("c5").index());
    assert!(at(&v, &old) == pos);
    // After a move the step names the square of the piece that moved (rule 3 looks at it).
    let moved = play(&v, &v.start(), "e2e4");
    assert!(moved.to_fen(&v).ends_with(" step=after-e4"), "{}", moved.to_fen(&v));
    assert!(at(&v, &moved.to_fen(&v)) == moved);
    for (bad, why) in [
        (
            "forbidden=z9",
            "FEN extra field \"forbidden=z9\": \"z9\" is not a value of forbidden",
        ),
        (
            "forbidden=i1",
            "FEN extra field \"forbidden=i1\": \"i1\" is not a value of forbidden",
        ),
        (
            "step=soon",
            "FEN extra field \"step=soon\": \"soon\" is not a value of step",
        ),
        (
            "eaten=3",
            "FEN extra field \"eaten=3\": expected \"passed\" or one of forbidden step r2 r3",
        ),
    ] {
        let fen = format!("4k3/8/8/8/3*4/8/8/4K3[] w - - 0 1 {bad}");
        assert_eq!(Position::from_fen(&v, &fen).unwrap_err().to_string(), why);
    }
}
