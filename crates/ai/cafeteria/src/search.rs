//! The cafeteria game's search bot (`search`): determinized Monte Carlo over more candidate actions,
//! with a fixed rollout budget spent by successive halving.
//!
//! Each rollout reshuffles what the bot's player cannot see (the Food Line stacks and the other
//! players' food, within each family), draws fresh dice, plays the candidate and then everyone by
//! the cautious rules of thumb until the acting student's turn two rounds on, and scores the
//! position by the learned win-probability model (`model`; the hand-made share of the
//! fighting strength left without one). The candidates are the rules of thumb's favourites;
//! each halving round gives the survivors the same dice seeds (common random numbers), so they are
//! compared on the same luck, and keeps the better half for the next round.

use messhall_dice::SeededDice;

use messhall_cafeteria::{Action, Game, Status, StudentId};

use crate::bots::{Bot, RuleBot, SEARCH_CAUTION, armed, staff_pressure};
use crate::model::Model;
use crate::odds::{food_off_outlook, food_off_share};

/// Candidate actions the search bot examines by default.
pub const CANDIDATES: usize = 8;
/// Rollouts a decision may spend by default, over all candidates.
pub const ROLLOUTS: usize = 128;
/// The rules of thumb's opinion added to a candidate's average, by default (evaluation points per
/// point of rule score).
pub const PRIOR_WEIGHT: f64 = 1.5;
/// What a student still fighting is worth at the start, beside its health (0-1).
const BASE_STANDING: f64 = 0.6;
/// What it is worth more by the last round.
const LATE_STANDING: f64 = 1.4;
/// Rounds a rollout plays on by default: to the acting student's turn two rounds later, so a
/// candidate is judged by the staff's next two moves and the replies to both (one round judged
/// escapes that last a round and are caught the next).
pub const ROUNDS_AHEAD: u8 = 2;
/// The most steps a rollout plays a round before it is scored.
const ROLLOUT_STEPS: usize = 400;

/// Determinized Monte Carlo search with successive halving (the `search` bot).
#[derive(Clone, Debug)]
pub struct SearchBot {
    dice: SeededDice,
    /// Candidate actions examined (the rules of thumb's top choices).
    pub candidates: usize,
    /// Rollouts per decision, over all candidates.
    pub rollouts: usize,
    /// Weight of the rules of thumb's opinion added to a candidate's rollout average (evaluation
    /// points per point of rule score): a tie-breaker that keeps rollout noise from overturning a
    /// clear preference.
    pub prior_weight: f64,
    /// The learned evaluation that scores a rollout's last position before the Food-Off
    /// (`None`: the hand-made one, [`SearchBot::evaluate`]).
    pub model: Option<Model>,
    /// Whether a rollout ends with the acting student's turn (`true`) rather than at its turn
    /// [`SearchBot::rounds_ahead`] rounds later; only with a model, which then has to judge what
    /// the others and the staff will do.
    pub turn_horizon: bool,
    /// Rollouts a close decision may spend beyond [`SearchBot::rollouts`]: while the last two
    /// candidates' paired difference is within two standard errors of zero.
    pub close_rollouts: usize,
    /// How many rounds a rollout plays on: it ends at the acting student's turn that many rounds
    /// later (1: its next turn).
    pub rounds_ahead: u8,
}

impl SearchBot {
    /// A search bot with the default effort ([`CANDIDATES`], [`ROLLOUTS`], [`PRIOR_WEIGHT`]).
    pub fn new(seed: u64) -> Self {
        SearchBot {
            dice: SeededDice::new(seed),
            candidates: CANDIDATES,
            rollouts: ROLLOUTS,
            prior_weight: PRIOR_WEIGHT,
            model: Some(Model::fitted().clone()),
            turn_horizon: false,
            close_rollouts: 0,
            rounds_ahead: ROUNDS_AHEAD,
        }
    }

    /// A search bot with the given effort: `candidates` actions, `rollouts` rollouts a decision
    /// (each at least 1).
    pub fn with_effort(seed: u64, candidates: usize, rollouts: usize) -> Self {
        SearchBot {
            candidates: candidates.max(1),
            rollouts: rollouts.max(1),
            ..SearchBot::new(seed)
        }
    }

