//! `messhall match`: two player configurations play each other with alternating colours from
//! seeded random openings; the score and an Elo difference with its 95% margin.

use crate::players::{Bot, Config};
use crate::show::load;
use anyhow::{Context, Result, bail};
use messhall_rules::{ChanceEvent, Color, Game, Position, Variant};
use messhall_search::SearchRng;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Random plies at the start of each pair of games.
pub const OPENING_PLIES: u32 = 4;
/// A game still running after this many plies is scored a draw (`--max-plies`). The games' own
/// fifty-move and repetition rules end almost every game long before: the cap is for variants from
/// files that have neither. (It was 400, which drew Food Fight games the stronger side was on its
/// way to winning: on 12x12 with short-range pieces a mate can take 200 moves.)
pub const MAX_PLIES: usize = 1000;
pub const MATCH_SEED: u64 = 0x6d65_7373;

/// One side of a match: a player configuration and its time per move.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Player {
    config: Config,
    time: Duration,
}

impl Player {
    /// `CONFIG` or `CONFIG,time=S`: a player's own time overrides the match's `--time` (level 10
    /// against level 9 is measured with level 9 given all the time its depth needs).
    fn parse(text: &str, match_time: Duration) -> Result<Player> {
        let (config, time) = match text.split_once(',') {
            None => (text, None),
            Some((config, setting)) => match setting.split_once('=') {
                Some(("time", s)) => match crate::seconds(s) {
                    Ok(t) => (config, Some(Duration::from_secs_f64(t))),
                    Err(e) => bail!("player \"{text}\": {e}"),
                },
                _ => bail!("player \"{text}\": after the comma expected time=SECONDS, found \"{setting}\""),
            },
        };
        if config.is_empty() {
            bail!("player \"{text}\": no player before the comma (like level=10,time=2)");
        }
        let config = Config::parse(config)?;
        if config == Config::Human {
            bail!("a match is between computer players (level=N, depth=N, nodes=N, random, greedy)");
        }
        Ok(Player {
            config,
            time: time.unwrap_or(match_time),
        })
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}, {}s a move", self.config, self.time.as_secs_f64())
    }
}

/// What every game of a match shares.
struct Pairing<'a> {
    v: &'a Arc<Variant>,
    start: &'a Position,
    a: Player,
    b: Player,
    hash_mb: usize,
    max_plies: usize,
}

/// Draws allowed for one opening ply. A drawn ply that ends the game, or lets the reply win at
/// once, is drawn again: a random opening must not decide the game before the players move (in
/// Food Fight four random plies left a Chef open to mate in one in 5 games of 100).
const OPENING_DRAWS: u32 = 16;

/// Plays [`OPENING_PLIES`] random plies (and the dice between them), stopping early if no draw
/// gives a ply that keeps the game open.
fn play_opening(v: &Variant, game: &mut Game, rng: &mut SearchRng) {
    for _ in 0..OPENING_PLIES {
        if let Some(ChanceEvent { outcomes, .. }) = game.pending_chance().filter(|e| !e.outcomes.is_empty()) {
            game.resolve(outcomes[rng.below(outcomes.len() as u32) as usize]);
            continue;
        }
        let moves = v.legal_moves(game.position());
        if moves.is_empty() {
            return;
        }
        let mut played = false;
        for _ in 0..OPENING_DRAWS {
            game.play(moves[rng.below(moves.len() as u32) as usize]);
            if game.outcome().is_none() && !reply_wins(v, game) {
                played = true;
                break;
            }
            game.undo();
        }
        if !played {
            return;
        }
    }
}

/// Whether the side to move has a move that wins at once (a chance step is not looked into).
fn reply_wins(v: &Variant, game: &mut Game) -> bool {
    if game.pending_chance().is_some() {
        return false;
    }
    let mover = game.position().side_to_move();
    v.legal_moves(game.position()).iter().any(|&m| {
        game.play(m);
        let won = game.outcome().is_some_and(|o| o.winner == Some(mover));
        game.undo();
        won
    })
}

