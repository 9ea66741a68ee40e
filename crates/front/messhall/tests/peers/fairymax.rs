//! Fairy-Max with `examples/peers/fairymax/foodfight.ini` plays the game of
//! `examples/peers/foodfight-fmax.toml`: the same legal moves (Fairy-Max lists none, so every
//! from-to of the side to move is offered to it in force mode and taken back when it accepts),
//! the same promotions, and moves of its own choice that our rules accept.

use crate::engine::{Engine, repo_file, required};
use messhall_rules::{Color, Position, Square, Variant};
use std::collections::BTreeSet;

const INI: &str = "examples/peers/fairymax/foodfight.ini";
const TOML: &str = "examples/peers/foodfight-fmax.toml";
/// Fairy-Max's symbols in its `p` board print: White's piece numbers 0-15, then Black's.
const BOARD_SYMBOLS: &str = ".*XKNBRQEWFMACHG?x+knbrqewfmachg";

fn variant() -> Variant {
    messhall_catalog::load(&repo_file(TOML).display().to_string()).unwrap_or_else(|e| panic!("{e}"))
}

fn ini_text() -> String {
    std::fs::read_to_string(repo_file(INI)).unwrap_or_else(|e| panic!("{INI}: {e}"))
}

/// The lines of the definition starting at line `first`, up to the blank line that ends it.
fn definition(lines: &[&str], first: usize) -> Vec<String> {
    lines[first..]
        .iter()
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// The named section's definition: board size, two setup lines, then one line per piece.
fn named_definition() -> Vec<String> {
    let text = ini_text();
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_end() == "Game: foodfight-fmax")
        .unwrap_or_else(|| panic!("{INI}: no section foodfight-fmax"));
    definition(&lines, at + 1)
}

/// Fairy-Max's piece number (1-15) of `color`'s piece with `letter`: the first piece line with
/// that letter is White's, the last Black's.
fn piece_number(color: Color, letter: char) -> usize {
    let def = named_definition();
    let numbers = def[3..]
        .iter()
        .enumerate()
        .filter(|(_, l)| l.chars().next().is_some_and(|c| c.eq_ignore_ascii_case(&letter)))
        .map(|(i, _)| i + 1);
    let number = match color {
        Color::White => numbers.min(),
        Color::Black => numbers.max(),
    };
    number.unwrap_or_else(|| panic!("{INI}: no piece {letter}"))
}

#[test]
fn the_definition_fairymax_starts_with_is_the_named_one() {
    let text = ini_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "version 4.8(w)");
    assert_eq!(definition(&lines, 1), named_definition());
    // Fairy-Max reads a definition to the first line that is not a piece; at the end of the file
    // it would loop for ever, so text must follow the last one.
    assert!(!lines.last().is_some_and(|l| l.contains(':') && l.contains(',')));
}

#[test]
fn the_variant_file_has_every_piece_of_the_ini_and_no_other() {
    let v = variant();
    let ini: BTreeSet<char> = named_definition()[3..]
        .iter()
        .filter_map(|l| l.chars().next())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let ours: BTreeSet<char> = v.roles().map(|(_, info)| info.letter).collect();
    assert_eq!(ini, ours);
    assert_eq!(ini.len(), 13, "13 kinds in 15 Fairy-Max piece numbers");
}

#[test]
fn fairymax_own_start_is_ours_without_ranks_2_and_11() {
    let v = variant();
    let def = named_definition();
    // Pawns on the third rank, promotion on the last.
    assert_eq!(def[0], "12x12=-2");
    let letter = |number: &str| -> char {
        let n: usize = number
            .parse()
            .unwrap_or_else(|e| panic!("{INI}: setup {number:?}: {e}"));
        def[2 + n].chars().next().expect("a piece letter").to_ascii_uppercase()
    };
    let start = v.start();
    let rank = |r: u8| -> String {
        (0..12)
            .map(|f| {
                let sq = Square::new(f, r).expect("a square");
                start.piece_at(sq).map_or('.', |p| v.piece_letter(p))
            })
            .collect()
    };
    let white: String = def[1].split_whitespace().map(letter).collect();
    let black: String = def[2].split_whitespace().map(letter).collect();
    assert_eq!(white, rank(0));
    assert_eq!(black.to_ascii_lowercase(), rank(11));
    assert_eq!((rank(2), rank(9)), ("P".repeat(12), "p".repeat(12)));
}

/// Fairy-Max in xboard mode with the Food Fight chess ini loaded.
struct FairyMax {
    engine: Engine,
    pings: u32,
}

