//! Learning a variant's evaluation weights from its own games (Texel's method): the engine plays
//! itself at a low depth from seeded random openings, the quiet positions of each game are
//! labelled with its result, and the weights are fitted so that the static score, through a
//! logistic curve, predicts the results (cross-entropy loss, gradient descent). The score is
//! linear in the weights ([`crate::eval::Features`]), so the fit never searches again. Every
//! step is seeded and single-threaded: the same options give the same weights.

use crate::baseline::greedy_step;
use crate::eval::{CLOSE_IN, CORNER, Evaluator, Features, GLOBAL_TERMS, PHASE_MAX};
use crate::weights::{MAX_WEIGHT, Pair, Weights};
use crate::{Engine, Limits, Options, SearchRng};
use messhall_rules::{Color, Game, Position, Variant};
use std::sync::Arc;

/// Random plies that open each self-play game (the engine plays the rest).
pub const OPENING_PLIES: usize = 8;
/// A self-play game still going after this many plies is scored a draw.
pub const MAX_PLIES: usize = 300;
/// Most nodes per self-play move, times the depth (a wide game's depth stays affordable).
pub const NODES_PER_DEPTH: u64 = 20_000;
/// Every this-many-th game's positions are held out of the fit, to measure it.
pub const HOLD_OUT_EVERY: usize = 5;
/// Gradient steps of the fit.
pub const FIT_STEPS: usize = 400;
/// Step size of the fit (centipawns a step at most, by Adam's normalisation).
pub const FIT_RATE: f64 = 0.5;
/// Pull of each weight toward where it started, in loss per centipawn squared over the whole
/// run (divided among its positions): a small run cannot move a weight far on little evidence,
/// a big one can. The default of [`TuneOptions::prior`].
pub const FIT_PRIOR: f64 = 0.5;

/// What a tuning run does.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneOptions {
    /// Self-play games.
    pub games: usize,
    /// Search depth of the self-play moves (player moves).
    pub depth: u32,
    /// Seed of the openings and the dice.
    pub seed: u64,
    /// Pull of each weight toward where it started ([`FIT_PRIOR`] by default): larger keeps the
    /// fitted weights nearer their start.
    pub prior: f64,
    /// Terms kept as they start, by the names of [`Weights::named`] (`royal_centre`,
    /// `mobility.King`): both their middle-game and end-game weights, or one of them with `.mg`
    /// or `.eg` after the name (`close_in.mg`).
    pub keep: Vec<String>,
    /// Fit only quiet positions: those whose quiescence score equals the static score (no
    /// capture or promotion changes it), as Texel's method has it. Without it every position
    /// where the move played was quiet counts, also one where a capture is waiting.
    pub quiet_only: bool,
    /// Leave out the games stopped at [`MAX_PLIES`]: their "draw" is no result.
    pub finished_only: bool,
    /// Fit the logistic curve's scale in the middle game and the end game apart (blended by the
    /// phase), so that where a centipawn of material predicts the results more or less sharply in
    /// one phase (material is not fitted) the positional weights are not bent to make up for it.
    pub phase_scale: bool,
    /// Keep a weight as it starts where fewer fitted positions than this count its term in its
    /// phase: a position counts as much as it stands in that weight's phase (a term counted only
    /// in end games has no middle-game positions at all). 0 (the default) fits every weight.
    pub min_positions: f64,
}

impl TuneOptions {
    /// `games` self-play games at `depth` from `seed`, with the default pull and no term kept.
    pub fn new(games: usize, depth: u32, seed: u64) -> TuneOptions {
        TuneOptions {
            games,
            depth,
            seed,
            prior: FIT_PRIOR,
            keep: Vec::new(),
            quiet_only: false,
            finished_only: false,
            phase_scale: false,
            min_positions: 0.0,
        }
    }
}

/// A labelled position: its features, the side to move, and the game's result for White.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position's features.
    pub features: Features,
    /// Whether White was to move.
    pub white_to_move: bool,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f64,
}

