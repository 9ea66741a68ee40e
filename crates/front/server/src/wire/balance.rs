//! The JSON of a built-in game's balance figures on its rules page: a summary of the report
//! `messhall balance` made and the project committed (crates/play/balance/reports).

use messhall_balance::Report;
use serde::Serialize;
use utoipa::ToSchema;

/// A built-in game's balance figures from self-play, with the command that made them.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct BalanceSummary {
    /// The figures in a sentence ("White scores 54.1% ± 2.3% over 400 games at nodes=2000, ...").
    pub summary: String,
    /// The command that made the report (`messhall balance chess --games 400 ...`).
    pub command: String,
    /// Games played (the cafeteria game's over its three player counts).
    pub games: u32,
    /// How strongly they were played (`nodes=2000`, `level=5`, `rules bot`).
    pub strength: String,
    /// The first mover's share of the points with its 95% interval (chess variants), or null.
    #[schema(required = true)]
    pub first_mover: Option<BalanceShare>,
    /// The share of games drawn (chess variants), or null.
    #[schema(required = true)]
    pub draw_rate: Option<f64>,
    /// Piece values in pawns (chess variants; empty for the cafeteria game).
    pub piece_values: Vec<BalancePieceValue>,
    /// Each seat's share of the points by player count (the cafeteria game; empty for chess).
    pub seats: Vec<BalanceSeats>,
}

/// A share of the points, 0 to 1, with its 95% interval.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct BalanceShare {
    /// The share.
    pub score: f64,
    /// The interval's low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
}

/// One piece type's value in pawns.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct BalancePieceValue {
    /// The piece's name.
    pub name: String,
    /// Its FEN letter.
    pub letter: String,
    /// Fitted from the games, or null where the games did not tell.
    #[schema(required = true)]
    pub fitted: Option<f64>,
    /// The engine's own.
    pub engine: f64,
}

/// The cafeteria game at one player count.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct BalanceSeats {
    /// Players.
    pub players: u8,
    /// Each seat's share of the points, in seat order.
    pub shares: Vec<f64>,
    /// The share of games the Food-Off decided.
    pub food_off_rate: f64,
}

impl BalanceSummary {
    /// The summary of a report that names its command (the committed ones all do).
    pub fn of(r: &Report) -> Option<BalanceSummary> {
        let command = r.command.clone()?;
        let share = |s: &messhall_balance::Share| BalanceShare {
            score: s.score,
            low: s.low,
            high: s.high,
        };
        Some(BalanceSummary {
            summary: messhall_balance::text::summary(r),
            command,
            games: r.games_played,
            strength: r.strength.clone(),
            first_mover: r.chess.as_ref().map(|c| share(&c.first_mover)),
            draw_rate: r.chess.as_ref().map(|c| c.draw_rate),
            piece_values: r.chess.as_ref().map_or_else(Vec::new, |c| {
                c.piece_values
                    .pieces
                    .iter()
                    .map(|p| BalancePieceValue {
                        name: p.name.clone(),
                        letter: p.letter.to_string(),
                        fitted: p.fitted,
                        engine: p.engine,
                    })
                    .collect()
            }),
            seats: r.cafeteria.as_ref().map_or_else(Vec::new, |c| {
                c.tables
                    .iter()
                    .map(|t| BalanceSeats {
                        players: t.players,
                        shares: t.seats.iter().map(|s| s.share).collect(),
                        food_off_rate: t.food_off_rate,
                    })
                    .collect()
            }),
        })
    }

    /// The summary of the built-in game `name`'s committed report, if it has one.
    pub fn builtin(name: &str) -> Option<BalanceSummary> {
        BalanceSummary::of(&messhall_balance::builtin_report(name)?)
    }
}
