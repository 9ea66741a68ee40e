//! A piece type's moves and powers in plain words, worked out from its compiled moves (not its
//! XBetza text), for legends and rules pages: "steps one square in any direction; rides knight
//! leaps in a line over exactly one piece, any distance, to an empty square beyond or onto the
//! first piece beyond to capture it".
//!
//! Directions are as White sees them; Black's mirror them, which the words need not say.

use crate::spec::RoyalRule;
use crate::{Role, Variant};
use messhall_betza::{Hop, Leg, Mode, Move, PieceMoves, UNLIMITED};

/// The moves and powers of `role` in plain words, clauses joined by "; ". A role the variant does
/// not have gets an empty string.
pub fn piece_words(v: &Variant, role: Role) -> String {
    let Some(info) = v.try_role(role) else {
        return String::new();
    };
    let mut clauses = moves_words(&info.moves);
    if let Some(p) = &v.powers {
        clauses.extend(power_words(v, p, role));
    }
    if clauses.is_empty() {
        clauses.push("does not move".to_string());
    }
    if v.castling_king(role) {
        clauses.extend(castling_words(v));
    }
    if v.is_pawn(role) {
        clauses.extend(promotion_words(v, role));
    }
    clauses.extend(v.rules.role_words(v, role));
    if info.royal {
        clauses.push(
            match v.end.royal {
                RoyalRule::Checkmate => "royal: checkmate it to win",
                RoyalRule::Capture => "royal: capture it to win",
                RoyalRule::Last => "royal: a side that loses its last one loses",
            }
            .to_string(),
        );
    }
    clauses.join("; ")
}

/// A list of piece moves in words, a clause per kind of move.
pub fn moves_words(moves: &PieceMoves) -> Vec<String> {
    let mut groups: Vec<Group> = Vec::new();
    for m in &moves.moves {
        let key = Key::of(m);
        let dirs: Vec<(i8, i8)> = m.legs.iter().map(|l| (l.step.dx, l.step.dy)).collect();
        match groups.iter_mut().find(|g| g.key == key) {
            Some(g) => {
                for (i, d) in dirs.into_iter().enumerate() {
                    if let Some(set) = g.dirs.get_mut(i)
                        && !set.contains(&d)
                    {
                        set.push(d);
                    }
                }
            }
            None => groups.push(Group {
                key,
                dirs: dirs.into_iter().map(|d| vec![d]).collect(),
            }),
        }
    }
    merge_straight(&mut groups);
    groups.iter().map(Group::words).collect()
}

/// What a kind of move is, apart from its directions.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    legs: Vec<LegKey>,
    initial: bool,
    en_passant: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LegKey {
    /// The leap, short side first: (0, 1) a step straight, (1, 2) a knight's leap.
    shape: (u8, u8),
    /// For a shape merged from a straight and a diagonal one of the same length: (0, n) and (n, n).
    both_lines: bool,
    max_steps: u8,
    lame: bool,
    crooked: bool,
    mode: Mode,
    hop: Hop,
}

impl Key {
    fn of(m: &Move) -> Key {
        Key {
            legs: m.legs.iter().map(LegKey::of).collect(),
            initial: m.initial_only,
            en_passant: m.en_passant,
        }
    }
}

impl LegKey {
    fn of(l: &Leg) -> LegKey {
        let (a, b) = (l.step.dx.unsigned_abs(), l.step.dy.unsigned_abs());
        LegKey {
            shape: (a.min(b), a.max(b)),
            both_lines: false,
            max_steps: l.max_steps,
            lame: l.lame,
            crooked: l.crooked.is_some(),
            mode: l.mode,
            hop: l.hop,
        }
    }
}

struct Group {
    key: Key,
    /// Per leg, the directions it takes.
    dirs: Vec<Vec<(i8, i8)>>,
}