/// One game's score for player A (1, 0.5 or 0), how it ended, and the game.
struct Played {
    score: f64,
    result: String,
    game: Game,
}

/// Plays one game with A on `a_color`.
fn play_game(p: &Pairing<'_>, a_color: Color, seed: u64) -> Played {
    let (v, start) = (p.v, p.start);
    // Both games of a pair (colours swapped) start from the same opening.
    // They also share the dice's seed (the PieceEater's steps), though not its steps once
    // the games part.
    let mut rng = SearchRng::new(MATCH_SEED ^ (seed / 2));
    let mut game = Game::with_seed(v.clone(), start.clone(), MATCH_SEED ^ (seed / 2));
    play_opening(v, &mut game, &mut rng);
    let mut bots = [
        Bot::with_hash(v.clone(), p.a.config, MATCH_SEED + 2 * seed, p.hash_mb),
        Bot::with_hash(v.clone(), p.b.config, MATCH_SEED + 2 * seed + 1, p.hash_mb),
    ];
    let times = [p.a.time, p.b.time];
    let a_index = |c: Color| usize::from(c != a_color);
    while game.outcome().is_none() && game.moves().len() < p.max_plies {
        let pos = game.position().clone();
        let positions = game.positions();
        let earlier: Vec<u64> = positions[..positions.len() - 1].iter().map(Position::hash).collect();
        if let Some(ChanceEvent { chooser, outcomes }) = game.pending_chance() {
            let chooser = chooser.unwrap_or(pos.side_to_move());
            let i = a_index(chooser);
            let Some(o) = bots[i].steer(&pos, chooser, &outcomes, &earlier, times[i]) else {
                break;
            };
            game.resolve(o);
            continue;
        }
        let i = a_index(pos.side_to_move());
        let Some(mv) = bots[i].choose(&pos, &earlier, times[i]) else {
            break;
        };
        game.play(mv);
    }
    let (score, result) = match game.outcome() {
        Some(o) => {
            let score = match o.winner {
                None => 0.5,
                Some(w) if w == a_color => 1.0,
                Some(_) => 0.0,
            };
            (score, o.to_string())
        }
        None => (0.5, "1/2-1/2 (move limit)".to_string()),
    };
    Played { score, result, game }
}

/// A game's record with its players, result and final position as `#` comments (which
/// [`messhall_rules::GameRecord::from_text`] skips), for `--records`.
fn record_text(p: &Pairing<'_>, a_color: Color, played: &Played) -> String {
    let (white, black) = if a_color == Color::White {
        (p.a, p.b)
    } else {
        (p.b, p.a)
    };
    format!(
        "# white {white}\n# black {black}\n# result {}\n# final {}\n{}",
        played.result,
        played.game.position().to_fen(p.v),
        played.game.record().to_text(p.v)
    )
}

/// The Elo difference for a score fraction.
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    // Adding 0.0 turns an even score's -0 into 0.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

/// What `messhall match` is asked to play.
pub struct MatchRequest<'a> {
    pub variant: &'a str,
    pub a: &'a str,
    pub b: &'a str,
    pub games: u32,
    /// The number of the first game (1 for a whole match): a match split across processes, or
    /// resumed, plays the same games with the same openings and dice as the whole one.
    pub first_game: u32,
    /// Games played at once (one per core is the most that helps).
    pub concurrency: usize,
    /// Stop once A's share of the points over all `games` is sure to end at or above this share,
    /// or sure to end below it, whatever the games not yet started (games under way still count).
    pub decide_at: Option<f64>,
    pub time: f64,
    pub hash_mb: usize,
    pub max_plies: usize,
    /// A folder to write each game's record to (`game-001.txt`, ...).
    pub records: Option<&'a Path>,
}

