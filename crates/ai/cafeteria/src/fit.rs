//! Fitting the cafeteria's win-probability model ([`Model`]) to seeded self-play games: the
//! cautious rules of thumb (the search bots' rollout policy) or the search bot itself, with a
//! few random actions for variety, play whole games; the position at the start of every
//! student's turn before the Food-Off is kept with each player's features and labelled with the
//! game's result; the games are split by seed into a training and a held-out part; Newton's
//! method minimises the training part's cross-entropy (with a small L2 penalty, toward zero or
//! toward an anchor model), and the held-out part's loss is reported beside that of even odds.
//! Everything follows from the seed.

use messhall_cafeteria::{Game, Setup};
use messhall_dice::{Dice, SeededDice};

use crate::bots::{Bot, RandomBot, RuleBot, SEARCH_CAUTION};
use crate::model::{FEATURE_COUNT, Features, Model, sides};
use crate::search::SearchBot;

/// Who plays the self-play games a fit learns from.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum FitPolicy {
    /// The cautious rules of thumb (the search bots' rollout policy): fast, many games.
    #[default]
    Rules,
    /// The search bot (`search`) with `rollouts` rollouts a decision, scoring them by `model`: the
    /// positions the bot itself reaches, so a refit learns what its own games decide.
    Search {
        /// Rollouts a decision.
        rollouts: usize,
        /// The evaluation the players' rollouts use.
        model: Model,
    },
}

impl FitPolicy {
    fn bot(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            FitPolicy::Rules => Box::new(RuleBot::careful(seed, SEARCH_CAUTION)),
            FitPolicy::Search { rollouts, model } => {
                let mut bot = SearchBot::new(seed);
                bot.rollouts = (*rollouts).max(1);
                bot.model = Some(model.clone());
                Box::new(bot)
            }
        }
    }
}

/// One position: each player's features (`None` for a player out of the fight) and its share of
/// the game's result.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Each player's features.
    pub sides: Vec<Option<Features>>,
    /// Each player's share of the win (sums to 1).
    pub result: Vec<f64>,
}

/// What a fit does.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// Self-play games.
    pub games: u32,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Players a game (2-4).
    pub players: u8,
    /// Every how many games one is held out (5: one in five).
    pub hold_out_every: u32,
    /// The L2 penalty on the weights (per position).
    pub l2: f64,
    /// Chance in a thousand that a self-play action is a random legal one.
    pub random_per_mille: u32,
    /// Who plays the games.
    pub policy: FitPolicy,
    /// A model to measure on the same held-out positions beside the fit (the stored one, say).
    pub compare: Option<Model>,
    /// The weights the L2 penalty pulls toward, and the fit starts from (`None`: all 0): a refit
    /// to a few hundred games of the search bot stays near the model it played with unless
    /// those games say otherwise.
    pub anchor: Option<Model>,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            games: 4000,
            seed: 1,
            players: 2,
            hold_out_every: 5,
            l2: 1e-4,
            random_per_mille: 50,
            policy: FitPolicy::Rules,
            compare: None,
            anchor: None,
        }
    }
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct FitReport {
    /// The fitted model.
    pub model: Model,
    /// Positions (and games with a winner) fitted to.
    pub train: (usize, u32),
    /// Positions (and games) held out.
    pub held_out: (usize, u32),
    /// The training positions' mean cross-entropy.
    pub train_loss: f64,
    /// The held-out positions' mean cross-entropy with the fitted model.
    pub held_out_loss: f64,
    /// The held-out positions' mean cross-entropy at even odds between the sides in the fight.
    pub even_loss: f64,
    /// The held-out positions' mean cross-entropy with [`FitOptions::compare`], if given.
    pub compare_loss: Option<f64>,
}

/// Plays one self-play game on `seed`, every player by `policy`, and returns its positions
/// labelled with the result (none when nobody won).
pub fn self_play(seed: u64, players: u8, random_per_mille: u32, policy: &FitPolicy) -> Vec<Sample> {
    let mut dice = SeededDice::new(seed);
    let Ok(mut game) = Game::new(Setup::new(players, &[]), &mut dice) else {
        return Vec::new();
    };
    let mut choice = SeededDice::new(seed ^ 0x7e57_da7a);
    let mut bots: Vec<Box<dyn Bot>> = (0..u64::from(players)).map(|p| policy.bot(seed * 8 + p)).collect();
    let mut random = RandomBot::new(seed ^ 0xd1ce);
    let mut positions: Vec<Vec<Option<Features>>> = Vec::new();
    let mut last = None;
    while let Some(p) = game.player_to_move() {
        let turn = (game.round(), game.to_move());
        if last != Some(turn) && game.food_off_standings().is_empty() {
            positions.push(sides(&game));
        }
        last = Some(turn);
        let action = if choice.below(1000) < random_per_mille {
            random.choose(&game)
        } else {
            match bots.get_mut(usize::from(p)) {
                Some(bot) => bot.choose(&game),
                None => break,
            }
        };
        game.play_unchecked(&action, &mut dice);
    }
    let Some(outcome) = game.outcome() else {
        return Vec::new();
    };
    let given: f64 = outcome.scores.iter().sum();
    if given <= 0.0 {
        return Vec::new();
    }
    let result: Vec<f64> = outcome.scores.iter().map(|s| s / given).collect();
    positions
        .into_iter()
        // A position where the winner is already out of the fight says nothing the model can use.
        .filter(|s| s.iter().zip(&result).all(|(x, &r)| r == 0.0 || x.is_some()))
        .map(|sides| Sample {
            sides,
            result: result.clone(),
        })
        .collect()
}

