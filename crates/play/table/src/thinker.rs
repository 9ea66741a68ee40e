//! A search (or a perft) on its own thread, so a protocol front end goes on reading its input
//! (`stop`, `isready`, `quit`) while the engine thinks.

#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

use messhall_rules::{ChanceOutcome, Move, Position, Variant};
use messhall_search::{Engine, Limits, SearchInfo};
use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// The search thread panicked: the engine it held is lost (make a new one).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search thread failed: {0}")]
pub struct SearchPanicked(pub String);

/// A search running on its own thread. [`Thinker::join`] gives the engine back with its hash
/// table, for the next search, and the search's result: the last finished iteration for
/// [`Thinker::spawn`], the chosen step for [`Thinker::spawn_steer`], whatever the job returns for
/// [`Thinker::run`].
pub struct Thinker<T = Option<SearchInfo>> {
    handle: JoinHandle<(Engine, T)>,
    stop: Arc<AtomicBool>,
}

impl Thinker {
    /// Starts `engine.search(pos, history, limits, on_iteration)` on a new thread, with the
    /// engine's stop flag cleared first. `history` holds the hashes of the game's earlier
    /// positions, oldest first.
    pub fn spawn(
        engine: Engine,
        pos: Position,
        history: Vec<u64>,
        limits: Limits,
        on_iteration: impl FnMut(&SearchInfo) + Send + 'static,
    ) -> Thinker {
        Thinker::spawn_then(engine, pos, history, limits, on_iteration, || {})
    }

    /// [`Thinker::spawn`], and `on_finished` is called on the search thread once the search has
    /// ended (by a limit, by [`Thinker::stop`], or with no legal move), so a front end that waits
    /// on something else (its input) hears that [`Thinker::join`] will not block.
    pub fn spawn_then(
        engine: Engine,
        pos: Position,
        history: Vec<u64>,
        limits: Limits,
        mut on_iteration: impl FnMut(&SearchInfo) + Send + 'static,
        on_finished: impl FnOnce() + Send + 'static,
    ) -> Thinker {
        Thinker::run(
            engine,
            move |engine| engine.search(&pos, &history, &limits, &mut on_iteration),
            on_finished,
        )
    }
}

impl Thinker<Option<ChanceOutcome>> {
    /// Chooses a steered step ([`messhall_search::best_step`]) on a new thread: the pending event of `pos`
    /// is steered by its chooser. The result is `None` when no steered event is pending.
    pub fn spawn_steer(
        engine: Engine,
        variant: Arc<Variant>,
        pos: Position,
        history: Vec<u64>,
        limits: Limits,
        on_finished: impl FnOnce() + Send + 'static,
    ) -> Thinker<Option<ChanceOutcome>> {
        Thinker::run(
            engine,
            move |engine| {
                let event = variant.chance(&pos)?;
                let chooser = event.chooser?;
                messhall_search::best_step(engine, &variant, &pos, chooser, &event.outcomes, &history, &limits)
            },
            on_finished,
        )
    }
}

/// A first move or step of a perft, counted on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftFirst {
    /// A player's move.
    Move(Move),
    /// A chance event's outcome, pending at the root (it uses up no depth).
    Step(ChanceOutcome),
}

impl Thinker<Option<u64>> {
    /// Counts [`Variant::perft`] of `pos` to `depth` on a new thread, split by first move or
    /// step: `on_first` hears each with its count as it is done. The result is the total, or
    /// `None` when [`Thinker::stop`] ended the count first. The engine is only carried.
    pub fn spawn_perft(
        engine: Engine,
        variant: Arc<Variant>,
        pos: Position,
        depth: u32,
        mut on_first: impl FnMut(PerftFirst, u64) + Send + 'static,
        on_finished: impl FnOnce() + Send + 'static,
    ) -> Thinker<Option<u64>> {
        Thinker::run(
            engine,
            move |engine| {
                let stop = engine.stop_flag();
                let v = &*variant;
                if depth == 0 {
                    return Some(1);
                }
                let firsts: Vec<(PerftFirst, Position, u32)> = match v.chance(&pos) {
                    Some(event) => event
                        .outcomes
                        .iter()
                        .map(|o| (PerftFirst::Step(*o), v.resolve(&pos, o), depth))
                        .collect(),
                    None => v
                        .legal_moves(&pos)
                        .iter()
                        .map(|m| (PerftFirst::Move(*m), pos.play_unchecked(v, m), depth - 1))
                        .collect(),
                };
                let mut total = 0u64;
                for (first, after, left) in firsts {
                    let n = perft_until(v, &after, left, &stop)?;
                    on_first(first, n);
                    total += n;
                }
                Some(total)
            },
            on_finished,
        )
    }
}