/// Plays game number `g` (from 0) of a match and writes its record: A's score and the line that
/// reports the game.
fn play_numbered(pairing: &Pairing<'_>, g: u32, records: Option<&Path>) -> Result<(f64, String)> {
    let a_color = if g % 2 == 0 { Color::White } else { Color::Black };
    let started = std::time::Instant::now();
    let played = play_game(pairing, a_color, u64::from(g));
    let (plies, secs) = (played.game.moves().len(), started.elapsed().as_secs_f64());
    if let Some(dir) = records {
        let path = dir.join(format!("game-{:03}.txt", g + 1));
        std::fs::write(&path, record_text(pairing, a_color, &played))
            .with_context(|| format!("cannot write the record {}", path.display()))?;
    }
    let line = format!(
        "game {:>3}: A as {:<5} {}, {plies} plies, {secs:.0} s",
        g + 1,
        a_color.name(),
        played.result
    );
    Ok((played.score, line))
}

/// A match's results from player A's side.
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// A's score in each game, in the order the games ended.
    pub scores: Vec<f64>,
}

impl Tally {
    pub fn games(&self) -> usize {
        self.scores.len()
    }

    /// A's share of the points (0 to 1).
    pub fn mean(&self) -> f64 {
        self.scores.iter().sum::<f64>() / self.scores.len().max(1) as f64
    }

    /// The Elo difference with its 95% margin, or, when every game went one way (the margin is
    /// then undefined), the one-sided 95% bound.
    pub fn elo_text(&self) -> String {
        let n = self.scores.len().max(1) as f64;
        let mean = self.mean();
        if self.wins + self.draws == 0 || self.losses + self.draws == 0 {
            let bound = elo(0.05f64.powf(1.0 / n));
            // With few games the bound can lie on the other side of 0 (two wins: beyond -216).
            let bound = if self.wins > 0 { bound } else { -bound };
            format!("beyond {bound:+.0}")
        } else {
            let var = self.scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
            let margin = 1.96 * (var / n).sqrt();
            let (lo, hi) = (elo(mean - margin), elo(mean + margin));
            format!("{:+.0} +/- {:.0}", elo(mean), (hi - lo) / 2.0)
        }
    }
}

