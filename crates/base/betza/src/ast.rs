//! The parsed, fully expanded form of a piece's moves.
//!
//! Everything here is seen from White's side: `dy > 0` is forward (toward the opponent), `dx > 0` is
//! to the right. The rules core mirrors it for Black. Nothing here knows a board size: the core
//! compiles these descriptions into per-square tables once per variant.

/// One leap of a leg: `(dx, dy)` in files and ranks, White's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub dx: i8,
    pub dy: i8,
}

impl Step {
    pub const fn new(dx: i8, dy: i8) -> Self {
        Step { dx, dy }
    }
}

/// What may stand on a square where a leg stops (or, for a non-final leg, the square it passes
/// through before the next leg starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Mode {
    /// `m`: the square may be empty (the piece moves there).
    pub to_empty: bool,
    /// `c`: the square may hold an enemy piece, which is captured.
    pub to_enemy: bool,
    /// `p` on a non-final leg: the square must hold a piece (either side), which is hopped over and
    /// stays. On a final leg `p` is a [`Hop`] instead.
    pub over_piece: bool,
}

/// How a rider or leaper treats pieces on the way (between its start and the square it stops on).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Hop {
    /// Every square passed must be empty (ordinary rider; a leaper ignores what it passes unless lame).
    #[default]
    None,
    /// `p`: cannon. The leg passes over exactly one occupied step square (the hurdle), then goes on
    /// as a rider: to any empty step square beyond (if `to_empty`) or onto the first piece beyond
    /// (if `to_enemy` and it is an enemy). On a leaper, the leap's lame path must hold exactly one piece.
    Cannon,
    /// `g`: grasshopper. The leg rides to the first occupied step square, hops it and stops on the
    /// very next step square.
    Grasshopper,
}

/// One leg: one or more repetitions of a leap in one direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    /// The leap, White's view.
    pub step: Step,
    /// How many times the leap may repeat: 1 for a leaper, `n` for a rider limited to `n` leaps
    /// (`R2`, `B3`), [`UNLIMITED`] for an unlimited rider (`NN`, `R`, `N0`).
    pub max_steps: u8,
    /// `n`: lame. Every leap's path squares (see the grammar document) must be empty. For a W/F
    /// step this adds nothing; for D and A it is the middle square; for an oblique (a, b) leap with
    /// |b| > |a| it is the |b|-|a| orthogonal steps along the long axis then the diagonal steps.
    pub lame: bool,
    /// `z`: crooked. Successive leaps alternate `step`, partner, `step`, partner, ... The partner is
    /// `step` turned by 90 degrees (one Move per turning sense) for orthogonal and diagonal atoms, and
    /// `step` mirrored across its long axis for oblique atoms. `None` for a straight leg.
    pub crooked: Option<Step>,
    /// What the leg may end on.
    pub mode: Mode,
    /// Hopping behaviour on the way.
    pub hop: Hop,
}

/// Repetition count that stands for "as often as the board allows".
pub const UNLIMITED: u8 = 0;

/// One way to move: one leg, or several joined by `a`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub legs: Vec<Leg>,
    /// `i`: only while the piece has never moved.
    pub initial_only: bool,
    /// `e` on a move that can capture: it may also capture en passant (land on a square a piece just
    /// skipped, removing that piece). `e` on a move-only move (our extension): the move gives the
    /// opponent en passant rights on every square its lame path passes.
    pub en_passant: bool,
}

/// All of a piece's moves, expanded: one [`Move`] per direction (and per leg direction combination).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PieceMoves {
    pub moves: Vec<Move>,
}
