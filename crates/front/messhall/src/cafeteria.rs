//! `messhall play cafeteria`: the cafeteria dice game at a table of the play layer, its bots, and
//! the people at the terminal. This file reads what they type and prints what happens; the turns,
//! rules and bots are the play layer's and the game crate's.

use crate::cafeteria_map::{LEGEND, render_map, render_status, table_places};
use crate::lines::{Command, Lines};
use crate::screen::{Flow, Screen};
use anyhow::{Context, Result, bail};
use messhall_cafeteria::{Action as StudentAction, Game, GameOption, Note, Seen, words};
use messhall_dice::Seed;
use messhall_records::{GameKind, Seat};
use messhall_table::{Action, Budget, Event, Legal, Player, PlayerSpec, Table, TableSetup, Turn};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

const HELP: &str = "\
Play an action by its name as listed (`move d3`, `throw 2 at Connie`), or a unique start of one
(`line` for `line tray drink ...`); `to SQUARE` walks several steps (`to f7`); a number N plays
the Nth action listed.
Commands: actions (the list again), map, legend (what the map and the numbers mean), undo,
record, save <file>, new, help, quit.";

/// The cafeteria game's settings from the command line.
pub struct Settings {
    /// Players, 2 to 4.
    pub players: u8,
    /// How many of them are bots (the last ones; default 3, or a loaded game's own).
    pub bots: Option<u8>,
    /// The dice seed; a secret one when not given.
    pub seed: Option<Seed>,
    /// Optional rules by name.
    pub options: Vec<String>,
    /// The bots' kind: random, rules, search or search-v1 (default search, or a loaded game's own).
    pub bot: Option<String>,
    /// A record to go on from.
    pub load: Option<PathBuf>,
}

/// Plays at the terminal.
pub fn run(settings: &Settings) -> Result<()> {
    let mut lines = crate::lines::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    Session::start(settings)?.run(lines.as_mut(), &mut out)
}

/// A game as `settings` say, read from `lines` and written to `out` (tests drive it).
#[cfg(test)]
fn play(settings: &Settings, lines: &mut dyn Lines, out: &mut dyn Write) -> Result<()> {
    Session::start(settings)?.run(lines, out)
}

/// Whose hidden food the log shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// The one person at the screen: their own food.
    Seat(Seat),
    /// Several people at one screen, or a spectator: nobody's.
    Nobody,
    /// An onlooker of a game of bots alone, who keeps no secrets from anybody: everybody's.
    Everybody,
}

impl Viewer {
    fn sees(self, event: &Event) -> bool {
        match self {
            Viewer::Seat(seat) => event.visible_to(Some(seat)),
            Viewer::Nobody => event.visible_to(None),
            Viewer::Everybody => true,
        }
    }

    fn player(self) -> Option<u8> {
        match self {
            Viewer::Seat(seat) => Some(seat.0),
            _ => None,
        }
    }
}

/// The lines a cafeteria table's events print for everyone watching (hidden food left out).
pub fn event_lines(table: &Table, events: &[Event]) -> Vec<String> {
    lines_for(table, events, Viewer::Nobody)
}

/// The lines `events` print for `viewer`.
fn lines_for(table: &Table, events: &[Event], viewer: Viewer) -> Vec<String> {
    let Some(cafeteria) = table.cafeteria() else {
        return Vec::new();
    };
    events
        .iter()
        .filter(|e| viewer.sees(e))
        .filter_map(|e| match e {
            Event::Cafeteria { event, visible_to } => {
                let note = Note {
                    event: event.clone(),
                    seen_by: visible_to.map_or(Seen::Everyone, |s| Seen::Player(s.0)),
                };
                Some(format!("  {}", words::event(cafeteria.game(), &note)))
            }
            Event::TakenBack { actions } => Some(format!("  ({actions} actions taken back)")),
            _ => None,
        })
        .collect()
}

/// A game at the terminal: the table and its players.
struct Session<'a> {
    settings: &'a Settings,
    table: Table,
    players: Vec<Box<dyn Player>>,
    /// Whether the seed was given (and so may be shown before the game ends).
    seed_given: bool,
    /// Whether the end has been told since the game ended.
    told_end: bool,
    /// When the actions were last listed (actions and events so far).
    listed: Option<(usize, usize)>,
}

