//! Reading PGN: each game's tags set up a game of the rules, its moves are read on the position
//! as it stands and played by the rules (so each is checked), its step comments must be the dice's own
//! steps (or steered ones the rules offer), and its result must be the one the moves give.

use super::board::{Board, Due, side};
use super::lex::{LexError, Lexer, Token};
use super::{
    FIDE_CHESS, Header, PgnError, PgnGame, TERMINATION_ABANDONED, TERMINATION_FLAG, TERMINATION_FORFEIT,
    TERMINATION_LIMIT,
};
use super::{MAX_GAMES, MAX_MOVES, MAX_PGN_BYTES, MAX_TAGS, MAX_TOTAL_MOVES};
use crate::catalog::{self, GameKind};
use crate::clock::ClockSpec;
use crate::record::{FORMAT, FreshDice, Record};
use crate::result::Ending;
use crate::seat::Seat;
use messhall_dice::Seed;
use messhall_rules::echo as shorten;
use messhall_rules::{Color, MoveError, Position};
use std::time::Duration;

/// The longest symbol read as a move (the longest SAN of any built-in is far shorter).
const MAX_MOVE_CHARS: usize = 40;

/// The result tokens.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Tags messhall reads; each may appear once.
const OWN_TAGS: [&str; 14] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Variant",
    "SetUp",
    "FEN",
    "Seed",
    "FreshDice",
    "TimeControl",
    "Termination",
];

pub(super) fn read_games(text: &str, extra: &[GameKind]) -> Result<Vec<PgnGame>, PgnError> {
    if text.len() > MAX_PGN_BYTES {
        return Err(PgnError::Text(format!(
            "{} bytes is more than the {} MB a PGN text may have",
            text.len(),
            MAX_PGN_BYTES >> 20
        )));
    }
    let mut games = Vec::new();
    let mut tags = Tags::default();
    let mut reader: Option<GameReader> = None;
    let mut moves_read = 0;
    for lexed in Lexer::new(text) {
        let number = games.len() + 1;
        let lexed = lexed.map_err(|LexError { line, why }| PgnError::Game {
            game: number,
            line,
            why,
        })?;
        let line = lexed.line;
        match lexed.token {
            Token::Tag { name, value } => {
                if reader.is_some() {
                    return Err(PgnError::Game {
                        game: number,
                        line,
                        why: "the game has no result (1-0, 0-1, 1/2-1/2 or *) before the next game's tags".into(),
                    });
                }
                tags.add(number, line, name, value)?;
            }
            // A comment before any game (a file's heading) belongs to none.
            Token::Comment(_) if reader.is_none() && tags.list.is_empty() => {}
            Token::Comment(text) => {
                let game = start(&mut reader, &tags, number, line, extra)?;
                game.comment(text, line)?;
            }
            Token::Symbol(symbol) => {
                let game = start(&mut reader, &tags, number, line, extra)?;
                if RESULTS.contains(&symbol) {
                    if let Some(game) = reader.take() {
                        games.push(game.finish(symbol, line)?);
                    }
                    tags = Tags::default();
                    if games.len() == MAX_GAMES {
                        return Err(PgnError::Text(format!("more than {MAX_GAMES} games in one text")));
                    }
                } else {
                    moves_read += 1;
                    if moves_read > MAX_TOTAL_MOVES {
                        return Err(PgnError::Text(format!("more than {MAX_TOTAL_MOVES} moves in one text")));
                    }
                    game.play(symbol, line)?;
                }
            }
        }
    }
    if reader.is_some() || !tags.list.is_empty() {
        return Err(PgnError::Game {
            game: games.len() + 1,
            line: text.lines().count(),
            why: "the text ends before the game's result (1-0, 0-1, 1/2-1/2 or *): is it cut short?".into(),
        });
    }
    if games.is_empty() {
        return Err(PgnError::Text("the text holds no game".into()));
    }
    Ok(games)
}

/// The game being read, set up from its tags at its first move or comment.
fn start<'r>(
    reader: &'r mut Option<GameReader>,
    tags: &Tags,
    number: usize,
    line: usize,
    extra: &[GameKind],
) -> Result<&'r mut GameReader, PgnError> {
    if reader.is_none() {
        *reader = Some(GameReader::new(tags, number, line, extra)?);
    }
    reader
        .as_mut()
        .ok_or_else(|| PgnError::Text("a game that could not be set up".into()))
}

/// A game's tags as read: name, value, line.
#[derive(Default)]
struct Tags {
    list: Vec<(String, String, usize)>,
}

