//! Piece values in a variant file are held to a range the search can sum without overflow.

use messhall_rules::{MAX_VALUE, Variant};

const CHESS: &str = include_str!("../../../games/catalog/variants/chess.toml");

fn with_queen_value(value: &str) -> Result<Variant, String> {
    let text = CHESS.replace("value = 900", &format!("value = {value}"));
    assert_ne!(text, CHESS, "the chess file gives the Queen 900");
    let spec = Variant::spec_from_toml("chess", &text).map_err(|e| e.to_string())?;
    Variant::new("chess", &spec).map_err(|e| e.to_string())
}

#[test]
fn a_value_beyond_the_range_is_refused_with_the_piece_named() {
    assert!(with_queen_value(&MAX_VALUE.to_string()).is_ok());
    assert!(with_queen_value(&(-MAX_VALUE).to_string()).is_ok());
    for value in ["10001", "-10001", "2000000000"] {
        let err = with_queen_value(value).unwrap_err();
        assert!(err.contains("\"Queen\"") && err.contains(value), "{err}");
        assert!(!err.contains('\n'), "{err}");
    }
}

#[test]
fn a_derived_value_stays_within_the_range() {
    // A rider of every shape up to (5,5) at once (200 characters, the most a field may have), a
    // piece far beyond any game's.
    let many: String = (1..=5)
        .flat_map(|a| (0..=a).map(move |b| format!("({a},{b})({a},{b})")))
        .collect();
    let text = CHESS
        .replacen("betza = \"Q\"\nvalue = 900", &format!("betza = \"{many}\""), 1)
        .replace(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR",
        );
    // (Off the board: from d1 it would check the King at once.)
    assert_ne!(text, CHESS);
    let v = Variant::new("chess", &Variant::spec_from_toml("chess", &text).unwrap()).unwrap();
    let queen = v.role_by_letter('Q').unwrap();
    let value = v.role(queen).value;
    assert!(value > 2000 && value <= MAX_VALUE, "{value}");
}
