//! Move generation and attack detection.

use crate::moves::{Move, MoveKind};
use crate::spec::RoyalRule;
use crate::tables::*;
use crate::{Color, Piece, Position, PromotionRule, Role, Variant};
use messhall_betza::{Hop, UNLIMITED};
use messhall_geometry::{Square, SquareSet};

/// Moves of one position. A plain vector: move lists are short and reused by callers.
pub type MoveList = Vec<Move>;

/// How to generate the moves of a piece: as its own type, or as a type it borrows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveAs {
    pub color: Color,
    /// The type whose moves are generated.
    pub moves: Role,
    /// The type standing on the square (decides promotion).
    pub owner: Role,
    /// Initial-only moves are allowed.
    pub initial: bool,
    /// It may capture en passant, and its double steps give en passant rights.
    pub en_passant: bool,
    /// It may promote.
    pub promotes: bool,
    /// Squares next to an enemy Hia piece, which its slides may not start from or pass.
    pub hia: SquareSet,
    /// Only captures, with every other piece taken for an enemy: what it would capture if an
    /// enemy stood there (guards and attacks).
    pub hits_only: bool,
    /// Only captures and promotions ([`Variant::tactical_moves`]).
    pub tactical_only: bool,
}

impl MoveAs {
    pub(crate) fn own(piece: Piece, unmoved: bool) -> MoveAs {
        MoveAs {
            color: piece.color(),
            moves: piece.role(),
            owner: piece.role(),
            initial: unmoved,
            en_passant: true,
            promotes: true,
            hia: SquareSet::EMPTY,
            hits_only: false,
            tactical_only: false,
        }
    }
}

impl Variant {
    #[inline]
    pub(crate) fn active(&self, pos: &Position, sq: Square) -> bool {
        !self.rules.has_inactive_pieces() || self.rules.is_active(self, pos, sq)
    }