impl Tags {
    fn add(&mut self, game: usize, line: usize, name: &str, value: String) -> Result<(), PgnError> {
        let fail = |why: String| PgnError::Game { game, line, why };
        if self.list.len() == MAX_TAGS {
            return Err(fail(format!("more than {MAX_TAGS} tags")));
        }
        if OWN_TAGS.contains(&name) && self.get(name).is_some() {
            return Err(fail(format!("the tag {name} appears twice")));
        }
        if name == "Result" && !RESULTS.contains(&value.as_str()) {
            return Err(fail(format!(
                "[Result \"{}\"]: a result is 1-0, 0-1, 1/2-1/2 or *",
                shorten(&value)
            )));
        }
        self.list.push((name.to_string(), value, line));
        Ok(())
    }

    /// The value and line of a tag.
    fn get(&self, name: &str) -> Option<(&str, usize)> {
        self.list
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, v, line)| (v.as_str(), *line))
    }

    fn value(&self, name: &str) -> Option<&str> {
        self.get(name).map(|(v, _)| v)
    }
}

/// One game being read: the game as the rules play it, and how far the PGN has accounted for the
/// rules' own actions (moves, and chance outcomes the dice or a player decided).
struct GameReader {
    number: usize,
    header: Header,
    board: Board,
    source: crate::GameSource,
    players: Vec<String>,
    seed: Seed,
    /// How many of the rules' actions the PGN has accounted for.
    cursor: usize,
    /// Whether a `Seed` tag gave the dice.
    seeded: bool,
    clock: Option<ClockSpec>,
    termination: Option<String>,
    result_tag: Option<String>,
    moves: usize,
    /// The last move read, for placing a step comment (`12... Nf6`).
    last_move: String,
    /// The last comment that is not a step (a forfeit's reason is read from it).
    note: Option<String>,
}

impl GameReader {
    fn new(tags: &Tags, number: usize, line: usize, extra: &[GameKind]) -> Result<GameReader, PgnError> {
        let tag_error = |name: &str, why: String| {
            let (value, line) = tags.get(name).unwrap_or(("", line));
            PgnError::Game {
                game: number,
                line,
                why: format!("[{name} \"{}\"]: {why}", shorten(value)),
            }
        };
        let kind = game_named(tags.value("Variant").unwrap_or(""), extra).map_err(|why| tag_error("Variant", why))?;
        let seed = match tags.value("Seed") {
            Some(text) => Some(text.parse::<Seed>().map_err(|e| tag_error("Seed", e.to_string()))?),
            None => None,
        };
        let clock = tags.value("TimeControl").and_then(time_control);
        let name = |tag: &str| tags.value(tag).filter(|n| *n != "?").unwrap_or("").to_string();
        let players = match [name("White"), name("Black")] {
            [w, b] if w.is_empty() && b.is_empty() => Vec::new(),
            both => both.to_vec(),
        };
        let GameKind::Chess(chess) = kind else {
            return Err(tag_error("Variant", "the cafeteria game has no PGN".into()));
        };
        let dice = seed.unwrap_or(Seed::from_number(0));
        let fresh = match tags.value("FreshDice") {
            Some(text) => FreshDice::from_tag(text).map_err(|e| tag_error("FreshDice", e.to_string()))?,
            None => Vec::new(),
        };
        let board = Board::new(chess.variant.clone(), tags.value("FEN"), dice)
            .map_err(|e| tag_error("FEN", e.to_string()))?
            .with_fresh_dice(fresh);
        let text = |tag: &str, default: &str| tags.value(tag).unwrap_or(default).to_string();
        let standard = Header::default();
        let header = Header {
            event: text("Event", &standard.event),
            site: text("Site", &standard.site),
            date: text("Date", &standard.date),
            round: text("Round", &standard.round),
            other: tags
                .list
                .iter()
                .filter(|(n, _, _)| !OWN_TAGS.contains(&n.as_str()))
                .map(|(n, v, _)| (n.clone(), v.clone()))
                .collect(),
        };
        Ok(GameReader {
            number,
            header,
            cursor: 0,
            seeded: seed.is_some(),
            clock,
            termination: tags.value("Termination").map(str::to_ascii_lowercase),
            result_tag: tags.value("Result").map(str::to_string),
            moves: 0,
            last_move: "the start".into(),
            note: None,
            board,
            source: chess.source.clone(),
            players,
            seed: dice,
        })
    }

