//! The loop: inputs made and checked on a worker thread, watched by the caller's thread for hangs
//! and memory.

use crate::mutate::mutate;
use crate::rng::Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Seconds each target runs when `MESSHALL_FUZZ_SECONDS` is not set (the CI budget).
pub const DEFAULT_SECONDS: u64 = 4;
/// The bound on one input, in milliseconds, when `MESSHALL_FUZZ_TIMEOUT_MS` is not set. Debug
/// builds (the test profile) run several times slower than release ones and get five times more.
pub const DEFAULT_TIMEOUT_MS: u64 = 2000;
/// The bound on the process's resident memory, in MB, when `MESSHALL_FUZZ_MEMORY_MB` is not set.
pub const DEFAULT_MEMORY_MB: u64 = 2048;
/// The seed when none is given and no budget either, so that CI runs the same inputs each time.
const CI_SEED: u64 = 0x6d65_7373_6861_6c6c;
/// How often the watcher looks at the worker.
const POLL: Duration = Duration::from_millis(20);

/// Makes an input from scratch, given the corpus.
pub type Generate = Box<dyn Fn(&mut Rng, &[String]) -> String + Send>;
/// Checks one input: `Err` says what is wrong.
pub type Check = Box<dyn Fn(&str) -> Result<(), String> + Send>;

/// What a fuzz target is made of.
pub struct Target {
    /// The target's name, in reports and file names.
    pub name: &'static str,
    /// Real inputs to mutate (must not be empty).
    pub corpus: Vec<String>,
    /// Words of the input's language, inserted by the mutator.
    pub tokens: &'static [&'static str],
    /// The longest input made, in bytes.
    pub max_len: usize,
    /// Makes a structured input from scratch (it may also pick from the corpus).
    pub generate: Generate,
    /// Checks one input: `Err` says what is wrong.
    pub check: Check,
}

/// What a run did.
#[derive(Clone, Copy, Debug)]
pub struct Report {
    /// Inputs checked.
    pub inputs: u64,
    /// Of them, generated from scratch (the others are mutations of the corpus).
    pub generated: u64,
    /// Seconds spent.
    pub seconds: f64,
    /// The seed.
    pub seed: u64,
}

/// The input being checked, for the watcher.
struct Current {
    index: u64,
    started: Instant,
    input: String,
}

fn env_u64(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    Some(
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?}: not a whole number")),
    )
}

/// The folder of a target's committed corpus, `fuzz/corpus/NAME`.
pub fn corpus_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(name)
}

/// The text files of `dirs` (not recursive), sorted by path; `dirs` are relative to the
/// workspace root.
///
/// # Panics
/// When a folder cannot be read: the corpus is part of the repository.
pub fn read_corpus(dirs: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut paths = Vec::new();
    for dir in dirs {
        let dir = root.join(dir);
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        paths.extend(entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()));
    }
    paths.sort();
    paths.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect()
}

/// Resident memory of this process in bytes (Linux), or 0 where it cannot be read.
fn resident_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

/// Caps the process's address space at `bytes`, a backstop for growth faster than the watcher
/// sees (the allocator then aborts, and the input is in the `.current` file). Best effort: where
/// `prlimit` is missing the resident-memory watch alone applies.
fn cap_address_space(bytes: u64) {
    let _ = std::process::Command::new("prlimit")
        .arg(format!("--pid={}", std::process::id()))
        .arg(format!("--as={bytes}"))
        .status();
}

/// Where a finding or a long-running input is written: `target/fuzz/`.
fn out_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/fuzz");
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Fails with the input, written to a file to replay with `MESSHALL_FUZZ_INPUT`.
fn finding(name: &str, seed: u64, index: u64, input: &str, what: &str) -> ! {
    let path = out_dir().join(format!("{name}-{seed}-{index}.txt"));
    let _ = std::fs::write(&path, input);
    let shown: String = input.chars().take(2000).collect();
    panic!(
        "fuzz {name}: {what}\n  input #{index} of seed {seed} ({} bytes, written to {}):\n{shown:?}\n  replay: MESSHALL_FUZZ_INPUT={} cargo test -p messhall-fuzz --test fuzz_{name}",
        input.len(),
        path.display(),
        path.display()
    );
}

