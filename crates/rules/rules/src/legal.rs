//! Legality: which pseudo-legal moves keep the mover's royals safe, worked out without playing
//! the moves where the lines into the royal tell.

use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::spec::{RoyalRule, StalemateRule};
use crate::{Position, Variant};
use messhall_betza::Hop;
use messhall_geometry::{Square, SquareSet};

/// What decides, in one position, which pseudo-legal moves of the side to move are legal.
enum RoyalGuard {
    /// No royal can be left in danger (royal capture, no royals): every move is legal.
    Free,
    /// Only the last royal is royal: with `royals` of them, a move may not leave none, nor one
    /// that is attacked.
    Last { royals: u32 },
    /// Checkmate rules: no royal may be left attacked.
    Checkmate(CheckmateGuard),
}

/// The checkmate rules' shortcuts for one position (see [`Variant::unsafe_squares`] and
/// [`Variant::evasion_squares`]).
struct CheckmateGuard {
    royals: SquareSet,
    in_check: bool,
    unsafe_squares: Option<SquareSet>,
    evasions: Option<SquareSet>,
    /// A royal's plain step may be tested against the board with the royal taken off.
    bare_board: bool,
}

impl RoyalGuard {
    fn new(v: &Variant, pos: &Position, in_check: bool) -> RoyalGuard {
        let us = pos.side;
        match v.end.royal {
            RoyalRule::Last => RoyalGuard::Last {
                royals: pos.royals[us].count(),
            },
            RoyalRule::Checkmate => {
                let royals = pos.royals[us];
                // With one royal, a move can only expose it through the squares `unsafe_squares`
                // lists; other moves need not be played to be known legal when not in check, nor
                // in check, where they are legal exactly when they land where `evasion_squares`
                // says.
                let unsafe_squares = match royals.first() {
                    Some(k) if royals.count() == 1 && v.powers.is_none() => v.unsafe_squares(pos, k),
                    _ => None,
                };
                let evasions = match royals.first() {
                    Some(k) if in_check && unsafe_squares.is_some() => v.evasion_squares(pos, k),
                    _ => None,
                };
                // A royal's plain step is legal where its square is not attacked with the royal
                // taken off the board (so that it does not shield the squares behind it), in
                // check or not. Not where an enemy's attacks are found by generating its moves:
                // those would not see a capture of their own piece on the royal's square.
                let bare_board = royals.count() == 1
                    && v.powers.is_none()
                    && (unsafe_squares.is_some() || !v.slow_attacker_on_board(pos, !us));
                RoyalGuard::Checkmate(CheckmateGuard {
                    royals,
                    in_check,
                    unsafe_squares,
                    evasions,
                    bare_board,
                })
            }
            _ => RoyalGuard::Free,
        }
    }

    /// Whether the pseudo-legal `mv` keeps the mover's royals safe. `bare` keeps, once made, the
    /// copy of `pos`'s board with the royal taken off that the royal's steps are tested against.
    fn allows(&self, v: &Variant, pos: &Position, mv: &Move, bare: &mut Option<[u8; 256]>) -> bool {
        let us = pos.side;
        match self {
            RoyalGuard::Free => true,
            RoyalGuard::Last { royals } => {
                let royals = *royals;
                // With three royals, or two and a move that cannot lose one, nothing can go wrong.
                if royals >= 3 || (royals == 2 && !(mv.poisoned && pos.royals[us].contains(mv.from))) {
                    return true;
                }
                let next = pos.play_unchecked(v, mv);
                let left = next.royals[us];
                match left.count() {
                    0 => royals == 0,
                    1 => !left.iter().any(|r| v.is_attacked(&next, r, !us)),
                    _ => true,
                }
            }
            RoyalGuard::Checkmate(g) => {
                if g.bare_board
                    && g.royals.contains(mv.from)
                    && matches!(mv.kind, MoveKind::Quiet | MoveKind::Capture)
                    && mv.promotion.is_none()
                    && !mv.poisoned
                {
                    if v.rules.has_inactive_pieces() {
                        // Whether a piece can act may depend on the royal standing there: the
                        // whole position is copied without it.
                        let mut bare = pos.clone();
                        bare.board[mv.from.index()] = 0;
                        bare.by_color[us].remove(mv.from);
                        return !v.is_attacked(&bare, mv.to, !us);
                    }
                    // No slow attacker of theirs is on the board (`bare_board`), so the attack
                    // groups' lines answer, walked on a copy of the board alone.
                    let bare = bare.get_or_insert_with(|| {
                        let mut board = pos.board;
                        board[mv.from.index()] = 0;
                        board
                    });
                    return !v.attacked_on_board(pos, bare, mv.to, !us);
                }
                let cheap = g.unsafe_squares.is_some_and(|u| {
                    matches!(
                        mv.kind,
                        MoveKind::Quiet | MoveKind::Capture | MoveKind::DoubleStep | MoveKind::Drop(_)
                    ) && !g.royals.contains(mv.from)
                        && !u.contains(mv.from)
                        && !u.contains(mv.to)
                });
                match (cheap, g.in_check, g.evasions) {
                    (true, false, _) => true,
                    (true, true, Some(e)) => e.contains(mv.to),
                    _ => v.keeps_royals_safe(pos, mv),
                }
            }
        }
    }
}

