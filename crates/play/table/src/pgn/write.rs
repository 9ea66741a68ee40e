//! Writing a chess game as PGN: the seven-tag roster, messhall's own tags, and the moves in SAN
//! with the neutral piece's steps as comments.

use super::header::tag_line;
use super::{FIDE_CHESS, FORFEITS, Header, PgnError, TERMINATION_FLAG, TERMINATION_FORFEIT, TERMINATION_LIMIT};
use crate::catalog::GameSource;
use crate::chess_table::ChessTable;
use crate::clock::ClockSpec;
use crate::result::{Ending, GameResult};
use crate::table::Table;
use messhall_rules::{Action, Color};

/// The widest line of moves.
const COLUMNS: usize = 80;

pub(super) fn write_table(table: &Table, header: &Header) -> Result<String, PgnError> {
    let chess = table
        .chess()
        .ok_or_else(|| PgnError::Export("the cafeteria game has no PGN: save its record instead".into()))?;
    let name = |i: usize| {
        table
            .players()
            .get(i)
            .filter(|n| !n.is_empty())
            .map_or("?", String::as_str)
    };
    let result = table.result();
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
    let v = chess.variant();
    let fide = matches!(table.kind().source(), GameSource::Builtin { name, .. } if name == FIDE_CHESS);
    if !fide {
        out.push_str(&tag_line("Variant", &v.name));
    }
    let start = chess.start().to_fen(v);
    if !fide || start != v.start().to_fen(v) {
        out.push_str(&tag_line("SetUp", "1"));
        out.push_str(&tag_line("FEN", &start));
    }
    out.push_str(&tag_line("Seed", &table.seed().to_string()));
    if let Some(clock) = table.clock() {
        out.push_str(&tag_line("TimeControl", &time_control(clock.spec())));
    }
    out.push_str(&tag_line("Termination", termination(result)));
    for (tag, value) in &header.other {
        out.push_str(&tag_line(tag, value));
    }
    out.push('\n');
    let mut words = movetext(chess);
    if let Some(r) = result {
        words.extend(comment_words(&ending_words(r)));
    }
    words.push(token.to_string());
    out.push_str(&wrap(&words));
    Ok(out)
}

/// The moves and steps as PGN words: `1. e4`, `e5`, `{step`, `d4-e5}`...
fn movetext(chess: &ChessTable) -> Vec<String> {
    let v = chess.variant();
    let game = chess.game();
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

/// PGN's `TimeControl`: the base and the increment in seconds (`300+2`).
fn time_control(spec: ClockSpec) -> String {
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
        Some(_) => "normal",
    }
}

/// How the game ended, in words for the comment before the result.
pub(super) fn ending_words(result: &GameResult) -> String {
    let side = |seat: crate::event::Seat| crate::chess_table::color_of(seat).name();
    match &result.ending {
        Ending::Rules { outcome } => {
            let why = outcome.reason.name();
            match outcome.winner {
                Some(winner) => format!("{} wins: {why}", winner.name()),
                None => format!("draw: {why}"),
            }
        }
        Ending::Resigned { seat } => format!("{} resigns", side(*seat)),
        Ending::Flagged { seat } => format!("{} lost on time", side(*seat)),
        Ending::Agreed => "draw agreed".into(),
        Ending::MoveLimit => "draw at the move limit".into(),
        Ending::Forfeit { seat, reason } => format!("{}{FORFEITS}{reason}", side(*seat)),
        // A chess table never ends so.
        Ending::Cafeteria { .. } => "ended".into(),
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
        let spec = |base_ms, increment_ms| ClockSpec { base_ms, increment_ms };
        assert_eq!(time_control(spec(300_000, 2_000)), "300+2");
        assert_eq!(time_control(spec(30_500, 250)), "30.5+0.25");
    }
}