    /// Whether `by` attacks `target`: some piece of `by` could capture an enemy standing there
    /// (pseudo-legally: pins and royal safety of the attacker do not matter).
    pub fn is_attacked(&self, pos: &Position, target: Square, by: Color) -> bool {
        if self.powers.is_some() {
            return self.powered_attack(pos, target, by);
        }
        if self.group_attackers(pos, target, by, |_| true) {
            return true;
        }
        let t = &self.tables;
        let slow = t.slow_attackers[by.index()];
        if slow != 0 {
            let mut probe = pos.clone();
            if probe.board[target.index()] == 0 {
                // Attacks on an empty square: would a piece there be captured?
                probe.board[target.index()] = Piece::new(!by, Role(0)).code();
                probe.by_color[!by].insert(target);
            }
            let mut moves = Vec::new();
            for sq in pos.by_color[by] {
                let Some(p) = pos.piece_at(sq) else { continue };
                if !p.role().in_mask(slow) || !self.active(pos, sq) {
                    continue;
                }
                moves.clear();
                self.piece_moves(&probe, sq, p, &mut moves);
                if moves
                    .iter()
                    .any(|m| m.is_capture() && (m.to == target || m.extra == target))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Walks the attack groups' reverse rays from `target` and calls `found` with each square
    /// whose piece of `by` attacks it along them (every attacker but the slow ones, see
    /// [`Variant::is_attacked`]); stops and returns true as soon as `found` does.
    #[inline]
    fn group_attackers(
        &self,
        pos: &Position,
        target: Square,
        by: Color,
        mut found: impl FnMut(Square) -> bool,
    ) -> bool {
        for g in 0..self.tables.groups[by.index()].len() {
            if let Some((y, _)) = self.group_attacker(pos, target, by, g)
                && found(y)
            {
                return true;
            }
        }
        false
    }

    /// The piece of `by` that attacks `target` along attack group `g`'s reverse ray, if any (a
    /// group's ray holds at most one: the walk stops at the first piece, or the second for a
    /// hopper), with its index on the ray.
    #[inline(always)]
    pub(crate) fn group_attacker(
        &self,
        pos: &Position,
        target: Square,
        by: Color,
        g: usize,
    ) -> Option<(Square, usize)> {
        self.group_attacker_on(pos, &pos.board, target, by, g)
    }

    /// Whether `by` attacks `target` on `board`, `pos`'s board with pieces taken off, along the
    /// attack groups only: for a position with no slow attacker of `by` on the board and no
    /// powers, where that is the whole answer. The pieces' activity is asked of `pos`.
    pub(crate) fn attacked_on_board(&self, pos: &Position, board: &[u8; 256], target: Square, by: Color) -> bool {
        (0..self.tables.groups[by.index()].len()).any(|g| self.group_attacker_on(pos, board, target, by, g).is_some())
    }

    /// [`Variant::group_attacker`] on `board` (`pos`'s, or a copy of it with pieces taken off).
    #[inline(always)]
    fn group_attacker_on(
        &self,
        pos: &Position,
        board: &[u8; 256],
        target: Square,
        by: Color,
        g: usize,
    ) -> Option<(Square, usize)> {
        let t = &self.tables;
        let group = &t.groups[by.index()][g];
        let hit = |y: Square, i: usize| {
            let p = Piece::from_code(board[y.index()]);
            p.is_some_and(|p| {
                p.color() == by && p.role().in_mask(group.mask_at[(i + 1).min(16)]) && self.active(pos, y)
            })
        };
        let ray = t.reverse_ray(by, g, target);
        let squares = t.ray_squares(ray);
        match group.hop {
            Hop::None => {
                for (i, &y) in squares.iter().enumerate() {
                    if group.lame && t.lame_squares(ray, i).iter().any(|s| board[s.index()] != 0) {
                        return None;
                    }
                    if board[y.index()] != 0 {
                        return hit(y, i).then_some((y, i));
                    }
                }
            }
            Hop::Cannon => {
                let mut hurdle = false;
                for (i, &y) in squares.iter().enumerate() {
                    if board[y.index()] == 0 {
                        continue;
                    }
                    if !hurdle {
                        hurdle = true;
                        continue;
                    }
                    return hit(y, i).then_some((y, i));
                }
            }
            Hop::Grasshopper => {
                if squares.first().is_none_or(|y| board[y.index()] == 0) {
                    return None;
                }
                for (i, &y) in squares.iter().enumerate().skip(1) {
                    if board[y.index()] != 0 {
                        return hit(y, i).then_some((y, i));
                    }
                }
            }
        }
        None
    }

    /// The plain captures ([`MoveKind::Capture`]) onto `target` of the side to move, pseudo-legal
    /// and in the order [`Variant::pseudo_moves`] lists them, into `out` (cleared first): what
    /// may take back on a square in an exchange. Only the pieces that attack `target` are asked
    /// for their moves. Returns whether the side to move attacks `target`
    /// ([`Variant::is_attacked`]), with or without such a capture (a rifle, say).
    pub fn captures_onto(&self, pos: &Position, target: Square, out: &mut MoveList) -> bool {
        out.clear();
        let us = pos.side;
        let mut found = false;
        if self.powers.is_some() {
            // Powers worked out once; only the pieces that could reach `target` move.
            let attacked = self.powered_captures_onto(pos, target, out);
            out.retain(|m| m.kind == MoveKind::Capture && m.to == target);
            return attacked;
        } else {
            let slow = self.tables.slow_attackers[us.index()];
            let mut from = SquareSet::EMPTY;
            if slow != 0 {
                for sq in pos.by_color[us] {
                    if pos.piece_at(sq).is_some_and(|p| p.role().in_mask(slow)) {
                        from.insert(sq);
                    }
                }
            }
            self.group_attackers(pos, target, us, |sq| {
                from.insert(sq);
                found = true;
                false
            });
            let victim = pos.piece_at(target).is_some_and(|p| p.color() != us);
            for sq in from {
                let Some(piece) = pos.piece_at(sq).filter(|_| self.active(pos, sq)) else {
                    continue;
                };
                if piece.role().in_mask(slow) {
                    let first = out.len();
                    self.piece_moves(pos, sq, piece, out);
                    let mut kept = first;
                    for i in first..out.len() {
                        if out[i].kind == MoveKind::Capture && out[i].to == target {
                            out[kept] = out[i];
                            kept += 1;
                        }
                    }
                    out.truncate(kept);
                } else if victim {
                    // An attacker along the groups' lines has exactly one capture onto the
                    // square (its moves are de-duplicated), expanded into its promotions.
                    let mv = Move::new(sq, target, MoveKind::Capture);
                    self.push_promoting(out, us, piece.role(), target, mv);
                }
            }
        }
        // The walk above found every attacker but the slow ones.
        found || !out.is_empty() || (self.tables.slow_attackers[us.index()] != 0 && self.is_attacked(pos, target, us))
    }

    /// Whether the side to move has a royal piece under attack (in a game with check).
    pub fn in_check(&self, pos: &Position) -> bool {
        let us = pos.side;
        let royals = pos.royals[us];
        if self.end.royal == RoyalRule::Last && royals.count() != 1 {
            return false;
        }
        royals.iter().any(|r| self.is_attacked(pos, r, !us))
    }

    /// Whether a piece of `by` could capture en passant onto `sq` (pieces that cannot act excluded).
    pub(crate) fn ep_capture_possible(&self, pos: &Position, by: Color, sq: Square) -> bool {
        self.tables.ep_sources[by.index() * 256 + sq.index()]
            .iter()
            .any(|&(from, role)| pos.board[from.index()] == Piece::new(by, role).code() && self.active(pos, from))
    }

    /// Whether the game is over because a side lost its royals (in a royal-capture game), the
    /// last piece of an extinction type, or by a win the game's hooks decide
    /// ([`crate::GameRules::decided`]).
    pub fn material_decided(&self, pos: &Position) -> Option<Color> {
        for c in Color::ALL {
            if self.end.royal != RoyalRule::Checkmate && self.royal_roles != 0 && pos.royals[c].is_empty() {
                return Some(!c);
            }
            if self.end.extinction != 0
                && !pos.by_color[c].iter().any(|s| {
                    pos.piece_at(s)
                        .is_some_and(|p| self.end.extinction >> p.role().0 & 1 == 1)
                })
            {
                return Some(!c);
            }
        }
        self.rules.decided(self, pos)
    }

    /// All pseudo-legal moves of the side to move: moves, captures, castling, drops (no passes).
    pub fn pseudo_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        if self.powers.is_some() {
            self.powered_moves(pos, out);
        } else {
            // Asked once, not of every piece.
            let inactive = self.rules.has_inactive_pieces();
            for sq in pos.by_color[us] {
                let Some(piece) = pos.piece_at(sq) else {
                    continue;
                };
                if !inactive || self.rules.is_active(self, pos, sq) {
                    self.piece_moves(pos, sq, piece, out);
                }
            }
        }
        self.castling_moves(pos, out);
        self.drop_moves(pos, out);
    }

    /// The captures and promotions of the side to move, pseudo-legal, in the order
    /// [`Variant::pseudo_moves`] lists them, into `out` (cleared first): what quiescence
    /// searches. The quiet moves are never built.
    pub fn tactical_moves(&self, pos: &Position, out: &mut MoveList) {
        out.clear();
        if self.powers.is_some() {
            self.pseudo_moves(pos, out);
            out.retain(|m| m.is_capture() || m.promotion.is_some());
            return;
        }
        // Castling and drops neither capture nor promote.
        for sq in pos.by_color[pos.side] {
            if let Some(piece) = pos.piece_at(sq)
                && self.active(pos, sq)
            {
                let ctx = MoveAs {
                    tactical_only: true,
                    ..MoveAs::own(piece, pos.unmoved.contains(sq))
                };
                self.moves_as(pos, sq, &ctx, out);
            }
        }
    }

    /// The moves of the piece on `from`, whoever is to move.
    pub(crate) fn piece_moves(&self, pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
        let ctx = MoveAs::own(piece, pos.unmoved.contains(from));
        self.moves_as(pos, from, &ctx, out);
    }

    /// The moves from `from` of a piece moving as `ctx` says (its own type, or one it borrows).
    pub(crate) fn moves_as(&self, pos: &Position, from: Square, ctx: &MoveAs, out: &mut MoveList) {
        let t = &self.tables;
        let (us, role) = (ctx.color, ctx.moves);
        let board = &pos.board;
        let hits = ctx.hits_only;
        let enemy = |code: u8| Piece::from_code(code).is_some_and(|p| hits || p.color() != us);
        let first = out.len();
        // Worked out once per piece, not per ray: most rays are plain steps, slides and lame
        // leaps, walked by the short loop below, and most moves are added without asking the
        // promotion rules. The rest (hoppers, slides that Hia may stop, captures that may be en
        // passant) go to `special_ray_moves`; initial moves of a piece that has moved are skipped.
        let skip = if ctx.initial { 0 } else { F_INITIAL };
        let mut special = F_CANNON | F_GRASSHOPPER;
        if !ctx.hia.is_empty() {
            special |= F_SLIDE;
        }
        if ctx.en_passant && !pos.ep_squares.is_empty() {
            special |= F_EP_CAPTURE;
        }
        // Moves are added as they are unless the piece may promote and lands on a rank where a
        // promotion rule applies (or only tactical moves are wanted).
        let may_promote = ctx.promotes && ctx.owner.in_mask(self.promoting_roles);
        let promotion_ranks = if may_promote {
            self.promotion_ranks[us.index()]
        } else {
            0
        };
        for ray in t.rays(us, role, from) {
            let f = ray.flags;
            if f & skip != 0 {
                continue;
            }
            if f & special != 0 {
                self.special_ray_moves(pos, from, ctx, ray, out);
                continue;
            }
            let quiet = if f & F_EP_CREATE != 0 && ctx.en_passant {
                MoveKind::DoubleStep
            } else {
                MoveKind::Quiet
            };
            let moves = f & F_MOVE != 0 && !hits;
            let captures = f & F_CAPTURE != 0;
            let lame = f & F_LAME != 0;
            for (i, &to) in t.ray_squares(ray).iter().enumerate() {
                if lame && t.lame_squares(ray, i).iter().any(|s| board[s.index()] != 0) {
                    break;
                }
                let code = board[to.index()];
                let kind = if code == 0 {
                    if !moves {
                        continue;
                    }
                    quiet
                } else if captures && enemy(code) {
                    MoveKind::Capture
                } else {
                    break;
                };
                let mv = Move::new(from, to, kind);
                if !ctx.tactical_only && promotion_ranks >> to.rank() & 1 == 0 {
                    out.push(mv);
                } else {
                    self.push(out, ctx, mv);
                }
                if code != 0 {
                    break;
                }
            }
        }
        for m in t.multi_leg(us, role) {
            if !m.initial_only || ctx.initial {
                self.multi_leg_moves(pos, from, ctx, m, out);
            }
        }
        if role.in_mask(t.duplicating[us.index()]) {
            dedupe(out, first);
        }
    }

    /// The moves along one ray that the plain walk of [`Variant::moves_as`] does not cover: a
    /// hopper's, a slide Hia may stop, a capture that may be en passant (and initial moves and lame
    /// leaps on such rays). Kept out of line so that the plain walk stays small.
    #[inline(never)]
    fn special_ray_moves(&self, pos: &Position, from: Square, ctx: &MoveAs, ray: &Ray, out: &mut MoveList) {
        let t = &self.tables;
        let us = ctx.color;
        let board = &pos.board;
        let hits = ctx.hits_only;
        let enemy = |code: u8| Piece::from_code(code).is_some_and(|p| hits || p.color() != us);
        let f = ray.flags;
        if f & F_INITIAL != 0 && !ctx.initial {
            return;
        }
        let squares = t.ray_squares(ray);
        // Hia: a slide may end next to an enemy Hia piece but not start or pass there.
        let hia = f & F_SLIDE != 0 && !ctx.hia.is_empty();
        let mut stopped = hia && ctx.hia.contains(from);
        if f & (F_CANNON | F_GRASSHOPPER) == 0 {
            for (i, &to) in squares.iter().enumerate() {
                if self.walk_stops(board, ctx, ray, hia, i, to, &mut stopped) {
                    break;
                }
                let code = board[to.index()];
                if code == 0 {
                    // A move that may also capture en passant, landing on a square an enemy
                    // just skipped, captures it: one move, not a quiet step as well.
                    let ep_victim = if f & F_EP_CAPTURE != 0 && ctx.en_passant && pos.ep_squares.contains(to) {
                        pos.ep_victim.filter(|v| enemy(board[v.index()]))
                    } else {
                        None
                    };
                    if let Some(victim) = ep_victim {
                        let mv = Move {
                            extra: victim,
                            ..Move::new(from, to, MoveKind::EnPassant)
                        };
                        self.push(out, ctx, mv);
                    } else if f & F_MOVE != 0 && !hits {
                        let kind = if f & F_EP_CREATE != 0 && ctx.en_passant {
                            MoveKind::DoubleStep
                        } else {
                            MoveKind::Quiet
                        };
                        self.push(out, ctx, Move::new(from, to, kind));
                    }
                    continue;
                }
                if f & F_CAPTURE != 0 && enemy(code) {
                    self.push(out, ctx, Move::new(from, to, MoveKind::Capture));
                }
                break;
            }
        } else if f & F_CANNON != 0 && ray.len == 1 && ray.lame_per_step > 0 {
            // A hopping leaper: exactly one piece on its path.
            let hurdles = t.lame_squares(ray, 0).iter().filter(|s| board[s.index()] != 0).count();
            if hurdles == 1 {
                self.land(out, pos, ctx, from, squares[0], f);
            }
        } else if f & F_CANNON != 0 {
            let mut hopped = false;
            for &to in squares {
                let code = board[to.index()];
                if !hopped {
                    hopped = code != 0;
                    continue;
                }
                if code == 0 {
                    if f & F_MOVE != 0 && !hits {
                        self.push(out, ctx, Move::new(from, to, MoveKind::Quiet));
                    }
                    continue;
                }
                if f & F_CAPTURE != 0 && enemy(code) {
                    self.push(out, ctx, Move::new(from, to, MoveKind::Capture));
                }
                break;
            }
        } else if let Some(h) = squares.iter().position(|s| board[s.index()] != 0) {
            // Grasshopper: lands just beyond the first piece on its line.
            if let Some(&to) = squares.get(h + 1) {
                self.land(out, pos, ctx, from, to, f);
            }
        }
    }

    /// Whether a walk along `ray` stops before its step `i`, onto `to`: a lame leap's path is
    /// blocked, or Hia stops the slide (`hia`: it may; `stopped`: the slide has reached a square
    /// next to an enemy Hia piece, updated here).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn walk_stops(
        &self,
        board: &[u8; 256],
        ctx: &MoveAs,
        ray: &Ray,
        hia: bool,
        i: usize,
        to: Square,
        stopped: &mut bool,
    ) -> bool {
        let t = &self.tables;
        if ray.lame_per_step > 0 && t.lame_squares(ray, i).iter().any(|s| board[s.index()] != 0) {
            return true;
        }
        if hia
            && (i > 0 || ray.lame_per_step > 0)
            && (*stopped || t.lame_squares(ray, i).iter().any(|&s| ctx.hia.contains(s)))
        {
            return true;
        }
        *stopped |= hia && ctx.hia.contains(to);
        false
    }

    /// The squares the piece moving as `ctx` would capture on from `from`, were an enemy there
    /// (`ctx.hits_only` semantics), without building moves: guards and attacks.
    pub(crate) fn hit_squares(&self, pos: &Position, from: Square, ctx: &MoveAs) -> SquareSet {
        let t = &self.tables;
        let board = &pos.board;
        let piece_on = |s: Square| Piece::from_code(board[s.index()]).is_some();
        let mut hits = SquareSet::EMPTY;
        for ray in t.rays(ctx.color, ctx.moves, from) {
            let f = ray.flags;
            if f & F_CAPTURE == 0 || (f & F_INITIAL != 0 && !ctx.initial) {
                continue;
            }
            let squares = t.ray_squares(ray);
            if f & F_CANNON != 0 && ray.len == 1 && ray.lame_per_step > 0 {
                let hurdles = t.lame_squares(ray, 0).iter().filter(|s| board[s.index()] != 0).count();
                if hurdles == 1 && piece_on(squares[0]) {
                    hits.insert(squares[0]);
                }
            } else if f & F_CANNON != 0 {
                let mut hopped = false;
                for &to in squares {
                    if board[to.index()] == 0 {
                        continue;
                    }
                    if hopped {
                        if piece_on(to) {
                            hits.insert(to);
                        }
                        break;
                    }
                    hopped = true;
                }
            } else if f & F_GRASSHOPPER != 0 {
                if let Some(h) = squares.iter().position(|s| board[s.index()] != 0) {
                    if let Some(&to) = squares.get(h + 1).filter(|&&s| piece_on(s)) {
                        hits.insert(to);
                    }
                }
            } else {
                let hia = f & F_SLIDE != 0 && !ctx.hia.is_empty();
                let mut stopped = hia && ctx.hia.contains(from);
                for (i, &to) in squares.iter().enumerate() {
                    if self.walk_stops(board, ctx, ray, hia, i, to, &mut stopped) {
                        break;
                    }
                    if board[to.index()] != 0 {
                        if piece_on(to) {
                            hits.insert(to);
                        }
                        break;
                    }
                }
            }
        }
        let multi = t.multi_leg(ctx.color, ctx.moves);
        if multi.iter().any(|m| !m.initial_only || ctx.initial) {
            let mut moves = MoveList::new();
            let all = MoveAs {
                hits_only: true,
                ..*ctx
            };
            for m in multi.iter().filter(|m| !m.initial_only || ctx.initial) {
                self.multi_leg_moves(pos, from, &all, m, &mut moves);
            }
            for m in &moves {
                if let Some(v) = m.victim() {
                    hits.insert(v);
                }
                if m.kind == MoveKind::Locust && piece_on(m.to) {
                    hits.insert(m.to);
                }
            }
        }
        hits
    }

    fn land(&self, out: &mut MoveList, pos: &Position, ctx: &MoveAs, from: Square, to: Square, f: u16) {
        match pos.piece_at(to) {
            None if f & F_MOVE != 0 && pos.is_empty(to) && !ctx.hits_only => {
                self.push(out, ctx, Move::new(from, to, MoveKind::Quiet))
            }
            Some(p) if (ctx.hits_only || p.color() != ctx.color) && f & F_CAPTURE != 0 => {
                self.push(out, ctx, Move::new(from, to, MoveKind::Capture))
            }
            _ => {}
        }
    }

    /// Adds `mv`, expanded into its promotions where the mover arrives in a promotion zone.
    #[inline]
    fn push(&self, out: &mut MoveList, ctx: &MoveAs, mv: Move) {
        if ctx.tactical_only && !mv.is_capture() {
            // Only its promotions, not the move without one.
            if ctx.promotes
                && let Some(rule) = self.promotion_rule(ctx.color, ctx.owner, mv.to)
            {
                for &choice in &rule.choices {
                    out.push(Move {
                        promotion: Some(choice),
                        ..mv
                    });
                }
            }
            return;
        }
        if ctx.promotes {
            self.push_promoting(out, ctx.color, ctx.owner, mv.to, mv);
        } else {
            out.push(mv);
        }
    }

    /// Adds `mv`, expanded into its promotions where a `role` of `us` arrives on `arrival`
    /// in a promotion zone.
    #[inline]
    pub(crate) fn push_promoting(&self, out: &mut MoveList, us: Color, role: Role, arrival: Square, mv: Move) {
        if let Some(rule) = self.promotion_rule(us, role, arrival) {
            for &choice in &rule.choices {
                out.push(Move {
                    promotion: Some(choice),
                    ..mv
                });
            }
            if !rule.forced {
                out.push(mv);
            }
            return;
        }
        out.push(mv);
    }

    /// The promotion rule for a `role` of `us` arriving on `arrival`, if it promotes there.
    #[inline]
    fn promotion_rule(&self, us: Color, role: Role, arrival: Square) -> Option<&PromotionRule> {
        if !role.in_mask(self.promoting_roles) {
            return None;
        }
        let rank = self.relative_rank(us, arrival);
        self.promotions
            .iter()
            .find(|r| r.rank == rank && r.roles >> role.0 & 1 == 1)
    }

    fn multi_leg_moves(
        &self,
        pos: &Position,
        from: Square,
        ctx: &MoveAs,
        m: &messhall_betza::Move,
        out: &mut MoveList,
    ) {
        let us = ctx.color;
        // Depth-first over the legs; the mover's own square counts as empty once it has left.
        // What a leg can do depends only on where it starts and what was captured on the way, so
        // each such state is walked once: many paths to one square (alternating rook legs) cost
        // no more than one.
        let mut visited = LegStates::default();
        // Room for a few states at once, so the walk of a short move allocates once, not at every push.
        let mut stack = Vec::with_capacity(8);
        stack.push((0usize, from, None::<Square>));
        let mut push = |stack: &mut Vec<(usize, Square, Option<Square>)>, state: (usize, Square, Option<Square>)| {
            if visited.insert(state) {
                stack.push(state);
            }
        };
        while let Some((leg_index, at, victim)) = stack.pop() {
            let leg = &m.legs[leg_index];
            let last = leg_index + 1 == m.legs.len();
            let max = if leg.max_steps == UNLIMITED {
                16
            } else {
                usize::from(leg.max_steps)
            };
            let (dx, dy) = (i32::from(leg.step.dx), i32::from(leg.step.dy));
            let occupied = |s: Square| s != from && pos.board[s.index()] != 0;
            let mut cur = at;
            for _ in 0..max {
                if leg.lame && lame_path(dx, dy).any(|(px, py)| self.size.offset(cur, px, py).is_some_and(occupied)) {
                    break;
                }
                let Some(next) = self.size.offset(cur, dx, dy) else {
                    break;
                };
                cur = next;
                let piece = if occupied(next) { pos.piece_at(next) } else { None };
                let is_enemy = piece.is_some_and(|p| ctx.hits_only || p.color() != us);
                // A neutral piece ends the leg: nothing lands on it or takes it; it may be leapt over.
                if pos.is_neutral(next) {
                    if !last && leg.mode.over_piece {
                        push(&mut stack, (leg_index + 1, next, victim));
                    }
                    break;
                }
                if last {
                    let mv = match (piece, victim) {
                        // Back on its own square having taken nothing, it has not moved.
                        (None, None) if leg.mode.to_empty && !ctx.hits_only && next != from => {
                            Some(Move::new(from, next, MoveKind::Quiet))
                        }
                        (None, Some(x)) if leg.mode.to_empty => Some(Move {
                            extra: x,
                            ..Move::new(from, next, MoveKind::Locust)
                        }),
                        (Some(_), None) if is_enemy && leg.mode.to_enemy => {
                            Some(Move::new(from, next, MoveKind::Capture))
                        }
                        (Some(_), Some(x)) if is_enemy && leg.mode.to_enemy => Some(Move {
                            extra: x,
                            ..Move::new(from, next, MoveKind::Locust)
                        }),
                        _ => None,
                    };
                    if let Some(mv) = mv {
                        self.push(out, ctx, mv);
                    }
                } else {
                    match piece {
                        None if leg.mode.to_empty => push(&mut stack, (leg_index + 1, next, victim)),
                        Some(_) if is_enemy && leg.mode.to_enemy && victim.is_none() => {
                            push(&mut stack, (leg_index + 1, next, Some(next)))
                        }
                        Some(_) if leg.mode.over_piece => push(&mut stack, (leg_index + 1, next, victim)),
                        _ => {}
                    }
                }
                if piece.is_some() {
                    break;
                }
            }
        }
    }

    pub(crate) fn castling_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        for side in self
            .castling
            .iter()
            .filter(|c| c.color == us && pos.castling >> c.right & 1 == 1)
        {
            let (Some(king), Some(rook)) = (pos.piece_at(side.king_from), pos.piece_at(side.rook_from)) else {
                continue;
            };
            if king.color() != us
                || rook.color() != us
                || !self.active(pos, side.king_from)
                || !self.active(pos, side.rook_from)
            {
                continue;
            }
            let span = |a: Square, b: Square| {
                let (lo, hi) = (a.file().min(b.file()), a.file().max(b.file()));
                (lo..=hi).filter_map(move |f| Square::new(f, a.rank()))
            };
            let clear = span(side.king_from, side.king_to)
                .chain(span(side.rook_from, side.rook_to))
                .all(|s| s == side.king_from || s == side.rook_from || pos.board[s.index()] == 0);
            if !clear {
                continue;
            }
            // The royal may not castle out of, through or into an attack.
            let mut bare = pos.clone();
            bare.board[side.king_from.index()] = 0;
            bare.by_color[us].remove(side.king_from);
            if self.is_attacked(pos, side.king_from, !us)
                || span(side.king_from, side.king_to).any(|s| s != side.king_from && self.is_attacked(&bare, s, !us))
            {
                continue;
            }
            out.push(Move {
                extra: side.rook_from,
                ..Move::new(side.king_from, side.king_to, MoveKind::Castle)
            });
        }
    }

