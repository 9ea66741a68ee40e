//! Games and their rules as data for front ends: the list, each chess variant's board, start and
//! pieces with their moves (XBetza) for diagrams, the rules in prose (`rules_text`), the cafeteria game's players and options; and
//! variant files checked within limits of size and compile time.

use crate::api::{App, Body, VariantFile};
use crate::error::ApiError;
use crate::limits;
use crate::state::Server;
use crate::view::data as view;
use crate::wire::{
    BalanceSummary, CafeteriaRules, ChessRules, FacultyInfo, LevelInfo, NeutralPiece, PerftAnswer, PerftRequest,
    RulePiece, Rules, SeatRange, StudentInfo, VariantList, VariantSummary,
};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use messhall_records::{GameKind, GameSource, catalog};
use messhall_rules::Variant;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::Semaphore;

/// `GET /api/variants`: every built-in game.
#[utoipa::path(get, path = "/api/variants", operation_id = "list_variants", responses((status = 200, description = "every built-in game", body = crate::wire::VariantList), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn list(_: App) -> Response {
    let games = catalog::entries()
        .map(|e| VariantSummary {
            name: e.name.to_string(),
            title: catalog::title(e.name).unwrap_or_else(|| e.name.to_string()),
            chess: e.chess,
            description: catalog::description(e.name),
            seats: seat_range(e.chess),
        })
        .collect();
    let levels = messhall_table::LEVELS
        .map(|n| {
            let level = messhall_search::Level::new(n);
            LevelInfo {
                number: n,
                name: level.name().to_string(),
                description: level.description().to_string(),
            }
        })
        .collect();
    axum::Json(VariantList {
        games,
        levels,
        default_level: messhall_search::Level::NEWCOMER.number(),
    })
    .into_response()
}

/// How many seats a chess game (two) or the cafeteria game (two to four) has.
fn seat_range(chess: bool) -> SeatRange {
    SeatRange {
        min: 2,
        max: if chess { 2 } else { 4 },
    }
}

/// A game's rules as data.
pub fn describe(kind: &GameKind) -> Rules {
    match kind {
        GameKind::Chess(chess) => {
            let v = &chess.variant;
            // Each piece with where it goes alone on an empty board, for diagrams.
            let pieces = view::roles(v)
                .into_iter()
                .map(|role| RulePiece {
                    reach: messhall_rules::reach::piece_reach(v, role.role).ok(),
                    description: messhall_rules::words::piece_words(v, role.role),
                    examples: messhall_rules::examples::move_examples(v, role.role)
                        .unwrap_or_default()
                        .into_iter()
                        .map(Into::into)
                        .collect(),
                    role,
                })
                .collect();
            let neutral = v.rules().neutral_words().map(|words| NeutralPiece {
                name: v.rules().neutral_name().to_string(),
                description: words.to_string(),
            });
            Rules::Chess(ChessRules {
                name: v.name().to_string(),
                title: v.title().to_string(),
                chess: true,
                description: v.description().to_string(),
                rules_text: kind.rules_text().map(String::from),
                files: v.size().files(),
                ranks: v.size().ranks(),
                start: v.start_fen().to_string(),
                energy_name: v.counter_name().map(String::from),
                pieces,
                neutral,
                players: ["level=N (1-10)", "depth=N", "nodes=N", "random", "greedy"]
                    .map(String::from)
                    .to_vec(),
                balance: match &chess.source {
                    GameSource::Builtin { name, .. } => BalanceSummary::builtin(name),
                    GameSource::File { .. } | GameSource::Cafeteria { .. } => None,
                },
            })
        }
        GameKind::Cafeteria => {
            let options = messhall_cafeteria::GameOption::ALL
                .iter()
                .map(|o| o.name().to_string())
                .collect();
            let (students, faculty) = match messhall_cafeteria::data() {
                Ok(data) => (
                    data.students
                        .iter()
                        .map(|s| StudentInfo {
                            name: s.name.clone(),
                            aa: s.aa,
                            ar: s.ar,
                        })
                        .collect(),
                    data.faculty
                        .iter()
                        .map(|f| FacultyInfo {
                            name: f.name.clone(),
                            mr: f.mr,
                            nsr: f.nsr,
                        })
                        .collect(),
                ),
                Err(_) => (Vec::new(), Vec::new()),
            };
            let (foods, tables) = match messhall_cafeteria::data() {
                Ok(data) => (
                    data.counters
                        .iter()
                        .map(|&k| data.kinds[usize::from(k)].name.clone())
                        .collect(),
                    data.map.table_names.clone(),
                ),
                Err(_) => (Vec::new(), Vec::new()),
            };
            Rules::Cafeteria(CafeteriaRules {
                name: catalog::CAFETERIA.to_string(),
                title: messhall_cafeteria::TITLE.to_string(),
                chess: false,
                description: messhall_cafeteria::DESCRIPTION.to_string(),
                rules_text: kind.rules_text().map(String::from),
                seats: seat_range(false),
                options,
                students,
                faculty,
                foods,
                tables,
                players: ["random", "rules", "search"].map(String::from).to_vec(),
                balance: BalanceSummary::builtin(catalog::CAFETERIA),
            })
        }
    }
}

