//! What went wrong with an external engine, as data: the process (it would not start, stopped
//! reading, ended) and the dialogue (no answer, a refusal, a resignation, an illegal move). The
//! English is made when a fault is reported, after the engine's name.

use messhall_rules::{MoveError, echo};
use std::fmt;
use std::path::PathBuf;

/// How an engine's process ended, or that it still runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status.
    Status(i32),
    /// A signal killed it.
    Signal(i32),
    /// It ended, how is not known.
    Ended,
    /// It has not ended (it closed its output, or stopped reading, and still runs).
    Running,
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Status(code) => write!(f, "exited with status {code}"),
            Exit::Signal(signal) => write!(f, "killed by signal {signal}"),
            Exit::Ended => write!(f, "ended"),
            Exit::Running => write!(f, "it still runs"),
        }
    }
}

/// Why an engine's process could not be started.
#[derive(Debug, thiserror::Error)]
pub enum SpawnError {
    /// The dialogue's log cannot be opened.
    #[error("cannot open the log {}: {error}", .path.display())]
    Log {
        /// The log file.
        path: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// The program cannot be started.
    #[error("cannot start {}: {error}", .program.display())]
    Start {
        /// The program.
        program: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// The program started without the pipes to talk to it.
    #[error("cannot talk to {}: no pipes", .program.display())]
    NoPipes {
        /// The program.
        program: PathBuf,
    },
}

/// Why a line could not be sent to an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// Its input was closed (the engine was stopped).
    #[error("its input is closed")]
    InputClosed,
    /// It no longer reads its input.
    #[error("stopped reading its input ({0})")]
    StoppedReading(Exit),
}

/// Why the board of a FEN (an XBoard engine's own start) does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenBoardError {
    /// Empty, or not 1 to 16 ranks.
    #[error("\"{}\" is not the board of a FEN", echo(.board))]
    NotABoard {
        /// The text.
        board: String,
    },
    /// A character that is no piece letter and no digit.
    #[error("'{0}' in the board of a FEN")]
    Character(char),
    /// A rank wider than 16 files.
    #[error("rank {rank} of the FEN has {files} files")]
    Rank {
        /// The rank, from 1.
        rank: usize,
        /// Its files.
        files: usize,
    },
    /// A piece beyond the sixteenth file.
    #[error("more than 16 files in the FEN")]
    Files,
}

/// What went wrong with an engine in a game: the engine's fault, reported after its name.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Fault {
    /// Its process would not start.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
    /// It does not read what it is sent.
    #[error(transparent)]
    Send(#[from] SendError),
    /// The deadline passed without an answer.
    #[error("did not answer in time")]
    Silent,
    /// It closed its output.
    #[error("stopped ({0})")]
    Stopped(Exit),
    /// A fault while waiting for the answer to `command` (`uci`, `isready`).
    #[error("{fault} (answering {command})")]
    Answering {
        /// The command.
        command: &'static str,
        /// The fault.
        fault: Box<Fault>,
    },
    /// A UCI engine given an ini file that has no `VariantPath` option.
    #[error("has no VariantPath option for the ini file")]
    NoVariantPath,
    /// The engine does not list the variant.
    #[error("does not play the variant \"{name}\" ({offerer} offers {})", .offered.join(", "))]
    UnknownVariant {
        /// The variant's name.
        name: String,
        /// Who lists the variants (`it`, `UCI_Variant`).
        offerer: &'static str,
        /// The variants it lists.
        offered: Vec<String>,
    },
    /// A UCI engine without an option it was given.
    #[error("has no option \"{}\"", echo(.name))]
    NoOption {
        /// The option.
        name: String,
    },
    /// A `bestmove` with no move.
    #[error("found no move (\"{}\")", echo(.line))]
    NoMove {
        /// The line.
        line: String,
    },
    /// An XBoard engine whose features did not end.
    #[error("sent no \"feature done=1\" within {seconds} s")]
    NoFeatureDone {
        /// The seconds it was given.
        seconds: u64,
    },
    /// It ended during the XBoard handshake.
    #[error("ended during the handshake ({0})")]
    EndedInHandshake(Exit),
    /// An XBoard engine without `setboard`, given a start with Black to move.
    #[error("cannot be given a start with Black to move (no feature setboard=1)")]
    BlackStarts,
    /// Our start leaves empty a square the engine's own start fills, which edit mode cannot
    /// clear.
    #[error("cannot be given our start in edit mode: its own start has a piece on {square}, which ours leaves empty")]
    OwnStartPiece {
        /// The square.
        square: String,
    },
    /// Its own start does not read.
    #[error("its own start: {0}")]
    OwnStart(#[from] FenBoardError),
    /// It refused a move or the new game (`Illegal move`, `Error`).
    #[error("refused {what}: \"{}\"", echo(.line))]
    Refused {
        /// What it refused (`the new game`, `the move e2e4`).
        what: String,
        /// Its line.
        line: String,
    },
    /// It resigned.
    #[error("resigned")]
    Resigned,
    /// It claimed a result.
    #[error("claimed a result of its own: \"{}\"", echo(.line))]
    ClaimedResult {
        /// Its line.
        line: String,
    },
    /// It reported an error instead of moving.
    #[error("said \"{}\" instead of moving", echo(.line))]
    SaidInsteadOfMoving {
        /// Its line.
        line: String,
    },
    /// The table is not a chess game.
    #[error("the table is not a chess game")]
    NotChess,
    /// A neutral piece's step is to be steered.
    #[error("cannot steer a neutral piece's step")]
    Steer,
    /// Nothing is to be done at the table.
    #[error("has nothing to do")]
    NothingToDo,
    /// The game has chance steps, which an engine cannot be told.
    #[error("cannot be told the chance steps of this game")]
    ChanceSteps,
    /// The engine was never started.
    #[error("did not start")]
    NotStarted,
    /// A fault again after the engine was started afresh.
    #[error("{0} (also after a restart)")]
    AfterRestart(Box<Fault>),
    /// It answered a move our rules refuse.
    #[error("answered the illegal move \"{}\"{}", echo(.said), .why.as_ref().map(|w| format!(" ({w})")).unwrap_or_default())]
    IllegalMove {
        /// The move as it wrote it.
        said: String,
        /// Why our rules refuse it, when it does not read as a move.
        why: Option<MoveError>,
    },
}
