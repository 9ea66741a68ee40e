//! One test per notation feature, comparing exact expanded move sets.

use messhall_betza::{BetzaError, Hop, Leg, Mode, Move, Step, UNLIMITED, parse};

const BOTH: Mode = Mode {
    to_empty: true,
    to_enemy: true,
    over_piece: false,
};
const MOVE: Mode = Mode {
    to_empty: true,
    to_enemy: false,
    over_piece: false,
};
const CAPT: Mode = Mode {
    to_empty: false,
    to_enemy: true,
    over_piece: false,
};

/// A single-leg move flattened for comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Row {
    dx: i8,
    dy: i8,
    max: u8,
    /// 'm', 'c' or 'b' (both).
    mode: char,
    lame: bool,
    /// '-', 'p' (cannon) or 'g' (grasshopper).
    hop: char,
    crooked: Option<(i8, i8)>,
    initial: bool,
    ep: bool,
}

fn row(dx: i8, dy: i8, max: u8) -> Row {
    Row {
        dx,
        dy,
        max,
        mode: 'b',
        lame: false,
        hop: '-',
        crooked: None,
        initial: false,
        ep: false,
    }
}

fn mode_char(mode: Mode) -> char {
    assert!(!mode.over_piece, "final leg with over_piece: {mode:?}");
    match (mode.to_empty, mode.to_enemy) {
        (true, true) => 'b',
        (true, false) => 'm',
        (false, true) => 'c',
        (false, false) => panic!("final leg with no mode"),
    }
}

fn flatten(mv: &Move) -> Row {
    assert_eq!(mv.legs.len(), 1, "expected a single-leg move: {mv:?}");
    let leg = mv.legs[0];
    Row {
        dx: leg.step.dx,
        dy: leg.step.dy,
        max: leg.max_steps,
        mode: mode_char(leg.mode),
        lame: leg.lame,
        hop: match leg.hop {
            Hop::None => '-',
            Hop::Cannon => 'p',
            Hop::Grasshopper => 'g',
        },
        crooked: leg.crooked.map(|s| (s.dx, s.dy)),
        initial: mv.initial_only,
        ep: mv.en_passant,
    }
}

/// The parsed moves of `text`, flattened and sorted; also checks there are no duplicates.
fn rows(text: &str) -> Vec<Row> {
    let piece = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut out: Vec<Row> = piece.moves.iter().map(flatten).collect();
    out.sort();
    let mut dedup = out.clone();
    dedup.dedup();
    assert_eq!(dedup.len(), out.len(), "{text}: duplicate moves");
    out
}

/// Plain moves (both modes, no extras) with the given steps and range.
fn plain(steps: &[(i8, i8)], max: u8) -> Vec<Row> {
    let mut out: Vec<Row> = steps.iter().map(|&(dx, dy)| row(dx, dy, max)).collect();
    out.sort();
    out
}

