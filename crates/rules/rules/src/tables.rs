//! Move tables compiled once per variant from the pieces' XBetza, so move generation and attack
//! detection only walk precomputed square lists and never look at notation.

use crate::{Color, Role};
use messhall_betza::{Hop, Move as BetzaMove, PieceMoves, Step, UNLIMITED};
use messhall_geometry::{BoardSize, Square, SquareSet};

pub(crate) const F_MOVE: u16 = 1;
pub(crate) const F_CAPTURE: u16 = 2;
pub(crate) const F_INITIAL: u16 = 4;
pub(crate) const F_EP_CAPTURE: u16 = 8;
pub(crate) const F_EP_CREATE: u16 = 16;
pub(crate) const F_CANNON: u16 = 32;
pub(crate) const F_GRASSHOPPER: u16 = 64;
/// A slide: along a rank, file or diagonal through squares that must be empty (a W or F rider,
/// or a lame straight leap such as `nA`), which Hia can stop.
pub(crate) const F_SLIDE: u16 = 128;
/// Its leaps pass squares that must be empty (`lame_per_step` above 0): one bit to test, with the
/// others, for whether a ray needs more than the plain walk.
pub(crate) const F_LAME: u16 = 256;

/// One direction of one move from one square: the squares its successive leaps land on, in
/// order, and for lame leaps the squares each leap passes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub start: u32,
    pub len: u8,
    pub lame_per_step: u8,
    pub lame_start: u32,
    pub flags: u16,
}

/// A group of attacks that share a leap: walking back from a target along `step`, a piece of a
/// role in `mask_at[k]` standing `k` leaps away attacks the target (hopping per `hop`).
#[derive(Clone, Debug)]
pub(crate) struct AttackGroup {
    pub hop: Hop,
    pub lame: bool,
    pub mask_at: [u64; 17],
    /// Some member attacks from two or more leaps away (`mask_at[2..]` not all 0): a rider,
    /// whose line can pin.
    pub rider: bool,
}

/// The compiled tables of a variant.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    roles: usize,
    pub rays: Vec<Ray>,
    pub squares: Vec<Square>,
    pub lame: Vec<Square>,
    /// `(first ray, ray count)` for `((color * roles) + role) * 256 + square`.
    index: Vec<(u32, u32)>,
    /// Multi-leg moves per `color * roles + role`, seen from that colour's side.
    pub multi_leg: Vec<Vec<BetzaMove>>,
    /// Per colour: attack groups, and per `group * 256 + square` the reverse ray (`Ray` with flags 0).
    pub groups: [Vec<AttackGroup>; 2],
    pub reverse: [Vec<Ray>; 2],
    /// Per colour, roles whose attacks the groups cannot express (crooked, multi-leg, initial-only
    /// or hopping leaper captures): their attacks are found by generating their moves.
    pub slow_attackers: [u64; 2],
    /// Per colour, roles that may reach one square in two ways (their moves need de-duplicating).
    pub duplicating: [u64; 2],
    /// Per `color * 256 + square`: the squares and roles from which a piece of that colour could
    /// capture en passant onto the square.
    pub ep_sources: Vec<Vec<(Square, Role)>>,
}

/// The squares a single leap `(dx, dy)` passes when it is lame: straight leaps pass the squares
/// between; an oblique leap first steps orthogonally along its long axis, then diagonally.
///
/// Step `k` of a leap whose long axis is `m` squares long goes `k` along it and, for an oblique
/// leap, `k - (long - short)` (at least 0) along the other: the orthogonal steps come first. An
/// iterator, not a list, since playing a double step and walking a lame leg ask for it.
pub(crate) fn lame_path(dx: i32, dy: i32) -> impl Iterator<Item = (i32, i32)> + Clone {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let straight = (ax - ay).abs();
    (1..ax.max(ay)).map(move |k| {
        let short = (k - straight).max(0);
        if ax >= ay {
            (sx * k, sy * short)
        } else {
            (sx * short, sy * k)
        }
    })
}