/// What a tuning run found.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The fitted weights.
    pub weights: Weights,
    /// Positions fitted to, and held out.
    pub training: usize,
    /// Positions held out to judge the fit.
    pub held_out: usize,
    /// Results of the self-play games: White's wins, draws, Black's wins.
    pub results: [usize; 3],
    /// Games stopped at [`MAX_PLIES`] (counted as draws in `results`).
    pub unfinished: usize,
    /// Positions left out of the fit and the hold-out: not quiet (with
    /// [`TuneOptions::quiet_only`]), or from a game stopped at the ply limit (with
    /// [`TuneOptions::finished_only`]).
    pub left_out: usize,
    /// The logistic curve's scale in the middle game: a score of `1 / scale` centipawns is 73% to
    /// win.
    pub scale: f64,
    /// Its scale in the end game (the same as `scale` unless [`TuneOptions::phase_scale`]).
    pub end_game_scale: f64,
    /// The weights kept for want of positions ([`TuneOptions::min_positions`]), as `NAME.mg` or
    /// `NAME.eg` (the middle game's or end game's), with the positions that count them.
    pub thin: Vec<(String, f64)>,
    /// Mean loss on the held-out positions with the weights before and after the fit, and on the
    /// training positions.
    pub held_out_before: f64,
    /// See [`TuneReport::held_out_before`].
    pub held_out_after: f64,
    /// See [`TuneReport::held_out_before`].
    pub training_before: f64,
    /// See [`TuneReport::held_out_before`].
    pub training_after: f64,
}

/// Why [`tune`] did not fit: a setting out of range, or games that gave too little to fit to.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TuneError {
    /// The pull toward the start is negative or not a number.
    #[error("the pull toward the start is {prior}: it must be 0 or more")]
    Pull {
        /// The pull given.
        prior: f64,
    },
    /// The fewest positions a weight is fitted to is negative or not a number.
    #[error("the fewest positions a weight is fitted to is {min}: it must be 0 or more")]
    FewestPositions {
        /// The number given.
        min: f64,
    },
    /// A term to keep that the evaluation does not have.
    #[error(
        "no term named \"{}\" in {variant} (the global terms: {}; or mobility.PIECE; .mg or .eg after a name keeps one of its weights)",
        messhall_rules::echo(.name),
        .global_terms.join(", ")
    )]
    NoSuchTerm {
        /// The name given.
        name: String,
        /// The variant tuned.
        variant: String,
        /// The names of the global terms, in order.
        global_terms: Vec<String>,
    },
    /// The games left no position to fit to, or none to hold out.
    #[error("{games} games gave {training} positions to fit and {held_out} to hold out: play more games (--games)")]
    TooFewPositions {
        /// The games played.
        games: usize,
        /// The positions to fit to.
        training: usize,
        /// The positions held out.
        held_out: usize,
    },
}

/// Plays the self-play games and fits `start` to them. `on_game` hears after each game how many
/// are done.
///
/// # Errors
/// [`TuneError`] when a term to keep is not one of the variant's, or a negative or not finite
/// pull; when the games give no position to fit to, or none to hold out (too few games, or games
/// that end at once).
pub fn tune(
    v: &Arc<Variant>,
    start: &Weights,
    options: &TuneOptions,
    on_game: &mut dyn FnMut(usize),
) -> Result<TuneReport, TuneError> {
    let mut evaluator = Evaluator::new(v);
    evaluator.set_weights(v, start);
    if !(options.prior.is_finite() && options.prior >= 0.0) {
        return Err(TuneError::Pull { prior: options.prior });
    }
    if !(options.min_positions.is_finite() && options.min_positions >= 0.0) {
        return Err(TuneError::FewestPositions {
            min: options.min_positions,
        });
    }
    let mut kept = kept_terms(v, &options.keep, evaluator.term_count())?;
    let mut training = Vec::new();
    let mut held_out = Vec::new();
    let mut results = [0; 3];
    let (mut unfinished, mut left_out) = (0, 0);
    for g in 0..options.games {
        let played = self_play(v, start, options, g as u64, &evaluator);
        results[match played.result {
            r if r > 0.75 => 0,
            r if r < 0.25 => 2,
            _ => 1,
        }] += 1;
        left_out += played.left_out;
        let mut samples = played.samples;
        if !played.finished {
            unfinished += 1;
            if options.finished_only {
                left_out += samples.len();
                samples.clear();
            }
        }
        if g % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
            held_out.extend(samples);
        } else {
            training.extend(samples);
        }
        on_game(g + 1);
    }
    if training.is_empty() || held_out.is_empty() {
        return Err(TuneError::TooFewPositions {
            games: options.games,
            training: training.len(),
            held_out: held_out.len(),
        });
    }
    let initial: Vec<Pair> = evaluator.term_weights().to_vec();
    let mut thin = Vec::new();
    let support = support(&training, initial.len());
    for (k, name) in names_in_term_order(v).into_iter().enumerate() {
        for (j, half) in ["mg", "eg"].into_iter().enumerate() {
            if support[k][j] < options.min_positions && !kept[k][j] {
                kept[k][j] = true;
                thin.push((format!("{name}.{half}"), support[k][j]));
            }
        }
    }
    let scale = if options.phase_scale {
        fit_phase_scale(&training, &initial)
    } else {
        let one = fit_scale(&training, &initial, |x| Scale {
            middle_game: x,
            end_game: x,
        });
        Scale {
            middle_game: one,
            end_game: one,
        }
    };
    let fitted = fit(&training, &initial, scale, options.prior, &kept);
    let rounded: Vec<Pair> = fitted
        .iter()
        .map(|p| p.map(|x| x.round().clamp(-f64::from(MAX_WEIGHT), f64::from(MAX_WEIGHT)) as i32))
        .collect();
    Ok(TuneReport {
        weights: evaluator.weights_from_terms(v, &rounded),
        training: training.len(),
        held_out: held_out.len(),
        results,
        unfinished,
        left_out,
        scale: scale.middle_game,
        end_game_scale: scale.end_game,
        thin,
        held_out_before: loss(&held_out, &as_f64(&initial), scale),
        held_out_after: loss(&held_out, &as_f64(&rounded), scale),
        training_before: loss(&training, &as_f64(&initial), scale),
        training_after: loss(&training, &as_f64(&rounded), scale),
    })
}

