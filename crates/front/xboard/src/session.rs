//! The engine's state between XBoard's commands: the game at a table, whose side the engine
//! plays, the clocks, the lifted piece, and the search running in the background.

use crate::clock::TimeControl;
use crate::highlight;
use crate::input::Msg;
use crate::notation::{MoveText, find_move, square_name, write_move};
use crate::setup::{self, xboard_name};
use crate::thinking;
use messhall_dice::Seed;
use messhall_geometry::Square;
use messhall_records::{GameKind, GameResult, Seat, color_of};
use messhall_rules::{ChanceOutcome, Color, Move, Position, Variant, echo};
use messhall_search::{Engine, MAX_THREADS, Options, SearchInfo, Weights};
use messhall_table::{Action, Event, Legal, Table, TableSetup, Thinker, Turn};
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::mpsc::Sender;

/// The largest hash table `memory` may ask for, in MB.
const MAX_HASH_MB: usize = 16_384;

/// How the engine is set up before XBoard says anything.
#[derive(Clone, Debug)]
pub struct Config {
    /// The seed of every game's dice (the PieceEater's steps). Two engines given the same seed
    /// see the same steps; without one each game draws a secret seed.
    pub seed: Option<Seed>,
    /// The transposition table in MB (until XBoard's `memory` says otherwise).
    pub hash_mb: usize,
    /// The name XBoard shows for the engine.
    pub name: String,
    /// Variants read from files, offered beside the built-ins under their own names.
    pub extra_variants: Vec<GameKind>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            seed: None,
            hash_mb: 16,
            name: format!("messhall {}", env!("CARGO_PKG_VERSION")),
            extra_variants: Vec::new(),
        }
    }
}

/// Whom the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Neither side: moves are only checked and played (`force`).
    Force,
    /// This side.
    Play(Color),
    /// Neither side, but it thinks about the position (`analyze`).
    Analyze,
}

/// One move as XBoard counts them, for `undo`: the table's actions it took, or a pass the rules
/// forced (played by the table at once, told to XBoard as a null move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ply {
    Actions(usize),
    ForcedPass,
}

/// The search running in the background.
enum Running {
    /// A move (or an analysis).
    Move(Thinker),
    /// The steered PieceEater's step, before the move.
    Steer(Thinker<Option<ChanceOutcome>>),
}

struct Search {
    running: Running,
    /// Its result is not wanted (a command changed the position or the engine's role).
    abandoned: bool,
    analysis: bool,
    /// It ends by a limit of its own (an analysis under `sd`), not only when stopped.
    bounded: bool,
    /// The position searched, for writing its thinking.
    position: Position,
    last: Option<SearchInfo>,
}

/// The engine between commands.
pub(crate) struct Session<W: Write> {
    out: W,
    config: Config,
    /// Where the search thread reports its iterations and its end.
    tx: Sender<Msg>,
    game: GameKind,
    variant: Arc<Variant>,
    /// The weights file beside the current variant's file, if it has one.
    weights: Option<Weights>,
    table: Table,
    /// The engine, while no search holds it.
    engine: Option<Engine>,
    hash_mb: usize,
    /// Search threads (`cores`).
    threads: usize,
    search: Option<Search>,
    role: Role,
    post: bool,
    time: TimeControl,
    moves_made: u32,
    /// The squares of the move the user is entering in the GUI (`lift`, then each cyan `put`).
    path: Vec<Square>,
    plies: Vec<Ply>,
    /// The rules passed for a side XBoard has not yet seen pass: its null move is due.
    awaiting_pass: bool,
    /// The step the engine steered this turn, sent as the first leg of its move, and what
    /// came of it (told with the move).
    steered: Option<(ChanceOutcome, Vec<Event>)>,
    /// The analysis of this position has run to its depth limit.
    analyzed: bool,
    /// `?` came during the steered step's search: the move's search after it stops at once.
    hurry: bool,
    /// The input has ended: no analysis starts again.
    input_ended: bool,
    /// The engine is to move when it is its side's turn: set by `go` and by the opponent's
    /// moves, never by setting up a position.
    to_move: bool,
    /// The last search was stopped by a command that waits for it: that command goes first.
    pub(crate) after_abandon: bool,
    /// `setboard` gave a position the rules refuse: moves are refused until the next one.
    bad_position: bool,
    /// Lines that wait for the search to end (a `ping` is answered after the move); `None`
    /// for the end of the input, which waits its turn too.
    pub(crate) queue: VecDeque<Option<String>>,
    last_info: Option<SearchInfo>,
}

/// What a command asks of the loop.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Next {
    Continue,
    Quit,
}

fn chess_game(kind: &GameKind) -> Option<Arc<Variant>> {
    kind.variant().cloned()
}

