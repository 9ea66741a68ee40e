//! Food Fight, rule by rule: each piece's exact destinations from a chosen square (with blockers,
//! own and enemy pieces, board edges), the pawns' initial moves, en passant, promotion, and the
//! Chef's check, mate and stalemate. Each set is written out by hand from docs/foodfight.md and
//! also checked against the plain reference generator.

mod common;
mod foodfight_reference;

use foodfight_reference::Board;
use messhall_catalog::builtin;
use messhall_rules::{Color, Game, MoveKind, Position, Reason, Variant};
use std::collections::BTreeSet;
use std::sync::Arc;

fn foodfight() -> Variant {
    builtin("foodfight").expect("foodfight is built in")
}

/// A FEN of the 12x12 board from pieces written as letter + square (see `common::fen_from_pieces`).
fn fen(pieces: &str, side: char, ep: &str) -> String {
    common::fen_from_pieces(12, 12, pieces, side, ep)
}

/// The squares the piece on `from` may move to (ignoring its own Chef's safety), from the core;
/// checked against the reference generator.
fn destinations(pieces: &str, side: char, from: &str) -> BTreeSet<String> {
    let v = foodfight();
    let text = fen(pieces, side, "-");
    let pos = Position::from_fen(&v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut moves = Vec::new();
    v.pseudo_moves(&pos, &mut moves);
    let core: BTreeSet<String> = moves
        .iter()
        .filter(|m| m.from().to_string() == from)
        .map(|m| m.to().to_string())
        .collect();
    assert_eq!(
        core,
        Board::from_fen(&text).destinations(from),
        "core vs reference in {text}"
    );
    core
}

fn set(squares: &str) -> BTreeSet<String> {
    squares.split_whitespace().map(str::to_string).collect()
}

/// The legal moves from `from` in coordinate notation.
fn legal_from(v: &Variant, pos: &Position, from: &str) -> Vec<String> {
    let mut moves: Vec<String> = v
        .legal_moves(pos)
        .iter()
        .filter(|m| m.from().to_string() == from)
        .map(|m| m.to_coordinates(v))
        .collect();
    moves.sort();
    moves
}

fn play(v: &Variant, pos: &Position, text: &str) -> Position {
    v.try_play(pos, text).unwrap_or_else(|e| panic!("{text}: {e}")).1
}

// The Chefs stand out of the way on a12 and l11 unless a test says otherwise.

#[test]
fn chef_steps_diagonally_and_slides_two_sideways() {
    // Own Waffle on e6 stops the slide left; an enemy on h6 is taken at the end of the slide right;
    // own Waffle on g7; the Chef has no straight forward or backward move.
    let got = destinations("Kf6 ka12 We6 wh6 Wg7", 'w', "f6");
    assert_eq!(got, set("e5 g5 e7 g6 h6"));
    // At the edge.
    assert_eq!(destinations("Ka1 kl11", 'w', "a1"), set("b2 b1 c1"));
}

#[test]
fn cantaloupe_leaps_one_three_and_three_four() {
    // From c2 near the corner: (1,3) to b5 d5 f3 f1, (3,4) to f6 and g5; own on f3, enemy on g5,
    // pieces in between do not matter.
    let got = destinations("Ka12 kl11 Cc2 Wf3 wg5 Wc3 Wd3 Wd4", 'w', "c2");
    assert_eq!(got, set("b5 d5 f1 f6 g5"));
    let all = destinations("Ka12 kl11 Cf6", 'w', "f6");
    assert_eq!(all, set("g9 e9 i7 i5 g3 e3 c5 c7 i10 j9 j3 i2 c2 b3 b9 c10"));
}

#[test]
fn doughnut_leaps_two_straight_and_like_a_knight() {
    let got = destinations("Ka12 kl11 Df6 Wf7 Wh6 wg8", 'w', "f6");
    assert_eq!(got, set("f8 f4 d6 g8 h7 h5 g4 e4 d5 d7 e8"));
    assert_eq!(destinations("Ka12 kl11 Da1", 'w', "a1"), set("a3 c1 b3 c2"));
}

#[test]
fn falafel_steps_or_leaps_diagonally() {
    let got = destinations("Ka12 kl11 Ff6 Wg7 we7 We5", 'w', "f6");
    assert_eq!(got, set("e7 g5 d4 h4 d8 h8"));
    assert_eq!(destinations("Ka12 kl11 Fb2", 'w', "b2"), set("a1 c1 a3 c3 d4"));
}

#[test]
fn meatball_moves_like_king_dabbaba_alfil_and_forward_narrow_knight() {
    let got = destinations("Ka12 kl11 Mf6 Wf7 wg8 Wh8", 'w', "f6");
    assert_eq!(got, set("e5 f5 g5 e6 g6 e7 g7 f8 f4 d6 h6 d4 h4 d8 e8 g8"));
    // Black's forward is down the board.
    let black = destinations("Ka12 kl11 mf6", 'b', "f6");
    assert_eq!(black, set("e5 f5 g5 e6 g6 e7 f7 g7 f8 f4 d6 h6 d4 h4 d8 h8 e4 g4"));
}

#[test]
fn mushroom_steps_back_diagonally_leaps_narrow_knight_and_forward_camel() {
    let got = destinations("Ka12 kl11 Uf6 Wg5 wc7", 'w', "f6");
    assert_eq!(got, set("e5 e8 g8 e4 g4 c7 i7"));
    let black = destinations("Ka12 kl11 uf6", 'b', "f6");
    assert_eq!(black, set("e7 g7 e8 g8 e4 g4 c5 i5"));
    // At the left edge the camel has one forward leap.
    assert_eq!(destinations("Ka12 kl11 Ua1", 'w', "a1"), set("b3 d2"));
}

#[test]
fn pancake_without_a_hurdle_only_steps() {
    assert_eq!(destinations("Ka12 kl11 Na1", 'w', "a1"), set("a2 b1 b2"));
}

#[test]
fn pancake_hops_one_hurdle_on_its_step_squares() {
    // Own Waffle on c5 is the hurdle on the (1,2) line: beyond it d7, then the enemy on e9 is taken.
    let got = destinations("Ka12 kl11 Na1 Wc5 we9", 'w', "a1");
    assert_eq!(got, set("a2 b1 b2 d7 e9"));
    // An enemy as the first piece is only a hurdle, never taken: b3 hopped, c5 d7 e9 f11 reached.
    let got = destinations("Ka12 kl11 Na1 wb3", 'w', "a1");
    assert_eq!(got, set("a2 b1 b2 c5 d7 e9 f11"));
}

#[test]
fn pancake_stops_at_a_second_piece() {
    // (1,2) line: hurdle b3, own c5 ends it. (2,1) line: hurdle c2, enemy e3 taken, g4 not reached.
    let got = destinations("Ka12 kl11 Na1 Wb3 Wc5 Wc2 we3", 'w', "a1");
    assert_eq!(got, set("a2 b1 b2 e3"));
}

#[test]
fn pancake_ignores_pieces_off_its_step_squares() {
    // b4, c4, b2's neighbours between the step squares are not on the line: no hurdle, no ride.
    let got = destinations("Ka12 kl11 Na1 Wb4 Wc4 Wd3 Wd2", 'w', "a1");
    assert_eq!(got, set("a2 b1 b2"));
    // From the centre, one hurdle on each of two lines.
    let got = destinations("Ka12 kl11 Nf6 Wg8 Wd5", 'w', "f6");
    assert_eq!(got, set("e5 f5 g5 e6 g6 e7 f7 g7 h10 i12 b4"));
}

#[test]
fn pie_zigzags_in_both_orders_and_steps_back() {
    // North then east stops at d4 (d5, the middle of the next step, is taken by an own piece);
    // east then north goes d2 d4 and takes the enemy on f4. Back: b1 only (an enemy on a1 cannot be
    // taken backwards, own c1).
    let pieces = "Kl6 kl11 Ib2 Wd5 pf4 ra1 Wc1";
    assert_eq!(destinations(pieces, 'w', "b2"), set("b4 d4 d2 f4 b1"));
    // d4 is reached by both orders and is still one move.
    let v = foodfight();
    let pos = Position::from_fen(&v, &fen(pieces, 'w', "-")).unwrap();
    assert_eq!(legal_from(&v, &pos, "b2").iter().filter(|m| *m == "b2d4").count(), 1);
}

#[test]
fn pie_captures_only_on_its_last_step_and_needs_empty_middles() {
    // Enemies on f8 and d6 are taken and end the zigzag; g6 and f5 (own) block the steps east and
    // south, and f5 also the step straight back.
    let got = destinations("Ka12 kl11 If6 pf8 pd6 Wg6 Wf5", 'w', "f6");
    assert_eq!(got, set("f8 d6 e5 g5"));
}

#[test]
fn pie_of_black_steps_back_up_the_board_without_capturing() {
    // All four middle squares taken: no zigzag. Back is up for Black: f7 own, g7 enemy, e7 empty.
    let got = destinations("Ka12 kl11 if6 wf7 we6 wg6 wf5 Wg7", 'b', "f6");
    assert_eq!(got, set("e7"));
}

#[test]
fn pie_on_an_empty_board() {
    let got = destinations("Ka12 kl11 If6", 'w', "f6");
    assert_eq!(
        got,
        set("f8 h8 h10 j10 j12 l12 d8 d10 b10 b12 h6 j8 l10 h4 j4 j2 l2 f4 h2 d4 d2 b2 d6 b8 b4 e5 f5 g5")
    );
}

#[test]
fn pepperoni_steps_and_leaps_sideways_and_diagonally_forward() {
    let got = destinations("Ka12 kl11 Ef6 We6 wh8 Wf7", 'w', "f6");
    assert_eq!(got, set("f5 e5 g5 e7 g7 d6 h6 d8 h8"));
    let black = destinations("Ka12 kl11 ef6", 'b', "f6");
    assert_eq!(black, set("f7 f5 e5 g5 e7 g7 d6 h6 d4 h4"));
}

#[test]
fn rhubarb_rides_straight_and_up_to_three_diagonally() {
    let got = destinations("Ka12 kl11 Rf6 Wf9 wc6 wh8 Wd4", 'w', "f6");
    assert_eq!(
        got,
        set("f7 f8 f5 f4 f3 f2 f1 e6 d6 c6 g6 h6 i6 j6 k6 l6 g7 h8 e7 d8 c9 g5 h4 i3 e5")
    );
}

#[test]
fn rutabaga_rides_diagonally_and_up_to_two_straight() {
    let got = destinations("Ka12 kl10 Bf6 Wh8 wc3 Wf8 wg6", 'w', "f6");
    assert_eq!(
        got,
        set("g7 e5 d4 c3 e7 d8 c9 b10 a11 g5 h4 i3 j2 k1 f7 f5 f4 e6 d6 g6")
    );
}

#[test]
fn sausage_steps_sideways_and_diagonally_and_leaps_narrow_knight_and_three() {
    let got = destinations("Ka12 kl11 Sf6 Wf7 Wf8 wf9 Wg6", 'w', "f6");
    assert_eq!(got, set("e6 e5 g5 e7 g7 e8 g8 e4 g4 f9 f3"));
    assert_eq!(destinations("Ka12 kl11 Sa1", 'w', "a1"), set("b1 b2 b3 a4"));
}

#[test]
fn waffle_steps_straight_and_leaps_two_diagonally() {
    let got = destinations("Ka12 kl11 Wf6 Rg7 Rf7 wh8", 'w', "f6");
    assert_eq!(got, set("f5 e6 g6 d4 h4 d8 h8"));
}

#[test]
fn fish_pawn_steps_forward_and_back_and_captures_diagonally_forward() {
    // A moved Fish (not on its start square): no double step; e7 enemy taken, g7 empty.
    let got = destinations("Ka12 kl11 Pf6 pe7", 'w', "f6");
    assert_eq!(got, set("f7 f5 e7"));
    // Black's Fish goes down the board.
    let got = destinations("Ka12 kl11 pf6 Pe5 Pg7", 'b', "f6");
    assert_eq!(got, set("f5 f7 e5"));
}

#[test]
fn fish_pawn_double_step_only_while_never_moved() {
    // On its start square: c4, c5 (over an empty c4), and back to c2.
    assert_eq!(destinations("Ka12 kl11 Pc3", 'w', "c3"), set("c4 c5 c2"));
    // A blocked c4 stops both; a blocked c5 only the double step.
    assert_eq!(destinations("Ka12 kl11 Pc3 wc4", 'w', "c3"), set("c2"));
    assert_eq!(destinations("Ka12 kl11 Pc3 wc5", 'w', "c3"), set("c4 c2"));
    // Marked as moved on its start square, or unmoved elsewhere.
    assert_eq!(destinations("Ka12 kl11 Pc3{m}", 'w', "c3"), set("c4 c2"));
    assert_eq!(destinations("Ka12 kl11 Pf6{u}", 'w', "f6"), set("f7 f8 f5"));
}

#[test]
fn fish_pawn_back_on_its_start_square_has_no_double_step() {
    let v = foodfight();
    let mut pos = v.start();
    for mv in ["c3c4", "c10c9", "c4c3", "c9c10"] {
        pos = play(&v, &pos, mv);
    }
    assert_eq!(legal_from(&v, &pos, "c3"), vec!["c3c4"]);
    assert!(pos.to_fen(&v).contains("P{m}"), "{}", pos.to_fen(&v));
    // The reference reads the same FEN the same way.
    let fen = pos.to_fen(&v);
    assert_eq!(Board::from_fen(&fen).destinations("c3"), set("c4"));
}

#[test]
fn piglet_moves_and_captures_diagonally_forward_and_steps_back_quietly() {
    // Moved Piglet: e7 (empty), g7 (enemy) forward; back f5 and g5 but not onto the enemy on e5.
    let got = destinations("Ka12 kl11 Gf6 pg7 pe5", 'w', "f6");
    assert_eq!(got, set("e7 g7 f5 g5"));
}

#[test]
fn piglet_initial_leap_only_while_never_moved() {
    // From its start square the leap jumps: d4 occupied, c5 still reached.
    assert_eq!(destinations("Ka12 kl11 Ge3 Wd4", 'w', "e3"), set("f4 c5 g5 e2 d2 f2"));
    assert_eq!(destinations("Ka12 kl11 Ge3{m}", 'w', "e3"), set("d4 f4 e2 d2 f2"));
}

#[test]
fn piglet_initial_leap_gives_no_en_passant() {
    let v = foodfight();
    let text = fen("Kg1 kg12 Ge3 ge5 pc6", 'w', "-");
    let pos = Position::from_fen(&v, &text).unwrap();
    let after = play(&v, &pos, "e3c5");
    assert!(after.ep_squares().is_empty());
    assert!(after.to_fen(&v).contains(" b - - "), "{}", after.to_fen(&v));
    // Black's Piglet stepping onto the skipped d4 is a plain step; the Piglet on c5 stays.
    let step = v
        .legal_moves(&after)
        .into_iter()
        .find(|m| m.to_coordinates(&v) == "e5d4")
        .unwrap();
    assert_eq!(step.kind(), MoveKind::Quiet);
}

#[test]
fn fish_double_step_is_taken_en_passant_by_fish_and_by_piglet() {
    let v = foodfight();
    let text = fen("Kg1 kg12 Pc8 Ge8 pd10", 'b', "-");
    let pos = Position::from_fen(&v, &text).unwrap();
    let after = play(&v, &pos, "d10d8");
    assert_eq!(
        after.ep_squares().iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        ["d9"]
    );
    for (mv, by) in [("c8d9", "Fish"), ("e8d9", "Piglet")] {
        let ep = v
            .legal_moves(&after)
            .into_iter()
            .find(|m| m.to_coordinates(&v) == mv)
            .unwrap();
        assert_eq!(ep.kind(), MoveKind::EnPassant, "{by}");
        let taken = after.play_unchecked(&v, &ep);
        assert!(taken.piece_at(ep.extra()).is_none(), "{by}: the Fish on d8 is gone");
        assert_eq!(ep.extra().to_string(), "d8");
        // One move, not a plain step as well.
        assert_eq!(legal_from(&v, &after, &mv[..2]).iter().filter(|m| **m == mv).count(), 1);
    }
    // The right lasts one move only.
    let later = play(&v, &play(&v, &after, "g1h1"), "g12h12");
    let step = v
        .legal_moves(&later)
        .into_iter()
        .find(|m| m.to_coordinates(&v) == "e8d9")
        .unwrap();
    assert_eq!(step.kind(), MoveKind::Quiet);
    assert!(!legal_from(&v, &later, "c8").contains(&"c8d9".to_string()));
}

#[test]
fn black_piglet_takes_en_passant_too() {
    let v = foodfight();
    let pos = Position::from_fen(&v, &fen("Kg1 kg12 Pj3 gk5 pi5", 'w', "-")).unwrap();
    let after = play(&v, &pos, "j3j5");
    for mv in ["k5j4", "i5j4"] {
        let ep = v
            .legal_moves(&after)
            .into_iter()
            .find(|m| m.to_coordinates(&v) == mv)
            .unwrap();
        assert_eq!(ep.kind(), MoveKind::EnPassant, "{mv}");
        assert_eq!(ep.extra().to_string(), "j5");
    }
}

#[test]
fn pawns_promote_to_the_twelve_choices() {
    let v = foodfight();
    let pos = Position::from_fen(&v, &fen("Kg1 kg10 Pc11 Gh11 bd12", 'w', "-")).unwrap();
    let letters = |from: &str, to: &str| -> String {
        v.promotion_choices(&pos, from.parse().unwrap(), to.parse().unwrap())
            .into_iter()
            .map(|r| v.role(r).letter)
            .collect()
    };
    assert_eq!(letters("c11", "c12"), "NMBCSREUWFDI");
    assert_eq!(letters("c11", "d12"), "NMBCSREUWFDI");
    assert_eq!(letters("h11", "i12"), "NMBCSREUWFDI");
    assert_eq!(letters("h11", "g12"), "NMBCSREUWFDI");
    // No move reaches the last rank without promoting; the back steps do not promote.
    let moves = legal_from(&v, &pos, "c11");
    assert_eq!(moves.len(), 25, "{moves:?}");
    assert!(moves.iter().all(|m| m.len() == 7 || m == "c11c10"));
    let names: Vec<&str> = "NMBCSREUWFDI"
        .chars()
        .map(|c| v.role(v.role_by_letter(c).unwrap()).name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "Pancake",
            "Meatball",
            "Rutabaga",
            "Cantaloupe",
            "Sausage",
            "Rhubarb",
            "Pepperoni",
            "Mushroom",
            "Waffle",
            "Falafel",
            "Doughnut",
            "Pie"
        ]
    );
    // A promoted Pie moves as a Pie.
    let pie = play(&v, &pos, "c11c12i");
    assert_eq!(
        pie.piece_at("c12".parse().unwrap()).map(|p| v.role(p.role()).letter),
        Some('I')
    );
}

