//! The protocol loop: one session of commands and answers.

use crate::go::Go;
use crate::info;
use crate::input::{self, Input};
use crate::options::{self, DEFAULT_HASH_MB, Setting};
use crate::position::{self, Line, Refusal};
use messhall_dice::{Seed, SeededDice};
use messhall_records::{GameKind, catalog};
use messhall_rules::{ChanceOutcome, Position, Variant, echo, pick_outcome};
use messhall_search::{Engine, Level, Options, SearchInfo, Weights};
use messhall_table::{PerftFirst, Thinker};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::mpsc::{self, Sender};

/// What the loop hears: input from its reader thread, or news from the search thread.
enum Event {
    Input(Input),
    Iteration(SearchInfo),
    /// A line of `go perft`'s answer (a first move and its count).
    Perft(String),
    Finished,
}

/// What runs on the search thread.
enum Thinking {
    /// A search for a player's move.
    Move(Thinker),
    /// The choice of a steered step.
    Step(Thinker<Option<ChanceOutcome>>),
    /// `go perft N`: the total, `None` when stopped.
    Perft(Thinker<Option<u64>>),
}

impl Thinking {
    fn stop(&self) {
        match self {
            Thinking::Move(t) => t.stop(),
            Thinking::Step(t) => t.stop(),
            Thinking::Perft(t) => t.stop(),
        }
    }
}

/// A search under way.
struct Search {
    thinking: Thinking,
    variant: Arc<Variant>,
    root: Position,
    /// The best move waits for `stop` or `ponderhit` (`go infinite`, `go ponder`).
    hold: bool,
    /// Nothing but `stop` ends the search (no limit was given).
    endless: bool,
    /// The search thread has ended.
    finished: bool,
}

/// Whether the loop goes on.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// Runs the UCI protocol: reads commands from `input` until `quit` or its end, and answers on
/// `output`. At the end of the input a search under way is finished (stopped when it has no
/// limit) and its best move given before returning.
///
/// # Errors
///
/// Only an error writing to `output` (a malformed or unexpected command is answered with an
/// `info string Error` line, and the session goes on).
pub fn run<R, W>(input: R, output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let chess =
        catalog::builtin_variant("chess").ok_or_else(|| io::Error::other("the built-in chess variant is missing"))?;
    let (send, events) = mpsc::channel();
    input::spawn_reader(input, send.clone(), Event::Input);
    let mut session = Session::new(output, send, chess);
    loop {
        let event = match session.next_deferred() {
            Some(input) => Event::Input(input),
            None => match events.recv() {
                Ok(event) => event,
                Err(_) => break,
            },
        };
        let flow = session.handle(event);
        session.out.flush()?;
        if flow? == Flow::Quit {
            break;
        }
    }
    session.quit()
}

struct Session<W: Write> {
    out: W,
    send: Sender<Event>,
    /// Variants added by `VariantPath`, by name, after the built-ins.
    added: Vec<Added>,
    variant: Arc<Variant>,
    /// The weights file beside the current variant's file, if it has one.
    weights: Option<Weights>,
    line: Line,
    hash_mb: usize,
    threads: usize,
    level: Level,
    seed: Seed,
    dice: SeededDice,
    /// Rolls of the dice since the seed was set (or the last `ucinewgame`).
    rolls: u64,
    /// The engine, when it is not lent to a search (and not to be made anew).
    engine: Option<Engine>,
    search: Option<Search>,
    /// Input that came during a search and waits for its end.
    deferred: VecDeque<Input>,
}

impl<W: Write> Session<W> {
    fn new(out: W, send: Sender<Event>, variant: Arc<Variant>) -> Session<W> {
        let seed = Seed::from_number(0);
        Session {
            out,
            send,
            added: Vec::new(),
            weights: None,
            line: Line::start(&variant),
            variant,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            level: Level::FULL,
            seed,
            dice: SeededDice::from_seed(seed),
            rolls: 0,
            engine: None,
            search: None,
            deferred: VecDeque::new(),
        }
    }

    /// Input that waited for a search, once no search runs.
    fn next_deferred(&mut self) -> Option<Input> {
        if self.search.is_some() {
            return None;
        }
        self.deferred.pop_front()
    }

