//! The evaluation's terms: the score is its features weighed, each term counts what it says on
//! positions built for it, and weights files are read with clear refusals.

use messhall_rules::{Position, Variant};
use messhall_search::Weights;
use messhall_search::eval::{self, Evaluator, GLOBAL_TERMS, PHASE_MAX};

fn variant(name: &str) -> Variant {
    messhall_catalog::builtin(name).unwrap()
}

fn features(v: &Variant, fen: &str) -> eval::Features {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Evaluator::new(v).features(v, &pos)
}

/// The score is the fixed part plus every term's count times its blended weight, in every game.
#[test]
fn the_score_is_its_features_weighed() {
    for name in ["chess", "calorie", "foodfight", "friendly", "pieceeater"] {
        let v = variant(name);
        let e = Evaluator::new(&v);
        let mut pos = v.start();
        for ply in 0..12 {
            let f = e.features(&v, &pos);
            let mut sum = 0i64;
            for (k, (count, w)) in f.terms.iter().zip(e.term_weights()).enumerate() {
                let blended = i64::from(w[0]) * i64::from(f.phase) + i64::from(w[1]) * i64::from(PHASE_MAX - f.phase);
                sum += i64::from(*count) * blended * 100 / Evaluator::term_divisor(k);
            }
            let (w, c) = (e.weights().close_in, e.weights().corner);
            let hunt = f.hunt[0].score(w, c) - f.hunt[1].score(w, c);
            let expected = f.fixed + hunt + (sum / (100 * i64::from(PHASE_MAX))) as i32;
            assert_eq!(e.evaluate(&v, &pos), expected, "{name} ply {ply}");
            let moves = v.legal_moves(&pos);
            let Some(mv) = moves.get(ply * 7 % moves.len().max(1)) else {
                break;
            };
            pos = pos.play_unchecked(&v, mv);
            while let Some(o) = v.chance(&pos).and_then(|e| e.outcomes.first().copied()) {
                pos = v.resolve(&pos, &o);
            }
        }
    }
}

