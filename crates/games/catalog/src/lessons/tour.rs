//! "Meet the pieces": a lesson made from the rules alone, one step a piece. The piece stands near
//! the middle of a board holding only the start position's royal and neutral pieces, an enemy
//! stands on the farthest square it can take, and the step asks for that capture, told in the
//! piece's own words (`messhall_rules::words`). A new piece in a variant file gets its step with
//! no lesson written.

use super::Step;
use messhall_rules::{Position, Square, Variant, words};

/// Squares are indexed `rank * 16 + file` on every board.
const SQUARES: usize = 256;

/// A step for every piece that can take something from the middle of the board.
pub(super) fn tour(v: &Variant) -> Vec<Step> {
    let start = v.start();
    let size = v.size();
    // The royal and neutral pieces of the start, by square, as FEN letters.
    let mut base: Vec<Option<char>> = vec![None; SQUARES];
    for sq in size.squares() {
        if let Some(p) = start.piece_at(sq).filter(|p| v.role(p.role()).royal) {
            base[sq.index()] = Some(v.piece_letter(p));
        }
    }
    for sq in start.neutrals() {
        base[sq.index()] = Some(messhall_rules::NEUTRAL_LETTER);
    }
    let Some(home) = middle(v, &base) else {
        return Vec::new();
    };
    // The enemy to take: the cheapest piece that is neither royal nor a pawn (a pawn may not stand
    // on every rank), else the cheapest that is not royal.
    let victim = v
        .roles()
        .filter(|(_, r)| !r.royal && !r.pawn)
        .min_by_key(|(_, r)| r.value)
        .or_else(|| v.roles().filter(|(_, r)| !r.royal).min_by_key(|(_, r)| r.value));
    let Some((_, victim)) = victim else {
        return Vec::new();
    };
    let mut steps = Vec::new();
    for (role, info) in v.roles().filter(|(_, r)| !r.royal) {
        let mut cells = base.clone();
        cells[home.index()] = Some(info.letter.to_ascii_uppercase());
        // The squares where it might take something, farthest first (a capture may go where a
        // move does not: a pawn's, a shot).
        let mut targets: Vec<Square> = size
            .squares()
            .filter(|&to| to != home && base[to.index()].is_none())
            .collect();
        targets.sort_by_key(|&to| (std::cmp::Reverse(distance(home, to)), to.index()));
        for to in targets {
            let mut with = cells.clone();
            with[to.index()] = Some(victim.letter.to_ascii_lowercase());
            let Ok(position) = Position::from_fen(v, &fen(v, &with)) else {
                continue;
            };
            let takes: Vec<_> = v
                .legal_moves(&position)
                .iter()
                .filter(|m| m.from() == home && m.victim() == Some(to))
                .copied()
                .collect();
            if takes.is_empty() {
                continue;
            }
            let moves = words::piece_words(v, role);
            let good = format!("That is the {}: it {moves}.", info.name);
            steps.push(Step {
                position,
                say: format!(
                    "Your {} on {home} {moves}. Take the {} on {to} with it.",
                    info.name, victim.name
                ),
                hint: format!("The {} on {home} can reach {to}.", info.name),
                pass: takes.into_iter().map(|m| (m, good.clone())).collect(),
            });
            break;
        }
    }
    steps
}

/// The empty square nearest the middle of the board with no royal or neutral piece next to it.
fn middle(v: &Variant, base: &[Option<char>]) -> Option<Square> {
    let size = v.size();
    let centre = Square::new(size.files() / 2 - 1, size.ranks() / 2 - 1)?;
    let crowded = |sq: Square| {
        size.squares()
            .any(|other| base[other.index()].is_some() && distance(sq, other) <= 1)
    };
    size.squares()
        .filter(|&sq| !crowded(sq))
        .min_by_key(|&sq| (distance(centre, sq), sq.index()))
}

fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// A FEN of `cells` with White to move and nothing else to tell.
fn fen(v: &Variant, cells: &[Option<char>]) -> String {
    let size = v.size();
    let mut rows = Vec::new();
    for rank in (0..size.ranks()).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..size.files() {
            match Square::new(file, rank).and_then(|sq| cells[sq.index()]) {
                Some(letter) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} w - - 0 1", rows.join("/"))
}
