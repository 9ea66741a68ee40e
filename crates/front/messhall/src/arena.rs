//! `messhall match`: the match runner of the play layer, its games reported one line each and its
//! score and Elo difference at the end; records written as JSON (and PGN) files.

use crate::resources;
use anyhow::{Context, Result};
use messhall_engines::EngineConfig;
use messhall_records::catalog;
use messhall_table::arena::{Contestant, GameReport, MatchSpec, play_match as run_match};
use messhall_table::{Decide, Tally};
use std::path::Path;
use std::time::Duration;

pub use messhall_table::arena::MAX_PLIES;

/// What `messhall match` is asked to play.
pub struct MatchRequest<'a> {
    pub variant: &'a str,
    pub a: &'a str,
    pub b: &'a str,
    pub games: u32,
    /// The number of the first game (1 for a whole match).
    pub first_game: u32,
    /// Games played at once (one per core is the most that helps).
    pub concurrency: usize,
    /// When to stop before the last game.
    pub decide: Option<Decide>,
    pub time: f64,
    pub hash_mb: usize,
    /// Search threads of each of our engine players.
    pub threads: usize,
    pub max_plies: usize,
    /// A folder to write each game's record to (`game-001.json`, ...).
    pub records: Option<&'a Path>,
}

/// The line that reports one game.
fn game_line(g: &GameReport) -> String {
    format!(
        "game {:>3}: A as {:<5} {}, {} plies, {:.0} s",
        g.number,
        g.a_color.name(),
        crate::words::result(&g.result),
        g.plies,
        g.elapsed.as_secs_f64()
    )
}

/// A player of ours (`level=10`, `depth=3,time=2`...) or an external engine (`xboard:fairymax`,
/// `uci:/usr/games/fairy-stockfish,variant=NAME,ini=FILE,option.NAME=VALUE,time=S`).
fn contestant(text: &str) -> Result<Contestant> {
    Ok(if EngineConfig::names_engine(text) {
        EngineConfig::parse(text)?.contestant()
    } else {
        Contestant::parse(text)?
    })
}

/// Plays a match, printing each game's line as it ends (after `prefix`); the tally and the two
/// players as they were read.
pub fn play_match(r: &MatchRequest<'_>, prefix: &str) -> Result<(Tally, String, String)> {
    play_match_with(r, prefix, &mut |_| Ok(()))
}

/// [`play_match`], handing each game to `on_game` as it ends, after its line.
pub fn play_match_with(
    r: &MatchRequest<'_>,
    prefix: &str,
    on_game: &mut dyn FnMut(&GameReport) -> Result<()>,
) -> Result<(Tally, String, String)> {
    let time = Duration::from_secs_f64(r.time);
    let a = contestant(r.a)?.on_threads(r.threads);
    let b = contestant(r.b)?.on_threads(r.threads);
    let game = catalog::load(r.variant)?;
    let engines = [&a, &b].iter().filter(|c| c.uses_hash).count();
    resources::check_hash(r.hash_mb, engines * r.concurrency.min(r.games as usize).max(1))?;
    resources::check_concurrency(r.concurrency)?;
    if let Some(dir) = r.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create the records folder {}", dir.display()))?;
    }
    let (a_text, b_text) = (a.describe(time), b.describe(time));
    let spec = MatchSpec {
        game,
        a,
        b,
        games: r.games,
        first_game: r.first_game,
        concurrency: r.concurrency,
        decide: r.decide,
        time,
        hash_mb: r.hash_mb,
        max_plies: r.max_plies,
    };
    let tally = run_match(&spec, &mut |g| {
        if let Some(dir) = r.records {
            write_record(dir, g).map_err(|e| format!("{e:#}"))?;
        }
        println!("{prefix}{}", game_line(g));
        on_game(g).map_err(|e| format!("{e:#}"))?;
        Ok(())
    })?;
    Ok((tally, a_text, b_text))
}

/// Writes a game's record (`game-001.json`) with its players and result, and its PGN
/// (`game-001.pgn`).
fn write_record(dir: &Path, g: &GameReport) -> Result<()> {
    let path = dir.join(format!("game-{:03}.json", g.number));
    std::fs::write(&path, g.record.to_json()).with_context(|| format!("cannot write the record {}", path.display()))?;
    let header = messhall_records::pgn::Header {
        event: "messhall match".into(),
        round: g.number.to_string(),
        ..messhall_records::pgn::Header::today()
    };
    let pgn = messhall_records::pgn::write(&g.record, &header)?;
    let path = path.with_extension("pgn");
    std::fs::write(&path, pgn).with_context(|| format!("cannot write the PGN {}", path.display()))
}

