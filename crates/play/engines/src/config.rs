//! An external engine as a user names it: `xboard:PROGRAM` or `uci:PROGRAM`, then settings
//! after commas: `variant=NAME`, `ini=FILE`, `option.NAME=VALUE`, `time=SECONDS`, `log=FILE`; for XBoard
//! `own-start=FEN`, for UCI `searchmoves=1` and `nodes=N`.

use messhall_rules::echo;
use messhall_table::arena::read_seconds;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where a bare program name is looked for after the folders of `PATH` (Debian's engines).
const GAMES_DIR: &str = "/usr/games";

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// XBoard/CECP protocol 2.
    XBoard,
    /// UCI.
    Uci,
}

/// An external engine and its settings.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// Its protocol.
    pub protocol: Protocol,
    /// The program, as found.
    pub program: PathBuf,
    /// The engine's name for the game (`variant NAME`, `UCI_Variant`); by default none for FIDE
    /// chess and messhall's name of the game otherwise.
    pub variant: Option<String>,
    /// A variant file of the engine's own: Fairy-Max's ini as its first argument (XBoard),
    /// `VariantPath` (UCI).
    pub ini: Option<PathBuf>,
    /// Engine options, in order: `option NAME=VALUE` (XBoard), `setoption name NAME value
    /// VALUE` (UCI).
    pub options: Vec<(String, String)>,
    /// Its own time per move, over the match's.
    pub time: Option<Duration>,
    /// UCI: the engine chooses among the moves our rules allow (`go ... searchmoves`), for an
    /// engine whose rules allow a few moves ours do not (`searchmoves=1`).
    pub searchmoves: bool,
    /// UCI: a node budget per move (`go nodes N`) instead of a time (`nodes=N`), for matches at
    /// fixed nodes; the time per move still bounds how long the engine may take to answer.
    pub nodes: Option<u64>,
    /// A file the dialogue with the engine is appended to (`log=FILE`).
    pub log: Option<PathBuf>,
    /// XBoard: the start the engine sets up by itself for the variant, as the board of a FEN
    /// (`own-start=FEN`). Without `setboard`, the engine then gets our start in edit mode without
    /// clearing its board, only the pieces that differ (Fairy-Max's edit mode takes pawns for
    /// unmoved on the second rank only, so its own pawns must stay where it put them).
    pub own_start: Option<String>,
    /// How reports and records name it: the text before the first comma (`xboard:fairymax`).
    pub name: String,
}

/// Why an engine's text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("engine \"{text}\": {why}")]
pub struct ConfigError {
    text: String,
    why: String,
}

impl EngineConfig {
    /// Whether `text` names an external engine (it starts with `xboard:` or `uci:`).
    pub fn names_engine(text: &str) -> bool {
        let lower = text.trim_start().to_ascii_lowercase();
        lower.starts_with("xboard:") || lower.starts_with("uci:")
    }

