//! The small hooks through which a game adds rules that are not data.
//!
//! The core calls these at fixed points and never asks which game it is playing. A game with no
//! special rules uses [`NoRules`].

use crate::{ChanceEvent, ChanceOutcome, Color, Counter, Fact, Move, Piece, Position, Variant};
use messhall_geometry::Square;
use std::fmt::Debug;

/// What a move did, for [`GameRules::after_move`].
#[derive(Clone, Copy, Debug)]
pub struct MoveEffects {
    /// The piece that moved (before promotion), or the dropped piece; for a pass, a stand-in of
    /// the passing side (role 0).
    pub mover: Piece,
    /// The piece removed by the move, its square and its counter.
    pub captured: Option<(Piece, Square, u16)>,
    /// For castling: the square the rook landed on.
    pub castle_rook: Option<Square>,
}

/// Why a piece cannot act, as a game's hooks tell it ([`GameRules::inactive_reason`]), for front
/// ends and messages to word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Inactivity {
    /// Its counter has run out: it holds `value` of `counter` (a Calorie piece at 0 Cal).
    Spent {
        /// What is counted.
        counter: Counter,
        /// What the piece holds.
        value: u16,
    },
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

    /// Why the piece on `sq` cannot act, where [`GameRules::is_active`] says it cannot; `None`
    /// when the game gives no reason. Asked only to explain a refused move, never while
    /// generating moves.
    fn inactive_reason(&self, _variant: &Variant, _pos: &Position, _sq: Square) -> Option<Inactivity> {
        None
    }

    /// Called after the core has played `mv` on `pos`, passes included (the side to move has
    /// already changed). A game with chance events marks one pending here.
    fn after_move(&self, _variant: &Variant, _pos: &mut Position, _mv: &Move, _effects: &MoveEffects) {}

    /// Whether a chance event is waiting in `pos` (cheap: the core asks at every node). While one
    /// is, the position has no legal moves: it must first be resolved.
    fn chance_pending(&self, _variant: &Variant, _pos: &Position) -> bool {
        false
    }

    /// The pending chance event: who chooses its outcome (`None`: the dice, by the
    /// probabilities; or a side that chooses itself, as in the steered PieceEater) and its
    /// outcomes. `None` when nothing is pending. The core asks only where
    /// [`GameRules::chance_pending`] said yes.
    fn chance(&self, _variant: &Variant, _pos: &Position) -> Option<ChanceEvent> {
        None
    }

    /// Applies `outcome`, one of [`GameRules::chance`]'s outcomes, and clears the pending event.
    fn resolve_chance(&self, _variant: &Variant, _pos: &mut Position, _outcome: &ChanceOutcome) {}

    /// The game's own name of its neutral piece, for front ends to word what it did
    /// ([`crate::ChanceReport::piece`], [`Fact::Neutral`]).
    fn neutral_name(&self) -> &'static str {
        "neutral piece"
    }

    /// What the game's own rules add to pieces of `role`, in plain words, for the words of
    /// [`crate::words::piece_words`] (Calorie's energy); `None` when they add nothing.
    fn role_words(&self, _variant: &Variant, _role: crate::Role) -> Option<String> {
        None
    }

    /// What the game's neutral piece does, in plain words, for legends and rules pages; `None`
    /// when the game has none.
    fn neutral_words(&self) -> Option<&'static str> {
        None
    }

    /// A win the game's own rules decide in `pos`, beyond lost royals and extinction (for the
    /// PieceEater played to checkmate: the side to move attacks the enemy king).
    fn decided(&self, _variant: &Variant, _pos: &Position) -> Option<Color> {
        None
    }

    /// What the game keeps in `pos` beyond the board, hands and rights, as values for front ends
    /// to word or draw (for the PieceEater: its square, the square it may not step back to, its
    /// pending step; for Calorie: every piece's energy).
    fn facts(&self, _variant: &Variant, _pos: &Position) -> Vec<Fact> {
        Vec::new()
    }

    /// The name of game register `i` in FEN (`forbidden` writes `forbidden=d5` where `r0=52`
    /// would be), or `None` to write it `rN=value`.
    fn register_name(&self, _i: usize) -> Option<&'static str> {
        None
    }

    /// Register `i`'s value as its named FEN field shows it.
    fn register_text(&self, _variant: &Variant, _i: usize, value: u16) -> String {
        value.to_string()
    }

    /// Reads [`GameRules::register_text`]'s form back; `None` when `text` is no value of register `i`.
    fn register_value(&self, _variant: &Variant, _i: usize, text: &str) -> Option<u16> {
        text.parse().ok()
    }

    /// The game's own term of the evaluation, in centipawns from the side to move's point of view,
    /// added by the search to its evaluation from the variant's data (for the PieceEater: what its
    /// next step may eat).
    fn evaluate(&self, _variant: &Variant, _pos: &Position) -> i32 {
        0
    }
}

/// The rules of a game that has no special rules.
#[derive(Debug, Default)]
pub struct NoRules;

impl GameRules for NoRules {}