/// Runs `target` for its budget and fails on the first finding; prints what it did.
///
/// # Panics
/// On a finding: an input whose check fails or panics, runs past the time bound, or makes the
/// process grow past the memory bound. The message has the input and the file it is written to.
pub fn run(target: Target) -> Report {
    let name = target.name;
    let corpus_len = target.corpus.len();
    assert!(!target.corpus.is_empty(), "fuzz {name}: empty corpus");
    if let Ok(path) = std::env::var("MESSHALL_FUZZ_INPUT") {
        let input = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        if let Err(what) = (target.check)(&input) {
            finding(name, 0, 0, &input, &what);
        }
        println!("fuzz {name}: {path} passes");
        return Report {
            inputs: 1,
            generated: 0,
            seconds: 0.0,
            seed: 0,
        };
    }
    let budget = env_u64("MESSHALL_FUZZ_SECONDS");
    let seconds = budget.unwrap_or(DEFAULT_SECONDS);
    let seed = env_u64("MESSHALL_FUZZ_SEED").unwrap_or_else(|| match budget {
        None => CI_SEED,
        Some(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64),
    });
    let slow = if cfg!(debug_assertions) { 5 } else { 1 };
    let timeout = Duration::from_millis(env_u64("MESSHALL_FUZZ_TIMEOUT_MS").unwrap_or(DEFAULT_TIMEOUT_MS * slow));
    let memory = env_u64("MESSHALL_FUZZ_MEMORY_MB").unwrap_or(DEFAULT_MEMORY_MB) * 1024 * 1024;
    cap_address_space(memory * 2);

    let current = Arc::new(Mutex::new(Current {
        index: 0,
        started: Instant::now(),
        input: String::new(),
    }));
    let done = Arc::new(AtomicBool::new(false));
    let generated = Arc::new(AtomicU64::new(0));
    let failure: Arc<Mutex<Option<(u64, String, String)>>> = Arc::new(Mutex::new(None));
    let deadline = Instant::now() + Duration::from_secs(seconds);

    let worker = {
        let (current, done, generated, failure) = (current.clone(), done.clone(), generated.clone(), failure.clone());
        std::thread::Builder::new()
            .name(format!("fuzz-{name}"))
            .stack_size(64 << 20)
            .spawn(move || {
                let mut index = 0u64;
                while Instant::now() < deadline {
                    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x2545_F491_4F6C_DD1D));
                    let input = if rng.one_in(3) {
                        generated.fetch_add(1, Ordering::Relaxed);
                        (target.generate)(&mut rng, &target.corpus)
                    } else {
                        let base = rng.pick(&target.corpus).clone();
                        mutate(&mut rng, &base, target.tokens, &target.corpus, target.max_len)
                    };
                    {
                        let mut c = current.lock().unwrap_or_else(PoisonError::into_inner);
                        c.index = index;
                        c.started = Instant::now();
                        c.input.clone_from(&input);
                    }
                    let outcome = catch_unwind(AssertUnwindSafe(|| (target.check)(&input)));
                    let what = match outcome {
                        Ok(Ok(())) => None,
                        Ok(Err(what)) => Some(what),
                        Err(panic) => Some(format!(
                            "panicked: {}",
                            panic
                                .downcast_ref::<String>()
                                .cloned()
                                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_string()))
                                .unwrap_or_default()
                        )),
                    };
                    if let Some(what) = what {
                        *failure.lock().unwrap_or_else(PoisonError::into_inner) = Some((index, input, what));
                        break;
                    }
                    index += 1;
                    current.lock().unwrap_or_else(PoisonError::into_inner).index = index;
                }
                done.store(true, Ordering::SeqCst);
                index
            })
            .expect("a thread for the fuzz worker")
    };

    let started = Instant::now();
    let mut saved_index = u64::MAX;
    while !done.load(Ordering::SeqCst) {
        std::thread::sleep(POLL);
        let c = current.lock().unwrap_or_else(PoisonError::into_inner);
        let running = c.started.elapsed();
        if running > POLL * 5 && saved_index != c.index && c.input.len() <= 1 << 20 {
            // A slow input: kept where an abort (memory, stack) would leave it.
            let _ = std::fs::write(out_dir().join(format!("{name}.current")), &c.input);
            saved_index = c.index;
        }
        if running > timeout && !done.load(Ordering::SeqCst) {
            finding(
                name,
                seed,
                c.index,
                &c.input,
                &format!("still running after {timeout:?} (a hang)"),
            );
        }
        let resident = resident_bytes();
        if resident > memory {
            finding(
                name,
                seed,
                c.index,
                &c.input,
                &format!("the process grew to {} MB (bound {} MB)", resident >> 20, memory >> 20),
            );
        }
    }
    let inputs = worker.join().unwrap_or(0);
    if let Some((index, input, what)) = failure.lock().unwrap_or_else(PoisonError::into_inner).take() {
        finding(name, seed, index, &input, &what);
    }
    let report = Report {
        inputs,
        generated: generated.load(Ordering::Relaxed),
        seconds: started.elapsed().as_secs_f64(),
        seed,
    };
    println!(
        "fuzz {name}: {} inputs ({} generated, {} mutated from a corpus of {}) in {:.0} s, seed {seed}: no finding",
        report.inputs,
        report.generated,
        report.inputs - report.generated.min(report.inputs),
        corpus_len,
        report.seconds
    );
    report
}