impl<W: Write> Session<W> {
    pub(crate) fn new(out: W, config: Config, tx: Sender<Msg>) -> io::Result<Session<W>> {
        let game = messhall_records::catalog::builtin("chess").ok_or_else(|| io::Error::other("no chess"))?;
        let variant = chess_game(&game).ok_or_else(|| io::Error::other("chess is not a chess game"))?;
        let table = Table::new(
            game.clone(),
            &TableSetup {
                seed: config.seed,
                ..TableSetup::default()
            },
        )
        .map_err(|e| io::Error::other(e.to_string()))?;
        let hash_mb = config.hash_mb.clamp(1, MAX_HASH_MB);
        let engine = Engine::new(variant.clone(), &engine_options(hash_mb, 1));
        Ok(Session {
            out,
            config,
            tx,
            game,
            variant,
            weights: None,
            table,
            engine: Some(engine),
            hash_mb,
            threads: 1,
            search: None,
            role: Role::Play(Color::Black),
            post: false,
            time: TimeControl::default(),
            moves_made: 0,
            path: Vec::new(),
            plies: Vec::new(),
            awaiting_pass: false,
            steered: None,
            analyzed: false,
            hurry: false,
            after_abandon: false,
            input_ended: false,
            to_move: false,
            bad_position: false,
            queue: VecDeque::new(),
            last_info: None,
        })
    }

