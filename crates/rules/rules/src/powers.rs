//! Powers of pieces beyond moving and capturing, as variant files declare them: rifle and katana
//! captures, swaps, withdrawal, poison, immobilizing, Hia, moves only while attacked, and
//! borrowing from the pieces that guard one (docs/variant-files.md, "Powers").
//!
//! A variant with none of them never comes here. One with some generates its moves and finds its
//! attacks through [`Abilities`], worked out per position in the order that keeps the two sides
//! from feeding each other in a loop: (a) immobilizing and Hia of the pieces that have those powers
//! of their own; (b) what borrowers borrow, under (a) only; (c) the powers borrowers borrowed are
//! added to (a) and restrict every move and attack, without changing (b).

use crate::movegen::{MoveAs, MoveList};
use crate::moves::{Move, MoveKind};
use crate::spec::PieceSpec;
use crate::{ByColor, Color, Piece, Position, Role, Variant};
use messhall_geometry::{Square, SquareSet};

/// A variant's powers, per role (bit `r` of a mask is role `r`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Powers {
    pub rifle: Vec<Vec<(i8, i8)>>,
    pub katana: Vec<Vec<(i8, i8)>>,
    pub swap: Vec<Vec<(i8, i8)>>,
    /// The role holding a role's moves-while-attacked (an extra role past the variant's own).
    pub when_attacked: Vec<Option<Role>>,
    /// A role's moves-while-attacked as parsed, for words.
    pub when_attacked_moves: Vec<Option<messhall_betza::PieceMoves>>,
    pub withdrawal: u64,
    pub poisonous: u64,
    pub immobilizes: u64,
    pub hia: u64,
    pub sliders: u64,
    pub borrowers: u64,
    /// A type with no powers, to stand on an empty square when asking whether it is attacked.
    pub plain: Role,
    /// Per `(color * roles + role) * 256 + square`: every square a piece there could ever capture
    /// on (on an empty board, before blocking), so pieces that cannot reach a square are skipped.
    pub span: Vec<SquareSet>,
    roles: usize,
}

/// Reads a power given as XBetza leaps into offsets (seen from White).
fn leaps(name: &str, field: &str, text: &str) -> Result<Vec<(i8, i8)>, String> {
    let moves = messhall_betza::parse(text).map_err(|e| format!("piece {name:?}: {field}: {e}"))?;
    let mut out = Vec::new();
    for m in &moves.moves {
        let leg = &m.legs[0];
        if m.legs.len() != 1 || leg.max_steps != 1 || leg.lame || leg.hop != messhall_betza::Hop::None {
            return Err(format!(
                "piece {name:?}: {field} = {text:?}: only plain leaps are allowed (like \"N\" or \"(0,5)Z\")"
            ));
        }
        if !out.contains(&(leg.step.dx, leg.step.dy)) {
            out.push((leg.step.dx, leg.step.dy));
        }
    }
    Ok(out)
}

