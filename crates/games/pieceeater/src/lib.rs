//! PieceEater Chess: FIDE chess with reinforcements in hand, played to the capture of the enemy
//! King, and a neutral PieceEater that steps one square after every player's move (White,
//! PieceEater, Black, PieceEater), on a board whose edges wrap around for it alone.
//!
//! The board, pieces, drops, promotions, castling and the goal are data (`pieceeater.toml` and its
//! two siblings in the catalog). The PieceEater is the rules core's neutral piece (`*` in FEN),
//! and its step is a chance event: after a move, [`PieceEaterRules`] marks a step pending, lists
//! the squares it may take with their probabilities (one when rule 3 forces it or it must stand
//! still), and moves it when the event is resolved. The rules page is `docs/pieceeater.md`. For the
//! AI, [`step_risk`] is the game's evaluation term: what the next step may eat.
//!
//! Its four rules, in order (the original list is lost; this is the reconstruction of RULINGS.md):
//! 1. it never steps back onto the square it left on its last actual step;
//! 2. it never steps onto a King or next to one (next to counted on the torus);
//! 3. if the piece that just moved (castling: the Rook; a drop: the dropped piece) stands next to
//!    it and rules 1 and 2 allow that square, it steps there and eats that piece;
//! 4. otherwise it steps to one of the squares rules 1 and 2 allow, each with equal chance, eating
//!    whatever stands there; where none is allowed it stays put.
//!
//! ```
//! let v = messhall_catalog::builtin("pieceeater").unwrap();
//! let start = v.start();
//! let after = start.try_play(&v, &v.parse_move(&start, "a3").unwrap()).unwrap();
//! // a3 is not next to d4 and no King is near: eight equal chances.
//! let steps = v.chance(&after).unwrap().outcomes;
//! assert_eq!(steps.len(), 8);
//! assert!(steps.iter().all(|s| (s.weight, s.total) == (1, 8)));
//! // e2-e4 puts a Pawn next to it: rule 3 forces the step onto e4.
//! let after = start.try_play(&v, &v.parse_move(&start, "e4").unwrap()).unwrap();
//! assert_eq!(v.chance(&after).unwrap().outcomes.len(), 1);
//! ```

mod fen_state;

use messhall_rules::spec::RoyalRule;
use messhall_rules::{
    ChanceEvent, ChanceOutcome, Color, Fact, GameRules, Move, MoveEffects, MoveKind, PendingStep, Position, Square,
    Variant,
};

/// The neutral piece's name.
pub const NAME: &str = "PieceEater";

/// What the PieceEater does, in plain words (its four rules, above).
pub const WORDS: &str = "belongs to nobody; after every move it steps one square in a direction the die picks, \
     the board's edges wrapping around, and eats whatever it lands on; it never steps back where it just came \
     from, nor onto or next to a King, and it eats the piece that just moved when that piece stands next to it";

/// The PieceEater's words when the players steer it.
pub const STEERED_WORDS: &str = "belongs to nobody; at the start of each turn the player to move steers it one \
     square, the board's edges wrapping around, and it eats whatever it lands on; it never steps back where it \
     just came from, nor onto or next to a King, and it eats the piece that just moved when that piece stands next to it";

/// Register holding the square the PieceEater left on its last actual step, plus one (0: none).
pub const FORBIDDEN: usize = 0;
/// Register holding the pending step: 0 none, 1 pending with no piece that just moved (after a
/// pass, or at the start of a steered game), `2 + square` pending after the piece now on `square`
/// moved.
pub const PENDING: usize = 1;

/// The die's faces as White sees the board, as (file, rank) steps: 1 up-left, 2 up, 3 up-right,
/// 4 left, 5 right, 6 down-left, 7 down, 8 down-right. Allowed squares are listed in this order.
pub const DIE: [(i32, i32); 8] = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)];

/// Share (per cent) of its expected loss a piece is charged for the PieceEater's next step when that
/// step comes only after the side to move has moved (the board may still change); a step already
/// pending is charged in full.
pub const NEARNESS_PERCENT: i32 = 75;

/// A piece's value as the evaluation counts it (Kings, which the PieceEater never eats, 0).
fn eaten_value(v: &Variant, pos: &Position, sq: Square) -> (Option<Color>, i32) {
    match pos.piece_at(sq) {
        Some(p) if !v.is_royal(p.role()) => (Some(p.color()), v.role(p.role()).value.max(0)),
        _ => (None, 0),
    }
}

