//! The XBoard/CECP 2 side of a game: the handshake (`xboard`, `protover 2`, features up to
//! `done=1`), a new game (`new`, `variant`, `force`, `setboard`), the moves since the engine
//! last heard (kept in force mode, so it knows the whole game and its repetitions), the time
//! per move, and its `move`.

use crate::config::EngineConfig;
use crate::external::{GameInfo, MoveText, Start, TAKING_IN, read_until};
use crate::fault::{Fault, FenBoardError};
use crate::notation::Ranks;
use crate::process::EngineProcess;
use std::time::{Duration, Instant};

/// How long an engine may take to finish its features.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// How long a protocol 1 engine, which sends no features, is given before we go on.
const FIRST_FEATURE: Duration = Duration::from_secs(2);

/// What the engine said it does.
#[derive(Debug, Default)]
struct Features {
    ping: bool,
    setboard: bool,
    san: bool,
    usermove: bool,
    variants: Option<Vec<String>>,
}

/// An XBoard engine in a game.
pub(crate) struct XBoardLink {
    process: EngineProcess,
    features: Features,
    info: GameInfo,
    options: Vec<(String, String)>,
    /// The engine's own start for the variant (see [`EngineConfig::own_start`]).
    own_start: Option<String>,
    ranks: Ranks,
    /// The moves the engine knows, in our coordinates.
    told: Vec<String>,
    pings: u32,
    /// Whether the last failure was one that a fresh start of the engine may cure: it refused
    /// a move of ours, or claimed a result (Fairy-Max does both on rare occasions in positions
    /// whose moves it accepts from the start, its hash table leading its check astray).
    doubtful: bool,
}

impl XBoardLink {
    /// Starts the engine and its game.
    pub(crate) fn start(config: &EngineConfig, info: GameInfo) -> Result<XBoardLink, Fault> {
        // Fairy-Max reads its ini from its first argument.
        let args: Vec<String> = config.ini.iter().map(|p| p.display().to_string()).collect();
        let process = EngineProcess::spawn(&config.program, &args, None, config.log.as_deref())?;
        let mut link = XBoardLink {
            process,
            features: Features::default(),
            ranks: Ranks::xboard(info.ranks),
            info,
            options: config.options.clone(),
            own_start: config.own_start.clone(),
            told: Vec::new(),
            pings: 0,
            doubtful: false,
        };
        link.handshake()?;
        if let (Some(name), Some(known)) = (&link.info.variant, &link.features.variants)
            && !known.iter().any(|k| k == name)
        {
            return Err(Fault::UnknownVariant {
                name: name.clone(),
                offerer: "it",
                offered: known.clone(),
            });
        }
        link.new_game(Instant::now() + HANDSHAKE)?;
        Ok(link)
    }

    fn handshake(&mut self) -> Result<(), Fault> {
        self.process.send("xboard")?;
        self.process.send("protover 2")?;
        let started = Instant::now();
        let mut seen = false;
        loop {
            let until = started + if seen { HANDSHAKE } else { FIRST_FEATURE };
            let line = match self.process.read_line(until) {
                Ok(line) => line,
                Err(crate::process::ReadError::Timeout) if !seen => return Ok(()),
                Err(crate::process::ReadError::Timeout) => {
                    return Err(Fault::NoFeatureDone {
                        seconds: HANDSHAKE.as_secs(),
                    });
                }
                Err(crate::process::ReadError::Closed(how)) => {
                    return Err(Fault::EndedInHandshake(how));
                }
            };
            let Some(rest) = line.strip_prefix("feature ") else {
                continue;
            };
            seen = true;
            for (key, value) in features(rest) {
                let on = value == "1";
                match key.as_str() {
                    "ping" => self.features.ping = on,
                    "setboard" => self.features.setboard = on,
                    "san" => self.features.san = on,
                    "usermove" => self.features.usermove = on,
                    "variants" => {
                        self.features.variants = Some(value.split(',').map(|v| v.trim().to_string()).collect());
                    }
                    "done" if on => {
                        self.process.send("accepted done")?;
                        return Ok(());
                    }
                    _ => {}
                }
                self.process.send(&format!("accepted {key}"))?;
            }
        }
    }

    /// A new game from the start, in force mode: the engine knows no move yet.
    fn new_game(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.process.send("new")?;
        if let Some(name) = &self.info.variant {
            self.process.send(&format!("variant {name}"))?;
        }
        self.process.send("force")?;
        // No thinking on our time.
        self.process.send("easy")?;
        for (name, value) in &self.options {
            self.process.send(&format!("option {name}={value}"))?;
        }
        // A variant's start as the engine knows it may not be ours (Fairy-Max's ini sets up two
        // ranks only): the engine is given ours.
        let start = match (&self.info.start, &self.info.variant) {
            (Some(start), _) => Some(start.clone()),
            (None, Some(_)) => Some(self.info.our_start.clone()),
            (None, None) => None,
        };
        if let Some(start) = start {
            self.set_up(&start)?;
        }
        self.told.clear();
        self.sync(deadline, "the new game")
    }

