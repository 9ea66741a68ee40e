//! Examples of the moves a rule adds rather than a piece's own reach: castling (the royal on its
//! start square beside its rooks) and en passant (an enemy that has just stepped past).

use super::{Mark, Marked, MoveExample, Need};
use crate::reach::{DiagramError, board_fen, drawn_board};
use crate::{Color, MoveKind, Piece, Role, Square, Variant};
use std::collections::BTreeMap;

/// Castling for White's `role`, when it is the royal that castles: the royal and its rooks alone
/// on their start squares, every castling marked where the royal lands.
pub(super) fn castling(v: &Variant, role: Role) -> Result<Option<MoveExample>, DiagramError> {
    let sides: Vec<_> = v.castling().iter().filter(|c| c.color == Color::White).collect();
    let Some(first) = sides.first() else { return Ok(None) };
    let king = Piece::new(Color::White, role);
    if v.start_board[first.king_from.index()] != king.code() {
        return Ok(None);
    }
    let mut board: BTreeMap<Square, String> = BTreeMap::new();
    board.insert(first.king_from, v.piece_letter(king).to_string());
    for side in &sides {
        let rook = Piece::from_code(v.start_board[side.rook_from.index()]);
        if let Some(rook) = rook {
            board.insert(side.rook_from, v.piece_letter(rook).to_string());
        }
    }
    let rights: String = sides.iter().map(|s| if s.right == 0 { 'K' } else { 'Q' }).collect();
    let fen = board_fen(v, &board, 'w', &rights, "-");
    let pos = drawn_board(v, &fen)?;
    let mut moves = Vec::new();
    v.pseudo_moves(&pos, &mut moves);
    let mut marks: Vec<Marked> = moves
        .iter()
        .filter(|m| m.kind() == MoveKind::Castle)
        .map(|m| Marked {
            square: m.to(),
            mark: Mark::Move,
        })
        .collect();
    marks.sort_by_key(|m| m.square);
    let rook_name = Piece::from_code(v.start_board[first.rook_from.index()]).map(|p| v.role(p.role()).name.clone());
    Ok((!marks.is_empty()).then(|| MoveExample {
        need: Need::Castling,
        fen,
        from: first.king_from,
        helper: first.rook_from,
        helper_name: rook_name.unwrap_or_default(),
        marks,
    }))
}

/// En passant for White's `role` on `from`, when its moves may take so: an enemy of `skipper`'s
/// type standing just past a square it skipped, the first such square (nearest first) from which
/// the piece takes it.
pub(super) fn en_passant(
    v: &Variant,
    role: Role,
    from: Square,
    skipper: Role,
) -> Result<Option<MoveExample>, DiagramError> {
    let can = v
        .role(role)
        .moves
        .moves
        .iter()
        .any(|m| m.en_passant && m.legs.last().is_some_and(|l| l.mode.to_enemy));
    if !can {
        return Ok(None);
    }
    let mut squares: Vec<Square> = v.size().squares().filter(|&s| s != from).collect();
    squares.sort_by_key(|s| s.file().abs_diff(from.file()).max(s.rank().abs_diff(from.rank())));
    let letter = v.piece_letter(Piece::new(Color::White, role)).to_string();
    let enemy = v.piece_letter(Piece::new(Color::Black, skipper)).to_string();
    for skipped in squares {
        // Black moves down the board: its piece stands one rank below the square it skipped.
        let Some(victim) = v.size().offset(skipped, 0, -1) else {
            continue;
        };
        if victim == from {
            continue;
        }
        let board = BTreeMap::from([(from, format!("{letter}{{m}}")), (victim, enemy.clone())]);
        let fen = board_fen(v, &board, 'w', "-", &format!("{skipped}>{victim}"));
        let Ok(pos) = drawn_board(v, &fen) else { continue };
        let mut moves = Vec::new();
        v.pseudo_moves(&pos, &mut moves);
        if let Some(m) = moves
            .iter()
            .find(|m| m.from() == from && m.kind() == MoveKind::EnPassant)
        {
            return Ok(Some(MoveExample {
                need: Need::EnPassant,
                fen,
                from,
                helper: victim,
                helper_name: v.role(skipper).name.clone(),
                marks: vec![
                    Marked {
                        square: m.to(),
                        mark: Mark::Move,
                    },
                    Marked {
                        square: victim,
                        mark: Mark::Capture,
                    },
                ],
            }));
        }
    }
    Ok(None)
}
