//! The small hooks through which a game adds rules that are not data.
//!
//! The core calls these at fixed points and never asks which game it is playing. A game with no
//! special rules uses [`NoRules`].

use crate::{Move, Piece, Position, Variant};
use messhall_geometry::Square;
use std::fmt::Debug;

/// What a move did, for [`GameRules::after_move`].
#[derive(Clone, Copy, Debug)]
pub struct MoveEffects {
    /// The piece that moved (before promotion), or the dropped piece.
    pub mover: Piece,
    /// The piece removed by the move, its square and its counter.
    pub captured: Option<(Piece, Square, u16)>,
    /// For castling: the square the rook landed on.
    pub castle_rook: Option<Square>,
}

/// Special rules of a game, called by the core at fixed points.
pub trait GameRules: Send + Sync + Debug {
    /// Whether some pieces can be unable to act (so the core asks [`GameRules::is_active`]).
    fn has_inactive_pieces(&self) -> bool {
        false
    }

    /// Whether the piece on `sq` can move, capture and attack at all.
    fn is_active(&self, _variant: &Variant, _pos: &Position, _sq: Square) -> bool {
        true
    }

    /// Called after the core has played `mv` on `pos` (the side to move has already changed).
    fn after_move(&self, _variant: &Variant, _pos: &mut Position, _mv: &Move, _effects: &MoveEffects) {}

    /// Extra lines describing the game state for `messhall show`.
    fn describe(&self, _variant: &Variant, _pos: &Position) -> Vec<String> {
        Vec::new()
    }
}

/// The rules of a game that has no special rules.
#[derive(Debug, Default)]
pub struct NoRules;

impl GameRules for NoRules {}
