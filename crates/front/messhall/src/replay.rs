//! `messhall replay FILE`: a saved game played again step by step, each action with what it did
//! and the board after it.

use crate::board_text::{self, Style};
use crate::lines::{Line, Lines};
use crate::words;
use anyhow::Result;
use messhall_records::{Record, catalog};
use messhall_table::{Table, TableSetup};
use std::io::Write;
use std::path::Path;

pub fn run(file: &Path, pause: Option<bool>) -> Result<()> {
    use std::io::IsTerminal;
    let record = crate::play::read_record_file(file)?;
    let pause = pause.unwrap_or_else(|| std::io::stdin().is_terminal());
    let mut lines = crate::lines::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let color = board_text::color_wanted();
    show(&record, pause.then_some(lines.as_mut()), &mut out, color)
}

/// Shows the record's steps; with `lines`, waits for Enter after each (`q` stops).
pub fn show(record: &Record, mut lines: Option<&mut dyn Lines>, out: &mut dyn Write, color: bool) -> Result<()> {
    // Check the whole record first: a tampered one is refused before anything is shown.
    let whole = Table::replay(record)?;
    let kind = catalog::from_source(&record.game)?;
    let mut table = Table::new(
        kind,
        &TableSetup {
            fen: record.start.clone(),
            seed: Some(record.seed),
            clock: record.clock,
            cafeteria: record.setup.clone(),
            players: record.players.clone(),
        },
    )?;
    writeln!(
        out,
        "{}: {} actions, seed {}",
        table.kind().name(),
        whole.actions().len(),
        record.seed
    )?;
    let style = Style {
        color,
        ..Style::default()
    };
    draw(&table, &style, out)?;
    for (i, (seat, action)) in whole.actions().iter().enumerate() {
        if let Some(lines) = lines.as_deref_mut() {
            match lines.read(
                &format!("[{}/{}] Enter: next, q: stop > ", i + 1, whole.actions().len()),
                out,
            )? {
                Line::Text(t) if t.trim().eq_ignore_ascii_case("q") => return Ok(()),
                Line::End => return Ok(()),
                _ => {}
            }
        }
        let events = table.try_act(*seat, action.clone())?;
        match table.chess() {
            Some(chess) => {
                for line in words::chess_event_lines(chess.variant(), &events) {
                    writeln!(out, "{line}")?;
                }
            }
            None => {
                for line in crate::cafeteria::event_lines(&table, &events) {
                    writeln!(out, "{line}")?;
                }
            }
        }
        draw(&table, &style, out)?;
    }
    // The cafeteria game's result in its own words, the students named.
    let outcome = table.cafeteria().and_then(|c| Some((c.game(), c.game().outcome()?)));
    match (table.result(), outcome) {
        (Some(_), Some((game, outcome))) => writeln!(out, "{}", messhall_cafeteria::words::outcome(game, outcome))?,
        (Some(result), None) => writeln!(out, "Game over: {}", words::result(result))?,
        (None, _) => writeln!(out, "The record ends here; the game was not finished.")?,
    }
    Ok(())
}

fn draw(table: &Table, style: &Style, out: &mut dyn Write) -> Result<()> {
    if let Some(chess) = table.chess() {
        let mut style = style.clone();
        if let Some(m) = chess.game().moves().last() {
            style.last = vec![m.from(), m.to()];
        }
        write!(out, "{}", board_text::draw(chess.variant(), chess.position(), &style))?;
    } else if let Some(c) = table.cafeteria() {
        write!(out, "{}", crate::cafeteria_map::render_map(c.game()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use messhall_records::catalog;
    use messhall_table::PlayerSpec;

    #[test]
    fn a_record_replays_step_by_step_and_a_tampered_one_is_refused() {
        let game = catalog::builtin("pieceeater").unwrap();
        let mut table = Table::new(
            game.clone(),
            &TableSetup {
                seed: Some(messhall_dice::Seed::from_number(4)),
                ..TableSetup::default()
            },
        )
        .unwrap();
        let mut players = [
            PlayerSpec::Random.make(&game, 1, 1).unwrap(),
            PlayerSpec::Random.make(&game, 2, 1).unwrap(),
        ];
        for _ in 0..6 {
            let seat = table.turn().seat().unwrap();
            let budget = messhall_table::Budget::movetime(std::time::Duration::ZERO);
            let messhall_table::Choice::Act(a) = players[seat.index()].choose(&table, seat, &budget) else {
                panic!()
            };
            table.try_act(seat, a).unwrap();
        }
        let record = table.record();
        let mut out = Vec::new();
        let mut input = crate::lines::Plain(&b"\n\n\nq\n"[..]);
        show(&record, Some(&mut input), &mut out, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches(" played ").count(), 3, "{text}");
        let mut tampered = record.clone();
        tampered.actions[2] = messhall_records::Step::Chance("a1-a2".into());
        let err = show(&tampered, None, &mut Vec::new(), false).unwrap_err().to_string();
        assert!(err.contains("record action 2"), "{err}");
    }
}
