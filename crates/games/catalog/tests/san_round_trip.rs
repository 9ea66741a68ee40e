//! SAN identifies every move: in positions reached by seeded random playouts from the start of
//! every built-in variant, of every variant file in `examples/variants/` and of the fairy-piece
//! zoo, each legal move's SAN is written by no other legal move, and reads back to exactly that
//! move (check marks included).

mod common;

use messhall_rules::{Position, Variant};
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Every variant to test, compiled once for all cases.
fn variants() -> &'static [Variant] {
    static ALL: OnceLock<Vec<Variant>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<Variant> = messhall_catalog::BUILTINS
            .iter()
            .map(|b| messhall_catalog::builtin(b.name).unwrap_or_else(|| panic!("{} compiles", b.name)))
            .collect();
        let dir = format!("{}/../../../examples/variants", env!("CARGO_MANIFEST_DIR"));
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no variant files in {dir}");
        for path in files {
            let path = path.to_string_lossy().into_owned();
            all.push(messhall_catalog::load(&path).unwrap_or_else(|e| panic!("{e}")));
        }
        all.push(common::zoo());
        all
    })
}

/// How many legal moves one walk checks at most: games of few moves go deeper (to promotions,
/// castling and drops), games of many moves (the 12x12 ones) stop sooner, and the test stays within
/// seconds.
const MOVES_PER_WALK: usize = 1200;

/// Checks every legal move of `pos`: its SAN is unique and reads back to it. Returns how many.
fn check_sans(v: &Variant, pos: &Position, played: &[String]) -> usize {
    let legal = v.legal_moves(pos);
    let sans = v.legal_moves_san(pos);
    assert_eq!(sans.len(), legal.len());
    if let Some((mv, san)) = sans.first() {
        assert_eq!(*san, v.san(pos, mv), "san and legal_moves_san differ");
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, (mv, san)) in sans.iter().enumerate() {
        assert_eq!(*mv, legal[i]);
        if let Some(j) = seen.insert(san, i) {
            panic!(
                "{}: {san} names both {:?} and {:?} in {} (after {played:?})",
                v.name(),
                legal[j],
                mv,
                pos.to_fen(v)
            );
        }
        match v.parse_move(pos, san) {
            Ok(read) => assert_eq!(
                read,
                *mv,
                "{}: {san} reads back as another move in {} (after {played:?})",
                v.name(),
                pos.to_fen(v)
            ),
            Err(e) => panic!("{}: {san} does not read back in {}: {e}", v.name(), pos.to_fen(v)),
        }
    }
    legal.len()
}

/// Plays random plies of `v` from its start as `choices` pick them (chance events too), and checks
/// the SANs of every position on the way, until [`MOVES_PER_WALK`] moves are checked.
fn walk(v: &Variant, choices: &[u16]) {
    let mut pos = v.start();
    let mut played = Vec::new();
    let mut checked = 0;
    for &choice in choices {
        if checked >= MOVES_PER_WALK {
            break;
        }
        let pick = usize::from(choice);
        if let Some(event) = v.chance(&pos) {
            let outcomes = &event.outcomes;
            let Some(o) = outcomes.get(pick % outcomes.len().max(1)) else {
                break;
            };
            pos = v.resolve(&pos, o);
            continue;
        }
        checked += check_sans(v, &pos, &played);
        let moves = v.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves[pick % moves.len()];
        played.push(mv.to_coordinates(v));
        pos = pos.play_unchecked(v, &mv);
    }
}

proptest! {
    // Each case walks every variant; the Friendly game's moves dominate the time.
    #![proptest_config(ProptestConfig::with_cases(3))]

    #[test]
    fn san_is_unique_and_reads_back(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        for v in variants() {
            walk(v, &choices);
        }
    }
}
