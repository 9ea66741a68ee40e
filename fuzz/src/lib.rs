//! Seeded fuzzing of messhall's inputs: FENs, XBetza, variant files, typed moves, game records and
//! protocol sessions.
//!
//! Each target (`tests/fuzz_*.rs`) gives a corpus of real inputs (under `corpus/` and the crates'
//! test data), a generator of structured inputs and a check. The harness ([`run`]) mutates the
//! corpus and generates inputs for a time budget, and fails on the first input whose check fails,
//! that panics, that runs longer than the time bound (a hang) or that makes the process grow past
//! the memory bound. It works on a stable toolchain under `cargo test`; see `docs/fuzzing.md`.
//!
//! Settings, from the environment:
//! - `MESSHALL_FUZZ_SECONDS`: the budget of each target (default [`DEFAULT_SECONDS`]);
//! - `MESSHALL_FUZZ_SEED`: the first seed (default: from the clock; printed, so a run can be repeated);
//! - `MESSHALL_FUZZ_TIMEOUT_MS`: the bound on one input (default [`DEFAULT_TIMEOUT_MS`]);
//! - `MESSHALL_FUZZ_MEMORY_MB`: the bound on the process's resident memory (default [`DEFAULT_MEMORY_MB`]).

mod check;
mod harness;
mod mutate;
mod pipe;
mod rng;

pub use check::{check_position, chess_variants, one_line_error, played_positions, variant_named_in, variant_texts};
pub use harness::{
    DEFAULT_MEMORY_MB, DEFAULT_SECONDS, DEFAULT_TIMEOUT_MS, Report, Target, corpus_dir, read_corpus, run,
};
pub use mutate::{INTERESTING_NUMBERS, mutate};
pub use pipe::{Conversation, PipeIn, PipeOut};
pub use rng::Rng;