/// What one self-play game gave.
struct Played {
    /// Its positions to fit to.
    samples: Vec<Sample>,
    /// Its result for White.
    result: f64,
    /// Whether it ended by the rules, not at [`MAX_PLIES`].
    finished: bool,
    /// Positions not quiet, left out.
    left_out: usize,
}

/// One self-play game: its quiet positions (not in check, the move played neither a capture nor
/// a promotion; with [`TuneOptions::quiet_only`], also no capture changing the static score) and
/// its result for White.
fn self_play(v: &Arc<Variant>, weights: &Weights, options: &TuneOptions, game: u64, eval: &Evaluator) -> Played {
    let seed = options.seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut rng = SearchRng::new(seed);
    let mut engine = Engine::new(v.clone(), &Options::default());
    engine.set_weights(weights);
    let limits = Limits {
        nodes: Some(NODES_PER_DEPTH * u64::from(options.depth.max(1))),
        ..Limits::depth(options.depth.max(1))
    };
    let mut g = Game::with_seed(v.clone(), v.start(), seed);
    let mut positions = Vec::new();
    let mut result = 0.5;
    let mut finished = false;
    for ply in 0..MAX_PLIES {
        while let Some(event) = g.pending_chance() {
            let chooser = event.chooser.unwrap_or(g.position().side_to_move());
            match greedy_step(v, g.position(), chooser, &event.outcomes) {
                Some(o) => {
                    g.resolve(o);
                }
                None => break,
            }
        }
        if let Some(outcome) = g.outcome() {
            result = match outcome.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            finished = true;
            break;
        }
        let pos = g.position().clone();
        let moves = v.legal_moves(&pos);
        if moves.is_empty() {
            // Not an outcome the rules know (they pass or end the game instead): no result.
            break;
        }
        let mv = if ply < OPENING_PLIES {
            moves[rng.below(moves.len() as u32) as usize]
        } else {
            let history: Vec<u64> = g.positions()[..g.positions().len() - 1]
                .iter()
                .map(Position::hash)
                .collect();
            match engine.best_move(&pos, &history, &limits) {
                Some(mv) => mv,
                None => break,
            }
        };
        if ply >= OPENING_PLIES && !mv.is_capture() && mv.promotion().is_none() && !v.in_check(&pos) {
            positions.push(pos);
        }
        g.play(mv);
    }
    let before = positions.len();
    if options.quiet_only {
        let searcher = engine.searcher_mut();
        positions.retain(|p| {
            let (stand, settled) = searcher.static_and_quiescence(p);
            stand == settled
        });
    }
    let samples = positions
        .iter()
        .map(|p| Sample {
            features: eval.features(v, p),
            white_to_move: p.side_to_move() == Color::White,
            result,
        })
        .collect();
    Played {
        samples,
        result,
        finished,
        left_out: before - positions.len(),
    }
}