/// Joins a one-leg straight group (0, n) with the diagonal one (n, n) of the same kind, so a King
/// "steps one square in any direction" rather than orthogonally and diagonally.
fn merge_straight(groups: &mut Vec<Group>) {
    let mut i = 0;
    while i < groups.len() {
        let Some(leg) = groups[i].key.legs.first().copied() else {
            i += 1;
            continue;
        };
        if groups[i].key.legs.len() != 1 || leg.shape.0 != 0 || leg.both_lines {
            i += 1;
            continue;
        }
        let n = leg.shape.1;
        let partner = groups.iter().position(|g| {
            g.key.legs.len() == 1
                && g.key.initial == groups[i].key.initial
                && g.key.en_passant == groups[i].key.en_passant
                && g.key.legs[0] == LegKey { shape: (n, n), ..leg }
        });
        if let Some(j) = partner {
            let diagonal = groups.remove(j);
            let i = if j < i { i - 1 } else { i };
            groups[i].key.legs[0].both_lines = true;
            groups[i].dirs[0].extend(diagonal.dirs.into_iter().flatten());
        }
        i += 1;
    }
}

impl Group {
    fn words(&self) -> String {
        let mut out = String::new();
        if self.key.initial {
            out.push_str("on its first move, ");
        }
        let legs: Vec<String> = self
            .key
            .legs
            .iter()
            .zip(&self.dirs)
            .enumerate()
            .map(|(i, (leg, dirs))| leg_words(leg, dirs, i + 1 == self.key.legs.len()))
            .collect();
        out.push_str(&legs.join(", then "));
        let last = self.key.legs.last().map(|l| l.mode).unwrap_or_default();
        if self.key.en_passant {
            out.push_str(if last.to_enemy {
                ", also en passant"
            } else {
                " (it may be taken en passant)"
            });
        }
        out
    }
}

/// Numbers as words, up to twelve.
fn number(n: u8) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    ];
    WORDS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

fn squares(n: u8) -> String {
    if n == 1 {
        "one square".to_string()
    } else {
        format!("{} squares", number(n))
    }
}

/// One leg in words: how it travels, how far, which way, and what it may land on.
fn leg_words(leg: &LegKey, dirs: &[(i8, i8)], last: bool) -> String {
    let (a, b) = leg.shape;
    let straight = a == 0 || a == b;
    let step = straight && b == 1;
    let rider = leg.max_steps != 1;
    let way = if straight {
        straight_dirs(dirs, leg.both_lines)
    } else {
        oblique_dirs(dirs, a, b)
    };
    let captures_only = last && leg.mode.to_enemy && !leg.mode.to_empty;
    // Along lines of some of an oblique leap's directions: which ones, in brackets.
    let along_way = if straight || way.is_empty() {
        way.clone()
    } else {
        format!("({way})")
    };
    let distance = |line: &str| match leg.max_steps {
        UNLIMITED => format!("any number of {line} in a line"),
        n => format!("up to {} {line} in a line", number(n)),
    };
    let leap_name = if straight {
        format!("{}-square leaps", number(b))
    } else if (a, b) == (1, 2) {
        "knight leaps".to_string()
    } else {
        format!("{}-by-{} leaps", number(b), number(a))
    };
    let mut s = if leg.crooked {
        let reach = match leg.max_steps {
            UNLIMITED => "any distance".to_string(),
            n => format!("up to {} leaps", number(n)),
        };
        format!("zigzags {along_way} in {leap_name}, turning one way then the other, {reach}")
    } else if leg.hop == Hop::Cannon {
        let along = if rider && step {
            "slides any distance".to_string()
        } else if rider {
            format!("rides {}", distance(&leap_name))
        } else {
            format!("leaps {}", one_leap(a, b))
        };
        format!("{along} {along_way} over exactly one piece").replace("  ", " ")
    } else if leg.hop == Hop::Grasshopper {
        let lines = if step {
            String::new()
        } else {
            format!("along the lines of {leap_name} ")
        };
        format!("hops {lines}{along_way} over the first piece in line, landing just beyond it")
    } else if step && !rider {
        format!(
            "{} {} {way}",
            if captures_only { "captures" } else { "steps" },
            squares(1)
        )
    } else if step {
        let how_far = match leg.max_steps {
            UNLIMITED => "any distance".to_string(),
            n => format!("up to {}", squares(n)),
        };
        format!("{} {how_far} {way}", if captures_only { "captures" } else { "slides" })
    } else if rider {
        format!("rides {} {along_way}", distance(&leap_name))
    } else if straight {
        let verb = if captures_only {
            "captures"
        } else if leg.lame {
            "moves"
        } else {
            "jumps"
        };
        format!("{verb} exactly {} {way}", squares(b))
    } else if way.is_empty() {
        let verb = if captures_only { "captures by leaping" } else { "leaps" };
        format!("{verb} {}", one_leap(a, b))
    } else {
        // Some of the eight directions: the leaps taken say the shape.
        format!("{} {way}", if captures_only { "captures by leaping" } else { "leaps" })
    };
    s.truncate(s.trim_end().len());
    if leg.lame && !step {
        s.push_str(if straight {
            " (not jumping: the squares between must be empty)"
        } else {
            " (not jumping: the squares on its way must be empty)"
        });
    }
    if !last {
        s.push_str(if leg.mode.to_enemy && !leg.mode.to_empty {
            ", capturing there"
        } else if leg.mode.over_piece {
            " over a piece"
        } else {
            " to an empty square"
        });
    } else if leg.hop == Hop::Cannon {
        s.push_str(match (leg.mode.to_empty, leg.mode.to_enemy) {
            (true, true) => ", to an empty square beyond or onto the first piece beyond to capture it",
            (true, false) => ", to an empty square beyond, not capturing",
            _ => ", capturing the first piece beyond",
        });
    } else if leg.mode.to_empty && !leg.mode.to_enemy {
        s.push_str(", not capturing");
    } else if captures_only && leg.hop != Hop::None {
        s.push_str(", only to capture");
    }
    s
}

