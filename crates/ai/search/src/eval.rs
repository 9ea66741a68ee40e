//! Static evaluation for any variant, built from the variant's data alone: piece values
//! ([`messhall_rules::RoleInfo::value`]), mobility along each piece's compiled moves, royal safety,
//! pawn advancement toward the variant's promotion ranks, and energy where pieces carry a counter,
//! plus the game's own term where its rules add one ([`messhall_rules::GameRules::evaluate`]).
//! Powers given as data count too: frozen pieces have no mobility, a borrower (the Friendly game's
//! Friend) reaches where the moves its direct guards lend it take it, and where only the last royal
//! is royal the others are material like any piece, so their count is weighed.
//! Scores are centipawns from the side to move's point of view.

use messhall_rules::spec::RoyalRule;
use messhall_rules::{Color, Position, Role, Square, SquareSet, Variant};

/// Centipawns per square a piece reaches beyond its average on an empty board.
pub const MOBILITY_CP: i32 = 4;
/// A piece in hand (games with drops) is worth this share of its value on the board: it is not in
/// play yet, but may enter where it is needed.
const HAND_VALUE_PERCENT: i32 = 90;

/// Centipawns per friendly piece next to a royal, at full enemy material.
pub const SHELTER_CP: i32 = 12;
/// Most sheltering neighbours counted.
pub const SHELTER_MAX: i32 = 3;
/// Centipawns per step of a royal toward the centre once the enemy's pieces are gone.
pub const ROYAL_CENTRE_CP: i32 = 8;
/// Share of the promotion gain a pawn one rank short of promotion is worth (per mille).
pub const ADVANCE_PER_MILLE: i32 = 200;
/// Value kept by a piece with 0, 1 and 2 energy (per cent); 3 or more keep all.
pub const ENERGY_VALUE_PERCENT: [i32; 3] = [10, 55, 85];
/// Centipawns per point of energy, up to [`ENERGY_CAP`].
pub const ENERGY_CP: i32 = 3;
pub const ENERGY_CAP: i32 = 12;
/// Centipawns per step each piece stands nearer the enemy royal than [`CHASE_RANGE`]. Where
/// taking a royal wins (no check: a royal can walk into danger) it grows as the enemy's pieces go,
/// and is full once they are gone; in other games it counts only against a royal left with no
/// pieces (pawns aside). A bare royal is caught by pieces that close in on it: without this term
/// a side far ahead wandered until the fifty-move rule drew (in PieceEater Chess, where the
/// PieceEater eats so much that such endings are common, and in Food Fight, where four pieces
/// against a bare Chef drew). Counted in checkmate games from the first lost piece, as in the
/// PieceEater, it cost chess's ladder most of its margins (level 6 against 5: 57.5%, against 72.5%).
pub const CHASE_CP: i32 = 12;
pub const CHASE_RANGE: i32 = 7;
/// Centipawns per step a bare enemy royal (no pieces, pawns aside) stands from the centre: it is
/// mated or caught on the edge.
pub const CORNER_CP: i32 = 10;
/// Bonus for having the move.
pub const TEMPO_CP: i32 = 10;

/// A straight line of squares one of a piece's moves goes along, nearest first.
#[derive(Clone, Debug)]
struct Ray {
    squares: Vec<Square>,
    quiet: bool,
    capture: bool,
}

