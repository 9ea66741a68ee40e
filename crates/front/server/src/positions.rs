//! Any position of any chess game, built-in or from a variant file, with what may happen in it:
//! the legal moves (coordinates for the board, SAN for people) or the odds of the chance event
//! pending. The analysis board asks it to try moves of its own; the browser holds no rules.

use crate::ApiError;
use crate::analysis::{position_of, variant_for};
use crate::api::{App, Body};
use crate::wire::{ChanceView, PositionMoves, PositionRequest};
use axum::response::{IntoResponse, Response};

/// How long working out one position's moves may take (a variant file's pieces may be costly).
const MOVES_MS: u64 = 2000;

/// `POST /api/positions/moves`: the legal moves of a position (`fen`), or of the position after
/// `play` when it is given (a move, or an outcome `d4-e5` of the chance event pending); while a
/// chance event is pending, its outcomes and their odds instead of moves.
///
/// # Errors
/// 404 for no such chess game, 400 for a FEN that is no position of it or a move that is not
/// legal there (one line each).
#[utoipa::path(post, path = "/api/positions/moves", request_body = crate::wire::PositionRequest, responses((status = 200, description = "the position's moves or chance outcomes", body = crate::wire::PositionMoves), (status = "4XX", description = "refused; nothing changed", body = crate::wire::ErrorBody)))]
pub async fn moves(axum::extract::State(server): App, Body(req): Body<PositionRequest>) -> Result<Response, ApiError> {
    let variant = variant_for(&server, &req.game).await?;
    let start = position_of(&variant, &req.fen)?;
    let body = crate::variants::untrusted(MOVES_MS, move || {
        let (position, played) = match req.play.as_deref().map(str::trim) {
            None | Some("") => (start, None),
            Some(text) => {
                if let Some(event) = variant.chance(&start) {
                    // An outcome of the event pending (`d4-e5`), as the dice or a player may pick.
                    let wanted = messhall_records::parse_outcome(text).map_err(|e| {
                        ApiError::bad(
                            "chance-pending",
                            format!("a chance event is pending here: name one of its outcomes ({e})"),
                        )
                    })?;
                    let outcome = event
                        .outcomes
                        .iter()
                        .find(|o| o.from == wanted.from && o.to == wanted.to)
                        .ok_or_else(|| {
                            ApiError::bad("illegal-move", format!("{text} is no outcome of the chance event here"))
                        })?;
                    (variant.resolve(&start, outcome), Some(outcome.to_text()))
                } else {
                    let mv = variant
                        .parse_move(&start, text)
                        .map_err(|e| ApiError::bad("illegal-move", e.to_string()))?;
                    let san = variant.san(&start, &mv);
                    (start.play_unchecked(&variant, &mv), Some(san))
                }
            }
        };
        let chance: Vec<ChanceView> = variant.chance(&position).map_or_else(Vec::new, |event| {
            event
                .outcomes
                .iter()
                .map(|o| ChanceView {
                    from: o.from.to_string(),
                    to: o.to.to_string(),
                    odds: format!("{}/{}", o.weight, o.total),
                    probability: f64::from(o.weight) / f64::from(o.total.max(1)),
                    steered: event.chooser.is_some(),
                })
                .collect()
        });
        let moves = if chance.is_empty() {
            crate::view::data::move_views(&variant, &position)
        } else {
            Default::default()
        };
        Ok(PositionMoves {
            fen: position.to_fen(&variant),
            played,
            over: moves.is_empty() && chance.is_empty(),
            check: variant.in_check(&position),
            moves,
            chance,
        })
    })
    .await?;
    Ok(axum::Json(body).into_response())
}
