//! Weights and piece values at their limits, or beyond them, are refused or held below the mate
//! band: a weights file never panics the engine, and no static score reads as a mate.

use messhall_rules::{Position, Variant};
use messhall_search::weights::MAX_FILE_BYTES;
use messhall_search::{Engine, Limits, Options, Score, Weights, WeightsError};
use std::sync::Arc;

fn chess() -> Arc<Variant> {
    Arc::new(messhall_catalog::builtin("chess").unwrap())
}

/// Chess with a Queen worth `value`, the most a variant file may give.
fn heavy_queen(value: i32) -> Arc<Variant> {
    let text = messhall_catalog::BUILTINS[0]
        .text
        .replace("value = 900", &format!("value = {value}"))
        .replacen("name = \"chess\"", "name = \"heavy-queen\"", 1);
    assert!(text.contains(&format!("value = {value}")) && text.contains("heavy-queen"));
    Arc::new(messhall_catalog::from_toml("heavy-queen.toml", &text).unwrap())
}

/// Every weight of `v` at `x`.
fn all_weights(v: &Variant, x: i32) -> Weights {
    let mut w = Weights::derived(v);
    let text: String = w
        .named()
        .iter()
        .filter(|(n, _)| !n.starts_with("mobility."))
        .map(|(n, _)| format!("{n} = [{x}, {x}]\n"))
        .collect();
    let mobility: String = w.mobility.keys().map(|n| format!("{n} = [{x}, {x}]\n")).collect();
    w = Weights::from_toml(v, &format!("{text}[mobility]\n{mobility}")).unwrap();
    w
}

#[test]
fn the_smallest_i32_weight_is_refused_not_a_panic() {
    let v = chess();
    for text in [
        "tempo = [-2147483648, 0]\n",
        "corner = [0, -2147483648]\n",
        "[mobility]\nQueen = [-2147483648, -2147483648]\n",
    ] {
        let e = Weights::from_toml(&v, text).unwrap_err();
        assert!(matches!(e, WeightsError::OutOfRange(_, i32::MIN)), "{text}: {e}");
        assert!(e.to_string().contains("-2147483648 is beyond +/-10000"), "{e}");
    }
}

/// A fuzz finding: a mobility weight named with 5,000 characters was echoed whole.
#[test]
fn an_unknown_piece_with_a_long_name_is_named_shortened() {
    let v = chess();
    let name = "Bisho".repeat(1000);
    let e = Weights::from_toml(&v, &format!("[mobility]\n{name} = [1, 1]\n")).unwrap_err();
    assert!(matches!(&e, WeightsError::UnknownPiece(n, _) if *n == name), "{e}");
    let line = e.to_string();
    assert!(line.starts_with("weights file: mobility names \"BishoBisho"), "{line}");
    assert!(line.chars().count() < 300 && !line.contains('\n'), "{line}");
}

#[test]
fn a_weights_file_is_bounded_before_it_is_read() {
    let v = chess();
    let path = std::env::temp_dir().join(format!("messhall-huge-{}.weights.toml", std::process::id()));
    // A valid file padded past the cap with a comment: refused from its size, unread.
    let mut text = String::from("tempo = [20, 20]\n#");
    text.push_str(&"x".repeat(MAX_FILE_BYTES as usize));
    std::fs::write(&path, &text).unwrap();
    let e = Weights::from_file(&v, &path).unwrap_err();
    assert!(e.to_string().contains("is larger than 65536 bytes"), "{e}");
    std::fs::write(&path, "tempo = [20, 20]\n").unwrap();
    assert_eq!(Weights::from_file(&v, &path).unwrap().tempo, [20, 20]);
    std::fs::remove_file(&path).unwrap();
    #[cfg(unix)]
    {
        let e = Weights::from_file(&v, std::path::Path::new("/dev/zero")).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }
}

/// Searches `fen` of `v` to `depth` with `weights`.
fn search(v: &Arc<Variant>, weights: &Weights, fen: &str, depth: u32) -> messhall_search::SearchInfo {
    let mut engine = Engine::new(v.clone(), &Options::default());
    engine.set_weights(weights);
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    engine.search(&pos, &[], &Limits::depth(depth), &mut |_| {}).unwrap()
}

#[test]
fn values_and_weights_at_their_limits_give_no_mate_scores() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // A Queen of 10,000 up: far more than the mate band, held below it.
    let up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let v = heavy_queen(10_000);
    for fen in [start, up] {
        let info = search(&v, &Weights::for_variant(&v), fen, 3);
        assert!(matches!(info.score, Score::Cp(_)), "{fen}: {:?}", info.score);
        assert_eq!(info.depth, 3, "{fen}");
    }
    let v = chess();
    for x in [10_000, -10_000] {
        for fen in [start, up] {
            let info = search(&v, &all_weights(&v, x), fen, 3);
            assert!(
                matches!(info.score, Score::Cp(_)),
                "weights {x}, {fen}: {:?}",
                info.score
            );
            assert_eq!(info.depth, 3, "weights {x}, {fen}");
        }
    }
}

#[test]
fn four_heavy_queens_still_find_the_mate_in_two() {
    // Plain chess mates in two here; with Queens of 10,000 the static scores once reached the
    // mate band, the search stopped at depth 1 and played a Queen move that mates nothing.
    for fen in ["6k1/8/8/8/8/8/8/1QQQQ1K1 w - - 0 1", "4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1"] {
        let v = chess();
        assert_eq!(
            search(&v, &Weights::for_variant(&v), fen, 4).score,
            Score::Mate(2),
            "{fen}"
        );
        let v = heavy_queen(10_000);
        let heavy = search(&v, &Weights::for_variant(&v), fen, 4);
        assert_eq!(heavy.score, Score::Mate(2), "{fen}");
        assert_eq!(heavy.depth, 4, "{fen}");
    }
}
