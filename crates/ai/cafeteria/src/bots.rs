//! The cafeteria game's bots: a random bot, a rule-of-thumb bot and two determinized Monte Carlo
//! search bots (the first one, kept for measuring, and the stronger one in `search`).

use std::fmt;
use std::str::FromStr;

use messhall_dice::{Dice, SeededDice};

// Only the cafeteria crate's public API.
pub use crate::search::SearchBot;

use messhall_cafeteria::{Action, Cell, Family, FoodId, Game, Hold, Special, Sq, Status, Student, StudentId, Target};

/// A bot's name that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {0:?}: use random, rules, search or search-v1")]
pub struct BotError(pub String);

/// Something that chooses actions.
pub trait Bot {
    /// Chooses one of `game.legal_actions()`; the game must not be over.
    fn choose(&mut self, game: &Game) -> Action;
    /// The bot's name.
    fn name(&self) -> &'static str;
}

/// The kinds of bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BotKind {
    /// Uniformly random legal actions.
    Random,
    /// Rules of thumb.
    #[default]
    Rules,
    /// Determinized Monte Carlo search over the real rules ([`SearchBot`]).
    Search,
    /// The first search bot ([`SearchV1Bot`]), kept to measure the new one against.
    SearchV1,
}

impl BotKind {
    /// A bot of this kind with its own seed.
    pub fn make(self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Rules => Box::new(RuleBot::new(seed)),
            BotKind::Search => Box::new(SearchBot::new(seed)),
            BotKind::SearchV1 => Box::new(SearchV1Bot::new(seed)),
        }
    }
}

impl FromStr for BotKind {
    type Err = BotError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            "rules" | "rule" | "rule-of-thumb" => Ok(BotKind::Rules),
            "search" | "mcts" => Ok(BotKind::Search),
            "search-v1" | "search1" => Ok(BotKind::SearchV1),
            _ => Err(BotError(s.to_string())),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BotKind::Random => "random",
            BotKind::Rules => "rules",
            BotKind::Search => "search",
            BotKind::SearchV1 => "search-v1",
        })
    }
}

/// Plays a uniformly random legal action.
#[derive(Clone, Debug)]
pub struct RandomBot {
    dice: SeededDice,
}

impl RandomBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            dice: SeededDice::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, game: &Game) -> Action {
        let actions = game.legal_actions();
        messhall_dice::pick(&mut self.dice, &actions)
            .cloned()
            .unwrap_or(Action::EndTurn)
    }

    fn name(&self) -> &'static str {
        "random"
    }
}

/// Probability that 2d6 is at most `n`.
pub fn p_2d6_at_most(n: u8) -> f64 {
    const WAYS: [u8; 13] = [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36];
    f64::from(WAYS[usize::from(n.min(12))]) / 36.0
}

