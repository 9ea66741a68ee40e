//! The tags of a game's PGN the server knows and the rules do not: the players' names as the
//! seats show them (a person without one is "Anonymous", the computer named with its level),
//! the day it was created, the site it was played on and an event naming the game.

use crate::game::LiveGame;
use crate::game::SeatKind;
use messhall_records::pgn::Header;

/// The most characters of a site's name kept.
const SITE_CHARS: usize = 100;

/// The header of `game`'s PGN, played at `host` (the address the client asked, if it gave one).
pub fn header(game: &LiveGame, host: Option<&str>) -> Header {
    let mut header = Header::dated(u64::try_from(game.created_ms).unwrap_or(0));
    header.event = format!("{}, casual game", title(game));
    // A casual game has no round ("-": not applicable, where "?" would be unknown).
    header.round = "-".into();
    if let Some(host) = host.map(str::trim).filter(|h| !h.is_empty()) {
        header.site = host.chars().filter(|c| c.is_ascii_graphic()).take(SITE_CHARS).collect();
    }
    header
}

/// Each seat's name for the PGN: the one it shows, or "Anonymous" for a person without one.
pub fn players(game: &LiveGame) -> Vec<String> {
    game.seats
        .iter()
        .map(|s| match (s.name.trim(), &s.kind) {
            ("", SeatKind::Computer) => format!("Computer ({})", s.player),
            ("", _) => "Anonymous".to_string(),
            (name, _) => name.to_string(),
        })
        .collect()
}

/// The game's title: its description's opening words ("Food Fight chess"), or its name.
fn title(game: &LiveGame) -> String {
    let Some(chess) = game.table.chess() else {
        return game.table.kind().name().to_string();
    };
    let v = chess.variant();
    let words = v.description().split([':', ',']).next().unwrap_or_default();
    let words = words.split(" where ").next().unwrap_or_default().trim();
    if words.is_empty() || words.len() > 40 {
        v.name().to_string()
    } else {
        words.to_string()
    }
}