impl Powers {
    /// Compiles the pieces' powers; `None` when no piece has any. Moves-while-attacked become
    /// extra move sets appended to `extra_moves`, numbered from `pieces.len()`.
    pub(crate) fn compile(
        pieces: &[PieceSpec],
        extra_moves: &mut Vec<messhall_betza::PieceMoves>,
    ) -> Result<Option<Powers>, String> {
        let mut p = Powers::default();
        let mut any = false;
        for (i, spec) in pieces.iter().enumerate() {
            let bit = 1u64 << i;
            let list = |field: &str, text: &Option<String>| match text {
                Some(t) => leaps(&spec.name, field, t),
                None => Ok(Vec::new()),
            };
            p.rifle.push(list("rifle", &spec.rifle)?);
            p.katana.push(list("katana", &spec.katana)?);
            p.swap.push(list("swap", &spec.swap)?);
            let extra = match &spec.when_attacked {
                Some(text) => {
                    let moves = messhall_betza::parse(text)
                        .map_err(|e| format!("piece {:?}: when_attacked: {e}", crate::echo(&spec.name)))?;
                    crate::limits::check_moves(&spec.name, "when_attacked", &moves)?;
                    extra_moves.push(moves.clone());
                    p.when_attacked_moves.push(Some(moves));
                    Some(Role((pieces.len() + extra_moves.len() - 1) as u8))
                }
                None => {
                    p.when_attacked_moves.push(None);
                    None
                }
            };
            p.when_attacked.push(extra);
            for (on, mask) in [
                (spec.withdrawal, &mut p.withdrawal),
                (spec.poisonous, &mut p.poisonous),
                (spec.immobilizes, &mut p.immobilizes),
                (spec.hia, &mut p.hia),
                (spec.slider, &mut p.sliders),
                (spec.borrows, &mut p.borrowers),
            ] {
                if on {
                    *mask |= bit;
                }
            }
            if spec.borrows && !spec.betza.trim().is_empty() {
                return Err(format!(
                    "piece {:?}: a piece that borrows has no moves of its own (betza = \"\")",
                    crate::echo(&spec.name)
                ));
            }
            any |= spec.rifle.is_some()
                || spec.katana.is_some()
                || spec.swap.is_some()
                || extra.is_some()
                || spec.withdrawal
                || spec.poisonous
                || spec.immobilizes
                || spec.hia
                || spec.slider
                || spec.borrows;
        }
        p.plain = Role(
            pieces
                .iter()
                .position(|spec| {
                    !(spec.rifle.is_some()
                        || spec.katana.is_some()
                        || spec.swap.is_some()
                        || spec.when_attacked.is_some()
                        || spec.withdrawal
                        || spec.poisonous
                        || spec.immobilizes
                        || spec.hia
                        || spec.borrows)
                })
                .unwrap_or(0) as u8,
        );
        Ok(any.then_some(p))
    }

    /// Works out [`Powers::span`] from the compiled tables.
    pub(crate) fn build_spans(&mut self, v: &Variant) {
        let roles = v.role_count();
        self.roles = roles;
        self.span = vec![SquareSet::EMPTY; 2 * roles * 256];
        for color in Color::ALL {
            for r in 0..roles {
                let role = Role(r as u8);
                let multi = !v.tables.multi_leg(color, role).is_empty();
                for sq in v.size.squares() {
                    let mut span = SquareSet::EMPTY;
                    if multi {
                        span = v.size.all();
                    }
                    for ray in v.tables.rays(color, role, sq) {
                        if ray.flags & crate::tables::F_CAPTURE != 0 {
                            for &t in v.tables.ray_squares(ray) {
                                span.insert(t);
                            }
                        }
                    }
                    for &(dx, dy) in self.rifle[r].iter().chain(&self.katana[r]) {
                        if let Some(t) = v.offset(sq, color, dx, dy) {
                            span.insert(t);
                        }
                    }
                    if Powers::has(self.withdrawal, role) || Powers::has(self.borrowers, role) {
                        for n in neighbours(v, sq) {
                            span.insert(n);
                        }
                    }
                    self.span[(color.index() * roles + r) * 256 + sq.index()] = span;
                }
            }
        }
    }

    /// Whether a piece of `role` on `sq` could ever capture on `target`.
    fn may_hit(&self, color: Color, role: Role, sq: Square, target: Square) -> bool {
        // Bounded by construction (2 colours, the variant's roles, 256 squares); the slice check still
        // catches a bad index.
        let at = (color.index().wrapping_mul(self.roles).wrapping_add(role.index()))
            .wrapping_mul(256)
            .wrapping_add(sq.index());
        self.span[at].contains(target)
    }

    fn has(mask: u64, role: Role) -> bool {
        role.in_mask(mask)
    }
}

/// What a borrower borrows: roles, initial roles, lenders.
type Lent = (u64, u64, SquareSet);

/// Up to this many borrowers of a side, [`Memo`] keeps what they borrow in a table by borrower
/// and replaced set (`n << n` entries) instead of a list searched from the start.
const MEMO_TABLE_BORROWERS: usize = 6;

