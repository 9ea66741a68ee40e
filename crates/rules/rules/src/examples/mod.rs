//! Small example positions for the moves a piece alone on an empty board cannot show: a hurdle
//! to hop, a friendly piece to swap with, an enemy to shoot or withdraw from, a guard to borrow
//! from, an attacker that wakes moves-while-attacked. Each is found by trying a helper piece on
//! the squares around the piece and keeping the square where it opens the most moves, so a user's
//! variant gets its examples as the built-in games do.

use crate::reach::{DiagramError, drawn_board, fen_with, reach};
use crate::{Color, Move, MoveKind, Piece, Power, Role, Square, Variant};
mod rule_moves;

use messhall_betza::Hop;
use std::collections::BTreeMap;

/// What the other piece of an example is there for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// A piece to hop over (a cannon's or grasshopper's hurdle).
    Hurdle,
    /// A friendly piece to change places with.
    Partner,
    /// An enemy to capture in a way of its own (a rifle shot, a withdrawal, a leap over it).
    Target,
    /// A friendly piece that guards it and lends it its moves.
    Lender,
    /// An enemy that attacks it, giving it its moves-while-attacked.
    Attacker,
    /// A rook to castle with (the royal and its rooks on their start squares).
    Castling,
    /// An enemy that has just stepped past a square, to take en passant.
    EnPassant,
}

impl Need {
    /// Every need, in the order above.
    pub const ALL: [Need; 7] = [
        Need::Hurdle,
        Need::Partner,
        Need::Target,
        Need::Lender,
        Need::Attacker,
        Need::Castling,
        Need::EnPassant,
    ];

    /// Its name, as front ends read it (`hurdle`, `en-passant`).
    pub const fn name(self) -> &'static str {
        match self {
            Need::Hurdle => "hurdle",
            Need::Partner => "partner",
            Need::Target => "target",
            Need::Lender => "lender",
            Need::Attacker => "attacker",
            Need::Castling => "castling",
            Need::EnPassant => "en-passant",
        }
    }
}

/// How a square of an example is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The piece may move there, not capturing.
    Move,
    /// An enemy there is captured.
    Capture,
    /// Either.
    Both,
    /// It changes places with the friendly piece there.
    Swap,
}

impl Mark {
    /// Every mark, in the order above.
    pub const ALL: [Mark; 4] = [Mark::Move, Mark::Capture, Mark::Both, Mark::Swap];

    /// Its name, as front ends read it (`move`).
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Move => "move",
            Mark::Capture => "capture",
            Mark::Both => "both",
            Mark::Swap => "swap",
        }
    }
}

// Written as their names.
#[cfg(feature = "serde")]
impl serde::Serialize for Need {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Mark {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// One marked square of an example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Marked {
    /// The square.
    pub square: Square,
    /// What happens there.
    pub mark: Mark,
}

/// A position that shows moves of White's piece that need another piece on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MoveExample {
    /// What the other piece is there for.
    pub need: Need,
    /// The board: the piece and its helper (FEN).
    pub fen: String,
    /// Where the piece stands.
    pub from: Square,
    /// Where the helper stands.
    pub helper: Square,
    /// The helper's name.
    pub helper_name: String,
    /// The squares the helper opens, each with what the piece may do there.
    pub marks: Vec<Marked>,
}

/// Helpers of one side are tried this far (in king steps) from the piece: far enough for a
/// knight-line hurdle, a swap's leap or a guard's reach, near enough to stay cheap.
const FRIEND_RADIUS: u8 = 3;

