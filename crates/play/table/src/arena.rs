//! Matches: two players play each other with alternating colours from seeded random openings
//! (and dice), each pair of games sharing its opening; the score and an Elo difference.
//!
//! A contestant is any maker of players: our own configurations ([`PlayerSpec`]) or, through
//! [`Contestant::new`], anything else (external engines). The match keeps the game: every
//! action is checked at the table, and a player whose choice fails by its own fault
//! ([`Player::fault`]) loses that game ([`messhall_records::Ending::Forfeit`]) and the match goes on.

use crate::player::{Budget, Player, TurnError, take_turn};
use crate::players::{CannotPlay, PlayerSpec, SpecError};
use crate::table::{ActError, Action, SetupError, Table, TableSetup};
use messhall_dice::Seed;
use messhall_records::GameResult;
use messhall_records::catalog::GameKind;
use messhall_records::seat_of;
use messhall_records::{Record, steered};
use messhall_rules::{Color, Game, Variant, echo};
use messhall_search::SearchRng;
use messhall_tally::{Decide, Tally};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Random plies at the start of each pair of games.
pub const OPENING_PLIES: u32 = 4;
/// A game still running after this many plies is scored a draw (`--max-plies`). The games' own
/// fifty-move and repetition rules end almost every game long before: the cap is for variants from
/// files that have neither. (It was 400, which drew Food Fight games the stronger side was on its
/// way to winning: on 12x12 with short-range pieces a mate can take 200 moves.)
pub const MAX_PLIES: usize = 1000;
/// The seed every match's openings and dice derive from.
pub const MATCH_SEED: u64 = 0x6d65_7373;

/// Makes a contestant's player for one game: the game, the player's own seed, and the size in MB
/// of an engine's table. An error says why the player cannot play that game.
pub type PlayerMaker = Arc<dyn Fn(&GameKind, u64, usize) -> Result<Box<dyn Player>, CannotPlay> + Send + Sync>;

/// The longest time per move a contestant may have: a day.
pub const MAX_SECONDS: f64 = 86_400.0;

/// Reads a time per move in seconds (`0.5`): above 0, at most [`MAX_SECONDS`].
///
/// # Errors
/// [`TimeError`] holding the text.
pub fn read_seconds(text: &str) -> Result<f64, TimeError> {
    match text.trim().parse::<f64>() {
        Ok(t) if t > 0.0 && t <= MAX_SECONDS => Ok(t),
        Ok(_) => Err(TimeError::OutOfRange { text: text.to_string() }),
        Err(_) => Err(TimeError::NotANumber { text: text.to_string() }),
    }
}

/// A time per move that was refused ([`read_seconds`]); the text is shown shortened and escaped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeError {
    /// Not a number.
    #[error("\"{}\" is not a number of seconds (like 0.5)", echo(.text))]
    NotANumber {
        /// The text.
        text: String,
    },
    /// A number not above 0, or above a day.
    #[error("\"{}\" is not a time above 0 and up to 86400 seconds (like 0.5)", echo(.text))]
    OutOfRange {
        /// The text.
        text: String,
    },
}

/// One side of a match: who plays (a maker of a fresh player for each game), and its own time
/// per move if it has one.
#[derive(Clone)]
pub struct Contestant {
    /// The player as records and reports name it (`level=10`, `xboard:fairymax`).
    pub name: String,
    /// Makes the player of each game.
    pub make: PlayerMaker,
    /// Its own time per move (`CONFIG,time=S`), over the match's.
    pub time: Option<Duration>,
    /// Whether it plays on the match's time per move when it has none of its own (a level, an
    /// external engine); otherwise it plays to its own limit (a depth, a node count, a baseline).
    pub timed: bool,
    /// Whether each of its players keeps a table of the match's size (our engine).
    pub uses_hash: bool,
    /// The configuration of ours it plays, if it is one of ours ([`Contestant::on_threads`]).
    spec: Option<PlayerSpec>,
}

impl fmt::Debug for Contestant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Contestant")
            .field("name", &self.name)
            .field("time", &self.time)
            .field("timed", &self.timed)
            .field("uses_hash", &self.uses_hash)
            .finish_non_exhaustive()
    }
}