/// Breadth-first distances over squares a student could walk (characters ignored, staff avoided).
fn walk_distances(game: &Game, sources: &[Sq]) -> Vec<u16> {
    let map = &game.data().map;
    let mut dist = vec![u16::MAX; map.len()];
    let mut queue = std::collections::VecDeque::new();
    for &s in sources {
        if map.contains(s) {
            dist[map.index(s)] = 0;
            queue.push_back(s);
        }
    }
    while let Some(sq) = queue.pop_front() {
        let d = dist[map.index(sq)];
        for n in map.neighbours(sq) {
            let i = map.index(n);
            if dist[i] == u16::MAX
                && map.is_ground(n)
                && map.cell(n) != Cell::Exit
                && !(matches!(map.cell(n), Cell::CanHome(_)) && game.can_at(n).is_some())
            {
                dist[i] = d + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// What the rules of thumb know about the student to act, computed once per decision.
pub(crate) struct View {
    me: StudentId,
    pub(crate) caution: f64,
    player: u8,
    opp_dist: Vec<u16>,
    food_dist: Vec<u16>,
    has_food: bool,
}

/// Plays by rules of thumb: attack when the odds are good, keep away from the staff, fetch food when
/// empty-handed, never waste food.
#[derive(Clone, Debug)]
pub struct RuleBot {
    dice: SeededDice,
    caution: f64,
}

impl RuleBot {
    /// A rule-of-thumb bot (its seed only breaks ties).
    pub fn new(seed: u64) -> Self {
        RuleBot {
            dice: SeededDice::new(seed),
            caution: 0.0,
        }
    }

    /// A rule-of-thumb bot that also keeps from being the student the staff go for; `caution`
    /// weighs that worry (0 turns it off).
    pub fn careful(seed: u64, caution: f64) -> Self {
        RuleBot {
            dice: SeededDice::new(seed),
            caution,
        }
    }

    pub(crate) fn view(game: &Game, me: StudentId) -> View {
        let st = &game.students()[usize::from(me)];
        let player = st.player;
        let opps: Vec<Sq> = game
            .students()
            .iter()
            .filter(|o| o.player != player && o.status == Status::Active)
            .map(|o| o.pos)
            .collect();
        let mut sources: Vec<Sq> = Vec::new();
        let map = &game.data().map;
        for (t, squares) in map.tables.iter().enumerate() {
            if game.table_serves(t as u8) {
                for &sq in squares {
                    for n in map.neighbours(sq) {
                        if n.x == sq.x || n.y == sq.y {
                            sources.push(n);
                        }
                    }
                }
            }
        }
        if st.made_trip || st.hold.is_empty() {
            sources.push(map.entrance);
        }
        let has_food = match &st.hold {
            Hold::Hands(v) | Hold::Tray(v) => !v.is_empty(),
            Hold::Can(c) => game.cans()[usize::from(*c)].fullness.is_some_and(|f| f <= 5),
            Hold::Pumper(_) | Hold::Bowl(..) => true,
            Hold::Empty => false,
        };
        View {
            me,
            caution: 0.0,
            player,
            opp_dist: walk_distances(game, &opps),
            food_dist: walk_distances(game, &sources),
            has_food,
        }
    }

    fn target_weight(game: &Game, view: &View, target: Target) -> f64 {
        match target {
            Target::Student(s) => {
                if game.students()[usize::from(s)].player == view.player {
                    -3.0
                } else {
                    1.0 + 0.5 * (1.0 - f64::from(game.students()[usize::from(s)].ar) / 100.0)
                }
            }
            Target::Faculty(f) => {
                let Some(fpos) = game.faculty()[usize::from(f)].pos else {
                    return 0.0;
                };
                let mr = game.data().faculty[usize::from(f)].mr;
                let immobile = game.faculty()[usize::from(f)].immobile_through > game.round();
                let threat = game
                    .students()
                    .iter()
                    .filter(|s| s.player == view.player && s.status == Status::Active)
                    .any(|s| s.pos.king_distance(fpos) <= mr + 2);
                if threat && !immobile { 0.9 } else { 0.05 }
            }
        }
    }

    fn food_value(game: &Game, f: FoodId, bonus: u8) -> f64 {
        let to_hit = if game.food_range(f).is_none() {
            7
        } else {
            game.food_to_hit(f)
        };
        let p = p_2d6_at_most(to_hit + bonus);
        let dmg = game.food_damage(f).map_or(0.0, |d| 3.5 + f64::from(d));
        let stun = if bonus == 0 {
            game.data()
                .kind(f)
                .stun_on
                .map_or(0.0, |on| f64::from(7 - on) / 6.0 * 8.0)
        } else {
            0.0
        };
        p * (dmg + stun)
    }

    fn danger(game: &Game, sq: Sq) -> f64 {
        let mut d = 0.0;
        for (i, f) in game.faculty().iter().enumerate() {
            if let Some(fpos) = f.pos {
                let mr = game.data().faculty[i].mr;
                let k = fpos.king_distance(sq);
                let moving = f.immobile_through <= game.round();
                if moving && k <= mr + 1 {
                    d += f64::from(mr + 2 - k) * 3.0;
                }
            }
        }
        d
    }

    /// How much the staff would go for student `me` standing on `sq`: for each staff member able to
    /// move, closeness when `me` would be the nearest student to it.
    fn pursuit(game: &Game, me: StudentId, sq: Sq) -> f64 {
        let mut p = 0.0;
        for (f, fac) in game.faculty().iter().enumerate() {
            let Some(fpos) = fac.pos else { continue };
            if fac.immobile_through > game.round() {
                continue;
            }
            let mr = game.data().faculty[f].mr;
            let mine = sq.king_distance(fpos);
            let others = game
                .students()
                .iter()
                .enumerate()
                .filter(|&(i, s)| i != usize::from(me) && s.status != Status::Gone && s.hiding.is_none())
                .map(|(_, s)| s.pos.king_distance(fpos))
                .min()
                .unwrap_or(u8::MAX);
            if mine <= others {
                p += f64::from((2 * mr + 4).saturating_sub(mine)) * 0.5;
            }
        }
        p
    }

    fn square_value(game: &Game, view: &View, sq: Sq) -> f64 {
        let map = &game.data().map;
        let i = map.index(sq);
        let mut v = -Self::danger(game, sq) - 0.4 * f64::from(game.slipperiness(sq).min(12));
        if view.caution > 0.0 {
            v -= view.caution * Self::pursuit(game, view.me, sq);
        }
        if view.has_food {
            let d = f64::from(view.opp_dist[i].min(40));
            v -= (d - 2.0).abs() * 0.6;
        } else {
            v -= f64::from(view.food_dist[i].min(40)) * 0.8;
        }
        v
    }

    /// How good an action looks by the rules of thumb (higher is better).
    pub fn score(game: &Game, action: &Action) -> f64 {
        let Some(me) = game.to_move() else { return 0.0 };
        let view = Self::view(game, me);
        Self::score_with(game, &view, action)
    }

    pub(crate) fn score_with(game: &Game, view: &View, action: &Action) -> f64 {
        let st = &game.students()[usize::from(view.me)];
        let pos = st.pos;
        match *action {
            Action::PlaceMiss(sq) => -f64::from(view.opp_dist[game.data().map.index(sq)].min(40)),
            Action::FoodOff { families, target } => {
                let fam: f64 = Family::ALL
                    .iter()
                    .filter(|f| families & (1 << f.index()) != 0)
                    .map(|f| [1.0, 0.5, 2.0, 3.0, 2.5][f.index()])
                    .sum();
                fam + if game.students()[usize::from(target)].player == view.player {
                    -5.0
                } else {
                    0.0
                }
            }
            Action::Throw { food, target } => {
                let w = Self::target_weight(game, view, target);
                let mut v = Self::food_value(game, food, 0) * w;
                if game.data().kind(food).special == Some(Special::Bowl) {
                    v = p_2d6_at_most(game.food_to_hit(food)) / 6.0 * 8.0 * w;
                }
                v + 0.5
            }
            Action::Dump(target) => {
                let w = Self::target_weight(game, view, target);
                let sum: f64 = st
                    .hold
                    .foods()
                    .iter()
                    .map(|&f| Self::food_value(game, f, game.data().dump_to_hit_bonus))
                    .sum();
                (sum + 8.0 / 3.0) * w * 0.8
            }
            Action::Squirt(target) => {
                let w = Self::target_weight(game, view, target);
                if let Hold::Pumper(p) = st.hold {
                    Self::food_value(game, p, 0) * w + 0.5
                } else {
                    0.0
                }
            }
            Action::DumpBowl(target) => {
                let w = Self::target_weight(game, view, target);
                if let Hold::Bowl(b, Some(c)) = st.hold {
                    p_2d6_at_most(game.food_to_hit(b)) * game.food_damage(c).map_or(0.0, |d| 3.5 + f64::from(d)) * w
                } else {
                    0.0
                }
            }
            Action::SpillCan(dir) => {
                let Hold::Can(c) = st.hold else { return 0.0 };
                let full = game.cans()[usize::from(c)].fullness.unwrap_or(6);
                let mut v = 0.0;
                for (sq, dist) in game.spill_line(pos, dir, full) {
                    for (o, other) in game.students().iter().enumerate() {
                        if o != usize::from(view.me) && other.status == Status::Active && other.pos == sq {
                            let p = (0.5 + (f64::from(full) - f64::from(dist)) * 0.2).clamp(0.05, 0.95);
                            v += p * 4.5 * f64::from(full) * Self::target_weight(game, view, Target::Student(o as u8));
                        }
                    }
                    for (f, fac) in game.faculty().iter().enumerate() {
                        if fac.pos == Some(sq) {
                            v += 2.0 * f64::from(full) * Self::target_weight(game, view, Target::Faculty(f as u8));
                        }
                    }
                }
                v
            }
            Action::Move(to) => {
                let mut v = Self::square_value(game, view, to) - Self::square_value(game, view, pos);
                if matches!(game.data().map.cell(to), Cell::CanHome(_)) && game.can_at(to).is_some() {
                    v += if view.opp_dist[game.data().map.index(to)] <= 4 {
                        1.5
                    } else {
                        -1.0
                    };
                }
                v
            }
            // Never listed among the legal actions; valued by where it ends.
            Action::Walk(ref path) => path.last().map_or(0.0, |&to| {
                Self::square_value(game, view, to) - Self::square_value(game, view, pos)
            }),
            Action::FoodLine { families, tray } => {
                6.0 + f64::from(families.count_ones()) + if tray { 2.0 } else { 0.0 }
            }
            Action::SearchTable(_) => 4.0,
            Action::PickUp(mask) => {
                let base = 3.0 * f64::from(mask.count_ones());
                base + if mask & 0b11000 != 0 { 1.0 } else { 0.0 }
            }
            Action::TakeTray(_) => 3.5,
            Action::PickSalad(f) => match game.data().kind(f).special {
                Some(Special::Pumper | Special::Bowl) => 2.0,
                _ => 2.5,
            },
            Action::TipTable(_) => {
                if !view.has_food && Self::danger(game, pos) > 0.0 {
                    3.0
                } else {
                    -2.0
                }
            }
            Action::StayHidden => {
                if game.faculty().iter().any(|f| f.attracted.is_some()) {
                    -1.0
                } else {
                    0.5
                }
            }
            Action::Drop(_) | Action::DropHeld => -6.0,
            Action::DropTray => -8.0,
            Action::FeedCan { .. } => -4.0,
            Action::TakeCan => -1.0,
            Action::EndTurn => -0.5,
        }
    }
}

impl Bot for RuleBot {
    fn choose(&mut self, game: &Game) -> Action {
        let actions = game.legal_actions();
        let Some(me) = game.to_move() else {
            return Action::EndTurn;
        };
        let mut view = Self::view(game, me);
        view.caution = self.caution;
        let mut best: Option<(f64, &Action)> = None;
        for a in &actions {
            let s = Self::score_with(game, &view, a) + f64::from(self.dice.below(1000)) * 1e-5;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, a));
            }
        }
        best.map(|(_, a)| a.clone()).unwrap_or(Action::EndTurn)
    }

    fn name(&self) -> &'static str {
        "rules"
    }
}

