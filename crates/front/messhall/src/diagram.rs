//! `messhall diagram`: a variant's start position, or where one piece may go, as plain text for
//! rules pages. The rules pages embed this output and a test regenerates it, so they cannot drift
//! from the move generator.
//!
//! A piece diagram puts the piece alone on an empty board (or on the board of `--fen`) and marks
//! every square it may reach:
//!
//! * `*` it may move there, and capture an enemy standing there;
//! * `o` it may only move there (the square must be empty);
//! * `x` it may only capture there;
//! * `i` only while the piece has never moved (an initial move).
//!
//! Moves that need other pieces on the board (a cannon's hurdle) show only when `--fen` puts
//! them there.

use anyhow::{Context, Result, bail};
use messhall_rules::reach::{drawn_board, reach};
use messhall_rules::{Color, Piece, Position, Square, Variant};
use std::collections::BTreeMap;
use std::fmt::Write;

/// What a diagram shows: the start position, or the moves of one piece.
pub struct Request<'a> {
    pub variant: &'a str,
    /// The piece's letter (uppercase White, lowercase Black) to put on `square`.
    pub piece: Option<char>,
    /// Where the piece stands (default: a central square).
    pub square: Option<&'a str>,
    /// The other pieces (default: an empty board).
    pub fen: Option<&'a str>,
}

pub fn run(request: &Request<'_>) -> Result<()> {
    print!("{}", render(request)?);
    Ok(())
}

/// The diagram as text, one line per rank, ending with the file letters.
pub fn render(request: &Request<'_>) -> Result<String> {
    let v = messhall_catalog::load(request.variant)?;
    if request.piece.is_none() && request.square.is_none() {
        let pos = match request.fen {
            Some(f) => drawn_board(&v, f)?,
            None => v.start(),
        };
        return Ok(draw(&v, |sq| pos.piece_at(sq).map(|p| v.piece_letter(p))));
    }
    let square: Square = match request.square {
        Some(s) => s.parse().map_err(|e| anyhow::anyhow!("--square {s}: {e}"))?,
        None => Square::new((v.size().files() - 1) / 2, (v.size().ranks() - 1) / 2).context("board too small")?,
    };
    if square.file() >= v.size().files() || square.rank() >= v.size().ranks() {
        bail!(
            "--square {square}: not on the {}x{} board",
            v.size().files(),
            v.size().ranks()
        );
    }
    let board = match request.fen {
        Some(f) => board_of(&v, &drawn_board(&v, f)?),
        None => BTreeMap::new(),
    };
    let piece = match request.piece {
        Some(letter) => {
            let role = v
                .role_by_letter(letter)
                .with_context(|| format!("--piece {letter}: {} has no such piece", v.name()))?;
            let color = if letter.is_ascii_lowercase() {
                Color::Black
            } else {
                Color::White
            };
            Piece::new(color, role)
        }
        None => {
            let letter = board
                .get(&square)
                .copied()
                .with_context(|| format!("no piece on {square}"))?;
            let role = v.role_by_letter(letter).context("unknown letter")?;
            let color = if letter.is_ascii_lowercase() {
                Color::Black
            } else {
                Color::White
            };
            Piece::new(color, role)
        }
    };
    piece_diagram(&v, &board, square, piece)
}

/// Where the piece on `square` of `pos` may go, drawn as [`render`] draws a piece's diagram,
/// the rest of the board as it stands.
pub fn for_piece_on(v: &Variant, pos: &Position, square: Square) -> Result<String> {
    let piece = pos.piece_at(square).with_context(|| format!("no piece on {square}"))?;
    let mut board = board_of(v, pos);
    board.remove(&square);
    piece_diagram(v, &board, square, piece)
}

