//! Our XBetza in the dialect XBoard's `piece` command reads (XBoard 4.9's `MovesFromString`).
//!
//! XBoard reads the lettered atoms, direction modifiers before mode modifiers (`m c e p g n` in
//! that order), a number as the range (`0` for an unlimited rider) and `i` for a first move.
//! It has no `(x,y)` atoms beyond the lettered ones, no crooked `z`, no half-directions `h`
//! (its `h` means something else), and its multi-leg `a` chains share one atom with directions
//! relative to the first leg. The plain leaps (1,4) and (3,4) are spelled as such two-leg chains
//! (see [`TWO_LEG_LEAPS`]). A term it cannot read the same way is left out: the engine's
//! `highlight` answers still show the piece's every move.

/// The atoms XBoard knows by letter, and the leap each stands for (the longer side second).
const LEAPS: [(char, (u8, u8)); 9] = [
    ('W', (0, 1)),
    ('F', (1, 1)),
    ('D', (0, 2)),
    ('N', (1, 2)),
    ('A', (2, 2)),
    ('H', (0, 3)),
    ('C', (1, 3)),
    ('Z', (2, 3)),
    ('G', (3, 3)),
];

/// Plain leaps XBoard has no letter for, spelled as two legs it reads (XBoard 4.9.1's
/// `MovesFromString`): an oblique first leg that passes any square (`mp` before `a`), then a
/// straight leg of the same atom's longer side, in a direction relative to the first leg.
/// Each oblique atom's eight directions come in two chiral halves (`hr`, `hl`) that need
/// different turns to reach the target, so each leap takes two chains. The middle square lies
/// inside the leap's rectangle, so it is on the board whenever the target is.
///
/// - (1,4): a knight leg, then two squares straight on (`f`) or turned 45 degrees right (`fr`).
/// - (3,4): a camel leg, then three squares turned 90 degrees right (`r`) or 45 left (`fl`).
const TWO_LEG_LEAPS: [((u8, u8), &str); 2] = [((1, 4), "hrmpafNhlmpafrN"), ((3, 4), "hrmparChlmpaflC")];

/// Atoms that are already riders, or compounds XBoard reads as they are.
const COMPOUNDS: [char; 4] = ['K', 'R', 'B', 'Q'];

/// One term of our notation: modifiers, an atom (a letter, or a leap it stands for), a range.
#[derive(Debug, PartialEq, Eq)]
struct Term {
    modifiers: String,
    /// The atom's letter in XBoard, `None` when XBoard has none for it.
    atom: Option<char>,
    /// The leap of a lettered leaper or an `(x,y)` atom (the longer side second).
    leap: Option<(u8, u8)>,
    /// `Some(0)` for an unlimited rider, `Some(n)` for a range of `n`, `None` for a leaper.
    range: Option<u32>,
}

/// The translation of a piece's XBetza for XBoard; empty when nothing of it can be said there.
pub(crate) fn to_xboard(betza: &str) -> String {
    let mut out = String::new();
    for chain in chains(betza) {
        // A multi-leg chain would need its directions rewritten relative to the first leg.
        if let [term] = chain.as_slice() {
            if let Some(text) = write_term(term) {
                out.push_str(&text);
            }
        }
    }
    out
}

/// The terms of `betza`, grouped in chains joined by `a`; an unreadable rest is dropped (the
/// rules core has checked the string when the variant was loaded).
fn chains(betza: &str) -> Vec<Vec<Term>> {
    let chars: Vec<char> = betza.chars().collect();
    let mut chains: Vec<Vec<Term>> = Vec::new();
    let mut i = 0;
    let mut joined = false;
    while i < chars.len() {
        let Some((term, next)) = read_term(&chars, i) else {
            break;
        };
        match chains.last_mut() {
            Some(chain) if joined => chain.push(term),
            _ => chains.push(vec![term]),
        }
        i = next;
        joined = chars.get(i) == Some(&'a');
        if joined {
            i += 1;
        }
    }
    chains
}