/// Which weights (per term in feature order, the middle game's and the end game's) stay as they
/// start: the global terms by name, then `mobility.NAME` by the piece's role; `NAME.mg` or
/// `NAME.eg` keeps one of the two.
fn kept_terms(v: &Variant, names: &[String], count: usize) -> Result<Vec<[bool; 2]>, TuneError> {
    let terms = names_in_term_order(v);
    let mut kept = vec![[false; 2]; count];
    for name in names {
        let (term, halves) = match (name.strip_suffix(".mg"), name.strip_suffix(".eg")) {
            (Some(term), _) => (term, [true, false]),
            (_, Some(term)) => (term, [false, true]),
            _ => (name.as_str(), [true, true]),
        };
        match terms.iter().position(|t| t == term).and_then(|i| kept.get_mut(i)) {
            Some(slot) => {
                slot[0] |= halves[0];
                slot[1] |= halves[1];
            }
            None => {
                return Err(TuneError::NoSuchTerm {
                    name: name.clone(),
                    variant: v.name().to_string(),
                    global_terms: terms[..GLOBAL_TERMS].to_vec(),
                });
            }
        }
    }
    Ok(kept)
}

/// The names of the terms in feature order: the global terms, then `mobility.NAME` by role.
fn names_in_term_order(v: &Variant) -> Vec<String> {
    // The default weights name no piece: their names are the global terms'.
    let mut out: Vec<String> = Weights::default().named().into_iter().map(|(n, _)| n).collect();
    out.extend(v.roles().map(|(_, info)| format!("mobility.{}", info.name)));
    out
}

/// How many positions count each term in the middle game and in the end game: each position
/// where the term counts adds its share of each phase (a term's own phase for the hunt).
fn support(samples: &[Sample], terms: usize) -> Vec<[f64; 2]> {
    let mut out = vec![[0.0; 2]; terms];
    for s in samples {
        coefficients(&s.features, |k, a, b| {
            let whole = a.abs() + b.abs();
            if whole > 0.0 && k < terms {
                out[k][0] += a.abs() / whole;
                out[k][1] += b.abs() / whole;
            }
        });
    }
    out
}

fn as_f64(weights: &[Pair]) -> Vec<[f64; 2]> {
    weights.iter().map(|p| [f64::from(p[0]), f64::from(p[1])]).collect()
}

/// What each weight adds to a sample's score for the side to move, per centipawn: calls
/// `each(term, middle game, end game)` for every term the position counts. The score is linear in
/// the weights: [`Features::fixed`] plus these times the weights.
fn coefficients(f: &Features, mut each: impl FnMut(usize, f64, f64)) {
    let phase = f64::from(f.phase) / f64::from(PHASE_MAX);
    for (k, &count) in f.terms.iter().enumerate() {
        if count != 0 {
            let x = f64::from(count) / Evaluator::term_divisor(k) as f64;
            each(k, x * phase, x * (1.0 - phase));
        }
    }
    for (hunt, sign) in f.hunt.iter().zip([1.0, -1.0]) {
        let phase = f64::from(hunt.phase) / f64::from(PHASE_MAX);
        for (k, count) in [(CLOSE_IN, hunt.near), (CORNER, hunt.corner)] {
            if count != 0 {
                let x = sign * f64::from(count);
                each(k, x * phase, x * (1.0 - phase));
            }
        }
    }
}

/// The static score for White (centipawns) of a sample under `weights`.
fn score(s: &Sample, weights: &[[f64; 2]]) -> f64 {
    let mut sum = f64::from(s.features.fixed);
    coefficients(&s.features, |k, a, b| sum += a * weights[k][0] + b * weights[k][1]);
    if s.white_to_move { sum } else { -sum }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The logistic curve's scale (per centipawn) in the middle game and the end game, blended by
/// the phase as the weights are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// The scale in the middle game.
    pub middle_game: f64,
    /// The scale in the end game.
    pub end_game: f64,
}

impl Scale {
    /// The scale at a sample's phase.
    fn at(&self, s: &Sample) -> f64 {
        // One scale is used exactly as it is (the runs before the two scales give the same weights).
        if self.middle_game == self.end_game {
            return self.middle_game;
        }
        let phase = f64::from(s.features.phase) / f64::from(PHASE_MAX);
        self.middle_game * phase + self.end_game * (1.0 - phase)
    }
}