    /// The rules' action the PGN is to account for next, if the game has made it already (a
    /// forced pass or the dice's step).
    fn made(&self) -> Option<messhall_rules::Action> {
        self.board.game().actions().get(self.cursor).copied()
    }

    /// The position before the next action the PGN accounts for.
    fn position(&self) -> &Position {
        let game = self.board.game();
        game.positions().get(self.cursor).unwrap_or(game.position())
    }

    /// The dice's step due here, refused: it should have been written before what follows.
    fn missing_step(&self, line: usize, place: &str, token: &str, outcome: &str) -> PgnError {
        if !self.seeded {
            return self.no_seed(line, place, token);
        }
        let why = format!("the step comment {{step {outcome}}} the dice give before this is missing");
        token_error(self.number, line, place, token, why)
    }

    fn no_seed(&self, line: usize, place: &str, token: &str) -> PgnError {
        let why = "the dice decide a step here, and the game has no [Seed] tag to roll them: \
                   a PGN of a game with chance events must keep its seed"
            .to_string();
        token_error(self.number, line, place, token, why)
    }

    /// A move token.
    fn play(&mut self, token: &str, line: usize) -> Result<(), PgnError> {
        let v = self.board.variant().clone();
        let place = move_place(self.position());
        let number = self.number;
        let fail = |why: String| token_error(number, line, &place, token, why);
        if token.chars().count() > MAX_MOVE_CHARS {
            return Err(fail("not a move (too long)".into()));
        }
        if self.moves == MAX_MOVES {
            return Err(fail(format!("more than {MAX_MOVES} moves in one game")));
        }
        self.moves += 1;
        match self.made() {
            Some(messhall_rules::Action::Move(made)) => {
                // A forced pass, made at once.
                let pos = self.position();
                if v.parse_move(pos, token).ok() != Some(made) {
                    let san = v.san(pos, &made);
                    return Err(fail(format!("the side to move can only pass here: \"{san}\"")));
                }
            }
            Some(messhall_rules::Action::Chance(outcome)) => {
                return Err(self.missing_step(line, &place, token, &outcome.to_text()));
            }
            None => {
                match self.board.due() {
                    Due::Move(..) => {}
                    Due::Steer(..) => {
                        return Err(fail(
                            "a steered step is due first, in a comment like {steer d4-e5}".into(),
                        ));
                    }
                    Due::Over => {
                        return Err(fail(format!(
                            "the game is over ({}): only the result may follow",
                            self.ended()
                        )));
                    }
                }
                let mv = v
                    .parse_move(self.board.game().position(), token)
                    .map_err(|e| fail(move_error(&e)))?;
                self.board.play(mv);
            }
        }
        self.cursor += 1;
        self.last_move = format!("{place} {token}");
        Ok(())
    }

