//! Tuning on a tiny seeded run is reproducible and fits positions it has not seen better.

use messhall_search::Weights;
use messhall_search::tune::{TuneOptions, tune};
use std::sync::Arc;

#[test]
fn a_tiny_seeded_run_is_deterministic_and_lowers_the_held_out_loss() {
    let v = Arc::new(messhall_games::builtin("chess").unwrap());
    // Depth 2: games at depth 1 are too near random for a tiny run to say anything about positions
    // it has not seen (its held-out loss rose in most seeds); at depth 2 it fell in 9 of 10.
    let options = TuneOptions::new(16, 2, 1);
    let start = Weights::derived(&v);
    let first = tune(&v, &start, &options, &mut |_| {}).unwrap();
    let again = tune(&v, &start, &options, &mut |_| {}).unwrap();
    assert_eq!(first.weights, again.weights);
    assert_eq!(first.held_out_after.to_bits(), again.held_out_after.to_bits());
    println!("{first:?}");
    assert!(first.held_out > 0 && first.training > first.held_out);
    assert!(
        first.held_out_after < first.held_out_before,
        "held-out loss {} before, {} after",
        first.held_out_before,
        first.held_out_after
    );
    assert_ne!(first.weights, start);
}

#[test]
fn kept_terms_stay_where_they_start_and_unknown_ones_are_refused() {
    let v = Arc::new(messhall_games::builtin("chess").unwrap());
    let start = Weights::derived(&v);
    let options = TuneOptions {
        keep: vec!["royal_centre".into(), "mobility.King".into()],
        ..TuneOptions::new(10, 1, 7)
    };
    let report = tune(&v, &start, &options, &mut |_| {}).unwrap();
    assert_eq!(report.weights.royal_centre, start.royal_centre);
    assert_eq!(report.weights.mobility["King"], start.mobility["King"]);
    assert_ne!(report.weights, start);

    for bad in ["royal_center", "mobility.Dragon"] {
        let options = TuneOptions {
            keep: vec![bad.into()],
            ..TuneOptions::new(10, 1, 7)
        };
        let e = tune(&v, &start, &options, &mut |_| {}).unwrap_err();
        assert!(e.contains(bad) && !e.contains('\n'), "{e}");
    }
}
