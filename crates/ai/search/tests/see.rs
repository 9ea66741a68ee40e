//! Static exchange evaluation on positions whose exchanges are counted by hand.

use messhall_rules::{Position, Variant};
use messhall_search::eval::Evaluator;
use messhall_search::see::see;

fn exchange(name: &str, fen: &str, mv: &str) -> (i32, Evaluator, Variant) {
    let v = messhall_catalog::builtin(name).unwrap();
    let pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mv = v.parse_move(&pos, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    let eval = Evaluator::new(&v);
    (see(&v, &eval, &pos, &mv), eval, v)
}

fn value(v: &Variant, eval: &Evaluator, letter: char) -> i32 {
    let (role, _) = v.roles().find(|(_, r)| r.letter == letter).unwrap();
    eval.value(role)
}

#[test]
fn an_undefended_piece_is_won_whole() {
    let (gain, eval, v) = exchange("chess", "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1", "Qxd5");
    assert_eq!(gain, value(&v, &eval, 'N'));
}

#[test]
fn a_queen_taking_a_defended_pawn_loses_the_difference() {
    let (gain, eval, v) = exchange("chess", "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "Qxd5");
    assert_eq!(gain, value(&v, &eval, 'P') - value(&v, &eval, 'Q'));
}

#[test]
fn a_second_attacker_behind_the_first_joins_the_exchange() {
    let p = |v: &Variant, e: &Evaluator, l| value(v, e, l);
    // Rxd5 exd5 Rxd5: knight and pawn for a rook.
    let (gain, eval, v) = exchange("chess", "4k3/8/4p3/3n4/8/8/3R4/3RK3 w - - 0 1", "Rxd5");
    assert_eq!(gain, p(&v, &eval, 'N') + p(&v, &eval, 'P') - p(&v, &eval, 'R'));
    // Defended once by a rook, attacked by two: Rxd5 Rxd5 Rxd5 wins the knight.
    let (gain, eval, v) = exchange("chess", "3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "Rxd5");
    assert_eq!(gain, p(&v, &eval, 'N'));
}

#[test]
fn the_least_valuable_piece_takes_back_first() {
    // Nxe5: the pawn on e5 is defended by the d6 pawn and the queen; the pawn takes back, and the
    // knight is lost for a pawn.
    let (gain, eval, v) = exchange("chess", "4k3/8/3p4/4p3/8/5N2/8/3QK3 w - - 0 1", "Nxe5");
    assert_eq!(gain, value(&v, &eval, 'P') - value(&v, &eval, 'N'));
}

#[test]
fn a_cannon_rider_takes_back_over_its_screen() {
    // Food Fight: Black's Pancake on a4 guards d10 along its nightrider line (b6, c8, d10) over
    // the Fish pawn on c8; the Rhubarb that takes the Fish pawn on d10 is lost for it.
    let (gain, eval, v) = exchange(
        "foodfight",
        "6k5/12/3p8/12/2p9/12/12/12/n11/12/12/3R2K5 w - - 0 1",
        "d1d10",
    );
    assert_eq!(gain, value(&v, &eval, 'P') - value(&v, &eval, 'R'));
    // Without the screen the Pancake does not guard d10: the pawn is won.
    let (gain, eval, v) = exchange(
        "foodfight",
        "6k5/12/3p8/12/12/12/12/12/n11/12/12/3R2K5 w - - 0 1",
        "d1d10",
    );
    assert_eq!(gain, value(&v, &eval, 'P'));
}

#[test]
fn a_rifle_takes_back_without_moving() {
    // The Friendly game's Sniper shoots at a (0,5) offset, so the Black Sniper on d7 guards d2
    // without being able to move there: a White Lady in Waiting that takes the pawn on d2 is
    // shot, a pawn for the Lady.
    let v = messhall_catalog::builtin("friendly").unwrap();
    let eval = Evaluator::new(&v);
    let letter = |name: &str| v.roles().find(|(_, r)| r.name == name).map(|(_, r)| r.letter).unwrap();
    let (sniper, lady, pawn, friend) = (
        letter("Sniper"),
        letter("Lady in Waiting"),
        letter("Standard Pawn"),
        letter("Friend"),
    );
    let fen = format!(
        "{f}11/12/12/12/12/3{s}8/12/12/12/12/3{p}{L}7/{F}11 w - - 0 1",
        f = friend.to_ascii_lowercase(),
        F = friend,
        s = sniper.to_ascii_lowercase(),
        p = pawn.to_ascii_lowercase(),
        L = lady,
    );
    let pos = Position::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mv = v.parse_move(&pos, "e2d2").unwrap();
    let value = |l: char| eval.value(v.roles().find(|(_, r)| r.letter == l).unwrap().0);
    assert_eq!(see(&v, &eval, &pos, &mv), value(pawn) - value(lady));
}

/// `see_below` answers `see(...) < threshold` for every legal move and several thresholds, in
/// chosen positions (a recapture that promotes, Kiwipete) and along a game of each built-in game.
#[test]
fn the_bounds_never_change_the_answer() {
    use messhall_search::see::see_below;
    let check = |v: &Variant, eval: &Evaluator, pos: &Position| {
        for mv in v.legal_moves(pos) {
            let full = see(v, eval, pos, &mv);
            for threshold in [-900, -300, -120, -60, 0, 1, 60, 200] {
                assert_eq!(
                    see_below(v, eval, pos, &mv, threshold),
                    full < threshold,
                    "{} below {threshold} in {}",
                    mv.to_coordinates(v),
                    pos.to_fen(v)
                );
            }
        }
    };
    let chess = messhall_catalog::builtin("chess").unwrap();
    let eval = Evaluator::new(&chess);
    for fen in [
        "4k3/8/8/8/8/8/1p6/R3K3 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        check(&chess, &eval, &Position::from_fen(&chess, fen).unwrap());
    }
    for game in messhall_catalog::BUILTINS {
        let v = messhall_catalog::builtin(game.name).unwrap();
        let eval = Evaluator::new(&v);
        let mut pos = v.start();
        for ply in 0..40usize {
            if let Some(event) = v.chance(&pos).filter(|e| !e.outcomes.is_empty()) {
                pos = v.resolve(&pos, &event.outcomes[ply % event.outcomes.len()]);
                continue;
            }
            check(&v, &eval, &pos);
            let moves = v.legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(&v, &moves[(ply * 7 + 3) % moves.len()]);
        }
    }
}
