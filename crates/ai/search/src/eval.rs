//! Static evaluation for any variant, built from the variant's data alone: piece values
//! ([`messhall_rules::RoleInfo::value`]), mobility along each piece's compiled moves, piece-square
//! values from each piece's reach from each square, royal safety (shelter, attacks next to the
//! royal, castling rights), pawn structure along each pawn kind's own forward moves (passed,
//! doubled, isolated, blocked) and advancement toward the variant's promotion ranks, tempo, and
//! energy where pieces carry a counter, plus the game's own term where its rules add one
//! ([`messhall_rules::GameRules::evaluate`]). The positional terms are weighed by [`Weights`] in
//! the middle game and the end game and blended by the game phase (the pieces left, pawns aside).
//! Powers given as data count too: frozen pieces have no mobility, a borrower (the Friendly game's
//! Friend) reaches where the moves its direct guards lend it take it, and where only the last royal
//! is royal the others are material like any piece, so their count is weighed.
//! Scores are centipawns from the side to move's point of view.

use crate::weights::{Pair, Weights};
use messhall_rules::spec::RoyalRule;
use messhall_rules::{Color, Position, Role, Square, SquareSet, Variant};

/// A piece in hand (games with drops) is worth this share of its value on the board: it is not in
/// play yet, but may enter where it is needed.
const HAND_VALUE_PERCENT: i32 = 90;

/// Most sheltering neighbours counted.
pub const SHELTER_MAX: i32 = 3;
/// The positional terms, in the order of their features: these first, then mobility per role.
pub const CENTRE: usize = 0;
/// Friendly pieces beside the royal piece.
pub const SHELTER: usize = 1;
/// Attacks on the squares around the enemy royal piece.
pub const ROYAL_ATTACK: usize = 2;
/// Castling rights still held.
pub const CASTLING: usize = 3;
/// The royal piece's distance from the centre (wanted in the end game).
pub const ROYAL_CENTRE: usize = 4;
/// Pawns' advance towards promotion.
pub const ADVANCE: usize = 5;
/// Passed pawns.
pub const PASSED: usize = 6;
/// Doubled pawns.
pub const DOUBLED: usize = 7;
/// Isolated pawns.
pub const ISOLATED: usize = 8;
/// Pawns blocked by a piece in front.
pub const BLOCKED: usize = 9;
/// The side to move's bonus.
pub const TEMPO: usize = 10;
/// The royal hunt's two terms: blended by the hunted side's phase, not the game's, and counted
/// in [`Features::hunt`] (their places in [`Features::terms`] stay 0).
pub const CLOSE_IN: usize = 11;
/// A bare enemy royal's distance from the centre, driven into a corner.
pub const CORNER: usize = 12;
/// Terms before the per-role mobility.
pub const GLOBAL_TERMS: usize = 13;
/// Most terms: the global ones and one per role (a variant has at most 64 roles).
pub const MAX_TERMS: usize = GLOBAL_TERMS + 64;
/// What a term's weight is per: the advancement weight is per cent of its table.
const TERM_DIVISOR: [i64; GLOBAL_TERMS] = [1, 1, 1, 1, 1, 100, 1, 1, 1, 1, 1, 1, 1];
/// 100 over each term's divisor (exact: every divisor divides 100).
const TERM_SCALE: [i64; GLOBAL_TERMS] = {
    let mut scale = [0; GLOBAL_TERMS];
    let mut k = 0;
    while k < GLOBAL_TERMS {
        assert!(100 % TERM_DIVISOR[k] == 0);
        scale[k] = 100 / TERM_DIVISOR[k];
        k += 1;
    }
    scale
};
/// The phase runs from 0 (no pieces but royals and pawns) to this (all the starting pieces).
pub const PHASE_MAX: i32 = 256;
/// The largest static score either way. Piece values and weights up to their limits (10,000 each)
/// can add up to far more; a score held below the mate band, with room for the levels' noise on
/// top, never reads as a mate, and a mate found by the search always outranks it.
pub const MAX_EVAL: i32 = crate::search::MATE_BOUND - crate::level::MAX_NOISE_CP - 1_000;
const _: () = assert!(MAX_EVAL > 10_000);

/// One side's term counts, by term.
pub type TermCounts = [i32; MAX_TERMS];

/// A position's features for fitting the weights: the score without the positional terms, the
/// phase, each term's count for the side to move less the other side's, and each side's hunt of
/// the enemy royal.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// The score without the positional terms: material and what the game adds.
    pub fixed: i32,
    /// The game's phase: the material left, from the end game (0) up.
    pub phase: i32,
    /// Each positional term's count for the side to move less the other side's.
    pub terms: Vec<i32>,
    /// The side to move's hunt, then the other side's.
    pub hunt: [Hunt; 2],
}