/// The last plies a perft counts without looking at the stop flag: few enough to take
/// milliseconds on the widest boards.
const PERFT_UNSTOPPED_PLIES: u32 = 2;

/// [`Variant::perft`], or `None` once `stop` is set.
fn perft_until(v: &Variant, pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= PERFT_UNSTOPPED_PLIES {
        return Some(v.perft(pos, depth));
    }
    if let Some(event) = v.chance(pos) {
        let mut total = 0u64;
        for o in &event.outcomes {
            total += perft_until(v, &v.resolve(pos, o), depth, stop)?;
        }
        return Some(total);
    }
    let mut total = 0u64;
    for m in v.legal_moves(pos) {
        total += perft_until(v, &pos.play_unchecked(v, &m), depth - 1, stop)?;
    }
    Some(total)
}

impl<T: Send + 'static> Thinker<T> {
    /// Runs `job` with the engine on a new thread, with the engine's stop flag cleared first;
    /// `on_finished` is called on that thread when the job has ended, even by a panic.
    pub fn run(
        engine: Engine,
        job: impl FnOnce(&mut Engine) -> T + Send + 'static,
        on_finished: impl FnOnce() + Send + 'static,
    ) -> Thinker<T> {
        let mut engine = engine;
        let stop = engine.stop_flag();
        stop.store(false, Ordering::SeqCst);
        let handle = std::thread::spawn(move || {
            // Called even when the job panics, so nobody waits for a notice that never comes.
            let _notify = OnDrop(Some(on_finished));
            let result = job(&mut engine);
            (engine, result)
        });
        Thinker { handle, stop }
    }

    /// Asks the search to stop soon; it still returns the best move found so far (depth 1 is
    /// always finished first).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether the search thread has ended.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the search to end; the engine back and the result (for [`Thinker::spawn`], the
    /// last finished iteration, `None` when the side to move had no legal move).
    ///
    /// # Errors
    ///
    /// [`SearchPanicked`] when the search thread panicked (the engine is lost with it).
    pub fn join(self) -> Result<(Engine, T), SearchPanicked> {
        self.handle
            .join()
            .map_err(|payload| SearchPanicked(panic_message(payload.as_ref())))
    }
}

/// Runs its function when dropped, on a normal return or while unwinding.
struct OnDrop<F: FnOnce()>(Option<F>);