fn orient(step: Step, color: Color) -> (i32, i32) {
    let (dx, dy) = (i32::from(step.dx), i32::from(step.dy));
    match color {
        Color::White => (dx, dy),
        Color::Black => (dx, -dy),
    }
}

/// Mirrors a whole move for Black.
pub(crate) fn orient_move(m: &BetzaMove, color: Color) -> BetzaMove {
    let mut m = m.clone();
    if color == Color::Black {
        for leg in &mut m.legs {
            leg.step.dy = -leg.step.dy;
            if let Some(p) = &mut leg.crooked {
                p.dy = -p.dy;
            }
        }
    }
    m
}

fn flags_of(m: &BetzaMove) -> u16 {
    let leg = &m.legs[0];
    let mut f = 0;
    if leg.mode.to_empty {
        f |= F_MOVE;
    }
    if leg.mode.to_enemy {
        f |= F_CAPTURE;
    }
    if m.initial_only {
        f |= F_INITIAL;
    }
    if m.en_passant {
        f |= if leg.mode.to_enemy { F_EP_CAPTURE } else { F_EP_CREATE };
    }
    let (dx, dy) = (leg.step.dx.unsigned_abs(), leg.step.dy.unsigned_abs());
    let straight = dx == 0 || dy == 0 || dx == dy;
    let unit_rider = dx.max(dy) == 1 && leg.max_steps != 1;
    if leg.hop == Hop::None && leg.crooked.is_none() && straight && (unit_rider || (leg.lame && dx.max(dy) > 1)) {
        f |= F_SLIDE;
    }
    match leg.hop {
        Hop::None => {}
        Hop::Cannon => f |= F_CANNON,
        Hop::Grasshopper => f |= F_GRASSHOPPER,
    }
    f
}

/// A piece whose one-leg moves reach more than [`crate::limits::MAX_TARGETS_PER_SQUARE`]
/// squares from `square` (a square reached by two moves counts twice).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TooManyTargets {
    /// Index of the piece's moves in the list given to [`Tables::build`].
    pub piece: usize,
    pub square: Square,
    pub targets: usize,
}

impl Tables {
    /// Compiles the tables of `pieces` on a board of `size`.
    ///
    /// # Errors
    ///
    /// [`TooManyTargets`] for the first piece and square past the limit.
    pub fn build(size: BoardSize, pieces: &[PieceMoves]) -> Result<Tables, TooManyTargets> {
        let roles = pieces.len();
        let mut t = Tables {
            roles,
            index: vec![(0, 0); 2 * roles * 256],
            multi_leg: vec![Vec::new(); 2 * roles],
            ep_sources: vec![Vec::new(); 2 * 256],
            ..Tables::default()
        };
        for color in Color::ALL {
            for (r, piece) in pieces.iter().enumerate() {
                let slot = color.index() * roles + r;
                for m in &piece.moves {
                    if m.legs.len() > 1 {
                        t.multi_leg[slot].push(orient_move(m, color));
                    }
                }
                for sq in size.squares() {
                    let first = t.rays.len() as u32;
                    // Squares reached so far from `sq`, and how many times in all.
                    let mut seen = SquareSet::EMPTY;
                    let mut targets_here = 0;
                    for m in piece.moves.iter().filter(|m| m.legs.len() == 1) {
                        if let Some(ray) = t.compile_ray(size, sq, m, color) {
                            let targets = &t.squares[ray.start as usize..][..usize::from(ray.len)];
                            if ray.flags & F_EP_CAPTURE != 0 {
                                for &target in targets {
                                    t.ep_sources[color.index() * 256 + target.index()].push((sq, Role(r as u8)));
                                }
                            }
                            if targets.iter().any(|&s| seen.contains(s)) {
                                t.duplicating[color.index()] |= 1 << r;
                            }
                            for &s in targets {
                                seen.insert(s);
                            }
                            targets_here += targets.len();
                            t.rays.push(ray);
                        }
                        if targets_here > crate::limits::MAX_TARGETS_PER_SQUARE {
                            return Err(TooManyTargets {
                                piece: r,
                                square: sq,
                                targets: targets_here,
                            });
                        }
                    }
                    if !t.multi_leg[slot].is_empty() {
                        t.duplicating[color.index()] |= 1 << r;
                    }
                    t.index[slot * 256 + sq.index()] = (first, t.rays.len() as u32 - first);
                }
            }
            t.build_attacks(size, pieces, color);
        }
        Ok(t)
    }