/// The examples of White's `role`: one per need its moves and powers have.
///
/// # Errors
/// [`DiagramError`] for a board too small or a role the variant does not have.
pub fn move_examples(v: &Variant, role: Role) -> Result<Vec<MoveExample>, DiagramError> {
    let from =
        Square::new((v.size().files() - 1) / 2, (v.size().ranks() - 1) / 2).ok_or(DiagramError::BoardTooSmall)?;
    let info = v.try_role(role).ok_or(DiagramError::NoSuchRole(role))?;
    let letter = info.letter;
    let powers = v.powers_of(role);
    let alone = moves_on(v, &BTreeMap::new(), from, letter)?;
    let plain = |r: Role| !v.is_royal(r) && !v.powers_of(r).contains(&Power::Borrows);
    let friends: Vec<Role> = v.roles().map(|(r, _)| r).filter(|&r| r != role && plain(r)).collect();
    let Some(&enemy) = v
        .roles()
        .map(|(r, _)| r)
        .filter(|&r| plain(r))
        .collect::<Vec<_>>()
        .first()
    else {
        return Ok(Vec::new());
    };
    let near = |sq: Square| {
        sq != from && sq.file().abs_diff(from.file()).max(sq.rank().abs_diff(from.rank())) <= FRIEND_RADIUS
    };
    let nearby: Vec<Square> = v.size().squares().filter(|&s| near(s)).collect();
    let others: Vec<Square> = v.size().squares().filter(|&s| s != from).collect();
    let mut out = Vec::new();
    let borrower = powers.contains(&Power::Borrows);
    // A friendly helper: a guard to borrow from, a hurdle, a swap partner.
    let friend_roles: &[Role] = if borrower {
        &friends
    } else {
        friends.get(..1).unwrap_or(&[])
    };
    let hops = info
        .moves
        .moves
        .iter()
        .flat_map(|m| &m.legs)
        .any(|l| l.hop != Hop::None || l.mode.over_piece);
    let kinds = [
        (Need::Lender, borrower),
        (Need::Hurdle, hops && !borrower),
        (Need::Partner, powers.contains(&Power::Swap)),
    ];
    for need in kinds.into_iter().filter_map(|(need, wanted)| wanted.then_some(need)) {
        let counts = |m: &Move| match need {
            Need::Partner => m.kind() == MoveKind::Swap,
            _ => m.kind() != MoveKind::Swap && !alone.contains(&(m.to(), m.kind())),
        };
        if let Some((sq, helper)) = best(v, from, letter, friend_roles, Color::White, &nearby, &counts)? {
            out.push(example(v, need, from, letter, sq, helper)?);
        }
    }
    // An enemy helper: a rifle's, katana's or withdrawal's victim; an attacker.
    let special = |m: &Move| matches!(m.kind(), MoveKind::Rifle | MoveKind::Withdrawal | MoveKind::Locust);
    let targets = [Power::Rifle, Power::Katana, Power::Withdrawal]
        .iter()
        .any(|p| powers.contains(p));
    if targets && let Some((sq, helper)) = best(v, from, letter, &[enemy], Color::Black, &others, &special)? {
        out.push(example(v, Need::Target, from, letter, sq, helper)?);
    }
    if powers.contains(&Power::MovesWhenAttacked) {
        let quiet_new = |m: &Move| !m.is_capture() && !alone.contains(&(m.to(), m.kind()));
        if let Some((sq, helper)) = best(v, from, letter, &[enemy], Color::Black, &others, &quiet_new)? {
            out.push(example(v, Need::Attacker, from, letter, sq, helper)?);
        }
    }
    out.extend(rule_moves::castling(v, role)?);
    let skipper = if v.is_pawn(role) {
        role
    } else {
        v.roles().map(|(r, _)| r).find(|&r| v.is_pawn(r)).unwrap_or(enemy)
    };
    out.extend(rule_moves::en_passant(v, role, from, skipper)?);
    Ok(out)
}

/// The piece's pseudo-legal moves from `from` on `board`, as (to, kind).
fn moves_on(
    v: &Variant,
    board: &BTreeMap<Square, char>,
    from: Square,
    letter: char,
) -> Result<Vec<(Square, MoveKind)>, DiagramError> {
    Ok(moves_list(v, board, from, letter)?
        .iter()
        .map(|m| (m.to(), m.kind()))
        .collect())
}

