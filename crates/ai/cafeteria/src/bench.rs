//! Benchmarks: random-bot games per second, the search bot against the rule-of-thumb bot, and
//! head-to-head matches between any two kinds of bot (the new search bot against the first one).

use std::fmt;
use std::io::Write;
use std::time::Instant;

use messhall_dice::SeededDice;

use crate::bots::{Bot, BotError, BotKind, RandomBot, RuleBot, SearchBot, SearchV1Bot};
use crate::model::Model;
use messhall_cafeteria::{Game, Outcome, Setup};
use messhall_tally::Tally;

/// What to measure.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// Random-bot games (4 players) for the speed figure.
    pub random_games: u32,
    /// First search bot (`search-v1`) games against the rule-of-thumb bot (2 players, seats
    /// alternating).
    pub match_games: u32,
    /// First seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// Candidates the search bot examines per decision.
    pub candidates: usize,
    /// Rollouts per candidate.
    pub rollouts: usize,
    /// The search bot's prior weight (see [`SearchV1Bot::prior_weight`]).
    pub prior_weight: f64,
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions {
            random_games: 2000,
            match_games: 200,
            seed: 1,
            candidates: 4,
            rollouts: 16,
            prior_weight: 3.0,
        }
    }
}

/// The measured figures.
#[derive(Clone, Debug, Default)]
pub struct BenchReport {
    /// Random games played.
    pub random_games: u32,
    /// Random games per second.
    pub games_per_second: f64,
    /// Match games played.
    pub match_games: u32,
    /// Games the search bot won outright.
    pub search_wins: u32,
    /// Games the rule-of-thumb bot won outright.
    pub rules_wins: u32,
    /// Games shared (Food-Off ties between the two players).
    pub shared: u32,
    /// Games with no winner.
    pub no_winner: u32,
    /// Search bot's points (1 a win, 1/2 a shared game) over points given out.
    pub search_score: f64,
    /// Seconds the match took.
    pub match_seconds: f64,
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "| measure | value |")?;
        writeln!(f, "| --- | --- |")?;
        writeln!(f, "| random-bot games (4 players) | {} |", self.random_games)?;
        writeln!(f, "| random-bot games per second | {:.0} |", self.games_per_second)?;
        writeln!(
            f,
            "| search vs rule-of-thumb games (2 players, seats alternating) | {} |",
            self.match_games
        )?;
        writeln!(
            f,
            "| search wins / rule-of-thumb wins / shared / no winner | {} / {} / {} / {} |",
            self.search_wins, self.rules_wins, self.shared, self.no_winner
        )?;
        writeln!(
            f,
            "| search bot's share of the points | {:.1}% |",
            self.search_score * 100.0
        )?;
        write!(f, "| match time | {:.1} s |", self.match_seconds)
    }
}

/// Plays one game to the end with one bot per player; returns the players' scores.
pub fn play_out(setup: Setup, seed: u64, bots: &mut [Box<dyn Bot>]) -> Option<Vec<f64>> {
    let mut dice = SeededDice::new(seed);
    let mut game = Game::new(setup, &mut dice).ok()?;
    while let Some(p) = game.player_to_move() {
        let action = bots.get_mut(usize::from(p))?.choose(&game);
        game.play_unchecked(&action, &mut dice);
    }
    game.outcome().map(|o| o.scores.clone())
}