/// Reads one term from `i`; the term and where the next one starts.
fn read_term(chars: &[char], mut i: usize) -> Option<(Term, usize)> {
    let mut modifiers = String::new();
    while let Some(&c) = chars.get(i).filter(|c| c.is_ascii_lowercase()) {
        modifiers.push(c);
        i += 1;
    }
    let (atom_text, atom, leap, next) = read_atom(chars, i)?;
    i = next;
    let mut range = None;
    let digits: String = chars.iter().skip(i).take_while(|c| c.is_ascii_digit()).collect();
    if !digits.is_empty() {
        range = digits.parse().ok();
        i += digits.len();
    } else if let Some((.., after)) = read_atom(chars, i).filter(|(t, ..)| *t == atom_text) {
        // The atom written twice: an unlimited rider.
        range = Some(0);
        i = after;
    }
    Some((
        Term {
            modifiers,
            atom,
            leap,
            range,
        },
        i,
    ))
}

/// An atom read at `i`: its text, its XBoard letter if it has one, its leap if it is a leaper,
/// and where it ends.
type Atom = (String, Option<char>, Option<(u8, u8)>, usize);

/// Reads an atom at `i`.
fn read_atom(chars: &[char], i: usize) -> Option<Atom> {
    let &c = chars.get(i)?;
    if c.is_ascii_uppercase() {
        let leap = LEAPS.iter().find(|(l, _)| *l == c).map(|(_, leap)| *leap);
        let letter = (leap.is_some() || COMPOUNDS.contains(&c)).then_some(c);
        return Some((c.to_string(), letter, leap, i + 1));
    }
    if c != '(' {
        return None;
    }
    let close = i + chars.iter().skip(i).position(|&c| c == ')')?;
    let text: String = chars.get(i..=close)?.iter().collect();
    let inner = text.trim_start_matches('(').trim_end_matches(')');
    let (a, b) = inner.split_once(',')?;
    let (a, b): (u8, u8) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    let leap = (a.min(b), a.max(b));
    let letter = LEAPS.iter().find(|(_, l)| *l == leap).map(|(l, _)| *l);
    Some((text, letter, Some(leap), close + 1))
}

