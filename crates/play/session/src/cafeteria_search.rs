//! The cafeteria game's search bot (`search`): determinized Monte Carlo over more candidate actions,
//! with a fixed rollout budget spent by successive halving.
//!
//! Each rollout reshuffles what the bot's player cannot see (the Food Line stacks and the other
//! players' food, within each family), draws fresh dice, plays the candidate and then everyone by the
//! cautious rules of thumb until the acting student's next turn, and scores the position by the
//! player's share of the fighting strength left. The candidates are the rules of thumb's favourites;
//! each halving round gives the survivors the same dice seeds (common random numbers), so they are
//! compared on the same luck, and keeps the better half for the next round.

use messhall_dice::SeededDice;

use messhall_cafeteria::{Action, Game, Hold, Status, Student, StudentId};

use super::cafeteria_bots::{Bot, RuleBot, SEARCH_CAUTION, staff_pressure};
use super::cafeteria_odds::{best_expected_attack, count_share, food_off_outlook, food_off_share};

/// Candidate actions the search bot examines by default.
pub const CANDIDATES: usize = 8;
/// Rollouts a decision may spend by default, over all candidates.
pub const ROLLOUTS: usize = 128;
/// The rules of thumb's opinion added to a candidate's average, by default (evaluation points per
/// point of rule score).
pub const PRIOR_WEIGHT: f64 = 1.5;
/// Hits a student still fighting may take a round from food not yet fetched.
const HITS_A_ROUND: f64 = 0.7;
/// The chance that a counter carried now hits someone some day.
const HIT_CHANCE: f64 = 0.5;
/// A hit's damage on average (1d6 plus the food's).
const HIT_DAMAGE: f64 = 7.0;
/// The chance a round that the staff haul a student away, pressed or not.
const CATCH_A_ROUND: f64 = 0.03;
/// The chance that staff pressing a student hard (pressure 1) catch it soon.
const PRESSURE_CATCH: f64 = 0.5;
/// The most steps a rollout plays before it is scored.
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
}