    /// Writes one protocol line. Control characters (ESC, NUL, BEL, DEL, a line break) are
    /// written escaped, whatever a reason or an echo of the input holds: a GUI or its terminal
    /// never receives them raw.
    fn say(&mut self, line: &str) -> io::Result<()> {
        if line.chars().any(char::is_control) {
            let plain: String = line
                .chars()
                .map(|c| {
                    if c.is_control() {
                        c.escape_default().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            writeln!(self.out, "{plain}")?;
        } else {
            writeln!(self.out, "{line}")?;
        }
        self.out.flush()
    }

    fn error(&mut self, why: &str, command: &str) -> io::Result<()> {
        self.say(&format!("Error ({why}): {}", echo(command)))
    }

    fn illegal(&mut self, why: &str, text: &str) -> io::Result<()> {
        self.say(&format!("Illegal move ({why}): {}", echo(text)))
    }

    pub(crate) fn thinking(&self) -> bool {
        self.search.is_some()
    }

    /// The variants offered: the built-in chess games and the files given.
    fn variant_names(&self) -> Vec<String> {
        let mut names: Vec<String> = messhall_records::catalog::entries()
            .filter(|e| e.chess)
            .map(|e| xboard_name(e.name).to_string())
            .collect();
        // Only names that are one plain token reach the feature line (`messhall xboard` refuses
        // the others when it starts; this keeps a forged name out whatever the caller).
        names.extend(
            self.config
                .extra_variants
                .iter()
                .map(|k| k.name().to_string())
                .filter(|n| messhall_records::catalog::check_protocol_name(n).is_ok()),
        );
        names
    }

    fn find_game(&self, xboard: &str) -> Option<GameKind> {
        let ours = setup::our_name(xboard);
        if let Some(kind) = self.config.extra_variants.iter().find(|k| k.name() == xboard) {
            return Some(kind.clone());
        }
        messhall_records::catalog::builtin(ours).filter(|k| k.variant().is_some())
    }

    /// A fresh table of the current game, at `fen` or the start.
    fn reset_table(&mut self, fen: Option<String>) -> Result<(), String> {
        let setup = TableSetup {
            fen,
            seed: self.config.seed,
            ..TableSetup::default()
        };
        self.table = Table::new(self.game.clone(), &setup).map_err(|e| e.to_string())?;
        self.plies.clear();
        self.path.clear();
        self.awaiting_pass = false;
        self.steered = None;
        self.analyzed = false;
        self.to_move = false;
        self.bad_position = false;
        self.moves_made = 0;
        Ok(())
    }

    /// Asks a running search to stop and marks its result unwanted.
    fn abandon(&mut self) {
        if let Some(search) = &mut self.search {
            search.abandoned = true;
            match &search.running {
                Running::Move(t) => t.stop(),
                Running::Steer(t) => t.stop(),
            }
        }
    }

    /// A line cut at [`crate::MAX_LINE`] bytes: refused whole, never half obeyed.
    pub(crate) fn too_long(&mut self, start: &str) -> io::Result<()> {
        self.error(&format!("line too long: more than {} bytes", crate::MAX_LINE), start)
    }

    /// The input has ended: an analysis (which has no end of its own) stops; a move being
    /// searched is still played.
    pub(crate) fn stop_analysis(&mut self) {
        self.input_ended = true;
        if self.search.as_ref().is_some_and(|s| s.analysis) {
            self.abandon();
        }
    }

    /// The input has ended: an analysis stops now, or after what waits before the end.
    pub(crate) fn end_of_input(&mut self) {
        if self.queue.is_empty() {
            self.stop_analysis();
        } else {
            self.queue.push_back(None);
        }
    }

    /// A search has started with lines waiting: each is taken as if it came now (a `ping`
    /// is answered during an analysis, an `exit` stops it), in the order they came.
    pub(crate) fn requeue(&mut self) -> io::Result<Next> {
        for waiting in std::mem::take(&mut self.queue) {
            match waiting {
                Some(line) => {
                    if self.line_while_thinking(line)? == Next::Quit {
                        return Ok(Next::Quit);
                    }
                }
                None => self.end_of_input(),
            }
        }
        Ok(Next::Continue)
    }

    /// A line read while the engine thinks: what can be done at once is done, a command that
    /// changes the game stops the search first, and the rest waits for the search to end.
    /// `quit` and `?` never wait.
    pub(crate) fn line_while_thinking(&mut self, line: String) -> io::Result<Next> {
        let word = line.split_whitespace().next().unwrap_or("");
        let analysis = self.search.as_ref().is_some_and(|s| s.analysis);
        match word {
            "quit" => {
                self.abandon();
                return Ok(Next::Quit);
            }
            "?" => {
                if !analysis {
                    self.move_now();
                }
                return Ok(Next::Continue);
            }
            _ => {}
        }
        // Behind a waiting command everything waits, so commands are done in the order sent.
        if !self.queue.is_empty() {
            self.queue.push_back(Some(line));
            return Ok(Next::Continue);
        }
        match word {
            "." if analysis => {
                if let Some(info) = self.search.as_ref().and_then(|s| s.last.clone()) {
                    let moves = self.table.legal().len();
                    self.say(&thinking::stat01(&info, moves))?;
                }
                Ok(Next::Continue)
            }
            // Commands that make the search's result unwanted stop it; they are done once it
            // has ended, before anything sent after them.
            "new" | "variant" | "force" | "result" | "setboard" | "undo" | "remove" | "exit" | "analyze" | "go"
            | "playother" | "edit" => {
                self.abandon();
                self.queue.push_back(Some(line));
                Ok(Next::Continue)
            }
            // An endless analysis is like pondering: a ping is answered at once. It waits for
            // a search that ends by itself (the engine's move, as the protocol asks, or an
            // analysis under `sd`).
            "ping" if self.search.as_ref().is_some_and(|s| s.analysis && !s.bounded) => self.command(&line),
            "ping" => {
                self.queue.push_back(Some(line));
                Ok(Next::Continue)
            }
            "post" | "nopost" | "easy" | "hard" | "time" | "otim" | "level" | "st" | "sd" | "computer" | "name"
            | "rating" | "random" | "memory" | "cores" | "accepted" | "rejected" | "lift" | "put" | "hover"
            | "hint" | "bk" | "draw" | "ics" | "xboard" | "protover" => self.command(&line),
            // A move in analyze mode changes the position: the analysis starts again after it.
            _ if analysis => {
                self.abandon();
                self.queue.push_back(Some(line));
                Ok(Next::Continue)
            }
            _ => {
                self.queue.push_back(Some(line));
                Ok(Next::Continue)
            }
        }
    }

    /// `?`: the engine moves now. A steered step's search is stopped, and so is the move's
    /// search that follows it, as soon as it has a move (its first depth).
    fn move_now(&mut self) {
        if let Some(search) = &self.search {
            match &search.running {
                Running::Move(t) => t.stop(),
                Running::Steer(t) => {
                    t.stop();
                    self.hurry = true;
                }
            }
        }
    }

    /// One command from XBoard, with the engine not thinking (or one that may be done while it thinks).
    pub(crate) fn command(&mut self, line: &str) -> io::Result<Next> {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            return Ok(Next::Continue);
        };
        let args: Vec<&str> = words.collect();
        let rest = line.get(word.len()..).unwrap_or("").trim();
        match word {
            // Told for information, or asking what this engine does not offer (hints, a book,
            // pondering, random play): nothing to do, as the protocol allows.
            "xboard" | "accepted" | "rejected" | "hint" | "bk" | "draw" | "random" | "easy" | "hard" | "computer"
            | "ics" | "name" => {}
            "protover" => self.features()?,
            "quit" => return Ok(Next::Quit),
            "new" => self.new_game()?,
            "variant" => self.variant(line, &args)?,
            "force" => self.role = Role::Force,
            "go" => {
                self.role = Role::Play(self.table_side());
                self.to_move = true;
            }
            "playother" => {
                self.role = Role::Play(!self.table_side());
                self.to_move = false;
            }
            "result" => {
                self.role = Role::Force;
            }
            "analyze" => {
                self.role = Role::Analyze;
                self.analyzed = false;
            }
            "exit" => {
                if self.role == Role::Analyze {
                    self.role = Role::Force;
                } else {
                    self.error("command not legal now", line)?;
                }
            }
            "." => {
                if let Some(info) = self.last_info.clone() {
                    let moves = self.table.legal().len();
                    self.say(&thinking::stat01(&info, moves))?;
                }
            }
            "level" => self.time_command(line, |t| t.level(&args))?,
            "st" => self.time_command(line, |t| t.per_move(&args))?,
            "sd" => self.time_command(line, |t| t.depth(&args))?,
            "time" => self.time_command(line, |t| t.clock(&args, true))?,
            "otim" => self.time_command(line, |t| t.clock(&args, false))?,
            "ping" => self.say(&format!("pong {rest}"))?,
            "post" => self.post = true,
            "nopost" => self.post = false,
            "rating" => {
                if args.len() != 2 || args.iter().any(|a| a.parse::<i64>().is_err()) {
                    self.error("rating takes two numbers", line)?;
                }
            }
            "memory" => match args.as_slice() {
                [mb] => match mb.parse::<usize>() {
                    Ok(mb) if mb >= 1 => self.set_hash(mb.min(MAX_HASH_MB), line)?,
                    _ => self.error("memory takes a size in MB of at least 1", line)?,
                },
                _ => self.error("memory takes one size in MB", line)?,
            },
            // More cores than the engine runs threads leave the rest idle.
            "cores" => match args.as_slice() {
                [n] if n.parse::<u32>().is_ok_and(|n| n >= 1) => {
                    self.threads = n.parse::<usize>().map_or(MAX_THREADS, |n| n.min(MAX_THREADS));
                    if let Some(engine) = &mut self.engine {
                        engine.set_threads(self.threads);
                    }
                }
                _ => self.error("cores takes a number of at least 1", line)?,
            },
            "?" => {}
            "setboard" => self.setboard(rest)?,
            "undo" => self.take_back(1, line)?,
            "remove" => self.take_back(2, line)?,
            "lift" => self.lift(line, &args)?,
            "put" => self.put(line, &args)?,
            "hover" => self.hover(line, &args)?,
            "usermove" => match args.as_slice() {
                [mv] => self.user_move(mv)?,
                _ => self.error("usermove takes one move", line)?,
            },
            _ => {
                if args.is_empty() && looks_like_move(word) {
                    self.user_move(word)?;
                } else {
                    self.error("unknown command", line)?;
                }
            }
        }
        Ok(Next::Continue)
    }

    fn features(&mut self) -> io::Result<()> {
        let variants = self.variant_names().join(",");
        let name = self.config.name.replace('"', "'");
        self.say(&format!(
            "feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
             analyze=1 colors=0 name=1 nps=0 memory=1 smp=1 debug=1 highlight=1 myname=\"{name}\" \
             variants=\"{variants}\""
        ))?;
        self.say("feature done=1")
    }

    fn time_command(&mut self, line: &str, f: impl FnOnce(&mut TimeControl) -> Result<(), String>) -> io::Result<()> {
        if let Err(why) = f(&mut self.time) {
            self.error(&why, line)?;
        }
        Ok(())
    }

    /// A new hash size: the engine is made anew with it, or, when that much cannot be had, the
    /// size stays as it was and the error says what could be.
    fn set_hash(&mut self, mb: usize, line: &str) -> io::Result<()> {
        let Some(old) = self.engine.take() else {
            self.hash_mb = mb;
            return Ok(());
        };
        // The old table is freed first: its memory may be what the new one needs.
        drop(old);
        match Engine::try_new(self.variant.clone(), &engine_options(mb, self.threads)) {
            Ok(engine) => {
                self.hash_mb = mb;
                self.engine = Some(self.with_weights(engine));
                Ok(())
            }
            Err(e) => {
                self.engine = Some(self.new_engine());
                let previous = self.hash_mb;
                self.error(&format!("{e}; memory stays {previous} MB"), line)
            }
        }
    }

    /// The side to move as XBoard sees it: while a forced pass is due, the side that passed.
    fn table_side(&self) -> Color {
        let pos = self
            .table
            .chess()
            .map(|c| c.position().side_to_move())
            .unwrap_or(Color::White);
        if self.awaiting_pass { !pos } else { pos }
    }

    fn new_game(&mut self) -> io::Result<()> {
        if let Some(game) = messhall_records::catalog::builtin("chess") {
            // A built-in game has no weights file to refuse.
            let _ = self.switch_game(game);
        }
        self.role = Role::Play(Color::Black);
        self.time.clear_depth();
        if let Err(why) = self.reset_table(None) {
            self.error(&why, "new")?;
        }
        if let Some(engine) = &mut self.engine {
            engine.new_game();
        }
        Ok(())
    }

    /// Makes `game` the current one, with the weights file beside its variant file (the play
    /// layer's [`messhall_table::file_weights`]); refused, and nothing changed, when that file is.
    fn switch_game(&mut self, game: GameKind) -> Result<(), String> {
        let GameKind::Chess(chess) = &game else {
            return Ok(());
        };
        let weights = messhall_table::file_weights(chess).map_err(|e| e.to_string())?;
        let variant = chess.variant.clone();
        let same = Arc::ptr_eq(&variant, &self.variant) && weights == self.weights;
        self.game = game;
        self.variant = variant;
        self.weights = weights;
        if !same {
            self.engine = Some(self.new_engine());
        }
        Ok(())
    }

    /// An engine for the current variant, its weights and the hash size.
    fn new_engine(&self) -> Engine {
        self.with_weights(Engine::new(
            self.variant.clone(),
            &engine_options(self.hash_mb, self.threads),
        ))
    }

    /// `engine` with the current variant file's weights, if it has some.
    fn with_weights(&self, mut engine: Engine) -> Engine {
        if let Some(weights) = &self.weights {
            engine.set_weights(weights);
        }
        engine
    }

    fn variant(&mut self, line: &str, args: &[&str]) -> io::Result<()> {
        let [name] = args else {
            return self.error("variant takes one name", line);
        };
        let Some(game) = self.find_game(name) else {
            return self.error("unknown variant", line);
        };
        if let Err(why) = self.switch_game(game) {
            return self.error(&why, line);
        }
        if let Err(why) = self.reset_table(None) {
            return self.error(&why, line);
        }
        if *name != setup::NORMAL {
            let v = self.variant.clone();
            self.say(&setup::setup_line(&v))?;
            for piece in setup::piece_lines(&v) {
                self.say(&piece)?;
            }
        }
        Ok(())
    }

    fn setboard(&mut self, fen: &str) -> io::Result<()> {
        if fen.is_empty() {
            return self.error("setboard needs a FEN", "setboard");
        }
        // XBoard names the en passant squares its way: ours differ on 10 ranks.
        let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
        if let Some(ep) = fields.get_mut(3) {
            *ep = crate::notation::ep_field(self.variant.size(), ep, false);
        }
        if let Err(why) = self.reset_table(Some(fields.join(" "))) {
            self.bad_position = true;
            self.say(&format!(
                "tellusererror Illegal position: {}",
                messhall_rules::one_line(&why, 200)
            ))?;
        }
        Ok(())
    }

    fn take_back(&mut self, plies: usize, line: &str) -> io::Result<()> {
        if self.plies.len() + usize::from(self.awaiting_pass) < plies {
            return self.error("command not legal now", line);
        }
        for _ in 0..plies {
            if self.awaiting_pass {
                // The null move XBoard never sent: its move goes, and the pass with it.
                self.awaiting_pass = false;
                self.undo_ply();
                continue;
            }
            match self.plies.last() {
                Some(Ply::ForcedPass) => {
                    self.plies.pop();
                    self.awaiting_pass = true;
                }
                Some(_) => self.undo_ply(),
                None => {}
            }
        }
        self.path.clear();
        self.analyzed = false;
        self.to_move = false;
        Ok(())
    }

    fn undo_ply(&mut self) {
        if let Some(Ply::Actions(n)) = self.plies.pop() {
            self.table.undo(n);
        }
    }

    fn legal_moves(&self) -> &[Move] {
        match self.table.legal() {
            Legal::Moves(moves) => moves,
            _ => &[],
        }
    }

    /// The position, unless `setboard` gave one the rules refused.
    fn position(&self) -> Option<&Position> {
        if self.bad_position {
            return None;
        }
        self.table.chess().map(|c| c.position())
    }

    fn square_arg(&mut self, line: &str, args: &[&str]) -> io::Result<Option<Square>> {
        let size = self.variant.size();
        match args {
            [text] => match crate::notation::parse_square(size, text) {
                Some((sq, used)) if used == text.len() => Ok(Some(sq)),
                _ => {
                    self.error("no such square on this board", line)?;
                    Ok(None)
                }
            },
            _ => {
                self.error("one square expected", line)?;
                Ok(None)
            }
        }
    }

    fn lift(&mut self, line: &str, args: &[&str]) -> io::Result<()> {
        // A piece lifted from the holdings: where it may be dropped.
        if let Some((color, role)) = args.first().and_then(|a| setup::holdings_piece(&self.variant, a)) {
            self.path.clear();
            let to_move = self.position().map(|p| p.side_to_move());
            let marks = match to_move {
                Some(side) if side == color => highlight::drop_marks(self.legal_moves(), role),
                _ => Default::default(),
            };
            let fen = highlight::color_fen(self.variant.size(), &marks);
            return self.say(&format!("highlight {fen}"));
        }
        let Some(sq) = self.square_arg(line, args)? else {
            return Ok(());
        };
        // The GUI lifts a cyan square again after `put` on it: the next leg of the same move.
        if !(self.path.len() >= 2 && self.path.last() == Some(&sq)) {
            self.path = vec![sq];
        }
        let Some(pos) = self.position() else { return Ok(()) };
        let marks = highlight::marks(&self.variant, pos, self.legal_moves(), &self.path);
        let fen = highlight::color_fen(self.variant.size(), &marks);
        self.say(&format!("highlight {fen}"))
    }

    fn put(&mut self, line: &str, args: &[&str]) -> io::Result<()> {
        let Some(sq) = self.square_arg(line, args)? else {
            return Ok(());
        };
        let Some(pos) = self.position() else { return Ok(()) };
        let marks = highlight::marks(&self.variant, pos, self.legal_moves(), &self.path);
        let choice = highlight::choice(&self.variant, pos, self.legal_moves(), &self.path, sq);
        if marks.get(&sq) == Some(&highlight::Mark::Leg) {
            self.path.push(sq);
        }
        if let Some(letters) = choice {
            self.say(&format!("choice {letters}"))?;
        }
        Ok(())
    }

    fn hover(&mut self, line: &str, args: &[&str]) -> io::Result<()> {
        let Some(sq) = self.square_arg(line, args)? else {
            return Ok(());
        };
        let Some(pos) = self.position() else { return Ok(()) };
        if let Some(marks) = highlight::hover(&self.variant, pos, self.legal_moves(), &self.path, sq) {
            let fen = highlight::color_fen(self.variant.size(), &marks);
            self.say(&format!("highlight {fen}"))?;
        }
        Ok(())
    }

    /// A move from XBoard: checked, played, and its consequences told.
    fn user_move(&mut self, text: &str) -> io::Result<()> {
        self.path.clear();
        if self.bad_position {
            return self.illegal("no position: the last setboard was refused", text);
        }
        if self.table.result().is_some() {
            return self.illegal("the game is over", text);
        }
        if self.awaiting_pass {
            if MoveText::parse(self.variant.size(), text) == Ok(MoveText::Pass) {
                self.awaiting_pass = false;
                self.plies.push(Ply::ForcedPass);
                self.analyzed = false;
                self.to_move = true;
                return Ok(());
            }
            let side = self.table_side();
            return self.illegal(&format!("{} has no move and passes: @@@@ is due", side.name()), text);
        }
        let before = self.table.actions().len();
        let played = match self.table.turn() {
            Turn::Steer { seat, from } => self.steered_move(seat, from, text),
            Turn::Move { seat } => self.play_text(seat, text),
            _ => Err("no move is expected now".to_string()),
        };
        match played {
            Ok(events) => {
                let taken = self.table.actions().len() - before;
                self.after_action(events, taken)
            }
            Err(why) => self.illegal(&why, text),
        }
    }

    /// The legal move `text` names at `table`, if it names one.
    fn find_at(&self, table: &Table, text: &str) -> Result<Option<Move>, String> {
        let v = &self.variant;
        let parsed = MoveText::parse(v.size(), text)?;
        let (Some(chess), Legal::Moves(legal)) = (table.chess(), table.legal()) else {
            return Ok(None);
        };
        Ok(find_move(v, chess.position(), legal, &parsed))
    }

    /// Plays `text` for `seat`: a move, or a move and, as a last leg of its own, the step of
    /// the neutral piece the dice then make (checked against this game's dice).
    fn play_text(&mut self, seat: Seat, text: &str) -> Result<Vec<Event>, String> {
        let whole = self.find_at(&self.table, text);
        if let Ok(Some(mv)) = whole {
            return self.table.try_act(seat, Action::Move(mv)).map_err(|e| e.to_string());
        }
        if let Some((head, leg)) = text.rsplit_once(',') {
            if let (Ok(Some(mv)), Some((from, to))) = (self.find_at(&self.table, head), self.step_leg(leg)) {
                let mut trial = self.table.clone();
                let events = trial.try_act(seat, Action::Move(mv)).map_err(|e| e.to_string())?;
                let rolled = events.iter().find_map(|e| match e {
                    Event::Chance { outcome, .. } => Some(*outcome),
                    _ => None,
                });
                let size = self.variant.size();
                match rolled {
                    Some(o) if o.from == from && o.to == to => {
                        self.table = trial;
                        return Ok(events);
                    }
                    Some(o) => {
                        return Err(format!(
                            "by this game's dice the {} steps {}, not {}",
                            self.variant.rules().neutral_name(),
                            MoveText::Legs(vec![o.from, o.to], None).write(size),
                            MoveText::Legs(vec![from, to], None).write(size)
                        ));
                    }
                    // No neutral piece here: the legs may still be one move in our notation.
                    None => {}
                }
            }
        }
        // Our own notations (SAN, `pass`) where XBoard's ranks are ours.
        let ours = (self.variant.size().ranks() != 10).then(|| self.table.parse_action(text));
        if let Some(Ok(action)) = ours {
            return self.table.try_act(seat, action).map_err(|e| e.to_string());
        }
        Err(match (whole, ours) {
            (Err(why), _) => why,
            (_, Some(Err(e))) => strip_move_prefix(&e.to_string()),
            _ => "not a legal move here".to_string(),
        })
    }

    /// A leg of two squares (a neutral piece's step).
    fn step_leg(&self, leg: &str) -> Option<(Square, Square)> {
        match MoveText::parse(self.variant.size(), leg) {
            Ok(MoveText::Legs(squares, None)) => match squares.as_slice() {
                [from, to] => Some((*from, *to)),
                _ => None,
            },
            _ => None,
        }
    }

    /// A move at a steered step: the step as its first leg (`d4e5,e2e4`), then the move.
    fn steered_move(&mut self, seat: Seat, from: Square, text: &str) -> Result<Vec<Event>, String> {
        let size = self.variant.size();
        let offered: Vec<ChanceOutcome> = match self.table.legal() {
            Legal::Steps(s) => s.clone(),
            _ => Vec::new(),
        };
        let steps: Vec<String> = offered
            .iter()
            .map(|o| MoveText::Legs(vec![o.from, o.to], None).write(size))
            .collect();
        let hint = format!(
            "the {} on {} steps first: give its step as the first leg, one of {}",
            self.variant.rules().neutral_name(),
            square_name(size, from),
            steps.join(" ")
        );
        let Some((leg, rest)) = text.split_once(',') else {
            return Err(hint);
        };
        let Some((a, b)) = self.step_leg(leg) else {
            return Err(hint);
        };
        let Some(step) = offered.iter().find(|o| o.from == a && o.to == b).copied() else {
            return Err(hint);
        };
        let mut trial = self.table.clone();
        let mut events = trial.try_act(seat, Action::Steer(step)).map_err(|e| e.to_string())?;
        if trial.result().is_none() {
            let Some(mv) = self.find_at(&trial, rest)? else {
                return Err(format!("{} is not a legal move after that step", echo(rest)));
            };
            events.extend(trial.try_act(seat, Action::Move(mv)).map_err(|e| e.to_string())?);
        }
        self.table = trial;
        Ok(events)
    }

    /// Tells what an action caused and keeps the count of moves for `undo`.
    fn after_action(&mut self, events: Vec<Event>, actions: usize) -> io::Result<()> {
        self.plies.push(Ply::Actions(actions));
        self.analyzed = false;
        self.to_move = true;
        let me = match self.role {
            Role::Play(c) => Some(c),
            _ => None,
        };
        let v = self.variant.clone();
        let mut energies = Vec::new();
        for event in &events {
            match event {
                Event::Chance {
                    piece,
                    outcome,
                    face,
                    of,
                    steered_by,
                    ..
                } => {
                    let how = match steered_by {
                        Some(seat) => format!("steered by {}", color_of(*seat).name()),
                        None => format!("die {face} of {of}"),
                    };
                    let step = if outcome.is_still() {
                        format!("stays on {}", square_name(v.size(), outcome.from))
                    } else {
                        format!(
                            "steps {}{}",
                            square_name(v.size(), outcome.from),
                            square_name(v.size(), outcome.to)
                        )
                    };
                    self.say(&format!("# {piece}: {how}: {step}"))?;
                }
                // Captures XBoard sees itself; a piece eaten by the neutral piece it does not.
                Event::Removed { piece, square, .. }
                    if events
                        .iter()
                        .any(|e| matches!(e, Event::Chance { outcome, .. } if outcome.to == *square)) =>
                {
                    let name = &v.role(piece.role()).name;
                    self.say(&format!(
                        "telluser The {} eats the {} {name} on {}",
                        v.rules().neutral_name(),
                        piece.color().name(),
                        square_name(v.size(), *square)
                    ))?;
                }
                Event::Energy {
                    piece, square, value, ..
                } => {
                    let who = format!(
                        "{} {} on {}",
                        capitalised(piece.color().name()),
                        v.role(piece.role()).name,
                        square_name(v.size(), *square)
                    );
                    // The board shows no energies: a piece that can no longer move is worth a word.
                    if *value == 0 {
                        let name = v.counter_name().map(String::from).unwrap_or_else(|| "energy".into());
                        self.say(&format!("telluser The {who} has no {name} left: it cannot move"))?;
                    }
                    energies.push(format!("{who} has {value}"));
                }
                Event::Passed { seat } => {
                    self.energies(&mut energies)?;
                    let side = color_of(*seat);
                    if me == Some(side) {
                        self.say("move @@@@")?;
                        self.plies.push(Ply::ForcedPass);
                    } else {
                        self.awaiting_pass = true;
                    }
                }
                _ => {}
            }
        }
        self.energies(&mut energies)?;
        if let Some(result) = self.table.result().cloned() {
            if matches!(self.role, Role::Play(_)) {
                self.say(&result_line(&result))?;
            }
        }
        Ok(())
    }

    /// Tells the energies an action left (Calorie Chess), as a comment XBoard keeps in its log.
    fn energies(&mut self, energies: &mut Vec<String>) -> io::Result<()> {
        if energies.is_empty() {
            return Ok(());
        }
        let name = self
            .variant
            .counter_name()
            .map(String::from)
            .unwrap_or_else(|| "energy".into());
        let line = format!("# {name}: {}", energies.join("; "));
        energies.clear();
        self.say(&line)
    }

    /// Starts a search when it is the engine's turn, or an analysis, and none runs.
    pub(crate) fn maybe_search(&mut self) {
        if self.search.is_some() || self.bad_position || self.table.result().is_some() || self.awaiting_pass {
            return;
        }
        let (seat, steer) = match self.table.turn() {
            Turn::Move { seat } => (seat, false),
            Turn::Steer { seat, .. } => (seat, true),
            _ => return,
        };
        let analysis = match self.role {
            Role::Play(c) if c == color_of(seat) && self.to_move => false,
            Role::Analyze if !self.analyzed && !steer && !self.input_ended => true,
            _ => return,
        };
        let (Some(engine), Some(chess)) = (self.engine.take(), self.table.chess()) else {
            return;
        };
        let pos = chess.position().clone();
        let history = chess.history();
        let limits = if analysis {
            self.time.analysis_limits()
        } else {
            self.time.limits(self.moves_made)
        };
        let done = self.tx.clone();
        let running = if steer {
            Running::Steer(Thinker::spawn_steer(
                engine,
                self.variant.clone(),
                pos.clone(),
                history,
                limits,
                move || {
                    let _ = done.send(Msg::Finished);
                },
            ))
        } else {
            let iterations = self.tx.clone();
            Running::Move(Thinker::spawn_then(
                engine,
                pos.clone(),
                history,
                limits,
                move |info: &SearchInfo| {
                    let _ = iterations.send(Msg::Iteration(info.clone()));
                },
                move || {
                    let _ = done.send(Msg::Finished);
                },
            ))
        };
        if !analysis {
            self.to_move = false;
        }
        if std::mem::take(&mut self.hurry) {
            if let Running::Move(t) = &running {
                t.stop();
            }
        }
        let bounded = !analysis || limits.depth.is_some();
        self.search = Some(Search {
            running,
            abandoned: false,
            analysis,
            bounded,
            position: pos,
            last: None,
        });
    }

    /// An iteration of the running search: shown when thinking output is on.
    pub(crate) fn iteration(&mut self, info: SearchInfo) -> io::Result<()> {
        let Some(search) = &mut self.search else { return Ok(()) };
        search.last = Some(info.clone());
        if search.abandoned || !(self.post || search.analysis) {
            return Ok(());
        }
        let line = thinking::line(&self.variant, &search.position, &info);
        self.say(&line)
    }

    /// The search has ended: the engine back, and the move played when it is wanted.
    /// The engine back from a search, on as many threads as `cores` said meanwhile.
    fn engine_back(&mut self, mut engine: Engine) {
        if engine.threads() != self.threads {
            engine.set_threads(self.threads);
        }
        self.engine = Some(engine);
    }

    pub(crate) fn finished(&mut self) -> io::Result<()> {
        let Some(search) = self.search.take() else {
            return Ok(());
        };
        let (analysis, abandoned, last) = (search.analysis, search.abandoned, search.last);
        self.after_abandon = abandoned;
        // A `?` reaches only the move that follows this steered step.
        let hurry = std::mem::take(&mut self.hurry);
        match search.running {
            Running::Steer(thinker) => match thinker.join() {
                Ok((engine, step)) => {
                    self.engine_back(engine);
                    if abandoned {
                        return Ok(());
                    }
                    if let Some(step) = step {
                        self.play_steer(step)?;
                        self.hurry = hurry;
                    }
                }
                Err(e) => self.lost_engine(&e.to_string())?,
            },
            Running::Move(thinker) => match thinker.join() {
                Ok((engine, result)) => {
                    self.engine_back(engine);
                    if let Some(info) = result.or(last) {
                        self.last_info = Some(info.clone());
                        if analysis {
                            // The analysis reached its depth limit: nothing more until the position changes.
                            self.analyzed = !abandoned;
                        } else if !abandoned {
                            if let Some(&mv) = info.pv.first() {
                                self.play_own(mv)?;
                            }
                        }
                    } else if analysis {
                        self.analyzed = true;
                    }
                }
                Err(e) => self.lost_engine(&e.to_string())?,
            },
        }
        Ok(())
    }

    fn lost_engine(&mut self, why: &str) -> io::Result<()> {
        self.engine = Some(self.new_engine());
        self.role = Role::Force;
        self.say(&format!("tellusererror {}", messhall_rules::one_line(why, 200)))
    }

    fn play_steer(&mut self, step: ChanceOutcome) -> io::Result<()> {
        let Turn::Steer { seat, .. } = self.table.turn() else {
            return Ok(());
        };
        match self.table.try_act(seat, Action::Steer(step)) {
            Ok(events) => {
                // The step is half of the engine's turn: its move follows, and both are told then.
                self.steered = Some((step, events));
                self.to_move = true;
                Ok(())
            }
            Err(e) => self.say(&format!("tellusererror {e}")),
        }
    }

    fn play_own(&mut self, mv: Move) -> io::Result<()> {
        let Turn::Move { seat } = self.table.turn() else {
            return Ok(());
        };
        let v = self.variant.clone();
        let Some(pos) = self.position().cloned() else {
            return Ok(());
        };
        let steered = self.steered.take();
        let events = match self.table.try_act(seat, Action::Move(mv)) {
            Ok(events) => match &steered {
                Some((_, before)) => [before.clone(), events].concat(),
                None => events,
            },
            Err(e) => return self.say(&format!("tellusererror the engine's own move was refused: {e}")),
        };
        // A steered step goes first, as a leg of its own.
        let mut legs = Vec::new();
        if let Some((step, _)) = &steered {
            legs.push(format!(
                "{},",
                MoveText::Legs(vec![step.from, step.to], None).write(v.size())
            ));
        }
        legs.extend(write_move(&v, &pos, &mv).legs(v.size()));
        for leg in legs {
            self.say(&format!("move {leg}"))?;
        }
        self.moves_made += 1;
        let actions = 1 + usize::from(steered.is_some());
        self.after_action(events, actions)
    }
}

/// Whether a word XBoard sent is meant as a move (a square first, a drop, the null move), so a
/// bad one is answered as an illegal move rather than an unknown command.
fn looks_like_move(word: &str) -> bool {
    let mut chars = word.chars();
    let square_first = matches!((chars.next(), chars.next()), (Some('a'..='z'), Some('0'..='9')));
    square_first || word.contains('@')
}

/// The rules' move errors quote the move (`move "e3e4" is not legal here: ...`), which XBoard's
/// line already gives: the reason alone.
fn strip_move_prefix(message: &str) -> String {
    let Some(quoted) = message.strip_prefix("move \"") else {
        return message.to_string();
    };
    let Some((_, after)) = quoted.split_once('"') else {
        return message.to_string();
    };
    let after = after.trim_start_matches(':').trim_start();
    let after = after.strip_prefix("is not legal here: ").unwrap_or(after);
    if after.is_empty() {
        message.to_string()
    } else {
        after.to_string()
    }
}

/// `RESULT {reason}` for a game the rules ended, in every text front end's words.
fn result_line(result: &GameResult) -> String {
    format!(
        "{} {{{}}}",
        result.pgn(),
        messhall_records::words::ending(&result.ending)
    )
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn engine_options(hash_mb: usize, threads: usize) -> Options {
    Options {
        hash_mb,
        threads,
        ..Options::default()
    }
}
