//! Benchmarks: random-bot games per second, and the search bot against the rule-of-thumb bot.

use std::fmt;
use std::io::Write;
use std::time::Instant;

use messhall_dice::SeededDice;

use crate::cafeteria_bots::{Bot, RandomBot, RuleBot, SearchBot};
use messhall_cafeteria::{Game, Setup};

/// What to measure.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// Random-bot games (4 players) for the speed figure.
    pub random_games: u32,
    /// Search-bot games against the rule-of-thumb bot (2 players, seats alternating).
    pub match_games: u32,
    /// First seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// Candidates the search bot examines per decision.
    pub candidates: usize,
    /// Rollouts per candidate.
    pub rollouts: usize,
    /// The search bot's prior weight (see [`SearchBot::prior_weight`]).
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
                    let mut bot = SearchBot::with_effort(seed * 4 + p as u64, opts.candidates, opts.rollouts);
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
