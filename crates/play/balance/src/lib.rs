//! Balance reports: how a game plays when the engine plays it against itself. For a chess
//! variant: the first mover's score with its 95% interval, the draw rate and how games end, game
//! length, the branching factor by phase, a skill trace (each of a few strengths against the one
//! below), opening diversity, and piece values fitted from the games beside the engine's own. For
//! the cafeteria game: each seat's share of the points by player count, the endings (how often the
//! Food-Off decides) and the length. A report is data ([`Report`], serde), rendered as text
//! ([`text::render`]) and as an HTML page with SVG charts ([`html::render`]); the same request
//! makes the same report, whatever the machine or the number of threads.
//!
//! ```
//! use messhall_balance::{BalanceSpec, Strength, run};
//! use std::sync::atomic::AtomicBool;
//! let game = messhall_records::catalog::builtin("chess").unwrap();
//! let spec = BalanceSpec { max_plies: 16, ..BalanceSpec::new(game, 2, Strength::Nodes(50)) };
//! let report = run(&spec, &mut |_, _| {}, &AtomicBool::new(false)).unwrap();
//! assert_eq!((report.games_played, report.partial), (2, false));
//! let chess = report.chess.unwrap();
//! assert_eq!(chess.first_mover.games, 2);
//! ```
#![warn(missing_docs)]

mod builtin;
mod cafeteria;
mod chess;
pub mod fit;
pub mod html;
mod jobs;
mod opening;
mod report;
mod selfplay;
mod spec;
mod stats;
mod svg;
pub mod text;
mod values;

pub use builtin::builtin_report;
pub use cafeteria::{PLAYER_COUNTS, RULE_BOT_LEVELS, bot_for};
pub use chess::{MAX_SKILL_GAMES, SKILL_STEPS, skill_games, skill_steps};
pub use opening::{OPENING_MARGIN_CP, OPENING_PLIES};
pub use report::*;
pub use spec::{
    BalanceSpec, DEFAULT_MAX_PLIES, MAX_CONCURRENCY, MAX_GAMES, MAX_LEVEL, MAX_NODES, MAX_PLY_LIMIT, SpecError,
    Strength,
};
pub use stats::{Bin, Share, Spread};
pub use values::{MIN_IMBALANCED, RIDGE};

use messhall_records::catalog::{self, GameKind};
use std::sync::atomic::AtomicBool;

/// Why a report could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BalanceError {
    /// The request is out of bounds.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A variant file's weights file is refused.
    #[error(transparent)]
    Weights(#[from] messhall_table::RefusedWeights),
}

/// Games the report of `spec` plays in all (its progress counts up to this).
pub fn total_games(spec: &BalanceSpec) -> u32 {
    match &spec.game {
        GameKind::Chess(_) => chess::total_games(spec),
        GameKind::Cafeteria => cafeteria::total_games(spec),
    }
}

/// Makes the report of `spec`. `progress(done, total)` is called as each game ends. When `stop`
/// is set no further game starts and the searches under way end soon (the games they were in
/// are not counted); the report of the games played so far comes back marked
/// [`Report::partial`].
///
/// # Errors
/// [`BalanceError`] when the request is out of bounds, or a variant file's weights file is
/// refused.
pub fn run(spec: &BalanceSpec, progress: &mut dyn FnMut(u32, u32), stop: &AtomicBool) -> Result<Report, BalanceError> {
    spec.check()?;
    let total = total_games(spec);
    let mut done = 0;
    let mut tick = || {
        done += 1;
        progress(done, total);
    };
    let name = spec.game.name().to_string();
    // A variant file's game is titled by its file; a built-in by the catalogue.
    let title = match &spec.game {
        GameKind::Chess(game) if !game.variant.title().is_empty() => game.variant.title().to_string(),
        _ => catalog::title(&name).unwrap_or_else(|| name.clone()),
    };
    let mut report = Report {
        game: name,
        title,
        strength: spec.strength.to_string(),
        seed: spec.seed,
        games_planned: spec.games,
        games_played: 0,
        partial: false,
        command: None,
        chess: None,
        cafeteria: None,
    };
    match &spec.game {
        GameKind::Chess(game) => {
            let weights = messhall_table::file_weights(game)?;
            let (figures, played, partial) = chess::report(game, spec, weights, stop, &mut tick);
            report.chess = Some(figures);
            report.games_played = played;
            report.partial = partial;
        }
        GameKind::Cafeteria => {
            let (figures, played, partial) = cafeteria::report(spec, stop, &mut tick);
            report.strength = format!("{} bot", figures.bot);
            report.games_planned = total;
            report.cafeteria = Some(figures);
            report.games_played = played;
            report.partial = partial;
        }
    }
    Ok(report)
}
