//! Move generation: where a piece described by the model can go from one square of a board
//! with friends and enemies on it. Everything is bounded by the board (at most 26 × 26), so any
//! piece finishes in bounded time.

mod engine;
mod generate;
mod generated;
mod position;
pub mod reference;
mod region;
mod square;

#[cfg(test)]
mod appendix_tests;
#[cfg(test)]
mod leg_rules;
#[cfg(test)]
mod search_tests;
mod walk;

#[cfg(test)]
mod golden;

pub use generate::{generate, generate_quickly, without_repeats};
pub use generated::{Generated, GeneratedMove, SquareUse};
pub use position::{Occupant, Position, PositionError, Side};
pub use region::starts_on;
pub use square::{PlacedPiece, Square, file_letter};
// Sizes and steps are the model's geometry; the board takes them from there.
pub use crate::model::{BoardSize, COMPASS, Lean, MAX_SIDE, Step};