    fn compile_ray(&mut self, size: BoardSize, from: Square, m: &BetzaMove, color: Color) -> Option<Ray> {
        let leg = &m.legs[0];
        let max = if leg.max_steps == UNLIMITED {
            16
        } else {
            usize::from(leg.max_steps)
        };
        let step = orient(leg.step, color);
        let partner = leg.crooked.map(|p| orient(p, color));
        let path_len = lame_path(step.0, step.1).count();
        let lame_per_step = if leg.lame || (leg.hop == Hop::Cannon && max == 1) {
            path_len as u8
        } else {
            0
        };
        let start = self.squares.len() as u32;
        let lame_start = self.lame.len() as u32;
        let mut at = from;
        let mut len = 0u8;
        for i in 0..max {
            let (dx, dy) = match partner {
                Some(p) if i % 2 == 1 => p,
                _ => step,
            };
            let Some(next) = size.offset(at, dx, dy) else {
                break;
            };
            if lame_per_step > 0 {
                for (px, py) in lame_path(dx, dy) {
                    // Inside the leap's bounding box, so always on the board.
                    self.lame.push(size.offset(at, px, py).unwrap_or(at));
                }
            }
            self.squares.push(next);
            len += 1;
            at = next;
        }
        if len == 0 {
            return None;
        }
        Some(Ray {
            start,
            len,
            lame_per_step,
            lame_start,
            flags: flags_of(m) | if lame_per_step > 0 { F_LAME } else { 0 },
        })
    }

    fn build_attacks(&mut self, size: BoardSize, pieces: &[PieceMoves], color: Color) {
        let c = color.index();
        let mut keys: Vec<(Step, Hop, bool)> = Vec::new();
        for (r, piece) in pieces.iter().enumerate() {
            for m in &piece.moves {
                let leg = &m.legs[0];
                let captures = m.legs.last().is_some_and(|l| l.mode.to_enemy);
                if !captures {
                    continue;
                }
                let hopping_leaper = leg.hop != Hop::None && leg.max_steps == 1;
                let lame_hopper = leg.hop != Hop::None && leg.lame;
                if m.legs.len() > 1 || m.initial_only || leg.crooked.is_some() || hopping_leaper || lame_hopper {
                    self.slow_attackers[c] |= 1 << r;
                    continue;
                }
                let key = (leg.step, leg.hop, leg.lame);
                let g = match keys.iter().position(|k| *k == key) {
                    Some(g) => g,
                    None => {
                        keys.push(key);
                        self.groups[c].push(AttackGroup {
                            hop: leg.hop,
                            lame: leg.lame,
                            mask_at: [0; 17],
                            rider: false,
                        });
                        keys.len() - 1
                    }
                };
                let reach = if leg.max_steps == UNLIMITED {
                    16
                } else {
                    usize::from(leg.max_steps).min(16)
                };
                for k in 1..=reach {
                    self.groups[c][g].mask_at[k] |= 1 << r;
                }
            }
        }
        // Reverse rays: from a target, back against the leap, as far as any member reaches.
        for group in &mut self.groups[c] {
            group.rider = group.mask_at[2..].iter().any(|&m| m != 0);
        }
        for (g, key) in keys.iter().enumerate() {
            let (dx, dy) = orient(key.0, color);
            let reach = (1..=16).rev().find(|&k| self.groups[c][g].mask_at[k] != 0).unwrap_or(1);
            let lame_per_step = if key.2 { lame_path(dx, dy).count() as u8 } else { 0 };
            let mut rays = vec![
                Ray {
                    start: 0,
                    len: 0,
                    lame_per_step,
                    lame_start: 0,
                    flags: 0
                };
                256
            ];
            for target in size.squares() {
                let start = self.squares.len() as u32;
                let lame_start = self.lame.len() as u32;
                let mut at = target;
                let mut len = 0;
                for _ in 0..reach {
                    let Some(back) = size.offset(at, -dx, -dy) else {
                        break;
                    };
                    if lame_per_step > 0 {
                        for (px, py) in lame_path(dx, dy) {
                            self.lame.push(size.offset(back, px, py).unwrap_or(back));
                        }
                    }
                    self.squares.push(back);
                    len += 1;
                    at = back;
                }
                rays[target.index()] = Ray {
                    start,
                    len,
                    lame_per_step,
                    lame_start,
                    flags: 0,
                };
            }
            self.reverse[c].extend(rays);
        }
    }

