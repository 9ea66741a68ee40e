//! Playing games on a cluster as clients do, and checking afterwards, from the database and the
//! processes' logs, that nothing acknowledged was lost or doubled and that each computer move
//! was thought once.

use super::Api;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Every kind of game: a person's seat and, in the game against the computer, this player.
pub const KINDS: [(&str, &str); 6] = [
    ("chess", "level=2"),
    ("foodfight", "level=2"),
    ("calorie", "level=2"),
    ("pieceeater", "level=2"),
    ("friendly", "level=2"),
    ("cafeteria", "search"),
];

/// A computer's job is another worker's this long after its worker stops renewing it (the
/// server's `jobs::LEASE`).
pub const LEASE: Duration = Duration::from_secs(5);

/// A game the test plays: its seats' tokens (`None` for the computer's) and every action the
/// server acknowledged: (ply, seat, action).
pub struct Game {
    pub id: String,
    pub kind: &'static str,
    pub tokens: Vec<Option<String>>,
    pub acknowledged: Vec<(i64, u64, String)>,
    /// Actions acknowledged after the node was killed.
    pub after_kill: usize,
    /// Actions sent that no node answered.
    pub unanswered: usize,
}

impl Game {
    pub fn computer_seats(&self) -> Vec<u64> {
        (0..self.tokens.len() as u64)
            .filter(|&s| self.tokens[s as usize].is_none())
            .collect()
    }
}

/// Makes each kind's two games on `node`, joining the game between people through `other`.
pub async fn make_games(node: &Api, other: &Api) -> Vec<Game> {
    let mut games = Vec::new();
    for (kind, computer) in KINDS {
        let (status, created) = node
            .post(
                "/api/games",
                None,
                json!({"game": kind, "seats": [{"player": "me"}, {"player": "open"}]}),
            )
            .await;
        assert_eq!(status, 201, "{kind}: {created}");
        let id = created["id"].as_str().unwrap().to_string();
        let code = created["joins"][0]["code"].as_str().unwrap();
        let (status, joined) = other
            .post(
                &format!("/api/games/{id}/join"),
                None,
                json!({"code": code, "name": "Bea"}),
            )
            .await;
        assert_eq!(status, 200, "{kind}: {joined}");
        let token = |v: &Value| Some(v.as_str().unwrap().to_string());
        games.push(Game {
            id,
            kind,
            tokens: vec![token(&created["tokens"][0]["token"]), token(&joined["token"])],
            acknowledged: Vec::new(),
            after_kill: 0,
            unanswered: 0,
        });
        let (status, created) = node
            .post(
                "/api/games",
                None,
                json!({"game": kind, "seats": [{"player": "me"}, {"player": computer}]}),
            )
            .await;
        assert_eq!(status, 201, "{kind}: {created}");
        games.push(Game {
            id: created["id"].as_str().unwrap().to_string(),
            kind,
            tokens: vec![token(&created["tokens"][0]["token"]), None],
            acknowledged: Vec::new(),
            after_kill: 0,
            unanswered: 0,
        });
    }
    games
}