/// All 8 symmetric images of (x, y), deduplicated (independent of the parser's own code).
fn sym(x: i8, y: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (a, b) in [(x, y), (y, x)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let s = (a * sa, b * sb);
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

fn with(mut rows: Vec<Row>, f: impl Fn(&mut Row)) -> Vec<Row> {
    rows.iter_mut().for_each(f);
    rows.sort();
    rows
}

fn concat(parts: &[Vec<Row>]) -> Vec<Row> {
    let mut out: Vec<Row> = parts.concat();
    out.sort();
    out
}

const ORTHO: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

// ---------------------------------------------------------------- atoms

#[test]
fn empty_string_is_a_piece_without_moves() {
    assert!(parse("").unwrap().moves.is_empty());
}

#[test]
fn every_single_atom() {
    assert_eq!(rows("W"), plain(&ORTHO, 1));
    assert_eq!(rows("F"), plain(&DIAG, 1));
    assert_eq!(rows("N"), plain(&KNIGHT, 1));
    for (letter, x, y, count) in [
        ('W', 0, 1, 4),
        ('F', 1, 1, 4),
        ('D', 0, 2, 4),
        ('N', 1, 2, 8),
        ('A', 2, 2, 4),
        ('H', 0, 3, 4),
        ('C', 1, 3, 8),
        ('Z', 2, 3, 8),
        ('G', 3, 3, 4),
    ] {
        let text = letter.to_string();
        assert_eq!(rows(&text), plain(&sym(x, y), 1), "{text}");
        assert_eq!(rows(&text).len(), count, "{text}");
    }
}

#[test]
fn compound_atoms() {
    let king: Vec<(i8, i8)> = ORTHO.iter().chain(&DIAG).copied().collect();
    assert_eq!(rows("K"), plain(&king, 1));
    assert_eq!(rows("R"), plain(&ORTHO, UNLIMITED));
    assert_eq!(rows("B"), plain(&DIAG, UNLIMITED));
    assert_eq!(rows("Q"), plain(&king, UNLIMITED));
    assert_eq!(rows("KK"), rows("Q"));
}

#[test]
fn bracketed_leapers() {
    for (text, x, y, count) in [
        ("(3,4)", 3, 4, 8),
        ("(1,4)", 1, 4, 8),
        ("(0,5)", 0, 5, 4),
        ("(2,6)", 2, 6, 8),
        ("(3,5)", 3, 5, 8),
        ("(4,5)", 4, 5, 8),
        ("(5,0)", 0, 5, 4),
        ("(15,15)", 15, 15, 4),
    ] {
        assert_eq!(rows(text), plain(&sym(x, y), 1), "{text}");
        assert_eq!(rows(text).len(), count, "{text}");
    }
    assert_eq!(rows("(1,2)"), rows("N"));
    assert_eq!(rows("(2,1)"), rows("N"));
    assert_eq!(rows("(0,1)"), rows("W"));
}

#[test]
fn riders() {
    assert_eq!(rows("NN"), plain(&KNIGHT, UNLIMITED));
    assert_eq!(rows("N0"), plain(&KNIGHT, UNLIMITED));
    assert_eq!(rows("WW"), rows("R"));
    assert_eq!(rows("FF"), rows("B"));
    assert_eq!(rows("R0"), rows("R"));
    assert_eq!(rows("R2"), plain(&ORTHO, 2));
    assert_eq!(rows("B3"), plain(&DIAG, 3));
    let king: Vec<(i8, i8)> = ORTHO.iter().chain(&DIAG).copied().collect();
    assert_eq!(rows("Q6"), plain(&king, 6));
    assert_eq!(rows("N2"), plain(&KNIGHT, 2));
    assert_eq!(rows("W3"), plain(&ORTHO, 3));
    assert_eq!(rows("R255"), plain(&ORTHO, 255));
    assert_eq!(rows("(3,5)(3,5)"), plain(&sym(3, 5), UNLIMITED));
    assert_eq!(rows("(3,5)(5,3)"), plain(&sym(3, 5), UNLIMITED));
    // Two different leapers in a row are two terms.
    assert_eq!(rows("(3,5)(1,2)"), concat(&[plain(&sym(3, 5), 1), plain(&KNIGHT, 1)]));
    // A third copy is a new term (the plain leaper), kept apart from the rider.
    assert_eq!(rows("NNN"), concat(&[plain(&KNIGHT, UNLIMITED), plain(&KNIGHT, 1)]));
    assert_eq!(rows("R1"), rows("W"));
}

#[test]
fn duplicates_are_removed() {
    assert_eq!(rows("WWR"), rows("R"));
    assert_eq!(rows("fWvW"), rows("vW"));
    assert_eq!(rows("NfN"), rows("N"));
    assert_eq!(parse("RR").unwrap().moves.len(), 4);
}

#[test]
fn order_is_deterministic() {
    let n = parse("N").unwrap();
    let steps: Vec<(i8, i8)> = n.moves.iter().map(|m| (m.legs[0].step.dx, m.legs[0].step.dy)).collect();
    assert_eq!(steps, KNIGHT.to_vec());
    let k = parse("K").unwrap();
    let steps: Vec<(i8, i8)> = k.moves.iter().map(|m| (m.legs[0].step.dx, m.legs[0].step.dy)).collect();
    assert_eq!(steps, [ORTHO, DIAG].concat());
    // Order of appearance first.
    let fw = parse("bWfW").unwrap();
    assert_eq!(fw.moves[0].legs[0].step, Step::new(0, -1));
}

// ---------------------------------------------------------------- directions

#[test]
fn directions_on_orthogonal_atoms() {
    assert_eq!(rows("fW"), plain(&[(0, 1)], 1));
    assert_eq!(rows("bW"), plain(&[(0, -1)], 1));
    assert_eq!(rows("lW"), plain(&[(-1, 0)], 1));
    assert_eq!(rows("rW"), plain(&[(1, 0)], 1));
    assert_eq!(rows("vW"), plain(&[(0, 1), (0, -1)], 1));
    assert_eq!(rows("sW"), plain(&[(1, 0), (-1, 0)], 1));
    assert_eq!(rows("fbW"), rows("vW"));
    assert_eq!(rows("frW"), plain(&[(0, 1), (1, 0)], 1));
    assert_eq!(rows("rfW"), rows("frW"));
    assert_eq!(rows("ffW"), rows("fW"));
    assert_eq!(rows("fhW"), rows("fW"));
    assert_eq!(rows("fsW"), plain(&[(0, 1), (1, 0), (-1, 0)], 1));
    assert_eq!(rows("sD"), plain(&[(2, 0), (-2, 0)], 1));
    assert_eq!(rows("fR"), plain(&[(0, 1)], UNLIMITED));
    assert_eq!(rows("(0,5)"), plain(&sym(0, 5), 1));
    assert_eq!(rows("l(5,0)"), plain(&[(-5, 0)], 1));
}

#[test]
fn directions_on_diagonal_atoms() {
    assert_eq!(rows("fF"), plain(&[(1, 1), (-1, 1)], 1));
    assert_eq!(rows("bF"), plain(&[(1, -1), (-1, -1)], 1));
    assert_eq!(rows("lF"), plain(&[(-1, 1), (-1, -1)], 1));
    assert_eq!(rows("rF"), plain(&[(1, 1), (1, -1)], 1));
    assert_eq!(rows("vF"), rows("F"));
    assert_eq!(rows("sF"), rows("F"));
    assert_eq!(rows("frF"), plain(&[(1, 1)], 1));
    assert_eq!(rows("rfF"), plain(&[(1, 1)], 1));
    assert_eq!(rows("flF"), plain(&[(-1, 1)], 1));
    assert_eq!(rows("blF"), plain(&[(-1, -1)], 1));
    assert_eq!(rows("lbF"), plain(&[(-1, -1)], 1));
    assert_eq!(rows("vrF"), plain(&[(1, 1), (1, -1)], 1));
    // `fbrF` is `f` then the pair `br`.
    assert_eq!(rows("fbrF"), plain(&[(1, 1), (-1, 1), (1, -1)], 1));
    // `frblF` is the pairs `fr` and `bl`.
    assert_eq!(rows("frblF"), plain(&[(1, 1), (-1, -1)], 1));
    assert_eq!(rows("fhF"), rows("fF"));
    assert_eq!(rows("fA"), plain(&[(2, 2), (-2, 2)], 1));
    assert_eq!(rows("frB"), plain(&[(1, 1)], UNLIMITED));
    assert_eq!(rows("b(4,4)"), plain(&[(4, -4), (-4, -4)], 1));
}

#[test]
fn directions_on_oblique_atoms() {
    let narrow_fwd = plain(&[(1, 2), (-1, 2)], 1);
    assert_eq!(rows("fN"), narrow_fwd);
    assert_eq!(rows("ffN"), narrow_fwd);
    assert_eq!(rows("bbN"), plain(&[(1, -2), (-1, -2)], 1));
    assert_eq!(rows("bN"), rows("bbN"));
    assert_eq!(rows("lN"), plain(&[(-2, 1), (-2, -1)], 1));
    assert_eq!(rows("rrN"), plain(&[(2, 1), (2, -1)], 1));
    assert_eq!(rows("fsN"), plain(&[(2, 1), (-2, 1)], 1));
    assert_ne!(rows("fN"), rows("fsN"));
    assert_eq!(rows("frN"), plain(&[(2, 1)], 1));
    assert_eq!(rows("rfN"), plain(&[(1, 2)], 1));
    assert_eq!(rows("lbN"), plain(&[(-1, -2)], 1));
    assert_eq!(rows("blN"), plain(&[(-2, -1)], 1));
    assert_eq!(rows("vN"), plain(&[(1, 2), (-1, 2), (1, -2), (-1, -2)], 1));
    assert_eq!(rows("sN"), plain(&[(2, 1), (-2, 1), (2, -1), (-2, -1)], 1));
    assert_eq!(rows("vsN"), rows("sN"));
    assert_eq!(rows("svN"), rows("vN"));
    assert_eq!(rows("fhN"), plain(&[(1, 2), (-1, 2), (2, 1), (-2, 1)], 1));
    assert_eq!(rows("rhN"), plain(&[(1, 2), (2, 1), (2, -1), (1, -2)], 1));
    assert_eq!(rows("fsC"), plain(&[(3, 1), (-3, 1)], 1));
    assert_eq!(rows("fC"), plain(&[(1, 3), (-1, 3)], 1));
    assert_eq!(rows("ffNbbN"), plain(&[(1, 2), (-1, 2), (1, -2), (-1, -2)], 1));
    assert_eq!(rows("f(3,4)"), plain(&[(3, 4), (-3, 4)], 1));
    assert_eq!(rows("fNN"), plain(&[(1, 2), (-1, 2)], UNLIMITED));
}

#[test]
fn directions_apply_to_the_next_atom_only() {
    // `vWF` is `vW` + `F`; `sWF` is `sW` + `F`.
    assert_eq!(
        rows("vWF"),
        plain(&[(0, 1), (0, -1), (1, 1), (1, -1), (-1, -1), (-1, 1)], 1)
    );
    assert_eq!(
        rows("sWF"),
        plain(&[(1, 0), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)], 1)
    );
    // On a compound atom each component reads the letters by its own symmetry.
    assert_eq!(rows("fK"), plain(&[(0, 1), (1, 1), (-1, 1)], 1));
    assert_eq!(rows("frK"), plain(&[(0, 1), (1, 0), (1, 1)], 1));
    assert_eq!(rows("fQ"), plain(&[(0, 1), (1, 1), (-1, 1)], UNLIMITED));
}

// ---------------------------------------------------------------- other modifiers

#[test]
fn modes() {
    assert_eq!(rows("mW"), with(plain(&ORTHO, 1), |r| r.mode = 'm'));
    assert_eq!(rows("cW"), with(plain(&ORTHO, 1), |r| r.mode = 'c'));
    assert_eq!(rows("mcW"), rows("W"));
    assert_eq!(parse("cW").unwrap().moves[0].legs[0].mode, CAPT);
    assert_eq!(parse("W").unwrap().moves[0].legs[0].mode, BOTH);
}

#[test]
fn pawn_with_en_passant() {
    let text = "mfWcfeFifmneD";
    let expected = concat(&[
        with(plain(&[(0, 1)], 1), |r| r.mode = 'm'),
        with(plain(&[(1, 1), (-1, 1)], 1), |r| {
            r.mode = 'c';
            r.ep = true;
        }),
        with(plain(&[(0, 2)], 1), |r| {
            r.mode = 'm';
            r.lame = true;
            r.initial = true;
            r.ep = true;
        }),
    ]);
    assert_eq!(rows(text), expected);
    // Without `e`: the plain FIDE pawn spelling.
    assert_eq!(rows("mfWcfFifmnD").len(), 4);
    assert!(rows("mfWcfFifmnD").iter().all(|r| !r.ep));
}

#[test]
fn cannon() {
    let expected = concat(&[
        with(plain(&ORTHO, UNLIMITED), |r| r.mode = 'm'),
        with(plain(&ORTHO, UNLIMITED), |r| {
            r.mode = 'c';
            r.hop = 'p';
        }),
    ]);
    assert_eq!(rows("mRcpR"), expected);
    assert_eq!(rows("pNN"), with(plain(&KNIGHT, UNLIMITED), |r| r.hop = 'p'));
}

#[test]
fn grasshopper() {
    assert_eq!(rows("gQ"), with(rows("Q"), |r| r.hop = 'g'));
}

#[test]
fn lame() {
    assert_eq!(rows("nN"), with(plain(&KNIGHT, 1), |r| r.lame = true));
    assert_eq!(
        rows("mnN"),
        with(plain(&KNIGHT, 1), |r| {
            r.lame = true;
            r.mode = 'm';
        })
    );
    assert_eq!(
        rows("nA"),
        with(plain(&DIAG.map(|(x, y)| (2 * x, 2 * y)), 1), |r| r.lame = true)
    );
}

#[test]
fn initial_only() {
    assert_eq!(rows("iW"), with(plain(&ORTHO, 1), |r| r.initial = true));
}

#[test]
fn crooked_orthogonal_and_diagonal() {
    let z = rows("zR");
    assert_eq!(z.len(), 8);
    let mut expected = Vec::new();
    for (dx, dy) in ORTHO {
        for partner in [(dy, -dx), (-dy, dx)] {
            let mut r = row(dx, dy, UNLIMITED);
            r.crooked = Some(partner);
            expected.push(r);
        }
    }
    expected.sort();
    assert_eq!(z, expected);
    // The Boyscout-like crooked bishop: forward-right first leap, either turn.
    let mut expected = vec![row(1, 1, UNLIMITED), row(1, 1, UNLIMITED)];
    expected[0].crooked = Some((1, -1));
    expected[1].crooked = Some((-1, 1));
    expected.sort();
    assert_eq!(rows("frzB"), expected);
    // Initial-only limited crooked rider.
    assert_eq!(rows("izW2"), with(rows("zW2"), |r| r.initial = true));
    assert_eq!(rows("zW2").len(), 8);
    assert!(rows("zW2").iter().all(|r| r.max == 2));
    // `zz` is `z`, and a doubled D is a D rider.
    assert_eq!(rows("zzDD"), rows("zDD"));
    assert_eq!(rows("zDD").len(), 8);
    assert_eq!(rows("zQ").len(), 16);
}

#[test]
fn crooked_oblique() {
    let mut expected = vec![row(1, 2, UNLIMITED), row(-1, 2, UNLIMITED)];
    expected[0].crooked = Some((-1, 2));
    expected[1].crooked = Some((1, 2));
    expected.sort();
    assert_eq!(rows("fzNN"), expected);
    let mut expected = vec![row(2, 1, UNLIMITED)];
    expected[0].crooked = Some((2, -1));
    assert_eq!(rows("frzNN"), expected);
    assert_eq!(rows("zNN").len(), 8);
}

// ---------------------------------------------------------------- multi-leg

fn leg(dx: i8, dy: i8, mode: Mode) -> Leg {
    Leg {
        step: Step::new(dx, dy),
        max_steps: 1,
        lame: false,
        crooked: None,
        mode,
        hop: Hop::None,
    }
}

#[test]
fn patient_pawn_two_legs() {
    let piece = parse("mfWacfF").unwrap();
    let expected: Vec<Move> = [(1, 1), (-1, 1)]
        .into_iter()
        .map(|(dx, dy)| Move {
            legs: vec![leg(0, 1, MOVE), leg(dx, dy, CAPT)],
            initial_only: false,
            en_passant: false,
        })
        .collect();
    assert_eq!(piece.moves, expected);
}

#[test]
fn locust_capture_and_return() {
    let piece = parse("cWabW").unwrap();
    let expected: Vec<Move> = ORTHO
        .into_iter()
        .map(|(dx, dy)| Move {
            legs: vec![leg(dx, dy, CAPT), leg(0, -1, BOTH)],
            initial_only: false,
            en_passant: false,
        })
        .collect();
    assert_eq!(piece.moves, expected);
}

#[test]
fn non_final_leg_modes_and_whole_move_flags() {
    // Default on a non-final leg: the square passed must be empty.
    assert_eq!(parse("fWafW").unwrap().moves[0].legs[0].mode, MOVE);
    // `p` on a non-final leg: a piece is hopped there; it is not a cannon hop.
    let hop = parse("pfWafW").unwrap().moves[0].legs[0];
    assert_eq!(
        hop.mode,
        Mode {
            to_empty: false,
            to_enemy: false,
            over_piece: true
        }
    );
    assert_eq!(hop.hop, Hop::None);
    // `i` and `e` in a later leg flag the whole move.
    let mv = &parse("fWaifeW").unwrap().moves[0];
    assert!(mv.initial_only && mv.en_passant);
    // `a` binds: `mfWacfFfmW` is the two-leg chain, then a separate `fmW`.
    let piece = parse("mfWacfFfmW").unwrap();
    assert_eq!(piece.moves.len(), 3);
    assert_eq!(
        piece.moves[2],
        Move {
            legs: vec![leg(0, 1, MOVE)],
            initial_only: false,
            en_passant: false
        }
    );
    // Three legs: one move per combination of leg directions.
    assert_eq!(parse("fWasWafW").unwrap().moves.len(), 2);
    assert_eq!(parse("WaFaN").unwrap().moves.len(), 4 * 4 * 8);
}

// ---------------------------------------------------------------- errors

fn error(text: &str) -> BetzaError {
    match parse(text) {
        Ok(p) => panic!("{text:?} parsed: {p:?}"),
        Err(e) => e,
    }
}

/// Checks the error's character, position and that its one-line message names both.
fn check(text: &str, found: char, position: usize, reason: &str) -> BetzaError {
    let e = error(text);
    let msg = e.to_string();
    assert_eq!((e.found(), e.position()), (found, position), "{text:?}: {msg}");
    assert_eq!(e.text(), text);
    assert!(msg.contains(&format!("{found:?}")), "{msg}");
    assert!(msg.contains(&format!("position {position}")), "{msg}");
    assert!(msg.contains(reason), "{msg}");
    assert!(!msg.contains('\n'), "{msg}");
    e
}

#[test]
fn error_message_format() {
    let e = error("mfWx");
    assert_eq!(
        e.to_string(),
        r#"XBetza "mfWx": unexpected 'x' at position 4: not an atom or modifier"#
    );
}

#[test]
fn error_unknown_characters() {
    assert!(matches!(
        check("mfWx", 'x', 4, "not an atom or modifier"),
        BetzaError::UnknownChar { .. }
    ));
    check("WJ", 'J', 2, "not an atom or modifier");
    check("fo", 'o', 2, "not an atom or modifier");
    check("W F", ' ', 2, "not an atom or modifier");
    check("Wé", 'é', 2, "not an atom or modifier");
    check("éW", 'é', 1, "not an atom or modifier");
    check("W)", ')', 2, "not an atom or modifier");
    check("W\n", '\n', 2, "not an atom or modifier");
    check("ß\nx", 'ß', 1, "not an atom or modifier");
}

#[test]
fn error_stray_digits() {
    check("2W", '2', 1, "range number must follow an atom");
    check("f3W", '3', 2, "range number must follow an atom");
    check("NN2", '2', 3, "doubled atom");
    check("R256", '2', 2, "above 255");
    check("W99999999999999999999", '9', 2, "above 255");
}

#[test]
fn error_missing_atom() {
    check("Wf", 'f', 2, "no atom after it");
    check("mfWcf", 'c', 4, "no atom after it");
}

#[test]
fn error_leg_joiner() {
    check("Wa", 'a', 2, "'a' must join two legs");
    check("aW", 'a', 1, "'a' must join two legs");
    check("faW", 'a', 2, "'a' must join two legs");
    check("WaaW", 'a', 3, "'a' must join two legs");
    check("Waf", 'f', 3, "no atom after it");
}

#[test]
fn error_bracketed_leapers() {
    check("(", '(', 1, "never closed");
    check("W(1,2", '(', 2, "never closed");
    check("(1,", '(', 1, "never closed");
    check("(1;2)", ';', 3, "written (x,y)");
    check("(,2)", ',', 2, "written (x,y)");
    check("(1,2W", 'W', 5, "written (x,y)");
    check("(16,1)", '1', 2, "above 15");
    check("(1,100)", '1', 4, "above 15");
    check("(0,0)", '(', 1, "(0,0)");
}

#[test]
fn error_half() {
    check("hW", 'h', 1, "'h' must directly follow");
    check("vhW", 'h', 2, "'h' must directly follow");
    check("fmhN", 'h', 3, "'h' must directly follow");
}

#[test]
fn error_crooked_leaper() {
    check("zW", 'z', 1, "crooked needs a rider");
    check("fzN", 'z', 2, "crooked needs a rider");
    check("zK", 'z', 1, "crooked needs a rider");
    check("zR1", 'z', 1, "crooked needs a rider");
}

#[test]
fn error_conflicting_modifiers() {
    check("pgR", 'g', 2, "cannot be combined with 'p'");
    check("gnQ", 'n', 2, "cannot be combined with 'g'");
    check("npN", 'p', 2, "cannot be combined with 'n'");
    // `n` with `p` is fine on a non-final leg (`p` there is about the square the leg ends on).
    assert!(parse("npDafW").is_ok());
}

#[test]
fn error_too_many_moves() {
    assert_eq!(parse("QaQaQaQ").unwrap().moves.len(), 4096);
    check("QaQaQaQaQ", 'a', 8, "more than 4096 moves");
    // The limit holds for the whole string too, so a long string cannot make the parser expand
    // (and de-duplicate) chain after chain: it stops at the chain that crosses it.
    check("QaQaQaQmW", 'm', 8, "more than 4096 moves");
    let long = "QaQaQamQ".repeat(3000);
    let started = std::time::Instant::now();
    check(&long, 'Q', 9, "more than 4096 moves");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn error_message_cuts_a_long_input() {
    let long = format!("x{}", "W".repeat(100_000));
    let msg = error(&long).to_string();
    assert!(msg.len() < 200, "{msg}");
    assert!(
        msg.contains("(100001 characters)") && msg.contains("position 1:"),
        "{msg}"
    );
}