impl<'a> Session<'a> {
    fn start(settings: &'a Settings) -> Result<Session<'a>> {
        let table = match &settings.load {
            Some(path) => load_record(path)?,
            None => new_table(settings)?,
        };
        let players = make_players(&table, settings)?;
        Ok(Session {
            settings,
            table,
            players,
            seed_given: settings.seed.is_some() || settings.load.is_some(),
            told_end: false,
            listed: None,
        })
    }

    fn game(&self) -> &Game {
        match self.table.cafeteria() {
            Some(c) => c.game(),
            None => unreachable!("a cafeteria table"),
        }
    }

    fn people(&self) -> Vec<Seat> {
        (0..self.players.len())
            .filter(|&i| self.players[i].is_person())
            .map(|i| Seat(i as u8))
            .collect()
    }

    fn viewer(&self) -> Viewer {
        match self.people().as_slice() {
            [] => Viewer::Everybody,
            [one] => Viewer::Seat(*one),
            _ => Viewer::Nobody,
        }
    }

    fn run(&mut self, lines: &mut dyn Lines, out: &mut dyn Write) -> Result<()> {
        self.header(out)?;
        let start: Vec<Event> = self.table.events().to_vec();
        self.tell(&start, out)?;
        self.draw(out)?;
        crate::screen::drive(self, lines, out)
    }

    fn header(&self, out: &mut dyn Write) -> Result<()> {
        let setup = self.table.cafeteria().context("a cafeteria table")?.setup();
        let options: Vec<&str> = setup.options.iter().map(|o| o.name()).collect();
        let bots = self.players.iter().filter(|p| !p.is_person()).count();
        writeln!(
            out,
            "Food Fight in the cafeteria: {} players ({bots} {}), options: {}.",
            setup.players,
            if bots == 1 { "bot" } else { "bots" },
            if options.is_empty() {
                "none".to_string()
            } else {
                options.join(", ")
            }
        )?;
        if self.seed_given {
            let seed = self.table.seed();
            writeln!(out, "Seed: {seed} (replay with --seed {seed})")?;
        } else {
            writeln!(out, "Seed: drawn at random and kept secret until the game ends.")?;
        }
        writeln!(out, "Type help for the commands, legend for what the map shows.")?;
        Ok(())
    }

    fn prompt_text(&self, seat: Seat) -> String {
        let game = self.game();
        match self.table.turn() {
            Turn::Student { student, .. } => format!(
                "Player {}, {} ({} AA left) > ",
                seat.0 + 1,
                game.student_name(student),
                game.aa_left()
            ),
            _ => format!("Player {} > ", seat.0 + 1),
        }
    }

    fn draw(&self, out: &mut dyn Write) -> Result<()> {
        let game = self.game();
        writeln!(out)?;
        write!(out, "{}", render_map(game))?;
        write!(out, "{}", render_status(game, self.viewer().player()))?;
        Ok(())
    }

    /// Prints what `events` tell the people here.
    fn tell(&self, events: &[Event], out: &mut dyn Write) -> Result<()> {
        for line in lines_for(&self.table, events, self.viewer()) {
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
        Ok(())
    }

    /// The actions open now, by name, each with what it does.
    fn list_actions(&self, out: &mut dyn Write) -> Result<()> {
        let Legal::Student(actions) = self.table.legal() else {
            writeln!(out, "No actions: the game is over.")?;
            return Ok(());
        };
        let game = self.game();
        let names: Vec<String> = actions.iter().map(|a| game.action_name(a)).collect();
        let width = names.iter().map(String::len).max().unwrap_or(0);
        writeln!(out, "Actions:")?;
        for (a, name) in actions.iter().zip(&names) {
            writeln!(out, "  {name:<width$}  {}", words::action(game, a))?;
        }
        if game.reachable().iter().any(|(_, path)| path.len() > 1) {
            writeln!(
                out,
                "  to SQUARE{:w$}  walk there, several steps (such as `to f7`)",
                "",
                w = width.saturating_sub(9)
            )?;
        }
        Ok(())
    }

    /// Quitting (or the input's end): an unfinished game's record is printed.
    fn leave(&self, out: &mut dyn Write) -> Result<()> {
        if self.table.result().is_none() {
            writeln!(out, "Game left unfinished.")?;
            self.tell_record(out)?;
        }
        Ok(())
    }

    fn seat_to_act(&self) -> Result<Seat> {
        self.table.turn().seat().context("nobody is to act")
    }

    /// Plays the action `text` names: its name, a unique start of a name, or its number.
    fn human_action(&mut self, text: &str, out: &mut dyn Write) -> Result<()> {
        match self.read_action(text) {
            Ok(action) => {
                let seat = self.seat_to_act()?;
                match self.table.try_act(seat, Action::Student(action)) {
                    Ok(events) => {
                        self.tell(&events, out)?;
                        self.draw(out)?;
                    }
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            Err(why) => writeln!(out, "{why}")?,
        }
        Ok(())
    }

    /// The action `text` names, or why it names none open now.
    fn read_action(&self, text: &str) -> Result<StudentAction, String> {
        let Legal::Student(actions) = self.table.legal() else {
            return Err("the game is over".into());
        };
        if let Ok(n) = text.parse::<usize>() {
            return n
                .checked_sub(1)
                .and_then(|i| actions.get(i))
                .cloned()
                .ok_or_else(|| format!("there is no action {n}: the list has 1 to {}", actions.len()));
        }
        let why = match self.table.parse_action(text) {
            Ok(Action::Student(action)) => return Ok(action),
            Ok(_) => return Err("that is not a student's action".into()),
            Err(e) => e.to_string(),
        };
        let game = self.game();
        let wanted = text.to_ascii_lowercase();
        let starting: Vec<&StudentAction> = actions
            .iter()
            .filter(|a| {
                game.action_name(a).to_ascii_lowercase().starts_with(&wanted)
                    || words::action(game, a).to_ascii_lowercase() == wanted
            })
            .collect();
        match starting.as_slice() {
            [one] => Ok((*one).clone()),
            [] => Err(why),
            several => {
                let names: Vec<String> = several.iter().take(8).map(|a| game.action_name(a)).collect();
                Err(format!(
                    "\"{}\" could be {} actions: {}{}",
                    messhall_rules::echo(text),
                    several.len(),
                    names.join(", "),
                    if several.len() > 8 { ", ..." } else { "" }
                ))
            }
        }
    }

    /// `to SQUARE`: the path there as one walk (one action of the record, played whole or refused
    /// whole by the rules).
    fn walk(&mut self, square: &str, out: &mut dyn Write) -> Result<()> {
        let Some(to) = messhall_cafeteria::Sq::parse(square) else {
            writeln!(out, "\"{}\" is not a square such as f7", messhall_rules::echo(square))?;
            return Ok(());
        };
        let Some((_, path)) = self.game().reachable().into_iter().find(|(sq, _)| *sq == to) else {
            writeln!(out, "{to} cannot be reached this turn")?;
            return Ok(());
        };
        let seat = self.seat_to_act()?;
        let squares: Vec<messhall_cafeteria::Sq> = path
            .iter()
            .filter_map(|a| match a {
                StudentAction::Move(sq) => Some(*sq),
                _ => None,
            })
            .collect();
        let action = match squares.as_slice() {
            [one] => StudentAction::Move(*one),
            _ => StudentAction::Walk(squares),
        };
        match self.table.try_act(seat, Action::Student(action)) {
            Ok(events) => self.tell(&events, out)?,
            Err(e) => writeln!(out, "{e}")?,
        }
        self.draw(out)?;
        Ok(())
    }

    /// `undo`: with one person against bots, back to that person's last action; otherwise one
    /// action.
    fn undo(&mut self, out: &mut dyn Write) -> Result<()> {
        let people = self.people();
        let taken = self.table.take_back_turn(&people);
        if taken == 0 {
            writeln!(out, "Nothing to take back.")?;
            return Ok(());
        }
        self.told_end = false;
        writeln!(
            out,
            "Took back {taken} {}.",
            if taken == 1 { "action" } else { "actions" }
        )?;
        self.draw(out)?;
        Ok(())
    }

    fn save(&self, file: &str, out: &mut dyn Write) -> Result<()> {
        crate::screen::save(&self.table, file, out)
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
        // The map and status were drawn after the last action.
        let game = self.game();
        match game.outcome() {
            Some(outcome) => {
                for (s, score) in &outcome.food_off {
                    writeln!(out, "Food-Off: {} did {score} damage.", game.student_name(*s))?;
                }
                writeln!(out, "{}", words::outcome(game, outcome))?;
            }
            None => {
                if let Some(result) = self.table.result() {
                    writeln!(out, "Game over: {}", crate::words::result(result))?;
                }
            }
        }
        if !self.seed_given {
            writeln!(out, "The seed was {}.", self.table.seed())?;
        }
        self.tell_record(out)?;
        self.told_end = true;
        writeln!(
            out,
            "Type undo to take actions back, save <file>, new for another game, or quit."
        )?;
        Ok(())
    }

    fn computer_turn(&mut self, seat: Seat, out: &mut dyn Write) -> Result<()> {
        // The action is worded on the game before it: a throw names the food it throws.
        let before = self.game().clone();
        let turn = self.table.turn();
        let budget = Budget::movetime(Duration::ZERO);
        let (action, events) =
            messhall_table::take_turn(self.players[seat.index()].as_mut(), &mut self.table, seat, &budget)
                .map_err(|e| anyhow::anyhow!("the bot's turn: {e}"))?;
        if let (Action::Student(a), Turn::Student { student, .. }) = (&action, turn) {
            writeln!(
                out,
                "{} ({}): {}",
                before.student_name(student),
                self.players[seat.index()].name(),
                words::action(&before, a)
            )?;
        }
        self.tell(&events, out)?;
        self.draw(out)?;
        Ok(())
    }

    fn prompt(&mut self, seat: Seat, out: &mut dyn Write) -> Result<String> {
        // The actions are listed again whenever they change.
        let now = (self.table.actions().len(), self.table.events().len());
        if self.listed != Some(now) {
            self.list_actions(out)?;
            self.listed = Some(now);
        }
        Ok(self.prompt_text(seat))
    }

    /// Reads one line at `prompt` and does what it says.
    fn command(&mut self, lines: &mut dyn Lines, out: &mut dyn Write, prompt: &str) -> Result<Flow> {
        let (word, arg, text) = match crate::lines::read_command(lines, prompt, out)? {
            Command::End => {
                self.leave(out)?;
                return Ok(Flow::Quit);
            }
            Command::Again => return Ok(Flow::Go),
            Command::Words { word, arg, text } => (word, arg, text),
        };
        let text = text.as_str();
        match (word.as_str(), arg.as_str()) {
            ("", _) => {}
            ("quit" | "exit", "") => {
                self.leave(out)?;
                return Ok(Flow::Quit);
            }
            ("help" | "?", "") => writeln!(out, "{HELP}")?,
            ("legend", "") => writeln!(out, "{LEGEND}\n{}", table_places(self.game()))?,
            ("map" | "board", "") => self.draw(out)?,
            ("actions" | "moves", "") => self.list_actions(out)?,
            ("record", "") => self.tell_record(out)?,
            ("save", file) => self.save(file, out)?,
            ("undo", "") => self.undo(out)?,
            ("new", "") => {
                self.table = new_table(self.settings)?;
                self.players = make_players(&self.table, self.settings)?;
                self.seed_given = self.settings.seed.is_some();
                self.told_end = false;
                writeln!(out, "A new game.")?;
                self.header(out)?;
                let start: Vec<Event> = self.table.events().to_vec();
                self.tell(&start, out)?;
                self.draw(out)?;
            }
            _ if self.table.result().is_some() => {
                writeln!(out, "The game is over: undo, save <file>, new, record or quit.")?
            }
            ("to", square) => self.walk(square, out)?,
            _ => self.human_action(text, out)?,
        }
        Ok(Flow::Go)
    }
}

/// A new table as the settings say.
fn new_table(settings: &Settings) -> Result<Table> {
    let options = settings
        .options
        .iter()
        .map(|o| o.parse::<GameOption>())
        .collect::<Result<Vec<_>, _>>()?;
    if !(2..=4).contains(&settings.players) {
        bail!("a game needs 2 to 4 players, not {}", settings.players);
    }
    let setup = TableSetup {
        seed: Some(settings.seed.unwrap_or_else(messhall_table::seed::secret)),
        cafeteria: Some(messhall_cafeteria::Setup::new(settings.players, &options)),
        players: (0..settings.players)
            .map(
                |p| match p < settings.players.saturating_sub(settings.bots.unwrap_or(DEFAULT_BOTS)) {
                    true => "human".to_string(),
                    false => settings.bot.clone().unwrap_or_else(|| DEFAULT_BOT.into()),
                },
            )
            .collect(),
        ..TableSetup::default()
    };
    Ok(Table::new(GameKind::Cafeteria, &setup)?)
}

/// How many bots there are unless `--bots` says.
const DEFAULT_BOTS: u8 = 3;
/// The bots' kind unless `--bot` says.
const DEFAULT_BOT: &str = "search";

/// The players: people in the first seats, then the bots (a loaded game keeps its own unless
/// `--bots` is given; `--bot` sets the bots' kind), each bot seeded from the game's seed and its
/// seat (so `--seed` decides the bots' choices too).
fn make_players(table: &Table, settings: &Settings) -> Result<Vec<Box<dyn Player>>> {
    let seats = table.seats();
    let kind = PlayerSpec::parse(settings.bot.as_deref().unwrap_or(DEFAULT_BOT))?;
    let recorded: Option<Vec<PlayerSpec>> = match settings.bots {
        None if table.players().len() == seats => table.players().iter().map(|p| PlayerSpec::parse(p).ok()).collect(),
        _ => None,
    };
    let specs: Vec<PlayerSpec> = match recorded {
        Some(specs) => specs
            .into_iter()
            .map(|s| match (s, &settings.bot) {
                (PlayerSpec::Human, _) | (_, None) => s,
                (_, Some(_)) => kind,
            })
            .collect(),
        None => {
            let bots = usize::from(settings.bots.unwrap_or(DEFAULT_BOTS));
            if bots > seats {
                bail!("{bots} bots is more than the {seats} players");
            }
            (0..seats)
                .map(|i| if i < seats - bots { PlayerSpec::Human } else { kind })
                .collect()
        }
    };
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            spec.make(table.kind(), crate::play::seat_seed(table, i), 1)
                .map_err(anyhow::Error::new)
        })
        .collect()
}

/// A table from a saved record.
fn load_record(path: &Path) -> Result<Table> {
    let table = messhall_table::Table::replay(&crate::play::read_record_file(path)?)?;
    if table.cafeteria().is_none() {
        bail!("{} is not a record of the cafeteria game", path.display());
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::Plain;

    fn settings(players: u8, bots: u8, seed: u64, bot: &str) -> Settings {
        Settings {
            players,
            bots: Some(bots),
            seed: Some(Seed::from_number(seed)),
            options: Vec::new(),
            bot: Some(bot.into()),
            load: None,
        }
    }

    fn run_with(s: &Settings, script: &str) -> String {
        let mut out = Vec::new();
        play(s, &mut Plain(script.as_bytes()), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Rock and Lennie are player 1's, typed here; Connie and Dwayne a random bot's.
    fn against_a_bot(script: &str) -> String {
        run_with(&settings(2, 1, 9, "random"), script)
    }

    #[test]
    fn a_person_plays_by_name_walks_and_quits_with_the_record() {
        let text = against_a_bot("help\nlegend\nline\nthrow 3 at bob\nmove z1\nto f7\nto z99\nquit\n");
        assert!(text.contains("Commands: actions"), "{text}");
        assert!(text.contains("AR appearance rating"), "{text}");
        assert!(
            text.contains("line tray drink bread veg main dessert  go through the Food Line"),
            "{text}"
        );
        // A unique start of a name plays that action.
        assert!(
            text.contains("Rock goes through the Food Line with a tray: 5 food counters"),
            "{text}"
        );
        assert!(
            text.contains("\"throw 3 at bob\" is not an action: nobody is called \"bob\""),
            "{text}"
        );
        assert!(text.contains("to SQUARE"), "{text}");
        let walk: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.contains("Rock moves to c3"))
            .take(5)
            .collect();
        assert_eq!(walk.last(), Some(&"  Rock moves to f7"), "{walk:?}");
        assert!(
            text.contains("z99 cannot be reached this turn") || text.contains("\"z99\" is not a square"),
            "{text}"
        );
        assert!(
            text.contains("Game left unfinished.\nRecord (save FILE writes it to a file):\n{\""),
            "{text}"
        );
        // The map is drawn again after each action: at the start, after the Food Line, after the walk.
        assert!(text.matches("Round 1 of 10").count() >= 3, "{text}");
    }

    #[test]
    fn a_refused_action_says_why_in_the_rules_words_and_tables_go_by_their_letters() {
        let text = against_a_bot("legend\nline\nend\nsearch b\nmove c9\nquit\n");
        assert!(text.contains("Tables (named so in actions"), "{text}");
        assert!(text.contains(" B l4-o5"), "{text}");
        assert!(
            text.contains("end: 9 AA left must be spent: a turn ends only when nothing that costs AA is possible"),
            "{text}"
        );
        assert!(
            text.contains("search B: after the first trip through the Food Line the turn is movement only"),
            "{text}"
        );
        assert!(text.contains("move c9: c9 is not next to the student"), "{text}");
        assert!(!text.contains("not possible now"), "{text}");
    }

    #[test]
    fn an_ambiguous_start_names_the_actions_it_could_be() {
        let text = against_a_bot("line\nmove\n");
        assert!(text.contains("\"move\" could be 2 actions: move c2, move c3"), "{text}");
        assert!(text.contains("Game left unfinished."), "{text}");
    }

    #[test]
    fn bots_alone_play_to_the_end_and_the_seed_replays_the_game() {
        let s = settings(4, 4, 1, "rules");
        let text = run_with(&s, "");
        assert!(text.contains("Game over after round"), "{text}");
        assert!(text.contains("Record (save FILE writes it to a file):\n{\""), "{text}");
        assert!(text.contains("2d6 = "), "{text}");
        assert_eq!(run_with(&s, ""), text);
        let random = run_with(&settings(3, 3, 4, "random"), "");
        assert!(random.contains("Game over after round"), "{random}");
    }

    #[test]
    fn hidden_food_shows_only_to_its_player() {
        let text = against_a_bot(&"1\n".repeat(400));
        assert!(text.contains("  Rock gets "), "{text}");
        assert!(
            !text.contains("Connie gets ") && !text.contains("Dwayne gets "),
            "{text}"
        );
        assert!(text.contains("Connie goes through the Food Line"), "{text}");
        let two = run_with(&settings(2, 0, 9, "random"), &"1\n".repeat(400));
        assert!(
            !two.contains(" gets "),
            "two people at one screen see nobody's hidden food"
        );
    }

    #[test]
    fn a_saved_game_loads_again_and_replays() {
        let path = std::env::temp_dir().join(format!("messhall-cafeteria-{}.json", std::process::id()));
        let script = format!("line\nto f7\nsave {}\n", path.display());
        let text = against_a_bot(&script);
        assert!(text.contains("Saved to"), "{text}");
        // Without --bots the record's players play on: player 1 a person, player 2 a bot.
        let loaded = Settings {
            load: Some(path.clone()),
            bots: None,
            bot: None,
            ..settings(4, 1, 9, "random")
        };
        let text = run_with(&loaded, "map\n");
        assert!(text.contains("Rock (player 1) at f7"), "{text}");
        let record = crate::play::read_record(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut out = Vec::new();
        crate::replay::show(&record, None, &mut out, false).unwrap();
        let shown = String::from_utf8(out).unwrap();
        assert!(shown.contains("Rock moves to f7"), "{shown}");
        assert!(!shown.contains("Rock gets"), "{shown}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn bad_settings_are_refused() {
        let err = |s: &Settings| Session::start(s).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err(&settings(5, 1, 1, "rules")).contains("2 to 4 players"));
        assert!(err(&settings(2, 3, 1, "rules")).contains("more than the 2 players"));
        assert!(err(&settings(2, 1, 1, "level=3")).contains("chess engine setting"));
    }
}