/// One side's hunt of the enemy royal ([`CLOSE_IN`], [`CORNER`]): each counts `(middle game
/// weight * phase + end game weight * (256 - phase)) * count / 256` centipawns (rounded toward
/// 0), where the phase is the hunted side's own (its share of its starting pieces), so the hunt
/// grows as the enemy's pieces go. All 0 where the side does not hunt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hunt {
    /// The hunted side's phase, 0 to [`PHASE_MAX`].
    pub phase: i32,
    /// Steps each piece stands nearer an enemy royal than [`CHASE_RANGE`], summed.
    pub near: i32,
    /// Steps a bare enemy royal stands from the centre.
    pub corner: i32,
}

impl Hunt {
    /// Its score in centipawns with the close-in and corner weights `close_in` and `corner`.
    pub fn score(&self, close_in: Pair, corner: Pair) -> i32 {
        let blend =
            |w: Pair| i64::from(w[0]) * i64::from(self.phase) + i64::from(w[1]) * i64::from(PHASE_MAX - self.phase);
        let part = |w: Pair, count: i32| (blend(w) * i64::from(count) / i64::from(PHASE_MAX)) as i32;
        part(close_in, self.near) + part(corner, self.corner)
    }
}

/// Share of the promotion gain a pawn one rank short of promotion is worth (per mille).
pub const ADVANCE_PER_MILLE: i32 = 200;
/// Value kept by a piece with 0, 1 and 2 energy (per cent); 3 or more keep all.
pub const ENERGY_VALUE_PERCENT: [i32; 3] = [10, 55, 85];
/// Centipawns per point of energy, up to [`ENERGY_CAP`].
pub const ENERGY_CP: i32 = 3;
/// Most points of energy that count.
pub const ENERGY_CAP: i32 = 12;
/// Centipawns per step each piece stands nearer the enemy royal than [`CHASE_RANGE`]: the derived
/// end-game weight of [`CLOSE_IN`] (the middle game's is 0). Where taking a royal wins (no check:
/// a royal can walk into danger) it grows as the enemy's pieces go, and is full once they are
/// gone; in other games it counts only against a royal left with no pieces (pawns aside). A bare
/// royal is caught by pieces that close in on it: without this term a side far ahead wandered
/// until the fifty-move rule drew (in PieceEater Chess, where the PieceEater eats so much that
/// such endings are common, and in Food Fight, where four pieces against a bare Chef drew).
/// Counted in checkmate games from the first lost piece, as in the PieceEater, it cost chess's
/// ladder most of its margins (level 6 against 5: 57.5%, against 72.5%).
pub const CHASE_CP: i32 = 12;
/// Steps from the enemy royal within which a piece counts as closing in.
pub const CHASE_RANGE: i32 = 7;
/// Centipawns per step a bare enemy royal (no pieces, pawns aside) stands from the centre: it is
/// mated or caught on the edge (the derived end-game weight of [`CORNER`]; a bare royal's side is
/// in its end game, so the middle game's never counts).
pub const CORNER_CP: i32 = 10;

/// A straight line of squares one of a piece's moves goes along, nearest first.
#[derive(Clone, Debug)]
struct Ray {
    squares: Vec<Square>,
    quiet: bool,
    capture: bool,
}

/// A [`Ray`] in the evaluator's flat tables: its squares are `squares[start..start + len]`.
#[derive(Clone, Copy, Debug)]
struct FlatRay {
    start: u32,
    len: u8,
    quiet: bool,
    capture: bool,
}

/// Every role's rays from every square, in three flat tables: the evaluation walks them for each
/// piece at every node, and one contiguous walk costs less than a vector per ray.
#[derive(Clone, Debug, Default)]
struct RayTable {
    /// `(first ray, ray count)` per (colour, role, square): index `(color * roles + role) * 256 + square`.
    index: Vec<(u32, u32)>,
    rays: Vec<FlatRay>,
    squares: Vec<Square>,
}

impl RayTable {
    fn new(rays: &[Vec<Ray>]) -> RayTable {
        let mut table = RayTable::default();
        for list in rays {
            table.index.push((table.rays.len() as u32, list.len() as u32));
            for ray in list {
                table.rays.push(FlatRay {
                    start: table.squares.len() as u32,
                    len: ray.squares.len() as u8,
                    quiet: ray.quiet,
                    capture: ray.capture,
                });
                table.squares.extend_from_slice(&ray.squares);
            }
        }
        table
    }

