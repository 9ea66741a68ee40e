//! A terminal game between two people at one keyboard.

use crate::players::{Bot, Config};
use crate::show::load;
use crate::{board_text, rules_text};
use anyhow::Result;
use messhall_rules::{Action, ChanceEvent, ChanceOutcome, Game, Move, MoveKind, Square, Variant};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

const HELP: &str = "Enter a move as coordinates (e2e4, e7e8q, N@e4, pass) or SAN (Nf3, exd5, O-O).
Commands: moves (list the legal moves), info <square> (the piece there, what a Friend borrows, its
moves), undo, fen, help, quit.";

pub fn run(
    variant: &str,
    fen: Option<&str>,
    players: [&str; 2],
    level: u8,
    time: f64,
    seed: Option<u64>,
    hash_mb: usize,
) -> Result<()> {
    let (v, pos) = load(variant, fen)?;
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(0, |d| d.as_nanos() as u64 ^ u64::from(std::process::id()))
    });
    let v = Arc::new(v);
    let mut bots = [None, None];
    for (i, text) in players.into_iter().enumerate() {
        let config = match Config::parse(text)? {
            Config::Level(10) if text == "ai" => Config::Level(level.clamp(1, 10)),
            c => c,
        };
        if config != Config::Human {
            bots[i] = Some(Bot::with_hash(v.clone(), config, 1 + i as u64, hash_mb));
        }
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let time = Duration::from_secs_f64(time);
    play_seeded(v, pos, seed, &mut bots, time, &mut input, &mut out)
}

fn highlight(mv: Option<&Move>) -> Vec<Square> {
    match mv {
        Some(m) if !matches!(m.kind, MoveKind::Pass) => vec![m.from, m.to],
        _ => Vec::new(),
    }
}

/// Runs the game loop on any input and output (tests drive it with strings).
#[cfg(test)]
pub fn play(
    v: Arc<Variant>,
    start: messhall_rules::Position,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    play_with(v, start, &mut [None, None], Duration::ZERO, input, out)
}

/// The game loop with a computer player for White and/or Black (`bots`, indexed by colour).
#[cfg(test)]
pub fn play_with(
    v: Arc<Variant>,
    start: messhall_rules::Position,
    bots: &mut [Option<Bot>; 2],
    time: Duration,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    play_seeded(v, start, 0, bots, time, input, out)
}

/// The game loop, the game's chance events drawn from dice of `seed` (printed when the game has
/// any). Each outcome is shown ("The PieceEater steps d4-e5 and eats Black's Knight"); an event
/// the player to move steers is asked for, or chosen by a computer player.
pub fn play_seeded(
    v: Arc<Variant>,
    start: messhall_rules::Position,
    seed: u64,
    bots: &mut [Option<Bot>; 2],
    time: Duration,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let mut game = Game::with_seed(v.clone(), start, seed);
    writeln!(out, "{} ({}x{}). {HELP}", v.name, v.size.files(), v.size.ranks())?;
    if has_chance(&v, &game) {
        writeln!(out, "Seed: {seed} (replay with --seed {seed})")?;
        for line in chance_lines(&v, &game) {
            writeln!(out, "{line}")?;
        }
    }
    let mut redraw = true;
    loop {
        let pos = game.position().clone();
        if redraw {
            writeln!(out)?;
            write!(out, "{}", board_text::board(&v, &pos, &highlight(game.moves().last())))?;
            write!(out, "{}", board_text::state(&v, &pos))?;
        }
        redraw = false;
        if let Some(outcome) = game.outcome() {
            writeln!(out, "Game over: {outcome}")?;
            writeln!(out, "Record:\n{}", game.record().to_text(&v))?;
            return Ok(());
        }
        if let Some(ChanceEvent { chooser, outcomes }) = game.pending_chance() {
            // A chance event the player to move steers (the dice's own are already resolved).
            let chooser = chooser.unwrap_or(pos.side_to_move());
            let history = earlier_hashes(&game);
            let chosen = match bots[chooser.index()].as_mut() {
                Some(bot) => bot.steer(&pos, chooser, &outcomes, &history, time),
                None => ask_outcome(&outcomes, chooser.name(), input, out)?,
            };
            let Some(chosen) = chosen else {
                writeln!(out, "\nGame left unfinished.")?;
                return Ok(());
            };
            game.resolve(chosen);
            for line in chance_lines(&v, &game) {
                writeln!(out, "{line}")?;
            }
            redraw = true;
            continue;
        }
        let legal = v.legal_moves(&pos);
        if legal.len() == 1 && legal[0].kind == MoveKind::Pass {
            writeln!(out, "{} has no legal move and passes.", pos.side_to_move().name())?;
            game.play(legal[0]);
            for line in chance_lines(&v, &game) {
                writeln!(out, "{line}")?;
            }
            redraw = true;
            continue;
        }
        if let Some(bot) = bots[pos.side_to_move().index()].as_mut() {
            // The search sees positions where a player is to act; the dice are resolved first.
            let history = earlier_hashes(&game);
            let Some(mv) = bot.choose(&pos, &history, time) else {
                writeln!(out, "{} has no move.", pos.side_to_move().name())?;
                return Ok(());
            };
            writeln!(out, "{} played {}", pos.side_to_move().name(), v.san(&pos, &mv))?;
            game.play(mv);
            for line in chance_lines(&v, &game) {
                writeln!(out, "{line}")?;
            }
            redraw = true;
            continue;
        }
        write!(out, "{} > ", pos.side_to_move().name())?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nGame left unfinished.")?;
            return Ok(());
        }
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "help" => writeln!(out, "{HELP}")?,
            "fen" => writeln!(out, "{}", pos.to_fen(&v))?,
            _ if text.starts_with("info") || text.starts_with('?') => {
                let arg = text.trim_start_matches("info").trim_start_matches('?').trim();
                match arg.parse::<Square>() {
                    Ok(sq) if sq.file() < v.size.files() && sq.rank() < v.size.ranks() => {
                        writeln!(out, "{}", crate::piece_info::describe(&v, &pos, sq))?
                    }
                    _ => writeln!(out, "info needs a square of the board, like \"info e1\"")?,
                }
            }
            "moves" => {
                let names: Vec<String> = legal.iter().map(|m| v.san(&pos, m)).collect();
                writeln!(out, "{} legal moves: {}", names.len(), names.join(" "))?;
            }
            "undo" => match game.undo() {
                Some(m) => {
                    writeln!(out, "Took back {}.", m.to_coordinates(&v))?;
                    redraw = true;
                }
                None => writeln!(out, "Nothing to take back.")?,
            },
            _ => match pick_move(&v, &pos, text, input, out)? {
                Some(mv) => {
                    let san = v.san(&pos, &mv);
                    game.play(mv);
                    writeln!(out, "{} played {san}", pos.side_to_move().name())?;
                    for line in chance_lines(&v, &game) {
                        writeln!(out, "{line}")?;
                    }
                    redraw = true;
                }
                None => continue,
            },
        }
    }
}

