//! `position startpos|fen FEN [moves ...]`: the position the next `go` searches, with the
//! hashes of the positions before it (for repetitions).

use messhall_rules::{ChanceOutcome, Move, MoveError, MoveKind, Position, Square, Variant, echo, one_line};

/// How long a reason quoted from the rules may be in an answer.
const REASON_CHARS: usize = 200;

/// A position reached by a `position` command.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub(crate) pos: Position,
    /// The hashes of the positions before `pos`, oldest first.
    pub(crate) history: Vec<u64>,
}

/// Why a `position` command was refused (the position stays as it was).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The command itself is malformed (or its FEN is): the reason.
    Malformed(String),
    /// A move is not legal where it comes: the reason and the move.
    Illegal { reason: String, text: String },
}

impl Line {
    /// The start of `variant`.
    pub(crate) fn start(variant: &Variant) -> Line {
        Line {
            pos: variant.start(),
            history: Vec::new(),
        }
    }

    /// Reads a `position` command's words after `position`.
    pub(crate) fn parse(variant: &Variant, words: &[&str]) -> Result<Line, Refusal> {
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (
                words.get(..i).unwrap_or_default(),
                words.get(i + 1..).unwrap_or_default(),
            ),
            None => (words, &[][..]),
        };
        let pos = match setup {
            ["startpos"] => variant.start(),
            ["fen", fields @ ..] if !fields.is_empty() => Position::from_fen(variant, &fields.join(" "))
                .map_err(|e| Refusal::Malformed(one_line(&format!("FEN: {e}"), REASON_CHARS)))?,
            ["fen"] => return Err(Refusal::Malformed("\"fen\" needs a position after it".into())),
            ["startpos", more, ..] => {
                return Err(Refusal::Malformed(format!(
                    "\"{}\" after startpos: expected \"moves\"",
                    echo(more)
                )));
            }
            _ => {
                return Err(Refusal::Malformed(
                    "expected \"startpos\" or \"fen\" after position".into(),
                ));
            }
        };
        if moves.len() > crate::MAX_MOVES {
            return Err(Refusal::Malformed(format!(
                "{} moves: at most {} in one command",
                moves.len(),
                crate::MAX_MOVES
            )));
        }
        let mut line = Line {
            pos,
            history: Vec::with_capacity(moves.len()),
        };
        for text in moves {
            let next = play_text(variant, &line.pos, text).map_err(|reason| Refusal::Illegal {
                reason,
                text: (*text).to_string(),
            })?;
            line.history.push(line.pos.hash());
            line.pos = next;
        }
        Ok(line)
    }
}

/// The position after `text` in `pos`: a player's move, or the neutral piece's step when one is
/// pending (written as its from- and to-square, `d4e5`; standing still `d4d4`).
fn play_text(variant: &Variant, pos: &Position, text: &str) -> Result<Position, String> {
    if variant.material_decided(pos).is_some() {
        return Err("the game is over: a side has lost its royal pieces".into());
    }
    if let Some(event) = variant.chance(pos) {
        let offered = || {
            let steps: Vec<String> = event.outcomes.iter().map(step_text).collect();
            steps.join(" ")
        };
        let piece = variant.rules().neutral_name();
        let (from, to) = parse_step(text).ok_or_else(|| {
            format!(
                "the {piece} steps now, written from-square to-square: one of {}",
                offered()
            )
        })?;
        return match event.outcomes.iter().find(|o| o.from == from && o.to == to) {
            Some(o) => Ok(variant.resolve(pos, o)),
            None if event.outcomes.iter().all(|o| o.from != from) => {
                Err(format!("the {piece} steps first: one of {}", offered()))
            }
            None => Err(format!("the {piece} may not step to {to} now: one of {}", offered())),
        };
    }
    let mv = variant.parse_move(pos, text).map_err(|e| reason(&e))?;
    Ok(pos.play_unchecked(variant, &mv))
}

/// A move error's reason, without the move it quotes (the answer names the move itself).
fn reason(e: &MoveError) -> String {
    let text = match e {
        MoveError::Malformed { why, .. } => why.clone(),
        MoveError::Illegal { why: None, .. } => "not legal here".into(),
        MoveError::Illegal { why: Some(why), .. } => format!("not legal here: {why}"),
        MoveError::Ambiguous { options, .. } => format!("it could be {options}"),
    };
    one_line(&text, REASON_CHARS)
}

/// A neutral piece's step as `d4e5` (from-square, to-square; `d4d4` for standing still), or the
/// same with a hyphen as the rules write it (`d4-e5`), or one square for standing still.
fn parse_step(text: &str) -> Option<(Square, Square)> {
    let (from, used) = Square::parse_prefix(text)?;
    let rest = text.get(used..)?;
    if rest.is_empty() {
        return Some((from, from));
    }
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    let (to, used) = Square::parse_prefix(rest)?;
    (used == rest.len()).then_some((from, to))
}

/// A step as UCI writes it: from-square and to-square.
pub(crate) fn step_text(o: &ChanceOutcome) -> String {
    format!("{}{}", o.from, o.to)
}

/// A move as UCI writes it: our coordinates, with a pass as `0000`.
pub(crate) fn move_text(variant: &Variant, mv: &Move) -> String {
    if mv.kind() == MoveKind::Pass {
        "0000".into()
    } else {
        mv.to_coordinates(variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_read_in_every_form() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(parse_step("d4e5"), Some((sq("d4"), sq("e5"))));
        assert_eq!(parse_step("d4-e5"), Some((sq("d4"), sq("e5"))));
        assert_eq!(parse_step("d4"), Some((sq("d4"), sq("d4"))));
        assert_eq!(parse_step("a12l1"), Some((sq("a12"), sq("l1"))));
        assert_eq!(parse_step("d4e5q"), None);
        assert_eq!(parse_step("0000"), None);
    }
}
