//! Game records: seed, setup and every action, replayed exactly.

use messhall_dice::{GameRecord, Recorder, SeededDice};

use crate::action::Action;
use crate::error::{ReplayError, SetupError};
use crate::game::{Game, Setup};

/// A cafeteria game record.
pub type Record = GameRecord<Setup, Action>;

/// Plays a whole game, each action chosen by `choose` (given the player to act and the game), and
/// records it with the dice outcomes.
///
/// # Errors
/// An invalid setup.
pub fn play_recorded(
    setup: Setup,
    seed: u64,
    mut choose: impl FnMut(u8, &Game) -> Action,
) -> Result<(Game, Record), SetupError> {
    let mut dice = Recorder::new(SeededDice::new(seed));
    let mut game = Game::new(setup.clone(), &mut dice)?;
    let mut record = Record::new(seed, setup);
    while let Some(p) = game.player_to_move() {
        let action = choose(p, &game);
        game.play_unchecked(&action, &mut dice);
        record.actions.push(action);
    }
    record.draws = dice.draws().to_vec();
    Ok((game, record))
}

/// Replays a record: the same seed and actions give the same game. When the record keeps its dice
/// outcomes, they are compared draw by draw.
///
/// # Errors
/// A refused action, or dice that differ from the record.
pub fn replay(record: &Record) -> Result<Game, ReplayError> {
    let mut dice = Recorder::new(SeededDice::new(record.seed));
    let mut game = Game::new(record.setup.clone(), &mut dice)?;
    for (index, action) in record.actions.iter().enumerate() {
        game.play(action, &mut dice)
            .map_err(|error| ReplayError::Action { index, error })?;
    }
    if !record.draws.is_empty() {
        let got = dice.draws();
        if let Some(i) = (0..record.draws.len().max(got.len())).find(|&i| record.draws.get(i) != got.get(i)) {
            return Err(ReplayError::Draws(i));
        }
    }
    Ok(game)
}

/// Writes a record as TOML.
///
/// # Errors
/// Never for records made by this crate; the message of the serializer otherwise.
pub fn to_toml(record: &Record) -> Result<String, ReplayError> {
    toml::to_string(record).map_err(|e| ReplayError::Parse(e.to_string()))
}

/// Reads a record from TOML.
///
/// # Errors
/// Text that is not a record.
pub fn from_toml(text: &str) -> Result<Record, ReplayError> {
    toml::from_str(text).map_err(|e| ReplayError::Parse(one_line(text, &e)))
}

/// The longest parser message an error repeats, in characters.
const MAX_MESSAGE_CHARS: usize = 200;

/// A TOML error as one line: where (line and column, counted in characters) and why, cut short.
/// (The parser's own text quotes the whole line of the fault over several lines.)
fn one_line(text: &str, e: &toml::de::Error) -> String {
    let message = messhall_rules::one_line(e.message(), MAX_MESSAGE_CHARS);
    match e.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}