#[test]
fn black_pawn_promotes_on_rank_one() {
    let v = foodfight();
    let pos = Position::from_fen(&v, &fen("Kl12 ka12 pb2", 'b', "-")).unwrap();
    let moves = legal_from(&v, &pos, "b2");
    assert_eq!(moves.len(), 13, "{moves:?}");
    assert!(moves.contains(&"b2b1i".to_string()) && moves.contains(&"b2b3".to_string()));
}

#[test]
fn chef_may_slide_over_an_attacked_square() {
    let v = foodfight();
    // The black Rhubarb on h12 watches the h-file: h1 and h2 are attacked, i1 is not.
    let pos = Position::from_fen(&v, &fen("Kg1 ka12 rh12", 'w', "-")).unwrap();
    assert_eq!(legal_from(&v, &pos, "g1"), vec!["g1e1", "g1f1", "g1f2", "g1i1"]);
}

#[test]
fn chef_in_check_must_get_out() {
    let v = foodfight();
    // A black Doughnut on g3 checks the Chef on g1 with its two-square leap, and its knight leaps
    // cover f1 and h1: the Chef goes to f2 or h2, or slides past f1 to e1 or past h1 to i1.
    let pos = Position::from_fen(&v, &fen("Kg1 ka12 dg3", 'w', "-")).unwrap();
    assert!(v.in_check(&pos));
    assert_eq!(legal_from(&v, &pos, "g1"), vec!["g1e1", "g1f2", "g1h2", "g1i1"]);
}

