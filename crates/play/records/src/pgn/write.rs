//! Writing a chess game as PGN: the seven-tag roster, messhall's own tags, and the moves in SAN
//! with the neutral piece's steps as comments.

use super::board::{Board, Due};
use super::header::tag_line;
use super::{
    FIDE_CHESS, Header, PgnError, TERMINATION_ABANDONED, TERMINATION_FLAG, TERMINATION_FORFEIT, TERMINATION_LIMIT,
};
use crate::catalog::{self, GameKind, GameSource};
use crate::clock::ClockSpec;
use crate::record::{FreshDice, Record, Step, parse_outcome};
use crate::result::{Ending, GameResult};
use messhall_rules::{Action, Color};

/// The widest line of moves.
const COLUMNS: usize = 80;

pub(super) fn write_record(record: &Record, header: &Header) -> Result<String, PgnError> {
    let export = |why: String| PgnError::Export(why);
    let GameKind::Chess(chess) = catalog::from_source(&record.game).map_err(|e| export(e.to_string()))? else {
        return Err(export("the cafeteria game has no PGN: save its record instead".into()));
    };
    let board = replay(
        record,
        Board::new(chess.variant, record.start.as_deref(), record.seed)
            .map_err(|e| export(e.to_string()))?
            .with_fresh_dice(record.fresh_dice.clone()),
    )?;
    let name = |i: usize| {
        record
            .players
            .get(i)
            .filter(|n| !n.is_empty())
            .map_or("?", String::as_str)
    };
    let result = record.result.as_ref();
    let token = result.map_or("*", GameResult::pgn);
    let mut out = String::new();
    for (tag, value) in [
        ("Event", header.event.as_str()),
        ("Site", &header.site),
        ("Date", &header.date),
        ("Round", &header.round),
        ("White", name(0)),
        ("Black", name(1)),
        ("Result", token),
    ] {
        out.push_str(&tag_line(tag, value));
    }
    let v = board.variant();
    let fide = matches!(&record.game, GameSource::Builtin { name, .. } if name == FIDE_CHESS);
    if !fide {
        out.push_str(&tag_line("Variant", v.name()));
    }
    let start = board.start().to_fen(v);
    if !fide || start != v.start().to_fen(v) {
        out.push_str(&tag_line("SetUp", "1"));
        out.push_str(&tag_line("FEN", &start));
    }
    out.push_str(&tag_line("Seed", &record.seed.to_string()));
    if !record.fresh_dice.is_empty() {
        out.push_str(&tag_line("FreshDice", &FreshDice::to_tag(&record.fresh_dice)));
    }
    if let Some(clock) = record.clock {
        out.push_str(&tag_line("TimeControl", &time_control(clock)));
    }
    out.push_str(&tag_line("Termination", termination(result)));
    for (tag, value) in &header.other {
        out.push_str(&tag_line(tag, value));
    }
    out.push('\n');
    let mut words = movetext(&board);
    if let Some(r) = result {
        words.extend(comment_words(&crate::words::ending(&r.ending)));
    }
    words.push(token.to_string());
    out.push_str(&wrap(&words));
    Ok(out)
}

/// The record's moves and steps played by the rules, each checked: a move must be legal, a
/// steered step one offered, a step of the dice the one the seed gives.
fn replay(record: &Record, mut board: Board) -> Result<Board, PgnError> {
    // How many of the rules' actions the record has accounted for.
    let mut cursor = 0;
    for (index, step) in record.actions.iter().enumerate() {
        let fail = |why: String| PgnError::Export(format!("record action {index}: {why}"));
        if !step.is_chess_action() {
            continue;
        }
        let game = board.game();
        if let Some(made) = game.actions().get(cursor) {
            // A step of the dice, or a forced pass: the record must have the same.
            let made = Step::of_chess_action(board.variant(), &game.positions()[cursor], made);
            if made != *step {
                let (made, step) = (made.describe(), step.describe());
                return Err(fail(format!("the game gives {made} here but the record has {step}")));
            }
            cursor += 1;
            continue;
        }
        match (step, board.due()) {
            (Step::Move(text), Due::Move(..)) => {
                let mv = board
                    .variant()
                    .parse_move(game.position(), text)
                    .map_err(|e| fail(e.to_string()))?;
                board.play(mv);
            }
            (Step::Steer(text), Due::Steer(_, offered)) => {
                let wanted = parse_outcome(text).map_err(|e| fail(e.to_string()))?;
                let Some(&chosen) = offered.iter().find(|o| o.from == wanted.from && o.to == wanted.to) else {
                    return Err(fail(format!("{} is not offered here", step.describe())));
                };
                board.steer(chosen);
            }
            _ => return Err(fail(format!("{} does not fit here", step.describe()))),
        }
        cursor += 1;
    }
    Ok(board)
}