/// Results already worked out while finding what one side's borrowers borrow.
#[derive(Default)]
struct Memo {
    /// By `(borrower << n) | replaced`, with few borrowers.
    table: Vec<Option<Lent>>,
    /// (borrower, replaced borrowers, what it borrows), with many.
    lent: Vec<(usize, u32, Lent)>,
    /// (borrower, role, with its initial moves, hit squares)
    hits: Vec<(usize, Role, bool, SquareSet)>,
}

impl Memo {
    fn new(borrowers: usize) -> Memo {
        let table = if borrowers <= MEMO_TABLE_BORROWERS {
            vec![None; borrowers << borrowers]
        } else {
            Vec::new()
        };
        Memo {
            table,
            ..Memo::default()
        }
    }

    fn slot(&self, n: usize, i: usize, replaced: u32) -> Option<usize> {
        (!self.table.is_empty()).then(|| (i << n) | replaced as usize)
    }

    fn get(&self, n: usize, i: usize, replaced: u32) -> Option<Lent> {
        match self.slot(n, i, replaced) {
            Some(k) => self.table.get(k).copied().flatten(),
            None => self.lent.iter().find(|m| m.0 == i && m.1 == replaced).map(|m| m.2),
        }
    }

    fn put(&mut self, n: usize, i: usize, replaced: u32, lent: Lent) {
        match self.slot(n, i, replaced) {
            Some(k) => {
                if let Some(e) = self.table.get_mut(k) {
                    *e = Some(lent);
                }
            }
            None => self.lent.push((i, replaced, lent)),
        }
    }
}

/// What a borrower borrows in one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Borrowed {
    /// Where the borrower stands.
    pub square: Square,
    /// The types whose moves and powers it has (bit `r`: role `r`).
    pub roles: u64,
    /// The types whose initial-only moves it may use.
    pub initial: u64,
    /// The pieces that guard it and so lend to it.
    pub lenders: SquareSet,
}

/// The powers in force in one position (see the module notes for the order).
#[derive(Clone, Debug)]
pub(crate) struct Abilities {
    /// Pieces next to an enemy immobilizer: they neither move nor capture nor guard.
    pub frozen: SquareSet,
    /// Per colour: the squares its slides may not start from or pass (next to an enemy Hia piece).
    pub hia: ByColor<SquareSet>,
    pub poisonous: SquareSet,
    pub borrowed: Vec<Borrowed>,
}

fn neighbours(v: &Variant, sq: Square) -> impl Iterator<Item = Square> + '_ {
    (-1..=1)
        .flat_map(move |dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .filter_map(move |(dx, dy)| v.size.offset(sq, dx, dy))
}

/// The roles in `mask`, lowest first.
fn roles_of(mut mask: u64) -> impl Iterator<Item = Role> {
    std::iter::from_fn(move || {
        let r = mask.trailing_zeros();
        mask &= mask.wrapping_sub(1);
        (r < 64).then_some(Role(r as u8))
    })
}

impl Variant {
    fn powers(&self) -> &Powers {
        self.powers.as_ref().expect("only called for variants with powers")
    }

    /// The piece on `sq` and whether it borrows.
    fn borrows(&self, piece: Piece) -> bool {
        Powers::has(self.powers().borrowers, piece.role())
    }