/// What the PieceEater's next step is expected to cost each side (indexed by colour), in
/// centipawns times `scale`: the probability-weighted value of the pieces it may eat.
///
/// With the step pending its outcomes are known exactly (a forced step of rule 3 counts in full).
/// Otherwise the side to move moves first: the other side's pieces on the squares it may step to
/// each stand a 1-in-k chance (k allowed squares); the side to move can still take its most
/// valuable piece there away, so that one is not counted. In the steered game the side that steers
/// the step eats the most valuable enemy piece it can reach instead.
pub fn step_risk(v: &Variant, pos: &Position, steered: bool) -> [i32; 2] {
    let mut loss = [0i32; 2];
    let Some(from) = pieceeater(pos) else {
        return loss;
    };
    let us = pos.side_to_move();
    if let Some(mover) = pending_step(pos) {
        let Some(outcomes) = step_outcomes(v, pos, mover) else {
            return loss;
        };
        if steered && outcomes.len() > 1 {
            // The side to move steers: the best trade for it.
            let best = outcomes
                .iter()
                .map(|o| match eaten_value(v, pos, o.to) {
                    (Some(c), value) if c == us => -value,
                    (Some(_), value) => value,
                    (None, _) => 0,
                })
                .max()
                .unwrap_or(0);
            loss[(!us).index()] = 100 * best;
            return loss;
        }
        for o in &outcomes {
            if let (Some(c), value) = eaten_value(v, pos, o.to) {
                loss[c.index()] += (100 * i64::from(value) * i64::from(o.weight) / i64::from(o.total.max(1))) as i32;
            }
        }
        return loss;
    }
    let allowed = allowed_squares(v, pos, from);
    if allowed.is_empty() {
        return loss;
    }
    let k = allowed.len() as i32;
    let mut ours: Vec<i32> = Vec::new();
    let mut theirs: Vec<i32> = Vec::new();
    for &sq in &allowed {
        match eaten_value(v, pos, sq) {
            (Some(c), value) if c == us => ours.push(value),
            (Some(_), value) => theirs.push(value),
            (None, _) => {}
        }
    }
    ours.sort_unstable_by(|a, b| b.cmp(a));
    if steered {
        // The other side steers after our move: it eats our best piece left within reach.
        loss[us.index()] = NEARNESS_PERCENT * ours.get(1).copied().unwrap_or(0);
    } else {
        loss[us.index()] = NEARNESS_PERCENT * ours.iter().skip(1).sum::<i32>() / k;
        loss[(!us).index()] = NEARNESS_PERCENT * theirs.iter().sum::<i32>() / k;
    }
    loss
}

/// The hooks of PieceEater Chess.
#[derive(Debug, Default, Clone, Copy)]
pub struct PieceEaterRules {
    /// The player to move chooses the step at the start of the turn (the steered way to play)
    /// instead of the die.
    pub steered: bool,
}

impl PieceEaterRules {
    /// The rules with the die.
    pub const RANDOM: PieceEaterRules = PieceEaterRules { steered: false };
    /// The rules where the player to move steers the PieceEater.
    pub const STEERED: PieceEaterRules = PieceEaterRules { steered: true };
}

/// The square `(dx, dy)` away from `sq` on the torus (edges wrap around).
pub fn torus_step(v: &Variant, sq: Square, dx: i32, dy: i32) -> Square {
    let (files, ranks) = (i32::from(v.size().files()), i32::from(v.size().ranks()));
    let f = (i32::from(sq.file()) + dx).rem_euclid(files);
    let r = (i32::from(sq.rank()) + dy).rem_euclid(ranks);
    // In range by rem_euclid, so the square exists.
    Square::new(f as u8, r as u8).unwrap_or(sq)
}

/// Whether `a` and `b` are the same square or neighbours on the torus.
pub fn torus_touching(v: &Variant, a: Square, b: Square) -> bool {
    // Across an edge: `n - d` apart the other way round (squares off the board are never near).
    let near = |x: u8, y: u8, n: u8| {
        let d = x.abs_diff(y);
        d <= 1 || (d < n && n - d <= 1)
    };
    near(a.file(), b.file(), v.size().files()) && near(a.rank(), b.rank(), v.size().ranks())
}