    #[inline]
    fn rays(&self, at: usize) -> &[FlatRay] {
        let (first, count) = self.index[at];
        &self.rays[first as usize..][..count as usize]
    }

    #[inline]
    fn squares(&self, ray: &FlatRay) -> &[Square] {
        &self.squares[ray.start as usize..][..usize::from(ray.len)]
    }
}

/// What a pawn's square tells about its structure, from its kind's own forward moves.
#[derive(Clone, Copy, Debug, Default)]
struct PawnSquare {
    /// Squares its forward moves can take it to, one after another.
    path: SquareSet,
    /// The path and the squares beside it: where an enemy pawn stops it being passed.
    passed_mask: SquareSet,
    /// Where its first forward moves go (all occupied: blocked).
    next: SquareSet,
    /// Its progress toward promotion, squared, in sixteenths.
    progress: i32,
}

/// Evaluation tables compiled once per variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    weights: Weights,
    /// Weights per term in feature order, from `weights`.
    term_weights: Vec<Pair>,
    /// Empty-board reach from each square less the role's average, per (colour, role, square).
    centre: Vec<i32>,
    /// Per (colour, role, square) for pawns.
    pawn_squares: Vec<PawnSquare>,
    /// Material value per role (royals 0: they are never traded).
    values: Vec<i32>,
    royal_safety: bool,
    /// Taking a royal wins the game (see [`CHASE_CP`]).
    royal_capture: bool,
    /// Advancement bonus per role and relative rank.
    advance: Vec<[i32; 16]>,
    /// Rays per (colour, role, square).
    rays: RayTable,
    /// Average empty-board mobility per role (subtracted so mobility does not double the values).
    mobility_centre: Vec<i32>,
    is_pawn: Vec<bool>,
    /// Roles that borrow their guards' moves, and whether the variant has any.
    borrower: Vec<bool>,
    any_borrower: bool,
    /// Pieces of these roles carry energy.
    has_energy: Vec<bool>,
    /// Non-pawn, non-royal material of one side at the start (for the game phase).
    start_material: i32,
    files: u8,
    ranks: u8,
    roles: usize,
}

impl Evaluator {
    /// An evaluator for `v`'s pieces and rules.
    pub fn new(v: &Variant) -> Evaluator {
        let roles = v.role_count();
        // Where only the last royal is royal, the others are pieces to win and lose like any other.
        let spare_royals = v.end().royal == RoyalRule::Last;
        let values: Vec<i32> = v
            .roles()
            .map(|(_, r)| if r.royal && !spare_royals { 0 } else { r.value.max(0) })
            .collect();
        let mut advance = vec![[0i32; 16]; roles];
        for p in v.promotions() {
            let best = p.choices.iter().map(|c| values[c.index()]).max().unwrap_or(0);
            for (r, table) in advance.iter_mut().enumerate() {
                if p.roles >> r & 1 == 0 || p.rank == 0 {
                    continue;
                }
                let gain = (best - values[r]).max(0);
                let last = i64::from(p.rank);
                for (rank, slot) in table.iter_mut().enumerate().take(p.rank as usize) {
                    let x = rank as i64;
                    let bonus =
                        i64::from(gain) * i64::from(ADVANCE_PER_MILLE) * x * x / (last - 1).max(1).pow(2) / 1000;
                    *slot = (*slot).max(bonus as i32);
                }
            }
        }
        let size = v.size();
        let mut rays = vec![Vec::new(); 2 * roles * 256];
        let mut mobility_centre = vec![0; roles];
        for (role, info) in v.roles() {
            let mut total = 0usize;
            for color in Color::ALL {
                let dir: i32 = if color == Color::White { 1 } else { -1 };
                for sq in size.squares() {
                    let mut list = Vec::new();
                    for m in &info.moves.moves {
                        if m.legs.len() != 1 || m.initial_only {
                            continue;
                        }
                        let leg = &m.legs[0];
                        if leg.crooked.is_some() || leg.hop != Default::default() {
                            continue;
                        }
                        let max = if leg.max_steps == 0 {
                            16
                        } else {
                            i32::from(leg.max_steps)
                        };
                        let (dx, dy) = (i32::from(leg.step.dx), i32::from(leg.step.dy) * dir);
                        let mut squares = Vec::new();
                        let mut at = sq;
                        for _ in 0..max {
                            match size.offset(at, dx, dy) {
                                Some(next) => {
                                    squares.push(next);
                                    at = next;
                                }
                                None => break,
                            }
                        }
                        if color == Color::White {
                            total += squares.len();
                        }
                        if !squares.is_empty() {
                            list.push(Ray {
                                squares,
                                quiet: leg.mode.to_empty,
                                capture: leg.mode.to_enemy,
                            });
                        }
                    }
                    rays[(color.index() * roles + role.index()) * 256 + sq.index()] = list;
                }
            }
            mobility_centre[role.index()] = (total / size.square_count().max(1)) as i32 / 2;
        }
        let start = v.start();
        let is_pawn: Vec<bool> = v.roles().map(|(r, _)| v.is_pawn(r)).collect();
        let mut start_material = 0;
        for sq in start.pieces_of(Color::White) {
            if let Some(p) = start.piece_at(sq) {
                if !is_pawn[p.role().index()] {
                    start_material += values[p.role().index()];
                }
            }
        }
        let borrower: Vec<bool> = v.roles().map(|(r, _)| v.is_borrower(r)).collect();
        let centre = centre_table(v, &rays, roles, &is_pawn);
        let pawn_squares = pawn_table(v, &rays, roles, &is_pawn);
        let weights = Weights::for_variant(v);
        Evaluator {
            term_weights: term_weights(v, &weights),
            weights,
            centre,
            pawn_squares,
            any_borrower: borrower.contains(&true),
            borrower,
            royal_safety: matches!(
                v.end().royal,
                RoyalRule::Checkmate | RoyalRule::Capture | RoyalRule::Last
            ),
            royal_capture: v.end().royal == RoyalRule::Capture,
            has_energy: v
                .roles()
                .map(|(_, r)| v.counter_name().is_some() && !r.royal && r.counter > 0)
                .collect(),
            values,
            advance,
            rays: RayTable::new(&rays),
            mobility_centre,
            is_pawn,
            start_material: start_material.max(1),
            files: size.files(),
            ranks: size.ranks(),
            roles,
        }
    }