impl Variant {
    /// All legal moves of the side to move, a pass where the rules call for one. Empty when the
    /// game is over (mate, stalemate, both sides stalemated, a lost royal or extinct type) and
    /// while a chance event is pending ([`Variant::chance`]).
    pub fn legal_moves(&self, pos: &Position) -> MoveList {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(pos, &mut moves);
        moves
    }

    /// [`Variant::legal_moves`] into a caller's vector (cleared first).
    pub fn legal_moves_into(&self, pos: &Position, moves: &mut MoveList) {
        self.legal_moves_knowing_check(pos, None, moves);
    }

    /// [`Variant::legal_moves_into`] for a caller that already knows `in_check`, what
    /// [`Variant::in_check`] says of `pos` (a search asks it of every node): it is not worked out
    /// again. A wrong answer gives wrong moves.
    pub fn legal_moves_given_check(&self, pos: &Position, in_check: bool, moves: &mut MoveList) {
        self.legal_moves_knowing_check(pos, Some(in_check), moves);
    }

    fn legal_moves_knowing_check(&self, pos: &Position, known_check: Option<bool>, moves: &mut MoveList) {
        moves.clear();
        if self.material_decided(pos).is_some() || self.chance_pending(pos) {
            return;
        }
        self.pseudo_moves(pos, moves);
        let in_check = matches!(self.end.royal, RoyalRule::Checkmate | RoyalRule::Last)
            && known_check.unwrap_or_else(|| self.in_check(pos));
        let guard = RoyalGuard::new(self, pos, in_check);
        let mut bare = None;
        match &guard {
            RoyalGuard::Free => {}
            // Out of check with the lines into the royal known, most moves are legal by a glance
            // at their squares: that test first, the general one only for the rest.
            RoyalGuard::Checkmate(CheckmateGuard {
                royals,
                in_check: false,
                unsafe_squares: Some(u),
                ..
            }) => {
                let unsafe_from = u.union(*royals);
                // Non-short-circuit `&`: three cheap tests beat three hard-to-predict branches.
                moves.retain(|mv| {
                    (matches!(
                        mv.kind,
                        MoveKind::Quiet | MoveKind::Capture | MoveKind::DoubleStep | MoveKind::Drop(_)
                    ) & !unsafe_from.contains(mv.from)
                        & !u.contains(mv.to))
                        || guard.allows(self, pos, mv, &mut bare)
                })
            }
            _ => moves.retain(|mv| guard.allows(self, pos, mv, &mut bare)),
        }
        if moves.is_empty() && self.end.stalemate == StalemateRule::Pass && !in_check && !pos.passed {
            moves.push(Move::pass());
        }
    }

    /// Whether after `mv` no royal of the mover is attacked.
    fn keeps_royals_safe(&self, pos: &Position, mv: &Move) -> bool {
        let us = pos.side;
        let next = pos.play_unchecked(self, mv);
        !next.royals[us].iter().any(|r| self.is_attacked(&next, r, !us))
    }