    /// How good the position is for `player` (0-100, higher is better): 100 times its score once
    /// the game is over, 100 times its exact share of the win during the Food-Off; before, the player's share of the students' chances, each active student's
    /// chance growing with its Appearance Rating and what it carries and shrinking with the staff
    /// closing in. The closer the last round, the more a student counts for merely still
    /// fighting (the Food-Off ignores AR); the square root of the AR share makes damage to a
    /// student already hurt worth more, since finishing a student off is what wins.
    pub fn evaluate(game: &Game, player: u8) -> f64 {
        if let Some(o) = game.outcome() {
            return o.scores.get(usize::from(player)).copied().unwrap_or(0.0) * 100.0;
        }
        if !game.food_off_standings().is_empty() {
            return 100.0 * food_off_outlook(game, player);
        }
        let rounds = f64::from(game.data().rounds.max(1));
        let lateness = (f64::from(game.round()) / rounds).clamp(0.0, 1.0);
        let standing = BASE_STANDING + LATE_STANDING * lateness;
        let pressure = staff_pressure(game);
        let (mut mine, mut total) = (0.0, 0.0);
        for (i, s) in game.students().iter().enumerate() {
            if s.status != Status::Active {
                continue;
            }
            let max = f64::from(game.student_max_ar(i as StudentId).max(1));
            let health = (f64::from(s.ar) / max).clamp(0.0, 1.0).sqrt();
            let stunned = if s.stunned { 0.2 } else { 0.0 };
            let strength = (standing + health + armed(game, s) - pressure[i] - stunned).max(0.05);
            total += strength;
            if s.player == player {
                mine += strength;
            }
        }
        if total > 0.0 { 100.0 * mine / total } else { 0.0 }
    }

    /// How good the position is for `player` (0-100) by `model`: as [`SearchBot::evaluate`] once
    /// the game is over or in the Food-Off, before that 100 times the model's chance that the
    /// player wins (the hand-made evaluation without a model).
    pub fn evaluate_with(model: Option<&Model>, game: &Game, player: u8) -> f64 {
        match model {
            Some(m) if !game.is_over() && game.food_off_standings().is_empty() => 100.0 * m.chance(game, player),
            _ => Self::evaluate(game, player),
        }
    }

    /// Plays `first` in a determinization of `game` as `player` sees it, then everyone by the
    /// cautious rules of thumb until the acting student's turn [`SearchBot::rounds_ahead`] rounds
    /// later (or the Food-Off); the evaluation there.
    fn rollout(&self, game: &Game, first: &Action, player: u8, seed: u64) -> f64 {
        let mut dice = SeededDice::new(seed);
        let mut g = game.clone();
        g.set_narrated(false);
        g.shuffle_unseen(player, &mut dice);
        let model = self.model.as_ref();
        let short = self.turn_horizon && model.is_some();
        let Some(me) = g.to_move() else {
            return Self::evaluate_with(model, &g, player);
        };
        let start_round = g.round();
        g.play_unchecked(first, &mut dice);
        let mut policy = RuleBot::careful(seed ^ 0x5eed, SEARCH_CAUTION);
        let last = start_round.saturating_add(self.rounds_ahead.max(1));
        for _ in 0..ROLLOUT_STEPS * usize::from(self.rounds_ahead.max(1)) {
            // The Food-Off is priced exactly rather than played out.
            if g.is_over() || g.round() > last || !g.food_off_standings().is_empty() {
                break;
            }
            if g.round() >= last && g.round() > start_round && g.to_move() == Some(me) && g.miss_choices().is_empty() {
                break;
            }
            if short && (g.round() > start_round || g.to_move() != Some(me)) && g.miss_choices().is_empty() {
                break;
            }
            let a = policy.choose(&g);
            g.play_unchecked(&a, &mut dice);
        }
        Self::evaluate_with(model, &g, player)
    }

    /// The candidates: legal actions that can help, best first by the cautious rules of thumb, at
    /// most [`SearchBot::candidates`] of them, with their rule scores.
    fn candidates(&self, game: &Game, actions: Vec<Action>) -> Vec<(f64, Action)> {
        let Some(me) = game.to_move() else {
            return Vec::new();
        };
        let mut view = RuleBot::view(game, me);
        view.caution = SEARCH_CAUTION;
        let mut ranked: Vec<(f64, Action)> = actions
            .into_iter()
            // Free actions that never help are not worth simulating.
            .filter(|a| !matches!(a, Action::Drop(_) | Action::DropTray | Action::FeedCan { .. }))
            .map(|a| (RuleBot::score_with(game, &view, &a), a))
            .collect();
        // A stable sort: equal scores keep the legal order, so the choice depends on the seed only.
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked.truncate(self.candidates);
        ranked
    }