    /// How far apart the moves of the start position score: the median absolute deviation of
    /// their static scores (without the game's own term) from their median (centipawns), a
    /// measure that a few outliers (a capture) do not sway. Chess's is 8; the Friendly game, whose
    /// Friends' mobility changes with every guard, spreads its moves several times wider, and the
    /// levels' noise is scaled to it (see [`crate::Level::noise_cp_for`]).
    ///
    /// # Panics
    /// As [`Evaluator::evaluate`], when `v` is not the evaluator's variant.
    pub fn start_move_spread(&self, v: &Variant) -> i32 {
        // A game that opens with a chance event (the steered PieceEater's step) is looked at after
        // its first outcome.
        let mut start = v.start();
        while let Some(outcome) = v.chance(&start).and_then(|e| e.outcomes.first().copied()) {
            start = v.resolve(&start, &outcome);
        }
        // The game's own term (the PieceEater's nearness) is left out: it scores what the game's
        // special rule threatens, a stake like material, not the positional differences between
        // moves that the noise is to blur.
        let mut scores: Vec<i32> = v
            .legal_moves(&start)
            .iter()
            .map(|mv| {
                let child = start.play_unchecked(v, mv);
                v.rules().evaluate(v, &child) - self.evaluate(v, &child)
            })
            .collect();
        if scores.is_empty() {
            return 0;
        }
        scores.sort_unstable();
        let median = scores[scores.len() / 2];
        let mut deviations: Vec<i32> = scores.iter().map(|&s| (s - median).abs()).collect();
        deviations.sort_unstable();
        deviations[deviations.len() / 2]
    }

