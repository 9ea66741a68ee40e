//! Every XBetza feature in a test position: a tiny variant with the piece under test (`X`, White
//! unless said otherwise), kings `K`/`k` out of its way, and blockers `O`/`o` that cannot move
//! (betza ""). Each test asserts the exact list of legal moves (`Move::to_coordinates`) from one
//! square. The expectations are worked out by hand from the grammar in docs/xbetza.md; the
//! comments show how.
//!
//! Squares: files a-l left to right, ranks 1-12 bottom to top; White moves up. Unless a case
//! says otherwise the board is 12x12 and the piece stands on f6. Diagrams show only the region
//! that matters: `X` the piece, `O` White blockers, `o` Black blockers, `*` squares it may go
//! to, `.` empty.
//!
//! Besides the list, every case checks that `Variant::is_attacked` agrees with the captures: a
//! Black piece is attacked by White exactly when some pseudo-legal White move captures it.

use messhall_rules::{Color, MoveKind, Position, Square, Variant};

/// A test position: board size, the tested piece's XBetza, the pieces ("Kl1 kl12 Xf6 O{m}e8"),
/// and the side to move.
struct Case<'a> {
    files: u32,
    ranks: u32,
    betza: &'a str,
    pieces: &'a str,
    side: char,
}

const fn on12<'a>(betza: &'a str, pieces: &'a str) -> Case<'a> {
    Case {
        files: 12,
        ranks: 12,
        betza,
        pieces,
        side: 'w',
    }
}

const fn on8<'a>(betza: &'a str, pieces: &'a str) -> Case<'a> {
    Case {
        files: 8,
        ranks: 8,
        betza,
        pieces,
        side: 'w',
    }
}

impl Case<'_> {
    fn fen(&self) -> String {
        let (files, ranks) = (self.files as usize, self.ranks as usize);
        let mut grid = vec![vec![None::<String>; files]; ranks];
        for token in self.pieces.split_whitespace() {
            let square_at = token
                .rfind(|c: char| c.is_ascii_alphabetic() && c.is_ascii_lowercase())
                .filter(|&i| i > 0)
                .unwrap_or_else(|| panic!("token {token}"));
            let sq: Square = token[square_at..].parse().unwrap();
            let cell = &mut grid[usize::from(sq.rank())][usize::from(sq.file())];
            assert!(cell.is_none(), "{token}: square taken twice");
            *cell = Some(token[..square_at].to_string());
        }
        let mut rows = Vec::new();
        for rank in (0..ranks).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for cell in &grid[rank] {
                match cell {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(p);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        format!("{} {} - - 0 1", rows.join("/"), self.side)
    }

    fn variant(&self) -> Variant {
        let toml = format!(
            r#"
name = "xbetza-test"
files = {}
ranks = {}
start = "{}"

[[piece]]
letter = "K"
name = "King"
betza = "K"
royal = true

[[piece]]
letter = "O"
name = "Blocker"
betza = ""

[[piece]]
letter = "X"
name = "Tested"
betza = "{}"
"#,
            self.files,
            self.ranks,
            self.fen(),
            self.betza
        );
        let spec = Variant::spec_from_toml("test", &toml).unwrap();
        Variant::new("test", &spec).unwrap_or_else(|e| panic!("{}: {e}", self.betza))
    }

    /// The variant, its start position (the case's pieces), after checking attacks.
    fn setup(&self) -> (Variant, Position) {
        let v = self.variant();
        let pos = v.start();
        check_attacks(&v, &pos);
        (v, pos)
    }

    /// The sorted legal moves from `from`, compared with `expected` (sorted too).
    fn assert_moves(&self, from: &str, expected: &[&str]) {
        let (v, pos) = self.setup();
        assert_moves(&v, &pos, from, expected, self.betza);
    }
}

fn moves_from(v: &Variant, pos: &Position, from: &str) -> Vec<String> {
    let from: Square = from.parse().unwrap();
    let mut moves: Vec<String> = v
        .legal_moves(pos)
        .iter()
        .filter(|m| m.from() == from && m.kind() != MoveKind::Pass)
        .map(|m| m.to_coordinates(v))
        .collect();
    moves.sort();
    moves
}

fn assert_moves(v: &Variant, pos: &Position, from: &str, expected: &[&str], what: &str) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    let got = moves_from(v, pos, from);
    assert_eq!(got, expected, "{what} from {from} in {}", pos.to_fen(v));
}