    // The lookups below are the move generator's innermost arithmetic. Their operands are
    // bounded by the tables' sizes, and a wrong index would still be caught by the slice's bounds
    // check, so they use wrapping arithmetic and skip the release build's overflow checks.

    /// The rays of `role` (of `color`) from `sq`.
    #[inline]
    pub fn rays(&self, color: Color, role: Role, sq: Square) -> &[Ray] {
        let slot = color.index().wrapping_mul(self.roles).wrapping_add(role.index());
        let (first, count) = self.index[slot.wrapping_mul(256).wrapping_add(sq.index())];
        &self.rays[first as usize..first.wrapping_add(count) as usize]
    }

    #[inline]
    pub fn ray_squares(&self, ray: &Ray) -> &[Square] {
        &self.squares[ray.start as usize..][..usize::from(ray.len)]
    }

    /// The squares leap number `step` of `ray` passes (empty unless the ray is lame).
    #[inline]
    pub fn lame_squares(&self, ray: &Ray, step: usize) -> &[Square] {
        let n = usize::from(ray.lame_per_step);
        &self.lame[(ray.lame_start as usize).wrapping_add(step.wrapping_mul(n))..][..n]
    }

    #[inline]
    pub fn reverse_ray(&self, color: Color, group: usize, target: Square) -> &Ray {
        &self.reverse[color.index()][group.wrapping_mul(256).wrapping_add(target.index())]
    }

    pub fn multi_leg(&self, color: Color, role: Role) -> &[BetzaMove] {
        &self.multi_leg[color.index() * self.roles + role.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::lame_path;

    #[test]
    fn lame_paths() {
        assert_eq!(lame_path(0, 2).collect::<Vec<_>>(), vec![(0, 1)]);
        assert_eq!(lame_path(2, -2).collect::<Vec<_>>(), vec![(1, -1)]);
        assert_eq!(lame_path(1, 2).collect::<Vec<_>>(), vec![(0, 1)]);
        assert_eq!(lame_path(-2, 1).collect::<Vec<_>>(), vec![(-1, 0)]);
        assert_eq!(lame_path(1, 3).collect::<Vec<_>>(), vec![(0, 1), (0, 2)]);
        assert_eq!(lame_path(2, 3).collect::<Vec<_>>(), vec![(0, 1), (1, 2)]);
        assert_eq!(lame_path(1, 1).count(), 0);
        assert_eq!(lame_path(0, 1).count(), 0);
    }

    /// The path built step by step as the rule says it (orthogonal steps along the long axis,
    /// then diagonal ones, the landing square left off), against the formula, for every leap.
    #[test]
    fn lame_paths_follow_the_rule() {
        for dx in -15i32..=15 {
            for dy in -15i32..=15 {
                let (ax, ay) = (dx.abs(), dy.abs());
                let (mut x, mut y) = (0, 0);
                let mut walked = Vec::new();
                for _ in 0..(ax - ay).abs() {
                    if ax > ay {
                        x += dx.signum();
                    } else {
                        y += dy.signum();
                    }
                    walked.push((x, y));
                }
                for _ in 0..ax.min(ay) {
                    x += dx.signum();
                    y += dy.signum();
                    walked.push((x, y));
                }
                walked.pop();
                assert_eq!(lame_path(dx, dy).collect::<Vec<_>>(), walked, "leap ({dx}, {dy})");
            }
        }
    }
}