/// The moves and steps as PGN words: `1. e4`, `e5`, `{step`, `d4-e5}`...
fn movetext(board: &Board) -> Vec<String> {
    let v = board.variant();
    let game = board.game();
    let mut words = Vec::new();
    // Black's move carries its number at the start and after a comment.
    let mut numbered = false;
    for (i, action) in game.actions().iter().enumerate() {
        let pos = &game.positions()[i];
        match action {
            Action::Move(mv) => {
                let san = v.san(pos, mv);
                // The reader must find this very move again; where SAN cannot name it alone,
                // the coordinates do.
                let readable = v.parse_move(pos, &san).is_ok_and(|m| m == *mv);
                let text = if readable { san } else { mv.to_coordinates(v) };
                // A move stays on the line of its number.
                let n = pos.fullmove_number();
                words.push(match pos.side_to_move() {
                    Color::White => format!("{n}. {text}"),
                    Color::Black if !numbered => format!("{n}... {text}"),
                    Color::Black => text,
                });
                numbered = pos.side_to_move() == Color::White;
            }
            Action::Chance(outcome) => {
                let word = if crate::record::steered(v, pos) {
                    "steer"
                } else {
                    "step"
                };
                words.extend(comment_words(&format!("{word} {}", outcome.to_text())));
                numbered = false;
            }
        }
    }
    words
}

/// A comment as words, so a long one can be wrapped (a line break is a space in a comment).
fn comment_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    if let Some(first) = words.first_mut() {
        first.insert(0, '{');
    }
    if let Some(last) = words.last_mut() {
        last.push('}');
    }
    words
}

/// Words joined by spaces into lines of at most [`COLUMNS`] (a longer word stands alone).
fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut width = 0;
    for word in words {
        if width > 0 && width + 1 + word.len() > COLUMNS {
            out.push('\n');
            width = 0;
        }
        if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += word.len();
    }
    out.push('\n');
    out
}

/// PGN's `TimeControl`: the base and the increment in seconds (`300+2`); correspondence as one
/// move in its days' seconds (`1/259200`).
fn time_control(spec: ClockSpec) -> String {
    if let Some(days) = spec.days_per_move {
        return format!("1/{}", u64::from(days) * ClockSpec::DAY_MS / 1000);
    }
    let seconds = |ms: u64| {
        if ms % 1000 == 0 {
            (ms / 1000).to_string()
        } else {
            let text = format!("{}.{:03}", ms / 1000, ms % 1000);
            text.trim_end_matches('0').to_string()
        }
    };
    format!("{}+{}", seconds(spec.base_ms), seconds(spec.increment_ms))
}

/// PGN's `Termination` for a result.
fn termination(result: Option<&GameResult>) -> &'static str {
    match result.map(|r| &r.ending) {
        None => "unterminated",
        Some(Ending::Flagged { .. }) => TERMINATION_FLAG,
        Some(Ending::MoveLimit) => TERMINATION_LIMIT,
        Some(Ending::Forfeit { .. }) => TERMINATION_FORFEIT,
        Some(Ending::Abandoned { .. }) => TERMINATION_ABANDONED,
        Some(_) => "normal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_wrap_at_80_columns() {
        let words: Vec<String> = (0..100).map(|i| format!("w{i}")).collect();
        let text = wrap(&words);
        assert!(text.lines().all(|l| l.len() <= COLUMNS), "{text}");
        assert_eq!(text.split_whitespace().count(), 100);
    }

    #[test]
    fn time_controls_in_seconds() {
        let spec = |base_ms, increment_ms| ClockSpec {
            base_ms,
            increment_ms,
            days_per_move: None,
        };
        assert_eq!(time_control(spec(300_000, 2_000)), "300+2");
        assert_eq!(time_control(spec(30_500, 250)), "30.5+0.25");
        assert_eq!(time_control(ClockSpec::correspondence(3)), "1/259200");
    }
}
