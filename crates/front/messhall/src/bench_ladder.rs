//! `messhall bench ladder`: every level against the level below, the table BENCHMARKS.md keeps.
//!
//! Levels 1 to 9 are limited by depth and nodes, not by the machine, so they are given ample time
//! (`--time`, a cap for pathological positions); level 10 plays at `--full-time` a move, which is
//! what decides how far it stands above level 9.

use crate::arena::play_match;
use crate::bench_pairs::PairGames;
use anyhow::{Result, bail};
use messhall_table::Decide;
use std::time::Instant;

/// What `messhall bench ladder` is asked to run.
pub struct LadderRequest<'a> {
    pub variant: &'a str,
    /// The first and last level played against the one below (2..=10).
    pub from: u8,
    pub to: u8,
    pub first_game: u32,
    /// Stop a pair once its verdict against [`TARGET`] is sure, whatever the games left.
    pub until_decided: bool,
    /// Seconds a move for level 10.
    pub full_time: f64,
    /// How each pair's games are played.
    pub pairs: &'a PairGames,
}

/// The share of the points each level is to score against the level below (issue 7).
pub const TARGET: f64 = 0.7;

pub fn run(r: &LadderRequest<'_>) -> Result<()> {
    if !(2..=10).contains(&r.from) || !(r.from..=10).contains(&r.to) {
        bail!(
            "levels {}..{}: the ladder runs from level 2 (against 1) up to level 10",
            r.from,
            r.to
        );
    }
    let header = format!(
        "{:<12}{:<11}{:<11}{:<17}{:<9}{:<19}time",
        "game", "A", "B", "result", "score", "Elo"
    );
    let mut rows = Vec::new();
    for level in r.from..=r.to {
        let a = if level == 10 {
            format!("level=10,time={}", r.full_time)
        } else {
            format!("level={level}")
        };
        let b = format!("level={}", level - 1);
        let records = r.pairs.records_of(level);
        let started = Instant::now();
        let (t, _, _) = play_match(
            &r.pairs.request(
                r.variant,
                (&a, &b),
                r.first_game,
                r.until_decided.then_some(Decide::Certain(TARGET)),
                records.as_deref(),
            ),
            &format!("{level} v {}: ", level - 1),
        )?;
        let mut row = format!(
            "{:<12}{:<11}{:<11}{:<17}{:<9}{:<19}{}s",
            r.variant,
            format!("level={level}"),
            b,
            format!("+{} ={} -{}", t.wins, t.draws, t.losses),
            format!("{:.1}%", 100.0 * t.mean()),
            t.elo().to_string(),
            started.elapsed().as_secs()
        );
        if t.games() < r.pairs.games as usize {
            // Stopped early: the verdict over all the games is sure, the share is not.
            let points: f64 = t.scores.iter().sum();
            let verdict = if points >= TARGET * f64::from(r.pairs.games) {
                "at least"
            } else {
                "below"
            };
            row.push_str(&format!(
                "  (decided after {} of {} games: {verdict} {:.0}%)",
                t.games(),
                r.pairs.games,
                100.0 * TARGET
            ));
        }
        println!("{header}\n{row}");
        rows.push(row);
    }
    println!("\n{header}");
    for row in &rows {
        println!("{row}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(from: u8, to: u8, pairs: &PairGames) -> LadderRequest<'_> {
        LadderRequest {
            variant: "chess",
            from,
            to,
            first_game: 1,
            until_decided: false,
            full_time: 0.01,
            pairs,
        }
    }

    #[test]
    fn a_ladder_plays_each_level_against_the_one_below() {
        let dir = std::env::temp_dir().join(format!("messhall-ladder-{}", std::process::id()));
        run(&request(2, 3, &PairGames::quick(2, 0.01, 40, Some(dir.clone())))).unwrap();
        for pair in ["level-2", "level-3"] {
            for game in ["game-001.json", "game-002.json"] {
                let text = std::fs::read_to_string(dir.join(pair).join(game)).unwrap();
                let level = &pair[6..];
                assert!(text.contains(&format!("\"level={level}\"")), "{pair}/{game}: {text}");
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
        let quick = PairGames::quick(2, 0.01, 40, None);
        assert!(run(&request(5, 3, &quick)).is_err());
        assert!(run(&request(1, 3, &quick)).is_err());
    }
}
