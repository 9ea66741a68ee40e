//! `messhall play cafeteria`: the cafeteria dice game in the terminal.

use anyhow::Result;
use messhall_cafeteria::bots::BotKind;
use messhall_cafeteria::{GameOption, PlayError, PlayOptions, play_terminal};

/// The cafeteria game's settings from the command line.
pub struct Settings<'a> {
    pub players: u8,
    pub bots: u8,
    pub seed: Option<u64>,
    pub options: &'a [String],
    pub bot: &'a str,
}

/// The lines a cafeteria table's events print for everyone watching (hidden food left out).
pub fn event_lines(table: &messhall_play::Table, events: &[messhall_play::Event]) -> Vec<String> {
    let Some(cafeteria) = table.cafeteria() else {
        return Vec::new();
    };
    events
        .iter()
        .filter(|e| e.visible_to(None))
        .filter_map(|e| match e {
            messhall_play::Event::Cafeteria { event, .. } => {
                let note = messhall_cafeteria::Note {
                    event: event.clone(),
                    seen_by: messhall_cafeteria::Seen::Everyone,
                };
                Some(format!(
                    "  {}",
                    messhall_cafeteria::words::event(cafeteria.game(), &note)
                ))
            }
            _ => None,
        })
        .collect()
}

pub fn run(settings: &Settings<'_>) -> Result<()> {
    let options = settings
        .options
        .iter()
        .map(|o| o.parse::<GameOption>())
        .collect::<Result<Vec<_>, _>>()?;
    let opts = PlayOptions {
        players: settings.players,
        bots: settings.bots,
        seed: settings.seed,
        options,
        bot: settings.bot.parse::<BotKind>()?,
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match play_terminal(&opts, &mut stdin.lock(), &mut stdout.lock()) {
        Ok(_) | Err(PlayError::Quit) => Ok(()),
        Err(PlayError::InputClosed) => {
            println!("\nGame left unfinished.");
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}