/// A single oblique leap: "like a knight", "three squares one way and one the other".
fn one_leap(a: u8, b: u8) -> String {
    if (a, b) == (1, 2) {
        "like a knight".to_string()
    } else {
        format!("{} one way and {} the other", squares(b), number(a))
    }
}

/// Directions of a straight leap (orthogonal, diagonal, or both when `both_lines`).
fn straight_dirs(dirs: &[(i8, i8)], both_lines: bool) -> String {
    let has = |f: &dyn Fn(i8, i8) -> bool| dirs.iter().filter(|&&(x, y)| f(x, y)).count();
    let ortho = has(&|x, y| x == 0 || y == 0);
    let diag = has(&|x, y| x != 0 && y != 0);
    if ortho == 4 && diag == 4 {
        return "in any direction".to_string();
    }
    if both_lines {
        let forward = has(&|_, y| y > 0);
        let back = has(&|_, y| y < 0);
        if dirs.len() == 3 && forward == 3 {
            return "forward, straight or diagonally".to_string();
        }
        if dirs.len() == 3 && back == 3 {
            return "back, straight or diagonally".to_string();
        }
        if ortho == 4 && diag < 4 {
            let rest: Vec<(i8, i8)> = dirs.iter().copied().filter(|&(x, y)| x != 0 && y != 0).collect();
            return format!("orthogonally, or {}", diagonal_words(&rest));
        }
        if diag == 4 {
            let rest: Vec<(i8, i8)> = dirs.iter().copied().filter(|&(x, y)| x == 0 || y == 0).collect();
            return format!("diagonally, or {}", orthogonal_words(&rest));
        }
        let o: Vec<(i8, i8)> = dirs.iter().copied().filter(|&(x, y)| x == 0 || y == 0).collect();
        let d: Vec<(i8, i8)> = dirs.iter().copied().filter(|&(x, y)| x != 0 && y != 0).collect();
        return format!("{}, or {}", orthogonal_words(&o), diagonal_words(&d));
    }
    if diag == 0 {
        orthogonal_words(dirs)
    } else {
        diagonal_words(dirs)
    }
}