/// Evaluation tables compiled once per variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// Material value per role (royals 0: they are never traded).
    values: Vec<i32>,
    royal_safety: bool,
    /// Taking a royal wins the game (see [`CHASE_CP`]).
    royal_capture: bool,
    /// Advancement bonus per role and relative rank.
    advance: Vec<[i32; 16]>,
    /// Rays per (colour, role, square): index `(color * roles + role) * 256 + square`.
    rays: Vec<Vec<Ray>>,
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
    pub fn new(v: &Variant) -> Evaluator {
        let roles = v.role_count();
        // Where only the last royal is royal, the others are pieces to win and lose like any other.
        let spare_royals = v.end.royal == RoyalRule::Last;
        let values: Vec<i32> = v
            .roles()
            .map(|(_, r)| if r.royal && !spare_royals { 0 } else { r.value.max(0) })
            .collect();
        let mut advance = vec![[0i32; 16]; roles];
        for p in &v.promotions {
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
        let size = v.size;
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
        Evaluator {
            any_borrower: borrower.contains(&true),
            borrower,
            royal_safety: matches!(v.end.royal, RoyalRule::Checkmate | RoyalRule::Capture | RoyalRule::Last),
            royal_capture: v.end.royal == RoyalRule::Capture,
            has_energy: v
                .roles()
                .map(|(_, r)| v.counter_name.is_some() && !r.royal && r.counter > 0)
                .collect(),
            values,
            advance,
            rays,
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
                let child = start.play(v, mv);
                v.rules.evaluate(v, &child) - self.evaluate(v, &child)
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

    /// The position's score for the side to move.
    ///
    /// # Panics
    /// When `v` or `pos` is not of the variant the evaluator was made for (a piece type beyond its
    /// tables).
    pub fn evaluate(&self, v: &Variant, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        let mut material = [0i32; 2];
        let mut positional = [0i32; 2];
        let mut advance = [0i32; 2];
        let mut pawns = [0i32; 2];
        let inactive = v.rules.has_inactive_pieces();
        // Frozen pieces do nothing; a borrower reaches where the moves of its guards take it
        // (direct guards along single-step and sliding moves: an estimate of the full rule).
        let frozen = v.frozen_squares(pos);
        let mut lent: Vec<(Square, Color, u64)> = Vec::new();
        for color in Color::ALL {
            let c = color.index();
            let enemies = pos.pieces_of(!color);
            for sq in pos.pieces_of(color) {
                let Some(piece) = pos.piece_at(sq) else { continue };
                let r = piece.role().index();
                let mut value = self.values[r];
                if self.has_energy[r] {
                    let e = i32::from(pos.counter(sq));
                    if let Some(&pct) = ENERGY_VALUE_PERCENT.get(e as usize) {
                        value = value * pct / 100;
                    }
                    positional[c] += ENERGY_CP * e.min(ENERGY_CAP);
                }
                material[c] += value;
                if self.is_pawn[r] {
                    pawns[c] += value;
                }
                advance[c] += self.advance[r][usize::from(v.relative_rank(color, sq))];
                if (inactive && !v.rules.is_active(v, pos, sq)) || frozen.contains(sq) {
                    continue;
                }
                let guarded = if self.any_borrower { Some(&mut lent) } else { None };
                let reach = self.reach(pos, enemies, color, r, sq, guarded);
                if !self.is_pawn[r] {
                    positional[c] += MOBILITY_CP * (reach - self.mobility_centre[r]);
                }
            }
        }
        for &(sq, color, roles) in &lent {
            let enemies = pos.pieces_of(!color);
            let reach: i32 = (0..self.roles)
                .filter(|&r| roles >> r & 1 == 1)
                .map(|r| self.reach(pos, enemies, color, r, sq, None))
                .sum();
            positional[color.index()] += MOBILITY_CP * reach;
        }
        if !v.drops.is_empty() {
            for color in Color::ALL {
                for (role, _) in v.roles() {
                    let held = i32::from(pos.hand(color, role));
                    material[color.index()] += held * self.values[role.index()] * HAND_VALUE_PERCENT / 100;
                }
            }
        }
        for color in Color::ALL {
            // Pawns count half their advancement while the enemy has all its pieces, fully without them.
            let phase = self.phase(&material, &pawns, !color);
            positional[color.index()] += advance[color.index()] * (512 - phase) / 512;
        }
        if self.royal_safety {
            for color in Color::ALL {
                let royals = pos.royals(color);
                if royals.count() > 2 {
                    continue;
                }
                let phase = self.phase(&material, &pawns, !color);
                for sq in royals {
                    let mut shelter = 0;
                    for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                        if let Some(n) = v.size.offset(sq, dx, dy)
                            && pos.pieces_of(color).contains(n)
                        {
                            shelter += 1;
                        }
                    }
                    positional[color.index()] += SHELTER_CP * shelter.min(SHELTER_MAX) * phase / 256;
                    positional[color.index()] -= ROYAL_CENTRE_CP * self.off_centre(sq) * (256 - phase) / 256;
                }
            }
        }
        for color in Color::ALL {
            let phase = self.phase(&material, &pawns, !color);
            // Closing in: where taking a royal wins, from the first lost piece on; elsewhere once
            // the enemy has only its royal and pawns left and we have pieces to mate with.
            let bare = phase == 0 && self.phase(&material, &pawns, color) > 0;
            let weight = if self.royal_capture {
                256 - phase
            } else if bare {
                256
            } else {
                0
            };
            if weight == 0 {
                continue;
            }
            let targets = pos.royals(!color);
            let mut near = 0;
            for target in targets {
                for sq in pos.pieces_of(color) {
                    let d = i32::from(sq.file().abs_diff(target.file()).max(sq.rank().abs_diff(target.rank())));
                    near += (CHASE_RANGE - d).max(0);
                }
            }
            positional[color.index()] += CHASE_CP * near * weight / 256;
            if bare && targets.count() == 1 {
                for target in targets {
                    positional[color.index()] += CORNER_CP * self.off_centre(target);
                }
            }
        }
        let (u, t) = (us.index(), (!us).index());
        material[u] - material[t] + positional[u] - positional[t] + TEMPO_CP + v.rules.evaluate(v, pos)
    }

    /// How many squares a piece of role index `r` on `sq` reaches along its rays. With `lent`,
    /// notes the role as lent to every friendly borrower it guards.
    fn reach(
        &self,
        pos: &Position,
        enemies: SquareSet,
        color: Color,
        r: usize,
        sq: Square,
        mut lent: Option<&mut Vec<(Square, Color, u64)>>,
    ) -> i32 {
        let mut reach = 0;
        // A neutral piece (the PieceEater) does not block: it moves on after every move.
        // (Counting it as a blocker measured worse: 43.8% in 200 PieceEater games.)
        for ray in &self.rays[(color.index() * self.roles + r) * 256 + sq.index()] {
            for &to in &ray.squares {
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
        reach
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