    /// The material value of a role (0 for royals).
    ///
    /// # Panics
    /// When `role` is not one of the variant's the evaluator was made for.
    #[inline]
    pub fn value(&self, role: Role) -> i32 {
        self.values[role.index()]
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Uses `weights` from now on (a mobility weight for a piece the variant lacks is ignored; a
    /// piece the weights leave out keeps its derived default).
    pub fn set_weights(&mut self, v: &Variant, weights: &Weights) {
        let mut w = weights.clone();
        for (name, pair) in Weights::derived(v).mobility {
            w.mobility.entry(name).or_insert(pair);
        }
        self.term_weights = term_weights(v, &w);
        self.weights = w;
    }

    /// The number of terms of this variant: [`GLOBAL_TERMS`] and one mobility term per role.
    pub fn term_count(&self) -> usize {
        GLOBAL_TERMS + self.roles
    }

    /// The weights per term in feature order ([`Features::terms`]).
    pub fn term_weights(&self) -> &[Pair] {
        &self.term_weights
    }

    /// Weights from per-term pairs in feature order (the inverse of [`Evaluator::term_weights`]).
    ///
    /// # Panics
    /// When `terms` is shorter than [`Evaluator::term_count`].
    pub fn weights_from_terms(&self, v: &Variant, terms: &[Pair]) -> Weights {
        let mut w = self.weights.clone();
        let globals = [
            &mut w.centre,
            &mut w.shelter,
            &mut w.royal_attack,
            &mut w.castling,
            &mut w.royal_centre,
            &mut w.advance,
            &mut w.passed,
            &mut w.doubled,
            &mut w.isolated,
            &mut w.blocked,
            &mut w.tempo,
            &mut w.close_in,
            &mut w.corner,
        ];
        for (slot, pair) in globals.into_iter().zip(terms) {
            *slot = *pair;
        }
        for (role, info) in v.roles() {
            w.mobility.insert(info.name.clone(), terms[GLOBAL_TERMS + role.index()]);
        }
        w
    }

    /// The position's score for the side to move.
    ///
    /// # Panics
    /// When `v` or `pos` is not of the variant the evaluator was made for (a piece type beyond its
    /// tables).
    pub fn evaluate(&self, v: &Variant, pos: &Position) -> i32 {
        let mut counts = [[0i32; MAX_TERMS]; 2];
        let (fixed, phase) = self.terms(v, pos, &mut counts, None);
        let (u, t) = (pos.side_to_move().index(), (!pos.side_to_move()).index());
        let mut sum = 0i64;
        for (k, w) in self.term_weights.iter().enumerate() {
            let diff = i64::from(counts[u][k] - counts[t][k]);
            if diff == 0 {
                continue;
            }
            let blended = i64::from(w[0]) * i64::from(phase) + i64::from(w[1]) * i64::from(PHASE_MAX - phase);
            // `* 100 / divisor` without dividing: every divisor divides 100.
            sum += diff * blended * TERM_SCALE.get(k).copied().unwrap_or(100);
        }
        let score = i64::from(fixed) + sum / (100 * i64::from(PHASE_MAX));
        score.clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
    }

    /// The position's features for fitting the weights: [`Evaluator::evaluate`] is `fixed` plus,
    /// for every term, its count times its weights blended by `phase` (the advancement's weight
    /// being per cent).
    ///
    /// # Panics
    /// As [`Evaluator::evaluate`].
    pub fn features(&self, v: &Variant, pos: &Position) -> Features {
        let mut counts = [[0i32; MAX_TERMS]; 2];
        let mut hunt = [Hunt::default(); 2];
        let (fixed, phase) = self.terms(v, pos, &mut counts, Some(&mut hunt));
        let (u, t) = (pos.side_to_move().index(), (!pos.side_to_move()).index());
        let (w, c) = (self.weights.close_in, self.weights.corner);
        Features {
            fixed: fixed - hunt[u].score(w, c) + hunt[t].score(w, c),
            phase,
            terms: (0..self.term_count()).map(|k| counts[u][k] - counts[t][k]).collect(),
            hunt: [hunt[u], hunt[t]],
        }
    }

    /// What a unit of term `k` weighs per centipawn of its weight (the advancement's weight is per cent).
    pub fn term_divisor(k: usize) -> i64 {
        TERM_DIVISOR.get(k).copied().unwrap_or(1)
    }

    /// Counts each side's terms into `counts`; returns the score of the part not blended by the
    /// game phase (material, hands, energy, the hunt of a royal, the game's own term) for the side
    /// to move, and the phase. With `hunts`, each side's hunt is counted there in full (else only
    /// where its weights make it count).
    fn terms(
        &self,
        v: &Variant,
        pos: &Position,
        counts: &mut [TermCounts; 2],
        mut hunts: Option<&mut [Hunt; 2]>,
    ) -> (i32, i32) {
        let us = pos.side_to_move();
        let mut material = [0i32; 2];
        let mut positional = [0i32; 2];
        let mut pawns = [0i32; 2];
        let inactive = v.rules().has_inactive_pieces();
        // Frozen pieces do nothing; a borrower reaches where the moves of its guards take it
        // (direct guards along single-step and sliding moves: an estimate of the full rule).
        let frozen = v.frozen_squares(pos);
        let mut lent: Vec<(Square, Color, u64)> = Vec::new();
        // Squares next to each side's royal, where attacks count against it.
        let mut zones = [SquareSet::EMPTY; 2];
        let mut pawn_sets = [SquareSet::EMPTY; 2];
        let mut pawn_files = [0u32; 2];
        for color in Color::ALL {
            let royals = pos.royals(color);
            if self.royal_safety && royals.count() <= 2 {
                for sq in royals {
                    for (dx, dy) in NEIGHBOURS {
                        if let Some(n) = v.size().offset(sq, dx, dy) {
                            zones[color.index()].insert(n);
                        }
                    }
                }
            }
            for sq in pos.pieces_of(color) {
                if pos.piece_at(sq).is_some_and(|p| self.is_pawn[p.role().index()]) {
                    pawn_sets[color.index()].insert(sq);
                    pawn_files[color.index()] |= 1 << sq.file();
                }
            }
        }
        // What the rays meet, a byte per square: the side standing there and the royal zones
        // (a neutral piece stands in no side's set and blocks nothing).
        let mut marks = [0u8; 256];
        for color in Color::ALL {
            let c = color.index();
            for sq in pos.pieces_of(color) {
                marks[sq.index()] |= MARK_SIDE[c];
            }
            for sq in zones[c] {
                marks[sq.index()] |= MARK_ZONE[c];
            }
        }
        for color in Color::ALL {
            let c = color.index();
            let enemies = pos.pieces_of(!color);
            for sq in pos.pieces_of(color) {
                let Some(piece) = pos.piece_at(sq) else { continue };
                let r = piece.role().index();
                let at = (c * self.roles + r) * 256 + sq.index();
                let mut value = self.values[r];
                if self.has_energy[r] {
                    let e = i32::from(pos.counter(sq));
                    if let Some(&pct) = ENERGY_VALUE_PERCENT.get(e as usize) {
                        value = value * pct / 100;
                    }
                    positional[c] += ENERGY_CP * e.min(ENERGY_CAP);
                }
                material[c] += value;
                counts[c][CENTRE] += self.centre[at];
                counts[c][ADVANCE] += self.advance[r][usize::from(v.relative_rank(color, sq))];
                if self.is_pawn[r] {
                    pawns[c] += value;
                    let ps = &self.pawn_squares[at];
                    if !ps.passed_mask.intersects(&pawn_sets[1 - c]) {
                        counts[c][PASSED] += ps.progress;
                    }
                    if ps.path.intersects(&pawn_sets[c]) {
                        counts[c][DOUBLED] += 1;
                    }
                    let f = u32::from(sq.file());
                    let beside = (1u32 << (f + 1)) | if f > 0 { 1 << (f - 1) } else { 0 };
                    if pawn_files[c] & beside == 0 {
                        counts[c][ISOLATED] += 1;
                    }
                    if !ps.next.is_empty() && ps.next.iter().all(|n| !pos.is_empty(n)) {
                        counts[c][BLOCKED] += 1;
                    }
                }
                if (inactive && !v.rules().is_active(v, pos, sq)) || frozen.contains(sq) {
                    continue;
                }
                let (reach, hits) = if self.any_borrower {
                    self.reach(pos, enemies, zones[1 - c], color, r, sq, Some(&mut lent))
                } else {
                    self.reach_marked(&marks, color, r, sq)
                };
                counts[c][ROYAL_ATTACK] += hits;
                if !self.is_pawn[r] {
                    counts[c][GLOBAL_TERMS + r] += reach - self.mobility_centre[r];
                }
            }
        }
        for &(sq, color, roles) in &lent {
            let c = color.index();
            let enemies = pos.pieces_of(!color);
            for r in (0..self.roles).filter(|&r| roles >> r & 1 == 1) {
                let (reach, hits) = self.reach(pos, enemies, zones[1 - c], color, r, sq, None);
                counts[c][GLOBAL_TERMS + r] += reach;
                counts[c][ROYAL_ATTACK] += hits;
            }
        }
        if !v.drops().is_empty() {
            for color in Color::ALL {
                for (role, _) in v.roles() {
                    let held = i32::from(pos.hand(color, role));
                    material[color.index()] += held * self.values[role.index()] * HAND_VALUE_PERCENT / 100;
                }
            }
        }
        let rights = pos.castling_rights();
        for side in v.castling() {
            if rights >> side.right & 1 == 1 {
                counts[side.color.index()][CASTLING] += 1;
            }
        }
        if self.royal_safety {
            for color in Color::ALL {
                let royals = pos.royals(color);
                if royals.count() > 2 {
                    continue;
                }
                for sq in royals {
                    let mut shelter = 0;
                    for (dx, dy) in NEIGHBOURS {
                        if let Some(n) = v.size().offset(sq, dx, dy)
                            && pos.pieces_of(color).contains(n)
                        {
                            shelter += 1;
                        }
                    }
                    counts[color.index()][SHELTER] += shelter.min(SHELTER_MAX);
                    counts[color.index()][ROYAL_CENTRE] += self.off_centre(sq);
                }
            }
        }
        counts[us.index()][TEMPO] += 1;
        for color in Color::ALL {
            let hunted = self.phase(&material, &pawns, !color);
            // Closing in: where taking a royal wins, from the first lost piece on (its weights
            // blended by the hunted side's phase); elsewhere once the enemy has only its royal and
            // pawns left and we have pieces to mate with.
            let bare = hunted == 0 && self.phase(&material, &pawns, color) > 0;
            if !self.royal_capture && !bare {
                continue;
            }
            let mut hunt = Hunt {
                phase: hunted,
                ..Hunt::default()
            };
            let targets = pos.royals(!color);
            let close_in = self.weights.close_in;
            if hunts.is_some() || close_in[0] * hunted + close_in[1] * (PHASE_MAX - hunted) != 0 {
                for target in targets {
                    for sq in pos.pieces_of(color) {
                        let d = i32::from(sq.file().abs_diff(target.file()).max(sq.rank().abs_diff(target.rank())));
                        hunt.near += (CHASE_RANGE - d).max(0);
                    }
                }
            }
            if bare && targets.count() == 1 {
                hunt.corner = targets.into_iter().map(|t| self.off_centre(t)).sum();
            }
            positional[color.index()] += hunt.score(close_in, self.weights.corner);
            if let Some(hunts) = hunts.as_deref_mut() {
                hunts[color.index()] = hunt;
            }
        }
        let pieces = (material[0] - pawns[0]).max(0) + (material[1] - pawns[1]).max(0);
        let phase = (i64::from(pieces) * i64::from(PHASE_MAX) / (2 * i64::from(self.start_material))) as i32;
        let (u, t) = (us.index(), (!us).index());
        let fixed = material[u] - material[t] + positional[u] - positional[t] + v.rules().evaluate(v, pos);
        (fixed, phase.min(PHASE_MAX))
    }

    /// How many squares a piece of role index `r` on `sq` reaches along its rays, and how many
    /// squares of `zone` (next to the enemy royal) it attacks. With `lent`, notes the role as
    /// lent to every friendly borrower it guards.
    #[allow(clippy::too_many_arguments)]
    fn reach(
        &self,
        pos: &Position,
        enemies: SquareSet,
        zone: SquareSet,
        color: Color,
        r: usize,
        sq: Square,
        mut lent: Option<&mut Vec<(Square, Color, u64)>>,
    ) -> (i32, i32) {
        let mut reach = 0;
        let mut hits = 0;
        // A neutral piece (the PieceEater) does not block: it moves on after every move.
        // (Counting it as a blocker measured worse: 43.8% in 200 PieceEater games.)
        for ray in self.rays.rays((color.index() * self.roles + r) * 256 + sq.index()) {
            for &to in self.rays.squares(ray) {
                hits += i32::from(ray.capture && zone.contains(to));
                let Some(other) = pos.piece_at(to) else {
                    reach += i32::from(ray.quiet);
                    continue;
                };
                reach += i32::from(ray.capture && enemies.contains(to));
                if let Some(lent) = lent.as_deref_mut()
                    && ray.capture
                    && other.color() == color
                    && self.borrower[other.role().index()]
                {
                    match lent.iter_mut().find(|(s, _, _)| *s == to) {
                        Some(entry) => entry.2 |= 1 << r,
                        None => lent.push((to, color, 1 << r)),
                    }
                }
                break;
            }
        }
        (reach, hits)
    }

    /// [`Evaluator::reach`] without lending, reading the board from `marks` (a byte per square:
    /// [`MARK_SIDE`] of the piece there, [`MARK_ZONE`] of the royal it stands next to), one load
    /// a square where the board, the enemy set and the zone took three.
    #[inline]
    fn reach_marked(&self, marks: &[u8; 256], color: Color, r: usize, sq: Square) -> (i32, i32) {
        let (enemy, zone) = (MARK_SIDE[1 - color.index()], MARK_ZONE[1 - color.index()]);
        let mut reach = 0;
        let mut hits = 0;
        for ray in self.rays.rays((color.index() * self.roles + r) * 256 + sq.index()) {
            let (quiet, capture) = (i32::from(ray.quiet), i32::from(ray.capture));
            for &to in self.rays.squares(ray) {
                let m = marks[to.index()];
                hits += capture & i32::from(m & zone != 0);
                if m & MARK_OCCUPIED == 0 {
                    reach += quiet;
                    continue;
                }
                reach += capture & i32::from(m & enemy != 0);
                break;
            }
        }
        (reach, hits)
    }

    /// Steps (files plus ranks, halved) from `sq` to the board's centre.
    fn off_centre(&self, sq: Square) -> i32 {
        let fx = 2 * i32::from(sq.file()) - (i32::from(self.files) - 1);
        let fy = 2 * i32::from(sq.rank()) - (i32::from(self.ranks) - 1);
        (fx.abs() + fy.abs()) / 2
    }

    /// `color`'s share of its starting piece material, 0 to 256: high means danger for the other
    /// side's royal, low means an endgame.
    fn phase(&self, material: &[i32; 2], pawns: &[i32; 2], color: Color) -> i32 {
        let pieces = (material[color.index()] - pawns[color.index()]).max(0);
        (pieces * 256 / self.start_material).min(256)
    }
}

/// [`Evaluator::reach_marked`]'s marks: a piece of White, of Black (by colour index).
const MARK_SIDE: [u8; 2] = [1, 2];
/// Either side's piece.
const MARK_OCCUPIED: u8 = 3;
/// A square next to White's royal, next to Black's.
const MARK_ZONE: [u8; 2] = [4, 8];

/// The eight neighbours of a square.
const NEIGHBOURS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The weights per term in feature order.
fn term_weights(v: &Variant, w: &Weights) -> Vec<Pair> {
    let mut out = vec![
        w.centre,
        w.shelter,
        w.royal_attack,
        w.castling,
        w.royal_centre,
        w.advance,
        w.passed,
        w.doubled,
        w.isolated,
        w.blocked,
        w.tempo,
        w.close_in,
        w.corner,
    ];
    out.extend(
        v.roles()
            .map(|(_, info)| w.mobility.get(&info.name).copied().unwrap_or([0, 0])),
    );
    out
}

/// Per (colour, role, square): how many squares more than its average over the board the role
/// reaches from the square on an empty board (0 for royals and pawns, which have their own terms).
fn centre_table(v: &Variant, rays: &[Vec<Ray>], roles: usize, is_pawn: &[bool]) -> Vec<i32> {
    let mut table = vec![0; rays.len()];
    let squares = v.size().square_count().max(1) as i32;
    for (role, info) in v.roles() {
        let r = role.index();
        if info.royal || is_pawn[r] {
            continue;
        }
        for color in Color::ALL {
            let base = (color.index() * roles + r) * 256;
            let reach = |sq: Square| {
                rays[base + sq.index()]
                    .iter()
                    .map(|ray| ray.squares.len() as i32)
                    .sum::<i32>()
            };
            let average = v.size().squares().map(reach).sum::<i32>() / squares;
            for sq in v.size().squares() {
                table[base + sq.index()] = reach(sq) - average;
            }
        }
    }
    table
}

/// Per (colour, role, square) for pawns: the squares the pawn's own forward moves take it to (its
/// quiet moves that gain rank, repeated), the squares beside them, where its next moves go, and
/// its progress toward the promotion rank.
fn pawn_table(v: &Variant, rays: &[Vec<Ray>], roles: usize, is_pawn: &[bool]) -> Vec<PawnSquare> {
    let mut table = vec![PawnSquare::default(); rays.len()];
    for (role, _) in v.roles() {
        let r = role.index();
        if !is_pawn[r] {
            continue;
        }
        let last = v
            .promotions()
            .iter()
            .filter(|p| p.roles >> r & 1 == 1 && p.rank > 0)
            .map(|p| i32::from(p.rank))
            .min()
            .unwrap_or(i32::from(v.size().ranks()) - 1)
            .max(1);
        for color in Color::ALL {
            let base = (color.index() * roles + r) * 256;
            let forward = |from: Square| -> SquareSet {
                let rank = v.relative_rank(color, from);
                rays[base + from.index()]
                    .iter()
                    .filter(|ray| ray.quiet)
                    .filter_map(|ray| ray.squares.first().copied())
                    .filter(|&to| v.relative_rank(color, to) > rank)
                    .collect()
            };
            for sq in v.size().squares() {
                let next = forward(sq);
                let mut path = SquareSet::EMPTY;
                let mut frontier = next;
                while !frontier.is_empty() {
                    path = path.union(frontier);
                    let mut grown = SquareSet::EMPTY;
                    for s in frontier {
                        grown = grown.union(forward(s));
                    }
                    frontier = grown.difference(path);
                }
                let mut passed_mask = path;
                for s in path {
                    for dx in [-1, 1] {
                        if let Some(n) = v.size().offset(s, dx, 0) {
                            passed_mask.insert(n);
                        }
                    }
                }
                let rank = i32::from(v.relative_rank(color, sq)).min(last);
                table[base + sq.index()] = PawnSquare {
                    path,
                    passed_mask,
                    next,
                    progress: 16 * rank * rank / (last * last),
                };
            }
        }
    }
    table
}