/// How much the search bots' own rules of thumb worry about drawing the staff.
pub(crate) const SEARCH_CAUTION: f64 = 2.0;

/// How hard the staff press each student (by index): each staff member that can move goes for
/// the nearest student, 0.8 when within its MR, less farther off.
pub(crate) fn staff_pressure(game: &Game) -> Vec<f64> {
    let mut pressure = vec![0.0f64; game.students().len()];
    for (f, fac) in game.faculty().iter().enumerate() {
        let Some(fpos) = fac.pos else { continue };
        if fac.immobile_through > game.round() {
            continue;
        }
        let mr = f64::from(game.data().faculty[f].mr);
        let near = game
            .students()
            .iter()
            .enumerate()
            .filter(|(_, s)| s.status != Status::Gone && s.hiding.is_none())
            .map(|(i, s)| (i, f64::from(s.pos.king_distance(fpos))))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, d)) = near {
            let p = if d <= mr {
                0.8
            } else {
                (1.0 - (d - mr) / (2.0 * mr + 2.0)).max(0.0) * 0.5
            };
            pressure[i] += p;
        }
    }
    pressure
}

/// What a student's load is worth as a weapon (counts of food are public; kinds are not read).
pub(crate) fn armed(game: &Game, s: &Student) -> f64 {
    0.08 * s.hold.foods().len().min(5) as f64
        + match s.hold {
            Hold::Tray(_) => 0.1,
            Hold::Can(c) if game.cans()[usize::from(c)].fullness.is_some_and(|f| f <= 5) => 0.3,
            Hold::Pumper(_) | Hold::Bowl(..) => 0.1,
            _ => 0.0,
        }
}