impl FairyMax {
    fn start() -> Option<FairyMax> {
        let program = required("fairymax", "fairymax")?;
        let ini = repo_file(INI).canonicalize().unwrap_or_else(|e| panic!("{INI}: {e}"));
        let mut engine = Engine::start(&program, &[&ini.display().to_string()], &std::env::temp_dir());
        engine.send("xboard");
        engine.send("protover 2");
        let features = engine.until(|l| l.contains("done=1"));
        assert!(
            features
                .iter()
                .any(|l| l.starts_with("feature variants=") && l.contains("foodfight-fmax")),
            "Fairy-Max does not offer foodfight-fmax: {features:?}"
        );
        Some(FairyMax { engine, pings: 0 })
    }

    /// Waits until Fairy-Max has read everything sent so far; returns what it said meanwhile.
    fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.engine.send(&format!("ping {}", self.pings));
        let out = self.engine.until(|l| l == pong);
        let trouble: Vec<&String> = out
            .iter()
            .filter(|l| l.starts_with("Error") || l.starts_with("telluser"))
            .collect();
        assert!(trouble.is_empty(), "Fairy-Max: {trouble:?}");
        out
    }

    /// A new game of foodfight-fmax, with the pieces of `pos` put on in edit mode: all of them on
    /// an empty board (`clear`), or else only those on ranks 2 and 11, the ones Fairy-Max's own
    /// start lacks. Fairy-Max's edit mode takes a pawn for unmoved only on the second rank of its
    /// side, whatever the game, so our start (Fish pawns on rank 3, unmoved) must be built on
    /// Fairy-Max's start, not on an empty board.
    fn set_up(&mut self, v: &Variant, pos: &Position, clear: bool) {
        assert_eq!(pos.side_to_move(), Color::White, "edit mode here sets up White to move");
        self.engine.send("new");
        self.engine.send("variant foodfight-fmax");
        self.engine.send("edit");
        if clear {
            self.engine.send("#");
        }
        let last = v.size().ranks() - 1;
        for color in [Color::White, Color::Black] {
            if color == Color::Black {
                self.engine.send("c");
            }
            for sq in pos.pieces_of(color) {
                if clear || sq.rank() == 1 || sq.rank() == last - 1 {
                    let piece = pos.piece_at(sq).expect("an occupied square");
                    self.engine
                        .send(&format!("{}{sq}", v.piece_letter(piece).to_ascii_uppercase()));
                }
            }
        }
        self.engine.send(".");
        self.sync();
    }

    /// Whether Fairy-Max takes `text` as a legal move; the move stays played if it does.
    fn accepts(&mut self, text: &str) -> bool {
        self.engine.send(text);
        !self.sync().iter().any(|l| l.starts_with("Illegal move"))
    }

    /// Every from-to of the side to move that Fairy-Max accepts (each taken back at once).
    fn legal_from_to(&mut self, v: &Variant, pos: &Position) -> BTreeSet<(Square, Square)> {
        let side = pos.side_to_move();
        let mut legal = BTreeSet::new();
        for from in pos.pieces_of(side) {
            for to in v.size().squares() {
                if to == from || pos.pieces_of(side).contains(to) {
                    continue;
                }
                if self.accepts(&format!("{from}{to}")) {
                    legal.insert((from, to));
                    self.engine.send("undo");
                }
            }
        }
        legal
    }

    /// The colour and Fairy-Max's piece number of the piece on `sq`, read from its board print.
    fn piece_number_on(&mut self, v: &Variant, sq: Square) -> (Color, usize) {
        self.engine.send("p");
        let width = usize::from(v.size().files());
        // 16 rows of the board's 16-wide array, the game's ranks from the top in the first ones.
        let rows: Vec<Vec<String>> = self
            .sync()
            .iter()
            .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
            .filter(|cells| cells.len() == width && cells.iter().all(|c| c.len() == 1))
            .collect();
        let row = &rows[usize::from(v.size().ranks() - 1 - sq.rank())];
        let symbol = row[usize::from(sq.file())].as_str();
        match BOARD_SYMBOLS.find(symbol) {
            Some(n) if (1..16).contains(&n) => (Color::White, n),
            Some(n) if (17..32).contains(&n) => (Color::Black, n - 16),
            _ => panic!("{sq}: {symbol:?} is not a piece"),
        }
    }
}

/// Our legal moves as from-to pairs (a promotion's choices are one pair).
fn our_from_to(v: &Variant, pos: &Position) -> BTreeSet<(Square, Square)> {
    v.legal_moves(pos).iter().map(|m| (m.from(), m.to())).collect()
}

fn assert_same_moves(fm: &mut FairyMax, v: &Variant, pos: &Position) {
    let theirs = fm.legal_from_to(v, pos);
    let ours = our_from_to(v, pos);
    let show = |set: BTreeSet<&(Square, Square)>| set.iter().map(|(f, t)| format!("{f}{t}")).collect::<Vec<_>>();
    assert!(
        theirs == ours,
        "at {}: Fairy-Max only {:?}, messhall only {:?}",
        pos.to_fen(v),
        show(theirs.difference(&ours).collect()),
        show(ours.difference(&theirs).collect())
    );
}