impl<F: FnOnce()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        if let Some(f) = self.0.take() {
            f();
        }
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use messhall_search::Options;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn an_infinite_search_stops_when_asked_and_gives_the_engine_back() {
        let chess = messhall_records::catalog::builtin_variant("chess").unwrap();
        let start = chess.start();
        let engine = Engine::new(chess.clone(), &Options::default());
        let (tx, rx) = mpsc::channel();
        let (done_tx, done_rx) = mpsc::channel();
        let thinker = Thinker::spawn_then(
            engine,
            start.clone(),
            Vec::new(),
            Limits::default(),
            move |info: &SearchInfo| {
                let _ = tx.send(info.depth);
            },
            move || {
                let _ = done_tx.send(());
            },
        );
        // It has searched depth 1 and goes on, with no limit.
        assert_eq!(rx.recv_timeout(Duration::from_secs(30)), Ok(1));
        std::thread::sleep(Duration::from_millis(50));
        assert!(!thinker.is_finished());
        assert!(done_rx.try_recv().is_err());
        thinker.stop();
        assert_eq!(done_rx.recv_timeout(Duration::from_secs(30)), Ok(()));
        let (engine, result) = thinker.join().unwrap();
        let result = result.unwrap();
        assert!(chess.legal_moves(&start).contains(&result.pv[0]));

        // The stop flag is cleared for the next search, which finishes by its own limit.
        let thinker = Thinker::spawn(engine, start, Vec::new(), Limits::depth(2), |_| {});
        let (_, again) = thinker.join().unwrap();
        assert_eq!(again.map(|i| i.depth), Some(2));
    }

    #[test]
    fn a_position_without_moves_gives_no_result() {
        let chess = messhall_records::catalog::builtin_variant("chess").unwrap();
        // Fool's mate: White is checkmated.
        let mated =
            Position::from_fen(&chess, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
        let engine = Engine::new(chess, &Options::default());
        let thinker = Thinker::spawn(engine, mated, Vec::new(), Limits::default(), |_| {});
        assert_eq!(thinker.join().map(|(_, r)| r), Ok(None));
    }

    #[test]
    fn a_panicking_job_is_an_error_and_still_says_it_finished() {
        let chess = messhall_records::catalog::builtin_variant("chess").unwrap();
        let engine = Engine::new(chess, &Options::default());
        let (done_tx, done_rx) = mpsc::channel();
        let thinker = Thinker::run(
            engine,
            |_: &mut Engine| -> u8 { panic!("out of squares") },
            move || {
                let _ = done_tx.send(());
            },
        );
        assert_eq!(done_rx.recv_timeout(Duration::from_secs(30)), Ok(()));
        assert_eq!(thinker.join().err(), Some(SearchPanicked("out of squares".into())));
    }

    #[test]
    fn a_steered_step_is_one_of_those_offered() {
        let steered = messhall_records::catalog::builtin_variant("pieceeater-steered").unwrap();
        let mut pos = steered.start();
        if steered.chance(&pos).is_none() {
            let first = steered.legal_moves(&pos)[0];
            pos = pos.play_unchecked(&steered, &first);
        }
        let event = steered.chance(&pos).unwrap();
        assert!(event.chooser.is_some());
        let engine = Engine::new(steered.clone(), &Options::default());
        let thinker = Thinker::spawn_steer(
            engine,
            steered.clone(),
            pos.clone(),
            Vec::new(),
            Limits::depth(1),
            || {},
        );
        let (_, step) = thinker.join().unwrap();
        assert!(event.offers(&step.unwrap()));
        // Nothing to steer in a position where a player is to move.
        let engine = Engine::new(steered.clone(), &Options::default());
        let start = messhall_records::catalog::builtin_variant("chess").unwrap().start();
        let thinker = Thinker::spawn_steer(engine, steered, start, Vec::new(), Limits::depth(1), || {});
        assert_eq!(thinker.join().map(|(_, s)| s), Ok(None));
    }

    #[test]
    fn a_perft_counts_as_the_rules_do_and_stops_when_asked() {
        for name in ["chess", "pieceeater-steered"] {
            let v = messhall_records::catalog::builtin_variant(name).unwrap();
            let start = v.start();
            let (tx, rx) = mpsc::channel();
            let engine = Engine::new(v.clone(), &Options::default());
            let thinker = Thinker::spawn_perft(
                engine,
                v.clone(),
                start.clone(),
                3,
                move |_, n| tx.send(n).unwrap(),
                || {},
            );
            let (engine, total) = thinker.join().unwrap();
            assert_eq!(total, Some(v.perft(&start, 3)), "{name}");
            assert_eq!(rx.iter().sum::<u64>(), v.perft(&start, 3), "{name}");

            // Depth 10 takes hours; a stop ends it at once.
            let (done_tx, done_rx) = mpsc::channel();
            let thinker = Thinker::spawn_perft(
                engine,
                v.clone(),
                start,
                10,
                |_, _| {},
                move || {
                    let _ = done_tx.send(());
                },
            );
            std::thread::sleep(Duration::from_millis(100));
            assert!(!thinker.is_finished());
            thinker.stop();
            assert_eq!(done_rx.recv_timeout(Duration::from_secs(1)), Ok(()), "{name}");
            assert_eq!(thinker.join().map(|(_, t)| t), Ok(None));
        }
    }

    #[test]
    fn a_panic_message_is_kept() {
        let payload: Box<dyn Any + Send> = Box::new("out of squares");
        assert_eq!(panic_message(payload.as_ref()), "out of squares");
        let payload: Box<dyn Any + Send> = Box::new(7u8);
        assert_eq!(panic_message(payload.as_ref()), "a panic without a message");
    }
}