/// Where the PieceEater stands, if it is on the board.
pub fn pieceeater(pos: &Position) -> Option<Square> {
    pos.neutrals().first()
}

/// The square the PieceEater may not step back to (rule 1).
pub fn forbidden_square(pos: &Position) -> Option<Square> {
    square_register(pos.register(FORBIDDEN))
}

fn square_register(value: u16) -> Option<Square> {
    let index = u8::try_from(value.checked_sub(1)?).ok()?;
    Some(Square::from_index(index))
}

/// Whether a step is pending, and the square of the piece that just moved (if any).
pub fn pending_step(pos: &Position) -> Option<Option<Square>> {
    match pos.register(PENDING) {
        0 => None,
        1 => Some(None),
        n => Some(u8::try_from(n - 2).ok().map(Square::from_index)),
    }
}

/// The squares rules 1 and 2 allow the PieceEater on `from`, in the die's order.
pub fn allowed_squares(v: &Variant, pos: &Position, from: Square) -> Vec<Square> {
    let forbidden = forbidden_square(pos);
    let kings: Vec<Square> = Color::ALL.iter().flat_map(|&c| pos.royals(c).iter()).collect();
    let mut squares: Vec<Square> = Vec::with_capacity(8);
    for (dx, dy) in DIE {
        let to = torus_step(v, from, dx, dy);
        if to == from
            || Some(to) == forbidden
            || squares.contains(&to)
            || pos.is_neutral(to)
            || kings.iter().any(|&k| torus_touching(v, k, to))
        {
            continue;
        }
        squares.push(to);
    }
    squares
}

/// The squares the PieceEater may take now and their chances: the forced step of rule 3, the
/// equal chances of rule 4, or standing still. `None` without a PieceEater.
pub fn step_outcomes(v: &Variant, pos: &Position, mover: Option<Square>) -> Option<Vec<ChanceOutcome>> {
    let from = pieceeater(pos)?;
    let allowed = allowed_squares(v, pos, from);
    if let Some(m) = mover.filter(|m| allowed.contains(m) && pos.piece_at(*m).is_some()) {
        return Some(vec![ChanceOutcome::forced(from, m)]);
    }
    if allowed.is_empty() {
        return Some(vec![ChanceOutcome::forced(from, from)]);
    }
    let total = allowed.len() as u32;
    Some(
        allowed
            .into_iter()
            .map(|to| ChanceOutcome {
                from,
                to,
                weight: 1,
                total,
            })
            .collect(),
    )
}

impl GameRules for PieceEaterRules {
    fn after_move(&self, _v: &Variant, pos: &mut Position, mv: &Move, effects: &MoveEffects) {
        if pieceeater(pos).is_none() {
            return;
        }
        let mover = match mv.kind() {
            MoveKind::Pass => None,
            MoveKind::Castle => effects.castle_rook,
            _ => Some(mv.to()),
        };
        pos.set_register(PENDING, mover.map_or(1, |s| 2 + s.index() as u16));
    }

    fn chance_pending(&self, _v: &Variant, pos: &Position) -> bool {
        pos.register(PENDING) != 0 && !pos.neutrals().is_empty()
    }

    fn chance(&self, v: &Variant, pos: &Position) -> Option<ChanceEvent> {
        Some(ChanceEvent {
            chooser: self.steered.then(|| pos.side_to_move()),
            outcomes: step_outcomes(v, pos, pending_step(pos)?)?,
        })
    }

    fn resolve_chance(&self, v: &Variant, pos: &mut Position, outcome: &ChanceOutcome) {
        if !outcome.is_still() && pos.is_neutral(outcome.from) {
            pos.move_neutral(v, outcome.from, outcome.to);
            pos.set_register(FORBIDDEN, 1 + outcome.from.index() as u16);
        }
        pos.set_register(PENDING, 0);
    }

    /// Played to checkmate, the PieceEater can uncover an attack on a King by stepping away:
    /// when the side to move then attacks the enemy King, it wins at once.
    fn decided(&self, v: &Variant, pos: &Position) -> Option<Color> {
        if v.end().royal != RoyalRule::Checkmate || self.chance_pending(v, pos) {
            return None;
        }
        let us = pos.side_to_move();
        pos.royals(!us).iter().any(|k| v.is_attacked(pos, k, us)).then_some(us)
    }

