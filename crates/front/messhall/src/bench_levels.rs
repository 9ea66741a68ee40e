//! `messhall bench levels`: each level against the level below, and the material each level gives
//! away for nothing per game as the referee judges it (`messhall_search::referee`): the figures of
//! BENCHMARKS.md's levels table.
//!
//! Levels 1 to 9 are limited by depth and nodes, not by the machine (`--time` is a cap for
//! pathological positions), so the games, and the figures, are the same on every machine.

use crate::arena::play_match_with;
use crate::bench_pairs::PairGames;
use anyhow::{Context, Result, bail};
use messhall_records::catalog::GameKind;
use messhall_search::referee::{GivenAway, Referee};
use messhall_table::Table;
use std::collections::BTreeMap;

/// What `messhall bench levels` is asked to run.
pub struct LevelsRequest<'a> {
    pub variant: &'a str,
    /// The lowest and the highest level: each level above `from` plays the one below (1..=9).
    pub from: u8,
    pub to: u8,
    /// How each pair's games are played.
    pub pairs: &'a PairGames,
}

/// One level's material given away over the games it played.
#[derive(Default)]
struct Level {
    given: GivenAway,
    games: u32,
}

pub fn run(r: &LevelsRequest<'_>) -> Result<()> {
    if !(1..=8).contains(&r.from) || !(r.from + 1..=9).contains(&r.to) {
        bail!(
            "levels {}..{}: from a level of 1 to 8 up to a higher one of at most 9 (level 10 plays on time: bench ladder)",
            r.from,
            r.to
        );
    }
    let GameKind::Chess(chess) = messhall_records::catalog::load(r.variant)? else {
        bail!(
            "{}: the levels are the chess games' (the cafeteria has its own bots)",
            r.variant
        );
    };
    let mut referee = Referee::new(chess.variant.clone());
    let mut levels: BTreeMap<u8, Level> = BTreeMap::new();
    let mut pairs = Vec::new();
    for level in r.from + 1..=r.to {
        let (a, b) = (format!("level={level}"), format!("level={}", level - 1));
        let records = r.pairs.records_of(level);
        let mut judge = |g: &messhall_table::arena::GameReport| -> Result<()> {
            let table = Table::replay(&g.record).context("the game's record does not replay")?;
            let game = table.chess().context("not a chess game")?.game();
            let [white, black] = referee.game(game);
            let (mine, theirs) = if g.a_color == messhall_rules::Color::White {
                (white, black)
            } else {
                (black, white)
            };
            for (n, given) in [(level, mine), (level - 1, theirs)] {
                let entry = levels.entry(n).or_default();
                entry.given.add(&given);
                entry.games += 1;
            }
            println!(
                "  given away: level {level} {} cp in {} moves, level {} {} cp in {} moves",
                mine.material,
                mine.moves,
                level - 1,
                theirs.material,
                theirs.moves
            );
            Ok(())
        };
        let (t, _, _) = play_match_with(
            &r.pairs.request(r.variant, (&a, &b), 1, None, records.as_deref()),
            &format!("{level} v {}: ", level - 1),
            &mut judge,
        )?;
        let (lo, hi) = t.interval();
        pairs.push(format!(
            "{:<12}{:<10}{:<10}{:<16}{:<8}{:<16}{}",
            r.variant,
            a,
            b,
            format!("+{} ={} -{}", t.wins, t.draws, t.losses),
            format!("{:.1}%", 100.0 * t.mean()),
            format!("{:.1}%-{:.1}%", 100.0 * lo, 100.0 * hi),
            t.elo()
        ));
    }
    println!(
        "\n{:<12}{:<10}{:<10}{:<16}{:<8}{:<16}Elo",
        "game", "A", "B", "result", "score", "95% interval"
    );
    for row in &pairs {
        println!("{row}");
    }
    println!(
        "\n{:<12}{:<8}{:<8}{:<8}{:<22}{:<20}blunders a game",
        "game", "level", "games", "moves", "given away a game", "a move"
    );
    for (n, l) in &levels {
        let games = f64::from(l.games.max(1));
        println!(
            "{:<12}{:<8}{:<8}{:<8}{:<22}{:<20}{:.2}",
            r.variant,
            n,
            l.games,
            l.given.moves,
            format!("{:.0} cp", l.given.material as f64 / games),
            format!("{:.1} cp", l.given.material as f64 / f64::from(l.given.moves.max(1))),
            f64::from(l.given.blunders) / games
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_measured_in_pairs_and_bad_ranges_are_refused() {
        let quick = PairGames::quick(2, 0.05, 30, None);
        let request = |from, to| LevelsRequest {
            variant: "chess",
            from,
            to,
            pairs: &quick,
        };
        run(&request(1, 2)).unwrap();
        assert!(run(&request(2, 2)).is_err());
        assert!(run(&request(0, 2)).is_err());
        assert!(run(&request(8, 10)).is_err());
    }
}