/// The first search bot (`search-v1`), kept unchanged to measure [`SearchBot`] against.
/// Determinized Monte Carlo search: each candidate action (the rule bot's favourites) is tried in
/// several rollouts; each rollout reshuffles what the bot cannot see (the Food Line stacks and the
/// other players' food, within each family), draws fresh dice, plays everyone by the rules of thumb
/// until this student's next turn, and scores the position. The best average wins.
#[derive(Clone, Debug)]
pub struct SearchV1Bot {
    dice: SeededDice,
    /// Candidate actions examined (the rule bot's top choices).
    pub candidates: usize,
    /// Rollouts per candidate.
    pub rollouts: usize,
    /// Weight of the rules of thumb's opinion added to a candidate's rollout average (in points of
    /// the 0-100 evaluation per point of rule score); it keeps rollout noise from overturning clear
    /// preferences.
    pub prior_weight: f64,
}

impl SearchV1Bot {
    /// A search bot with default effort.
    pub fn new(seed: u64) -> Self {
        SearchV1Bot {
            dice: SeededDice::new(seed),
            candidates: 4,
            rollouts: 16,
            prior_weight: 3.0,
        }
    }

    /// A search bot with the given effort.
    pub fn with_effort(seed: u64, candidates: usize, rollouts: usize) -> Self {
        SearchV1Bot {
            candidates: candidates.max(1),
            rollouts: rollouts.max(1),
            ..SearchV1Bot::new(seed)
        }
    }