pub fn run(r: &MatchRequest<'_>) -> Result<()> {
    let (t, a, b) = play_match(r, "")?;
    println!(
        "A ({a}) vs B ({b}): +{} ={} -{}, score {:.1}/{} ({:.1}%)",
        t.wins,
        t.draws,
        t.losses,
        t.points(),
        t.games(),
        100.0 * t.mean()
    );
    match t.elo() {
        e @ messhall_table::EloEstimate::Beyond(_) => {
            println!("Elo difference: {e} (95% bound; every game went one way)")
        }
        e => println!("Elo difference: {e} (95%)"),
    }
    let (lo, hi) = t.interval();
    println!("A's score, 95% interval: {:.1}% to {:.1}%", 100.0 * lo, 100.0 * hi);
    if let Some(Decide::Interval(target)) = r.decide {
        let verdict = match t.verdict(target) {
            Some(true) => "above it",
            Some(false) => "below it",
            None => "not decided",
        };
        println!("Target {:.1}%: {verdict} after {} games", 100.0 * target, t.games());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use messhall_table::arena::{ContestantError, TimeError};

    fn request<'a>(records: &'a Path, first_game: u32, games: u32, concurrency: usize) -> MatchRequest<'a> {
        MatchRequest {
            variant: "pieceeater",
            a: "depth=1",
            b: "random",
            games,
            first_game,
            concurrency,
            decide: None,
            time: 0.01,
            hash_mb: 1,
            threads: 1,
            max_plies: 40,
            records: Some(records),
        }
    }

    #[test]
    fn a_split_or_concurrent_match_plays_the_games_of_the_whole_one() {
        let dir = std::env::temp_dir().join(format!("messhall-split-{}", std::process::id()));
        let (whole, part) = (dir.join("whole"), dir.join("part"));
        run(&request(&whole, 1, 4, 1)).unwrap();
        // Two games at once: each game is the same whichever thread plays it.
        run(&request(&part, 3, 2, 2)).unwrap();
        for name in ["game-003.json", "game-004.json"] {
            let read = |records: &Path| std::fs::read_to_string(records.join(name)).unwrap();
            assert_eq!(read(&whole), read(&part), "{name}");
            // The record alone replays the game.
            let record = messhall_records::Record::from_json(&read(&whole)).unwrap();
            messhall_table::Table::replay(&record).unwrap();
            assert_eq!(record.players.len(), 2);
        }
        assert!(!part.join("game-001.json").exists());
        let pgn = std::fs::read_to_string(whole.join("game-002.pgn")).unwrap();
        assert!(
            pgn.contains("[Round \"2\"]") && pgn.contains("[Variant \"pieceeater\"]"),
            "{pgn}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_decided_match_stops_early_and_an_open_one_does_not() {
        let request = |a: &'static str, b: &'static str, decide: Option<Decide>| MatchRequest {
            variant: "chess",
            a,
            b,
            games: 20,
            first_game: 1,
            concurrency: 1,
            decide,
            time: 0.01,
            hash_mb: 1,
            threads: 1,
            max_plies: 200,
            records: None,
        };
        // Depth 2 beats the random mover every time: 14 points of 20 settle it at 70%.
        let (won, _, _) = play_match(&request("depth=2", "random", Some(Decide::Certain(0.7))), "").unwrap();
        assert_eq!((won.games(), won.wins), (14, 14));
        // The random mover loses every time: after 7 losses it cannot reach 70% of 20.
        let (lost, _, _) = play_match(&request("random", "depth=2", Some(Decide::Certain(0.7))), "").unwrap();
        assert_eq!((lost.games(), lost.losses), (7, 7));
        let (all, _, _) = play_match(&request("random", "depth=2", None), "").unwrap();
        assert_eq!(all.games(), 20);
        // The sequential test: ten wins in a row put the interval's floor at 74% > 70%.
        let (tested, _, _) = play_match(&request("depth=2", "random", Some(Decide::Interval(0.7))), "").unwrap();
        assert_eq!((tested.games(), tested.verdict(0.7)), (10, Some(true)));
    }

    #[test]
    fn a_player_may_have_its_own_time() {
        let own = Contestant::parse("level=10,time=2.5").unwrap();
        assert_eq!(own.time, Some(Duration::from_millis(2500)));
        for bad in [
            "level=10,time=soon",
            "level=10,nodes=5",
            "level=10,time=-1",
            "human,time=1",
            "level=12,time=1",
            ",time=1",
        ] {
            assert!(Contestant::parse(bad).is_err(), "{bad}");
        }
        let err = Contestant::parse("level=10,speed=3").unwrap_err();
        assert_eq!(
            err,
            ContestantError::Setting {
                player: "level=10,speed=3".into(),
                setting: "speed=3".into()
            }
        );
        let err = err.to_string();
        assert!(err.contains("time=SECONDS") && err.contains("speed=3"), "{err}");
        assert_eq!(
            Contestant::parse("level=10,time=-1").unwrap_err(),
            ContestantError::Time {
                player: "level=10,time=-1".into(),
                error: TimeError::OutOfRange { text: "-1".into() }
            }
        );
        assert_eq!(Contestant::parse("human,time=1").unwrap_err(), ContestantError::Human);
    }
}