/// The hunt of a royal is two weights of the file, `close_in` and `corner`, whose derived values
/// are the constants the evaluation had before they were weights; a file that leaves them out
/// keeps those, and a file's values change exactly what they weigh.
#[test]
fn the_royal_hunt_is_weighed_by_the_file() {
    for b in messhall_catalog::BUILTINS {
        let v = variant(b.name);
        let derived = Weights::derived(&v);
        assert_eq!(derived.close_in, [0, eval::CHASE_CP], "{}", b.name);
        assert_eq!(derived.corner, [0, eval::CORNER_CP], "{}", b.name);
        let w = Weights::from_toml(&v, "tempo = [20, 5]\n").unwrap();
        assert_eq!((w.close_in, w.corner), (derived.close_in, derived.corner), "{}", b.name);
    }
    // Two Rooks beside a bare King (PieceEater: taking it wins; chess: it is mated).
    for name in ["pieceeater", "chess"] {
        let v = variant(name);
        let pos = Position::from_fen(&v, "8/8/3k4/2R1R3/8/8/8/7K w - - 0 1").unwrap();
        let mut e = Evaluator::new(&v);
        e.set_weights(&v, &Weights::derived(&v));
        let f = e.features(&v, &pos);
        // The Rooks are a step from the King (6 each inside the range of 7), White's King five
        // away (2); the bare King stands 2 steps from the centre.
        assert_eq!(
            (f.hunt[0].phase, f.hunt[0].near, f.hunt[0].corner),
            (0, 14, 2),
            "{name}"
        );
        // Black hunts too where taking a royal wins (its King is 5 steps from White's, and White
        // keeps 80 of 256 of its pieces), not in chess.
        let black = if name == "pieceeater" {
            eval::Hunt {
                phase: 80,
                near: 2,
                corner: 0,
            }
        } else {
            eval::Hunt::default()
        };
        assert_eq!(f.hunt[1], black, "{name}");
        let before = e.evaluate(&v, &pos);
        let w = Weights::from_toml(&v, "close_in = [0, 20]\ncorner = [0, 3]\n").unwrap();
        e.set_weights(&v, &w);
        // Black's part: 12 and then 20 centipawns a step, times 176/256 (White's phase is 80).
        let black = 20 * 176 * black.near / 256 - 12 * 176 * black.near / 256;
        assert_eq!(
            e.evaluate(&v, &pos) - before,
            (20 - 12) * 14 + (3 - 10) * 2 - black,
            "{name}"
        );
    }
    // Where taking a royal wins, the hunt counts with every piece on the board, blended by the
    // hunted side's phase: nothing at the start with the derived weights, the middle-game weight
    // with a file's.
    let v = variant("pieceeater");
    let mut e = Evaluator::new(&v);
    e.set_weights(&v, &Weights::derived(&v));
    let mut start = v.start();
    let e4 = v
        .legal_moves(&start)
        .into_iter()
        .find(|m| v.san(&start, m) == "e4")
        .unwrap();
    start = start.play_unchecked(&v, &e4);
    while let Some(o) = v.chance(&start).and_then(|e| e.outcomes.first().copied()) {
        start = v.resolve(&start, &o);
    }
    let f = e.features(&v, &start);
    assert_ne!(f.hunt[0].near, f.hunt[1].near, "{f:?}");
    assert_eq!(f.hunt[0].phase, PHASE_MAX);
    assert!(f.hunt[0].near > 0, "{f:?}");
    let before = e.evaluate(&v, &start);
    e.set_weights(
        &v,
        &Weights::from_toml(&v, "close_in = [4, 12]\ncorner = [0, 10]\n").unwrap(),
    );
    let after = e.features(&v, &start);
    assert_eq!(after.hunt, f.hunt);
    assert_eq!(e.evaluate(&v, &start) - before, 4 * (f.hunt[0].near - f.hunt[1].near));
}

