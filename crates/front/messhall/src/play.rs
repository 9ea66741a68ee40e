//! `messhall play` for the chess games: a table of the play layer, its players, and a person at
//! the terminal. This file reads what the person types and prints what happens; the turns,
//! rules and computer players are the play layer's.

use crate::board_text::{self, Style};
use crate::lines::{Command, Line, Lines};
use crate::screen::{Flow, Screen};
use crate::words;
use anyhow::{Context, Result, bail};
use messhall_dice::Seed;
use messhall_records::{GameKind, Record, Seat};
use messhall_rules::{Square, Variant};
use messhall_table::{Action, Budget, Event, Legal, Player, PlayerSpec, Table, TableSetup, Turn};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

const HELP: &str = "Enter a move as coordinates (e2e4, e7e8q, N@e4, pass) or SAN (Nf3, exd5, O-O).
Commands: moves (the legal moves), info <square> (what the piece there does), undo [N], fen,
board, legend, friends (what each Friend borrows), record, save <file>, new, resign, help, quit.";

/// What `messhall play` was asked for (a chess game).
pub struct Settings {
    pub variant: String,
    pub fen: Option<String>,
    pub players: [PlayerSpec; 2],
    pub time: Duration,
    pub seed: Option<Seed>,
    pub hash_mb: usize,
    /// A record to go on from.
    pub load: Option<PathBuf>,
}

/// Plays at the terminal.
pub fn run(settings: &Settings) -> Result<()> {
    let mut lines = crate::lines::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let color = board_text::color_wanted();
    let mut session = Session::start(settings, color)?;
    session.interactive = std::io::IsTerminal::is_terminal(&std::io::stdout());
    session.run(lines.as_mut(), &mut out)
}

/// A game as `settings` say, read from `lines` and written to `out` (tests drive it).
#[cfg(test)]
fn play(settings: &Settings, lines: &mut dyn Lines, out: &mut dyn Write, color: bool) -> Result<()> {
    let mut session = Session::start(settings, color)?;
    session.run(lines, out)
}

/// A game at the terminal: the table, its players, and how the board is drawn.
struct Session<'a> {
    settings: &'a Settings,
    table: Table,
    players: [Box<dyn Player>; 2],
    style: Style,
    /// Whether the seed was given (and so may be shown before the game ends).
    seed_given: bool,
    /// Whether the record has been printed since the game ended.
    told_end: bool,
    /// Whether a person watches a terminal (a "thinking" line shows while the computer works).
    interactive: bool,
}

