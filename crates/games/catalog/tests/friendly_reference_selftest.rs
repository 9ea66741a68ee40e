//! Checks of the plain "Friendly" reference generator itself (`friendly_reference`), on small positions whose
//! moves were worked out by hand from the rules notes, before the reference is used to check the engine.
//!
//! Squares in the comments are (file, rank) from a1 = (0,0) where offsets are computed.

mod friendly_reference;

use std::collections::BTreeSet;

use friendly_reference::{Board, START};

/// Two Friends a side, out of everybody's way (nothing guards them, so they borrow nothing).
const FRIENDS: &str = "Fk1 Fl1 fk12 fl12";

/// Builds a board from tokens like `Ue5`, `pf7`, `Fe2{u}` (letter, square, optional note) and the FEN fields
/// after the placement.
fn board(pieces: &str, rest: &str) -> Board {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 12]; 12];
    for token in pieces.split_whitespace() {
        let letter = &token[..1];
        let (square, note) = match token.find('{') {
            Some(i) => (&token[1..i], &token[i..]),
            None => (&token[1..], ""),
        };
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..].parse().expect("a rank");
        assert!(grid[rank - 1][file].is_none(), "two pieces on {square}");
        grid[rank - 1][file] = Some(format!("{letter}{note}"));
    }
    let mut ranks = Vec::new();
    for rank in (0..12).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(piece);
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let fen = format!("{} {rest}", ranks.join("/"));
    Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// White to move, no en passant.
fn white(pieces: &str) -> Board {
    board(pieces, "w - - 0 1")
}

/// Black to move, no en passant.
fn black(pieces: &str) -> Board {
    board(pieces, "b - - 0 1")
}