/// The built-in games' rules as data, each worked out once: its diagrams and examples walk every
/// piece's moves from many squares, and a built-in game's rules never change while the server runs.
static BUILTIN_RULES: OnceLock<Mutex<HashMap<String, Rules>>> = OnceLock::new();

/// A game's rules as data ([`describe`]), from the cache for a built-in game.
pub fn described(kind: &GameKind) -> Rules {
    let builtin = match kind {
        GameKind::Chess(chess) => match &chess.source {
            GameSource::Builtin { name, .. } => Some(name.as_str()),
            GameSource::File { .. } | GameSource::Cafeteria { .. } => None,
        },
        GameKind::Cafeteria => Some(catalog::CAFETERIA),
    };
    let Some(name) = builtin else {
        return describe(kind);
    };
    let cache = BUILTIN_RULES.get_or_init(Mutex::default);
    if let Some(rules) = cache.lock().ok().and_then(|c| c.get(name).cloned()) {
        return rules;
    }
    let rules = describe(kind);
    if let Ok(mut c) = cache.lock() {
        c.insert(name.to_string(), rules.clone());
    }
    rules
}

/// A game's rules as the answer, worked out off the threads that serve requests.
async fn rules_answer(kind: GameKind) -> Result<Response, ApiError> {
    let rules = tokio::task::spawn_blocking(move || described(&kind))
        .await
        .map_err(|_| ApiError::new(500, "internal", "the rules could not be described"))?;
    Ok(axum::Json(rules).into_response())
}

/// `GET /api/variants/{name}`: a built-in game's rules as data.
///
/// # Errors
/// 404 for no such game.
#[utoipa::path(get, path = "/api/variants/{name}", operation_id = "variant_rules", params(("name" = String, Path, description = "a built-in game's name")), responses((status = 200, description = "its rules as data", body = crate::wire::Rules), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn one(_: App, Path(name): Path<String>) -> Result<Response, ApiError> {
    let kind = catalog::builtin(&name).ok_or_else(|| {
        ApiError::not_found(format!(
            "no game \"{}\" (see /api/variants)",
            messhall_rules::echo(&name)
        ))
    })?;
    rules_answer(kind).await
}

/// `GET /api/games/{id}/rules`: the rules of a game's own variant as data (a variant file's
/// game has no name under `/api/variants`), so its page can name and describe its pieces.
///
/// # Errors
/// 404 for no such game.
#[utoipa::path(get, path = "/api/games/{id}/rules", operation_id = "game_rules", params(("id" = String, Path, description = "the game's id")), responses((status = 200, description = "the rules of the game's variant as data", body = crate::wire::Rules), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn of_game(State(server): App, Path(id): Path<String>) -> Result<Response, ApiError> {
    let kind = server.game(&id).await?.lock().await.table.kind().clone();
    rules_answer(kind).await
}

/// `POST /api/variants/check`: a variant file compiled; its rules as data.
///
/// # Errors
/// 400 with the file's faults (the first as the message, each one in `problems` with its
/// `field`, `line`, `column` and `message`); 400 for rules too costly; 429 over the client's
/// rate; 503 when the threads for
/// untrusted work stay busy past the deadline.
#[utoipa::path(post, path = "/api/variants/check", operation_id = "check_variant", request_body = crate::wire::VariantFile, responses((status = 200, description = "the file's rules as data", body = crate::wire::Rules), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn check(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    Body(file): Body<VariantFile>,
) -> Result<Response, ApiError> {
    within_limits(&server, &client, &file)?;
    let (name, text) = (file.name, file.text);
    let described = untrusted(limits::VARIANT_MS, move || {
        compiled(&name, &text).map(|kind| describe(&kind))
    })
    .await?;
    Ok(axum::Json(described).into_response())
}

