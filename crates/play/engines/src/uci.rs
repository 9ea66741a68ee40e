//! The UCI side of a game: `uci` up to `uciok`, the options (`VariantPath`, `UCI_Variant`, the
//! user's), `isready`/`readyok`, `ucinewgame`, then for each move the whole game as `position
//! ... moves ...` (so the engine sees repetitions) and `go movetime` (or `go nodes`), up to its
//! `bestmove`.

use crate::config::EngineConfig;
use crate::external::{GameInfo, MoveText, read_until};
use crate::fault::Fault;
use crate::process::EngineProcess;
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// A UCI engine in a game.
pub(crate) struct UciLink {
    process: EngineProcess,
    start_fen: Option<String>,
}

impl UciLink {
    /// Starts the engine and its game.
    pub(crate) fn start(config: &EngineConfig, info: GameInfo) -> Result<UciLink, Fault> {
        let mut process = EngineProcess::spawn(&config.program, &[], None, config.log.as_deref())?;
        process.send("uci")?;
        let mut options: Vec<String> = Vec::new();
        let mut variants: Option<Vec<String>> = None;
        read_until(&mut process, Instant::now() + HANDSHAKE, |line| {
            if line == "uciok" {
                return Some(Ok(()));
            }
            if let Some(rest) = line.strip_prefix("option name ") {
                let (name, kind) = rest.split_once(" type ").unwrap_or((rest, ""));
                if name.trim() == "UCI_Variant" {
                    variants = Some(kind.split(" var ").skip(1).map(|v| v.trim().to_string()).collect());
                }
                options.push(name.trim().to_ascii_lowercase());
            }
            None
        })
        .map_err(|fault| Fault::Answering {
            command: "uci",
            fault: Box::new(fault),
        })?;
        let has = |name: &str| options.iter().any(|o| o.eq_ignore_ascii_case(name));
        if let Some(ini) = &config.ini {
            if !has("VariantPath") {
                return Err(Fault::NoVariantPath);
            }
            process.send(&format!("setoption name VariantPath value {}", ini.display()))?;
        }
        if let Some(name) = &info.variant {
            // Variants from an ini are not among those `uci` listed.
            if let (None, Some(known)) = (&config.ini, &variants)
                && !known.iter().any(|k| k == name)
            {
                return Err(Fault::UnknownVariant {
                    name: name.clone(),
                    offerer: "UCI_Variant",
                    offered: known.clone(),
                });
            }
            process.send(&format!("setoption name UCI_Variant value {name}"))?;
        }
        for (name, value) in &config.options {
            if !has(name) {
                return Err(Fault::NoOption { name: name.clone() });
            }
            process.send(&format!("setoption name {name} value {value}"))?;
        }
        let mut link = UciLink {
            process,
            start_fen: info.start.map(|s| s.fen),
        };
        link.ready()?;
        link.process.send("ucinewgame")?;
        link.ready()?;
        Ok(link)
    }

    fn ready(&mut self) -> Result<(), Fault> {
        self.process.send("isready")?;
        read_until(&mut self.process, Instant::now() + HANDSHAKE, |line| {
            (line == "readyok").then_some(Ok(()))
        })
        .map_err(|fault| Fault::Answering {
            command: "isready",
            fault: Box::new(fault),
        })
    }

    /// The engine's move after `moves` from the start, among `searchmoves` if there are any, in
    /// `movetime` or, given `nodes`, searching that many nodes.
    pub(crate) fn think(
        &mut self,
        moves: &[MoveText],
        searchmoves: &[String],
        nodes: Option<u64>,
        movetime: Duration,
        allowed: Duration,
    ) -> Result<String, Fault> {
        let mut position = match &self.start_fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !moves.is_empty() {
            position.push_str(" moves");
            for m in moves {
                position.push(' ');
                position.push_str(if m.coordinates == "pass" {
                    "0000"
                } else {
                    &m.coordinates
                });
            }
        }
        self.process.send(&position)?;
        let mut go = match nodes {
            Some(n) => format!("go nodes {n}"),
            None => format!("go movetime {}", movetime.as_millis().max(1)),
        };
        if !searchmoves.is_empty() {
            go.push_str(" searchmoves ");
            go.push_str(&searchmoves.join(" "));
        }
        self.process.send(&go)?;
        let deadline = Instant::now() + allowed;
        read_until(&mut self.process, deadline, |line| {
            if let Some(rest) = line.strip_prefix("bestmove") {
                let mv = rest.split_whitespace().next().unwrap_or("");
                return Some(match mv {
                    "" | "(none)" | "0000" => Err(Fault::NoMove { line: line.to_string() }),
                    mv => Ok(mv.to_string()),
                });
            }
            // Thinking (`info ...`) and anything else is skipped.
            None
        })
    }
}