/// The legal moves starting on `from`, each without its from-square (`e5` for `e4e5`, `f7,f7e5` for a rifle).
fn destinations(b: &Board, from: &str) -> BTreeSet<String> {
    b.legal_moves()
        .into_iter()
        .filter(|m| m.starts_with(from) && m[from.len()..].starts_with(|c: char| c.is_ascii_lowercase()))
        .map(|m| m[from.len()..].to_string())
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// The sixteen promotion suffixes of a move to `to`.
fn promotions(to: &str) -> Vec<String> {
    "abucdqghijlmtoks".chars().map(|c| format!("{to}{c}")).collect()
}

#[test]
fn fen_round_trip_of_the_start() {
    let b = Board::from_fen(START).expect("the start FEN");
    assert_eq!(b.piece_at("e1"), Some('F'));
    assert_eq!(b.piece_at("a11"), Some('j'));
    assert_eq!(b.piece_at("l11"), Some('h'));
    assert_eq!(b.piece_at("h11"), Some('q'));
    assert_eq!(b.piece_at("e5"), None);
    assert!(Board::from_fen("12/12 w - - 0 1").is_err());
    assert!(Board::from_fen("13/12/12/12/12/12/12/12/12/12/12/12 w - - 0 1").is_err());
}

/// Buffalo e5: the 24 (1,2), (1,3), (2,3) leaps, less d3 (own pawn), with f7 a capture.
#[test]
fn buffalo() {
    let b = white(&format!("Ue5 pf7 Pd3 {FRIENDS}"));
    let expected = set(&[
        "f7", "f3", "d7", "g6", "g4", "c6", "c4", // (1,2)
        "f8", "f2", "d8", "d2", "h6", "h4", "b6", "b4", // (1,3)
        "g8", "g2", "c8", "c2", "h7", "h3", "b7", "b3", // (2,3)
    ]);
    assert_eq!(destinations(&b, "e5"), expected);
}

/// Caliph d4: bishop slides and camel leaps. Hia of the black Bodyguard h6: the NE slide may end on g7 (next to
/// h6) but not pass it. Mtawala i6 starts next to h6: its rook slides go one square only (capturing h6 is one
/// square); its zebra leaps are unaffected.
#[test]
fn caliph_mtawala_and_hia() {
    let b = white(&format!("Cd4 Ti6 bh6 {FRIENDS}"));
    let caliph = set(&[
        "e5", "f6", "g7", // NE, stops next to the Bodyguard
        "c5", "b6", "a7", "e3", "f2", "g1", "c3", "b2", "a1", // other diagonals
        "e7", "c7", "e1", "c1", "g5", "g3", "a5", "a3", // camel
    ]);
    assert_eq!(destinations(&b, "d4"), caliph);
    let mtawala = set(&["i7", "i5", "j6", "h6", "k9", "k3", "g9", "g3", "l8", "l4", "f8", "f4"]);
    assert_eq!(destinations(&b, "i6"), mtawala);
}

/// Archer e5: c7 blocked (d6 own), g7 and g3 forbidden by Hia (middle squares f6 and f4 are next to the black
/// Bodyguard g5), c3 a capture by moving; rifle captures of f7 (1,2) and c4 (-2,-1), the Archer staying.
#[test]
fn archer_and_rifle() {
    let b = white(&format!("Ae5 Pd6 bg5 pf7 pc4 pc3 {FRIENDS}"));
    assert_eq!(destinations(&b, "e5"), set(&["c3", "f7,f7e5", "c4,c4e5"]));
    let after = b.play("e5f7,f7e5");
    assert_eq!(after.piece_at("f7"), None);
    assert_eq!(after.piece_at("e5"), Some('A'));
}

/// Sniper f6: steps (e5 own, e7 a capture); 2-square non-capturing slides (NE, E, SE forbidden: their middle
/// squares are next to the black Bodyguard h6; NW and SW blocked); rifle at (0,5) f11 and (2,3) i4.
#[test]
fn sniper() {
    let b = white(&format!("Sf6 bh6 Pe5 pf11 pi4 pe7 {FRIENDS}"));
    let expected = set(&[
        "e6",
        "e7",
        "f5",
        "f7",
        "g5",
        "g6",
        "g7", // steps
        "f8",
        "f4",
        "d6", // slides
        "f11,f11f6",
        "i4,i4f6", // rifle
    ]);
    assert_eq!(destinations(&b, "f6"), expected);
}

/// Dayrider d4: king steps (c5 and e5 captures) and repeated (0,2)/(2,2) leaps: d6 then d8 (capture, stop); f4
/// then h4 own (stop); f6 over the e5 pawn (jumped squares do not matter) to h8, j10, l12 (a Friend, captured).
/// Starting next to the black Bodyguard c5 changes nothing (Hia never affects the Dayrider).
#[test]
fn dayrider() {
    let b = white(&format!("Dd4 pd8 Ph4 pe5 bc5 {FRIENDS}"));
    let expected = set(&[
        "c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5", // king
        "d6", "d8", "d2", "f4", "b4", "f6", "h8", "j10", "l12", "f2", "b6", "b2", // leaps
    ]);
    assert_eq!(destinations(&b, "d4"), expected);
}

/// Displacer Squirrel e5: 16 leaps; e7 is a swap with the own Bodyguard; no swap with the other Squirrel g5
/// (same type) nor with the Lady g3 (immobilized by the black Jellyfish h2); c3 a capture.
#[test]
fn squirrel_and_swaps() {
    let b = white(&format!("Qe5 Be7 Qg5 Lg3 jh2 pc3 {FRIENDS}"));
    let expected = set(&[
        "e7", "e3", "c5", "g7", "c7", "c3", "f7", "f3", "d7", "d3", "g6", "g4", "c6", "c4",
    ]);
    assert_eq!(destinations(&b, "e5"), expected);
    let after = b.play("e5e7");
    assert_eq!(after.piece_at("e5"), Some('B'));
    assert_eq!(after.piece_at("e7"), Some('Q'));
}

/// Swaps with pawns: the Standard pawn c10 swapped onto c12 promotes (16 moves); the Mecklenbeck e8 swapped onto
/// e10 promotes (its promotion rank); the Standard pawn c10 swapped onto e10 does not; the pawn g6 swapped back to
/// g4 stays a pawn.
#[test]
fn swap_promotions() {
    let b = white(&format!("Qc12 Pc10 Qe10 Xe8 Qg4 Pg6 {FRIENDS}"));
    let mut expected: Vec<String> = promotions("c10");
    expected.extend(["e12", "a12", "a10", "d10", "b10", "e11", "a11"].map(String::from));
    assert_eq!(destinations(&b, "c12"), expected.into_iter().collect());
    let e10 = destinations(&b, "e10");
    for p in promotions("e8") {
        assert!(e10.contains(&p), "e10{p}");
    }
    assert!(!e10.contains("e8"), "the Mecklenbeck must promote");
    assert!(e10.contains("c10"));
    assert!(
        !e10.iter().any(|m| m.starts_with("c10") && m.len() > 3),
        "a Standard pawn on rank 10 does not promote"
    );
    let g4 = destinations(&b, "g4");
    assert!(g4.contains("g6"));
    assert!(!g4.iter().any(|m| m.starts_with("g6") && m.len() > 2));
    let after = b.play("c12c10k");
    assert_eq!(after.piece_at("c12"), Some('K'));
    assert_eq!(after.piece_at("c10"), Some('Q'));
}

/// Hangman e5: steps onto empty squares only; a step straight away from an adjacent enemy always captures it
/// (compulsory withdrawal), and withdrawing from the Poison f5 kills the Hangman.
#[test]
fn hangman_withdrawal() {
    let b = white(&format!("He5 pe6 pd4 of5 {FRIENDS}"));
    assert_eq!(destinations(&b, "e5"), set(&["d5", "d6", "e4", "f4", "f6"]));
    let away_from_e6 = b.play("e5e4");
    assert_eq!(away_from_e6.piece_at("e6"), None);
    assert_eq!(away_from_e6.piece_at("e4"), Some('H'));
    let away_from_d4 = b.play("e5f6");
    assert_eq!(away_from_d4.piece_at("d4"), None);
    let away_from_poison = b.play("e5d5");
    assert_eq!(away_from_poison.piece_at("f5"), None);
    assert_eq!(away_from_poison.piece_at("d5"), None);
    let plain = b.play("e5d6");
    assert_eq!(plain.piece_at("e6"), Some('p'));
    assert_eq!(plain.piece_at("d4"), Some('p'));
    assert_eq!(plain.piece_at("f5"), Some('o'));
}

/// The black Jellyfish e6 immobilizes the Lady e5 and the Sniper d7 (no rifle at d2 either); they attack
/// nothing. The Mtawala a6 passes next to the Jellyfish freely and may capture it (and die of its poison).
#[test]
fn jellyfish_immobilizes() {
    let b = white(&format!("Le5 Sd7 Ta6 je6 pd2 {FRIENDS}"));
    assert!(destinations(&b, "e5").is_empty());
    assert!(destinations(&b, "d7").is_empty());
    let mtawala = set(&[
        "a7", "a8", "a9", "a10", "a11", "a12", "a5", "a4", "a3", "a2", "a1", "b6", "c6", "d6", "e6", // rook
        "c9", "c3", "d8", "d4", // zebra
    ]);
    assert_eq!(destinations(&b, "a6"), mtawala);
    assert!(!b.attacked("g7", true), "the frozen Lady attacks nothing");
    assert!(!b.attacked("d2", true), "the frozen Sniper attacks nothing");
    assert!(b.attacked("c3", true));
    let after = b.play("a6e6");
    assert_eq!(after.piece_at("e6"), None, "the Mtawala is poisoned");
}

/// Samurai e4: knight leaps (f6 a capture) and katana captures f7 landing g10 and h5 landing k6; not d7 (landing
/// c10 occupied) nor the own h3.
#[test]
fn samurai_katana() {
    let b = white(&format!("Ke4 pf7 pd7 pc10 ph5 Ph3 pf6 {FRIENDS}"));
    let expected = set(&["f6", "f2", "d6", "d2", "g5", "g3", "c5", "c3", "f7,f7g10", "h5,h5k6"]);
    assert_eq!(destinations(&b, "e4"), expected);
    let after = b.play("e4f7,f7g10");
    assert_eq!(after.piece_at("f7"), None);
    assert_eq!(after.piece_at("g10"), Some('K'));
}

/// Poison e5: captures e6 orthogonally (never moves to an empty orthogonal square); lame knight moves without
/// capturing: f7/d7 blocked by e6, c6/c4 by d5; g4 holds an enemy (no capture by the knight move).
#[test]
fn poison_piece() {
    let b = white(&format!("Oe5 pe6 Pd5 pg4 {FRIENDS}"));
    assert_eq!(destinations(&b, "e5"), set(&["e6", "f3", "d3", "g6"]));
}

/// Midnighter c3: (1,2), (3,5), (4,5) riders; the (1,2) rider stops capturing f9.
#[test]
fn midnighter() {
    let b = white(&format!("Mc3 pf9 {FRIENDS}"));
    let expected = set(&[
        "d5", "e7", "f9", "e4", "g5", "i6", "k7", "b5", "a7", "a4", "d1", "b1", "e2", "g1", "a2", // (1,2)
        "f8", "h6", // (3,5)
        "g8", "h7", // (4,5)
    ]);
    assert_eq!(destinations(&b, "c3"), expected);
}

#[test]
fn impala_gerbil_jellyfish() {
    let impala = white(&format!("Ie5 {FRIENDS}"));
    let expected = set(&[
        "f7", "f3", "d7", "d3", "g6", "g4", "c6", "c4", "h9", "h1", "b9", "b1", "i8", "i2", "a8", "a2",
    ]);
    assert_eq!(destinations(&impala, "e5"), expected);
    let gerbil = white(&format!("Ge5 {FRIENDS}"));
    let expected = set(&["g7", "g3", "c7", "c3", "f9", "f1", "d9", "d1", "i6", "i4", "a6", "a4"]);
    assert_eq!(destinations(&gerbil, "e5"), expected);
    let jellyfish = white(&format!("Je5 {FRIENDS}"));
    let expected = set(&["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]);
    assert_eq!(destinations(&jellyfish, "e5"), expected);
}

/// Lady in Waiting e5: queen up to 6 (l5 and l12 are 7 away). Bodyguard e5: queen up to 2, f6 a capture that
/// stops the NE slide.
#[test]
fn lady_and_bodyguard() {
    let lady = white(&format!("Le5 {FRIENDS}"));
    let expected = set(&[
        "e6", "e7", "e8", "e9", "e10", "e11", "e4", "e3", "e2", "e1", "f5", "g5", "h5", "i5", "j5", "k5", "d5", "c5",
        "b5", "a5", "f6", "g7", "h8", "i9", "j10", "k11", "d6", "c7", "b8", "a9", "f4", "g3", "h2", "i1", "d4", "c3",
        "b2", "a1",
    ]);
    assert_eq!(destinations(&lady, "e5"), expected);
    let bodyguard = white(&format!("Be5 pf6 {FRIENDS}"));
    let expected = set(&[
        "e6", "e7", "e4", "e3", "f5", "g5", "d5", "c5", "f6", "d6", "c7", "f4", "g3", "d4", "c3",
    ]);
    assert_eq!(destinations(&bodyguard, "e5"), expected);
}

/// Pawns on their start squares (unmoved): Standard b3 (double step, capture c4); Patient e3 (double step and
/// the step-then-capture to f5); Scorpion f3 (no double step: f5 occupied; wide leaps d4, h4); Berolina j3
/// (diagonal steps, capture straight j4, diagonal double to h5 but not l5: k4 occupied); Mecklenbeck c9 promotes
/// on rank 10.
#[test]
fn pawns() {
    let b = white(&format!("Pb3 pc4 Ve3 pf5 Zf3 Ej3 pj4 Pk4 Xc9 {FRIENDS}"));
    assert_eq!(destinations(&b, "b3"), set(&["b4", "b5", "c4"]));
    assert_eq!(destinations(&b, "e3"), set(&["e4", "e5", "f5"]));
    assert_eq!(destinations(&b, "f3"), set(&["f4", "d4", "h4"]));
    assert_eq!(destinations(&b, "j3"), set(&["i4", "j4", "h5"]));
    assert_eq!(destinations(&b, "c9"), promotions("c10").into_iter().collect());
    // A pawn moved away from its start square has no double step.
    let moved = white(&format!("Pb4 {FRIENDS}"));
    assert_eq!(destinations(&moved, "b4"), set(&["b5"]));
    // A pawn that has moved, back on its start square ({m}), neither.
    let back = white(&format!("Pb3{{m}} {FRIENDS}"));
    assert_eq!(destinations(&back, "b3"), set(&["b4"]));
}

/// Chicken e6 attacked by the pawn f7: retreats straight back (to e1) and diagonally back (to a2, passing d5 next
/// to the black Bodyguard c6: retreats are not slides for Hia; and to f5, g4 being own). Not attacked: no retreat.
#[test]
fn chicken_retreats_only_when_attacked() {
    let attacked = white(&format!("Ye6 pf7 bc6 Pg4 {FRIENDS}"));
    let expected = set(&["e7", "f7", "e5", "e4", "e3", "e2", "e1", "d5", "c4", "b3", "a2", "f5"]);
    assert_eq!(destinations(&attacked, "e6"), expected);
    let safe = white(&format!("Ye6 pf8 {FRIENDS}"));
    assert_eq!(destinations(&safe, "e6"), set(&["e7"]));
}

/// Black pawns move down: Standard b10 (start: double step), Patient e10 (step-then-capture to f8), a moved
/// Mecklenbeck c4 promotes on rank 3, and after White's e3-e5 the pawn d5 takes en passant on e4.
#[test]
fn black_pawns() {
    let b = board(&format!("pb10 ve10 Pf8 xc4 Pe5 pd5 {FRIENDS}"), "b - e4 0 1");
    assert_eq!(destinations(&b, "b10"), set(&["b9", "b8"]));
    assert_eq!(destinations(&b, "e10"), set(&["e9", "e8", "f8"]));
    assert_eq!(destinations(&b, "c4"), promotions("c3").into_iter().collect());
    assert_eq!(destinations(&b, "d5"), set(&["d4", "e4"]));
    let ep = b.play("d5e4");
    assert_eq!(ep.piece_at("e5"), None);
    assert_eq!(ep.piece_at("e4"), Some('p'));
}

/// After Black's d10-d8: the Standard pawn e8 takes en passant on d9; the Berolina c8 may only step to d9 (its
/// capture goes straight forward, to c9).
#[test]
fn en_passant_by_a_standard_pawn() {
    let b = board(&format!("pd8 Pe8 Ec8 {FRIENDS}"), "w - d9 0 1");
    assert_eq!(destinations(&b, "e8"), set(&["e9", "d9"]));
    assert_eq!(destinations(&b, "c8"), set(&["b9", "d9"]));
    let ep = b.play("e8d9");
    assert_eq!(ep.piece_at("d8"), None);
    assert_eq!(ep.piece_at("d9"), Some('P'));
    let step = b.play("c8d9");
    assert_eq!(step.piece_at("d8"), Some('p'));
    assert_eq!(step.piece_at("d9"), Some('E'));
}

/// The en passant right lasts one move only: after a2-a3 and a7-a6 the pawn e8 can no longer take on d9.
#[test]
fn en_passant_for_one_move_only() {
    let b = board(&format!("pd8 Pe8 Pa2 pa7 {FRIENDS}"), "w - d9 0 1");
    assert_eq!(destinations(&b, "e8"), set(&["e9", "d9"]));
    let later = b.play("a2a3").play("a7a6");
    assert_eq!(destinations(&later, "e8"), set(&["e9"]));
}

/// A Berolina captures straight forward, so its en passant capture lands on the skipped square only when it
/// stands right behind it, which is where the double-stepping pawn lands: impossible after a real double step.
/// The explicit FEN form `skipped>pawn` lets the rule be checked anyway: an enemy pawn whose ordinary capture lands
/// on the skipped square takes the pawn named there.
#[test]
fn en_passant_by_a_berolina() {
    let b = board(&format!("Ed8 pe8 {FRIENDS}"), "w - d9>e8 0 1");
    assert_eq!(destinations(&b, "d8"), set(&["c9", "e9", "d9"]));
    let after = b.play("d8d9");
    assert_eq!(after.piece_at("e8"), None);
    assert_eq!(after.piece_at("d9"), Some('E'));
}

/// The Friend c8 borrows the Standard pawn b7's moves (it guards c8) but never takes en passant.
#[test]
fn no_en_passant_by_a_friend() {
    let b = board("Fc8 Pb7 pd8 Fl1 fk12 fl12", "w - d9 0 1");
    assert_eq!(b.lent("c8"), vec!['P']);
    assert_eq!(destinations(&b, "c8"), set(&["c9"]));
}

/// A Friend borrowing a pawn gets its double step only if both the Friend and the lending pawn are unmoved.
#[test]
fn friend_pawn_initial_moves() {
    let both = white("Fe2{u} Pd1{u} Fl1 fk12 fl12");
    assert_eq!(both.lent("e2"), vec!['P']);
    assert_eq!(destinations(&both, "e2"), set(&["e3", "e4"]));
    let pawn_moved = white("Fe2{u} Pd1 Fl1 fk12 fl12");
    assert_eq!(destinations(&pawn_moved, "e2"), set(&["e3"]));
    let friend_moved = white("Fe2 Pd1{u} Fl1 fk12 fl12");
    assert_eq!(destinations(&friend_moved, "e2"), set(&["e3"]));
}

/// The seed's example: the Caliph c3 guards Friend 1 (e5), which guards Friend 2 (h8) with the Caliph's bishop
/// move; the Archer i6 guards Friend 2 (rifle offset). Friend 2 gets Archer and Caliph; Friend 1 gets only the
/// Caliph (Friend 2 guards e5 only through the Caliph's move it gets from Friend 1).
#[test]
fn friends_borrow_transitively_and_not_back() {
    let b = white("Cc3 Fe5 Fh8 Ai6 fk12 fl12");
    assert_eq!(b.lent("e5"), vec!['C']);
    assert_eq!(b.lent("h8"), vec!['A', 'C']);
    let friend1 = set(&[
        "f6", "g7", "d6", "c7", "b8", "a9", "f4", "g3", "h2", "i1", "d4", // bishop
        "f8", "d8", "f2", "d2", "h6", "h4", "b6", "b4", // camel
    ]);
    assert_eq!(destinations(&b, "e5"), friend1);
}

/// The start position: every white Friend borrows the same seven types (see `start_position_perft`).
#[test]
fn start_position_lent_sets() {
    let b = Board::from_fen(START).expect("the start FEN");
    let seven = vec!['A', 'B', 'D', 'G', 'L', 'Q', 'U'];
    for f in ["e1", "f1", "g1", "h1"] {
        assert_eq!(b.lent(f), seven, "{f}");
    }
}

/// The last Friend may not capture the poisonous Poison f6 (it would die) nor step to e6 (attacked by the
/// Poison); it may take the Gerbil d6. With a second Friend all three are legal.
#[test]
fn poison_and_the_last_friend() {
    let last = white("Fe5 Pd4 gd6 of6 fk12 fl12");
    assert_eq!(last.lent("e5"), vec!['P']);
    assert_eq!(destinations(&last, "e5"), set(&["d6"]));
    let two = white("Fe5 Pd4 gd6 of6 Fa1 fk12 fl12");
    assert_eq!(destinations(&two, "e5"), set(&["d6", "e6", "f6"]));
    let poisoned = two.play("e5f6");
    assert_eq!(poisoned.piece_at("f6"), None);
    assert_eq!(poisoned.piece_at("e5"), None);
}

/// The last Friend a1 is checked along the a-file by the Mtawala a8: only blocking moves are legal. Without the
/// Impala it is checkmate.
#[test]
fn last_friend_check_and_mate() {
    let check = white("Fa1 ta8 Ic5 fk12 fl12");
    assert!(check.attacked("a1", false));
    let mut moves = check.legal_moves();
    moves.sort();
    assert_eq!(moves, vec!["c5a4", "c5a6"]);
    let mate = white("Fa1 ta8 Pl5 fk12 fl12");
    assert!(mate.attacked("a1", false));
    assert!(mate.legal_moves().is_empty());
    assert_eq!(mate.perft(1), 0);
}

/// The Friend e5 borrows the Jellyfish e4: it immobilizes the adjacent black Lady f6 (stage (c)).
#[test]
fn friend_lends_immobilization() {
    let b = black(&format!("Fe5 Je4 lf6 {FRIENDS}"));
    assert_eq!(b.lent("e5"), vec!['J']);
    assert!(destinations(&b, "f6").is_empty());
    let without = black(&format!("Fe5 lf6 {FRIENDS}"));
    assert!(destinations(&without, "f6").contains("e5"));
}

/// The Friend e5 borrows the Bodyguard e4 and with it Hia: the black Lady h8 may end on f6, next to the Friend,
/// but not slide past it to capture e5.
#[test]
fn friend_lends_hia() {
    let b = black(&format!("Fe5 Be4 lh8 {FRIENDS}"));
    assert_eq!(b.lent("e5"), vec!['B']);
    let lady = destinations(&b, "h8");
    assert!(lady.contains("g7") && lady.contains("f6"));
    assert!(!lady.contains("e5"));
    let without = black(&format!("Fe5 lh8 {FRIENDS}"));
    assert!(destinations(&without, "h8").contains("e5"));
}

/// The Friend e5 borrows the Hangman e4 (it guards e5 by withdrawal to e3): its step to f4, straight away from
/// the black pawn d6, captures it.
#[test]
fn friend_lends_withdrawal() {
    let b = white(&format!("Fe5 He4 pd6 {FRIENDS}"));
    assert_eq!(b.lent("e5"), vec!['H']);
    assert_eq!(destinations(&b, "e5"), set(&["d4", "d5", "e6", "f4", "f5", "f6"]));
    assert_eq!(b.play("e5f4").piece_at("d6"), None);
    assert_eq!(b.play("e5f5").piece_at("d6"), Some('p'));
}

/// Perft from the start. perft(1) = 137 counted by hand: pawns 32, Impala 4, Buffalo 8, Squirrel 5 leaps + 6
/// swaps, Gerbil 4, Mtawalas 1 + 1, Midnighters 8 + 8 (each reaches two black pieces on rank 11), Caliphs 2 + 2,
/// and four Friends with A B D G L Q U borrowed, 14 moves each (Gerbil 2, Buffalo 4, swaps 8).
#[test]
fn start_position_perft() {
    let b = Board::from_fen(START).expect("the start FEN");
    let counts: Vec<u64> = (1..=3).map(|d| b.perft(d)).collect();
    println!(
        "friendly reference perft from the start: 1: {}, 2: {}, 3: {}",
        counts[0], counts[1], counts[2]
    );
    assert_eq!(counts[0], 137);
}