impl SearchBot {
    /// A search bot with the default effort ([`CANDIDATES`], [`ROLLOUTS`], [`PRIOR_WEIGHT`]).
    pub fn new(seed: u64) -> Self {
        SearchBot {
            dice: SeededDice::new(seed),
            candidates: CANDIDATES,
            rollouts: ROLLOUTS,
            prior_weight: PRIOR_WEIGHT,
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

    /// How good the position is for `player` (0-100, higher is better): 100 times its expected
    /// share of the win. Each student still fighting lasts each round left with a chance that
    /// falls with the hits it may still take against its AR (the rounds left and the food the
    /// other players carry) and with the staff closing in. The player wins outright when the
    /// others' last student falls before its own last one; when both sides reach the Food-Off,
    /// each count of survivors a side is worth the exact Food-Off odds with that many attacks.
    /// During the Food-Off, its exact odds; once over, the result.
    pub fn evaluate(game: &Game, player: u8) -> f64 {
        if let Some(o) = game.outcome() {
            return o.scores.get(usize::from(player)).copied().unwrap_or(0.0) * 100.0;
        }
        if !game.food_off_standings().is_empty() {
            return 100.0 * food_off_outlook(game, player);
        }
        let rounds_left = f64::from(game.data().rounds.saturating_sub(game.round())) + 0.5;
        let steps = rounds_left.ceil() as usize;
        let pressure = staff_pressure(game);
        let active: Vec<usize> = (0..game.students().len())
            .filter(|&i| game.students()[i].status == Status::Active)
            .collect();
        let mine = |i: usize| game.students()[i].player == player;
        let ammo = |own: bool| -> f64 {
            active
                .iter()
                .filter(|&&i| mine(i) == own)
                .map(|&i| ammunition(game, &game.students()[i]))
                .sum()
        };
        let team = |own: bool| active.iter().filter(|&&i| mine(i) == own).count();
        if team(true) == 0 {
            return 0.0;
        }
        if team(false) == 0 {
            return 100.0;
        }
        // Each side: the chance its last student has fallen by the end of each step (0..=steps),
        // and the chances of each count of its students lasting to the Food-Off.
        let mut fallen = [vec![1.0f64; steps + 1], vec![1.0f64; steps + 1]];
        let mut lasting = [vec![1.0f64], vec![1.0f64]];
        for &i in &active {
            let s = &game.students()[i];
            let own = mine(i);
            let hits = HITS_A_ROUND * rounds_left + HIT_CHANCE * ammo(!own) / team(own) as f64;
            let need = (f64::from(s.ar) / HIT_DAMAGE).ceil().max(1.0) as u32;
            let pressed = (1.0 - PRESSURE_CATCH * pressure[i]).clamp(0.02, 1.0);
            let stays = |t: f64| {
                if t <= 0.0 {
                    return 1.0;
                }
                poisson_below(need, hits * t / rounds_left) * pressed * (1.0 - CATCH_A_ROUND).powf(t)
            };
            let side = usize::from(!own);
            for (k, f) in fallen[side].iter_mut().enumerate() {
                *f *= 1.0 - stays((k as f64).min(rounds_left));
            }
            let q = stays(rounds_left);
            let old = std::mem::take(&mut lasting[side]);
            let mut next = vec![0.0; old.len() + 1];
            for (n, p) in old.iter().enumerate() {
                next[n] += p * (1.0 - q);
                next[n + 1] += p * q;
            }
            lasting[side] = next;
        }
        let [mine_fallen, theirs_fallen] = &fallen;
        let mut win = 0.0;
        for k in 1..=steps {
            let theirs_fall_now = theirs_fallen[k] - theirs_fallen[k - 1];
            let mine_fall_now = mine_fallen[k] - mine_fallen[k - 1];
            win += theirs_fall_now * (1.0 - mine_fallen[k] + 0.5 * mine_fall_now);
        }
        let attack = best_expected_attack(game, player);
        for (m, pm) in lasting[0].iter().enumerate().skip(1) {
            for (o, po) in lasting[1].iter().enumerate().skip(1) {
                win += pm * po * count_share(player, m, o, &attack);
            }
        }
        100.0 * win
    }

    /// Plays `first` in a determinization of `game` as `player` sees it, then everyone by the
    /// cautious rules of thumb until the acting student's next turn; the evaluation there.
    fn rollout(game: &Game, first: &Action, player: u8, seed: u64) -> f64 {
        let mut dice = SeededDice::new(seed);
        let mut g = game.clone();
        g.set_narrated(false);
        g.shuffle_unseen(player, &mut dice);
        let Some(me) = g.to_move() else {
            return Self::evaluate(&g, player);
        };
        let start_round = g.round();
        g.play_unchecked(first, &mut dice);
        let mut policy = RuleBot::careful(seed ^ 0x5eed, SEARCH_CAUTION);
        for _ in 0..ROLLOUT_STEPS {
            // The Food-Off is priced exactly rather than played out.
            if g.is_over() || g.round() > start_round + 1 || !g.food_off_standings().is_empty() {
                break;
            }
            if g.round() > start_round && g.to_move() == Some(me) && g.miss_choices().is_empty() {
                break;
            }
            let a = policy.choose(&g);
            g.play_unchecked(&a, &mut dice);
        }
        Self::evaluate(&g, player)
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

/// Food counters' worth of attacks a student carries: each food one, a tray's dump one more, a
/// usable can or a pumper (used again and again) three, a bowl one.
fn ammunition(game: &Game, s: &Student) -> f64 {
    s.hold.foods().len() as f64
        + match s.hold {
            Hold::Tray(_) => 1.0,
            Hold::Can(c) if game.cans()[usize::from(c)].fullness.is_some_and(|f| f <= 5) => 3.0,
            Hold::Pumper(_) => 3.0,
            Hold::Bowl(..) => 1.0,
            _ => 0.0,
        }
}

/// The chance that a Poisson count with mean `mean` stays below `n`.
fn poisson_below(n: u32, mean: f64) -> f64 {
    let (mut term, mut sum) = ((-mean).exp(), 0.0);
    for k in 0..n {
        sum += term;
        term *= mean / f64::from(k + 1);
    }
    sum.min(1.0)
}

/// A candidate under examination.
struct Arm {
    action: Action,
    prior: f64,
    sum: f64,
    n: usize,
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
                for &seed in &seeds {
                    arm.sum += Self::rollout(game, &arm.action, player, seed);
                    arm.n += 1;
                }
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