    /// Whether `mv` is legal in `pos`.
    pub fn is_legal(&self, pos: &Position, mv: &Move) -> bool {
        self.legal_moves(pos).contains(mv)
    }

    /// Where a move of the side to move, in check, must put a piece to end the check, for a move
    /// that only leaves its square and enters another (see `unsafe_squares`): the checker's
    /// square or a square of its line between it and the royal on `king`, and with several
    /// checkers the squares every one of them allows. `None` where that cannot tell (a hopper
    /// or a lame leaper gives check: a new hurdle or a blocked leg changes its attack, which
    /// the squares do not say).
    fn evasion_squares(&self, pos: &Position, king: Square) -> Option<SquareSet> {
        let them = !pos.side;
        let t = &self.tables;
        let mut must: Option<SquareSet> = None;
        for (g, group) in t.groups[them.index()].iter().enumerate() {
            let Some((checker, i)) = self.group_attacker(pos, king, them, g) else {
                continue;
            };
            if group.hop != Hop::None || group.lame {
                return None;
            }
            let line: SquareSet = t.ray_squares(t.reverse_ray(them, g, king))[..=i]
                .iter()
                .copied()
                .collect();
            debug_assert!(line.contains(checker));
            must = Some(must.map_or(line, |m| m.intersection(line)));
        }
        must
    }

    /// Squares that a move of the side to move may neither leave nor enter without possibly
    /// exposing its royal on `king`: pinned pieces on rider lines, every square of a hopper's line
    /// (a new or lost hurdle changes its attack) and the path squares of lame leaps. `None` when an
    /// enemy piece whose attacks are found by generating its moves is on the board: then every move
    /// is tested by playing it.
    fn unsafe_squares(&self, pos: &Position, king: Square) -> Option<SquareSet> {
        let us = pos.side;
        let them = !us;
        let t = &self.tables;
        if self.slow_attacker_on_board(pos, them) {
            return None;
        }
        let mut unsafe_squares = SquareSet::EMPTY;
        for (g, group) in t.groups[them.index()].iter().enumerate() {
            if group.hop == Hop::None && !group.lame && !group.rider {
                // A plain leaper's attack cannot be opened or closed by a move.
                continue;
            }
            let ray = t.reverse_ray(them, g, king);
            let squares = t.ray_squares(ray);
            // Whether an enemy piece of the group stands `i` leaps from the royal.
            let member_at = |i: usize| {
                pos.piece_at(squares[i])
                    .is_some_and(|p| p.color() == them && p.role().in_mask(group.mask_at[(i + 1).min(16)]))
            };
            if group.hop != Hop::None {
                // A move cannot bring an enemy hopper onto the line, so only the squares up to
                // the farthest one there can make or unmake its hurdle.
                if let Some(last) = (0..squares.len()).rev().find(|&i| member_at(i)) {
                    for (i, &y) in squares[..=last].iter().enumerate() {
                        for &l in t.lame_squares(ray, i) {
                            unsafe_squares.insert(l);
                        }
                        unsafe_squares.insert(y);
                    }
                }
                continue;
            }
            if group.lame {
                let rider = group.rider;
                for (i, &y) in squares.iter().enumerate() {
                    // A lame leaper's path matters only with an enemy leaper at its end.
                    if rider || member_at(i) {
                        for &l in t.lame_squares(ray, i) {
                            unsafe_squares.insert(l);
                        }
                    }
                    if rider {
                        unsafe_squares.insert(y);
                    }
                }
                continue;
            }
            let mut blocker = None;
            for (i, &y) in squares.iter().enumerate() {
                if pos.is_neutral(y) {
                    // Nothing can move it during a move: the line is shut here.
                    break;
                }
                let Some(p) = pos.piece_at(y) else { continue };
                match blocker {
                    None if p.color() == us => blocker = Some(y),
                    Some(b) if p.color() == them && p.role().in_mask(group.mask_at[(i + 1).min(16)]) => {
                        if self.active(pos, y) {
                            unsafe_squares.insert(b);
                        }
                        break;
                    }
                    _ => break,
                }
            }
        }
        Some(unsafe_squares)
    }
}
