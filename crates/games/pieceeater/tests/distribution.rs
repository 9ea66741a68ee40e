//! The PieceEater's random step, over many seeds: from a fixed position the squares it takes are
//! exactly the allowed ones, each about equally often (a chi-square bound). A plausible wrong rule -
//! roll the die once and, on a forbidden face, take the next allowed face in the die's order - is
//! shown to fail the same bound, so the test can tell the difference.

use messhall_catalog::builtin;
use messhall_rules::{Game, Position, Square};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Games (seeds) to play.
const SEEDS: u64 = 4_000;
/// Chi-square critical value for 5 degrees of freedom (six squares) at p = 0.001.
const CHI2_BOUND: f64 = 20.52;

/// The PieceEater on d4 having just left e5 (rule 1, `r0` added below), the Black King on b6
/// (rule 2 forbids c5, next to it), the White King on h1: after White's Ra1-a2 (not next to the
/// PieceEater) six squares remain.
const FEN: &str = "8/8/1k6/8/3*4/8/8/R6K[] w - - 0 1";

fn chi_square(counts: &[u64]) -> f64 {
    let n: u64 = counts.iter().sum();
    let expected = n as f64 / counts.len() as f64;
    counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum()
}

#[test]
fn random_steps_are_uniform_over_the_allowed_squares() {
    let v = Arc::new(builtin("pieceeater").unwrap());
    let e5 = 1 + "e5".parse::<Square>().unwrap().index();
    let start = Position::from_fen(&v, &format!("{FEN} r0={e5}")).unwrap();
    let mv = v.parse_move(&start, "a1a2").unwrap();
    let pending = start.play_unchecked(&v, &mv);
    let allowed: Vec<Square> = v.chance(&pending).unwrap().outcomes.iter().map(|o| o.to).collect();
    let names: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
    // Around d4 in die order: c5 (next to b6), d5, e5 (left last), c4, e4, c3, d3, e3.
    assert_eq!(names, ["d5", "c4", "e4", "c3", "d3", "e3"]);
    let mut counts: BTreeMap<Square, u64> = BTreeMap::new();
    for seed in 0..SEEDS {
        let mut game = Game::with_seed(v.clone(), start.clone(), seed);
        game.play(mv);
        let steps = game.chances_since_last_move();
        assert_eq!(steps.len(), 1);
        assert!(
            allowed.contains(&steps[0].to),
            "seed {seed}: stepped to {}",
            steps[0].to
        );
        *counts.entry(steps[0].to).or_default() += 1;
    }
    let counts: Vec<u64> = allowed.iter().map(|s| counts.get(s).copied().unwrap_or(0)).collect();
    let chi2 = chi_square(&counts);
    assert!(chi2 < CHI2_BOUND, "chi-square {chi2:.2} for {counts:?}");

    // The wrong rule: one roll of the eight-sided die, then the next allowed face.
    let mut dice = messhall_dice::SeededDice::new(1);
    let faces_allowed = [false, true, false, true, true, true, true, true]; // c5, d5, e5, c4, e4, c3, d3, e3
    let mut wrong = [0u64; 8];
    for _ in 0..SEEDS {
        let mut face = messhall_dice::Dice::below(&mut dice, 8) as usize;
        while !faces_allowed[face] {
            face = (face + 1) % 8;
        }
        wrong[face] += 1;
    }
    let wrong: Vec<u64> = (0..8).filter(|&f| faces_allowed[f]).map(|f| wrong[f]).collect();
    assert!(chi_square(&wrong) > CHI2_BOUND, "the wrong rule passes: {wrong:?}");
}
