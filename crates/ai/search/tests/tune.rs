//! Tuning on a tiny seeded run is reproducible and fits positions it has not seen better.

use messhall_search::Weights;
use messhall_search::tune::{TuneOptions, tune};
use std::sync::Arc;

#[test]
fn a_tiny_seeded_run_is_deterministic_and_lowers_the_held_out_loss() {
    let v = Arc::new(messhall_games::builtin("chess").unwrap());
    let options = TuneOptions {
        games: 10,
        depth: 1,
        seed: 7,
    };
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