    /// Works out the powers in force in `pos`.
    pub(crate) fn abilities(&self, pos: &Position) -> Abilities {
        let pw = self.powers();
        let mut frozen = SquareSet::EMPTY;
        let mut hia = ByColor([SquareSet::EMPTY; 2]);
        let mut poisonous = SquareSet::EMPTY;
        // (a) The powers pieces have of their own.
        for c in Color::ALL {
            for sq in pos.by_color[c] {
                let Some(p) = pos.piece_at(sq) else { continue };
                let role = p.role();
                if Powers::has(pw.immobilizes, role) {
                    for n in neighbours(self, sq).filter(|&n| pos.by_color[!c].contains(n)) {
                        frozen.insert(n);
                    }
                }
                if Powers::has(pw.hia, role) {
                    for n in neighbours(self, sq) {
                        hia[!c].insert(n);
                    }
                }
                if Powers::has(pw.poisonous, role) {
                    poisonous.insert(sq);
                }
            }
        }
        let base = Abilities {
            frozen,
            hia,
            poisonous,
            borrowed: Vec::new(),
        };
        // (b) What each borrower borrows, under (a).
        let mut borrowed = Vec::new();
        for c in Color::ALL {
            let friends: Vec<Square> = pos.by_color[c]
                .iter()
                .filter(|&s| pos.piece_at(s).is_some_and(|p| self.borrows(p)))
                .collect();
            if friends.is_empty() {
                continue;
            }
            // What each borrower borrows from the pieces that are not borrowers.
            let mut own_lent: Vec<Lent> = vec![(0, 0, SquareSet::EMPTY); friends.len()];
            for sq in pos.by_color[c] {
                let Some(p) = pos.piece_at(sq) else { continue };
                if self.borrows(p) || base.frozen.contains(sq) || !self.active(pos, sq) {
                    continue;
                }
                if !friends.iter().any(|&f| pw.may_hit(c, p.role(), sq, f)) {
                    continue;
                }
                let unmoved = pos.unmoved.contains(sq);
                let initial = if unmoved { 1u64 << p.role().0 } else { 0 };
                let hits = self.hits(pos, &base, sq, c, 1 << p.role().0, initial);
                for (lent, &f) in own_lent.iter_mut().zip(&friends) {
                    if hits.contains(f) {
                        lent.0 |= 1u64 << p.role().0;
                        lent.1 |= initial;
                        lent.2.insert(sq);
                    }
                }
            }
            let mut memo = Memo::new(friends.len());
            for (i, &f) in friends.iter().enumerate() {
                let (roles, initial, lenders) = self.lend(pos, &base, &friends, &own_lent, i, 1 << i, &mut memo);
                borrowed.push(Borrowed {
                    square: f,
                    roles,
                    initial,
                    lenders,
                });
            }
        }
        // (c) Borrowed passive powers join in.
        let mut ab = base;
        for b in &borrowed {
            let Some(p) = pos.piece_at(b.square) else { continue };
            let c = p.color();
            if b.roles & pw.immobilizes != 0 {
                for n in neighbours(self, b.square).filter(|&n| pos.by_color[!c].contains(n)) {
                    ab.frozen.insert(n);
                }
            }
            if b.roles & pw.hia != 0 {
                for n in neighbours(self, b.square) {
                    ab.hia[!c].insert(n);
                }
            }
            if b.roles & pw.poisonous != 0 {
                ab.poisonous.insert(b.square);
            }
        }
        ab.borrowed = borrowed;
        ab
    }

    /// What the borrower `friends[i]` borrows when the borrowers in `replaced` (a mask over
    /// `friends`, including `i`) stand replaced by enemies: the types of the pieces guarding it,
    /// and what each other borrower guarding it borrows in turn. Returns roles, initial roles
    /// and lenders.
    #[allow(clippy::too_many_arguments)]
    fn lend(
        &self,
        pos: &Position,
        base: &Abilities,
        friends: &[Square],
        own_lent: &[Lent],
        i: usize,
        replaced: u32,
        memo: &mut Memo,
    ) -> Lent {
        let n = friends.len();
        if let Some(lent) = memo.get(n, i, replaced) {
            return lent;
        }
        let target = friends[i];
        let (mut roles, mut initial, mut lenders) = own_lent.get(i).copied().unwrap_or((0, 0, SquareSet::EMPTY));
        for (j, &g) in friends.iter().enumerate() {
            if replaced.wrapping_shr(j as u32) & 1 == 1 || base.frozen.contains(g) || !self.active(pos, g) {
                continue;
            }
            let (g_roles, g_initial, _) = self.lend(pos, base, friends, own_lent, j, replaced | 1 << j, memo);
            if g_roles == 0 {
                continue;
            }
            let color = pos.piece_at(g).map_or(Color::White, |p| p.color());
            let mut hits = SquareSet::EMPTY;
            for role in roles_of(g_roles) {
                if !self.powers().may_hit(color, role, g, target) {
                    continue;
                }
                let init = role.in_mask(g_initial);
                let h = match memo.hits.iter().find(|h| h.0 == j && h.1 == role && h.2 == init) {
                    Some(h) => h.3,
                    None => {
                        let h = self.role_hits(pos, base, g, color, role, g_initial);
                        memo.hits.push((j, role, init, h));
                        h
                    }
                };
                hits = hits.union(h);
                if hits.contains(target) {
                    break;
                }
            }
            // A withdrawal takes only a neighbour.
            if !hits.contains(target) && adjacent(g, target) {
                hits = self.withdrawal_hits(pos, base, g, color, g_roles, g_initial);
            }
            if hits.contains(target) {
                roles |= g_roles;
                initial |= g_initial;
                lenders.insert(g);
            }
        }
        if !pos.unmoved.contains(target) {
            initial = 0;
        }
        memo.put(n, i, replaced, (roles, initial, lenders));
        (roles, initial, lenders)
    }