    fn handle(&mut self, event: Event) -> io::Result<Flow> {
        match event {
            Event::Iteration(info) => {
                if let Some(s) = &self.search {
                    writeln!(self.out, "{}", info::iteration(&s.variant, &s.root, &info))?;
                }
                Ok(Flow::Continue)
            }
            Event::Perft(line) => {
                if self.search.is_some() {
                    writeln!(self.out, "{line}")?;
                }
                Ok(Flow::Continue)
            }
            Event::Finished => {
                let hold = match &mut self.search {
                    Some(s) => {
                        s.finished = true;
                        s.hold
                    }
                    None => true,
                };
                if !hold {
                    self.give_best_move()?;
                }
                Ok(Flow::Continue)
            }
            Event::Input(input) if self.search.is_some() => self.during_search(input),
            Event::Input(Input::Line(text)) => self.command(&text),
            Event::Input(Input::TooLong { start, bytes }) => {
                self.error(
                    &format!("a line of {bytes} bytes, longer than {}", crate::MAX_LINE_BYTES),
                    &start,
                )?;
                Ok(Flow::Continue)
            }
            Event::Input(Input::End) => Ok(Flow::Quit),
            Event::Input(Input::Failed(why)) => {
                writeln!(self.out, "info string Error (reading input failed: {})", echo(&why))?;
                Ok(Flow::Quit)
            }
        }
    }

    /// Input while a search runs: `stop`, `isready` and `quit` act at once, even behind input
    /// that waits (a GUI must always be able to stop, ask and leave); `ponderhit` acts at once
    /// when nothing waits; the rest waits for the best move (an infinite search is stopped for
    /// it), in the order sent.
    fn during_search(&mut self, input: Input) -> io::Result<Flow> {
        let word = match &input {
            Input::Line(text) => text.split_whitespace().next().unwrap_or(""),
            _ => "",
        };
        match word {
            "quit" => return Ok(Flow::Quit),
            "isready" => writeln!(self.out, "readyok")?,
            "stop" => {
                // A `go` that waits behind other input is stopped too when it starts.
                if !self.deferred.is_empty() {
                    self.deferred.push_back(input);
                }
                self.release(true)?;
            }
            "ponderhit" if self.deferred.is_empty() => self.release(false)?,
            "" if matches!(&input, Input::Line(text) if text.trim().is_empty()) => {}
            _ => {
                if self.search.as_ref().is_some_and(|s| s.hold || s.endless) {
                    // The GUI moved on without `stop` (or the input ended): stop it for them.
                    self.release(true)?;
                }
                self.deferred.push_back(input);
            }
        }
        Ok(Flow::Continue)
    }

    /// Input still queued when a queued `go` starts its search came after that `go`: it meets the
    /// search as input during it would (a held search is stopped for it, `stop` acts), or the
    /// queue behind a pondering search would wait for a `stop` that is already in it.
    fn after_go(&mut self) -> io::Result<Flow> {
        for input in std::mem::take(&mut self.deferred) {
            if self.search.is_some() {
                if self.during_search(input)? == Flow::Quit {
                    return Ok(Flow::Quit);
                }
            } else {
                self.deferred.push_back(input);
            }
        }
        Ok(Flow::Continue)
    }

    /// Lets the best move go when the search ends (stopping it first when `stop`), or now when
    /// it has ended.
    fn release(&mut self, stop: bool) -> io::Result<()> {
        let Some(s) = &mut self.search else { return Ok(()) };
        s.hold = false;
        if stop {
            s.thinking.stop();
        }
        if s.finished { self.give_best_move() } else { Ok(()) }
    }