fn moves_list(
    v: &Variant,
    board: &BTreeMap<Square, char>,
    from: Square,
    letter: char,
) -> Result<Vec<Move>, DiagramError> {
    let pos = drawn_board(v, &fen_with(v, board, from, letter, "m"))?;
    let mut moves = Vec::new();
    v.pseudo_moves(&pos, &mut moves);
    moves.retain(|m| m.from() == from);
    Ok(moves)
}

/// The helper square and role (of `roles`, in order) on which the most moves `counts` picks are
/// open; ties go to the square nearest the piece. `None` when no helper opens any.
fn best(
    v: &Variant,
    from: Square,
    letter: char,
    roles: &[Role],
    side: Color,
    squares: &[Square],
    counts: &dyn Fn(&Move) -> bool,
) -> Result<Option<(Square, Role)>, DiagramError> {
    let distance = |s: Square| {
        let (dx, dy) = (s.file().abs_diff(from.file()), s.rank().abs_diff(from.rank()));
        u16::from(dx) * u16::from(dx) + u16::from(dy) * u16::from(dy)
    };
    for &role in roles {
        let helper = v.piece_letter(Piece::new(side, role));
        let mut found: Option<(usize, u16, Square)> = None;
        for &sq in squares {
            let board = BTreeMap::from([(sq, helper)]);
            let n = moves_list(v, &board, from, letter)?
                .iter()
                .filter(|m| counts(m))
                .count();
            if n > 0 && found.is_none_or(|(bn, bd, _)| n > bn || (n == bn && distance(sq) < bd)) {
                found = Some((n, distance(sq), sq));
            }
        }
        if let Some((_, _, sq)) = found {
            return Ok(Some((sq, role)));
        }
    }
    Ok(None)
}