    fn neutral_name(&self) -> &'static str {
        NAME
    }

    fn neutral_words(&self) -> Option<&'static str> {
        Some(if self.steered { STEERED_WORDS } else { WORDS })
    }

    fn register_name(&self, i: usize) -> Option<&'static str> {
        fen_state::register_name(i)
    }

    fn register_text(&self, v: &Variant, i: usize, value: u16) -> String {
        fen_state::register_text(v, i, value)
    }

    fn register_value(&self, v: &Variant, i: usize, text: &str) -> Option<u16> {
        fen_state::register_value(v, i, text)
    }

    /// The PieceEater's nearness: pieces on the squares its next step may take are at risk,
    /// charged by their value times the chance of that step ([`step_risk`]).
    fn evaluate(&self, v: &Variant, pos: &Position) -> i32 {
        let loss = step_risk(v, pos, self.steered);
        let us = pos.side_to_move().index();
        (loss[1 - us] - loss[us]) / 100
    }

    fn facts(&self, _v: &Variant, pos: &Position) -> Vec<Fact> {
        let Some(square) = pieceeater(pos) else {
            return Vec::new();
        };
        vec![Fact::Neutral {
            piece: NAME,
            square,
            no_return: forbidden_square(pos),
            pending: pending_step(pos).map(|_| PendingStep {
                chooser: self.steered.then(|| pos.side_to_move()),
            }),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(name: &str, fen: &str, moves: &[&str]) -> i32 {
        let v = messhall_catalog::builtin(name).unwrap();
        let mut pos = Position::from_fen(&v, fen).unwrap();
        for m in moves {
            pos = pos.play_unchecked(&v, &v.parse_move(&pos, m).unwrap());
        }
        v.rules().evaluate(&v, &pos)
    }

    #[test]
    fn the_pieceeater_says_what_it_does_by_die_or_steered() {
        let words = |name: &str| {
            messhall_catalog::builtin(name)
                .unwrap()
                .rules()
                .neutral_words()
                .unwrap()
        };
        assert!(words("pieceeater").contains("a direction the die picks"));
        assert!(words("pieceeater-mate").contains("a direction the die picks"));
        assert!(words("pieceeater-steered").contains("the player to move steers it"));
        assert!(
            messhall_catalog::builtin("chess")
                .unwrap()
                .rules()
                .neutral_words()
                .is_none()
        );
    }

    #[test]
    fn nearness_charges_what_the_next_step_may_eat() {
        // Nothing within reach at the start.
        let start = "rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR[PPPNBRpppnbr] w KQkq - 0 1";
        assert_eq!(eval("pieceeater", start, &[]), 0);
        // Eight squares to step to, a Knight of each side on two of them. The side to move may
        // still take its Knight away; the other side's is eaten one time in eight (75% of 320 / 8).
        let fen = "4k3/8/8/4n3/3*4/2N5/8/4K3[] w - - 0 1";
        assert_eq!(eval("pieceeater", fen, &[]), 30);
        assert_eq!(eval("pieceeater", &fen.replace(" w ", " b "), &[]), 30);
        // Two White pieces within reach: with Black to move both count; with White to move it saves
        // the Bishop and the Knight still counts.
        assert_eq!(eval("pieceeater", "4k3/8/8/4n3/3*4/2NB4/8/4K3[] b - - 0 1", &[]), 60);
        assert_eq!(eval("pieceeater", "4k3/8/8/4n3/3*4/2NB4/8/4K3[] w - - 0 1", &[]), 0);
        // The step is pending after a move: both Knights stand one chance in eight, in full.
        assert_eq!(eval("pieceeater", fen, &["Kf1"]), 0);
        // A piece that moves next to it is eaten for certain (rule 3); Black is to move.
        assert_eq!(eval("pieceeater", fen, &["Ne4"]), 320);
        // Steered, the side to move steers the pending step onto the enemy Knight.
        let steered = "4k3/8/8/4n3/3*4/2N5/8/4K3[] w - - 0 1 r1=1";
        assert_eq!(eval("pieceeater-steered", steered, &[]), 320);
    }
}
