//! The peer engines' definitions of our games stay right (examples/peers, docs/peers.md):
//! Fairy-Max's Food Fight chess ini against our `foodfight-fmax.toml`, and Fairy-Stockfish 11.1's
//! drops-king-capture against `examples/variants/drops-king-capture.toml`.
//!
//! The engines are the Debian packages `fairymax` and `fairy-stockfish`, which `scripts/test` installs.
//! Where one is missing, its checks fail under CI (`CI` set) and are skipped with a message elsewhere.

mod engine;
mod fairy_stockfish;
mod fairymax;