/// The example with `helper` on `sq`: the squares it opens, marked.
fn example(
    v: &Variant,
    need: Need,
    from: Square,
    letter: char,
    sq: Square,
    helper: Role,
) -> Result<MoveExample, DiagramError> {
    let side = if need == Need::Target || need == Need::Attacker {
        Color::Black
    } else {
        Color::White
    };
    let helper_letter = v.piece_letter(Piece::new(side, helper));
    let board = BTreeMap::from([(sq, helper_letter)]);
    let mut marks: BTreeMap<Square, Mark> = BTreeMap::new();
    match need {
        Need::Partner => {
            marks.insert(sq, Mark::Swap);
        }
        Need::Target => {
            for m in moves_list(v, &board, from, letter)? {
                if !matches!(m.kind(), MoveKind::Rifle | MoveKind::Withdrawal | MoveKind::Locust) {
                    continue;
                }
                if let Some(victim) = m.victim() {
                    marks.insert(victim, Mark::Capture);
                }
                if m.to() != from && Some(m.to()) != m.victim() {
                    marks.entry(m.to()).or_insert(Mark::Move);
                }
            }
        }
        Need::Hurdle | Need::Lender | Need::Attacker | Need::Castling | Need::EnPassant => {
            // Every square the piece reaches with the helper there and did not alone.
            let lone = reach(v, &BTreeMap::new(), from, letter, "m")?;
            for (s, (quiet, capture)) in reach(v, &board, from, letter, "m")? {
                let (was_quiet, was_capture) = lone.get(&s).copied().unwrap_or_default();
                let mark = match (quiet && !was_quiet, capture && !was_capture) {
                    (true, true) => Mark::Both,
                    (true, false) => Mark::Move,
                    (false, true) => Mark::Capture,
                    (false, false) => continue,
                };
                marks.insert(s, mark);
            }
        }
    }
    Ok(MoveExample {
        need,
        fen: fen_with(v, &board, from, letter, "m"),
        from,
        helper: sq,
        helper_name: v.role(helper).name.clone(),
        marks: marks
            .into_iter()
            .map(|(square, mark)| Marked { square, mark })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_files::*;

    fn examples(v: &Variant, letter: char) -> Vec<MoveExample> {
        move_examples(v, v.role_by_letter(letter).unwrap()).unwrap()
    }

    fn marks(e: &MoveExample) -> Vec<String> {
        e.marks.iter().map(|m| format!("{} {:?}", m.square, m.mark)).collect()
    }

    #[test]
    fn the_pancake_hops_a_hurdle_on_a_knight_line() {
        let v = variant("foodfight", FOODFIGHT);
        let [e] = examples(&v, 'N').try_into().unwrap();
        assert_eq!(
            (e.need, e.from.to_string(), e.helper.to_string()),
            (Need::Hurdle, "f6".into(), "h5".into())
        );
        assert_eq!(e.fen, "12/12/12/12/12/12/5N{m}6/7C4/12/12/12/12 w - - 0 1");
        assert_eq!(marks(&e), ["l3 Both", "j4 Both"]);
        // Pieces whose moves need nothing else have no examples.
        assert!(examples(&v, 'I').is_empty() && examples(&v, 'K').is_empty());
        assert!(examples(&variant("chess", CHESS), 'Q').is_empty());
    }

    #[test]
    fn a_king_castles_and_a_pawn_takes_en_passant() {
        let v = variant("chess", CHESS);
        let [castle] = examples(&v, 'K').try_into().unwrap();
        assert_eq!(
            (castle.need, castle.fen.as_str()),
            (Need::Castling, "8/8/8/8/8/8/8/R3K2R w KQ - 0 1")
        );
        assert_eq!(marks(&castle), ["c1 Move", "g1 Move"]);
        let [ep] = examples(&v, 'P').try_into().unwrap();
        assert_eq!(
            (ep.need, ep.fen.as_str()),
            (Need::EnPassant, "8/8/8/8/2pP{m}4/8/8/8 w - c5>c4 0 1")
        );
        assert_eq!(marks(&ep), ["c5 Move", "c4 Capture"]);
        // The Food Fight Chef does not castle; its Fish pawn takes en passant, its Piglet pawn too.
        let ff = variant("foodfight", FOODFIGHT);
        assert!(examples(&ff, 'K').is_empty());
        assert_eq!(examples(&ff, 'P')[0].need, Need::EnPassant);
        assert_eq!(examples(&ff, 'G')[0].need, Need::EnPassant);
    }

    #[test]
    fn friendly_powers_get_a_partner_a_target_a_lender_or_an_attacker() {
        let v = variant("friendly", FRIENDLY);
        let one =
            |letter: char| -> MoveExample { examples(&v, letter).try_into().map(|[e]: [MoveExample; 1]| e).unwrap() };
        let squirrel = one('Q');
        assert_eq!(
            (squirrel.need, squirrel.helper_name.as_str()),
            (Need::Partner, "Archer")
        );
        assert_eq!(marks(&squirrel), ["f4 Swap"]);
        let archer = one('A');
        assert_eq!(
            (archer.need, marks(&archer)),
            (Need::Target, vec!["e4 Capture".to_string()])
        );
        assert_eq!(marks(&one('H')), ["f5 Capture", "f7 Move"]);
        assert_eq!(marks(&one('K')), ["l4 Move", "i5 Capture"]);
        assert_eq!(marks(&one('S')), ["d3 Capture"]);
        let friend = one('F');
        assert_eq!(
            (friend.need, friend.helper.to_string()),
            (Need::Lender, "e4".to_string())
        );
        assert!(marks(&friend).contains(&"h8 Both".to_string()) && marks(&friend).contains(&"g4 Capture".to_string()));
        let chicken = examples(&v, 'Y').remove(0);
        assert_eq!(chicken.need, Need::Attacker);
        assert!(marks(&chicken).contains(&"a1 Move".to_string()));
    }
}