    /// Joins the search thread and answers `bestmove`.
    fn give_best_move(&mut self) -> io::Result<()> {
        let Some(s) = self.search.take() else { return Ok(()) };
        let best = match s.thinking {
            Thinking::Move(t) => t.join().map(|(engine, result)| {
                let best = result.and_then(|info| info.pv.first().map(|mv| position::move_text(&s.variant, mv)));
                (engine, best)
            }),
            Thinking::Step(t) => t
                .join()
                .map(|(engine, step)| (engine, step.map(|o| position::step_text(&o)))),
            Thinking::Perft(t) => {
                return match t.join() {
                    Ok((engine, total)) => {
                        self.engine = Some(engine);
                        match total {
                            Some(total) => {
                                writeln!(self.out)?;
                                writeln!(self.out, "Nodes searched: {total}")
                            }
                            None => writeln!(self.out, "info string perft stopped before its end"),
                        }
                    }
                    Err(e) => writeln!(self.out, "info string Error ({})", echo(&e.0)),
                };
            }
        };
        match best {
            Ok((engine, best)) => {
                self.engine = Some(engine);
                writeln!(self.out, "bestmove {}", best.as_deref().unwrap_or("(none)"))
            }
            Err(e) => {
                writeln!(self.out, "info string Error ({})", echo(&e.0))?;
                writeln!(self.out, "bestmove (none)")
            }
        }
    }

    /// Stops a search still under way at the end of the session; at the end of the input (not
    /// at `quit`) it has already been finished by [`Session::during_search`]'s waiting.
    fn quit(&mut self) -> io::Result<()> {
        if let Some(s) = self.search.take() {
            // Not joined: a search stops within milliseconds, but `quit` is answered now.
            s.thinking.stop();
        }
        self.out.flush()
    }

    fn error(&mut self, reason: &str, line: &str) -> io::Result<()> {
        writeln!(self.out, "info string Error ({reason}): {}", echo(line))
    }

