//! What the terminal games share: a person's line at a prompt, a computer player's turn, and the
//! wait for a command once the game has ended. The turns themselves are the table's.

use crate::lines::Lines;
use anyhow::Result;
use messhall_records::Seat;
use messhall_table::Table;
use std::io::Write;

/// What a typed command leaves the game to do.
pub enum Flow {
    Go,
    Quit,
}

/// A game at the terminal, as [`drive`] runs it.
pub trait Screen {
    fn table(&self) -> &Table;
    /// Whether a person plays `seat` (they type; the others are computer players).
    fn is_person(&self, seat: Seat) -> bool;
    /// Whether the end has been told since the game ended.
    fn told_end(&self) -> bool;
    /// Tells the end: the result and the record.
    fn tell_end(&mut self, out: &mut dyn Write) -> Result<()>;
    /// A computer player's turn.
    fn computer_turn(&mut self, seat: Seat, out: &mut dyn Write) -> Result<()>;
    /// What the person in `seat` sees before they type (the prompt).
    fn prompt(&mut self, seat: Seat, out: &mut dyn Write) -> Result<String>;
    /// Reads one line at `prompt` and does what it says.
    fn command(&mut self, lines: &mut dyn Lines, out: &mut dyn Write, prompt: &str) -> Result<Flow>;
}

/// Runs the game on `screen` until a person quits or the input ends: computer players play,
/// people type, and a finished game waits for a command.
pub fn drive(screen: &mut dyn Screen, lines: &mut dyn Lines, out: &mut dyn Write) -> Result<()> {
    loop {
        if screen.table().result().is_some() {
            if !screen.told_end() {
                screen.tell_end(out)?;
            }
            match screen.command(lines, out, "Game over > ")? {
                Flow::Quit => return Ok(()),
                Flow::Go => continue,
            }
        }
        let Some(seat) = screen.table().turn().seat() else {
            continue;
        };
        if !screen.is_person(seat) {
            screen.computer_turn(seat, out)?;
            continue;
        }
        let prompt = screen.prompt(seat, out)?;
        if let Flow::Quit = screen.command(lines, out, &prompt)? {
            return Ok(());
        }
    }
}

/// `save FILE`: the game's record as JSON, or its PGN for a `.pgn` name (chess games).
pub fn save(table: &Table, file: &str, out: &mut dyn Write) -> Result<()> {
    if file.is_empty() {
        writeln!(out, "save needs a file name, like \"save game.json\"")?;
        return Ok(());
    }
    let text = if file.to_ascii_lowercase().ends_with(".pgn") {
        match messhall_records::pgn::write(&table.record(), &messhall_records::pgn::Header::today()) {
            Ok(pgn) => pgn,
            Err(e) => {
                writeln!(out, "No PGN for this game ({e}); save it as .json.")?;
                return Ok(());
            }
        }
    } else {
        table.record().to_json()
    };
    match std::fs::write(file, text) {
        Ok(()) => writeln!(
            out,
            "Saved to {file} (go on with --load {file}, replay with messhall replay {file})."
        )?,
        Err(e) => writeln!(out, "Cannot write {file}: {e}")?,
    }
    Ok(())
}