/// Plays a match, printing each game's line as it ends (after `prefix`); the tally and the two
/// players as they were read.
pub fn play_match(r: &MatchRequest<'_>, prefix: &str) -> Result<(Tally, String, String)> {
    let (variant, a, b, time, hash_mb) = (r.variant, r.a, r.b, r.time, r.hash_mb);
    let time = Duration::from_secs_f64(time);
    let (a, b) = (Player::parse(a, time)?, Player::parse(b, time)?);
    let (v, start) = load(variant, None)?;
    let v = Arc::new(v);
    let pairing = Pairing {
        v: &v,
        start: &start,
        a,
        b,
        hash_mb,
        max_plies: r.max_plies,
    };
    if let Some(dir) = r.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create the records folder {}", dir.display()))?;
    }
    let first = r.first_game.max(1) - 1;
    let numbers: Vec<u32> = (first..first.saturating_add(r.games)).collect();
    let mut tally = Tally {
        wins: 0,
        draws: 0,
        losses: 0,
        scores: Vec::new(),
    };
    let total = numbers.len() as f64;
    let decided = std::sync::atomic::AtomicBool::new(false);
    let mut count = |score: f64, line: String| {
        match score {
            1.0 => tally.wins += 1,
            0.0 => tally.losses += 1,
            _ => tally.draws += 1,
        }
        tally.scores.push(score);
        println!("{prefix}{line}");
        if let Some(share) = r.decide_at {
            let points: f64 = tally.scores.iter().sum();
            let left = total - tally.scores.len() as f64;
            if points >= share * total || points + left < share * total {
                decided.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        }
    };
    let workers = r.concurrency.clamp(1, numbers.len().max(1));
    if workers == 1 {
        for &g in &numbers {
            if decided.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            let (score, line) = play_numbered(&pairing, g, r.records)?;
            count(score, line);
        }
    } else {
        // Each worker takes the next game not yet started; results are printed as games end.
        let next = std::sync::atomic::AtomicUsize::new(0);
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let (send, next, numbers, pairing, decided) = (send.clone(), &next, &numbers, &pairing, &decided);
                scope.spawn(move || {
                    while !decided.load(std::sync::atomic::Ordering::Relaxed)
                        && let Some(&g) = numbers.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                    {
                        if send.send(play_numbered(pairing, g, r.records)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(send);
            for played in receive {
                let (score, line) = played?;
                count(score, line);
            }
            Ok::<(), anyhow::Error>(())
        })?;
    }
    Ok((tally, a.to_string(), b.to_string()))
}

pub fn run(r: &MatchRequest<'_>) -> Result<()> {
    let (t, a, b) = play_match(r, "")?;
    println!(
        "A ({a}) vs B ({b}): +{} ={} -{}, score {:.1}/{} ({:.1}%)",
        t.wins,
        t.draws,
        t.losses,
        t.scores.iter().sum::<f64>(),
        t.games(),
        100.0 * t.mean()
    );
    let elo = t.elo_text();
    if elo.starts_with("beyond") {
        println!("Elo difference: {elo} (95% bound; every game went one way)");
    } else {
        println!("Elo difference: {elo} (95%)");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A quick pairing for tests: depth 1 (A) against the random mover (B).
    fn quick<'a>(v: &'a Arc<Variant>, start: &'a Position, max_plies: usize) -> Pairing<'a> {
        Pairing {
            v,
            start,
            a: Player {
                config: Config::Depth(1),
                time: Duration::ZERO,
            },
            b: Player {
                config: Config::Random,
                time: Duration::ZERO,
            },
            hash_mb: 1,
            max_plies,
        }
    }

    /// Plays one short match game; the result text.
    fn one_game(variant: &str, seed: u64) -> String {
        let v = Arc::new(messhall_games::builtin(variant).unwrap());
        let start = v.start();
        play_game(&quick(&v, &start, MAX_PLIES), Color::White, seed).result
    }

    #[test]
    fn a_written_record_replays_to_the_final_position() {
        for variant in ["chess", "pieceeater"] {
            let v = Arc::new(messhall_games::builtin(variant).unwrap());
            let start = v.start();
            let pairing = quick(&v, &start, 60);
            let played = play_game(&pairing, Color::Black, 5);
            let text = record_text(&pairing, Color::Black, &played);
            assert!(
                text.starts_with("# white Random, 0s a move\n# black Depth(1), 0s a move\n"),
                "{text}"
            );
            let record = messhall_rules::GameRecord::from_text(v.clone(), &text).unwrap();
            let replayed = record.replay(v.clone()).unwrap();
            assert_eq!(replayed.position(), played.game.position(), "{variant}");
            assert!(played.game.moves().len() <= 60, "{variant}: the ply cap");
        }
    }

    #[test]
    fn a_split_or_concurrent_match_plays_the_games_of_the_whole_one() {
        let dir = std::env::temp_dir().join(format!("messhall-split-{}", std::process::id()));
        let (whole, part) = (dir.join("whole"), dir.join("part"));
        let play = |first_game: u32, games: u32, concurrency: usize, records: &Path| {
            run(&MatchRequest {
                variant: "pieceeater",
                a: "depth=1",
                b: "random",
                games,
                first_game,
                concurrency,
                decide_at: None,
                time: 0.0,
                hash_mb: 1,
                max_plies: 40,
                records: Some(records),
            })
            .unwrap()
        };
        play(1, 4, 1, &whole);
        // Two games at once: each game is the same whichever thread plays it.
        play(3, 2, 2, &part);
        for name in ["game-003.txt", "game-004.txt"] {
            let read = |records: &Path| std::fs::read_to_string(records.join(name)).unwrap();
            assert_eq!(read(&whole), read(&part), "{name}");
        }
        assert!(!part.join("game-001.txt").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_decided_match_stops_early_and_an_open_one_does_not() {
        let request = |a: &'static str, b: &'static str, decide_at: Option<f64>| MatchRequest {
            variant: "chess",
            a,
            b,
            games: 20,
            first_game: 1,
            concurrency: 1,
            decide_at,
            time: 0.01,
            hash_mb: 1,
            max_plies: 200,
            records: None,
        };
        // Depth 2 beats the random mover every time: 14 points of 20 settle it at 70%.
        let (won, _, _) = play_match(&request("depth=2", "random", Some(0.7)), "").unwrap();
        assert_eq!((won.games(), won.wins), (14, 14));
        // The random mover loses every time: after 7 losses it cannot reach 70% of 20.
        let (lost, _, _) = play_match(&request("random", "depth=2", Some(0.7)), "").unwrap();
        assert_eq!((lost.games(), lost.losses), (7, 7));
        let (all, _, _) = play_match(&request("random", "depth=2", None), "").unwrap();
        assert_eq!(all.games(), 20);
    }

    #[test]
    fn a_player_may_have_its_own_time() {
        let match_time = Duration::from_millis(500);
        let own = Player::parse("level=10,time=2.5", match_time).unwrap();
        assert_eq!((own.config, own.time), (Config::Level(10), Duration::from_millis(2500)));
        let shared = Player::parse("level=9", match_time).unwrap();
        assert_eq!((shared.config, shared.time), (Config::Level(9), match_time));
        for bad in [
            "level=10,time=soon",
            "level=10,nodes=5",
            "level=10,time=-1",
            "human,time=1",
            "level=12,time=1",
        ] {
            assert!(Player::parse(bad, match_time).is_err(), "{bad}");
        }
        let err = Player::parse("level=10,speed=3", match_time).unwrap_err().to_string();
        assert!(err.contains("time=SECONDS") && err.contains("speed=3"), "{err}");
    }

    #[test]
    fn an_even_score_is_zero_elo() {
        assert_eq!(format!("{:+.0}", elo(0.5)), "+0");
    }

    #[test]
    fn games_with_chance_are_played_to_a_result() {
        // The dice decide the PieceEater's steps; in the steered game the bots steer them.
        for variant in ["pieceeater", "pieceeater-steered"] {
            let result = one_game(variant, 3);
            assert!(!result.contains("move limit"), "{variant}: {result}");
        }
    }

    #[test]
    fn no_opening_decides_the_game_or_hands_a_win_in_one() {
        // Before openings were redrawn, pair 24 of a Food Fight match opened Ui4 e9 Cg4 hf8,
        // and White mated at once with Cj8.
        for variant in ["chess", "foodfight"] {
            let v = Arc::new(messhall_games::builtin(variant).unwrap());
            for pair in 0..60 {
                let mut game = Game::with_seed(v.clone(), v.start(), MATCH_SEED ^ pair);
                play_opening(&v, &mut game, &mut SearchRng::new(MATCH_SEED ^ pair));
                assert_eq!(game.moves().len(), OPENING_PLIES as usize, "{variant} pair {pair}");
                assert!(
                    game.outcome().is_none() && !reply_wins(&v, &mut game),
                    "{variant} pair {pair}"
                );
            }
        }
    }

    #[test]
    fn each_pair_of_games_gets_its_own_dice() {
        // Same opening and dice within a pair, so the pair replays alike; another pair differs.
        assert_eq!(one_game("pieceeater", 4), one_game("pieceeater", 4));
        let v = Arc::new(messhall_games::builtin("pieceeater").unwrap());
        let opening = |seed: u64| {
            let mut game = Game::with_seed(v.clone(), v.start(), MATCH_SEED ^ (seed / 2));
            for _ in 0..6 {
                let moves = v.legal_moves(game.position());
                game.play(moves[moves.len() / 2]);
            }
            game.actions().to_vec()
        };
        assert_eq!(opening(4), opening(5));
        assert_ne!(opening(4), opening(6));
    }
}