    /// Gives the engine a start position: with `setboard` if it has it, else in edit mode
    /// (pieces and squares only; White to move): the whole board, or with the engine's own start
    /// known, only the pieces that differ from it.
    fn set_up(&mut self, start: &Start) -> Result<(), Fault> {
        if self.features.setboard {
            return Ok(self.process.send(&format!("setboard {}", start.fen))?);
        }
        if !start.white_to_move {
            return Err(Fault::BlackStarts);
        }
        let pieces: Vec<&(bool, char, String)> = match &self.own_start {
            None => start.pieces.iter().collect(),
            Some(own) => {
                let own = board_pieces(own)?;
                if let Some((_, _, square)) = own.iter().find(|o| !start.pieces.iter().any(|p| p.2 == o.2)) {
                    return Err(Fault::OwnStartPiece { square: square.clone() });
                }
                start.pieces.iter().filter(|p| !own.contains(p)).collect()
            }
        };
        self.process.send("edit")?;
        if self.own_start.is_none() {
            self.process.send("#")?;
        }
        for white in [true, false] {
            if !white {
                self.process.send("c")?;
            }
            for (_, letter, square) in pieces.iter().filter(|p| p.0 == white) {
                let line = self.ranks.to_engine(&format!("{letter}{square}"));
                self.process.send(&line)?;
            }
        }
        Ok(self.process.send(".")?)
    }

    /// Waits for the engine to have read everything sent so far (with `ping`, if it has it),
    /// failing if it refused something on the way.
    fn sync(&mut self, deadline: Instant, what: &str) -> Result<(), Fault> {
        if !self.features.ping {
            return Ok(());
        }
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.process.send(&format!("ping {}", self.pings))?;
        let doubtful = &mut self.doubtful;
        read_until(&mut self.process, deadline, |line| {
            if line == pong {
                return Some(Ok(()));
            }
            if line.starts_with("Illegal move") || line.starts_with("Error") {
                *doubtful = true;
                return Some(Err(Fault::Refused {
                    what: what.to_string(),
                    line: line.to_string(),
                }));
            }
            None
        })
    }

    /// Whether the last failure may be cured by a fresh start of the engine (see `doubtful`).
    pub(crate) fn doubtful(&self) -> bool {
        self.doubtful
    }

    /// The engine's move after `moves` from the start (our coordinates, in our numbering; SAN
    /// if the engine asked for SAN).
    pub(crate) fn think(&mut self, moves: &[MoveText], movetime: Duration, allowed: Duration) -> Result<String, Fault> {
        let taking_in = Instant::now() + TAKING_IN;
        self.doubtful = false;
        self.process.send("force")?;
        let known = moves.len() >= self.told.len() && self.told.iter().zip(moves).all(|(t, m)| *t == m.coordinates);
        if !known {
            self.new_game(taking_in)?;
        }
        for m in &moves[self.told.len()..] {
            let text = if m.coordinates == "pass" {
                "@@@@".to_string()
            } else if self.features.san {
                m.san.clone()
            } else {
                self.ranks.to_engine(&m.coordinates)
            };
            let line = if self.features.usermove {
                format!("usermove {text}")
            } else {
                text
            };
            self.process.send(&line)?;
            self.told.push(m.coordinates.clone());
        }
        let last = moves
            .last()
            .map_or("the start".to_string(), |m| format!("the move {}", m.coordinates));
        self.sync(taking_in, &last)?;
        let centiseconds = movetime.as_millis().div_ceil(10).max(1);
        if centiseconds % 100 == 0 {
            self.process.send(&format!("st {}", centiseconds / 100))?;
        } else {
            // Fractions of a second: one move per session, with just this move's time on both
            // clocks (`st` takes whole seconds).
            self.process.send("level 1 1 0")?;
            self.process.send(&format!("time {centiseconds}"))?;
            self.process.send(&format!("otim {centiseconds}"))?;
        }
        self.process.send("go")?;
        let deadline = Instant::now() + allowed;
        let ranks = self.ranks;
        let doubtful = &mut self.doubtful;
        read_until(&mut self.process, deadline, |line| {
            if let Some(mv) = line.strip_prefix("move ") {
                return Some(Ok(ranks.from_engine(mv.trim())));
            }
            let answer = answer_line(line);
            *doubtful = claims(line);
            answer
        })
    }