/// `piece` on `square` of `board`, its reach marked.
fn piece_diagram(v: &Variant, board: &BTreeMap<Square, char>, square: Square, piece: Piece) -> Result<String> {
    let letter = v.piece_letter(piece);
    let moved = reach(v, board, square, letter, "m")?;
    let unmoved = reach(v, board, square, letter, "u")?;
    Ok(draw(v, |sq| {
        if sq == square {
            return Some(letter);
        }
        let mark = match (moved.get(&sq), unmoved.get(&sq)) {
            (Some(&(quiet, capture)), _) => match (quiet, capture) {
                (true, true) => '*',
                (true, false) => 'o',
                _ => 'x',
            },
            (None, Some(_)) => 'i',
            (None, None) => return board.get(&sq).copied(),
        };
        Some(mark)
    }))
}

/// The pieces of a position by square, as FEN letters.
fn board_of(v: &Variant, pos: &Position) -> BTreeMap<Square, char> {
    v.size()
        .squares()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, v.piece_letter(p))))
        .collect()
}

fn draw(v: &Variant, mut at: impl FnMut(Square) -> Option<char>) -> String {
    let mut s = String::new();
    for rank in (0..v.size().ranks()).rev() {
        let _ = write!(s, "{:>3} ", rank + 1);
        for file in 0..v.size().files() {
            let c = Square::new(file, rank).and_then(&mut at).unwrap_or('.');
            let _ = write!(s, " {c}");
        }
        s.push('\n');
    }
    s.push_str("    ");
    for file in 0..v.size().files() {
        let _ = write!(s, " {}", (b'a' + file) as char);
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::{Request, render};

    /// The rules pages whose diagrams this command generates.
    const PAGES: &[&str] = &["docs/foodfight.md", "docs/friendly.md"];

    /// Finds each `<!-- messhall diagram ... -->` line and the ```text block after it; with
    /// MESSHALL_BLESS=1 rewrites the blocks instead of comparing.
    #[test]
    fn rules_page_diagrams_are_up_to_date() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../");
        let bless = std::env::var_os("MESSHALL_BLESS").is_some();
        for page in PAGES {
            let path = format!("{root}{page}");
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let mut out = Vec::new();
            let mut lines = text.lines().peekable();
            let mut count = 0;
            while let Some(line) = lines.next() {
                out.push(line.to_string());
                let Some(args) = line
                    .trim()
                    .strip_prefix("<!-- messhall diagram ")
                    .and_then(|l| l.strip_suffix("-->"))
                else {
                    continue;
                };
                count += 1;
                let words: Vec<&str> = args.split_whitespace().collect();
                let mut piece = None;
                let mut square = None;
                let mut fen = None;
                let mut i = 1;
                while i < words.len() {
                    match words[i] {
                        "--piece" => piece = words[i + 1].chars().next(),
                        "--square" => square = Some(words[i + 1]),
                        "--fen" => {
                            // The FEN, quoted in the page, runs to the next option or the end.
                            let end = words[i + 1..]
                                .iter()
                                .position(|w| w.starts_with("--"))
                                .map_or(words.len(), |p| p + i + 1);
                            fen = Some(words[i + 1..end].join(" ").trim_matches('"').to_string());
                            i = end;
                            continue;
                        }
                        other => panic!("{page}: unknown option {other}"),
                    }
                    i += 2;
                }
                let request = Request {
                    variant: words[0],
                    piece,
                    square,
                    fen: fen.as_deref(),
                };
                let want = render(&request).unwrap_or_else(|e| panic!("{page}: {line}: {e}"));
                assert_eq!(lines.next().map(str::trim), Some("```text"), "{page}: {line}");
                let mut have = String::new();
                for l in lines.by_ref() {
                    if l.trim() == "```" {
                        break;
                    }
                    have.push_str(l);
                    have.push('\n');
                }
                if !bless {
                    assert_eq!(
                        have, want,
                        "{page}: the diagram after `{line}` is out of date (MESSHALL_BLESS=1 cargo test -p messhall rewrites it)"
                    );
                }
                out.push("```text".into());
                out.extend(want.lines().map(str::to_string));
                out.push("```".into());
            }
            assert!(count > 0, "{page} has no diagrams");
            if bless {
                std::fs::write(&path, out.join("\n") + "\n").unwrap();
            }
        }
    }
}