    /// How the piece on `sq` moves as `role`, with `roles`/`initial` being all it has.
    fn move_as(&self, ab: &Abilities, color: Color, owner: Role, role: Role, initial: u64) -> MoveAs {
        let own = owner == role;
        MoveAs {
            color,
            moves: role,
            owner,
            initial: role.in_mask(initial),
            en_passant: own,
            promotes: own,
            hia: if Powers::has(self.powers().sliders, role) {
                ab.hia[color]
            } else {
                SquareSet::EMPTY
            },
            hits_only: false,
            tactical_only: false,
        }
    }

    /// The squares the piece on `sq` would capture on, were an enemy there, moving as any of
    /// `roles`: guards and attacks (pseudo-legal: blocking, lame paths and Hia count; its own
    /// safety, poison and en passant do not).
    fn hits(&self, pos: &Position, ab: &Abilities, sq: Square, color: Color, roles: u64, initial: u64) -> SquareSet {
        let mut hits = SquareSet::EMPTY;
        for role in roles_of(roles) {
            hits = hits.union(self.role_hits(pos, ab, sq, color, role, initial));
        }
        hits.union(self.withdrawal_hits(pos, ab, sq, color, roles, initial))
    }

    /// [`Variant::hits`] of one of the types the piece moves as.
    fn role_hits(
        &self,
        pos: &Position,
        ab: &Abilities,
        sq: Square,
        color: Color,
        role: Role,
        initial: u64,
    ) -> SquareSet {
        let pw = self.powers();
        let owner = pos.piece_at(sq).map_or(Role(0), |p| p.role());
        let occupied = |s: Square| pos.piece_at(s).is_some();
        let ctx = MoveAs {
            hits_only: true,
            en_passant: false,
            promotes: false,
            ..self.move_as(ab, color, owner, role, initial)
        };
        let mut hits = self.hit_squares(pos, sq, &ctx);
        for &(dx, dy) in &pw.rifle[role.index()] {
            if let Some(t) = self.offset(sq, color, dx, dy).filter(|&t| occupied(t)) {
                hits.insert(t);
            }
        }
        for &(dx, dy) in &pw.katana[role.index()] {
            let victim = self.offset(sq, color, dx, dy).filter(|&t| occupied(t));
            let landing = self.offset(sq, color, 2 * dx, 2 * dy).filter(|&t| pos.is_empty(t));
            if let (Some(t), Some(_)) = (victim, landing) {
                hits.insert(t);
            }
        }
        hits
    }

    /// The pieces a withdrawal could take: next to the piece, opposite a square it can step to.
    fn withdrawal_hits(
        &self,
        pos: &Position,
        ab: &Abilities,
        sq: Square,
        color: Color,
        roles: u64,
        initial: u64,
    ) -> SquareSet {
        let mut hits = SquareSet::EMPTY;
        if roles & self.powers().withdrawal == 0 {
            return hits;
        }
        let owner = pos.piece_at(sq).map_or(Role(0), |p| p.role());
        for away in self.steps(pos, ab, sq, color, owner, roles, initial) {
            let back = self.size.offset(
                sq,
                i32::from(sq.file()) - i32::from(away.file()),
                i32::from(sq.rank()) - i32::from(away.rank()),
            );
            if let Some(b) = back.filter(|&b| pos.piece_at(b).is_some()) {
                hits.insert(b);
            }
        }
        hits
    }