    /// Notes that the engine played `coordinates` itself.
    pub(crate) fn played(&mut self, coordinates: &str) {
        self.told.push(coordinates.to_string());
    }
}

/// Whether the engine claims a result (`1-0 {White mates}`).
fn claims(line: &str) -> bool {
    ["1-0", "0-1", "1/2-1/2"].iter().any(|r| line.starts_with(r))
}

/// What a line the engine writes while we wait for its move means: `None` to read on (thinking
/// output, `telluser`, a draw offer), or the end of its turn: a resignation, a result it claims,
/// or an error it reports.
fn answer_line(line: &str) -> Option<Result<String, Fault>> {
    if line == "resign" {
        return Some(Err(Fault::Resigned));
    }
    if claims(line) {
        return Some(Err(Fault::ClaimedResult { line: line.to_string() }));
    }
    if line.starts_with("Illegal move") || line.starts_with("Error") {
        return Some(Err(Fault::SaidInsteadOfMoving { line: line.to_string() }));
    }
    None
}

/// The pieces of a FEN's board (`rnbqkbnr/pppppppp/8/...`, empty squares counted in digits, 10
/// and more in several): White's, the letter in upper case, the square.
///
/// # Errors
/// [`FenBoardError`] when the board is not such text.
pub(crate) fn board_pieces(board: &str) -> Result<Vec<(bool, char, String)>, FenBoardError> {
    let rows: Vec<&str> = board.split('/').collect();
    let ranks = rows.len();
    if board.is_empty() || !(1..=16).contains(&ranks) {
        return Err(FenBoardError::NotABoard {
            board: board.to_string(),
        });
    }
    let mut pieces = Vec::new();
    for (row, text) in rows.iter().enumerate() {
        let rank = ranks - row;
        let mut file = 0usize;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut empty = d as usize;
                while let Some(next) = chars.peek().and_then(|n| n.to_digit(10)) {
                    empty = empty * 10 + next as usize;
                    chars.next();
                }
                file += empty;
            } else if c.is_ascii_alphabetic() {
                pieces.push((
                    c.is_ascii_uppercase(),
                    c.to_ascii_uppercase(),
                    format!("{}{rank}", file_letter(file)?),
                ));
                file += 1;
            } else {
                return Err(FenBoardError::Character(c));
            }
        }
        if file > 16 {
            return Err(FenBoardError::Rank { rank, files: file });
        }
    }
    Ok(pieces)
}

/// The letter of file `file` (0 is `a`), up to 16 files.
fn file_letter(file: usize) -> Result<char, FenBoardError> {
    b"abcdefghijklmnop"
        .get(file)
        .map(|&b| b as char)
        .ok_or(FenBoardError::Files)
}

/// The `key=value` pairs of a feature line; a value may be quoted (`variants="normal,fairy"`).
fn features(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while let Some((key, after)) = rest.split_once('=') {
        let key = key.trim().to_string();
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => match quoted.split_once('"') {
                Some((v, next)) => (v, next),
                None => (quoted, ""),
            },
            None => after.split_once(char::is_whitespace).unwrap_or((after, "")),
        };
        out.push((key, value.to_string()));
        rest = next.trim_start();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_boards_give_their_pieces() {
        let pieces = board_pieces("r10k/12/P11").unwrap();
        assert_eq!(
            pieces,
            [
                (false, 'R', "a3".to_string()),
                (false, 'K', "l3".to_string()),
                (true, 'P', "a1".to_string())
            ]
        );
        for bad in ["", "x/y?", "17/8", "8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8"] {
            assert!(board_pieces(bad).is_err(), "{bad}");
        }
        assert_eq!(board_pieces("x/y?"), Err(FenBoardError::Character('?')));
        assert_eq!(board_pieces("17/8"), Err(FenBoardError::Rank { rank: 2, files: 17 }));
        assert_eq!(board_pieces("16k"), Err(FenBoardError::Files));
    }

    #[test]
    fn feature_lines_are_read_with_quoted_values() {
        let got = features(r#"setboard=0 xedit=1 ping=1 variants="normal,fairy" myname="Fairy-Max 5.0b" done=0"#);
        let want = [
            ("setboard", "0"),
            ("xedit", "1"),
            ("ping", "1"),
            ("variants", "normal,fairy"),
            ("myname", "Fairy-Max 5.0b"),
            ("done", "0"),
        ];
        assert_eq!(got.len(), want.len());
        for ((k, v), (wk, wv)) in got.iter().zip(want) {
            assert_eq!((k.as_str(), v.as_str()), (wk, wv));
        }
        // Broken lines give what they can and never panic.
        for odd in ["", "=", "a=\"unclosed", "==1", "x"] {
            let _ = features(odd);
        }
    }
}