    /// A command while no search runs.
    fn command(&mut self, text: &str) -> io::Result<Flow> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        match first {
            "uci" => self.uci()?,
            "isready" => writeln!(self.out, "readyok")?,
            "setoption" => {
                let after = text.trim_start().get("setoption".len()..).unwrap_or("");
                match options::parse_setoption(after) {
                    Ok(setting) => self.set(setting, text)?,
                    Err(reason) => self.error(&reason, text)?,
                }
            }
            "ucinewgame" => {
                if let Some(engine) = &mut self.engine {
                    engine.new_game();
                }
                self.dice = SeededDice::from_seed(self.seed);
                self.rolls = 0;
                self.line = Line::start(&self.variant);
            }
            "position" => match Line::parse(&self.variant, rest) {
                Ok(line) => {
                    self.line = line;
                    if let Some(energies) = info::counters(&self.variant, &self.line.pos) {
                        writeln!(self.out, "{energies}")?;
                    }
                }
                Err(Refusal::Malformed(reason)) => self.error(&reason, text)?,
                Err(Refusal::Illegal { reason, text }) => {
                    writeln!(self.out, "info string Illegal move ({reason}): {}", echo(&text))?;
                }
            },
            "go" => match Go::parse(rest) {
                Ok(go) => {
                    self.go(&go)?;
                    return self.after_go();
                }
                Err(reason) => self.error(&reason, text)?,
            },
            // Nothing to stop, nothing pondered; debug output is not offered.
            "stop" | "ponderhit" | "debug" | "register" => {}
            "quit" => return Ok(Flow::Quit),
            _ => self.error("unknown command", text)?,
        }
        Ok(Flow::Continue)
    }

    fn uci(&mut self) -> io::Result<()> {
        writeln!(self.out, "id name messhall {}", catalog::VERSION)?;
        writeln!(self.out, "id author the messhall authors")?;
        for line in options::option_lines(&self.variant_names()) {
            writeln!(self.out, "{line}")?;
        }
        writeln!(self.out, "uciok")
    }

    /// Every selectable variant: the built-in chess variants, then those from variant files.
    fn variant_names(&self) -> Vec<String> {
        catalog::entries()
            .filter(|e| e.chess)
            .map(|e| e.name.to_string())
            // Only names that are one plain token reach the combo line (files are checked when
            // added; this keeps a forged name out whatever the path).
            .chain(
                self.added
                    .iter()
                    .map(|a| a.variant.name().to_string())
                    .filter(|n| catalog::check_protocol_name(n).is_ok()),
            )
            .collect()
    }

    fn set(&mut self, setting: Setting, text: &str) -> io::Result<()> {
        match setting {
            Setting::Variant(name) => {
                let found = catalog::builtin_variant(&name)
                    .map(|variant| (variant, None))
                    .or_else(|| {
                        self.added
                            .iter()
                            .find(|a| a.variant.name() == name)
                            .map(|a| (a.variant.clone(), a.weights.clone()))
                    });
                match found {
                    Some((variant, weights)) => {
                        self.variant = variant;
                        self.weights = weights;
                        self.line = Line::start(&self.variant);
                        self.engine = None;
                        writeln!(self.out, "{}", info::variant_line(&self.variant))?;
                    }
                    None => self.error(
                        &format!("no variant named \"{}\" (see the UCI_Variant option)", echo(&name)),
                        text,
                    )?,
                }
            }
            Setting::VariantPath(None) => {}
            Setting::VariantPath(Some(path)) => match load_variant_file(&path) {
                Ok(added) => {
                    writeln!(
                        self.out,
                        "info string variant file {} adds {}",
                        echo(&path),
                        added.variant.name()
                    )?;
                    if added.weights.is_some() {
                        let beside = catalog::weights_path(std::path::Path::new(&path));
                        writeln!(
                            self.out,
                            "info string {} plays with the weights file {}",
                            added.variant.name(),
                            echo(&beside.display().to_string())
                        )?;
                    }
                    self.added.retain(|a| a.variant.name() != added.variant.name());
                    self.added.push(added);
                }
                Err(reason) => self.error(&reason, text)?,
            },
            Setting::Hash(mb) => {
                // The old table is freed first: its memory may be what the new one needs.
                self.engine = None;
                let previous = std::mem::replace(&mut self.hash_mb, mb);
                match Engine::try_new(self.variant.clone(), &self.engine_options()) {
                    Ok(engine) => self.engine = Some(self.with_weights(engine)),
                    Err(e) => {
                        self.hash_mb = previous;
                        self.error(&format!("{e}; Hash stays {previous} MB"), text)?;
                    }
                }
            }
            Setting::Threads(threads) => {
                self.threads = threads;
                if let Some(engine) = &mut self.engine {
                    engine.set_threads(threads);
                }
            }
            Setting::Level(level) => {
                self.level = level;
                self.engine = None;
            }
            Setting::Seed(seed) => {
                self.seed = seed;
                self.dice = SeededDice::from_seed(seed);
                self.rolls = 0;
                self.engine = None;
            }
        }
        Ok(())
    }

    /// The engine for the current variant and options (made anew when they changed).
    fn take_engine(&mut self) -> Engine {
        match self.engine.take() {
            Some(engine) => engine,
            // At worst a smaller table than asked for: a size that cannot be had is refused when
            // it is set.
            None => self.with_weights(Engine::new(self.variant.clone(), &self.engine_options())),
        }
    }

    /// The engine options of the current level, seed, hash size and threads.
    fn engine_options(&self) -> Options {
        let key = self.seed.key();
        let mut low = [0u8; 8];
        low.copy_from_slice(key.get(..8).unwrap_or(&[0; 8]));
        Options {
            hash_mb: self.hash_mb,
            level: self.level,
            seed: u64::from_le_bytes(low),
            threads: self.threads,
        }
    }

    /// `engine` with the current variant file's weights, if it has some.
    fn with_weights(&self, mut engine: Engine) -> Engine {
        if let Some(weights) = &self.weights {
            engine.set_weights(weights);
        }
        engine
    }

    fn go(&mut self, go: &Go) -> io::Result<()> {
        let v = self.variant.clone();
        let pos = self.line.pos.clone();
        if let Some(depth) = go.perft {
            return self.perft(&v, &pos, depth);
        }
        if v.material_decided(&pos).is_some() {
            writeln!(self.out, "info string the game is over: no move")?;
            return writeln!(self.out, "bestmove (none)");
        }
        if let Some(event) = v.chance(&pos) {
            if event.chooser.is_none() {
                // The dice decide: roll them now.
                return match pick_outcome(&event.outcomes, &mut self.dice) {
                    Some(step) => {
                        self.rolls += 1;
                        let seed = self.seed.to_string();
                        writeln!(self.out, "{}", info::roll(&v, &pos, &step, &seed, self.rolls))?;
                        writeln!(self.out, "bestmove {}", position::step_text(&step))
                    }
                    None => writeln!(self.out, "bestmove (none)"),
                };
            }
        } else if v.legal_moves(&pos).is_empty() {
            writeln!(self.out, "info string the game is over: no move")?;
            return writeln!(self.out, "bestmove (none)");
        }
        let limits = go.limits(pos.side_to_move());
        let engine = self.take_engine();
        let history = self.line.history.clone();
        let done = self.send.clone();
        let on_finished = move || {
            let _ = done.send(Event::Finished);
        };
        let thinking = if v.chance_pending(&pos) {
            Thinking::Step(Thinker::spawn_steer(
                engine,
                v.clone(),
                pos.clone(),
                history,
                limits,
                on_finished,
            ))
        } else {
            let progress = self.send.clone();
            Thinking::Move(Thinker::spawn_then(
                engine,
                pos.clone(),
                history,
                limits,
                move |info: &SearchInfo| {
                    let _ = progress.send(Event::Iteration(info.clone()));
                },
                on_finished,
            ))
        };
        self.search = Some(Search {
            thinking,
            variant: v,
            root: pos,
            hold: go.holds(),
            endless: go.holds() || go.unlimited(),
            finished: false,
        });
        Ok(())
    }

    /// `go perft N` on the search thread: each first move (or step) with its count as it is
    /// counted, then the total; `stop` ends it.
    fn perft(&mut self, v: &Arc<Variant>, pos: &Position, depth: u32) -> io::Result<()> {
        if depth > crate::MAX_PERFT_DEPTH {
            writeln!(
                self.out,
                "info string Error (perft depth {depth}: at most {}): go perft {depth}",
                crate::MAX_PERFT_DEPTH
            )?;
            return Ok(());
        }
        let engine = self.take_engine();
        let lines = self.send.clone();
        let done = self.send.clone();
        let named = v.clone();
        let thinker = Thinker::spawn_perft(
            engine,
            v.clone(),
            pos.clone(),
            depth,
            move |first: PerftFirst, n: u64| {
                let text = match first {
                    PerftFirst::Move(m) => position::move_text(&named, &m),
                    PerftFirst::Step(o) => position::step_text(&o),
                };
                let _ = lines.send(Event::Perft(format!("{text}: {n}")));
            },
            move || {
                let _ = done.send(Event::Finished);
            },
        );
        self.search = Some(Search {
            thinking: Thinking::Perft(thinker),
            variant: v.clone(),
            root: pos.clone(),
            hold: false,
            endless: false,
            finished: false,
        });
        Ok(())
    }
}

