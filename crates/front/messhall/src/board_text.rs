//! The board as text: ranks numbered on the left, files lettered below, White's pieces
//! uppercase; the last move and a check marked, the board turned for Black, energies beside
//! the pieces, in colour where the terminal has it.

use messhall_rules::{Color, Position, Square, Variant};
use std::fmt::Write;

/// How to draw a board.
#[derive(Clone, Debug, Default)]
pub struct Style {
    /// Black's side at the bottom.
    pub flip: bool,
    /// ANSI colours.
    pub color: bool,
    /// The last move's squares.
    pub last: Vec<Square>,
    /// The checked royal and the pieces giving check.
    pub check: Vec<Square>,
}

/// Whether to colour what goes to standard output: a terminal, and no `NO_COLOR` set.
pub fn color_wanted() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stdout().is_terminal()
}

/// The board with the last move in brackets (for `show` and plain output).
pub fn board(v: &Variant, pos: &Position, highlight: &[Square]) -> String {
    draw(
        v,
        pos,
        &Style {
            last: highlight.to_vec(),
            ..Style::default()
        },
    )
}

/// The board drawn as `style` says.
pub fn draw(v: &Variant, pos: &Position, style: &Style) -> String {
    let energies = v.counter_name().is_some();
    let width = if energies { 4 } else { 3 };
    let mut ranks: Vec<u8> = (0..v.size().ranks()).rev().collect();
    let mut files: Vec<u8> = (0..v.size().files()).collect();
    if style.flip {
        ranks.reverse();
        files.reverse();
    }
    let mut s = String::new();
    for &rank in &ranks {
        let _ = write!(s, "{:>3} ", rank + 1);
        for &file in &files {
            let Some(sq) = Square::new(file, rank) else { continue };
            s.push_str(&cell(v, pos, sq, style, width));
        }
        s.push('\n');
    }
    s.push_str("    ");
    for &file in &files {
        let _ = write!(s, "{:^width$}", (b'a' + file) as char);
    }
    s.push('\n');
    s
}

/// One square: its piece (with its energy), or a dot; marked for the last move or check.
fn cell(v: &Variant, pos: &Position, sq: Square, style: &Style, width: usize) -> String {
    let piece = pos.piece_at(sq);
    let mut text = if pos.is_neutral(sq) {
        messhall_rules::NEUTRAL_LETTER.to_string()
    } else {
        piece.map_or(".".to_string(), |p| v.piece_letter(p).to_string())
    };
    if width == 4
        && let Some(p) = piece
        && !v.is_royal(p.role())
    {
        text.push_str(&pos.counter(sq).to_string());
    }
    let check = style.check.contains(&sq);
    let last = style.last.contains(&sq);
    if !style.color {
        let (open, close) = match (check, last) {
            (true, _) => ('<', '>'),
            (false, true) => ('[', ']'),
            _ => (' ', ' '),
        };
        return format!("{open}{text:<w$}{close}", w = width - 2);
    }
    let fg = match piece.map(|p| p.color()) {
        Some(Color::White) => "1;97",
        Some(Color::Black) => "1;94",
        None if pos.is_neutral(sq) => "1;92",
        None => "90",
    };
    let bg = match (check, last) {
        (true, _) => ";41",
        (false, true) => ";43",
        _ => "",
    };
    format!("\x1b[{fg}{bg}m {text:<w$}\x1b[0m", w = width - 1)
}

/// The letters of the variant's pieces and what the marks mean.
pub fn legend(v: &Variant, style: &Style) -> String {
    let pieces: Vec<String> = v.roles().map(|(_, r)| format!("{}={}", r.letter, r.name)).collect();
    let mut lines = vec![format!(
        "Pieces (White upper case, Black lower case): {}",
        pieces.join(", ")
    )];
    let mut marks = Vec::new();
    if !style.color {
        marks.push("[x] last move, <x> check");
    } else {
        marks.push("yellow: last move, red: check");
    }
    if v.counter_name().is_some() {
        marks.push("the number after a piece: its energy");
    }
    if !v.start().neutrals().is_empty() {
        marks.push("* the neutral piece");
    }
    lines.push(format!("Marks: {}", marks.join("; ")));
    wrap(&lines.join("\n"), 79)
}