    /// Reads `xboard:PROGRAM[,SETTING...]` or `uci:PROGRAM[,SETTING...]`. A bare program name is
    /// looked for on `PATH`, then in `/usr/games`.
    ///
    /// # Errors
    /// [`ConfigError`] naming the text and what is wrong: no protocol, a program not found, a
    /// setting unknown or without a value, a bad time, a missing ini file.
    pub fn parse(text: &str) -> Result<EngineConfig, ConfigError> {
        let fail = |why: String| ConfigError { text: echo(text), why };
        let mut parts = text.trim().split(',');
        let head = parts.next().unwrap_or_default().trim();
        let (protocol, program) = match head.split_once(':') {
            Some((p, program)) if p.eq_ignore_ascii_case("xboard") => (Protocol::XBoard, program),
            Some((p, program)) if p.eq_ignore_ascii_case("uci") => (Protocol::Uci, program),
            _ => return Err(fail("expected xboard:PROGRAM or uci:PROGRAM".into())),
        };
        let program = find_program(program.trim()).map_err(fail)?;
        let mut config = EngineConfig {
            protocol,
            program,
            variant: None,
            ini: None,
            options: Vec::new(),
            time: None,
            searchmoves: false,
            nodes: None,
            log: None,
            own_start: None,
            name: head.to_string(),
        };
        for setting in parts {
            let Some((key, value)) = setting.split_once('=') else {
                return Err(fail(format!(
                    "setting \"{}\" has no value (variant=NAME, ini=FILE, option.NAME=VALUE, time=SECONDS)",
                    echo(setting.trim())
                )));
            };
            let (key, value) = (key.trim(), value.trim());
            if value.is_empty() {
                return Err(fail(format!("setting \"{}\" has an empty value", echo(key))));
            }
            match key {
                "variant" => config.variant = Some(value.to_string()),
                "ini" => {
                    let path = Path::new(value);
                    if !path.is_file() {
                        return Err(fail(format!("the ini file \"{}\" does not exist", echo(value))));
                    }
                    // Absolute, so the engine finds it from any folder.
                    config.ini = Some(path.canonicalize().unwrap_or_else(|_| path.to_path_buf()));
                }
                "log" => config.log = Some(PathBuf::from(value)),
                "own-start" => {
                    if protocol != Protocol::XBoard {
                        return Err(fail("own-start is a setting of XBoard engines".into()));
                    }
                    let board = value.split_whitespace().next().unwrap_or_default();
                    crate::xboard::board_pieces(board).map_err(|why| fail(format!("own-start: {why}")))?;
                    config.own_start = Some(board.to_string());
                }
                "time" => {
                    let seconds = read_seconds(value).map_err(|e| fail(e.to_string()))?;
                    config.time = Some(Duration::from_secs_f64(seconds));
                }
                "nodes" => {
                    if protocol != Protocol::Uci {
                        return Err(fail("nodes is a setting of UCI engines".into()));
                    }
                    config.nodes = match value.parse::<u64>() {
                        Ok(n) if n > 0 => Some(n),
                        _ => {
                            return Err(fail(format!(
                                "nodes is a whole number above 0, not \"{}\"",
                                echo(value)
                            )));
                        }
                    };
                }
                "searchmoves" => {
                    config.searchmoves = match value {
                        "1" | "on" => true,
                        "0" | "off" => false,
                        _ => return Err(fail("searchmoves is 1 or 0".into())),
                    };
                    if protocol != Protocol::Uci {
                        return Err(fail("searchmoves is a setting of UCI engines".into()));
                    }
                }
                _ => match key.strip_prefix("option.") {
                    Some(name) if !name.trim().is_empty() => {
                        config.options.push((name.trim().to_string(), value.to_string()));
                    }
                    _ => {
                        return Err(fail(format!(
                            "unknown setting \"{}\" (variant, ini, option.NAME, time, searchmoves, nodes, log, own-start)",
                            echo(key)
                        )));
                    }
                },
            }
        }
        Ok(config)
    }
}

/// The program named `name`: a path as given, or a bare name on `PATH` or in `/usr/games`.
fn find_program(name: &str) -> Result<PathBuf, String> {
    if name.is_empty() {
        return Err("no program after the protocol (like xboard:fairymax)".into());
    }
    let path = Path::new(name);
    if path.components().count() > 1 {
        return if path.is_file() {
            Ok(path.to_path_buf())
        } else {
            Err(format!("no program at \"{}\"", echo(name)))
        };
    }
    let dirs = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    dirs.iter()
        .map(PathBuf::as_path)
        .chain([Path::new(GAMES_DIR)])
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| format!("program \"{}\" is not on PATH or in {GAMES_DIR}", echo(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_read_and_bad_ones_refused() {
        // `sh` is on every PATH this runs on.
        let c = EngineConfig::parse("uci:sh,variant=dropskc,option.Skill Level=15,time=0.3").unwrap();
        assert_eq!(c.protocol, Protocol::Uci);
        assert_eq!(c.variant.as_deref(), Some("dropskc"));
        assert_eq!(c.options, [("Skill Level".to_string(), "15".to_string())]);
        assert_eq!(c.time, Some(Duration::from_millis(300)));
        assert_eq!(c.name, "uci:sh");
        assert_eq!(c.nodes, None);
        assert_eq!(EngineConfig::parse("uci:sh,nodes=5000").unwrap().nodes, Some(5000));
        assert!(EngineConfig::names_engine("XBoard:fairymax"));
        assert!(!EngineConfig::names_engine("level=10"));
        for (bad, says) in [
            ("fairymax", "expected xboard:PROGRAM"),
            ("xboard:", "no program"),
            ("xboard:no-such-engine-here", "not on PATH"),
            ("xboard:/no/such/file", "no program at"),
            ("uci:sh,variant", "has no value"),
            ("uci:sh,variant=", "empty value"),
            ("uci:sh,speed=3", "unknown setting"),
            ("uci:sh,option.=3", "unknown setting"),
            ("uci:sh,time=0", "\"0\" is not a time above 0 and up to 86400 seconds"),
            ("uci:sh,time=soon", "not a number of seconds"),
            ("uci:sh,ini=/no/such.ini", "does not exist"),
            ("uci:sh,nodes=0", "whole number above 0"),
            ("uci:sh,nodes=many", "whole number above 0"),
            ("xboard:sh,nodes=5000", "a setting of UCI engines"),
        ] {
            let e = EngineConfig::parse(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
