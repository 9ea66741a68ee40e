//! The cafeteria game's bots and the tools that measure and fit them: a random bot, rules of
//! thumb, two rollout searches ([`bots`], [`search`]), the learned evaluation the search reads
//! ([`model`], fitted by [`fit`]), the odds of the game's dice ([`odds`]) and the benchmarks
//! ([`bench`](mod@bench)). The play layer seats them at a table.

#![warn(missing_docs)]

pub mod bench;
pub mod bots;
pub mod fit;
pub mod model;
pub mod odds;
pub mod search;