    /// A comment: a step (`step d4-e5`, `steer d4-e5`, `step d4` for standing still) or words
    /// that are not the rules' business.
    fn comment(&mut self, text: &str, line: usize) -> Result<(), PgnError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (steered, outcome) = match words.as_slice() {
            ["step", o] if looks_like_outcome(o) => (false, *o),
            ["steer", o] if looks_like_outcome(o) => (true, *o),
            _ => {
                self.note = Some(words.join(" "));
                return Ok(());
            }
        };
        let place = format!("the step after {}", self.last_move);
        let token = format!("{{{}}}", words.join(" "));
        let number = self.number;
        let fail = |why: String| token_error(number, line, &place, &token, why);
        match self.made() {
            Some(messhall_rules::Action::Chance(made)) => {
                if !self.seeded {
                    return Err(self.no_seed(line, &place, &token));
                }
                let made = made.to_text();
                if steered {
                    return Err(fail(format!(
                        "the dice decide this step, nobody steers it: {{step {made}}}"
                    )));
                }
                if made != outcome {
                    return Err(fail(format!("the dice of the game's seed give {{step {made}}} here")));
                }
            }
            Some(messhall_rules::Action::Move(_)) => {
                return Err(fail(
                    "the side to move passes before any step: \"pass\" comes first".into(),
                ));
            }
            None => {
                let (chooser, steps) = match self.board.due() {
                    Due::Steer(chooser, steps) => (chooser, steps),
                    Due::Move(..) => return Err(fail("no step of a neutral piece is due here".into())),
                    Due::Over => {
                        return Err(fail(format!("the game is over ({})", self.ended())));
                    }
                };
                if !steered {
                    let side = chooser.name();
                    return Err(fail(format!("{side} steers this step: {{steer {outcome}}}")));
                }
                let Some(&chosen) = steps.iter().find(|o| o.to_text() == outcome) else {
                    let options: Vec<String> = steps.iter().map(|o| o.to_text()).collect();
                    return Err(fail(format!(
                        "not a step that may be chosen here (the choices: {})",
                        options.join(", ")
                    )));
                };
                self.board.steer(chosen);
            }
        }
        self.cursor += 1;
        Ok(())
    }

    /// The result token: it must be the one the moves give, or say how a game the moves left
    /// open ended (a resignation, a flag fall, an agreed draw, a move limit).
    fn finish(mut self, token: &str, line: usize) -> Result<PgnGame, PgnError> {
        let place = "the result";
        let fail = |why: String| token_error(self.number, line, place, token, why);
        match self.made() {
            Some(messhall_rules::Action::Chance(o)) => return Err(self.missing_step(line, place, token, &o.to_text())),
            Some(messhall_rules::Action::Move(_)) => {
                return Err(fail(
                    "the side to move can only pass before the end: \"pass\" is missing".into(),
                ));
            }
            None => {}
        }
        if let Some(tag) = self.result_tag.as_deref().filter(|t| *t != token) {
            return Err(fail(format!("the Result tag says {tag}")));
        }
        match self.board.result() {
            Some(r) if r.pgn() != token => {
                return Err(fail(format!("the moves end the game {} ({})", r.pgn(), self.ended())));
            }
            Some(_) => {}
            None => self
                .end_by(token)
                .map_err(|why| token_error(self.number, line, place, token, why))?,
        }
        let v = self.board.variant();
        let start = self.board.start().to_fen(v);
        let record = Record {
            format: FORMAT,
            game: self.source,
            start: Some(start).filter(|f| *f != v.start().to_fen(v)),
            setup: None,
            seed: self.seed,
            players: self.players,
            clock: self.clock,
            actions: self.board.steps(),
            result: self.board.result(),
            draws: Vec::new(),
            fresh_dice: self.board.fresh_dice().to_vec(),
        };
        Ok(PgnGame {
            header: self.header,
            record,
        })
    }

    /// Ends a game the moves left open as the result token and the Termination tag say.
    fn end_by(&mut self, token: &str) -> Result<(), String> {
        let termination = self.termination.as_deref().unwrap_or("");
        let loser = match token {
            "*" => return Ok(()),
            "1-0" => Seat(1),
            "0-1" => Seat(0),
            _ if termination == TERMINATION_LIMIT => {
                self.board.end(None, Ending::MoveLimit);
                return Ok(());
            }
            // A draw claimed from a side that left on its move: the side to move left.
            _ if termination == TERMINATION_ABANDONED => {
                let seat = self.board.seat().ok_or("a game left after it ended")?;
                self.board.end(None, Ending::Abandoned { seat, drawn: true });
                return Ok(());
            }
            _ => {
                self.board.end(None, Ending::Agreed);
                return Ok(());
            }
        };
        if termination == TERMINATION_FORFEIT {
            let side = format!("{}{}", side(loser), crate::words::FORFEITS);
            let reason = match self.note.as_deref() {
                Some(note) => note.strip_prefix(side.as_str()).unwrap_or(note),
                None => TERMINATION_FORFEIT,
            };
            let reason = reason.to_string();
            self.board.end(Some(loser), Ending::Forfeit { seat: loser, reason });
            return Ok(());
        }
        if termination == TERMINATION_ABANDONED {
            self.board.end(
                Some(loser),
                Ending::Abandoned {
                    seat: loser,
                    drawn: false,
                },
            );
            return Ok(());
        }
        if termination == TERMINATION_FLAG {
            if self.clock.is_none() {
                return Err("a loss on time in a game without a TimeControl tag (like 300+2)".into());
            }
            if self.board.seat() != Some(loser) {
                let winner = Seat(1 - loser.0);
                return Err(format!(
                    "{} lost on time, but {} was to move",
                    side(loser),
                    side(winner)
                ));
            }
            self.board.end(Some(loser), Ending::Flagged { seat: loser });
            return Ok(());
        }
        self.board.end(Some(loser), Ending::Resigned { seat: loser });
        Ok(())
    }

    /// How the game ended, in words.
    fn ended(&self) -> String {
        self.board
            .result()
            .map_or_else(|| "unfinished".into(), |r| crate::words::ending(&r.ending))
    }
}