    pub(crate) fn drop_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        for rule in &self.drops {
            for (role, _) in self.roles() {
                if rule.roles >> role.0 & 1 == 0 || pos.hands[us][role.index()] == 0 {
                    continue;
                }
                for &rank in &rule.ranks {
                    let r = match us {
                        Color::White => rank,
                        Color::Black => self.size.ranks() - 1 - rank,
                    };
                    for file in 0..self.size.files() {
                        if let Some(to) = Square::new(file, r).filter(|s| pos.board[s.index()] == 0) {
                            out.push(Move::new(to, to, MoveKind::Drop(role)));
                        }
                    }
                }
            }
        }
    }

    /// Whether `by` has a piece on the board whose attacks are found by generating its moves.
    pub(crate) fn slow_attacker_on_board(&self, pos: &Position, by: Color) -> bool {
        let slow = self.tables.slow_attackers[by.index()];
        slow != 0
            && pos.by_color[by]
                .iter()
                .any(|s| pos.piece_at(s).is_some_and(|p| p.role().in_mask(slow)))
    }
}

/// Keeps one move of each effect among `out[first..]`, in their order. A quiet move and a double
/// step between the same squares (`DifmneD`) are one move, since a move is identified by what it
/// does (RULINGS); it is kept as the double step, which gives the en passant rights its rule says.
fn dedupe(out: &mut MoveList, first: usize) {
    /// Up to this many moves, comparing each with those kept is cheaper than hashing.
    const LINEAR: usize = 64;
    let identity = |m: &Move| match m.kind {
        MoveKind::DoubleStep => Move {
            kind: MoveKind::Quiet,
            ..*m
        },
        _ => *m,
    };
    let mut index = std::collections::HashMap::new();
    let hashing = out.len() - first > LINEAR;
    let mut kept = first;
    for i in first..out.len() {
        let m = out[i];
        let id = identity(&m);
        let twin = if hashing {
            index.get(&id).copied()
        } else {
            out[first..kept]
                .iter()
                .position(|k| identity(k) == id)
                .map(|j| first + j)
        };
        match twin {
            Some(j) if m.kind == MoveKind::DoubleStep => out[j] = m,
            Some(_) => {}
            None => {
                if hashing {
                    index.insert(id, kept);
                }
                out[kept] = m;
                kept += 1;
            }
        }
    }
    out.truncate(kept);
}

/// The states of a multi-leg walk already reached: a leg index, the square it starts from and the
/// piece captured on the way, if any. Captures on the way are rare, so those states (and legs
/// past [`crate::limits::MAX_LEGS`]) go in a set made only when needed.
#[derive(Default)]
struct LegStates {
    plain: [SquareSet; crate::limits::MAX_LEGS],
    others: Option<std::collections::HashSet<(usize, Square, Option<Square>)>>,
}

impl LegStates {
    /// Adds a state; false if it was there already.
    fn insert(&mut self, (leg, at, victim): (usize, Square, Option<Square>)) -> bool {
        match (victim, self.plain.get_mut(leg)) {
            (None, Some(set)) => {
                let new = !set.contains(at);
                set.insert(at);
                new
            }
            _ => self
                .others
                .get_or_insert_with(Default::default)
                .insert((leg, at, victim)),
        }
    }
}