/// `POST /api/variants/perft`: the number of move sequences from a variant file's start, for
/// each depth from 1 to `depth` (at most 3), for the studio's editor. Counted on the threads for
/// untrusted work, within the check's deadline; a depth whose count would expand more than
/// [`limits::PERFT_NODES`] positions is refused before it starts.
///
/// # Errors
/// As the check; 400 `bad-depth` for a depth outside 1 to 3; 400 `too-many-nodes` past the bound
/// (the message gives the counts of the depths within it).
#[utoipa::path(post, path = "/api/variants/perft", operation_id = "variant_perft", request_body = crate::wire::PerftRequest, responses((status = 200, description = "the counts", body = crate::wire::PerftAnswer), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn perft(
    State(server): App,
    crate::client::Client(client): crate::client::Client,
    Body(req): Body<PerftRequest>,
) -> Result<Response, ApiError> {
    if !(1..=limits::PERFT_DEPTH).contains(&req.depth) {
        return Err(ApiError::bad(
            "bad-depth",
            format!("perft counts depths 1 to {}", limits::PERFT_DEPTH),
        ));
    }
    let file = VariantFile {
        name: req.name,
        text: req.text,
    };
    within_limits(&server, &client, &file)?;
    let depth = req.depth;
    let counts = untrusted(limits::VARIANT_MS, move || {
        let GameKind::Chess(chess) = compiled(&file.name, &file.text)? else {
            return Err(ApiError::bad("bad-variant", "a variant file is a chess variant"));
        };
        bounded_perft(&chess.variant, depth, limits::PERFT_NODES)
    })
    .await?;
    Ok(axum::Json(PerftAnswer { counts }).into_response())
}

/// Perft of `v`'s start at each depth to `depth`, refused once the positions a depth expands
/// (every position above its last ply) would pass `bound`.
fn bounded_perft(v: &Variant, depth: u32, bound: u64) -> Result<Vec<u64>, ApiError> {
    let start = v.start();
    let mut counts: Vec<u64> = Vec::new();
    for d in 1..=depth {
        let expanded: u64 = 1 + counts.iter().take(d as usize - 1).sum::<u64>();
        if expanded > bound {
            let so_far: Vec<String> = counts.iter().map(u64::to_string).collect();
            return Err(ApiError::bad(
                "too-many-nodes",
                format!(
                    "perft {d} would expand {expanded} positions, over the bound of {bound}; depths 1 to {}: {}",
                    d - 1,
                    so_far.join(", ")
                ),
            ));
        }
        counts.push(v.perft(&start, d));
    }
    Ok(counts)
}

/// Compiles a variant file within the size, cost and time limits.
///
/// # Errors
/// 400 for a file too large, too slow to compile, too costly to play, or with a fault; 429
/// over the client's rate; 503 when
/// the threads for untrusted work stay busy past the deadline.
pub async fn compile(server: &Server, client: &str, file: &VariantFile) -> Result<GameKind, ApiError> {
    within_limits(server, client, file)?;
    let (name, text) = (file.name.clone(), file.text.clone());
    untrusted(limits::VARIANT_MS, move || compiled(&name, &text)).await
}

/// Refuses a file too large, or a client over its rate of variant files.
fn within_limits(server: &Server, client: &str, file: &VariantFile) -> Result<(), ApiError> {
    if file.text.len() > limits::VARIANT_BYTES || file.name.chars().count() > limits::NAME_CHARS {
        return Err(ApiError::bad(
            "bad-variant",
            format!(
                "a variant file is at most {} KB, its name {} characters",
                limits::VARIANT_BYTES / 1024,
                limits::NAME_CHARS
            ),
        ));
    }
    if !server.variant_work.allow(client) {
        return Err(ApiError::new(
            429,
            "too-many-variants",
            format!("variant files: {}", server.variant_work.words()),
        ));
    }
    Ok(())
}