/// A variant added from a file, with the weights file beside it (the play layer's
/// [`messhall_table::file_weights`]) if there is one.
struct Added {
    variant: Arc<Variant>,
    weights: Option<Weights>,
}

/// A variant file's variant and weights, refused when it is not a chess variant, takes a
/// built-in's name, or has a weights file beside it that is refused.
fn load_variant_file(path: &str) -> Result<Added, String> {
    if catalog::builtin(path).is_some() {
        return Err(format!("\"{}\" is a built-in: select it with UCI_Variant", echo(path)));
    }
    match catalog::load(path) {
        Ok(GameKind::Chess(game)) => {
            if let Err(why) = catalog::check_protocol_name(game.variant.name()) {
                Err(why.to_string())
            } else if catalog::builtin(game.variant.name()).is_some() {
                Err(format!(
                    "the file's variant is named \"{}\", the name of a built-in one",
                    echo(game.variant.name())
                ))
            } else {
                let weights = messhall_table::file_weights(&game).map_err(|e| e.to_string())?;
                Ok(Added {
                    variant: game.variant,
                    weights,
                })
            }
        }
        Ok(GameKind::Cafeteria) => Err("the cafeteria game is not a chess variant".into()),
        Err(e) => Err(messhall_rules::one_line(&e.to_string(), 200)),
    }
}