/// Runs the benchmark, writing progress lines to `progress`.
pub fn bench(opts: &BenchOptions, progress: &mut dyn Write) -> BenchReport {
    let mut report = BenchReport {
        random_games: opts.random_games,
        match_games: opts.match_games,
        ..Default::default()
    };
    let start = Instant::now();
    for i in 0..opts.random_games {
        let seed = opts.seed + u64::from(i);
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|p| Box::new(RandomBot::new(seed * 8 + p)) as Box<dyn Bot>)
            .collect();
        let _ = play_out(Setup::new(4, &[]), seed, &mut bots);
    }
    let secs = start.elapsed().as_secs_f64();
    report.games_per_second = if secs > 0.0 {
        f64::from(opts.random_games) / secs
    } else {
        0.0
    };
    let _ = writeln!(progress, "random: {} games in {secs:.2} s", opts.random_games);
    let start = Instant::now();
    let (mut points, mut given) = (0.0, 0.0);
    for i in 0..opts.match_games {
        let seed = opts.seed + u64::from(i);
        let search_seat = (i % 2) as usize;
        let mut bots: Vec<Box<dyn Bot>> = (0..2)
            .map(|p| {
                if p == search_seat {
                    let mut bot = SearchV1Bot::with_effort(seed * 4 + p as u64, opts.candidates, opts.rollouts);
                    bot.prior_weight = opts.prior_weight;
                    Box::new(bot) as Box<dyn Bot>
                } else {
                    Box::new(RuleBot::new(seed * 4 + p as u64)) as Box<dyn Bot>
                }
            })
            .collect();
        let Some(scores) = play_out(Setup::new(2, &[]), seed, &mut bots) else {
            continue;
        };
        let (mine, theirs) = (scores[search_seat], scores[1 - search_seat]);
        points += mine;
        given += mine + theirs;
        match (mine, theirs) {
            (m, t) if m > t => report.search_wins += 1,
            (m, t) if t > m => report.rules_wins += 1,
            (m, _) if m > 0.0 => report.shared += 1,
            _ => report.no_winner += 1,
        }
        if (i + 1) % 10 == 0 {
            let _ = writeln!(
                progress,
                "match: {} games, search {} - rules {} (shared {}, none {}), {:.0} s",
                i + 1,
                report.search_wins,
                report.rules_wins,
                report.shared,
                report.no_winner,
                start.elapsed().as_secs_f64()
            );
        }
    }
    report.match_seconds = start.elapsed().as_secs_f64();
    report.search_score = if given > 0.0 { points / given } else { 0.0 };
    report
}

/// A bot for a match: a kind, and for the search bots their effort if not the default
/// (`search,candidates=8,rollouts=128,prior=1.5`), and for `search` its evaluation and rollouts
/// (`eval=model|hand`, `horizon=round|turn`, `close=N`, `ahead=N`, `weights=FILE`).
#[derive(Clone, Debug, PartialEq)]
pub struct BotConfig {
    /// The kind of bot.
    pub kind: BotKind,
    /// Candidate actions a search bot examines.
    pub candidates: Option<usize>,
    /// A search bot's rollouts (per candidate for `search-v1`, per decision for `search`).
    pub rollouts: Option<usize>,
    /// A search bot's prior weight.
    pub prior_weight: Option<f64>,
    /// Whether `search` scores its rollouts by the learned evaluation (`eval=model`, the default)
    /// or the hand-made one (`eval=hand`).
    pub learned: Option<bool>,
    /// Whether `search`'s rollouts end with the acting student's turn (`horizon=turn`) or at its
    /// turn `ahead` rounds later (`horizon=round`).
    pub turn_horizon: Option<bool>,
    /// Rollouts `search` may add to a close decision (`close=N`).
    pub close_rollouts: Option<usize>,
    /// Rounds `search`'s rollouts play on (`ahead=N`).
    pub rounds_ahead: Option<u8>,
    /// The learned evaluation `search` uses instead of the stored one (`weights=FILE`, read when
    /// the name is parsed).
    pub weights: Option<Model>,
}

impl BotConfig {
    /// The bot, seeded with `seed`.
    pub fn make(&self, seed: u64) -> Box<dyn Bot> {
        match self.kind {
            BotKind::Search => {
                let mut bot = SearchBot::new(seed);
                bot.candidates = self.candidates.unwrap_or(bot.candidates).max(1);
                bot.rollouts = self.rollouts.unwrap_or(bot.rollouts).max(1);
                bot.prior_weight = self.prior_weight.unwrap_or(bot.prior_weight);
                if let Some(m) = &self.weights {
                    bot.model = Some(m.clone());
                }
                if self.learned == Some(false) {
                    bot.model = None;
                }
                bot.turn_horizon = self.turn_horizon.unwrap_or(bot.turn_horizon);
                bot.close_rollouts = self.close_rollouts.unwrap_or(bot.close_rollouts);
                bot.rounds_ahead = self.rounds_ahead.unwrap_or(bot.rounds_ahead).max(1);
                Box::new(bot)
            }
            BotKind::SearchV1 => {
                let mut bot = SearchV1Bot::new(seed);
                bot.candidates = self.candidates.unwrap_or(bot.candidates).max(1);
                bot.rollouts = self.rollouts.unwrap_or(bot.rollouts).max(1);
                bot.prior_weight = self.prior_weight.unwrap_or(bot.prior_weight);
                Box::new(bot)
            }
            kind => kind.make(seed),
        }
    }
}

impl std::str::FromStr for BotConfig {
    type Err = String;