fn parse_square(text: &str) -> Square {
    Square::parse_prefix(text).expect("a square").0
}

/// The rules Fairy-Max cannot state in the usual way, each in play: the Pancake's hop over one
/// piece, the Chef's slide past an attacked square, en passant, the promotion choices, and the
/// Fish pawn that steps back onto its first rank and becomes a Mushroom.
#[test]
fn fairymax_has_our_moves_in_the_special_cases() {
    let Some(mut fm) = FairyMax::start() else { return };
    let v = variant();
    // Set up on an empty board, where Fairy-Max takes only White's second-rank and Black's
    // eleventh-rank pawns for unmoved: the FEN says the same of ours.
    let fen = "3u2kr4/2P9/8p{m}3/12/12/12/4W1W5/12/5N4p1/1P{m}10/9P{u}2/6K5 w - - 0 1";
    let mut pos = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{e}"));
    fm.set_up(&v, &pos, true);
    // The Fish pawn's double step and its en passant capture, a Fish pawn of each side going
    // back to its first rank, and the Chefs stepping aside, each move after the comparison of all.
    let moves = [
        "j2j4", "k4j3", "b3b2", "g12f12", "b2b1u", "f12g12", "g1f1", "i10i11", "f1g1", "i11i12u",
    ];
    let mut mushrooms = Vec::new();
    for text in moves {
        assert_same_moves(&mut fm, &v, &pos);
        let mv = v.parse_move(&pos, text).unwrap_or_else(|e| panic!("{e}"));
        assert!(fm.accepts(text), "Fairy-Max refuses {text}");
        if text.ends_with('u') {
            mushrooms.push((pos.side_to_move(), mv.to()));
        }
        pos = pos.play_unchecked(&v, &mv);
    }
    assert_same_moves(&mut fm, &v, &pos);
    // Each side's Fish pawn back on its first rank is that side's Mushroom in Fairy-Max too.
    assert_eq!(mushrooms.len(), 2);
    for (color, sq) in mushrooms {
        assert_eq!(fm.piece_number_on(&v, sq), (color, piece_number(color, 'U')), "{sq}");
    }
    // Each of our promotion choices is accepted, and makes the piece of that letter.
    let c12 = parse_square("c12");
    let promotions: Vec<String> = v
        .legal_moves(&pos)
        .iter()
        .filter(|m| m.to() == c12 && m.promotion().is_some())
        .map(|m| m.to_coordinates(&v))
        .collect();
    assert_eq!(promotions.len(), 11, "{promotions:?}");
    for text in &promotions {
        assert!(fm.accepts(text), "Fairy-Max refuses {text}");
        let letter = text.chars().last().expect("a promotion letter");
        let made = (Color::White, piece_number(Color::White, letter));
        assert_eq!(fm.piece_number_on(&v, c12), made, "{text}");
        fm.engine.send("undo");
    }
}

/// Fairy-Max plays both sides from the start; every move it chooses is legal under our file, and
/// at some positions on the way its legal moves are compared with ours. `PEERS_FAIRYMAX_PLIES`
/// and `PEERS_FAIRYMAX_COMPARE_EVERY` lengthen the run (docs/peers.md gives the figures).
#[test]
fn fairymax_plays_legal_moves_from_the_start() {
    let Some(mut fm) = FairyMax::start() else { return };
    let v = variant();
    let env = |name: &str, default: usize| std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default);
    let plies = env("PEERS_FAIRYMAX_PLIES", 24);
    let compare_every = env("PEERS_FAIRYMAX_COMPARE_EVERY", 8).max(1);
    let mut pos = v.start();
    fm.set_up(&v, &pos, false);
    fm.engine.send("sd 4");
    fm.engine.send("st 1");
    let mut played = Vec::new();
    for ply in 0..plies {
        if v.legal_moves(&pos).is_empty() {
            break;
        }
        if ply % compare_every == 0 {
            assert_same_moves(&mut fm, &v, &pos);
        }
        fm.engine.send("go");
        let out = fm.engine.until(|l| l.starts_with("move "));
        let text = out.last().and_then(|l| l.strip_prefix("move ")).expect("a move line");
        let mv = v
            .parse_move(&pos, text)
            .unwrap_or_else(|e| panic!("Fairy-Max played {text} after {played:?}: {e} (at {})", pos.to_fen(&v)));
        played.push(text.to_string());
        pos = pos.play_unchecked(&v, &mv);
        fm.engine.send("force");
        fm.sync();
    }
    eprintln!("Fairy-Max's {} plies, all legal: {}", played.len(), played.join(" "));
}