/// The mean cross-entropy of `model` on `samples` (0 for none).
pub fn loss(model: &Model, samples: &[Sample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let pi = model.chances(&s.sides);
            s.result
                .iter()
                .zip(&pi)
                .filter(|(r, _)| **r > 0.0)
                .map(|(r, p)| -r * p.max(1e-12).ln())
                .sum::<f64>()
        })
        .sum();
    sum / samples.len() as f64
}

/// Fits a model to `samples` by Newton's method on the mean cross-entropy plus
/// `l2 / 2 * |w|^2`, from even odds, halving a step that does not lower the objective.
pub fn fit(samples: &[Sample], l2: f64) -> Model {
    fit_toward(samples, l2, &Model::even())
}

/// As [`fit`], with the penalty `l2 / 2 * |w - anchor|^2` and `anchor` as the start.
pub fn fit_toward(samples: &[Sample], l2: f64, anchor: &Model) -> Model {
    let mut model = anchor.clone();
    if samples.is_empty() {
        return model;
    }
    let n = samples.len() as f64;
    let penalty = |m: &Model| -> f64 {
        m.weights
            .iter()
            .zip(&anchor.weights)
            .map(|(w, a)| (w - a) * (w - a))
            .sum()
    };
    let objective = |m: &Model| loss(m, samples) + 0.5 * l2 * penalty(m);
    let mut current = objective(&model);
    for _ in 0..30 {
        let mut grad = [0.0; FEATURE_COUNT];
        let mut hess = [[0.0; FEATURE_COUNT]; FEATURE_COUNT];
        for s in samples {
            let pi = model.chances(&s.sides);
            let mut mean = [0.0; FEATURE_COUNT];
            for ((x, p), r) in s.sides.iter().zip(&pi).zip(&s.result) {
                let Some(x) = x else { continue };
                for k in 0..FEATURE_COUNT {
                    grad[k] += (p - r) * x[k] / n;
                    mean[k] += p * x[k];
                }
                for a in 0..FEATURE_COUNT {
                    for b in 0..FEATURE_COUNT {
                        hess[a][b] += p * x[a] * x[b] / n;
                    }
                }
            }
            for a in 0..FEATURE_COUNT {
                for b in 0..FEATURE_COUNT {
                    hess[a][b] -= mean[a] * mean[b] / n;
                }
            }
        }
        for k in 0..FEATURE_COUNT {
            grad[k] += l2 * (model.weights[k] - anchor.weights[k]);
            hess[k][k] += l2;
        }
        let Some(step) = solve(hess, grad) else { break };
        let mut scale = 1.0;
        let mut improved = false;
        for _ in 0..20 {
            let mut next = model.clone();
            for (w, d) in next.weights.iter_mut().zip(&step) {
                *w -= scale * d;
            }
            let value = objective(&next);
            if value < current {
                improved = current - value > 1e-12;
                model = next;
                current = value;
                break;
            }
            scale *= 0.5;
        }
        if !improved {
            break;
        }
    }
    model
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (`None` if `a` is singular).
fn solve(mut a: [[f64; FEATURE_COUNT]; FEATURE_COUNT], mut b: Features) -> Option<Features> {
    for col in 0..FEATURE_COUNT {
        let pivot = (col..FEATURE_COUNT).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col];
        for row in col + 1..FEATURE_COUNT {
            let f = a[row][col] / pivot_row[col];
            for (x, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; FEATURE_COUNT];
    for row in (0..FEATURE_COUNT).rev() {
        let tail: f64 = (row + 1..FEATURE_COUNT).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - tail) / a[row][row];
    }
    Some(x)
}

/// The labelled positions of a fit's self-play games, split by game.
#[derive(Clone, Debug, Default)]
pub struct Positions {
    /// The training games' positions.
    pub train: Vec<Sample>,
    /// The held-out games' positions.
    pub held_out: Vec<Sample>,
    /// Training games with a winner.
    pub train_games: u32,
    /// Held-out games with a winner.
    pub held_games: u32,
}

/// Plays the self-play games of `opts` and splits their positions.
pub fn play_games(opts: &FitOptions) -> Positions {
    let mut out = Positions::default();
    let every = opts.hold_out_every.max(2);
    for i in 0..opts.games {
        let samples = self_play(
            opts.seed + u64::from(i),
            opts.players.clamp(2, 4),
            opts.random_per_mille,
            &opts.policy,
        );
        if samples.is_empty() {
            continue;
        }
        if i % every == every - 1 {
            out.held_games += 1;
            out.held_out.extend(samples);
        } else {
            out.train_games += 1;
            out.train.extend(samples);
        }
    }
    out
}

/// Fits the model to the training positions with `opts`' penalty and anchor and measures it
/// on the held-out ones.
pub fn fit_positions(positions: &Positions, opts: &FitOptions) -> FitReport {
    let Positions {
        train,
        held_out,
        train_games,
        held_games,
    } = positions;
    let model = fit_toward(train, opts.l2, opts.anchor.as_ref().unwrap_or(&Model::even()));
    FitReport {
        train_loss: loss(&model, train),
        held_out_loss: loss(&model, held_out),
        even_loss: loss(&Model::even(), held_out),
        compare_loss: opts.compare.as_ref().map(|m| loss(m, held_out)),
        train: (train.len(), *train_games),
        held_out: (held_out.len(), *held_games),
        model,
    }
}

/// Plays the self-play games, fits the model to the training games and measures it on the
/// held-out ones.
pub fn tune(opts: &FitOptions) -> FitReport {
    fit_positions(&play_games(opts), opts)
}