    /// Reads `KIND[,candidates=N][,rollouts=N][,prior=X][,eval=model|hand][,horizon=round|turn][,close=N][,weights=FILE]`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut parts = s.split(',');
        let kind: BotKind = parts
            .next()
            .unwrap_or("")
            .parse()
            .map_err(|e: BotError| e.to_string())?;
        let mut config = BotConfig {
            kind,
            candidates: None,
            rollouts: None,
            prior_weight: None,
            learned: None,
            turn_horizon: None,
            close_rollouts: None,
            rounds_ahead: None,
            weights: None,
        };
        for part in parts {
            let bad = || {
                format!(
                    "{s:?}: {part:?} is not candidates=N, rollouts=N, prior=X, eval=model|hand, horizon=turn|round, close=N, ahead=N or weights=FILE"
                )
            };
            let (key, value) = part.split_once('=').ok_or_else(bad)?;
            match key.trim() {
                "candidates" => config.candidates = Some(value.trim().parse().map_err(|_| bad())?),
                "rollouts" => config.rollouts = Some(value.trim().parse().map_err(|_| bad())?),
                "prior" => config.prior_weight = Some(value.trim().parse().map_err(|_| bad())?),
                "close" => config.close_rollouts = Some(value.trim().parse().map_err(|_| bad())?),
                "ahead" => config.rounds_ahead = Some(value.trim().parse().map_err(|_| bad())?),
                "weights" => {
                    let path = value.trim();
                    let text = std::fs::read_to_string(path).map_err(|e| format!("{s:?}: {path}: {e}"))?;
                    config.weights = Some(Model::from_toml(&text).map_err(|e| format!("{path}: {e}"))?);
                }
                "horizon" => {
                    config.turn_horizon = Some(match value.trim() {
                        "turn" => true,
                        "round" => false,
                        _ => return Err(bad()),
                    })
                }
                "eval" => {
                    config.learned = Some(match value.trim() {
                        "model" => true,
                        "hand" => false,
                        _ => return Err(bad()),
                    })
                }
                _ => return Err(bad()),
            }
        }
        Ok(config)
    }
}

impl From<BotKind> for BotConfig {
    fn from(kind: BotKind) -> Self {
        BotConfig {
            kind,
            candidates: None,
            rollouts: None,
            prior_weight: None,
            learned: None,
            turn_horizon: None,
            close_rollouts: None,
            rounds_ahead: None,
            weights: None,
        }
    }
}

/// A match between two kinds of bot: one A against B in every other seat, A's seat going round.
#[derive(Clone, Debug)]
pub struct HeadToHead {
    /// The bot measured.
    pub a: BotConfig,
    /// Its opponents.
    pub b: BotConfig,
    /// Players (2-4): A plays one of them, B all the others.
    pub players: u8,
    /// The most games.
    pub games: u32,
    /// First seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// With two players, stop once the 95% interval of A's share of the points lies wholly above
    /// or below this share (from [`SEQUENTIAL_MIN_GAMES`](messhall_tally::SEQUENTIAL_MIN_GAMES) games on).
    pub target: Option<f64>,
}

/// What a [`HeadToHead`] measured.
#[derive(Clone, Debug, Default)]
pub struct HeadToHeadReport {
    /// Games played.
    pub games: u32,
    /// Games A's player won outright.
    pub a_wins: u32,
    /// Games another player won outright.
    pub b_wins: u32,
    /// Games A's player shared with another.
    pub shared: u32,
    /// Games with no winner (they give no points and are left out of the share).
    pub no_winner: u32,
    /// A's score in each game with a winner (its share of the win).
    pub tally: Tally,
    /// The fair share of one player (1 / players).
    pub fair_share: f64,
    /// With a target: whether the interval ended wholly above it (`Some(true)`) or below.
    pub verdict: Option<bool>,
    /// A's decisions and the seconds they took.
    pub a_decisions: u64,
    /// Seconds A spent choosing.
    pub a_seconds: f64,
    /// B's decisions.
    pub b_decisions: u64,
    /// Seconds all B bots spent choosing.
    pub b_seconds: f64,
    /// Seconds the match took.
    pub seconds: f64,
}