/// Mean cross-entropy of the results given the scores through the logistic curve.
pub fn loss(samples: &[Sample], weights: &[[f64; 2]], scale: Scale) -> f64 {
    let eps = 1e-9;
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(scale.at(s) * score(s, weights)).clamp(eps, 1.0 - eps);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The logistic curve's scale that best fits the results with the weights as they are (a
/// golden-section search between 1/2000 and 1/50 per centipawn), where `scale(x)` is the whole
/// scale for `x` (so one of the two phases' scales can be searched with the other fixed).
fn fit_scale(samples: &[Sample], weights: &[Pair], scale: impl Fn(f64) -> Scale) -> f64 {
    let w = as_f64(weights);
    let (mut lo, mut hi) = (1.0 / 2000.0, 1.0 / 50.0);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(samples, &w, scale(a)) < loss(samples, &w, scale(b)) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The middle game's and the end game's scales that best fit the results with the weights as
/// they are: one scale for both first, then each in turn with the other fixed, until neither
/// moves by a thousandth.
fn fit_phase_scale(samples: &[Sample], weights: &[Pair]) -> Scale {
    let one = fit_scale(samples, weights, |x| Scale {
        middle_game: x,
        end_game: x,
    });
    let mut scale = Scale {
        middle_game: one,
        end_game: one,
    };
    for _ in 0..8 {
        let before = scale;
        scale.middle_game = fit_scale(samples, weights, |x| Scale {
            middle_game: x,
            ..scale
        });
        scale.end_game = fit_scale(samples, weights, |x| Scale { end_game: x, ..scale });
        let moved = |a: f64, b: f64| (a - b).abs() > 1e-3 * b;
        if !moved(scale.middle_game, before.middle_game) && !moved(scale.end_game, before.end_game) {
            break;
        }
    }
    scale
}

/// Gradient descent (Adam) on the weights from `initial`, with a pull of `prior` back toward
/// them; the weights `kept` (per term, the middle game's and the end game's) do not move.
fn fit(samples: &[Sample], initial: &[Pair], scale: Scale, prior: f64, kept: &[[bool; 2]]) -> Vec<[f64; 2]> {
    let start = as_f64(initial);
    let mut w = start.clone();
    let n = samples.len() as f64;
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    let mut m = vec![[0.0f64; 2]; w.len()];
    let mut v2 = vec![[0.0f64; 2]; w.len()];
    for step in 1..=FIT_STEPS {
        let mut grad = vec![[0.0f64; 2]; w.len()];
        for s in samples {
            let scale = scale.at(s);
            let err = sigmoid(scale * score(s, &w)) - s.result;
            let d = err * scale * if s.white_to_move { 1.0 } else { -1.0 };
            coefficients(&s.features, |k, a, b| {
                grad[k][0] += d * a;
                grad[k][1] += d * b;
            });
        }
        for k in 0..w.len() {
            for j in 0..2 {
                if kept.get(k).is_some_and(|kept| kept[j]) {
                    continue;
                }
                let g = grad[k][j] / n + 2.0 * prior / n * (w[k][j] - start[k][j]);
                m[k][j] = beta1 * m[k][j] + (1.0 - beta1) * g;
                v2[k][j] = beta2 * v2[k][j] + (1.0 - beta2) * g * g;
                let mh = m[k][j] / (1.0 - beta1.powi(step as i32));
                let vh = v2[k][j] / (1.0 - beta2.powi(step as i32));
                // Kept within what a weights file may give, so every loader takes the result.
                let limit = f64::from(MAX_WEIGHT);
                w[k][j] = (w[k][j] - FIT_RATE * mh / (vh.sqrt() + eps)).clamp(-limit, limit);
            }
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Hunt;

    #[test]
    fn the_fit_stays_within_what_a_weights_file_may_give() {
        // One term at the limit whose count always comes with a win for the side to move: the
        // gradient pushes it past the limit at every step.
        let sample = |count: i32| Sample {
            features: Features {
                fixed: -2_000_000,
                phase: PHASE_MAX / 2,
                terms: vec![count],
                hunt: [Hunt::default(); 2],
            },
            white_to_move: true,
            result: 1.0,
        };
        let samples: Vec<Sample> = (1..=20).map(sample).collect();
        let start = [[MAX_WEIGHT, -MAX_WEIGHT + 1]];
        let scale = Scale {
            middle_game: 0.01,
            end_game: 0.01,
        };
        let fitted = fit(&samples, &start, scale, 0.0, &[[false, false]]);
        assert!(fitted[0][0] <= f64::from(MAX_WEIGHT), "{fitted:?}");
        assert!(fitted[0][1] > f64::from(-MAX_WEIGHT + 1), "the fit moved: {fitted:?}");
    }
}