fn orthogonal_words(dirs: &[(i8, i8)]) -> String {
    let f = dirs.iter().any(|&(x, y)| x == 0 && y > 0);
    let b = dirs.iter().any(|&(x, y)| x == 0 && y < 0);
    let l = dirs.iter().any(|&(x, y)| y == 0 && x < 0);
    let r = dirs.iter().any(|&(x, y)| y == 0 && x > 0);
    match (f, b, l, r) {
        (true, true, true, true) => "orthogonally".to_string(),
        (true, true, false, false) => "straight forward or back".to_string(),
        (false, false, true, true) => "sideways".to_string(),
        (true, false, true, true) => "straight forward or sideways".to_string(),
        (false, true, true, true) => "straight back or sideways".to_string(),
        _ => {
            let words: Vec<&str> = [
                (f, "straight forward"),
                (b, "straight back"),
                (l, "to the left"),
                (r, "to the right"),
            ]
            .iter()
            .filter_map(|&(yes, w)| yes.then_some(w))
            .collect();
            words.join(" or ")
        }
    }
}

fn diagonal_words(dirs: &[(i8, i8)]) -> String {
    let has = |sx: i8, sy: i8| dirs.iter().any(|&(x, y)| x.signum() == sx && y.signum() == sy);
    let (fl, fr, bl, br) = (has(-1, 1), has(1, 1), has(-1, -1), has(1, -1));
    match (fl, fr, bl, br) {
        (true, true, true, true) => "diagonally".to_string(),
        (true, true, false, false) => "diagonally forward".to_string(),
        (false, false, true, true) => "diagonally back".to_string(),
        _ => {
            let words: Vec<&str> = [
                (fl, "forward-left"),
                (fr, "forward-right"),
                (bl, "back-left"),
                (br, "back-right"),
            ]
            .iter()
            .filter_map(|&(yes, w)| yes.then_some(w))
            .collect();
            format!("diagonally {}", words.join(" or "))
        }
    }
}

/// Which of an oblique leap's eight directions it takes, by its long side: "only two forward and
/// one across". Nothing when it takes all eight.
fn oblique_dirs(dirs: &[(i8, i8)], a: u8, b: u8) -> String {
    if dirs.len() >= 8 {
        return String::new();
    }
    let forward = dirs.iter().filter(|d| d.1 > 0).count();
    let back = dirs.iter().filter(|d| d.1 < 0).count();
    if forward == 4 && back == 0 {
        return format!(
            "{} forward and {} across, or {} forward and {} across",
            number(b),
            number(a),
            number(a),
            number(b)
        );
    }
    if back == 4 && forward == 0 {
        return format!(
            "{} back and {} across, or {} back and {} across",
            number(b),
            number(a),
            number(a),
            number(b)
        );
    }
    // Classes: the long side forward, back, or across; each with its two mirror images.
    let mut words = Vec::new();
    for (name, long_vertical, sign) in [
        ("forward", true, 1i8),
        ("back", true, -1),
        ("forward", false, 1),
        ("back", false, -1),
    ] {
        let class: Vec<&(i8, i8)> = dirs
            .iter()
            .filter(|d| d.1.signum() == sign && (d.1.unsigned_abs() == b) == long_vertical)
            .collect();
        if class.is_empty() {
            continue;
        }
        let side = if class.len() == 2 {
            "across"
        } else if class[0].0 < 0 {
            "to the left"
        } else {
            "to the right"
        };
        words.push(if long_vertical {
            format!("{} {name} and {} {side}", number(b), number(a))
        } else {
            format!("{} {name} and {} {side}", number(a), number(b))
        });
    }
    words.join(" or ")
}