impl fmt::Display for HeadToHeadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.tally.interval();
        let per = |s: f64, n: u64| if n > 0 { 1000.0 * s / n as f64 } else { 0.0 };
        writeln!(f, "| measure | value |")?;
        writeln!(f, "| --- | --- |")?;
        writeln!(f, "| games | {} |", self.games)?;
        writeln!(
            f,
            "| A wins / others win / shared / no winner | {} / {} / {} / {} |",
            self.a_wins, self.b_wins, self.shared, self.no_winner
        )?;
        writeln!(
            f,
            "| A's share of the points (fair share {:.1}%) | {:.1}% (95%: {:.1}%-{:.1}%) |",
            self.fair_share * 100.0,
            self.tally.mean() * 100.0,
            lo * 100.0,
            hi * 100.0
        )?;
        if let Some(v) = self.verdict {
            writeln!(
                f,
                "| sequential test | {} the target |",
                if v { "above" } else { "below" }
            )?;
        }
        writeln!(
            f,
            "| A / B time a decision | {:.1} ms / {:.1} ms |",
            per(self.a_seconds, self.a_decisions),
            per(self.b_seconds, self.b_decisions)
        )?;
        write!(
            f,
            "| match time | {:.0} s ({:.1} s a game) |",
            self.seconds,
            self.seconds / f64::from(self.games.max(1))
        )
    }
}

/// Plays a [`HeadToHead`] match, writing a line per game to `progress`.
pub fn head_to_head(spec: &HeadToHead, progress: &mut dyn Write) -> HeadToHeadReport {
    let players = spec.players.clamp(2, 4);
    let mut report = HeadToHeadReport {
        fair_share: 1.0 / f64::from(players),
        ..Default::default()
    };
    let start = Instant::now();
    for i in 0..spec.games {
        let seed = spec.seed + u64::from(i);
        let a_seat = (i % u32::from(players)) as u8;
        let mut bots: Vec<Timed> = (0..players)
            .map(|p| Timed {
                bot: if p == a_seat { &spec.a } else { &spec.b }.make(seed * 8 + u64::from(p)),
                decisions: 0,
                seconds: 0.0,
            })
            .collect();
        let Some(outcome) = play_timed(Setup::new(players, &[]), seed, &mut bots) else {
            continue;
        };
        let scores = &outcome.scores;
        report.games += 1;
        for (p, b) in bots.iter().enumerate() {
            if p == usize::from(a_seat) {
                report.a_decisions += b.decisions;
                report.a_seconds += b.seconds;
            } else {
                report.b_decisions += b.decisions;
                report.b_seconds += b.seconds;
            }
        }
        let mine = scores[usize::from(a_seat)];
        let given: f64 = scores.iter().sum();
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(p, _)| p != usize::from(a_seat))
            .map(|(_, &s)| s)
            .fold(0.0, f64::max);
        if given <= 0.0 {
            report.no_winner += 1;
        } else {
            report.tally.add(mine / given);
            match (mine, best_other) {
                (m, o) if m > 0.0 && o > 0.0 => report.shared += 1,
                (m, _) if m > 0.0 => report.a_wins += 1,
                _ => report.b_wins += 1,
            }
        }
        let (lo, hi) = report.tally.interval();
        let _ = writeln!(
            progress,
            "game {} (seed {seed}, A in seat {a_seat}): A {mine:.2} ({:?}, round {}); A {} - others {} \
             (shared {}, none {}), share {:.1}% (95%: {:.1}%-{:.1}%), {:.0} s",
            i + 1,
            outcome.kind,
            outcome.rounds,
            report.a_wins,
            report.b_wins,
            report.shared,
            report.no_winner,
            report.tally.mean() * 100.0,
            lo * 100.0,
            hi * 100.0,
            start.elapsed().as_secs_f64()
        );
        if let Some(target) = spec.target.filter(|_| players == 2) {
            report.verdict = report.tally.verdict(target);
            if report.verdict.is_some() {
                break;
            }
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

/// A bot with the time it spent choosing.
struct Timed {
    bot: Box<dyn Bot>,
    decisions: u64,
    seconds: f64,
}

/// Plays one game to the end, timing each player's decisions; returns how it ended.
fn play_timed(setup: Setup, seed: u64, bots: &mut [Timed]) -> Option<Outcome> {
    let mut dice = SeededDice::new(seed);
    let mut game = Game::new(setup, &mut dice).ok()?;
    while let Some(p) = game.player_to_move() {
        let timed = bots.get_mut(usize::from(p))?;
        let clock = Instant::now();
        let action = timed.bot.choose(&game);
        timed.seconds += clock.elapsed().as_secs_f64();
        timed.decisions += 1;
        game.play_unchecked(&action, &mut dice);
    }
    game.outcome().cloned()
}