/// A variant file compiled and its cost checked.
fn compiled(name: &str, text: &str) -> Result<GameKind, ApiError> {
    let kind = catalog::from_file_text(name, text).map_err(|e| match e {
        catalog::LoadError::Variant(e) => ApiError::bad_variant(&e),
        e => ApiError::bad("bad-variant", e.to_string()),
    })?;
    affordable(&kind)?;
    Ok(kind)
}

/// Refuses a game whose rules cost more than [`limits::VARIANT_COST`] to work out.
///
/// # Errors
/// 400 naming the cost and the limit.
pub fn affordable(kind: &GameKind) -> Result<(), ApiError> {
    if let GameKind::Chess(chess) = kind {
        let cost = cost(&chess.variant);
        if cost > limits::VARIANT_COST {
            return Err(ApiError::bad(
                "bad-variant",
                format!(
                    "the rules cost {cost} to work out (board squares x the steps of every piece \
                     type's moves); at most {}",
                    limits::VARIANT_COST
                ),
            ));
        }
    }
    Ok(())
}

/// Untrusted work running at once. A stranger's variant file is compiled, described and
/// replayed only on these few blocking threads, never on the threads that serve requests, so
/// however many such requests arrive the rest of the server keeps answering.
static UNTRUSTED: Semaphore = Semaphore::const_new(limits::UNTRUSTED_THREADS);

/// Runs `work` on one of the `UNTRUSTED` threads, answering within `deadline_ms` of the call,
/// waiting for a thread included. Work that runs late keeps its thread's permit until it ends,
/// so late work never piles up past the pool.
///
/// # Errors
/// 503 when no thread frees up in time; 400 when the work takes too long; the work's own error.
pub async fn untrusted<T: Send + 'static>(
    deadline_ms: u64,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let deadline = tokio::time::Instant::now() + Duration::from_millis(deadline_ms);
    let Ok(Ok(permit)) = tokio::time::timeout_at(deadline, UNTRUSTED.acquire()).await else {
        return Err(ApiError::new(
            503,
            "busy",
            "the server is busy with other variant files and imports; try again",
        ));
    };
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    });
    match tokio::time::timeout_at(deadline, work).await {
        Err(_) => Err(ApiError::bad(
            "too-slow",
            format!("the work took longer than {deadline_ms} ms"),
        )),
        Ok(Err(_)) => Err(ApiError::new(500, "internal", "the work could not be done")),
        Ok(Ok(done)) => done,
    }
}

/// What a variant's rules cost to work out: move generation, reach diagrams and replays all walk
/// every leg of every piece type's moves from the squares of the board; a riding leg counts once
/// per step it may take (an unlimited one: the board's longer side). Checked before any of that work.
pub fn cost(v: &Variant) -> u64 {
    let side = u64::from(v.size().files().max(v.size().ranks()));
    let steps: u64 = v
        .roles()
        .flat_map(|(_, role)| role.moves.moves.iter())
        .flat_map(|m| m.legs.iter())
        // A `max_steps` of 0 is an unlimited rider.
        .map(|leg| {
            if leg.max_steps == 0 {
                side
            } else {
                u64::from(leg.max_steps).min(side)
            }
        })
        .sum();
    u64::from(v.size().files()) * u64::from(v.size().ranks()) * steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_counts_each_depth_and_refuses_past_its_bound() {
        let Some(GameKind::Chess(chess)) = catalog::builtin("chess") else {
            panic!("chess does not load");
        };
        assert_eq!(
            bounded_perft(&chess.variant, 3, limits::PERFT_NODES).unwrap(),
            vec![20, 400, 8902]
        );
        // Depth 3 generates the moves of the start, its 20 children and their 400.
        assert!(bounded_perft(&chess.variant, 3, 421).is_ok());
        let refused = bounded_perft(&chess.variant, 3, 420).unwrap_err();
        assert_eq!(refused.code, "too-many-nodes");
        assert!(
            refused.message.contains("depths 1 to 2: 20, 400"),
            "{}",
            refused.message
        );
    }

    #[test]
    fn every_built_in_fits_the_cost_limit_with_room() {
        for entry in catalog::entries().filter(|e| e.chess) {
            let Some(GameKind::Chess(chess)) = catalog::builtin(entry.name) else {
                panic!("{} does not load", entry.name);
            };
            let cost = cost(&chess.variant);
            assert!(cost * 4 <= limits::VARIANT_COST, "{}: {cost}", entry.name);
        }
    }
}