/// The legal move `text` names, asking for the promotion piece when it is left out.
fn pick_move(
    v: &Variant,
    pos: &messhall_rules::Position,
    text: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<Move>> {
    match v.parse_move(pos, text) {
        Ok(mv) => Ok(Some(mv)),
        Err(e) => {
            if let Some((from, to)) = two_squares(text) {
                let choices = v.promotion_choices(pos, from, to);
                if !choices.is_empty() {
                    let list: Vec<String> = choices
                        .iter()
                        .map(|r| format!("{}={}", v.role(*r).letter.to_ascii_lowercase(), v.role(*r).name))
                        .collect();
                    write!(out, "Promote to? {} > ", list.join(", "))?;
                    out.flush()?;
                    let mut answer = String::new();
                    input.read_line(&mut answer)?;
                    let answer = answer.trim();
                    let chosen = answer
                        .chars()
                        .next()
                        .and_then(|c| v.role_by_letter(c))
                        .filter(|r| choices.contains(r));
                    return match chosen {
                        Some(role) if answer.chars().count() == 1 => Ok(v
                            .legal_moves(pos)
                            .into_iter()
                            .find(|m| m.from == from && m.to == to && m.promotion == Some(role))),
                        _ => {
                            writeln!(out, "\"{answer}\" is not one of the choices; move again.")?;
                            Ok(None)
                        }
                    };
                }
            }
            writeln!(out, "{e}")?;
            Ok(None)
        }
    }
}

/// Hashes of the positions before the current one, for the engine's repetition checks.
fn earlier_hashes(game: &Game) -> Vec<u64> {
    let positions = game.positions();
    positions[..positions.len() - 1].iter().map(|p| p.hash()).collect()
}

/// Whether the game has chance events at all (so its seed matters).
fn has_chance(v: &Variant, game: &Game) -> bool {
    !game.actions().is_empty() || !game.position().neutrals().is_empty() || v.chance_pending(game.position())
}

/// What the chance events since the last move did, one line each.
fn chance_lines(v: &Variant, game: &Game) -> Vec<String> {
    let actions = game.actions();
    let first = actions
        .iter()
        .rposition(|a| matches!(a, Action::Move(_)))
        .map_or(0, |i| i + 1);
    (first..actions.len())
        .filter_map(|i| match actions[i] {
            // positions[i] is the position before action i.
            Action::Chance(o) => Some(rules_text::chance_line(v, &game.positions()[i], &o)),
            Action::Move(_) => None,
        })
        .collect()
}

/// Asks a person to choose a steered outcome by its square (`None`: the input ended, or an event
/// offered nothing to choose).
fn ask_outcome(
    outcomes: &[ChanceOutcome],
    who: &str,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<ChanceOutcome>> {
    let Some(&first) = outcomes.first() else {
        return Ok(None);
    };
    if outcomes.len() == 1 {
        return Ok(Some(first));
    }
    let names: Vec<String> = outcomes.iter().map(|o| o.to.to_string()).collect();
    loop {
        write!(
            out,
            "{who}, steer the step from {} to ({}) > ",
            first.from,
            names.join(" ")
        )?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let text = line.trim();
        if let Some(o) = outcomes.iter().find(|o| o.to.to_string() == text) {
            return Ok(Some(*o));
        }
        writeln!(out, "\"{text}\" is not one of {}.", names.join(", "))?;
    }
}

fn two_squares(text: &str) -> Option<(Square, Square)> {
    let (a, used) = Square::parse_prefix(text)?;
    let (b, used2) = Square::parse_prefix(&text[used..])?;
    (used + used2 == text.len()).then_some((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_script(variant: &str, fen: Option<&str>, script: &str) -> String {
        let v = messhall_games::load(variant).unwrap();
        let pos = match fen {
            Some(f) => messhall_rules::Position::from_fen(&v, f).unwrap(),
            None => v.start(),
        };
        let mut out = Vec::new();
        play(Arc::new(v), pos, &mut script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
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
    fn fools_mate_ends_the_game() {
        let text = run_script("chess", None, "f2f3\ne5\ng4\nQh4\n");
        assert!(text.contains("Black played Qh4#"), "{text}");
        assert!(text.contains("Game over: 0-1 (checkmate)"), "{text}");
    }

    #[test]
    fn illegal_and_malformed_moves_are_explained_and_asked_again() {
        let text = run_script("chess", None, "e2e5\nxyz\ne7e5\ne2e4\n");
        assert!(
            text.contains("move \"e2e5\" is not legal here: the Pawn on e2 cannot go to e5"),
            "{text}"
        );
        assert!(text.contains("move \"xyz\""), "{text}");
        assert!(text.contains("the piece on e7 is not White's"), "{text}");
        assert!(text.contains("White played e4"), "{text}");
        assert!(text.contains("Game left unfinished."), "{text}");
    }

    #[test]
    fn pieceeater_steps_are_shown_and_the_seed_replays_them() {
        let run = |seed: u64| {
            let v = Arc::new(messhall_games::load("pieceeater").unwrap());
            let mut out = Vec::new();
            let script = "a2a3\nh7h6\nb2b3\n";
            play_seeded(
                v.clone(),
                v.start(),
                seed,
                &mut [None, None],
                Duration::ZERO,
                &mut script.as_bytes(),
                &mut out,
            )
            .unwrap();
            String::from_utf8(out).unwrap()
        };
        let text = run(42);
        assert!(text.contains("Seed: 42"), "{text}");
        assert_eq!(text.matches("The PieceEater steps d4-").count(), 1, "{text}");
        assert_eq!(text.matches("The PieceEater steps").count(), 3, "{text}");
        assert_eq!(run(42), text, "the same seed, the same steps");
        // e2-e4 puts a Pawn next to the PieceEater: it is eaten.
        let v = Arc::new(messhall_games::load("pieceeater").unwrap());
        let mut out = Vec::new();
        play_seeded(
            v.clone(),
            v.start(),
            1,
            &mut [None, None],
            Duration::ZERO,
            &mut &b"e4\n"[..],
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("The PieceEater steps d4-e4 and eats White's Pawn"),
            "{text}"
        );
    }

    #[test]
    fn computer_players_play_pieceeater_and_steer_it() {
        for name in ["pieceeater", "pieceeater-steered", "pieceeater-mate"] {
            let v = Arc::new(messhall_games::load(name).unwrap());
            let mut bots = [
                Some(Bot::new(v.clone(), crate::players::Config::Depth(1), 1)),
                Some(Bot::new(v.clone(), crate::players::Config::Random, 2)),
            ];
            let mut out = Vec::new();
            play_seeded(
                v.clone(),
                v.start(),
                7,
                &mut bots,
                Duration::ZERO,
                &mut &b""[..],
                &mut out,
            )
            .unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains("Game over:"), "{name}: {text}");
            assert!(text.contains("The PieceEater"), "{name}: {text}");
            assert!(text.contains("Record:"), "{name}: {text}");
        }
    }

    #[test]
    fn promotion_prompt_lists_the_choices() {
        let text = run_script("chess", Some("8/4P3/8/8/8/8/k7/7K w - - 0 1"), "e7e8\nn\n");
        assert!(
            text.contains("Promote to? q=Queen, r=Rook, b=Bishop, n=Knight"),
            "{text}"
        );
        assert!(text.contains("White played e8=N"), "{text}");
    }
}