/// Leaps of a power (rifle, katana, swap) in words: "a knight's leap", "five squares straight or a
/// three-by-two leap".
fn leaps_words(leaps: &[(i8, i8)]) -> String {
    let mut shapes: Vec<(u8, u8)> = Vec::new();
    for &(x, y) in leaps {
        let (a, b) = (x.unsigned_abs(), y.unsigned_abs());
        let s = (a.min(b), a.max(b));
        if !shapes.contains(&s) {
            shapes.push(s);
        }
    }
    let words: Vec<String> = shapes
        .iter()
        .map(|&(a, b)| match (a, b) {
            (1, 2) => "a knight's leap".to_string(),
            (0, n) => format!("{} straight", squares(n)),
            (n, m) if n == m => format!("{} diagonally", squares(n)),
            (a, b) => format!("a {}-by-{} leap", number(b), number(a)),
        })
        .collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn power_words(v: &Variant, p: &crate::powers::Powers, role: Role) -> Vec<String> {
    let r = role.index();
    let has = |mask: u64| role.in_mask(mask);
    let mut out = Vec::new();
    if has(p.borrowers) {
        out.push(
            "has no moves of its own: it moves, captures and uses the powers of each friendly piece that guards it"
                .to_string(),
        );
    }
    if let Some(l) = p.rifle.get(r).filter(|l| !l.is_empty()) {
        out.push(format!(
            "shoots an enemy {} away without moving (the shot piece is removed)",
            leaps_words(l)
        ));
    }
    if let Some(l) = p.katana.get(r).filter(|l| !l.is_empty()) {
        out.push(format!(
            "captures an enemy {} away by leaping as far again beyond it, onto an empty square",
            leaps_words(l)
        ));
    }
    if let Some(l) = p.swap.get(r).filter(|l| !l.is_empty()) {
        out.push(format!(
            "changes places with a friendly piece of another kind {} away",
            leaps_words(l)
        ));
    }
    if has(p.withdrawal) {
        out.push("captures an enemy next to it by stepping straight away from it onto an empty square".to_string());
    }
    if let Some(moves) = p.when_attacked_moves.get(r).and_then(Option::as_ref) {
        let words = moves_words(moves);
        if !words.is_empty() {
            out.push(format!("while an enemy attacks it, also {}", words.join(" and ")));
        }
    }
    if has(p.immobilizes) {
        out.push("enemy pieces next to it can neither move, capture nor guard".to_string());
    }
    if has(p.hia) {
        out.push("enemy sliders may not start or pass a slide next to it".to_string());
    }
    if has(p.sliders) && p.hia != 0 {
        let hia: Vec<&str> = v
            .roles()
            .filter(|(h, _)| h.in_mask(p.hia))
            .map(|(_, info)| info.name.as_str())
            .collect();
        out.push(format!(
            "its slides may not start or pass next to an enemy {}",
            hia.join(" or ")
        ));
    }
    if has(p.poisonous) {
        out.push("poisonous: a piece that captures it (except by shooting) is removed too".to_string());
    }
    out
}

fn castling_words(v: &Variant) -> Vec<String> {
    let rooks: Vec<&str> = v
        .roles()
        .filter(|(r, _)| v.castling_rook(*r))
        .map(|(_, info)| info.name.as_str())
        .collect();
    match rooks.as_slice() {
        [] => Vec::new(),
        names => vec![format!("castles with the {}", names.join(" or the "))],
    }
}

fn promotion_words(v: &Variant, role: Role) -> Vec<String> {
    let ranks = v.size.ranks();
    v.promotions
        .iter()
        .filter(|p| role.in_mask(p.roles))
        .map(|p| {
            let rank = u32::from(p.rank) + 1;
            let place = if rank == u32::from(ranks) {
                "the last rank".to_string()
            } else {
                format!("the {} rank", ordinal(rank))
            };
            let names: Vec<&str> = p.choices.iter().map(|&c| v.role(c).name.as_str()).collect();
            let to = if names.len() <= 4 {
                match names.as_slice() {
                    [] => String::new(),
                    [one] => format!(" to a {one}"),
                    [rest @ .., last] => format!(" to a {} or {last}", rest.join(", ")),
                }
            } else {
                String::new()
            };
            if p.forced {
                format!("promotes on reaching {place}{to}")
            } else {
                format!("may promote on reaching {place}{to}")
            }
        })
        .collect()
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_files::*;

    fn words(v: &Variant, letter: char) -> String {
        piece_words(v, v.role_by_letter(letter).unwrap())
    }

    #[test]
    fn fide_pieces_read_as_in_a_chess_book() {
        let v = variant("chess", CHESS);
        assert_eq!(words(&v, 'N'), "leaps like a knight");
        assert_eq!(words(&v, 'B'), "slides any distance diagonally");
        assert_eq!(words(&v, 'Q'), "slides any distance in any direction");
        assert_eq!(
            words(&v, 'K'),
            "steps one square in any direction; castles with the Rook; royal: checkmate it to win"
        );
        let pawn = words(&v, 'P');
        assert!(pawn.starts_with("steps one square straight forward, not capturing; captures one square diagonally forward, also en passant; on its first move, moves exactly two squares straight forward"), "{pawn}");
        assert!(
            pawn.ends_with("promotes on reaching the last rank to a Queen, Rook, Bishop or Knight"),
            "{pawn}"
        );
    }

    #[test]
    fn food_fight_pieces_say_their_hurdles_zigzags_and_part_leaps() {
        let v = variant("foodfight", FOODFIGHT);
        assert_eq!(
            words(&v, 'N'),
            "steps one square in any direction; rides any number of knight leaps in a line over exactly one piece, \
             to an empty square beyond or onto the first piece beyond to capture it"
        );
        assert!(words(&v, 'I').starts_with(
            "zigzags orthogonally in two-square leaps, turning one way then the other, any distance (not jumping"
        ));
        assert!(words(&v, 'I').ends_with("steps one square back, straight or diagonally, not capturing"));
        assert_eq!(
            words(&v, 'M'),
            "steps one square in any direction; jumps exactly two squares in any direction; leaps two forward and one across"
        );
        assert_eq!(
            words(&v, 'K'),
            "steps one square diagonally; slides up to two squares sideways; royal: checkmate it to win"
        );
        assert_eq!(
            words(&v, 'E'),
            "steps one square diagonally, or straight forward or back; jumps exactly two squares sideways, or diagonally forward"
        );
        assert!(
            words(&v, 'G').contains("on its first move, jumps exactly two squares diagonally forward, not capturing")
        );
    }

    #[test]
    fn friendly_pieces_say_their_powers() {
        let v = variant("friendly", FRIENDLY);
        assert_eq!(
            words(&v, 'F'),
            "has no moves of its own: it moves, captures and uses the powers of each friendly piece that guards it; \
             royal: a side that loses its last one loses"
        );
        assert!(words(&v, 'A').contains("shoots an enemy a knight's leap away without moving"));
        assert!(words(&v, 'A').ends_with("its slides may not start or pass next to an enemy Bodyguard"));
        assert!(words(&v, 'Q').ends_with("changes places with a friendly piece of another kind two squares straight, two squares diagonally or a knight's leap away"));
        assert!(
            words(&v, 'H')
                .ends_with("captures an enemy next to it by stepping straight away from it onto an empty square")
        );
        assert!(words(&v, 'J').contains("enemy pieces next to it can neither move, capture nor guard; poisonous"));
        assert!(words(&v, 'Y').contains(
            "while an enemy attacks it, also slides any distance back, straight or diagonally, not capturing"
        ));
        assert!(words(&v, 'V').contains("on its first move, steps one square straight forward to an empty square, then captures one square diagonally forward"));
        assert!(words(&v, 'X').ends_with("promotes on reaching the 10th rank"));
        assert!(words(&v, 'Z').contains("leaps one forward and two across, not capturing"));
    }

    #[test]
    fn pieceeater_kings_are_captured_and_pawns_may_promote_early() {
        let v = variant("pieceeater", PIECEEATER);
        assert!(words(&v, 'K').ends_with("royal: capture it to win"));
        assert!(words(&v, 'P').ends_with("may promote on reaching the 7th rank to a Rook, Bishop or Knight"));
    }

    #[test]
    fn a_users_piece_is_worded_from_its_moves() {
        let text = CHESS.replace("betza = \"N\"", "betza = \"fbNcgQmpR\"");
        let v = variant("mine", &text);
        assert_eq!(
            words(&v, 'N'),
            "leaps two forward and one across or two back and one across; hops in any direction over the first \
             piece in line, landing just beyond it, only to capture; slides any distance orthogonally over exactly \
             one piece, to an empty square beyond, not capturing"
        );
    }
}