    fn seeds(&mut self, n: usize) -> Vec<u64> {
        (0..n)
            .map(|_| u64::from(self.dice.next_word()) << 32 | u64::from(self.dice.next_word()))
            .collect()
    }
}

/// A candidate under examination.
struct Arm {
    action: Action,
    prior: f64,
    sum: f64,
    n: usize,
    /// This halving round's results, seed by seed.
    round: Vec<f64>,
}

impl Arm {
    fn value(&self, prior_weight: f64) -> f64 {
        let mean = if self.n == 0 { 0.0 } else { self.sum / self.n as f64 };
        mean + self.prior * prior_weight
    }
}

impl Bot for SearchBot {
    fn choose(&mut self, game: &Game) -> Action {
        let actions = game.legal_actions();
        if actions.len() <= 1 {
            return actions.into_iter().next().unwrap_or(Action::EndTurn);
        }
        let Some(me) = game.to_move() else {
            return Action::EndTurn;
        };
        let player = game.students()[usize::from(me)].player;
        if let Some(a) = food_off_choice(game, player, me, &actions) {
            return a;
        }
        let mut arms: Vec<Arm> = self
            .candidates(game, actions)
            .into_iter()
            .map(|(prior, action)| Arm {
                action,
                prior,
                sum: 0.0,
                n: 0,
                round: Vec::new(),
            })
            .collect();
        match arms.len() {
            0 => return RuleBot::careful(u64::from(self.dice.next_word()), SEARCH_CAUTION).choose(game),
            1 => return arms.swap_remove(0).action,
            _ => {}
        }
        // Successive halving: ceil(log2 n) rounds share the budget; each round gives every arm
        // still in the same number of rollouts on the same seeds, then keeps the better half.
        let rounds = usize::BITS - (arms.len() - 1).leading_zeros();
        let per_round = (self.rollouts / rounds as usize).max(1);
        while arms.len() > 1 {
            let each = (per_round / arms.len()).max(1);
            let seeds = self.seeds(each);
            for arm in &mut arms {
                arm.round.clear();
                self.roll(game, arm, player, &seeds);
            }
            if arms.len() == 2 {
                self.settle(game, &mut arms, player);
            }
            let w = self.prior_weight;
            arms.sort_by(|a, b| b.value(w).total_cmp(&a.value(w)));
            arms.truncate(arms.len().div_ceil(2));
        }
        arms.swap_remove(0).action
    }

    fn name(&self) -> &'static str {
        "search"
    }
}

impl SearchBot {
    fn roll(&self, game: &Game, arm: &mut Arm, player: u8, seeds: &[u64]) {
        for &seed in seeds {
            let v = self.rollout(game, &arm.action, player, seed);
            arm.sum += v;
            arm.n += 1;
            arm.round.push(v);
        }
    }

    /// The last two candidates: more rollouts on common seeds, [`CLOSE_BATCH`] at a time, while
    /// their values (with the prior) differ by less than two standard errors of the paired
    /// differences, up to [`SearchBot::close_rollouts`].
    fn settle(&mut self, game: &Game, arms: &mut [Arm], player: u8) {
        let mut spent = 0;
        while spent + 2 * CLOSE_BATCH <= self.close_rollouts {
            let [a, b] = arms else { return };
            let diffs: Vec<f64> = a.round.iter().zip(&b.round).map(|(x, y)| x - y).collect();
            let n = diffs.len() as f64;
            if n < 2.0 {
                return;
            }
            let mean = diffs.iter().sum::<f64>() / n;
            let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
            let gap = (a.value(self.prior_weight) - b.value(self.prior_weight)).abs();
            if gap >= 2.0 * (var / n).sqrt() {
                return;
            }
            let seeds = self.seeds(CLOSE_BATCH);
            self.roll(game, a, player, &seeds);
            self.roll(game, b, player, &seeds);
            spent += 2 * CLOSE_BATCH;
        }
    }
}

/// Rollouts a close decision adds to each of the last two candidates at a time.
const CLOSE_BATCH: usize = 8;

/// In the Food-Off, the attack with the best exact share of the win (the target does not matter:
/// it takes no damage that counts; a survivor of another player is named when there is one).
fn food_off_choice(game: &Game, player: u8, me: StudentId, actions: &[Action]) -> Option<Action> {
    let mut best: Option<(f64, &Action)> = None;
    for a in actions {
        let Action::FoodOff { families, target } = *a else {
            return None;
        };
        let mut v = food_off_share(game, player, me, families);
        if game.students()[usize::from(target)].player == player {
            v -= 1e-9;
        }
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a.clone())
}