#[test]
fn checkmate_and_stalemate() {
    let v = Arc::new(foodfight());
    // Rhubarbs on a12 and b11 and a Rutabaga on e3 leave the Chef on a1 nowhere to go.
    let mate = Position::from_fen(&v, &fen("Ka1 kl12 ra12 rb11 be3", 'w', "-")).unwrap();
    assert!(v.legal_moves(&mate).is_empty());
    let outcome = Game::new(v.clone(), mate).outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), Reason::Checkmate)
    );
    // Without the check on the a-file it is stalemate, a draw.
    let stale = Position::from_fen(&v, &fen("Ka1 kl12 rb11 be3", 'w', "-")).unwrap();
    assert!(v.legal_moves(&stale).is_empty());
    let outcome = Game::new(v.clone(), stale).outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::Stalemate));
    assert_eq!(
        Board::from_fen(&fen("Ka1 kl12 ra12 rb11 be3", 'w', "-"))
            .legal_moves()
            .len(),
        0
    );
}

#[test]
fn repetition_and_fifty_moves_draw() {
    let v = Arc::new(foodfight());
    let mut game = Game::new(v.clone(), v.start());
    for _ in 0..2 {
        for mv in ["b1b4", "b12b9", "b4b1", "b9b12"] {
            assert!(game.outcome().is_none());
            game.play_text(mv).unwrap();
        }
    }
    assert_eq!(game.outcome().map(|o| o.reason), Some(Reason::Repetition));
    let quiet = Position::from_fen(&v, "12/12/12/12/12/12/12/12/12/12/k11/6K5 w - - 100 80").unwrap();
    assert_eq!(
        Game::new(v, quiet).outcome().map(|o| o.reason),
        Some(Reason::FiftyMoves)
    );
}