fn token_error(game: usize, line: usize, place: &str, token: &str, why: String) -> PgnError {
    PgnError::Token {
        game,
        line,
        place: place.to_string(),
        token: shorten(token),
        why,
    }
}

/// `move 12.` for White to move, `move 12...` for Black.
fn move_place(pos: &Position) -> String {
    let dots = if pos.side_to_move() == Color::White { "." } else { "..." };
    format!("move {}{dots}", pos.fullmove_number())
}

/// Why a move was refused, without repeating the move (the error names it already).
fn move_error(e: &MoveError) -> String {
    match e {
        MoveError::Malformed { why, .. } => format!("not a move: {why}"),
        MoveError::Illegal { why: None, .. } => "not a legal move here".into(),
        MoveError::Illegal { why: Some(why), .. } => format!("not a legal move here: {why}"),
        MoveError::Ambiguous { options, .. } => format!("ambiguous: it could be {options}"),
    }
}

/// `d4` or `d4-e5`: a letter or more, then digits, once or twice.
fn looks_like_outcome(text: &str) -> bool {
    let square = |s: &str| {
        let letters = s.bytes().take_while(u8::is_ascii_lowercase).count();
        letters > 0 && s.len() > letters && s.bytes().skip(letters).all(|b| b.is_ascii_digit())
    };
    match text.split_once('-') {
        Some((a, b)) => square(a) && square(b),
        None => square(text),
    }
}

/// The game a `Variant` tag names: FIDE chess when it is empty or PGN's name for it, then the
/// games given, then the built-ins.
fn game_named(name: &str, extra: &[GameKind]) -> Result<GameKind, String> {
    let name = name.trim();
    let lower = name.to_ascii_lowercase();
    let fide = matches!(lower.as_str(), "" | "standard" | "from position");
    let wanted = if fide { FIDE_CHESS } else { lower.as_str() };
    if let Some(game) = extra.iter().find(|g| g.name().eq_ignore_ascii_case(wanted)) {
        return Ok(game.clone());
    }
    match catalog::builtin(wanted) {
        Some(game @ GameKind::Chess(_)) => Ok(game),
        Some(GameKind::Cafeteria) => Err("the cafeteria game has no PGN".into()),
        None => {
            let known: Vec<&str> = catalog::entries().filter(|e| e.chess).map(|e| e.name).collect();
            Err(format!(
                "not a game messhall knows (its chess games: {})",
                known.join(", ")
            ))
        }
    }
}

/// PGN's `TimeControl` (`300+2`, `300`, in seconds; correspondence as one move in whole days,
/// `1/259200`); `None` for `-`, `?` and forms with several periods, which a messhall clock does
/// not have.
fn time_control(text: &str) -> Option<ClockSpec> {
    if let Some(period) = text.strip_prefix("1/") {
        let seconds: u64 = period.trim().parse().ok()?;
        let days = seconds / (ClockSpec::DAY_MS / 1000);
        let whole = seconds % (ClockSpec::DAY_MS / 1000) == 0;
        return (whole && (1..=u64::from(ClockSpec::MAX_DAYS)).contains(&days))
            .then(|| ClockSpec::correspondence(days as u32));
    }
    let seconds = |s: &str| -> Option<Duration> {
        let value: f64 = s.trim().parse().ok()?;
        let ms = value * 1000.0;
        (ms.is_finite() && (0.0..=ClockSpec::MAX_MS as f64).contains(&ms)).then(|| Duration::from_millis(ms as u64))
    };
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let (base, increment) = (seconds(base)?, seconds(increment)?);
    (!base.is_zero()).then(|| ClockSpec::new(base, increment))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_look_like_squares() {
        for yes in ["d4", "d4-e5", "l12-k11"] {
            assert!(looks_like_outcome(yes), "{yes}");
        }
        for no in ["forward", "d", "4", "d4-", "d4-e5-f6", "D4"] {
            assert!(!looks_like_outcome(no), "{no}");
        }
    }

    #[test]
    fn time_controls_read_in_seconds() {
        assert_eq!(
            time_control("300+2").map(|c| (c.base_ms, c.increment_ms)),
            Some((300_000, 2_000))
        );
        assert_eq!(time_control("30.5").map(|c| c.base_ms), Some(30_500));
        assert_eq!(time_control("1/259200"), Some(ClockSpec::correspondence(3)));
        assert_eq!(time_control("1/3600"), None);
        for none in ["-", "?", "40/7200:3600", "0+1", "1e300+0", "NaN"] {
            assert_eq!(time_control(none), None, "{none}");
        }
    }
}
