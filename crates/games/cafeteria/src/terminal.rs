//! Playing in a terminal: the map each turn, the dice, the legal actions, clear errors.

use std::io::{BufRead, Write};

use messhall_dice::SeededDice;

use crate::action::{Action, GameOption, StudentId};
use crate::bots::{Bot, BotKind};
use crate::data::{Cell, Sq};
use crate::error::PlayError;
use crate::event::Note;
use crate::game::{CanPlace, Game, Hold, Outcome, Setup, Status};
use crate::words;

/// How to run a terminal game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// Players, 2 to 4.
    pub players: u8,
    /// How many of them are bots (the last ones); the others type their moves.
    pub bots: u8,
    /// The dice seed; `None` picks one from the clock (and prints it).
    pub seed: Option<u64>,
    /// Optional rules.
    pub options: Vec<GameOption>,
    /// The kind of bot.
    pub bot: BotKind,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            players: 4,
            bots: 3,
            seed: None,
            options: Vec::new(),
            bot: BotKind::Rules,
        }
    }
}

/// Draws the cafeteria: `R C D L` students (lower case when stunned), `1-6` staff in Appearance
/// Table order, `T` tables (`t` tipped), `@` cans, `*` spilled food, `&` garbage, `E`/`X` the Food Line.
pub fn render_map(game: &Game) -> String {
    let map = &game.data().map;
    let mut out = String::from("   ");
    for x in 0..map.width {
        out.push(char::from(b'a' + x));
    }
    out.push('\n');
    for y in 0..map.height {
        out.push_str(&format!("{y:>2} "));
        for x in 0..map.width {
            let sq = Sq::new(x, y);
            out.push(glyph(game, sq));
        }
        out.push('\n');
    }
    out
}

fn glyph(game: &Game, sq: Sq) -> char {
    let map = &game.data().map;
    if let Some(st) = game.students().iter().find(|s| s.status != Status::Gone && s.pos == sq) {
        let c = game.data().students[usize::from(st.spec)]
            .name
            .chars()
            .next()
            .unwrap_or('?');
        return if st.stunned || st.status == Status::Retired {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        };
    }
    if let Some(f) = game.faculty().iter().position(|f| f.pos == Some(sq)) {
        return char::from(b'1' + f as u8);
    }
    if game.can_at(sq).is_some() {
        return '@';
    }
    if game.garbage().iter().any(|g| g.sq == sq) {
        return '&';
    }
    if game.floor().iter().any(|(at, _)| *at == sq) {
        return '*';
    }
    match map.cell(sq) {
        Cell::Table(t) => {
            if game.tables()[usize::from(t)].hider.is_some() {
                't'
            } else if game.salad_bar().iter().any(|(s, _)| *s == sq) {
                '$'
            } else {
                'T'
            }
        }
        Cell::Floor | Cell::Start(_) | Cell::CanHome(_) => '.',
        Cell::Chair => ':',
        Cell::Entrance => 'E',
        Cell::Exit => 'X',
        Cell::Counter | Cell::Stack(_) => '=',
        Cell::Entry(_) => '+',
        Cell::Wall | Cell::Lounge | Cell::Office | Cell::GarbagePile => '#',
    }
}

/// What a student carries, as `viewer` may see it (food is face down to other players).
pub fn describe_hold(game: &Game, s: StudentId, viewer: Option<u8>) -> String {
    let st = &game.students()[usize::from(s)];
    let own = viewer == Some(st.player);
    let foods = |v: &[u8]| -> String {
        if own {
            v.iter().map(|&f| game.food_name(f)).collect::<Vec<_>>().join(", ")
        } else {
            format!("{} food", v.len())
        }
    };
    match &st.hold {
        Hold::Empty => "nothing".to_string(),
        Hold::Hands(v) => foods(v),
        Hold::Tray(v) => format!(
            "a tray with {}",
            if v.is_empty() { "nothing".to_string() } else { foods(v) }
        ),
        Hold::Can(c) => match game.cans()[usize::from(*c)].fullness {
            Some(6) => "a practically empty garbage can".to_string(),
            Some(n) => format!("a garbage can (fullness {n})"),
            None => "a garbage can".to_string(),
        },
        Hold::Pumper(p) => format!("the {}", game.food_name(*p)),
        Hold::Bowl(b, c) => match c {
            Some(c) => format!("a {} of {}", game.food_name(*b), game.food_name(*c)),
            None => format!("an empty {}", game.food_name(*b)),
        },
    }
}

