//! A "Friendly" Game of Chess, rule by rule: the exact legal moves of one piece in a chosen
//! position, for every piece type, every power, every pawn and the Friends' borrowing and royalty.
//! Every list is worked out by hand from the rules (docs/friendly.md and
//! tests/friendly_reference/RULES.md); moves in coordinate notation: rifle `f6g8,g8f6`, katana
//! `f6g9,g9h12`, promotion `e9e10q`, a swap `f6f8`.
//!
//! Each side keeps two or more Friends standing where nothing guards them (so they borrow nothing
//! and have no moves) unless a test is about the Friends.

mod common;
use messhall_catalog::builtin;
use messhall_rules::{Color, Game, Move, MoveKind, Position, Reason, Square, Variant};
use std::sync::Arc;

fn friendly() -> Variant {
    builtin("friendly").expect("friendly is built in")
}

/// A FEN of the 12x12 board from pieces written as letter + square (see `common::fen_from_pieces`).
fn fen(pieces: &str, side: char, ep: &str) -> String {
    common::fen_from_pieces(12, 12, pieces, side, ep)
}

fn position(v: &Variant, pieces: &str, side: char) -> Position {
    position_ep(v, pieces, side, "-")
}

fn position_ep(v: &Variant, pieces: &str, side: char, ep: &str) -> Position {
    let text = fen(pieces, side, ep);
    Position::from_fen(v, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

/// The legal moves from `from` in coordinate notation, sorted (duplicates kept, so that a move
/// generated twice shows).
fn legal_from(v: &Variant, pos: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut moves: Vec<String> = v
        .legal_moves(pos)
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to_coordinates(v))
        .collect();
    moves.sort();
    moves
}

/// Every legal move, sorted.
fn legal_all(v: &Variant, pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = v.legal_moves(pos).iter().map(|m| m.to_coordinates(v)).collect();
    moves.sort();
    moves
}

/// A hand-written list of moves, sorted.
fn list(moves: &str) -> Vec<String> {
    let mut out: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    out.sort();
    out
}

/// The sixteen promotions of `base` (`e9e10` gives `e9e10a` .. `e9e10s`).
fn promotions(base: &str) -> String {
    "abucdqghijlmtoks".chars().map(|c| format!("{base}{c} ")).collect()
}

/// Asserts the exact legal moves of the piece on `from`.
fn check(pieces: &str, side: char, from: &str, expected: &str) {
    let v = friendly();
    let pos = position(&v, pieces, side);
    assert_eq!(
        legal_from(&v, &pos, from),
        list(expected),
        "moves from {from} in {}",
        fen(pieces, side, "-")
    );
}

fn find(v: &Variant, pos: &Position, text: &str) -> Move {
    v.legal_moves(pos)
        .into_iter()
        .find(|m| m.to_coordinates(v) == text)
        .unwrap_or_else(|| panic!("{text} is not legal in {}", pos.to_fen(v)))
}

fn play(v: &Variant, pos: &Position, text: &str) -> Position {
    pos.play_unchecked(v, &find(v, pos, text))
}

/// The letter (uppercase White, lowercase Black) on `square`, or '.'.
fn at(v: &Variant, pos: &Position, square: &str) -> char {
    pos.piece_at(sq(square)).map_or('.', |p| {
        let letter = v.role(p.role()).letter;
        if p.color() == Color::White {
            letter.to_ascii_uppercase()
        } else {
            letter.to_ascii_lowercase()
        }
    })
}

/// The role bit of a letter.
fn bit(v: &Variant, letter: char) -> u64 {
    1u64 << v.role_by_letter(letter).expect("a letter").0
}

/// What the Friend on `square` borrows (types, lending squares sorted); no types when none.
fn borrowed(v: &Variant, pos: &Position, square: &str) -> (u64, Vec<String>) {
    v.borrowed(pos, sq(square)).map_or((0, Vec::new()), |b| {
        let mut lenders: Vec<String> = b.lenders.iter().map(|s| s.to_string()).collect();
        lenders.sort();
        (b.roles, lenders)
    })
}

// ---------------------------------------------------------------------------------------------
// The pieces

#[test]
fn archer_slides_exactly_two_diagonally_and_shoots_at_knight_distance() {
    // NE: own g7 blocks h8. NW: e7 empty, d8. SE: g5 empty, enemy h4 taken. SW: enemy e5 blocks d4
    // (the Archer never stops on e5). Rifle on the (1,2) squares: enemies g8, d5; own g4 not.
    check(
        "Af6 Ug7 ie5 uh4 gg8 ud5 Gg4 Fa12 Fb12 fl1 fl3",
        'w',
        "f6",
        "f6d8 f6h4 f6g8,g8f6 f6d5,d5f6",
    );
}

#[test]
fn bodyguard_moves_one_or_two_in_every_direction() {
    // N own f7; NE enemy g7 taken, no h8; W own d6 stops at e6; S enemy f4 taken at the end.
    check(
        "Bf6 Uf7 ug7 uf4 Ud6 Fa12 Fb12 fl1 fk1",
        'w',
        "f6",
        "f6e7 f6d8 f6g7 f6g6 f6h6 f6g5 f6h4 f6f5 f6f4 f6e5 f6d4 f6e6",
    );
}

#[test]
fn buffalo_leaps_one_two_one_three_and_two_three() {
    // 24 leaps from f6; own g9 excluded, enemy c4 taken; the own pieces on f7 and g7 are jumped.
    check(
        "Uf6 Gg9 Gf7 Gg7 uc4 Fa12 Fb12 fl1 fk1",
        'w',
        "f6",
        "f6g8 f6e8 f6h7 f6d7 f6h5 f6d5 f6g4 f6e4 \
         f6e9 f6i7 f6c7 f6i5 f6c5 f6g3 f6e3 \
         f6h9 f6d9 f6i8 f6c8 f6i4 f6c4 f6h3 f6d3",
    );
}

#[test]
fn caliph_slides_as_a_bishop_and_leaps_as_a_camel() {
    // NE stops before own i9; NW takes d8; SE runs to k1; SW takes c3; camel: own e9 excluded.
    check(
        "Cf6 Ui9 Ue9 ud8 uc3 Fa12 Fb12 fl1 fl3",
        'w',
        "f6",
        "f6g7 f6h8 f6e7 f6d8 f6g5 f6h4 f6i3 f6j2 f6k1 f6e5 f6d4 f6c3 \
         f6g9 f6i7 f6c7 f6i5 f6c5 f6g3 f6e3",
    );
}

#[test]
fn dayrider_steps_and_rides_two_square_leaps() {
    // King steps but own f7. North: f8, enemy f10 taken (f7 and f9 are jumped). East: own j6 ends
    // the ride after h6. The other rides run to the edge: f4 f2, d6 b6, h8 j10 l12, d8 b10,
    // h4 j2, d4 b2.
    check(
        "Df6 Uf7 uf10 Uj6 Fa1 Fa3 fk1 fl2",
        'w',
        "f6",
        "f6e5 f6f5 f6g5 f6e6 f6g6 f6e7 f6g7 f6f8 f6f10 f6f4 f6f2 f6h6 f6d6 f6b6 \
         f6h8 f6j10 f6l12 f6d8 f6b10 f6h4 f6j2 f6d4 f6b2",
    );
}

#[test]
fn displacer_squirrel_leaps_two_away_and_swaps() {
    // Swap with own Buffalo f8; no swap with the own Squirrel h6 (same type); no swap with the own
    // Impala h4, frozen by the black Jellyfish on i3; enemy d4 taken; all else empty.
    let v = friendly();
    let pos = position(&v, "Qf6 Uf8 Qh6 Ih4 ji3 ud4 Fa12 Fb12 fk12 fl12", 'w');
    assert_eq!(
        legal_from(&v, &pos, "f6"),
        list("f6f8 f6f4 f6d6 f6h8 f6d8 f6d4 f6g8 f6e8 f6h7 f6d7 f6h5 f6d5 f6g4 f6e4")
    );
    let swap = find(&v, &pos, "f6f8");
    assert_eq!(swap.kind(), MoveKind::Swap);
    let after = pos.play_unchecked(&v, &swap);
    assert_eq!((at(&v, &after, "f6"), at(&v, &after, "f8")), ('U', 'Q'));
    assert!(!after.is_unmoved(sq("f6")) && !after.is_unmoved(sq("f8")));
}

#[test]
fn squirrel_swap_promotes_a_pawn_arriving_on_its_last_rank() {
    let v = friendly();
    let pos = position(&v, "Qe12 Qe8 Pe10 Fa1 Fb1 fk1 fl1", 'w');
    // From e12 the pawn on e10 arrives on e12: sixteen promotions, no plain swap.
    let expected = format!(
        "e12c12 e12g12 e12c10 e12g10 e12d10 e12f10 e12c11 e12g11 {}",
        promotions("e12e10")
    );
    assert_eq!(legal_from(&v, &pos, "e12"), list(&expected));
    // From e8 the pawn is swapped backwards and stays a pawn.
    assert_eq!(
        legal_from(&v, &pos, "e8"),
        list("e8e10 e8e6 e8c8 e8g8 e8c10 e8g10 e8c6 e8g6 e8d10 e8f10 e8d6 e8f6 e8c9 e8g9 e8c7 e8g7")
    );
    let promoted = play(&v, &pos, "e12e10k");
    assert_eq!((at(&v, &promoted, "e12"), at(&v, &promoted, "e10")), ('K', 'Q'));
    let back = play(&v, &pos, "e8e10");
    assert_eq!((at(&v, &back, "e8"), at(&v, &back, "e10")), ('P', 'Q'));
}

#[test]
fn a_pawn_swapped_onto_its_start_square_has_moved() {
    let v = friendly();
    // The Standard pawn on d5 comes to b3, its start square, by the swap: it counts as moved.
    let pos = position(&v, "Qb3 Pd5 Fa12 Fc12 gl12 fk1 fl1", 'w');
    let after = play(&v, &play(&v, &pos, "b3d5"), "l12j10");
    assert_eq!(at(&v, &after, "b3"), 'P');
    assert!(!after.is_unmoved(sq("b3")));
    assert_eq!(legal_from(&v, &after, "b3"), list("b3b4"));
}

#[test]
fn gerbil_leaps_two_diagonally_and_one_four() {
    check(
        "Gf6 Uh8 ub5 Fa12 Fc12 fk1 fl1",
        'w',
        "f6",
        "f6d8 f6h4 f6d4 f6g10 f6e10 f6j7 f6b7 f6j5 f6b5 f6g2 f6e2",
    );
}

#[test]
fn hangman_steps_to_empty_squares_and_captures_by_withdrawal() {
    // Enemies g7, f5, e7 adjacent; own e6, g5. e5 is straight away from g7, f7 from f5: those
    // steps capture (and are the only way to step there); from e7 the way back (g5) is own. g6 is a
    // plain step; no move onto an enemy.
    let v = friendly();
    let pos = position(&v, "Hf6 ug7 uf5 Ue6 ue7 Ug5 Fa12 Fb12 fk1 fl1", 'w');
    assert_eq!(legal_from(&v, &pos, "f6"), list("f6e5 f6f7 f6g6"));
    let e5 = find(&v, &pos, "f6e5");
    assert_eq!((e5.kind(), e5.extra()), (MoveKind::Withdrawal, sq("g7")));
    let f7 = find(&v, &pos, "f6f7");
    assert_eq!((f7.kind(), f7.extra()), (MoveKind::Withdrawal, sq("f5")));
    assert_eq!(find(&v, &pos, "f6g6").kind(), MoveKind::Quiet);
    let after = pos.play_unchecked(&v, &e5);
    assert_eq!(
        (at(&v, &after, "e5"), at(&v, &after, "g7"), at(&v, &after, "f5")),
        ('H', '.', 'u')
    );
}

#[test]
fn impala_leaps_one_two_and_three_four() {
    check(
        "If6 Gb3 uj9 Fa12 Fc12 fk1 fl1",
        'w',
        "f6",
        "f6g8 f6e8 f6h7 f6d7 f6h5 f6d5 f6g4 f6e4 f6i10 f6c10 f6i2 f6c2 f6j9 f6b9 f6j3",
    );
}

#[test]
fn jellyfish_steps_and_captures_one_square() {
    check(
        "Jf6 Uf7 ug7 Fa12 Fb12 fk1 fl1",
        'w',
        "f6",
        "f6e5 f6f5 f6g5 f6e6 f6g6 f6e7 f6g7",
    );
}

#[test]
fn lady_in_waiting_slides_up_to_six() {
    // North stops before own a5, east takes e1, the diagonal ends at g7 (six squares).
    check(
        "La1 Ua5 ue1 Fk12 Fl11 fa12 fc12",
        'w',
        "a1",
        "a1a2 a1a3 a1a4 a1b1 a1c1 a1d1 a1e1 a1b2 a1c3 a1d4 a1e5 a1f6 a1g7",
    );
}

#[test]
fn midnighter_rides_one_kind_of_leap_in_one_direction() {
    // (1,2): b3, then own c5. (2,1): c2 e3, enemy g4 taken. (3,5): d6 g11. (5,3): f4 k7.
    // (4,5): e6 i11. (5,4): f5 k9.
    check(
        "Ma1 Uc5 ug4 Fl1 Fl2 fa12 fb12",
        'w',
        "a1",
        "a1b3 a1c2 a1e3 a1g4 a1d6 a1g11 a1f4 a1k7 a1e6 a1i11 a1f5 a1k9",
    );
}

#[test]
fn mtawala_slides_as_a_rook_and_leaps_as_a_zebra() {
    check(
        "Tf6 Uf9 uf3 Ui8 Fa12 Fb11 fk1 fl1",
        'w',
        "f6",
        "f6f7 f6f8 f6f5 f6f4 f6f3 f6g6 f6h6 f6i6 f6j6 f6k6 f6l6 f6e6 f6d6 f6c6 f6b6 f6a6 \
         f6h9 f6d9 f6c8 f6i4 f6c4 f6h3 f6d3",
    );
}

#[test]
fn poison_captures_orthogonally_and_moves_as_a_lame_knight() {
    // Captures enemies f7 and g6 (f5 empty: no move there). Knight moves: through f7 and g6
    // (occupied) and e6 (own) blocked; through f5: g4 enemy (no capture), e4.
    check("Of6 uf7 Ue6 ug6 ug4 Fa12 Fb12 fk1 fl1", 'w', "f6", "f6f7 f6g6 f6e4");
}

#[test]
fn samurai_leaps_as_a_knight_and_captures_with_the_katana() {
    // Knight: enemy h7 taken, own d5 not. Katana: g9 enemy and h12 empty: yes; e9 enemy but d12
    // own: no; i7 enemy and l8 empty: yes; i5 own: no. (2,6) offsets leftward or downward are off
    // the board.
    check(
        "Kf6 Ud12 Ui5 Ud5 ug9 ue9 ui7 uh7 Fa1 Fb1 fl1 fk1",
        'w',
        "f6",
        "f6g8 f6e8 f6h7 f6d7 f6h5 f6g4 f6e4 f6g9,g9h12 f6i7,i7l8",
    );
}

#[test]
fn samurai_katana_removes_the_victim_and_lands() {
    let v = friendly();
    let pos = position(&v, "Kf6 ug9 Fa1 Fb1 fl1 fk1", 'w');
    let after = play(&v, &pos, "f6g9,g9h12");
    assert_eq!(
        (at(&v, &after, "f6"), at(&v, &after, "g9"), at(&v, &after, "h12")),
        ('.', '.', 'K')
    );
}

#[test]
fn sniper_steps_slides_two_quietly_and_shoots() {
    // Steps: own f7 not, enemy g7 taken. Quiet two-square slides: f8 and h8 blocked (f7, g7),
    // h4 an enemy (no capture); h6 f4 d4 d6 d8. Rifle at (0,5): f11, a6 (own k6, empty f1);
    // at (2,3): c8, h3.
    check(
        "Sf6 Uf7 ug7 uh4 uf11 ua6 Uk6 uc8 uh3 Fa12 Fb12 fk12 fl12",
        'w',
        "f6",
        "f6e5 f6f5 f6g5 f6e6 f6g6 f6e7 f6g7 f6h6 f6f4 f6d4 f6d6 f6d8 \
         f6f11,f11f6 f6a6,a6f6 f6h3,h3f6 f6c8,c8f6",
    );
}

#[test]
fn sniper_rifle_leaves_the_sniper_in_place() {
    let v = friendly();
    let pos = position(&v, "Sf6 uf11 Fa12 Fb12 fk12 fl12", 'w');
    let shot = find(&v, &pos, "f6f11,f11f6");
    assert_eq!(shot.kind(), MoveKind::Rifle);
    let after = pos.play_unchecked(&v, &shot);
    assert_eq!((at(&v, &after, "f6"), at(&v, &after, "f11")), ('S', '.'));
}

// ---------------------------------------------------------------------------------------------
// Powers

#[test]
fn poison_removes_the_capturer_but_not_after_a_rifle_capture() {
    let v = friendly();
    let pos = position(&v, "Af6 og8 oh4 Fa12 Fb12 fk1 fl1", 'w');
    assert_eq!(legal_from(&v, &pos, "f6"), list("f6d4 f6d8 f6h4 f6h8 f6g8,g8f6"));
    // The rifle shot at the Poison on g8: the Archer stays.
    let shot = find(&v, &pos, "f6g8,g8f6");
    assert!(!shot.poisoned());
    let after = pos.play_unchecked(&v, &shot);
    assert_eq!((at(&v, &after, "f6"), at(&v, &after, "g8")), ('A', '.'));
    // The slide onto the Poison on h4: both are gone.
    let slide = find(&v, &pos, "f6h4");
    assert!(slide.poisoned());
    let after = pos.play_unchecked(&v, &slide);
    assert_eq!((at(&v, &after, "f6"), at(&v, &after, "h4")), ('.', '.'));
}

#[test]
fn poison_strikes_withdrawal_and_katana_captures() {
    let v = friendly();
    // Hangman c3, Poison c4: stepping to c2 withdraws from it and the Hangman dies too.
    let pos = position(&v, "Hc3 oc4 Fa12 Fb12 fk1 fl1", 'w');
    assert_eq!(legal_from(&v, &pos, "c3"), list("c3b2 c3b3 c3b4 c3c2 c3d2 c3d3 c3d4"));
    let after = play(&v, &pos, "c3c2");
    assert_eq!(
        (at(&v, &after, "c2"), at(&v, &after, "c3"), at(&v, &after, "c4")),
        ('.', '.', '.')
    );
    // Samurai a1, Poison b4: the katana lands on c7 and the Samurai dies there.
    let pos = position(&v, "Ka1 ob4 Fl12 Fk12 fa12 fc12", 'w');
    assert_eq!(legal_from(&v, &pos, "a1"), list("a1b3 a1c2 a1b4,b4c7"));
    let after = play(&v, &pos, "a1b4,b4c7");
    assert_eq!(
        (at(&v, &after, "a1"), at(&v, &after, "b4"), at(&v, &after, "c7")),
        ('.', '.', '.')
    );
}

#[test]
fn jellyfish_immobilizes_and_two_jellyfish_freeze_each_other() {
    let v = friendly();
    // White Jellyfish f6 and black Jellyfish g7 freeze each other; the white Buffalo on h8, next
    // to the black Jellyfish, cannot move either.
    let pos = position(&v, "Jf6 jg7 Uh8 Fa1 Fb1 fk1 fl1", 'w');
    assert_eq!(legal_from(&v, &pos, "f6"), list(""));
    assert_eq!(legal_from(&v, &pos, "h8"), list(""));
    let black = position(&v, "Jf6 jg7 Uh8 Fa1 Fb1 fk1 fl1", 'b');
    assert_eq!(legal_from(&v, &black, "g7"), list(""));
    // A frozen piece guards nothing: the black Gerbil on i10, at (1,2) from the Buffalo, is not
    // attacked while the Buffalo is frozen, and is when the black Jellyfish stands far away.
    let frozen = position(&v, "Jf6 jg7 Uh8 gi10 Fa1 Fb1 fk1 fl1", 'w');
    assert!(!v.is_attacked(&frozen, sq("i10"), Color::White));
    let free = position(&v, "Jf6 ja12 Uh8 gi10 Fa1 Fb1 fk1 fl1", 'w');
    assert!(v.is_attacked(&free, sq("i10"), Color::White));
    assert_eq!(legal_from(&v, &free, "f6").len(), 8);
}

#[test]
fn an_empty_square_is_attacked_when_an_enemy_there_could_be_captured() {
    let v = friendly();
    // "Attacks" a square: could capture an enemy standing there (the notes, "Attacks and
    // guards"). The Buffalo on h8 attacks the empty i10 ((1,2)), the Sniper on a1 the empty a6
    // (rifle at (0,5)).
    let pos = position(&v, "Uh8 Sa1 Fk1 Fl1 fa12 fc12", 'w');
    assert!(v.is_attacked(&pos, sq("i10"), Color::White));
    assert!(v.is_attacked(&pos, sq("a6"), Color::White));
}

#[test]
fn hia_a_slider_next_to_an_enemy_bodyguard_slides_one_square() {
    // The Lady starts next to the black Bodyguard on g7: one square only, the Bodyguard included.
    check(
        "Lf6 bg7 Fa12 Fb12 fl2 fl4",
        'w',
        "f6",
        "f6e5 f6e6 f6e7 f6f5 f6f7 f6g5 f6g6 f6g7",
    );
}

#[test]
fn hia_a_slide_may_stop_next_to_an_enemy_bodyguard_but_not_pass() {
    // Black Bodyguard on i5: the diagonal g2 h3 i4 stops on i4 (next to it), j5 is not reached;
    // the file, the rank and the other diagonal are far from it.
    check(
        "Lf1 bi5 Fa12 Fc12 fl12 fk12",
        'w',
        "f1",
        "f1f2 f1f3 f1f4 f1f5 f1f6 f1f7 f1g2 f1h3 f1i4 f1e2 f1d3 f1c4 f1b5 f1a6 \
         f1g1 f1h1 f1i1 f1j1 f1k1 f1l1 f1e1 f1d1 f1c1 f1b1 f1a1",
    );
}

#[test]
fn hia_leaves_leaps_and_rifle_shots_alone() {
    // Caliph next to the black Bodyguard f7: one diagonal step each way, all eight camel leaps.
    check(
        "Cf6 bf7 Fa12 Fb12 fl2 fl4",
        'w',
        "f6",
        "f6e5 f6e7 f6g5 f6g7 f6g9 f6e9 f6i7 f6c7 f6i5 f6c5 f6g3 f6e3",
    );
    // Archer next to the black Bodyguard f5: no two-square slide, the rifle shot still.
    check("Af6 bf5 ug8 Fa12 Fb12 fl2 fl4", 'w', "f6", "f6g8,g8f6");
}

#[test]
fn hia_does_not_touch_the_bodyguards_own_side() {
    // Black Lady a12 with its own Bodyguard on c11: full slides of six.
    check(
        "la12 bc11 fl12 fl10 Fl1 Fk1",
        'b',
        "a12",
        "a12b12 a12c12 a12d12 a12e12 a12f12 a12g12 a12a11 a12a10 a12a9 a12a8 a12a7 a12a6 \
         a12b11 a12c10 a12d9 a12e8 a12f7 a12g6",
    );
    // The same with a white Bodyguard on c11: b12 and b11 are next to it (stop there), a11 is not.
    check(
        "la12 Bc11 fl12 fl10 Fl1 Fk1",
        'b',
        "a12",
        "a12b12 a12a11 a12a10 a12a9 a12a8 a12a7 a12a6 a12b11",
    );
}

// ---------------------------------------------------------------------------------------------
// Pawns

#[test]
fn standard_pawn_steps_double_steps_and_captures_diagonally() {
    check("Pb3 uc4 Ua4 Fa12 Fb12 fk1 fl1", 'w', "b3", "b3b4 b3b5 b3c4");
}

#[test]
fn standard_pawn_double_step_is_taken_en_passant() {
    let v = friendly();
    let pos = position(&v, "Pj8 pk10 Fa12 Fb12 fk1 fl1", 'b');
    let after = play(&v, &pos, "k10k8");
    assert_eq!(after.ep_squares().iter().collect::<Vec<_>>(), [sq("k9")]);
    assert_eq!(legal_from(&v, &after, "j8"), list("j8j9 j8k9"));
    let ep = find(&v, &after, "j8k9");
    assert_eq!((ep.kind(), ep.extra()), (MoveKind::EnPassant, sq("k8")));
    let taken = after.play_unchecked(&v, &ep);
    assert_eq!((at(&v, &taken, "k9"), at(&v, &taken, "k8")), ('P', '.'));
}

#[test]
fn berolina_pawn_moves_diagonally_and_captures_straight() {
    // Unmoved on c3: b4 d4, the double move to e5 (over empty d4; a5 holds an enemy, no capture),
    // the capture straight ahead on c4.
    check("Ec3 uc4 ua5 Fa12 Fb12 fk1 fl1", 'w', "c3", "c3b4 c3c4 c3d4 c3e5");
    // Moved: no double move.
    check("Ec3{m} uc4 ua5 Fa12 Fb12 fk1 fl1", 'w', "c3", "c3b4 c3c4 c3d4");
}

#[test]
fn berolina_double_move_gives_no_en_passant() {
    let v = friendly();
    let pos = position(&v, "Pc8 ec10 Fa12 Fb12 fk1 fl1", 'b');
    let after = play(&v, &pos, "c10e8");
    assert!(after.ep_squares().is_empty());
    // The Standard pawn on c8 could take on d9 only en passant: it cannot.
    assert_eq!(legal_from(&v, &after, "c8"), list("c8c9"));
}

#[test]
fn berolina_pawn_captures_en_passant_straight_forward() {
    // No double step of the game skips the square straight in front of a Berolina pawn (the
    // pawn that skipped it would stand on the Berolina's own square), so this position is built
    // by hand: the en passant square k9 and the piece to remove, k10, named in the FEN.
    let v = friendly();
    let pos = position_ep(&v, "Ek8 pk10 Fa12 Fb12 fk1 fl1", 'w', "k9>k10");
    assert_eq!(legal_from(&v, &pos, "k8"), list("k8j9 k8k9 k8l9"));
    let ep = find(&v, &pos, "k8k9");
    assert_eq!((ep.kind(), ep.extra()), (MoveKind::EnPassant, sq("k10")));
}

#[test]
fn chicken_pawn_retreats_only_while_attacked() {
    // Not attacked: just the step forward.
    check("Yf6 Uf3 ud4 Fk12 Fl12 fa12 fc12", 'w', "f6", "f6f7");
    // The black Buffalo on g8 attacks f6: back down the file to f4 (own f3), down the diagonals
    // to e5 (enemy d4 is not taken) and to k1.
    check(
        "Yf6 Uf3 ud4 ug8 Fk12 Fl12 fa12 fc12",
        'w',
        "f6",
        "f6f7 f6f5 f6f4 f6e5 f6g5 f6h4 f6i3 f6j2 f6k1",
    );
}

#[test]
fn mecklenbeck_pawn_promotes_on_the_tenth_rank() {
    let v = friendly();
    let pos = position(&v, "Xe9 uf10 Ph9 Fa1 Fb1 fk1 fl1", 'w');
    let expected = format!("{}{}", promotions("e9e10"), promotions("e9f10"));
    assert_eq!(legal_from(&v, &pos, "e9"), list(&expected));
    // A Standard pawn does not promote there.
    assert_eq!(legal_from(&v, &pos, "h9"), list("h9h10"));
}

#[test]
fn patient_pawn_steps_then_captures_only_while_unmoved() {
    // Unmoved on e3: e4, e5, the capture on f4 (own d4 not), and the step to e4 with a capture on
    // d5 or f5.
    check(
        "Ve3 uf4 ud5 uf5 Ud4 Fa12 Fb12 fk1 fl1",
        'w',
        "e3",
        "e3d5 e3e4 e3e5 e3f4 e3f5",
    );
    check("Ve3{m} uf4 ud5 uf5 Ud4 Fa12 Fb12 fk1 fl1", 'w', "e3", "e3e4 e3f4");
}

#[test]
fn scorpion_pawn_leaps_one_forward_two_sideways() {
    // Unmoved on f3: f4 f5, capture g4 (own e4 not), leaps to d4 (not onto the enemy on h4).
    check("Zf3 Ue4 ug4 uh4 Fa12 Fb12 fk1 fl1", 'w', "f3", "f3d4 f3f4 f3f5 f3g4");
}

// ---------------------------------------------------------------------------------------------
// Friends: borrowing

#[test]
fn friend_borrows_a_caliph_that_guards_it() {
    let v = friendly();
    let pos = position(&v, "Ff6 Cd4 Fa12 fl9 fl11", 'w');
    assert_eq!(borrowed(&v, &pos, "f6"), (bit(&v, 'C'), vec!["d4".to_string()]));
    assert_eq!(
        legal_from(&v, &pos, "f6"),
        list(
            "f6g7 f6h8 f6i9 f6j10 f6k11 f6l12 f6e7 f6d8 f6c9 f6b10 f6a11 f6g5 f6h4 f6i3 f6j2 f6k1 \
             f6e5 f6g9 f6e9 f6i7 f6c7 f6i5 f6c5 f6g3 f6e3"
        )
    );
    // The unguarded Friend on a12 has nothing.
    assert_eq!(borrowed(&v, &pos, "a12").0, 0);
    assert_eq!(legal_from(&v, &pos, "a12"), list(""));
}

#[test]
fn friend_borrowing_a_pawn_moves_forward_for_its_side_and_never_promotes() {
    let v = friendly();
    // The White pawn e10 guards f11: f12 without promotion, the capture on g12 without promotion.
    let pos = position(&v, "Pe10 Ff11 Fa1 ug12 fl1 fl3", 'w');
    assert_eq!(borrowed(&v, &pos, "f11").0, bit(&v, 'P'));
    assert_eq!(legal_from(&v, &pos, "f11"), list("f11f12 f11g12"));
    // A black Friend borrowing a black pawn goes down the board.
    let pos = position(&v, "pe7 ff6 fa12 Ug5 Fl1 Fl3", 'b');
    assert_eq!(legal_from(&v, &pos, "f6"), list("f6f5 f6g5"));
}

#[test]
fn friend_borrowing_a_pawn_never_captures_en_passant() {
    let v = friendly();
    let pos = position(&v, "Pi7 Fj8 Pl8 Fa1 pk10 fa12 fb12", 'b');
    let after = play(&v, &pos, "k10k8");
    assert_eq!(borrowed(&v, &after, "j8").0, bit(&v, 'P'));
    assert_eq!(legal_from(&v, &after, "j8"), list("j8j9"));
    // The real pawn on l8 may.
    assert_eq!(legal_from(&v, &after, "l8"), list("l8k9 l8l9"));
}

#[test]
fn friend_double_steps_only_if_both_it_and_the_pawn_are_unmoved() {
    let v = friendly();
    let pos = position(&v, "Ff6{u} Pe5{u} Fa1 fk12 fl12", 'w');
    assert_eq!(legal_from(&v, &pos, "f6"), list("f6f7 f6f8"));
    // A Friend's double step gives no en passant right.
    let after = play(&v, &pos, "f6f8");
    assert!(after.ep_squares().is_empty());
    // The Friend has moved, or the pawn has.
    check("Ff6 Pe5{u} Fa1 fk12 fl12", 'w', "f6", "f6f7");
    check("Ff6{u} Pe5 Fa1 fk12 fl12", 'w', "f6", "f6f7");
}

#[test]
fn friend_borrows_an_archers_rifle() {
    let v = friendly();
    // The Archer on d5 guards f6 with its rifle: the Friend slides two diagonally and shoots the
    // enemies on h7 and g4.
    let pos = position(&v, "Ff6 Ad5 gh7 gg4 Fa12 fl1 fl3", 'w');
    assert_eq!(borrowed(&v, &pos, "f6"), (bit(&v, 'A'), vec!["d5".to_string()]));
    assert_eq!(
        legal_from(&v, &pos, "f6"),
        list("f6h8 f6d8 f6h4 f6d4 f6h7,h7f6 f6g4,g4f6")
    );
}

#[test]
fn friend_lends_onward_but_not_back() {
    // The seed's example. Caliph a1 guards Friend 1 on c3; Friend 1 guards Friend 2 on f6 along
    // the diagonal with the Caliph's move; the Archer on h7 guards Friend 2 with its rifle.
    // Friend 2 gets the Caliph and the Archer; Friend 1 only the Caliph (with Friend 1 replaced by
    // an enemy, Friend 2 has only the Archer, which does not reach c3).
    let v = friendly();
    let pos = position(&v, "Ca1 Fc3 Ff6 Ah7 he2 he8 fl2 fl4", 'w');
    assert_eq!(borrowed(&v, &pos, "c3"), (bit(&v, 'C'), vec!["a1".to_string()]));
    assert_eq!(
        borrowed(&v, &pos, "f6"),
        (bit(&v, 'A') | bit(&v, 'C'), vec!["c3".to_string(), "h7".to_string()])
    );
    // Friend 1: the Caliph's moves; no rifle shot at the Hangman on e2.
    assert_eq!(
        legal_from(&v, &pos, "c3"),
        list("c3b2 c3b4 c3a5 c3d2 c3e1 c3d4 c3e5 c3d6 c3b6 c3f4 c3f2")
    );
    // Friend 2: the Caliph's moves (the Archer's slides are among them, once) and the rifle shot
    // at the Hangman on e8.
    assert_eq!(
        legal_from(&v, &pos, "f6"),
        list(
            "f6g7 f6h8 f6i9 f6j10 f6k11 f6l12 f6e7 f6d8 f6c9 f6b10 f6a11 f6g5 f6h4 f6i3 f6j2 f6k1 \
             f6e5 f6d4 f6g9 f6e9 f6i7 f6c7 f6i5 f6c5 f6g3 f6e3 f6e8,e8f6"
        )
    );
}

#[test]
fn friend_loses_a_power_when_its_guard_is_captured() {
    let v = friendly();
    let pos = position(&v, "Ff6 Cd4 Fa12 ue2 fl9 fl11", 'b');
    assert_eq!(borrowed(&v, &pos, "f6").0, bit(&v, 'C'));
    let after = play(&v, &pos, "e2d4");
    assert_eq!(borrowed(&v, &after, "f6").0, 0);
    assert_eq!(legal_from(&v, &after, "f6"), list(""));
}

#[test]
fn friend_loses_a_power_when_its_guard_is_immobilized() {
    let v = friendly();
    // The black Jellyfish on c4 freezes the Caliph on d4, which then guards nothing.
    let pos = position(&v, "Ff6 Cd4 Fa12 jc4 fl9 fl11", 'w');
    assert_eq!(borrowed(&v, &pos, "f6").0, 0);
    assert_eq!(legal_from(&v, &pos, "f6"), list(""));
    assert_eq!(legal_from(&v, &pos, "d4"), list(""));
}

// ---------------------------------------------------------------------------------------------
// Friends: royalty

#[test]
fn a_move_may_not_leave_the_last_friend_attacked() {
    let v = friendly();
    // The Buffalo on d1 shields the last Friend on a1 from the black Mtawala on h1: every Buffalo
    // move leaves rank 1 and opens the line.
    let pos = position(&v, "Fa1 Ud1 th1 fk12 fl12", 'w');
    assert!(!v.in_check(&pos));
    assert_eq!(legal_from(&v, &pos, "d1"), list(""));
    // With a second Friend they are ordinary pieces: all twelve leaps.
    check(
        "Fa1 Fa12 Ud1 th1 fk12 fl12",
        'w',
        "d1",
        "d1e3 d1c3 d1f2 d1b2 d1e4 d1c4 d1g2 d1a2 d1f4 d1b4 d1g3 d1a3",
    );
}

#[test]
fn the_last_friend_may_not_capture_a_poisonous_piece() {
    let v = friendly();
    // The last Friend borrows the Caliph on d4; taking the Poison on g7 would lose it.
    check(
        "Ff6 Cd4 og7 fa12 fc12",
        'w',
        "f6",
        "f6e7 f6d8 f6c9 f6b10 f6a11 f6g5 f6h4 f6i3 f6j2 f6k1 f6e5 \
         f6g9 f6e9 f6i7 f6c7 f6i5 f6c5 f6g3 f6e3",
    );
    // With a second Friend it may, and dies.
    let pos = position(&v, "Ff6 Fl1 Cd4 og7 fa12 fc12", 'w');
    assert_eq!(
        legal_from(&v, &pos, "f6"),
        list(
            "f6g7 f6e7 f6d8 f6c9 f6b10 f6a11 f6g5 f6h4 f6i3 f6j2 f6k1 f6e5 \
             f6g9 f6e9 f6i7 f6c7 f6i5 f6c5 f6g3 f6e3"
        )
    );
    let after = play(&v, &pos, "f6g7");
    assert_eq!((at(&v, &after, "f6"), at(&v, &after, "g7")), ('.', '.'));
    assert_eq!(after.royals(Color::White).count(), 1);
}

#[test]
fn the_last_friend_in_check_must_be_covered() {
    let v = friendly();
    // The Mtawala on h1 attacks the last Friend on a1 along rank 1; only the Gerbil's leaps to b1
    // and d1 block it.
    let pos = position(&v, "Fa1 Gc5 th1 fk12 fl12", 'w');
    assert!(v.in_check(&pos));
    assert_eq!(legal_all(&v, &pos), list("c5b1 c5d1"));
}

#[test]
fn the_last_friend_checkmated_loses() {
    let v = Arc::new(friendly());
    // The Mtawala on h1 attacks the last Friend on a1 and no Gerbil leap from l12 helps.
    let mate = position(&v, "Fa1 Gl12 th1 fa12 fc12", 'w');
    assert!(v.in_check(&mate));
    assert_eq!(legal_all(&v, &mate), list(""));
    let outcome = Game::new(v.clone(), mate).outcome().expect("the game is over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::Black), Reason::Checkmate)
    );
}

#[test]
fn no_legal_move_without_check_is_stalemate() {
    let v = Arc::new(friendly());
    // A blocked pawn and a last Friend that is not attacked: stalemate, a draw.
    let stale = position(&v, "Fa1 Pl5 ul6 fa12 fc12", 'w');
    assert!(!v.in_check(&stale));
    assert_eq!(legal_all(&v, &stale), list(""));
    let outcome = Game::new(v.clone(), stale).outcome().expect("the game is over");
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::Stalemate));
}

#[test]
fn friends_may_be_captured_while_two_are_left() {
    // Black has two Friends: the Mtawala takes the one on f8.
    check(
        "Tf1 Fa12 Fb12 ff8 fl12",
        'w',
        "f1",
        "f1f2 f1f3 f1f4 f1f5 f1f6 f1f7 f1f8 f1g1 f1h1 f1i1 f1j1 f1k1 f1l1 f1e1 f1d1 f1c1 f1b1 f1a1 \
         f1h4 f1d4 f1i3 f1c3",
    );
}
