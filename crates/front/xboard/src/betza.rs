//! Our XBetza in the dialect XBoard's `piece` command reads (XBoard 4.9's `MovesFromString`).
//!
//! XBoard reads the lettered atoms, direction modifiers before mode modifiers (`m c e p g n` in
//! that order), a number as the range (`0` for an unlimited rider) and `i` for a first move.
//! It has no `(x,y)` atoms beyond the lettered ones, no crooked `z`, no half-directions `h`
//! (its `h` means something else), and its multi-leg `a` chains share one atom with directions
//! relative to the first leg. A term it cannot read the same way is left out: the engine's
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

/// Atoms that are already riders, or compounds XBoard reads as they are.
const COMPOUNDS: [char; 4] = ['K', 'R', 'B', 'Q'];

/// One term of our notation: modifiers, an atom (a letter, or a leap it stands for), a range.
#[derive(Debug, PartialEq, Eq)]
struct Term {
    modifiers: String,
    /// The atom's letter in XBoard, `None` when XBoard has none for it.
    atom: Option<char>,
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
    let (atom_text, atom, next) = read_atom(chars, i)?;
    i = next;
    let mut range = None;
    let digits: String = chars.iter().skip(i).take_while(|c| c.is_ascii_digit()).collect();
    if !digits.is_empty() {
        range = digits.parse().ok();
        i += digits.len();
    } else if let Some((_, _, after)) = read_atom(chars, i).filter(|(t, _, _)| *t == atom_text) {
        // The atom written twice: an unlimited rider.
        range = Some(0);
        i = after;
    }
    Some((Term { modifiers, atom, range }, i))
}

/// Reads an atom at `i`: its text, its XBoard letter if it has one, and where it ends.
fn read_atom(chars: &[char], i: usize) -> Option<(String, Option<char>, usize)> {
    let &c = chars.get(i)?;
    if c.is_ascii_uppercase() {
        let letter = (LEAPS.iter().any(|(l, _)| *l == c) || COMPOUNDS.contains(&c)).then_some(c);
        return Some((c.to_string(), letter, i + 1));
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
    Some((text, letter, close + 1))
}

/// A term in XBoard's order of modifiers; `None` when XBoard would read it otherwise.
fn write_term(term: &Term) -> Option<String> {
    let atom = term.atom?;
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
    use super::to_xboard;

    #[test]
    fn our_pieces_in_xboards_dialect() {
        for (ours, theirs) in [
            ("K", "K"),
            ("FsR2", "FsR2"),
            ("C(3,4)", "C"),
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
            ("A(1,4)", "A"),
            ("cWmnN", "cWmnN"),
            ("mfsN", "fsmN"),
            ("fhN", ""),
            ("", ""),
        ] {
            assert_eq!(to_xboard(ours), theirs, "{ours}");
        }
    }
}