/// Why a contestant's text was refused. The text is shown shortened and escaped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContestantError {
    /// Its `time=` is no time per move.
    #[error("player \"{}\": {error}", echo(.player))]
    Time {
        /// The contestant's text.
        player: String,
        /// Why the time was refused.
        error: TimeError,
    },
    /// Something other than `time=S` after the comma.
    #[error("player \"{}\": after the comma expected time=SECONDS, found \"{}\"", echo(.player), echo(.setting))]
    Setting {
        /// The contestant's text.
        player: String,
        /// What came after the comma.
        setting: String,
    },
    /// Nothing before the comma.
    #[error("player \"{}\": no player before the comma (like level=10,time=2)", echo(.player))]
    NoPlayer {
        /// The contestant's text.
        player: String,
    },
    /// The player's specification is refused.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A person named for a match.
    #[error("a match is between computer players (level=N, depth=N, nodes=N, random, greedy)")]
    Human,
}

impl Contestant {
    /// A contestant of our own: `spec`, with its own time per move if `time` is given.
    pub fn of(spec: PlayerSpec, time: Option<Duration>) -> Contestant {
        Contestant {
            name: spec.to_string(),
            make: Arc::new(move |game: &GameKind, seed: u64, hash_mb: usize| spec.make(game, seed, hash_mb)),
            time,
            timed: matches!(spec, PlayerSpec::Level(_)),
            uses_hash: spec.is_engine(),
            spec: Some(spec),
        }
    }

    /// This contestant with its engine searching on `threads` threads (`--threads`); any other
    /// contestant (a random mover, an external engine) as it is.
    pub fn on_threads(self, threads: usize) -> Contestant {
        match self.spec {
            Some(spec) if spec.is_engine() => Contestant {
                make: Arc::new(move |game: &GameKind, seed: u64, hash_mb: usize| {
                    spec.make_on_threads(game, seed, hash_mb, threads)
                }),
                ..self
            },
            _ => self,
        }
    }

    /// A contestant named `name` whose players `make` makes, timed by the match
    /// ([`Contestant::timed`]), with its own time per move if `time` is given.
    pub fn new(name: &str, make: PlayerMaker, time: Option<Duration>) -> Contestant {
        Contestant {
            name: name.to_string(),
            make,
            time,
            timed: true,
            uses_hash: false,
            spec: None,
        }
    }

    /// Reads `CONFIG` or `CONFIG,time=S` (S as [`read_seconds`] reads it).
    ///
    /// # Errors
    /// [`ContestantError`] naming the text and what was expected.
    pub fn parse(text: &str) -> Result<Contestant, ContestantError> {
        let player = || text.to_string();
        let (config, time) = match text.split_once(',') {
            None => (text, None),
            Some((config, setting)) => match setting.split_once('=') {
                Some(("time", s)) => match read_seconds(s) {
                    Ok(t) => (config, Some(Duration::from_secs_f64(t))),
                    Err(error) => {
                        return Err(ContestantError::Time {
                            player: player(),
                            error,
                        });
                    }
                },
                _ => {
                    return Err(ContestantError::Setting {
                        player: player(),
                        setting: setting.to_string(),
                    });
                }
            },
        };
        if config.is_empty() {
            return Err(ContestantError::NoPlayer { player: player() });
        }
        let spec = PlayerSpec::parse(config)?;
        if spec == PlayerSpec::Human {
            return Err(ContestantError::Human);
        }
        Ok(Contestant::of(spec, time))
    }

    /// The time per move this contestant plays with: its own, else the match's if it is timed
    /// (a depth or node player searches to its limit).
    pub fn movetime(&self, match_time: Duration) -> Option<Duration> {
        match (self.time, self.timed) {
            (Some(t), _) => Some(t),
            (None, true) => Some(match_time),
            (None, false) => None,
        }
    }

    /// The contestant as a match report names it.
    pub fn describe(&self, match_time: Duration) -> String {
        let secs = self.movetime(match_time).unwrap_or(match_time).as_secs_f64();
        format!("{}, {secs}s a move", self.name)
    }
}

/// A match to play.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// The game (a chess variant).
    pub game: GameKind,
    /// Player A.
    pub a: Contestant,
    /// Player B.
    pub b: Contestant,
    /// Games in the whole match.
    pub games: u32,
    /// The number of the first game (1 for a whole match): a match split across processes, or
    /// resumed, plays the same games with the same openings and dice as the whole one.
    pub first_game: u32,
    /// Games played at once, each on its own thread.
    pub concurrency: usize,
    /// When to stop before `games` (no new game starts; the ones under way are counted).
    pub decide: Option<Decide>,
    /// Seconds per move of level players without their own time.
    pub time: Duration,
    /// Each engine's table, in MB.
    pub hash_mb: usize,
    /// A game still running after this many plies is scored a draw.
    pub max_plies: usize,
}