    /// The empty neighbouring squares the piece on `sq` can step to without capturing, moving as
    /// any of `roles` (where a withdrawal may start).
    #[allow(clippy::too_many_arguments)]
    fn steps(
        &self,
        pos: &Position,
        ab: &Abilities,
        sq: Square,
        color: Color,
        owner: Role,
        roles: u64,
        initial: u64,
    ) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        let mut moves = MoveList::new();
        for role in roles_of(roles) {
            moves.clear();
            let ctx = MoveAs {
                promotes: false,
                ..self.move_as(ab, color, owner, role, initial)
            };
            self.moves_as(pos, sq, &ctx, &mut moves);
            for m in &moves {
                if m.kind == MoveKind::Quiet && adjacent(sq, m.to) {
                    out.insert(m.to);
                }
            }
        }
        out
    }

    fn offset(&self, sq: Square, color: Color, dx: i8, dy: i8) -> Option<Square> {
        let dy = if color == Color::White { dy } else { -dy };
        self.size.offset(sq, i32::from(dx), i32::from(dy))
    }

    /// The types the piece on `sq` moves as, and those whose initial moves it may use.
    fn roles_at(&self, ab: &Abilities, pos: &Position, sq: Square, piece: Piece) -> (u64, u64) {
        if self.borrows(piece) {
            ab.borrowed
                .iter()
                .find(|b| b.square == sq)
                .map_or((0, 0), |b| (b.roles, b.initial))
        } else {
            let bit = 1u64 << piece.role().0;
            (bit, if pos.unmoved.contains(sq) { bit } else { 0 })
        }
    }

    /// Whether `by` attacks `target` in a variant with powers.
    pub(crate) fn powered_attack(&self, pos: &Position, target: Square, by: Color) -> bool {
        if pos.is_empty(target) {
            // Would an enemy standing there be captured? Stand one there with no powers.
            let mut probe = pos.clone();
            probe.board[target.index()] = Piece::new(!by, self.powers().plain).code();
            probe.by_color[!by].insert(target);
            return self.powered_attack(&probe, target, by);
        }
        self.attacked_under(pos, &self.abilities(pos), target, by)
    }

    /// Whether a piece of `by` could take the piece on `target` (which must be occupied) under
    /// the powers `ab` of `pos`.
    fn attacked_under(&self, pos: &Position, ab: &Abilities, target: Square, by: Color) -> bool {
        pos.by_color[by]
            .iter()
            .any(|sq| self.hitter(pos, ab, sq, target, by) && self.hits_at(pos, ab, sq, by).contains(target))
    }

    /// Whether the piece of `by` on `sq` may act and could ever reach `target` (a cheap filter
    /// before its hits are worked out).
    fn hitter(&self, pos: &Position, ab: &Abilities, sq: Square, target: Square, by: Color) -> bool {
        let Some(p) = pos.piece_at(sq) else { return false };
        if ab.frozen.contains(sq) || !self.active(pos, sq) {
            return false;
        }
        let (roles, _) = self.roles_at(ab, pos, sq, p);
        let pw = self.powers();
        roles & pw.withdrawal != 0 || roles_of(roles).any(|r| pw.may_hit(by, r, sq, target))
    }

    /// The squares the piece of `by` on `sq` hits with all it has.
    fn hits_at(&self, pos: &Position, ab: &Abilities, sq: Square, by: Color) -> SquareSet {
        let Some(p) = pos.piece_at(sq) else {
            return SquareSet::EMPTY;
        };
        let (roles, initial) = self.roles_at(ab, pos, sq, p);
        self.hits(pos, ab, sq, by, roles, initial)
    }

    /// The pseudo-legal moves of the side to move in a variant with powers.
    pub(crate) fn powered_moves(&self, pos: &Position, out: &mut MoveList) {
        let ab = self.abilities(pos);
        for sq in pos.by_color[pos.side] {
            self.powered_piece_moves(pos, &ab, sq, out);
        }
    }

    /// [`Variant::captures_onto`] in a variant with powers: the abilities are worked out once,
    /// and only the pieces that could reach `target` generate their moves.
    pub(crate) fn powered_captures_onto(&self, pos: &Position, target: Square, out: &mut MoveList) -> bool {
        let us = pos.side;
        if pos.is_empty(target) {
            if !self.powered_attack(pos, target, us) {
                return false;
            }
        } else {
            let ab = self.abilities(pos);
            if !self.attacked_under(pos, &ab, target, us) {
                return false;
            }
            let pw = self.powers();
            for sq in pos.by_color[us] {
                // A piece with moves while attacked may capture with them too: never filtered out.
                let extra = pos.piece_at(sq).is_some_and(|p| {
                    let (roles, _) = self.roles_at(&ab, pos, sq, p);
                    roles_of(roles).any(|r| pw.when_attacked[r.index()].is_some())
                });
                if extra || self.hitter(pos, &ab, sq, target, us) {
                    self.powered_piece_moves(pos, &ab, sq, out);
                }
            }
            return true;
        }
        self.powered_moves(pos, out);
        true
    }

    /// The pseudo-legal moves of the piece on `sq`, if it is the side to move's, under `ab`.
    fn powered_piece_moves(&self, pos: &Position, ab: &Abilities, sq: Square, out: &mut MoveList) {
        let pw = self.powers();
        let us = pos.side;
        let Some(piece) = pos.piece_at(sq).filter(|p| p.color() == us) else {
            return;
        };
        if ab.frozen.contains(sq) || !self.active(pos, sq) {
            return;
        }
        let (roles, initial) = self.roles_at(ab, pos, sq, piece);
        let first = out.len();
        let mut attacked: Option<bool> = None;
        for role in roles_of(roles) {
            let ctx = self.move_as(ab, us, piece.role(), role, initial);
            self.moves_as(pos, sq, &ctx, out);
            if let Some(extra) = pw.when_attacked[role.index()] {
                if *attacked.get_or_insert_with(|| self.attacked_under(pos, ab, sq, !us)) {
                    self.moves_as(pos, sq, &MoveAs { moves: extra, ..ctx }, out);
                }
            }
            for &(dx, dy) in &pw.rifle[role.index()] {
                if let Some(t) = self.offset(sq, us, dx, dy) {
                    if pos.piece_at(t).is_some_and(|p| p.color() != us) {
                        out.push(Move::new(sq, t, MoveKind::Rifle));
                    }
                }
            }
            for &(dx, dy) in &pw.katana[role.index()] {
                let victim = self.offset(sq, us, dx, dy);
                let landing = self.offset(sq, us, 2 * dx, 2 * dy);
                if let (Some(x), Some(to)) = (victim, landing) {
                    if pos.piece_at(x).is_some_and(|p| p.color() != us) && pos.is_empty(to) {
                        let mv = Move {
                            extra: x,
                            ..Move::new(sq, to, MoveKind::Locust)
                        };
                        if ctx.promotes {
                            self.push_promoting(out, us, piece.role(), to, mv);
                        } else {
                            out.push(mv);
                        }
                    }
                }
            }
            for &(dx, dy) in &pw.swap[role.index()] {
                let Some(to) = self.offset(sq, us, dx, dy) else {
                    continue;
                };
                let Some(partner) = pos.piece_at(to).filter(|p| p.color() == us) else {
                    continue;
                };
                if partner.role() == piece.role() || ab.frozen.contains(to) || !self.active(pos, to) {
                    continue;
                }
                let mv = Move::new(sq, to, MoveKind::Swap);
                if self.borrows(partner) {
                    out.push(mv);
                } else {
                    self.push_promoting(out, us, partner.role(), sq, mv);
                }
            }
        }
        if roles & pw.withdrawal != 0 {
            // Compulsory: a step straight away from an adjacent enemy captures it.
            for m in &mut out[first..] {
                if m.kind != MoveKind::Quiet || !adjacent(sq, m.to) {
                    continue;
                }
                let back = self.size.offset(
                    sq,
                    i32::from(sq.file()) - i32::from(m.to.file()),
                    i32::from(sq.rank()) - i32::from(m.to.rank()),
                );
                if let Some(b) = back.filter(|&b| pos.piece_at(b).is_some_and(|p| p.color() != us)) {
                    m.kind = MoveKind::Withdrawal;
                    m.extra = b;
                }
            }
        }
        if !ab.poisonous.is_empty() {
            for m in &mut out[first..] {
                let struck = match m.kind {
                    MoveKind::Rifle => false,
                    MoveKind::Locust => ab.poisonous.contains(m.extra) || ab.poisonous.contains(m.to),
                    _ => m.victim().is_some_and(|v| ab.poisonous.contains(v)),
                };
                m.poisoned = struck;
            }
        }
        if roles.count_ones() > 1 {
            keep_first_of_each(out, first);
        }
    }

    /// What the borrower on `sq` borrows in `pos`, and from whom; `None` when no borrower stands
    /// there.
    pub fn borrowed(&self, pos: &Position, sq: Square) -> Option<Borrowed> {
        self.powers.as_ref()?;
        if !pos.piece_at(sq).is_some_and(|p| self.borrows(p)) {
            return None;
        }
        self.abilities(pos).borrowed.into_iter().find(|b| b.square == sq)
    }

    /// Whether the piece on `sq` cannot act because an enemy immobilizer stands next to it.
    pub fn is_frozen(&self, pos: &Position, sq: Square) -> bool {
        self.powers.is_some() && self.abilities(pos).frozen.contains(sq)
    }

    /// The enemy piece that freezes the piece on `sq`: an immobilizer next to it, or a borrower
    /// next to it that borrows an immobilizer's power. `None` when it is not frozen.
    pub fn frozen_by(&self, pos: &Position, sq: Square) -> Option<Square> {
        let pw = self.powers.as_ref()?;
        let ab = self.abilities(pos);
        if !ab.frozen.contains(sq) {
            return None;
        }
        let them = !pos.piece_at(sq)?.color();
        neighbours(self, sq).find(|&n| {
            pos.by_color[them].contains(n)
                && pos.piece_at(n).is_some_and(|p| {
                    Powers::has(pw.immobilizes, p.role())
                        || ab
                            .borrowed
                            .iter()
                            .any(|b| b.square == n && b.roles & pw.immobilizes != 0)
                })
        })
    }

    /// Whether pieces of `role` borrow the moves of the pieces guarding them.
    pub fn is_borrower(&self, role: Role) -> bool {
        self.powers.as_ref().is_some_and(|pw| Powers::has(pw.borrowers, role))
    }

    /// The pieces frozen by an enemy immobilizer next to them (cheaper than asking
    /// [`Variant::is_frozen`] square by square).
    pub fn frozen_squares(&self, pos: &Position) -> SquareSet {
        let Some(pw) = self.powers.as_ref() else {
            return SquareSet::EMPTY;
        };
        if pw.immobilizes == 0 {
            return SquareSet::EMPTY;
        }
        let mut frozen = SquareSet::EMPTY;
        for c in Color::ALL {
            for sq in pos.by_color[c] {
                if pos.piece_at(sq).is_some_and(|p| Powers::has(pw.immobilizes, p.role())) {
                    for n in neighbours(self, sq).filter(|&n| pos.by_color[!c].contains(n)) {
                        frozen.insert(n);
                    }
                }
            }
        }
        frozen
    }
}

fn adjacent(a: Square, b: Square) -> bool {
    a != b && a.file().abs_diff(b.file()) <= 1 && a.rank().abs_diff(b.rank()) <= 1
}

/// Keeps the first of equal moves among `out[first..]`, in their order (a borrower reaches many
/// squares by the moves of several lenders). Only moves to a square already seen are compared.
fn keep_first_of_each(out: &mut MoveList, first: usize) {
    let mut targets = SquareSet::EMPTY;
    let mut kept = first;
    for i in first..out.len() {
        let m = out[i];
        if targets.contains(m.to) && out[first..kept].contains(&m) {
            continue;
        }
        targets.insert(m.to);
        out[kept] = m;
        kept += 1;
    }
    out.truncate(kept);
}