    /// How good the position is for `player` (higher is better): roughly the player's share of
    /// the fighting strength left, where a student's strength grows with its Appearance Rating and
    /// what it carries and shrinks with the staff closing in.
    pub fn evaluate(game: &Game, player: u8) -> f64 {
        if let Some(o) = game.outcome() {
            return o.scores.get(usize::from(player)).copied().unwrap_or(0.0) * 100.0;
        }
        let pressure = staff_pressure(game);
        let (mut mine, mut total) = (0.0, 0.0);
        for (i, s) in game.students().iter().enumerate() {
            if s.status != Status::Active {
                continue;
            }
            let max = f64::from(game.student_max_ar(i as StudentId));
            let armed = armed(game, s);
            let strength =
                (0.6 + f64::from(s.ar) / max + armed - pressure[i] - if s.stunned { 0.2 } else { 0.0 }).max(0.05);
            total += strength;
            if s.player == player {
                mine += strength;
            }
        }
        if total > 0.0 { 100.0 * mine / total } else { 0.0 }
    }

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
        let mut steps = 0;
        while !g.is_over() && steps < 400 {
            if g.round() > start_round && g.to_move() == Some(me) && g.miss_choices().is_empty() {
                break;
            }
            if g.round() > start_round + 1 {
                break;
            }
            let a = policy.choose(&g);
            g.play_unchecked(&a, &mut dice);
            steps += 1;
        }
        Self::evaluate(&g, player)
    }
}

impl Bot for SearchV1Bot {
    fn choose(&mut self, game: &Game) -> Action {
        let actions = game.legal_actions();
        if actions.len() <= 1 {
            return actions.into_iter().next().unwrap_or(Action::EndTurn);
        }
        let Some(me) = game.to_move() else {
            return Action::EndTurn;
        };
        let player = game.students()[usize::from(me)].player;
        let mut view = RuleBot::view(game, me);
        view.caution = SEARCH_CAUTION;
        let mut ranked: Vec<(f64, Action)> = actions
            .into_iter()
            .map(|a| (RuleBot::score_with(game, &view, &a), a))
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked.truncate(self.candidates);
        // Free actions that never help are not worth simulating.
        ranked.retain(|(_, a)| !matches!(a, Action::Drop(_) | Action::DropTray | Action::FeedCan { .. }));
        if ranked.is_empty() {
            return RuleBot::careful(u64::from(self.dice.next_word()), SEARCH_CAUTION).choose(game);
        }
        // The same seeds for every candidate (common random numbers), so differences come from the
        // actions rather than from luck.
        let seeds: Vec<u64> = (0..self.rollouts)
            .map(|_| u64::from(self.dice.next_word()) << 32 | u64::from(self.dice.next_word()))
            .collect();
        let mut best: Option<(f64, Action)> = None;
        for (prior, action) in ranked {
            let sum: f64 = seeds
                .iter()
                .map(|&seed| Self::rollout(game, &action, player, seed))
                .sum();
            let mean = sum / self.rollouts as f64 + prior * self.prior_weight;
            if best.as_ref().is_none_or(|(b, _)| mean > *b) {
                best = Some((mean, action));
            }
        }
        best.map(|(_, a)| a).unwrap_or(Action::EndTurn)
    }

    fn name(&self) -> &'static str {
        "search-v1"
    }
}
