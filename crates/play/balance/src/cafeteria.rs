//! The report of the cafeteria game: games at each player count with the same bot in every seat,
//! each seat's share of the points, the endings (how often the Food-Off decides) and the length.

use crate::jobs::{self, mix};
use crate::report::{CafeteriaEnding, CafeteriaReport, CafeteriaTable, SeatShare};
use crate::spec::{BalanceSpec, Strength};
use crate::stats::{Spread, round4};
use messhall_cafeteria::{EndKind, Game, Outcome, Setup};
use messhall_cafeteria_ai::bots::{Bot, BotKind};
use messhall_dice::SeededDice;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The player counts a report plays.
pub const PLAYER_COUNTS: [u8; 3] = [2, 3, 4];
/// Levels up to this one are played by the rule-of-thumb bot, higher ones (and node budgets,
/// which the cafeteria bots have none of) by the search bot.
pub const RULE_BOT_LEVELS: u8 = 5;

/// The bot a report's strength stands for.
pub fn bot_for(strength: Strength) -> BotKind {
    match strength {
        Strength::Level(l) if l <= RULE_BOT_LEVELS => BotKind::Rules,
        _ => BotKind::Search,
    }
}

/// Games the report plays in all.
pub(crate) fn total_games(spec: &BalanceSpec) -> u32 {
    spec.games * PLAYER_COUNTS.len() as u32
}

/// Plays one game of `players` players, a bot of `kind` in each seat.
fn play(players: u8, kind: BotKind, seed: u64) -> Option<Outcome> {
    let mut dice = SeededDice::new(seed);
    let mut game = Game::new(Setup::new(players, &[]), &mut dice).ok()?;
    let mut bots: Vec<Box<dyn Bot>> = (0..players).map(|p| kind.make(mix(seed, u64::from(p)))).collect();
    while let Some(p) = game.player_to_move() {
        let action = bots.get_mut(usize::from(p))?.choose(&game);
        game.play_unchecked(&action, &mut dice);
    }
    game.outcome().cloned()
}

/// Plays the report's games and counts them; also the games played, and whether any was not.
pub(crate) fn report(
    spec: &BalanceSpec,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(),
) -> (CafeteriaReport, u32, bool) {
    let kind = bot_for(spec.strength);
    let per_count = spec.games as usize;
    let halt = Arc::new(AtomicBool::new(false));
    let outcomes = jobs::run(
        per_count * PLAYER_COUNTS.len(),
        spec.concurrency,
        stop,
        &halt,
        progress,
        &|j| {
            let players = PLAYER_COUNTS[j / per_count];
            play(
                players,
                kind,
                mix(spec.seed, (u64::from(players) << 32) + (j % per_count) as u64),
            )
        },
    );
    let played = outcomes.iter().flatten().count() as u32;
    let tables = PLAYER_COUNTS
        .iter()
        .enumerate()
        .map(|(k, &players)| {
            let games: Vec<&Outcome> = outcomes[k * per_count..(k + 1) * per_count].iter().flatten().collect();
            table(players, &games)
        })
        .collect();
    let report = CafeteriaReport {
        bot: kind.to_string(),
        tables,
    };
    (report, played, played < outcomes.len() as u32)
}

/// The figures of one player count.
fn table(players: u8, games: &[&Outcome]) -> CafeteriaTable {
    let n = games.len().max(1) as f64;
    let seats = (0..usize::from(players))
        .map(|seat| {
            let scores: Vec<f64> = games
                .iter()
                .map(|o| o.scores.get(seat).copied().unwrap_or(0.0))
                .collect();
            let mean = scores.iter().sum::<f64>() / n;
            let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
            let margin = 1.96 * (var / n).sqrt();
            SeatShare {
                seat: seat as u8 + 1,
                share: round4(mean),
                low: round4((mean - margin).max(0.0)),
                high: round4((mean + margin).min(1.0)),
                wins: scores.iter().filter(|&&s| s >= 1.0).count() as u32,
            }
        })
        .collect();
    let mut endings: Vec<CafeteriaEnding> = Vec::new();
    for o in games {
        let name = serde_json::to_value(o.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        match endings.iter_mut().find(|e| e.ending == name) {
            Some(e) => e.games += 1,
            None => endings.push(CafeteriaEnding { ending: name, games: 1 }),
        }
    }
    endings.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.ending.cmp(&b.ending)));
    let food_offs = games.iter().filter(|o| o.kind == EndKind::FoodOff).count();
    CafeteriaTable {
        players,
        games: games.len() as u32,
        seats,
        endings,
        food_off_rate: round4(food_offs as f64 / n),
        rounds: Spread::of(&games.iter().map(|o| u32::from(o.rounds)).collect::<Vec<u32>>()),
    }
}