/// Wraps each line at `width` columns, at spaces.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut col = 0;
        for word in line.split(' ') {
            let len = word.chars().count();
            if col > 0 && col + 1 + len > width {
                out.push_str("\n  ");
                col = 2;
            } else if col > 0 {
                out.push(' ');
                col += 1;
            }
            out.push_str(word);
            col += len;
        }
        out.push('\n');
    }
    out
}

/// The game state below the board: side to move, rights, hands, the game's own facts, check;
/// with `borrowing`, a line per Friend on what it borrows.
pub fn state_with(v: &Variant, pos: &Position, borrowing: bool) -> String {
    let mut lines = Vec::new();
    let side = pos.side_to_move();
    let mut to_move = format!("{} to move (move {})", side.name(), pos.fullmove_number());
    if v.end().royal != messhall_rules::spec::RoyalRule::Capture && v.in_check(pos) {
        to_move.push_str(", in check");
    }
    lines.push(to_move);
    if !v.castling().is_empty() {
        let rights: String = "KQkq"
            .chars()
            .enumerate()
            .filter(|(i, _)| pos.castling_rights() >> i & 1 == 1)
            .map(|(_, c)| c)
            .collect();
        lines.push(format!(
            "Castling: {}",
            if rights.is_empty() { "-".to_string() } else { rights }
        ));
    }
    if !pos.ep_squares().is_empty() {
        let names: Vec<String> = pos.ep_squares().iter().map(|s| s.to_string()).collect();
        lines.push(format!("En passant: {}", names.join(", ")));
    }
    if !v.drops().is_empty() {
        for color in Color::ALL {
            let held: Vec<String> = v
                .roles()
                .filter(|(r, _)| pos.hand(color, *r) > 0)
                .map(|(r, info)| format!("{}x{}", pos.hand(color, r), info.name))
                .collect();
            lines.push(format!(
                "{} in hand: {}",
                color.name(),
                if held.is_empty() { "-".into() } else { held.join(", ") }
            ));
        }
    }
    lines.extend(crate::rules_text::fact_lines(v, pos));
    if borrowing {
        lines.extend(crate::piece_info::all_borrowing(v, pos));
    }
    lines.push(format!("Moves since capture or pawn move: {}", pos.halfmove_clock()));
    lines.push(format!("FEN: {}", pos.to_fen(v)));
    lines.join("\n") + "\n"
}

/// [`state_with`] with the borrowing lines (for `show`).
pub fn state(v: &Variant, pos: &Position) -> String {
    state_with(v, pos, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flipped_board_has_black_at_the_bottom_and_marks_show_without_colour() {
        let v = messhall_catalog::builtin("chess").unwrap();
        let pos = v.start();
        let style = Style {
            flip: true,
            last: vec!["e2".parse().unwrap()],
            ..Style::default()
        };
        let text = draw(&v, &pos, &style);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("  1 ") && lines[7].starts_with("  8 "), "{text}");
        assert!(lines[8].trim_start().starts_with('h'), "{text}");
        assert!(text.contains("[P]"), "{text}");
        let calorie = messhall_catalog::builtin("calorie").unwrap();
        let board = draw(&calorie, &calorie.start(), &Style::default());
        assert!(
            board.contains(" N") && board.lines().all(|l| l.chars().count() <= 80),
            "{board}"
        );
    }

    #[test]
    fn twelve_by_twelve_fits_the_terminal() {
        for name in ["foodfight", "friendly"] {
            let v = messhall_catalog::builtin(name).unwrap();
            let text = draw(&v, &v.start(), &Style::default());
            assert!(text.lines().count() <= 13 && text.lines().all(|l| l.chars().count() <= 80));
            let legend = legend(&v, &Style::default());
            assert!(legend.lines().all(|l| l.chars().count() <= 80), "{legend}");
        }
    }
}