#[test]
fn pawn_structure_in_chess() {
    let v = variant("chess");
    // White: a passed pawn on d5, doubled and isolated pawns on h2 and h3. Black: a pawn on a7
    // (passed too: nothing of White's on the a- or b-file ahead of it).
    let f = features(&v, "4k3/p7/8/3P4/8/7P/7P/4K3 w - - 0 1");
    assert!(f.terms[eval::PASSED] > 0, "{f:?}");
    // Doubled: the h2 pawn has h3 on its path; isolated: d5, h2 and h3 against a7.
    assert_eq!(f.terms[eval::DOUBLED], 1);
    assert_eq!(f.terms[eval::ISOLATED], 3 - 1);
    // A pawn blocked by a piece in front of it.
    let f = features(&v, "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert_eq!(f.terms[eval::BLOCKED], 1);
    // An enemy pawn on the file beside its path stops a pawn being passed.
    let f = features(&v, "4k3/4p3/8/8/8/8/3P4/4K3 w - - 0 1");
    assert_eq!(f.terms[eval::PASSED], 0);
}

#[test]
fn a_pawns_path_follows_its_own_forward_moves() {
    // Food Fight: a Black Fish pawn on g8 is beside nothing a White Fish pawn on e6 passes
    // through (straight up the e-file), but in the cone of a Piglet pawn's diagonal steps.
    let v = variant("foodfight");
    let fish = features(&v, "6k5/12/12/12/6p5/12/4P7/12/12/12/12/6K5 w - - 0 1");
    let piglet = features(&v, "6k5/12/12/12/6p5/12/4G7/12/12/12/12/6K5 w - - 0 1");
    // The Black pawn is passed in both (its path down the g-file passes beside no White pawn),
    // so White's pawn decides.
    assert!(
        fish.terms[eval::PASSED] > piglet.terms[eval::PASSED],
        "{fish:?} {piglet:?}"
    );
}

#[test]
fn castling_rights_and_attacks_next_to_the_royal_count() {
    let v = variant("chess");
    let f = features(&v, "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");
    assert_eq!(f.terms[eval::CASTLING], 2 - 1);
    // A White queen on h4 attacks e7, next to the Black King.
    let f = features(&v, "4k3/8/8/8/7Q/8/8/4K3 w - - 0 1");
    assert!(f.terms[eval::ROYAL_ATTACK] > 0, "{f:?}");
}

#[test]
fn weights_files_are_read_or_refused_in_one_line() {
    let v = variant("chess");
    let derived = Weights::derived(&v);
    assert_eq!(Weights::from_toml(&v, &derived.to_toml()).unwrap(), derived);
    let w = Weights::from_toml(&v, "tempo = [20, 5]\n[mobility]\nKnight = [7, 3]\n").unwrap();
    assert_eq!(
        (w.tempo, w.mobility["Knight"], w.mobility["Bishop"]),
        ([20, 5], [7, 3], [4, 4])
    );
    for (text, says) in [
        ("tempo = [1]\n", "weights file"),
        ("speed = [1, 2]\n", "speed"),
        ("[mobility]\nDragon = [1, 2]\n", "Dragon"),
        ("tempo = [1, 99999]\n", "99999"),
    ] {
        let e = Weights::from_toml(&v, text).unwrap_err().to_string();
        assert!(e.contains(says) && !e.contains('\n'), "{text:?}: {e}");
    }
    // One weight per term and per role, in feature order.
    let e = Evaluator::new(&v);
    assert_eq!(e.term_weights().len(), GLOBAL_TERMS + v.role_count());
    assert_eq!(&e.weights_from_terms(&v, e.term_weights()), e.weights());
}

/// A term a weights file leaves out keeps the variant's derived value, not the generic default:
/// a game without castling or without pawns keeps those terms at 0.
#[test]
fn terms_a_weights_file_leaves_out_keep_their_derived_values() {
    let mut some_differ = false;
    for b in messhall_catalog::BUILTINS {
        let v = variant(b.name);
        let derived = Weights::derived(&v);
        some_differ |= derived.castling != Weights::default().castling;
        let w = Weights::from_toml(&v, "tempo = [20, 5]\n").unwrap();
        assert_eq!(
            w,
            Weights {
                tempo: [20, 5],
                ..derived
            },
            "{}",
            b.name
        );
    }
    assert!(some_differ, "no built-in derives a global term away from its default");
}

/// Every built-in variant has a fitted weights file (issue 21), it reads without error, and
/// engines start from it; a variant of another name starts from the derived weights.
#[test]
fn the_built_in_weights_files_are_read() {
    for b in messhall_catalog::BUILTINS {
        let v = variant(b.name);
        let text =
            messhall_catalog::builtin_weights(b.name).unwrap_or_else(|| panic!("{}: no fitted weights file", b.name));
        let w = Weights::from_toml(&v, text).unwrap_or_else(|e| panic!("{}: {e}", b.name));
        assert_eq!(Weights::for_variant(&v), w, "{}", b.name);
        assert_eq!(Evaluator::new(&v).weights(), &w, "{}", b.name);
        // The first line says how the file was made, so the run can be repeated.
        let first = text.lines().next().unwrap_or_default();
        assert!(
            first.starts_with(&format!("# Fitted by `messhall tune {} ", b.name)) && first.contains("--seed"),
            "{}: {first}",
            b.name
        );
        // A file written for this game, given a piece it does not have, is refused in one line.
        let bad = format!("{text}Dragon = [1, 2]\n");
        let e = Weights::from_toml(&v, &bad).unwrap_err().to_string();
        assert!(e.contains("Dragon") && !e.contains('\n'), "{}: {e}", b.name);
    }
    let user = variant("chess").renamed("user-chess");
    assert_eq!(Weights::for_variant(&user), Weights::derived(&user));
}