/// A piece of the side not to move is attacked exactly when a pseudo-legal move of the side to
/// move captures it (en passant aside).
fn check_attacks(v: &Variant, pos: &Position) {
    let us = pos.side_to_move();
    let mut pseudo = Vec::new();
    v.pseudo_moves(pos, &mut pseudo);
    for sq in pos.pieces_of(!us) {
        let captured = pseudo
            .iter()
            .any(|m| matches!(m.kind(), MoveKind::Capture | MoveKind::Locust) && (m.to() == sq || m.extra() == sq));
        assert_eq!(
            v.is_attacked(pos, sq, us),
            captured,
            "is_attacked({sq}) by {us:?} in {}",
            pos.to_fen(v)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Atoms

#[test]
fn wazir() {
    //  . o .      f7 own blocker, g6 enemy: e6 f5 empty, g6 captured.
    //  * X o      (O on f7 in the diagram's top middle)
    //  . * .
    on12("W", "Ka1 kl12 Xf6 Of7 og6").assert_moves("f6", &["f6e6", "f6f5", "f6g6"]);
}

#[test]
fn ferz() {
    //  O . *      e7 own, g7 empty, e5 empty, g5 enemy.
    //  . X .
    //  * . o
    on12("F", "Ka1 kl12 Xf6 Oe7 og5").assert_moves("f6", &["f6e5", "f6g5", "f6g7"]);
}

#[test]
fn dabbaba_near_the_edge() {
    // From b2: b4 (jumps the own b3), d2 (enemy, captured); a-side and below are off the board.
    //  4 *
    //  3 O
    //  2 X . o
    //    b c d
    on12("D", "Kl1 kl12 Xb2 Ob3 od2").assert_moves("b2", &["b2b4", "b2d2"]);
}

#[test]
fn knight() {
    // f6 + (1,2)=g8 own; (2,1)=h7; (2,-1)=h5 enemy; (1,-2)=g4; (-1,-2)=e4; (-2,-1)=d5;
    // (-2,1)=d7; (-1,2)=e8. The own piece on f7 is jumped.
    on12("N", "Ka1 kl12 Xf6 Og8 oh5 Of7").assert_moves("f6", &["f6h7", "f6h5", "f6g4", "f6e4", "f6d5", "f6d7", "f6e8"]);
}

#[test]
fn alfil() {
    // (±2,±2): h8 own, h4, d4, d8; the enemy on g7 is jumped.
    on12("A", "Ka1 kl12 Xf6 Oh8 og7").assert_moves("f6", &["f6d4", "f6d8", "f6h4"]);
}

#[test]
fn threeleaper_near_the_edge() {
    // From j6: j9 (enemy, over the own j7), j3, g6; m6 would be off the 12-file board.
    on12("H", "Ka1 kl12 Xj6 Oj7 oj9").assert_moves("j6", &["j6g6", "j6j3", "j6j9"]);
}

#[test]
fn camel_on_8x8() {
    // 8x8, f6 + (1,3)=g9 off, (3,1)=i7 off, (3,-1)=i5 off, (1,-3)=g3, (-1,-3)=e3, (-3,-1)=c5,
    // (-3,1)=c7 own, (-1,3)=e9 off.
    on8("C", "Ka1 kh8 Xf6 Oc7").assert_moves("f6", &["f6c5", "f6e3", "f6g3"]);
}

#[test]
fn zebra() {
    // (2,3)=h9 own, (3,2)=i8, (3,-2)=i4, (2,-3)=h3, (-2,-3)=d3, (-3,-2)=c4 enemy, (-3,2)=c8,
    // (-2,3)=d9.
    on12("Z", "Ka1 kl12 Xf6 Oh9 oc4").assert_moves("f6", &["f6i8", "f6i4", "f6h3", "f6d3", "f6c4", "f6c8", "f6d9"]);
}

#[test]
fn tripper() {
    // (±3,±3): i9, i3, c3 (enemy), c9.
    on12("G", "Ka1 kl12 Xf6 oc3").assert_moves("f6", &["f6c3", "f6c9", "f6i3", "f6i9"]);
}

#[test]
fn king_atom() {
    //  * O o
    //  * X *
    //  * * *
    on12("K", "Ka1 kl12 Xf6 Of7 og7").assert_moves("f6", &["f6e5", "f6e6", "f6e7", "f6f5", "f6g5", "f6g6", "f6g7"]);
}

#[test]
fn rook() {
    // Up f7 f8, own f9. Down f5-f1 to the edge. Left e6 d6, enemy c6. Right g6-l6 to the edge.
    on12("R", "Ka1 kl12 Xf6 Of9 oc6").assert_moves(
        "f6",
        &[
            "f6f7", "f6f8", "f6f5", "f6f4", "f6f3", "f6f2", "f6f1", "f6e6", "f6d6", "f6c6", "f6g6", "f6h6", "f6i6",
            "f6j6", "f6k6", "f6l6",
        ],
    );
}

#[test]
fn bishop() {
    // Down-left e5, enemy d4. Down-right g5 h4 i3 j2 k1. Up-left e7 d8 c9 b10 a11.
    // Up-right g7 h8, own i9. (Kings on a2 and l11 are on none of these lines.)
    on12("B", "Ka2 kl11 Xf6 od4 Oi9").assert_moves(
        "f6",
        &[
            "f6e5", "f6d4", "f6g5", "f6h4", "f6i3", "f6j2", "f6k1", "f6e7", "f6d8", "f6c9", "f6b10", "f6a11", "f6g7",
            "f6h8",
        ],
    );
}

#[test]
fn queen_on_8x8() {
    //  8 . . . * . * . .
    //  7 . . . . * * o .
    //  6 . . o * * X * *
    //  5 . . . . * * * .
    //  4 . . . * . O . *
    //  3 . . * . . . . .
    //  2 K O . . . . . .
    //  1 . . . . . . . .
    //    a b c d e f g h      (black king on b8, off every line of f6)
    on8("Q", "Ka2 kb8 Xf6 Of4 oc6 og7 Ob2").assert_moves(
        "f6",
        &[
            "f6f7", "f6f8", "f6f5", "f6e6", "f6d6", "f6c6", "f6g6", "f6h6", "f6e7", "f6d8", "f6g7", "f6e5", "f6d4",
            "f6c3", "f6g5", "f6h4",
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Leapers written as (x,y)

#[test]
fn leaper_3_4() {
    // (3,4)=i10, (4,3)=j9 own, (4,-3)=j3, (3,-4)=i2, (-3,-4)=c2, (-4,-3)=b3 enemy, (-4,3)=b9,
    // (-3,4)=c10.
    on12("(3,4)", "Ka1 kl12 Xf6 Oj9 ob3")
        .assert_moves("f6", &["f6i10", "f6j3", "f6i2", "f6c2", "f6b3", "f6b9", "f6c10"]);
}

#[test]
fn giraffe_1_4_near_the_corner() {
    // From c3: (1,4)=d7, (4,1)=g4 own, (4,-1)=g2, (-1,4)=b7; the other four leave the board.
    on12("(1,4)", "Ka1 kl12 Xc3 Og4").assert_moves("c3", &["c3b7", "c3d7", "c3g2"]);
}

#[test]
fn leaper_0_5() {
    // f11 (enemy), f1, a6, k6.
    on12("(0,5)", "Ka1 kl12 Xf6 of11").assert_moves("f6", &["f6a6", "f6f1", "f6f11", "f6k6"]);
}

#[test]
fn leaper_2_6() {
    // (2,6)=h12, (-2,6)=d12, (6,2)=l8, (6,-2)=l4; the four downward or leftward leaps are off.
    on12("(2,6)", "Ka1 kl12 Xf6").assert_moves("f6", &["f6d12", "f6h12", "f6l4", "f6l8"]);
}

#[test]
fn leaper_3_5() {
    // (3,5)=i11, (5,3)=k9 own, (5,-3)=k3, (3,-5)=i1, (-3,-5)=c1, (-5,-3)=a3, (-5,3)=a9,
    // (-3,5)=c11.
    on12("(3,5)", "Kl1 kl12 Xf6 Ok9").assert_moves("f6", &["f6a3", "f6a9", "f6c1", "f6c11", "f6i1", "f6i11", "f6k3"]);
}

#[test]
fn leaper_4_5() {
    // (4,5)=j11, (5,4)=k10, (5,-4)=k2, (4,-5)=j1, (-4,-5)=b1, (-5,-4)=a2, (-5,4)=a10, (-4,5)=b11.
    on12("(4,5)", "Ka1 kl12 Xf6").assert_moves(
        "f6",
        &["f6a10", "f6a2", "f6b1", "f6b11", "f6j1", "f6j11", "f6k10", "f6k2"],
    );
}

// ---------------------------------------------------------------------------------------------
// Riders

/// The nightrider position: rays from f6 (each continues while the squares it lands on are empty)
///   (1,2):   g8, h10 own                  -> g8
///   (2,1):   h7, j8, l9, then off         -> h7 j8 l9
///   (2,-1):  h5, j4 enemy                 -> h5 j4
///   (1,-2):  g4, h2, then i0 off          -> g4 h2
///   (-1,-2): e4, d2, then off             -> e4 d2
///   (-2,-1): d5, b4, then off             -> d5 b4
///   (-2,1):  d7, b8, then off             -> d7 b8
///   (-1,2):  e8, d10, c12, then off       -> e8 d10 c12
const NIGHTRIDER_PIECES: &str = "Ka1 kl12 Xf6 Oh10 oj4";
const NIGHTRIDER_MOVES: &[&str] = &[
    "f6g8", "f6h7", "f6j8", "f6l9", "f6h5", "f6j4", "f6g4", "f6h2", "f6e4", "f6d2", "f6d5", "f6b4", "f6d7", "f6b8",
    "f6e8", "f6d10", "f6c12",
];

#[test]
fn nightrider_nn() {
    on12("NN", NIGHTRIDER_PIECES).assert_moves("f6", NIGHTRIDER_MOVES);
}

#[test]
fn nightrider_n0() {
    on12("N0", NIGHTRIDER_PIECES).assert_moves("f6", NIGHTRIDER_MOVES);
}

#[test]
fn rook_limited_to_two() {
    // Up: own f7 at once. Down f5 f4 (f3 is three away). Left e6 d6. Right: enemy g6.
    on12("R2", "Ka1 kl12 Xf6 Of7 og6").assert_moves("f6", &["f6d6", "f6e6", "f6f4", "f6f5", "f6g6"]);
}

#[test]
fn bishop_limited_to_three() {
    // Up-left e7 d8 c9; up-right g7 h8 i9; down-left e5, own d4; down-right g5 h4 i3.
    on12("B3", "Ka1 kl12 Xf6 Od4").assert_moves(
        "f6",
        &[
            "f6e7", "f6d8", "f6c9", "f6g7", "f6h8", "f6i9", "f6e5", "f6g5", "f6h4", "f6i3",
        ],
    );
}

#[test]
fn queen_limited_to_six() {
    // From b2: up b3-b8 (b9 is seven away), right c2-h2, up-right c3-h8; one step to b1, a2, a1,
    // c1, a3. The black king on l12 lies on the up-right diagonal ten steps away: not attacked
    // (the FEN would be rejected otherwise).
    on12("Q6", "Kl1 kl12 Xb2").assert_moves(
        "b2",
        &[
            "b2b3", "b2b4", "b2b5", "b2b6", "b2b7", "b2b8", "b2c2", "b2d2", "b2e2", "b2f2", "b2g2", "b2h2", "b2c3",
            "b2d4", "b2e5", "b2f6", "b2g7", "b2h8", "b2b1", "b2a2", "b2a1", "b2c1", "b2a3",
        ],
    );
}

#[test]
fn rider_3_5() {
    // From a1: (3,5) d6 enemy, stop; (5,3) f4, k7, then p10 off. Everything else leaves the board.
    on12("(3,5)(3,5)", "Kl1 kl12 Xa1 od6").assert_moves("a1", &["a1d6", "a1f4", "a1k7"]);
}

// ---------------------------------------------------------------------------------------------
// Direction modifiers (empty board around f6; for the knight (1,2) the primary side is forward)

#[test]
fn direction_modifiers() {
    let cases: &[(&str, &[&str])] = &[
        // Narrow forward jumps.
        ("fN", &["f6e8", "f6g8"]),
        ("ffN", &["f6e8", "f6g8"]),
        // A pair: primary side s (wide jumps), secondary side f.
        ("fsN", &["f6d7", "f6h7"]),
        ("bbN", &["f6e4", "f6g4"]),
        // (3,1) and (-3,1).
        ("fsC", &["f6c7", "f6i7"]),
        ("vW", &["f6f5", "f6f7"]),
        ("sD", &["f6d6", "f6h6"]),
        ("fA", &["f6d8", "f6h8"]),
        ("frF", &["f6g7"]),
        ("lF", &["f6e5", "f6e7"]),
    ];
    for (betza, expected) in cases {
        on12(betza, "Ka1 kl12 Xf6").assert_moves("f6", expected);
    }
}

#[test]
fn directions_are_mirrored_for_black() {
    // A black fN on f6 jumps towards rank 1: g4 and e4.
    let case = Case {
        side: 'b',
        ..on12("fN", "Ka1 kl12 xf6")
    };
    case.assert_moves("f6", &["f6e4", "f6g4"]);
}

// ---------------------------------------------------------------------------------------------
// Modes

#[test]
fn move_only_and_capture_only() {
    //  . o *      mW: e6 g6 empty -> moves; f7 enemy, f5 own -> nothing.
    //  * X *      cF: g7 enemy -> capture; e7 g5 empty -> nothing; e5 own -> nothing.
    //  O O .
    on12("mWcF", "Ka1 kl12 Xf6 of7 Of5 og7 Oe5").assert_moves("f6", &["f6e6", "f6g6", "f6g7"]);
}

// ---------------------------------------------------------------------------------------------
// Lame leaps

#[test]
fn lame_knight() {
    //  8 . * . * .      Paths: g8 and e8 via f7 (own: blocked); h7 and h5 via g6 (enemy:
    //  7 . . O O .      blocked); g4 and e4 via f5 (empty); d7 and d5 via e6 (empty).
    //  6 . . . X o      The own piece on g7 is on no path.
    //  5 . . . . .
    //    d e f g h
    on12("nN", "Ka1 kl12 Xf6 Of7 og6 Og7").assert_moves("f6", &["f6d5", "f6d7", "f6e4", "f6g4"]);
}

#[test]
fn unblocked_lame_knight_is_a_knight() {
    on12("nN", "Ka1 kl12 Xf6").assert_moves("f6", &["f6d5", "f6d7", "f6e4", "f6e8", "f6g4", "f6g8", "f6h5", "f6h7"]);
}

#[test]
fn lame_dabbaba() {
    // f8 via own f7: blocked. d6 via e6 (empty): the enemy there is captured. h6 via g6, f4 via f5.
    on12("nD", "Ka1 kl12 Xf6 Of7 od6").assert_moves("f6", &["f6d6", "f6f4", "f6h6"]);
}

// ---------------------------------------------------------------------------------------------
// Hoppers

#[test]
fn xiangqi_cannon() {
    // 10 . . . . . o . . .     Up: f7 empty (move); hurdle f8; f9 empty; f10 enemy (capture).
    //  9 . . . . . . . . .     Down: enemy f5 is the hurdle; f4 f3 empty; f2 enemy (capture).
    //  8 . . . . . O . . .     Left: no hurdle: a6-e6 are moves, nothing to capture.
    //  7 . . . . . * . . .     Right: two hurdles g6 h6, so the enemy on i6 is safe.
    //  6 * * * * * X O O o
    //  5 . . . . . o . . .
    //  4 . . . . . . . . .
    //  3 . . . . . . . . .
    //  2 . . . . . o . . .
    //    a b c d e f g h i
    on12("mRcpR", "Ka1 kl12 Xf6 Of8 of10 of5 of2 Og6 Oh6 oi6")
        .assert_moves("f6", &["f6a6", "f6b6", "f6c6", "f6d6", "f6e6", "f6f7", "f6f10", "f6f2"]);
}

#[test]
fn cannon_nightrider() {
    // pNN: on each nightrider line, exactly one hurdle, then any empty square or the first
    // enemy beyond.
    //   (1,2):  g8 own hurdle, h10 empty, i12 empty        -> h10 i12
    //   (2,1):  h7 enemy hurdle, j8 own: stop              -> -
    //   (-1,2): e8 enemy hurdle, d10 enemy: captured       -> d10
    //   the five other lines have no hurdle                -> -
    on12("pNN", "Ka1 kl12 Xf6 Og8 oh7 Oj8 oe8 od10").assert_moves("f6", &["f6d10", "f6h10", "f6i12"]);
}

#[test]
fn grasshopper() {
    // 10 . b . . . . . .       b10: beyond the enemy c9 on the up-left line.
    //  9 . . o . . . . .       Up: f8 own, land f9. Down: enemy f5, land f4.
    //  8 . . . . . O . O       Left: d6 own, land on the enemy c6 (capture).
    //  7 . . . . . . O .       Up-right: g7 own, h8 own: no landing.
    //  6 . . o O . X . .       Right, down-right: no piece to hop.
    //  5 . . . . . o . .       Down-left: the own king a1 is the hurdle; beyond is off the board.
    //  4 . . . . . * . .
    //    a b c d e f g h
    on12("gQ", "Ka1 kl12 Xf6 Of8 of5 Od6 oc6 Og7 Oh8 oc9").assert_moves("f6", &["f6b10", "f6c6", "f6f4", "f6f9"]);
}

// ---------------------------------------------------------------------------------------------
// Whole-move flags

#[test]
fn initial_moves_only_while_unmoved() {
    // WifD: a wazir that may jump to f8 while it has never moved.
    let unmoved = on12("WifD", "Ka1 kl12 Xf6");
    unmoved.assert_moves("f6", &["f6e6", "f6f5", "f6f7", "f6f8", "f6g6"]);
    on12("WifD", "Ka1 kl12 X{m}f6").assert_moves("f6", &["f6e6", "f6f5", "f6f7", "f6g6"]);
    // Moving away and back leaves it moved, though it stands on its start square again.
    let (v, mut pos) = unmoved.setup();
    for mv in ["f6f7", "l12l11", "f7f6", "l11l12"] {
        pos = v.try_play(&pos, mv).unwrap().1;
    }
    assert_moves(&v, &pos, "f6", &["f6e6", "f6f5", "f6f7", "f6g6"], "WifD");
}

#[test]
fn en_passant_created_by_a_move_only_move_and_captured() {
    // The piece mfWcfeFifmneH (a pawn whose initial step is a lame triple step that gives en
    // passant rights on both squares it skips), on 8x8:
    //  6 . . . . . . . .
    //  5 . x . . . . . .     x b5, x d4: Black's, already moved.
    //  4 . . . x . . . .
    //  3 . . . . . . . .
    //  2 . . X . . . . .     X c2: unmoved; c2-c3 or c2-c5 over the empty c3 and c4.
    //    a b c d e f g h
    // After c2-c5, en passant on c3 (by d4, its forward-left diagonal) and on c4 (by b5).
    let case = on8("mfWcfeFifmneH", "Kh1 kh8 Xc2 x{m}b5 x{m}d4");
    case.assert_moves("c2", &["c2c3", "c2c5"]);
    let (v, pos) = case.setup();
    let after = v.try_play(&pos, "c2c5").unwrap().1;
    assert_eq!(
        after.to_fen(&v),
        "7k/8/8/1x{m}X5/3x{m}4/8/8/7K b - c3,c4 1 1",
        "the FEN names both en passant squares"
    );
    assert_moves(&v, &after, "d4", &["d4c3", "d4d3"], "black d4");
    assert_moves(&v, &after, "b5", &["b5b4", "b5c4"], "black b5");
    let taken = v.try_play(&after, "d4c3").unwrap().1;
    let c5: Square = "c5".parse().unwrap();
    let c3: Square = "c3".parse().unwrap();
    assert!(taken.piece_at(c5).is_none(), "the skipping piece is removed");
    assert_eq!(taken.piece_at(c3).map(|p| p.color()), Some(Color::Black));
    assert!(taken.ep_squares().is_empty());
    // Without a capturer next to the skipped squares there are no rights to record.
    let lone = on8("mfWcfeFifmneH", "Kh1 kh8 Xc2");
    let (v, pos) = lone.setup();
    let after = v.try_play(&pos, "c2c5").unwrap().1;
    assert!(after.ep_squares().is_empty());
}

#[test]
fn en_passant_after_a_sideways_double_step() {
    // mWceFimneD: the initial lame double step goes in all four directions and gives en passant
    // rights; captures (en passant too) are diagonal only.
    //  4 . . x . .      x c4: Black's, moved.
    //  3 . . X . .      X c3: unmoved. c4 is occupied, so no c5 and no c4; the double steps go
    //  2 . . . . .      to a3, e3 and c1 over the empty b3, d3, c2.
    //    a b c d e
    // After c3-e3 Black's c4 may take en passant on d3 (its forward-right diagonal), removing
    // e3. No White piece stands beyond d3 in White's direction (d4), so the FEN names the victim.
    let case = on8("mWceFimneD", "Ka1 kh8 Xc3 x{m}c4");
    case.assert_moves("c3", &["c3a3", "c3b3", "c3c1", "c3c2", "c3d3", "c3e3"]);
    let (v, pos) = case.setup();
    let after = v.try_play(&pos, "c3e3").unwrap().1;
    let fen = after.to_fen(&v);
    assert_eq!(fen, "7k/8/8/8/2x{m}5/4X3/8/K7 b - d3>e3 1 1");
    assert!(Position::from_fen(&v, &fen).unwrap() == after);
    assert_moves(&v, &after, "c4", &["c4b4", "c4c3", "c4c5", "c4d3", "c4d4"], "black c4");
    let taken = v.try_play(&after, "c4d3").unwrap().1;
    assert!(taken.piece_at("e3".parse().unwrap()).is_none());
}

// ---------------------------------------------------------------------------------------------
// Several legs

#[test]
fn patient_pawn_step_then_diagonal_capture() {
    // mfWacfF: f7 must be empty, then a capture from f7 to e8 or g8.
    //  8 . O o       from f6: f7 empty; e8 own, g8 enemy -> f6g8.
    //  7 . . .       from c6: c7 holds an own piece, so nothing, though b8 and d8 hold enemies.
    //  6 . X .
    //    e f g
    let case = on12("mfWacfF", "Ka1 kl12 Xf6 Oe8 og8 Xc6 Oc7 ob8 od8");
    case.assert_moves("f6", &["f6g8"]);
    case.assert_moves("c6", &[]);
}

#[test]
fn capture_then_step_back() {
    // cWabW: capture an adjacent enemy orthogonally, then step one square down from there.
    //  7 . o .      up: f7 enemy, back to f6 (its own start square, empty once it left).
    //  6 O X o      right: g6 enemy, then g5 holds another enemy: both are taken.
    //  5 . . o      left: e6 is own; down: f5 is empty. Neither starts a move.
    //    e f g
    let case = on12("cWabW", "Ka1 kl12 Xf6 of7 og6 og5 Oe6");
    case.assert_moves("f6", &["f6f7,f7f6", "f6g6,g6g5"]);
    let (v, pos) = case.setup();
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let shot = v.try_play(&pos, "f6f7,f7f6").unwrap().1;
    assert!(shot.piece_at(sq("f7")).is_none());
    assert_eq!(shot.piece_at(sq("f6")).map(|p| p.color()), Some(Color::White));
    let double = v.try_play(&pos, "f6g6,g6g5").unwrap().1;
    assert!(double.piece_at(sq("f6")).is_none());
    assert!(double.piece_at(sq("g6")).is_none());
    assert_eq!(double.piece_at(sq("g5")).map(|p| p.color()), Some(Color::White));
    assert_eq!(double.pieces_of(Color::Black).count(), 2, "k and f7 are left");
}

// ---------------------------------------------------------------------------------------------
// Crooked riders

#[test]
fn crooked_rook() {
    // zR on 8x8 from d4: each first direction, then alternating with a 90-degree turn, both ways.
    //  8 . . . . . . . *      up (d5) and down (d3): own pieces at once.
    //  7 . . . . . . * *      right then up: e4 e5 f5 f6 g6 g7 h7 h8 (then off).
    //  6 . . . . . * * k      right then down: e4, e3 enemy (stop).
    //  5 . o * O * * . .      left then up: c4 c5, b5 enemy (stop).
    //  4 . . * X * . . .      left then down: c4 c3, b3 own (stop).
    //  3 . O * O o . . .      c4 and e4 are reached two ways: listed once.
    //  2 . . . . . . . .
    //  1 . . . . . . . K
    //    a b c d e f g h
    on8("zR", "Kh1 kh6 Xd4 Od5 Od3 oe3 ob5 Ob3").assert_moves(
        "d4",
        &[
            "d4e4", "d4e5", "d4f5", "d4f6", "d4g6", "d4g7", "d4h7", "d4h8", "d4e3", "d4c4", "d4c5", "d4b5", "d4c3",
        ],
    );
}