/// One game of a match, as it ended.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Its number in the whole match, from 1.
    pub number: u32,
    /// A's side.
    pub a_color: Color,
    /// A's score (1, 0.5 or 0).
    pub score: f64,
    /// How it ended.
    pub result: GameResult,
    /// Plies played.
    pub plies: usize,
    /// Time taken.
    pub elapsed: Duration,
    /// The game's record (its players' names by seat).
    pub record: Record,
    /// The final position in FEN.
    pub final_fen: String,
}

/// Why the caller's report of a game failed (a record that could not be written): the
/// caller's own error.
pub type ReportError = Box<dyn std::error::Error + Send + Sync>;

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// The game is not a chess variant.
    #[error("a match is played on a chess variant")]
    NotChess,
    /// The table refused the match's setup.
    #[error(transparent)]
    Table(#[from] SetupError),
    /// The game ended during its random opening.
    #[error("opening: the game ended")]
    OpeningEnded,
    /// The table refused a ply of the random opening.
    #[error("opening: {0}")]
    OpeningRefused(ActError),
    /// The opening played at the table did not reach the opening's position.
    #[error("the opening did not replay at the table")]
    OpeningDiverged,
    /// A contestant's player cannot play the match's game.
    #[error(transparent)]
    Player(#[from] CannotPlay),
    /// What the caller's report function returned.
    #[error("{0}")]
    Report(ReportError),
}

/// Draws allowed for one opening ply. A drawn ply that ends the game, or lets the reply win at
/// once, is drawn again: a random opening must not decide the game before the players move (in
/// Food Fight four random plies left a Chef open to mate in one in 5 games of 100).
const OPENING_DRAWS: u32 = 16;

/// Plays [`OPENING_PLIES`] random plies (and the dice between them) on `game`, stopping early if
/// no draw gives a ply that keeps the game open.
pub fn play_opening(v: &Variant, game: &mut Game, rng: &mut SearchRng) {
    for _ in 0..OPENING_PLIES {
        if let Some(event) = game.pending_chance() {
            let Some(&o) = event.outcomes.get(rng.below(event.outcomes.len() as u32) as usize) else {
                return;
            };
            game.resolve(o);
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
pub fn reply_wins(v: &Variant, game: &mut Game) -> bool {
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

/// Plays game number `g` (from 0) of a match.
///
/// # Errors
/// [`MatchError`] when the game is not a chess variant or a player does not fit it.
pub fn play_game(m: &MatchSpec, g: u32) -> Result<GameReport, MatchError> {
    let GameKind::Chess(chess) = &m.game else {
        return Err(MatchError::NotChess);
    };
    let v = chess.variant.clone();
    let a_color = if g % 2 == 0 { Color::White } else { Color::Black };
    let seed = u64::from(g);
    let started = Instant::now();
    // Both games of a pair (colours swapped) start from the same opening and share the dice's
    // seed (the PieceEater's steps), though not its steps once the games part.
    let pair_seed = MATCH_SEED ^ (seed / 2);
    let mut opening = Game::with_seed(v.clone(), v.start(), pair_seed);
    play_opening(&v, &mut opening, &mut SearchRng::new(pair_seed));
    let (a_name, b_name) = (m.a.name.clone(), m.b.name.clone());
    let players = if a_color == Color::White {
        vec![a_name, b_name]
    } else {
        vec![b_name, a_name]
    };
    let setup = TableSetup {
        seed: Some(Seed::from_number(pair_seed)),
        players,
        ..TableSetup::default()
    };
    let mut table = Table::new(m.game.clone(), &setup)?;
    replay_opening(&mut table, &opening)?;
    let make = |c: &Contestant, s: u64| (c.make)(&m.game, MATCH_SEED + s, m.hash_mb).map_err(MatchError::Player);
    let mut players: [Box<dyn Player>; 2] = [make(&m.a, 2 * seed)?, make(&m.b, 2 * seed + 1)?];
    let times = [m.a.movetime(m.time), m.b.movetime(m.time)];
    let a_seat = seat_of(a_color);
    let plies = |t: &Table| t.chess().map_or(0, |c| c.game().moves().len());
    while table.result().is_none() && plies(&table) < m.max_plies {
        let Some(seat) = table.turn().seat() else { break };
        let i = usize::from(seat != a_seat);
        let budget = Budget {
            movetime: times[i],
            now: Instant::now(),
        };
        match take_turn(players[i].as_mut(), &mut table, seat, &budget) {
            Ok(_) => {}
            // A player that offers an illegal action loses the game.
            Err(TurnError::Refused(e)) => {
                let reason = players[i]
                    .fault()
                    .unwrap_or_else(|| format!("{} chose an action the table refused: {e}", players[i].name()));
                table.forfeit(seat, &reason);
            }
            Err(TurnError::Nothing) => match players[i].fault() {
                Some(reason) => {
                    table.forfeit(seat, &reason);
                }
                None => break,
            },
            Err(TurnError::Person) => break,
        }
    }
    if table.result().is_none() {
        table.stop_at_move_limit();
    }
    let result = table
        .result()
        .cloned()
        .unwrap_or_else(|| GameResult::draw(2, messhall_records::Ending::MoveLimit));
    let chess_table = table.chess().ok_or(MatchError::NotChess)?;
    Ok(GameReport {
        number: g + 1,
        a_color,
        score: result.scores.get(a_seat.index()).copied().unwrap_or(0.5),
        plies: chess_table.game().moves().len(),
        elapsed: started.elapsed(),
        final_fen: chess_table.position().to_fen(chess_table.variant()),
        record: table.record(),
        result,
    })
}

/// Plays the opening's moves and steered steps at the table; the rolls, and passes the rules
/// force, the table makes itself (the seeds are the same, so the rolls are too).
fn replay_opening(table: &mut Table, opening: &Game) -> Result<(), MatchError> {
    let v = opening.variant();
    for (i, &action) in opening.actions().iter().enumerate() {
        let made = table.chess().map_or(0, |c| c.game().actions().len());
        if i < made {
            continue;
        }
        let action = match action {
            messhall_rules::Action::Move(mv) => Action::Move(mv),
            messhall_rules::Action::Chance(o) if steered(v, &opening.positions()[i]) => Action::Steer(o),
            messhall_rules::Action::Chance(_) => break,
        };
        let seat = table.turn().seat().ok_or(MatchError::OpeningEnded)?;
        table.try_act(seat, action).map_err(MatchError::OpeningRefused)?;
    }
    if table.chess().is_none_or(|c| c.position() != opening.position()) {
        return Err(MatchError::OpeningDiverged);
    }
    Ok(())
}

/// Plays a match, calling `report` with each game as it ends (in the order games end); the
/// tally from A's side.
///
/// # Errors
/// [`MatchError`] for a bad setting, or the first error `report` returns.
pub fn play_match(
    m: &MatchSpec,
    report: &mut dyn FnMut(&GameReport) -> Result<(), ReportError>,
) -> Result<Tally, MatchError> {
    if !matches!(m.game, GameKind::Chess(_)) {
        return Err(MatchError::NotChess);
    }
    let first = m.first_game.max(1) - 1;
    let numbers: Vec<u32> = (first..first.saturating_add(m.games)).collect();
    let total = numbers.len();
    let mut tally = Tally::default();
    let decided = AtomicBool::new(false);
    let mut count = |played: Result<GameReport, MatchError>, tally: &mut Tally| -> Result<(), MatchError> {
        let played = played?;
        tally.add(played.score);
        report(&played).map_err(MatchError::Report)?;
        if m.decide.is_some_and(|rule| tally.settled(rule, total)) {
            decided.store(true, Ordering::Relaxed);
        }
        Ok(())
    };
    let workers = m.concurrency.clamp(1, numbers.len().max(1));
    if workers == 1 {
        for &g in &numbers {
            if decided.load(Ordering::Relaxed) {
                break;
            }
            count(play_game(m, g), &mut tally)?;
        }
        return Ok(tally);
    }
    // Each worker takes the next game not yet started; results are reported as games end.
    let next = AtomicUsize::new(0);
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (send, next, numbers, decided) = (send.clone(), &next, &numbers, &decided);
            scope.spawn(move || {
                while !decided.load(Ordering::Relaxed)
                    && let Some(&g) = numbers.get(next.fetch_add(1, Ordering::Relaxed))
                {
                    if send.send(play_game(m, g)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for played in receive {
            count(played, &mut tally)?;
        }
        Ok::<(), MatchError>(())
    })?;
    Ok(tally)
}

/// The most games a match may play at once: one per core of the machine.
pub fn max_concurrency() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
