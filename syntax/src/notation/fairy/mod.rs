//! Fairy-Stockfish's reading of Betza, quirk for quirk.

pub(crate) mod board;
pub(crate) mod explain;
pub(crate) mod lint;
pub mod model;