impl<'a> Session<'a> {
    fn start(settings: &'a Settings, color: bool) -> Result<Session<'a>> {
        let table = match &settings.load {
            Some(path) => load_record(path)?,
            None => {
                let game = messhall_records::catalog::load(&settings.variant)?;
                new_table(&game, settings)?
            }
        };
        let players = make_players(&table, settings)?;
        let people: Vec<bool> = players.iter().map(|p| p.is_person()).collect();
        let style = Style {
            // A person playing Black alone sees the board from Black's side.
            flip: people == [false, true],
            color,
            ..Style::default()
        };
        Ok(Session {
            settings,
            table,
            players,
            style,
            seed_given: settings.seed.is_some() || settings.load.is_some(),
            told_end: false,
            interactive: false,
        })
    }

    fn variant(&self) -> &Variant {
        self.table
            .chess()
            .map(|c| &**c.variant())
            .unwrap_or_else(|| unreachable!("a chess table"))
    }

    fn run(&mut self, lines: &mut dyn Lines, out: &mut dyn Write) -> Result<()> {
        self.header(out)?;
        let start: Vec<Event> = self.table.events().to_vec();
        self.tell(&start, out)?;
        self.draw(out)?;
        crate::screen::drive(self, lines, out)
    }

    fn header(&self, out: &mut dyn Write) -> Result<()> {
        let v = self.variant();
        writeln!(out, "{} ({}x{}). {HELP}", v.name(), v.size().files(), v.size().ranks())?;
        write!(out, "{}", board_text::legend(v, &self.style))?;
        if self.has_chance() {
            if self.seed_given {
                let seed = self.table.seed();
                writeln!(out, "Seed: {seed} (replay with --seed {seed})")?;
            } else {
                writeln!(out, "Seed: drawn at random and kept secret until the game ends.")?;
            }
        }
        Ok(())
    }

    /// Whether the game has chance events (so its seed matters).
    fn has_chance(&self) -> bool {
        let Some(chess) = self.table.chess() else { return false };
        !chess.position().neutrals().is_empty() || self.table.events().iter().any(|e| matches!(e, Event::Chance { .. }))
    }

    fn prompt_text(&self, seat: Seat) -> String {
        match (self.table.turn(), self.table.legal()) {
            (Turn::Steer { from, .. }, Legal::Steps(steps)) => {
                let names: Vec<String> = steps.iter().map(|o| o.to.to_string()).collect();
                format!(
                    "{}, steer the {} from {from} to ({}) > ",
                    words::side(seat),
                    words::neutral_name(self.variant()),
                    names.join(" ")
                )
            }
            _ => format!("{} > ", words::side(seat)),
        }
    }

    fn draw(&self, out: &mut dyn Write) -> Result<()> {
        let Some(chess) = self.table.chess() else { return Ok(()) };
        let v = &**chess.variant();
        let pos = chess.position();
        let mut style = self.style.clone();
        style.last = last_move_squares(&self.table);
        style.check = v.checkers(pos).iter().collect();
        if !style.check.is_empty() {
            style.check.extend(pos.royals(pos.side_to_move()).iter());
        }
        writeln!(out)?;
        write!(out, "{}", board_text::draw(v, pos, &style))?;
        write!(out, "{}", board_text::state_with(v, pos, false))?;
        Ok(())
    }

    /// Prints what `events` tell.
    fn tell(&self, events: &[Event], out: &mut dyn Write) -> Result<()> {
        for line in words::chess_event_lines(self.variant(), events) {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    fn tell_record(&self, out: &mut dyn Write) -> Result<()> {
        writeln!(
            out,
            "Record (save FILE writes it to a file):\n{}",
            self.table.record().to_json_line()
        )?;
        if let Some(pgn) = pgn_text(&self.table) {
            writeln!(out, "PGN:\n{pgn}")?;
        }
        Ok(())
    }

    fn list_moves(&self, out: &mut dyn Write) -> Result<()> {
        let chess = self.table.chess().context("a chess table")?;
        let (v, pos) = (chess.variant(), chess.position());
        match self.table.legal() {
            Legal::Moves(moves) => {
                let names: Vec<String> = moves.iter().map(|m| v.san(pos, m)).collect();
                writeln!(out, "{} legal moves: {}", names.len(), names.join(" "))?;
            }
            Legal::Steps(steps) => {
                let names: Vec<String> = steps.iter().map(|o| o.to.to_string()).collect();
                writeln!(out, "The {} may step to: {}", words::neutral_name(v), names.join(" "))?;
            }
            _ => writeln!(out, "No moves: the game is over.")?,
        }
        Ok(())
    }

    fn info(&self, square: &str, out: &mut dyn Write) -> Result<()> {
        let chess = self.table.chess().context("a chess table")?;
        let v = chess.variant();
        match square.parse::<Square>() {
            Ok(sq) if v.size().contains(sq) => {
                writeln!(out, "{}", crate::piece_info::describe(v, chess.position(), sq))?;
            }
            _ => writeln!(out, "info needs a square of the board, like \"info e1\"")?,
        }
        Ok(())
    }

    /// `undo [N]`: against a computer, each undo takes back its reply and your move.
    fn undo(&mut self, n: &str, out: &mut dyn Write) -> Result<()> {
        let n: usize = if n.is_empty() {
            1
        } else {
            match n.parse::<usize>() {
                Ok(n) if (1..=10_000).contains(&n) => n,
                _ => {
                    writeln!(out, "undo takes a number of moves, like \"undo 2\"")?;
                    return Ok(());
                }
            }
        };
        let people: Vec<Seat> = (0..2)
            .filter(|&i| self.players[i].is_person())
            .map(|i| Seat(i as u8))
            .collect();
        let mut taken = 0;
        for _ in 0..n {
            let went = self.table.take_back_turn(&people);
            if went == 0 {
                break;
            }
            taken += went;
        }
        if taken == 0 {
            writeln!(out, "Nothing to take back.")?;
            return Ok(());
        }
        self.told_end = false;
        writeln!(out, "Took back {taken} {}.", if taken == 1 { "move" } else { "moves" })?;
        self.draw(out)?;
        Ok(())
    }

    fn save(&self, file: &str, out: &mut dyn Write) -> Result<()> {
        crate::screen::save(&self.table, file, out)
    }

    /// A move or a steered step typed by the person to act.
    fn human_action(&mut self, text: &str, lines: &mut dyn Lines, out: &mut dyn Write) -> Result<()> {
        let Some(seat) = self.table.turn().seat() else {
            return Ok(());
        };
        let action = match self.table.parse_action(text) {
            Ok(action) => Some(action),
            Err(e) => match self.promotion(text, lines, out)? {
                Promotion::Chosen(action) => Some(action),
                Promotion::Cancelled => None,
                Promotion::NotOne => {
                    writeln!(out, "{e}")?;
                    None
                }
            },
        };
        let Some(action) = action else { return Ok(()) };
        match self.table.try_act(seat, action) {
            Ok(events) => {
                self.tell(&events, out)?;
                self.draw(out)?;
            }
            Err(e) => writeln!(out, "{e}")?,
        }
        Ok(())
    }

    /// A move from one square to another that must promote: asks for the piece until it gets
    /// one of the choices (an empty answer cancels the move).
    fn promotion(&self, text: &str, lines: &mut dyn Lines, out: &mut dyn Write) -> Result<Promotion> {
        let Some(chess) = self.table.chess() else {
            return Ok(Promotion::NotOne);
        };
        let (v, pos) = (chess.variant(), chess.position());
        let Some((from, to)) = two_squares(text) else {
            return Ok(Promotion::NotOne);
        };
        let Legal::Moves(moves) = self.table.legal() else {
            return Ok(Promotion::NotOne);
        };
        let choices: Vec<_> = moves
            .iter()
            .filter(|m| m.from() == from && m.to() == to)
            .filter_map(|m| m.promotion().map(|r| (r, *m)))
            .collect();
        if choices.is_empty() {
            return Ok(Promotion::NotOne);
        }
        let list: Vec<String> = choices
            .iter()
            .map(|(r, _)| format!("{}={}", v.role(*r).letter.to_ascii_lowercase(), v.role(*r).name))
            .collect();
        let _ = pos;
        loop {
            let answer = match lines.read(&format!("Promote to? {} > ", list.join(", ")), out)? {
                Line::Text(t) => t,
                Line::NotUtf8 => continue,
                Line::End => return Ok(Promotion::Cancelled),
            };
            let answer = answer.trim();
            if answer.is_empty() {
                writeln!(out, "No promotion chosen; move again.")?;
                return Ok(Promotion::Cancelled);
            }
            let mut letters = answer.chars();
            let chosen = match (letters.next(), letters.next()) {
                (Some(c), None) => choices.iter().find(|(r, _)| v.role(*r).letter.eq_ignore_ascii_case(&c)),
                _ => choices
                    .iter()
                    .find(|(r, _)| v.role(*r).name.eq_ignore_ascii_case(answer)),
            };
            match chosen {
                Some((_, mv)) => return Ok(Promotion::Chosen(Action::Move(*mv))),
                None => writeln!(out, "\"{}\" is not one of the choices.", messhall_rules::echo(answer))?,
            }
        }
    }
}

impl Screen for Session<'_> {
    fn table(&self) -> &Table {
        &self.table
    }

    fn is_person(&self, seat: Seat) -> bool {
        self.players[seat.index()].is_person()
    }

    fn told_end(&self) -> bool {
        self.told_end
    }

    fn tell_end(&mut self, out: &mut dyn Write) -> Result<()> {
        if let Some(result) = self.table.result() {
            writeln!(out, "Game over: {}", words::result(result))?;
        }
        self.tell_record(out)?;
        self.told_end = true;
        writeln!(
            out,
            "Type undo to take moves back, save <file>, new for another game, or quit."
        )?;
        Ok(())
    }

    fn computer_turn(&mut self, seat: Seat, out: &mut dyn Write) -> Result<()> {
        let interactive = self.interactive;
        if interactive {
            write!(out, "{} is thinking...", words::side(seat))?;
            out.flush()?;
        }
        let budget = Budget::movetime(self.settings.time);
        let turn = messhall_table::take_turn(self.players[seat.index()].as_mut(), &mut self.table, seat, &budget);
        if interactive {
            write!(out, "\r\x1b[2K")?;
        }
        let (_, events) = turn.map_err(|e| anyhow::anyhow!("the computer player's turn: {e}"))?;
        self.tell(&events, out)?;
        self.draw(out)?;
        Ok(())
    }

    fn prompt(&mut self, seat: Seat, _out: &mut dyn Write) -> Result<String> {
        Ok(self.prompt_text(seat))
    }

    /// Reads one line at `prompt` and does what it says.
    fn command(&mut self, lines: &mut dyn Lines, out: &mut dyn Write, prompt: &str) -> Result<Flow> {
        let (word, arg, text) = match crate::lines::read_command(lines, prompt, out)? {
            Command::End => {
                if self.table.result().is_none() {
                    writeln!(out, "Game left unfinished.")?;
                    self.tell_record(out)?;
                }
                return Ok(Flow::Quit);
            }
            Command::Again => return Ok(Flow::Go),
            Command::Words { word, arg, text } => (word, arg, text),
        };
        let text = text.as_str();
        match (word.as_str(), arg.as_str()) {
            ("", _) => {}
            ("quit" | "exit", _) => {
                if self.table.result().is_none() {
                    writeln!(out, "Game left unfinished.")?;
                    self.tell_record(out)?;
                }
                return Ok(Flow::Quit);
            }
            ("help" | "?", "") => writeln!(out, "{HELP}")?,
            ("fen", "") => {
                let chess = self.table.chess().context("a chess table")?;
                writeln!(out, "{}", chess.position().to_fen(chess.variant()))?;
            }
            ("board", "") => self.draw(out)?,
            ("flip", "") => {
                self.style.flip = !self.style.flip;
                self.draw(out)?;
            }
            ("legend", "") => write!(out, "{}", board_text::legend(self.variant(), &self.style))?,
            ("friends", "") => {
                let chess = self.table.chess().context("a chess table")?;
                let lines = crate::piece_info::all_borrowing(chess.variant(), chess.position());
                if lines.is_empty() {
                    writeln!(out, "No piece here borrows powers.")?;
                }
                for line in lines {
                    writeln!(out, "{line}")?;
                }
            }
            ("moves", "") => self.list_moves(out)?,
            ("info" | "?", square) => self.info(square, out)?,
            ("undo", n) => self.undo(n, out)?,
            ("record", "") => self.tell_record(out)?,
            ("save", file) => self.save(file, out)?,
            ("new", "") => {
                let game = self.table.kind().clone();
                self.table = new_table(&game, self.settings)?;
                self.players = make_players(&self.table, self.settings)?;
                self.told_end = false;
                writeln!(out, "A new game.")?;
                let start: Vec<Event> = self.table.events().to_vec();
                self.tell(&start, out)?;
                self.draw(out)?;
            }
            ("resign", "") => match self.table.turn().seat() {
                Some(seat) if self.players[seat.index()].is_person() => {
                    let events = self.table.try_act(seat, Action::Resign)?;
                    self.tell(&events, out)?;
                }
                _ => writeln!(out, "Nothing to resign: the game is over.")?,
            },
            _ if self.table.result().is_some() => {
                writeln!(out, "The game is over: undo, save <file>, new, record or quit.")?
            }
            _ => self.human_action(text, lines, out)?,
        }
        Ok(Flow::Go)
    }
}

enum Promotion {
    Chosen(Action),
    Cancelled,
    NotOne,
}

/// The squares of the last move (none after a pass or before any move).
fn last_move_squares(table: &Table) -> Vec<Square> {
    let Some(chess) = table.chess() else { return Vec::new() };
    match chess.game().moves().last() {
        Some(m) if m.kind() != messhall_rules::MoveKind::Pass => vec![m.from(), m.to()],
        _ => Vec::new(),
    }
}

fn two_squares(text: &str) -> Option<(Square, Square)> {
    let (a, used) = Square::parse_prefix(text)?;
    let (b, used2) = Square::parse_prefix(&text[used..])?;
    (used + used2 == text.len()).then_some((a, b))
}

/// A new table of `game` as the settings say.
fn new_table(game: &GameKind, settings: &Settings) -> Result<Table> {
    let setup = TableSetup {
        fen: settings.fen.clone(),
        seed: Some(settings.seed.unwrap_or_else(messhall_table::seed::secret)),
        players: settings.players.iter().map(|p| p.to_string()).collect(),
        ..TableSetup::default()
    };
    Ok(Table::new(game.clone(), &setup)?)
}

/// The players of the table, each seeded from the game's seed (so `--seed` decides a random
/// player's moves too) and its seat.
fn make_players(table: &Table, settings: &Settings) -> Result<[Box<dyn Player>; 2]> {
    let engines = settings.players.iter().filter(|p| p.is_engine()).count();
    crate::resources::check_hash(settings.hash_mb, engines)?;
    let make = |i: usize| {
        settings.players[i]
            .make(table.kind(), seat_seed(table, i), settings.hash_mb)
            .map_err(anyhow::Error::new)
    };
    Ok([make(0)?, make(1)?])
}

/// The seed of the player in seat `seat`: the game's seed and the seat (so `--seed` decides a
/// random player's or a bot's choices too, and no two seats choose alike).
pub fn seat_seed(table: &Table, seat: usize) -> u64 {
    let key = table.seed().key();
    let base = u64::from_le_bytes([key[0], key[1], key[2], key[3], key[4], key[5], key[6], key[7]]);
    base ^ (seat as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A table from a saved record (JSON, or the older text form of a built-in variant).
fn load_record(path: &Path) -> Result<Table> {
    Ok(Table::replay(&read_record_file(path)?)?)
}

/// Reads the record in the file at `path`: bounded before it is read (the play layer's
/// [`messhall_records::read_record_file`]), then as [`read_record`]; errors name the file once.
pub fn read_record_file(path: &Path) -> Result<Record> {
    let text =
        messhall_records::read_record_file(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    read_record(&text).map_err(|e| anyhow::anyhow!("{}: {e:#}", path.display()))
}

/// Reads a record: our JSON, or the rules' older text form.
/// Reads a record: our JSON, a PGN (its first game), or the rules' older text form.
pub fn read_record(text: &str) -> Result<Record> {
    let start = text.trim_start();
    if start.starts_with('{') {
        Ok(Record::from_json(text)?)
    } else if start.starts_with('[') || start.starts_with("1.") {
        let mut games = messhall_records::pgn::read(text)?;
        if games.is_empty() {
            bail!("the PGN holds no game");
        }
        Ok(games.swap_remove(0).record)
    } else {
        Ok(messhall_records::from_rules_text(text, None)?)
    }
}

/// The game as PGN, when it is a chess game.
fn pgn_text(table: &Table) -> Option<String> {
    messhall_records::pgn::write(&table.record(), &messhall_records::pgn::Header::today()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::Plain;

    fn settings(variant: &str, fen: Option<&str>, players: [PlayerSpec; 2], seed: u64) -> Settings {
        Settings {
            variant: variant.into(),
            fen: fen.map(str::to_string),
            players,
            time: Duration::from_millis(50),
            seed: Some(Seed::from_number(seed)),
            hash_mb: 1,
            load: None,
        }
    }

    fn run_with(s: &Settings, script: &[u8]) -> String {
        let mut out = Vec::new();
        play(s, &mut Plain(script), &mut out, false).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn run_script(variant: &str, fen: Option<&str>, script: &str) -> String {
        run_with(&settings(variant, fen, [PlayerSpec::Human; 2], 0), script.as_bytes())
    }

    #[test]
    fn info_tells_what_a_friend_borrows_and_from_whom() {
        let text = run_script("friendly", None, "info e1\ninfo z9\nquit\n");
        assert!(
            text.contains("White Friend on e1 borrows Archer, Bodyguard, Buffalo, Dayrider, Displacer Squirrel, Gerbil, Lady in Waiting (from Dayrider c1, Friend f1, Friend g1, Bodyguard f2)"),
            "{text}"
        );
        assert!(text.contains("Legal moves (14): "), "{text}");
        assert!(text.contains("info needs a square of the board"), "{text}");
    }

    #[test]
    fn fools_mate_ends_the_game_and_waits() {
        let text = run_script("chess", None, "f2f3\ne5\ng4\nQh4\nfen\nundo\nquit\n");
        assert!(text.contains("Black played Qh4#"), "{text}");
        assert!(text.contains("Game over: 0-1 (Black wins: checkmate)"), "{text}");
        assert!(text.contains("Record (save FILE writes it to a file):\n{\""), "{text}");
        assert!(text.contains("PGN:\n[Event"), "{text}");
        assert!(text.contains("1. f3 e5 2. g4 Qh4#"), "{text}");
        assert!(text.contains("Game over > "), "{text}");
        // Two people: undo takes back one move, and the game goes on.
        assert!(text.contains("Took back 1 move."), "{text}");
        assert!(text.contains("Game left unfinished."), "{text}");
    }

    #[test]
    fn illegal_and_malformed_moves_are_explained_and_asked_again() {
        let text = run_script("chess", None, "e2e5\nxyz\ne7e5\nE2E4\n");
        assert!(
            text.contains("move \"e2e5\" is not legal here: the Pawn on e2 cannot go to e5"),
            "{text}"
        );
        assert!(text.contains("move \"xyz\""), "{text}");
        assert!(text.contains("the piece on e7 is not White's"), "{text}");
        assert!(text.contains("Game left unfinished."), "{text}");
    }

    #[test]
    fn commands_ignore_case_and_a_bad_byte_spoils_one_line() {
        let text = run_with(
            &settings("chess", None, [PlayerSpec::Human; 2], 0),
            b"\xff\nMOVES\ne4\nQUIT\n",
        );
        assert!(text.contains("not text (UTF-8)"), "{text}");
        assert!(text.contains("20 legal moves"), "{text}");
        assert!(text.contains("White played e4"), "{text}");
    }

    #[test]
    fn pieceeater_steps_are_shown_and_the_seed_replays_them() {
        let run = |seed: u64| {
            run_with(
                &settings("pieceeater", None, [PlayerSpec::Human; 2], seed),
                b"a2a3\nh7h6\nb2b3\n",
            )
        };
        let text = run(42);
        assert!(text.contains("Seed: 42"), "{text}");
        assert_eq!(text.matches("The PieceEater steps d4-").count(), 1, "{text}");
        assert_eq!(text.matches("The PieceEater steps").count(), 3, "{text}");
        assert_eq!(run(42), text, "the same seed, the same steps");
        let text = run_with(&settings("pieceeater", None, [PlayerSpec::Human; 2], 1), b"e4\n");
        assert!(
            text.contains("The PieceEater steps d4-e4 and eats White's Pawn"),
            "{text}"
        );
    }

    #[test]
    fn computer_players_play_pieceeater_and_steer_it() {
        for name in ["pieceeater", "pieceeater-steered", "pieceeater-mate"] {
            let s = settings(name, None, [PlayerSpec::Depth(1), PlayerSpec::Random], 7);
            let text = run_with(&s, b"");
            assert!(text.contains("Game over:"), "{name}: {text}");
            assert!(text.contains("The PieceEater"), "{name}: {text}");
            assert!(text.contains("Record (save FILE"), "{name}: {text}");
        }
    }

    #[test]
    fn a_random_player_follows_the_seed() {
        let game = |seed: u64| {
            let s = settings("chess", None, [PlayerSpec::Random, PlayerSpec::Random], seed);
            let text = run_with(&s, b"");
            text.lines()
                .filter(|l| l.contains(" played "))
                .take(6)
                .collect::<Vec<_>>()
                .join(",")
        };
        assert_eq!(game(1), game(1));
        assert_ne!(game(1), game(2));
    }

    #[test]
    fn promotion_asks_again_until_a_choice() {
        let text = run_script("chess", Some("8/4P3/8/8/8/8/k7/7K w - - 0 1"), "e7e8\nz\nn\n");
        assert!(
            text.contains("Promote to? q=Queen, r=Rook, b=Bishop, n=Knight"),
            "{text}"
        );
        assert!(text.contains("\"z\" is not one of the choices."), "{text}");
        assert!(text.contains("White played e8=N"), "{text}");
    }

    #[test]
    fn undo_against_the_computer_takes_back_its_reply_and_your_move() {
        let s = settings("chess", None, [PlayerSpec::Human, PlayerSpec::Depth(1)], 3);
        let text = run_with(&s, b"e4\nundo\nfen\n");
        assert!(text.contains("Took back 2 moves."), "{text}");
        assert!(
            text.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            "{text}"
        );
    }

    #[test]
    fn a_saved_game_loads_again() {
        let path = std::env::temp_dir().join(format!("messhall-save-{}.json", std::process::id()));
        let s = settings("pieceeater", None, [PlayerSpec::Human; 2], 9);
        let script = format!("e3\ne6\nsave {}\n", path.display());
        let text = run_with(&s, script.as_bytes());
        assert!(text.contains("Saved to"), "{text}");
        let loaded = Settings {
            load: Some(path.clone()),
            ..settings("pieceeater", None, [PlayerSpec::Human; 2], 9)
        };
        let text = run_with(&loaded, b"fen\n");
        assert!(text.contains("White to move (move 2)"), "{text}");
        std::fs::remove_file(&path).unwrap();
        // The same as PGN.
        let pgn = path.with_extension("pgn");
        let script = format!("e3\ne6\nsave {}\n", pgn.display());
        run_with(
            &settings("pieceeater", None, [PlayerSpec::Human; 2], 9),
            script.as_bytes(),
        );
        let loaded = Settings {
            load: Some(pgn.clone()),
            ..settings("pieceeater", None, [PlayerSpec::Human; 2], 9)
        };
        let text = run_with(&loaded, b"fen\n");
        assert!(text.contains("White to move (move 2)"), "{text}");
        std::fs::remove_file(&pgn).unwrap();
    }
}
