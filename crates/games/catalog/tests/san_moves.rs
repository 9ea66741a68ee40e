//! SAN of the moves that only the food games have, each written out by hand from
//! docs/notation.md: pawn kinds with their letters, pawns told apart by their from-squares, the
//! powers (rifle, withdrawal, katana), promotion, and check marks only where there is check.

mod common;

use messhall_catalog::builtin;
use messhall_rules::{Position, Variant};

fn at(v: &Variant, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The SAN of each move given in coordinates.
fn sans(v: &Variant, pos: &Position, coordinates: &[&str]) -> Vec<String> {
    coordinates
        .iter()
        .map(|c| {
            let mv = v.parse_move(pos, c).unwrap_or_else(|e| panic!("{c}: {e}"));
            v.san(pos, &mv)
        })
        .collect()
}

/// The coordinates of the move each text names.
fn read(v: &Variant, pos: &Position, texts: &[&str]) -> Vec<String> {
    texts
        .iter()
        .map(|t| {
            v.parse_move(pos, t)
                .unwrap_or_else(|e| panic!("{t}: {e}"))
                .to_coordinates(v)
        })
        .collect()
}

fn twelve(pieces: &str) -> String {
    common::fen_from_pieces(12, 12, pieces, 'w', "-")
}

#[test]
fn food_fight_piglets_write_their_letter() {
    let v = builtin("foodfight").unwrap();
    let pos = v.start();
    // The Fish pawn's double step and the Piglet's diagonal leap both reach c5.
    // The Fish pawn's double step and the Piglet's diagonal leap both reach c5; a Fish pawn and a
    // Piglet both step to d4; two Piglets step to f4.
    let moves = ["c3c5", "e3c5", "d3d4", "e3d4", "e3f4", "g3f4"];
    assert_eq!(sans(&v, &pos, &moves), ["c5", "Gc5", "d4", "Gd4", "Gef4", "Ggf4"]);
    assert_eq!(
        read(&v, &pos, &["c5", "Gc5", "Pc5", "Gxd4", "d3-d4", "Ge3f4"]),
        ["c3c5", "e3c5", "c3c5", "e3d4", "d3d4", "e3f4"]
    );
    let e = v.parse_move(&pos, "Gc4").unwrap_err().to_string();
    assert!(e.contains("not legal"), "{e}");
}

#[test]
fn food_fight_pawns_of_one_kind_are_told_apart_by_their_squares() {
    let v = builtin("foodfight").unwrap();
    // A Fish pawn steps forward from d3 and back from d5 onto d4: the file cannot tell them apart.
    let pos = at(&v, &twelve("Kg1 kg12 Pd3 Pd5"));
    assert_eq!(sans(&v, &pos, &["d3d4", "d5d4", "d5d6"]), ["d3d4", "d5d4", "d6"]);
    // Piglets on c3 (forward) and e5 (back) reach d4; the one on e5 also steps back to e4.
    let pos = at(&v, &twelve("Kg1 kg12 Gc3 Ge5"));
    assert_eq!(sans(&v, &pos, &["c3d4", "e5d4", "e5e4"]), ["Gcd4", "Ged4", "Ge4"]);
    assert_eq!(read(&v, &pos, &["Gcd4", "Ge5d4", "Ge4"]), ["c3d4", "e5d4", "e5e4"]);
    let e = v.parse_move(&pos, "Gd4").unwrap_err().to_string();
    assert!(e.contains("ambiguous") && e.contains("Gcd4 or Ged4"), "{e}");
}

#[test]
fn food_fight_promotion_names_the_new_piece() {
    let v = builtin("foodfight").unwrap();
    // The Rhubarb gives check along the last rank.
    let pos = at(&v, &twelve("Kg1 kg12 Pd11 Gk11"));
    assert_eq!(
        sans(&v, &pos, &["d11d12i", "d11d12r", "k11l12n"]),
        ["d12=I", "d12=R+", "Gl12=N"]
    );
    assert_eq!(
        read(&v, &pos, &["d12=R", "d12R+", "Gl12=N"]),
        ["d11d12r", "d11d12r", "k11l12n"]
    );
}

#[test]
fn friendly_pawn_kinds_write_their_letters() {
    let v = builtin("friendly").unwrap();
    let pos = v.start();
    // The Standard pawn on b3 and the Berolina on c3 both reach b4; Berolina, Chicken and
    // Scorpion reach d4.
    assert_eq!(
        sans(&v, &pos, &["b3b4", "c3b4", "c3d4", "d3d4", "f3d4", "a3a4", "e3e4"]),
        ["b4", "Eb4", "Ed4", "Yd4", "Zd4", "Xa4", "Ve4"]
    );
}

#[test]
fn friendly_powers_have_their_own_marks() {
    let v = builtin("friendly").unwrap();
    // A Friend guarded by an Impala (knight leaps) and an Archer (knight-distance rifle) may both
    // take the Buffalo on f6 by moving and shoot it: two moves.
    let pos = at(&v, &twelve("Fe4 Fa1 Id2 Af2 uf6 fk12 fl12"));
    assert_eq!(sans(&v, &pos, &["e4f6", "e4f6,f6e4"]), ["Fxf6", "F^f6"]);
    assert_eq!(read(&v, &pos, &["Fxf6", "F^f6", "Ff6"]), ["e4f6", "e4f6,f6e4", "e4f6"]);
    // Withdrawal and katana name the victim, then where the mover lands.
    let pos = at(&v, &twelve("He4 Kc3 ue3 ud6 Fa1 Fb1 fk12 fl12"));
    assert_eq!(sans(&v, &pos, &["e4e5", "c3d6,d6e9"]), ["Hxe3-e5", "Kxd6-e9"]);
}

#[test]
fn check_marks_only_where_there_is_check() {
    // The same Rook move attacks the King: a check in chess and in PieceEater Chess played to
    // mate, nothing in PieceEater Chess, where a King is captured, not mated.
    let fen = "4k3/8/8/8/7*/8/8/R3K3[] w - - 0 1";
    for (name, san) in [("chess", "Ra8+"), ("pieceeater-mate", "Ra8+"), ("pieceeater", "Ra8")] {
        let v = builtin(name).unwrap();
        let fen = if name == "chess" {
            fen.replace("7*", "8").replace("[]", "")
        } else {
            fen.into()
        };
        assert_eq!(sans(&v, &at(&v, &fen), &["a1a8"]), [san], "{name}");
    }
}