/// A term in XBoard's order of modifiers; `None` when XBoard would read it otherwise.
fn write_term(term: &Term) -> Option<String> {
    let Some(atom) = term.atom else {
        // Only a plain leap in all eight directions has a two-leg spelling.
        let plain = term.modifiers.is_empty() && term.range.is_none();
        let leap = term.leap.filter(|_| plain)?;
        return TWO_LEG_LEAPS
            .iter()
            .find(|(l, _)| *l == leap)
            .map(|(_, legs)| (*legs).to_string());
    };
    let mut directions = String::new();
    let (mut initial, mut en_passant, mut quiet, mut capture, mut hop, mut grasshop, mut lame) =
        (false, false, false, false, false, false, false);
    for c in term.modifiers.chars() {
        match c {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => directions.push(c),
            'i' => initial = true,
            'e' => en_passant = true,
            'm' => quiet = true,
            'c' => capture = true,
            'p' => hop = true,
            'g' => grasshop = true,
            'n' => lame = true,
            // `z` (crooked) and our half-directions `h` have no equal in XBoard.
            _ => return None,
        }
    }
    // Our `e` on a move-only term gives en passant rights: XBoard grants those to pawns itself.
    if en_passant && !capture && quiet {
        en_passant = false;
    }
    // XBoard's `e` alone would mean only en passant: the default modes are then spelled out.
    if en_passant && !capture && !quiet {
        quiet = true;
        capture = true;
    }
    let mut out = String::new();
    if initial {
        out.push('i');
    }
    out.push_str(&directions);
    for (on, c) in [
        (quiet, 'm'),
        (capture, 'c'),
        (en_passant, 'e'),
        (hop, 'p'),
        (grasshop, 'g'),
        (lame, 'n'),
    ] {
        if on {
            out.push(c);
        }
    }
    out.push(atom);
    match term.range {
        // K is a leaper of W and F: its rider is the Q.
        Some(0) if atom == 'K' => return Some(out.replace('K', "Q")),
        Some(0) if COMPOUNDS.contains(&atom) => {}
        Some(n) => out.push_str(&n.to_string()),
        None => {}
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{TWO_LEG_LEAPS, to_xboard};

    /// The squares XBoard reaches with one two-leg chain `h?mpa DIRS ATOM`, as its
    /// `MovesFromString` reads it: the first leg takes the oblique atom in the chiral half `hr`
    /// (XBoard's even directions: (x,y), (y,-x), (-x,-y), (-y,x)) or `hl` (the odd ones), the
    /// second leg the atom's longer side straight, turned from the first leg's direction in
    /// eighths of a turn (`f` 0, `fr` 1, `r` 2, `l` 6, `fl` 7): an even sum is orthogonal, an
    /// odd one diagonal.
    fn xboard_chain(chain: &str) -> Vec<(i32, i32)> {
        let (x, y) = match chain.chars().last() {
            Some('N') => (1, 2),
            Some('C') => (1, 3),
            other => panic!("no oblique atom: {other:?}"),
        };
        let half = if chain.starts_with("hr") { 0 } else { 1 };
        let turn = match chain.trim_start_matches(['h', 'r', 'l']).trim_start_matches("mpa") {
            t if t.starts_with("fr") => 1,
            t if t.starts_with("fl") => 7,
            t if t.starts_with('f') => 0,
            t if t.starts_with('r') => 2,
            t if t.starts_with('l') => 6,
            t => panic!("unknown turn in {t}"),
        };
        let first = [(x, y), (y, x), (y, -x), (x, -y), (-x, -y), (-y, -x), (-y, x), (-x, y)];
        let straight = [(0, y), (y, y), (y, 0), (y, -y), (0, -y), (-y, -y), (-y, 0), (-y, y)];
        (half..8)
            .step_by(2)
            .map(|dir| {
                let (a, b) = first[dir];
                let (c, d) = straight[(dir + turn) % 8];
                (a + c, b + d)
            })
            .collect()
    }

    #[test]
    fn two_leg_leaps_reach_each_of_their_eight_squares_once() {
        for ((x, y), legs) in TWO_LEG_LEAPS {
            let split = legs[1..].find('h').map_or(legs.len(), |i| i + 1);
            let mut reached = xboard_chain(&legs[..split]);
            reached.extend(xboard_chain(&legs[split..]));
            reached.sort_unstable();
            let (x, y) = (i32::from(x), i32::from(y));
            let mut leaps: Vec<(i32, i32)> = [(x, y), (y, x)]
                .into_iter()
                .flat_map(|(a, b)| [(a, b), (-a, b), (a, -b), (-a, -b)])
                .collect();
            leaps.sort_unstable();
            assert_eq!(reached, leaps, "{legs}");
        }
    }

    #[test]
    fn our_pieces_in_xboards_dialect() {
        for (ours, theirs) in [
            ("K", "K"),
            ("FsR2", "FsR2"),
            ("C(3,4)", "ChrmparChlmpaflC"),
            ("(4,3)", "hrmparChlmpaflC"),
            ("f(3,4)", ""),
            ("(3,4)2", ""),
            ("KDAffN", "KDAffN"),
            ("bFffNbbNfsC", "bFffNbbNfsC"),
            ("KpNN", "KpN0"),
            ("nzDDmbK", "bmK"),
            ("vWFsDfA", "vWFsDfA"),
            ("mvWcfeFifmneD", "vmWfceFifmnD"),
            ("feFmbKifmA", "fmceFbmKifmA"),
            ("mfWcfeFifmneDimfWacfF", "fmWfceFifmnD"),
            ("NN(3,5)0(4,5)0", "N0"),
            ("KDDAA", "KD0A0"),
            ("(1,2)", "N"),
            ("A(1,4)", "AhrmpafNhlmpafrN"),
            ("N(3,4)", "NhrmparChlmpaflC"),
            ("cWmnN", "cWmnN"),
            ("mfsN", "fsmN"),
            ("fhN", ""),
            ("", ""),
        ] {
            assert_eq!(to_xboard(ours), theirs, "{ours}");
        }
    }
}