/// Plays `actions` more of the people's actions of `game` (fewer if it ends or the run stops),
/// each through the next of `routes` in turn, reading the game through `proxy`. A request no
/// node answered (one killed under it) was not acknowledged: the game is read again and play
/// goes on. A game that does not go on (no entry stored) for a minute and a half is stuck: the
/// test fails.
pub async fn play(game: &mut Game, routes: &[Api], proxy: &Api, actions: usize, run: &Run) {
    let path = format!("/api/games/{}", game.id);
    let mut deadline = Instant::now() + STUCK;
    let mut last_ply = -1;
    let mut done = 0;
    while done < actions && !run.stop.load(Ordering::Relaxed) {
        assert!(
            Instant::now() < deadline,
            "{} game {}: stuck after {done} actions",
            game.kind,
            game.id
        );
        let (status, state) = proxy.try_get(&path, None).await;
        if status != 200 {
            assert!(gone(status), "{status}: {state}");
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        if state["status"] == "over" {
            return;
        }
        if state["ply"].as_i64() != Some(last_ply) {
            last_ply = state["ply"].as_i64().unwrap_or(-1);
            deadline = Instant::now() + STUCK;
        }
        let seat = state["turn"]["seat"].as_u64();
        let Some(token) = seat.and_then(|s| game.tokens[s as usize].clone()) else {
            // The computer's turn (or the table's chance).
            tokio::time::sleep(run.poll).await;
            continue;
        };
        let (status, mine) = proxy.try_get(&path, Some(&token)).await;
        if status != 200 {
            assert!(gone(status), "{status}: {mine}");
            continue;
        }
        let Some(action) = super::first_action(&mine) else {
            continue;
        };
        let ply = mine["ply"].as_i64().unwrap();
        let route = &routes[game.acknowledged.len() % routes.len()];
        let (status, answer) = route
            .post(
                &format!("{path}/act"),
                Some(&token),
                json!({"ply": ply, "action": action}),
            )
            .await;
        match status {
            200 => {
                game.acknowledged.push((ply, seat.unwrap(), action));
                game.after_kill += usize::from(run.killed.load(Ordering::Relaxed));
                run.acknowledged.fetch_add(1, Ordering::Relaxed);
                done += 1;
            }
            // Refused: the state read was already behind (an unacknowledged action of this
            // seat went through, or a computer moved meanwhile).
            409 if ["stale-ply", "not-your-turn", "game-over"].contains(&answer["code"].as_str().unwrap_or("")) => {}
            status if gone(status) => {
                game.unanswered += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            _ => panic!("{} {}: {action} at ply {ply}: {status} {answer}", game.kind, game.id),
        }
    }
}

/// How long a game may go without an action before it counts as stuck.
pub const STUCK: Duration = Duration::from_secs(90);

/// What the games played share: how many actions were acknowledged, whether a node was killed
/// yet, whether to stop, and how often to look whether the computer has moved.
pub struct Run {
    pub acknowledged: AtomicUsize,
    pub killed: AtomicBool,
    pub stop: AtomicBool,
    pub poll: Duration,
}

impl Run {
    /// A run looking every `poll` whether the computer has moved.
    pub fn new(poll: Duration) -> Run {
        Run {
            acknowledged: AtomicUsize::new(0),
            killed: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            poll,
        }
    }
}

/// No node answered: the connection failed, or nginx found no node alive (502) or timed out.
pub fn gone(status: u16) -> bool {
    matches!(status, 0 | 502 | 503 | 504)
}

/// What a watcher saw: the numbers of the events it was sent, the last ply of a view, and how
/// many times it connected.
#[derive(Debug, Default)]
pub struct Watched {
    pub events: Vec<u64>,
    pub ply: i64,
    pub connections: u32,
}

/// Watches game `id` through `proxy` until it has seen a view at ply `until` (once that is
/// known), connecting again after each lost connection with the last event it saw.
pub async fn watch(proxy: String, id: String, mut until: watch::Receiver<i64>) -> Watched {
    let mut seen = Watched::default();
    loop {
        if seen.ply >= *until.borrow() {
            return seen;
        }
        let since = seen.events.last().copied().unwrap_or(0);
        let url = format!("ws://{proxy}/api/games/{id}/ws?since={since}");
        let Ok((mut socket, _)) = tokio_tungstenite::connect_async(url).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        seen.connections += 1;
        loop {
            let message = tokio::select! {
                m = socket.next() => m,
                _ = until.changed() => {
                    if seen.ply >= *until.borrow() { return seen; }
                    continue;
                }
            };
            let Some(Ok(message)) = message else { break };
            let tokio_tungstenite::tungstenite::Message::Text(text) = message else {
                continue;
            };
            let v: Value = serde_json::from_str(text.as_str()).unwrap();
            match v["type"].as_str() {
                Some("view") => seen.ply = v["view"]["ply"].as_i64().unwrap(),
                Some("state") => {
                    // A gap too long to send again: the state, and its last event's number.
                    seen.events.push(v["n"].as_u64().unwrap());
                    seen.ply = v["state"]["ply"].as_i64().unwrap();
                }
                _ => {
                    if let Some(n) = v["n"].as_u64() {
                        seen.events.push(n);
                    }
                }
            }
            if seen.ply >= *until.borrow() {
                return seen;
            }
        }
    }
}

/// A job's line of a log: what (`thinking`, `move stored`, `thought in vain`), game and ply.
pub type JobLine = (&'static str, String, i64);

/// The jobs' lines of a process's log.
pub fn job_lines(log: &[String]) -> Vec<JobLine> {
    let field = |line: &str, name: &str| {
        line.split(&format!(" {name}="))
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .map(str::to_string)
    };
    log.iter()
        .filter_map(|line| {
            let what = ["thinking", "move stored", "thought in vain"]
                .into_iter()
                .find(|w| line.contains(&format!("jobs: {w} ")))?;
            let game = field(line, "game")?;
            let ply = field(line, "ply")?.parse().ok()?;
            Some((what, game, ply))
        })
        .collect()
}

/// The stored entries of `id`: (ply, the entry as JSON).
pub async fn entries(pool: &sqlx::PgPool, id: &str) -> Vec<(i64, Value)> {
    let rows: Vec<(i64, String)> = sqlx::query_as("SELECT ply, entry FROM entries WHERE game_id = $1 ORDER BY ply")
        .bind(id)
        .fetch_all(pool)
        .await
        .unwrap();
    rows.into_iter()
        .map(|(ply, entry)| (ply, serde_json::from_str(&entry).unwrap()))
        .collect()
}

/// A process's log for [`tally`]: a name for this run of it, whether it was killed, its lines.
pub type Log = (String, bool, Vec<String>);

/// What the database and the logs say of the games played.
#[derive(Debug, Default)]
pub struct Tally {
    /// Actions acknowledged to the players.
    pub acknowledged: usize,
    /// Actions sent that no node answered (each may or may not have been stored).
    pub unanswered: usize,
    /// Computer moves stored.
    pub computer_moves: usize,
    /// Computer moves thought again because the first thinker was killed.
    pub thought_again: usize,
    /// What must not happen, each said in words: an acknowledged action lost, a person's action
    /// stored that was neither acknowledged nor unanswered (doubled), a ply missing, a computer
    /// move stored other than once or thought twice by live workers, a move thought in vain.
    pub problems: Vec<String>,
}

/// Checks `games` against the entries in `pool` and the job lines of `logs`.
pub async fn tally(pool: &sqlx::PgPool, games: &[Game], logs: &[Log]) -> Tally {
    let jobs: Vec<(&str, bool, Vec<JobLine>)> = logs
        .iter()
        .map(|(name, killed, log)| (name.as_str(), *killed, job_lines(log)))
        .collect();
    let mut tally = Tally::default();
    for game in games {
        tally.acknowledged += game.acknowledged.len();
        tally.unanswered += game.unanswered;
        let stored = entries(pool, &game.id).await;
        let plies: Vec<i64> = stored.iter().map(|(p, _)| *p).collect();
        if plies != (0..plies.len() as i64).collect::<Vec<_>>() {
            tally.problems.push(format!("{}: plies {plies:?}", game.id));
        }
        let at: BTreeMap<i64, &Value> = stored.iter().map(|(p, e)| (*p, e)).collect();
        for (ply, seat, action) in &game.acknowledged {
            let kept = at
                .get(ply)
                .is_some_and(|e| e["type"] == "act" && e["seat"].as_u64() == Some(*seat));
            if !kept {
                tally.problems.push(format!(
                    "{} {}: acknowledged {action} at ply {ply} lost",
                    game.kind, game.id
                ));
            }
        }
        let computer = game.computer_seats();
        let person_acts = at
            .values()
            .filter(|e| e["type"] == "act" && e["seat"].as_u64().is_some_and(|s| !computer.contains(&s)))
            .count();
        if person_acts > game.acknowledged.len() + game.unanswered {
            tally.problems.push(format!(
                "{} {}: {person_acts} actions of people stored, {} acknowledged and {} unanswered",
                game.kind,
                game.id,
                game.acknowledged.len(),
                game.unanswered
            ));
        }
        // Each computer move thought once; again only where the one thinking it was killed.
        for (ply, entry) in &at {
            let by_computer = entry["type"] == "act" && entry["seat"].as_u64().is_some_and(|s| computer.contains(&s));
            let of_this = |what: &str| -> Vec<(&str, bool)> {
                jobs.iter()
                    .flat_map(|(name, killed, lines)| {
                        lines
                            .iter()
                            .filter(|(w, g, p)| *w == what && *g == game.id && p == ply)
                            .map(|_| (*name, *killed))
                    })
                    .collect()
            };
            let (thinking, stored) = (of_this("thinking"), of_this("move stored"));
            if !by_computer {
                if !thinking.is_empty() || !stored.is_empty() {
                    tally
                        .problems
                        .push(format!("{} ply {ply}: a job for a person's move", game.id));
                }
                continue;
            }
            tally.computer_moves += 1;
            if stored.len() != 1 {
                tally
                    .problems
                    .push(format!("{} ply {ply}: stored by {stored:?}", game.id));
            }
            let cut_short = thinking
                .iter()
                .filter(|(name, killed)| *killed && !stored.iter().any(|(s, _)| s == name))
                .count();
            tally.thought_again += cut_short;
            if thinking.len() != 1 + cut_short {
                tally
                    .problems
                    .push(format!("{} ply {ply}: thought by {thinking:?}", game.id));
            }
        }
    }
    for (name, _, lines) in &jobs {
        for (_, game, ply) in lines.iter().filter(|(w, _, _)| *w == "thought in vain") {
            tally
                .problems
                .push(format!("{name} thought {game} ply {ply}, which another made"));
        }
    }
    tally
}