/// The status lines under the map.
pub fn render_status(game: &Game, viewer: Option<u8>) -> String {
    let mut out = format!("Round {} of {}", game.round(), game.data().rounds);
    if let Some(s) = game.to_move() {
        out.push_str(&format!(
            ", {} to act, {} AA left",
            game.student_name(s),
            game.aa_left()
        ));
    }
    out.push('\n');
    for (i, st) in game.students().iter().enumerate() {
        let s = i as StudentId;
        let state = match st.status {
            Status::Active if st.stunned => "stunned".to_string(),
            Status::Active if st.hiding.is_some() => "hiding".to_string(),
            Status::Active => "fighting".to_string(),
            Status::Retired => "retired".to_string(),
            Status::Gone => "in the Principal's Office".to_string(),
        };
        out.push_str(&format!(
            "  {} (player {}) at {}: AR {}/{}, AA {}, {}, carries {}\n",
            game.student_name(s),
            st.player + 1,
            st.pos,
            st.ar,
            game.student_max_ar(s),
            game.student_aa(s),
            state,
            describe_hold(game, s, viewer)
        ));
    }
    for (i, f) in game.faculty().iter().enumerate() {
        if let Some(pos) = f.pos {
            let spec = &game.data().faculty[i];
            let still = if f.immobile_through >= game.round() {
                ", immobilized"
            } else {
                ""
            };
            out.push_str(&format!(
                "  {} {} at {pos}: MR {}, NSR {} ({} taken this round){still}\n",
                i + 1,
                spec.name,
                spec.mr,
                spec.nsr,
                f.round_damage
            ));
        }
    }
    let away = game.cans().iter().filter(|c| c.place == CanPlace::Away).count();
    let sizes = game.stack_sizes();
    out.push_str(&format!(
        "  Food Line: {} trays; stacks {} {} {} {} {}; cans away: {away}\n",
        game.line_trays(),
        sizes[0],
        sizes[1],
        sizes[2],
        sizes[3],
        sizes[4]
    ));
    if let Some((t, slots)) = game.table_search() {
        out.push_str(&format!(
            "  On {}: {} face-down counters\n",
            game.data().map.table_names[usize::from(t)],
            slots.iter().flatten().count()
        ));
    }
    out
}

