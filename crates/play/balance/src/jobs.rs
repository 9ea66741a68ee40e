//! Games played at once on a few threads, each game's result kept at its own index so that the
//! report does not depend on which thread played what, nor in which order games ended.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// How often the caller's stop flag is looked at while games are under way.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// Runs `job(i, stop)` for `i` in `0..count` on `threads` threads. `progress` is told each time a
/// job ends. When `stop` is set, no job starts, and `halt` (which the jobs' searches watch) is
/// set so the ones under way end soon; a job that sees it returns `None`. The results by index:
/// `None` for a job not played to the end.
pub(crate) fn run<T: Send>(
    count: usize,
    threads: usize,
    stop: &AtomicBool,
    halt: &Arc<AtomicBool>,
    progress: &mut dyn FnMut(),
    job: &(dyn Fn(usize) -> Option<T> + Sync),
) -> Vec<Option<T>> {
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<T>> = (0..count).map(|_| None).collect();
    let (tx, rx) = mpsc::channel::<(usize, Option<T>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, count.max(1)) {
            let (tx, next, halt) = (tx.clone(), &next, halt.clone());
            scope.spawn(move || {
                loop {
                    if halt.load(Ordering::Relaxed) {
                        return;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        return;
                    }
                    if tx.send((i, job(i))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        loop {
            match rx.recv_timeout(LOOK_EVERY) {
                Ok((i, result)) => {
                    if result.is_some() {
                        progress();
                    }
                    results[i] = result;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if stop.load(Ordering::Relaxed) {
                halt.store(true, Ordering::Relaxed);
            }
        }
    });
    results
}

/// A well-mixed 64-bit number from a seed and an index (SplitMix64's finaliser), so that
/// neighbouring games get unrelated openings.
pub(crate) fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_add(0x6a09_e667_f3bc_c909);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
