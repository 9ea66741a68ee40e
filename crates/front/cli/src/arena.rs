//! `messhall match`: two player configurations play each other with alternating colours from
//! seeded random openings; the score and an Elo difference with its 95% margin.

use crate::players::{Bot, Config};
use crate::show::load;
use anyhow::{Result, bail};
use messhall_rules::{Color, Game, Position, Variant};
use messhall_search::SearchRng;
use std::sync::Arc;
use std::time::Duration;

/// Random plies at the start of each pair of games.
pub const OPENING_PLIES: u32 = 4;
/// A game still running after this many plies is scored a draw.
pub const MAX_PLIES: usize = 400;
pub const MATCH_SEED: u64 = 0x6d65_7373;

/// Score of one game for the side `a_color` (1, 0.5 or 0).
fn play_game(
    v: &Arc<Variant>,
    start: &Position,
    a: Config,
    b: Config,
    a_color: Color,
    seed: u64,
    time: Duration,
) -> (f64, String) {
    // Both games of a pair (colours swapped) start from the same opening.
    let mut rng = SearchRng::new(MATCH_SEED ^ (seed / 2));
    let mut game = Game::new(v.clone(), start.clone());
    let mut history = vec![start.hash()];
    for _ in 0..OPENING_PLIES {
        let moves = v.legal_moves(game.position());
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u32) as usize];
        game.play(mv);
        if game.outcome().is_some() {
            game.undo();
            break;
        }
        history.push(game.position().hash());
    }
    let mut bots = [
        Bot::new(v.clone(), a, MATCH_SEED + 2 * seed),
        Bot::new(v.clone(), b, MATCH_SEED + 2 * seed + 1),
    ];
    let a_index = |c: Color| usize::from(c != a_color);
    while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
        let pos = game.position().clone();
        let earlier = &history[..history.len() - 1];
        let Some(mv) = bots[a_index(pos.side_to_move())].choose(&pos, earlier, time) else {
            break;
        };
        game.play(mv);
        history.push(game.position().hash());
    }
    match game.outcome() {
        Some(o) => {
            let score = match o.winner {
                None => 0.5,
                Some(w) if w == a_color => 1.0,
                Some(_) => 0.0,
            };
            (score, o.to_string())
        }
        None => (0.5, "1/2-1/2 (move limit)".to_string()),
    }
}

/// The Elo difference for a score fraction.
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

pub fn run(variant: &str, a: &str, b: &str, games: u32, time: f64) -> Result<()> {
    let (a, b) = (Config::parse(a)?, Config::parse(b)?);
    if a == Config::Human || b == Config::Human {
        bail!("a match is between computer players (level=N, depth=N, nodes=N, random, greedy)");
    }
    let (v, start) = load(variant, None)?;
    let v = Arc::new(v);
    let time = Duration::from_secs_f64(time.max(0.001));
    let mut scores = Vec::new();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for g in 0..games {
        let a_color = if g % 2 == 0 { Color::White } else { Color::Black };
        let (s, result) = play_game(&v, &start, a, b, a_color, u64::from(g), time);
        match s {
            1.0 => wins += 1,
            0.0 => losses += 1,
            _ => draws += 1,
        }
        scores.push(s);
        println!("game {:>3}: A as {:<5} {result}", g + 1, a_color.name());
    }
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (var / n).sqrt();
    let (lo, hi) = (elo(mean - margin), elo(mean + margin));
    println!(
        "A ({a:?}) vs B ({b:?}): +{wins} ={draws} -{losses}, score {:.1}/{} ({:.1}%)",
        scores.iter().sum::<f64>(),
        scores.len(),
        100.0 * mean
    );
    if wins + draws == 0 || losses + draws == 0 {
        // All games won (or all lost): the margin is undefined; give the 95% bound instead.
        let bound = elo(0.05f64.powf(1.0 / n));
        // With few games the bound can lie on the other side of 0 (two wins: beyond -216).
        let bound = if wins > 0 { bound } else { -bound };
        println!("Elo difference: beyond {bound:+.0} (95% bound; every game went one way)");
    } else {
        println!("Elo difference: {:+.0} +/- {:.0} (95%)", elo(mean), (hi - lo) / 2.0);
    }
    Ok(())
}