/// Whether the log at this terminal shows an event: the one human player sees their own hidden
/// food; with several humans at one screen only what everyone sees; an onlooker of a game of bots
/// alone keeps no secrets from anybody and sees everything.
fn shown(note: &Note, humans: u8) -> bool {
    match humans {
        0 => true,
        1 => note.visible_to(Some(0)),
        _ => note.visible_to(None),
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// Plays a game in a terminal. Human players (the first `players - bots`) choose by typing the
/// number of a listed action (or its text); bad input gets a one-line error and the question again.
/// With as many bots as players the game plays itself to the end without reading input.
///
/// # Errors
/// A bad setup, a terminal error, input that ends early, or `quit`.
pub fn play_terminal(
    opts: &PlayOptions,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<Outcome, PlayError> {
    if !(2..=4).contains(&opts.players) {
        return Err(PlayError::Setup(crate::error::SetupError::Players(opts.players)));
    }
    if opts.bots > opts.players {
        return Err(PlayError::Setup(crate::error::SetupError::Bots {
            bots: opts.bots,
            players: opts.players,
        }));
    }
    let seed = opts.seed.unwrap_or_else(clock_seed);
    let mut dice = SeededDice::new(seed);
    let setup = Setup::new(opts.players, &opts.options);
    let mut game = Game::new_narrated(setup.clone(), &mut dice)?;
    let humans = opts.players - opts.bots;
    let mut bots: Vec<Option<Box<dyn Bot>>> = (0..opts.players)
        .map(|p| {
            (p >= humans).then(|| {
                opts.bot
                    .make(seed ^ (u64::from(p) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            })
        })
        .collect();
    let options: Vec<&str> = setup.options.iter().map(|o| o.name()).collect();
    writeln!(
        output,
        "Food Fight in the cafeteria: {} players ({} bots), seed {seed}, options: {}",
        opts.players,
        opts.bots,
        if options.is_empty() {
            "none".to_string()
        } else {
            options.join(", ")
        }
    )?;
    let mut last_turn: Option<(u8, StudentId)> = None;
    loop {
        for note in game.take_events() {
            if shown(&note, humans) {
                writeln!(output, "  {}", words::event(&game, &note))?;
            }
        }
        if let Some(outcome) = game.outcome() {
            let outcome = outcome.clone();
            write!(output, "{}", render_map(&game))?;
            write!(output, "{}", render_status(&game, None))?;
            for (s, score) in &outcome.food_off {
                writeln!(output, "Food-Off: {} did {score} damage", game.student_name(*s))?;
            }
            writeln!(output, "{}", words::outcome(&game, &outcome))?;
            return Ok(outcome);
        }
        let Some(student) = game.to_move() else {
            return Err(PlayError::InputClosed);
        };
        let player = game.students()[usize::from(student)].player;
        let human = bots.get(usize::from(player)).is_some_and(Option::is_none);
        let turn = (game.round(), student);
        if last_turn != Some(turn) {
            last_turn = Some(turn);
            write!(output, "\n{}", render_map(&game))?;
            write!(
                output,
                "{}",
                render_status(&game, if human { Some(player) } else { None })
            )?;
        }
        let actions = game.legal_actions();
        let steps = if human {
            writeln!(
                output,
                "Player {}, {} to act ({} AA left):",
                player + 1,
                game.student_name(student),
                game.aa_left()
            )?;
            let names: Vec<String> = actions.iter().map(|a| game.action_name(a)).collect();
            let width = names.iter().map(String::len).max().unwrap_or(0);
            for (i, (a, name)) in actions.iter().zip(&names).enumerate() {
                writeln!(output, "  {:>2}. {name:<width$}  {}", i + 1, words::action(&game, a))?;
            }
            if game.reachable().iter().any(|(_, path)| path.len() > 1) {
                writeln!(output, "  or walk several steps: to SQUARE (such as `to f7`)")?;
            }
            loop {
                write!(output, "> ")?;
                output.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    return Err(PlayError::InputClosed);
                }
                match parse_choice(&game, &actions, line.trim()) {
                    Ok(Some(steps)) => break steps,
                    Ok(None) => return Err(PlayError::Quit),
                    Err(msg) => writeln!(output, "error: {msg}")?,
                }
            }
        } else {
            let action = match bots.get_mut(usize::from(player)).and_then(Option::as_mut) {
                Some(bot) => bot.choose(&game),
                None => return Err(PlayError::InputClosed),
            };
            writeln!(
                output,
                "{} ({}): {}",
                game.student_name(student),
                opts.bot,
                words::action(&game, &action)
            )?;
            vec![action]
        };
        for (i, step) in steps.iter().enumerate() {
            // A walk stops when something on the way ends the turn or takes a step away.
            if i > 0 && (game.to_move() != Some(student) || !game.legal_actions().contains(step)) {
                writeln!(output, "  (the walk stops here)")?;
                break;
            }
            for note in game.play(step, &mut dice)? {
                if shown(&note, humans) {
                    writeln!(output, "  {}", words::event(&game, &note))?;
                }
            }
        }
    }
}

/// Reads a typed choice: a number from the list, an action's name or words, or `to SQUARE` for a
/// walk of several steps. `Ok(None)` means quit; otherwise the steps to play.
fn parse_choice(game: &Game, actions: &[Action], text: &str) -> Result<Option<Vec<Action>>, String> {
    if text.eq_ignore_ascii_case("quit") || text.eq_ignore_ascii_case("q") {
        return Ok(None);
    }
    if let Some(square) = text.strip_prefix("to ").or_else(|| text.strip_prefix("TO ")) {
        let to = Sq::parse(square.trim()).ok_or_else(|| format!("{square:?} is not a square such as f7"))?;
        return game
            .reachable()
            .into_iter()
            .find(|(sq, _)| *sq == to)
            .map(|(_, path)| Some(path))
            .ok_or_else(|| format!("{to} cannot be reached this turn"));
    }
    parse_one(game, actions, text).map(|a| Some(vec![a]))
}

/// Reads one action: a number from the list, or an action's name or words.
fn parse_one(game: &Game, actions: &[Action], text: &str) -> Result<Action, String> {
    if text.is_empty() {
        return Err(format!("type the number of an action, 1 to {}, or quit", actions.len()));
    }
    if let Ok(n) = text.parse::<i64>() {
        return usize::try_from(n)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| actions.get(i))
            .cloned()
            .ok_or_else(|| format!("there is no action {n}: choose 1 to {}", actions.len()));
    }
    let wanted = text.to_ascii_lowercase();
    if let Some(a) = actions
        .iter()
        .find(|a| words::action(game, a).to_ascii_lowercase() == wanted)
    {
        return Ok(a.clone());
    }
    let named = game.parse_action(text).map_err(|e| e.to_string())?;
    if actions.contains(&named) {
        Ok(named)
    } else {
        Err(format!(
            "{text:?} is not possible now: type the number of a listed action"
        ))
    }
}
