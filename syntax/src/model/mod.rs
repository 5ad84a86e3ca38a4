//! What a parsed piece can do: moves made of legs, each leg a set of steps, a reach, modes and
//! conditions. Built from the typed tree (never from text); every part keeps the source range
//! it came from so hovers and lints can point back at the letters.
//!
//! Multi-leg moves (seed 000, "The XBetza extension"): `a` separates the legs; the atom and its
//! range belong to the first leg; later legs name directions relative to the previous leg, and
//! take its reach, toggled after `g` and `y`. `p`/`g` on a final leg imply a hidden hop-off leg
//! ("pR is really shorthand for pafR").

mod board_size;
pub mod directions;
pub mod engine;
mod piece;
pub mod piece_set;
pub mod region;
pub mod repeat;
mod step;

#[cfg(test)]
mod tests;

pub use board_size::{BoardSize, MAX_SIDE};
pub use piece::{
    Attackers, Bend, Initial, Lameness, Leg, LegSteps, Modes, Move, MoveKind, Piece, Reach,
    Regions, WalkRules, Wrap,
};
pub(crate) use piece::{LONGEST_LINE, orientations};
pub use step::{COMPASS, Lean, Step};

#[cfg(test)]
thread_local! {
    /// The text of every piece built on this thread, for tests that count builds.
    pub(crate) static BUILT: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}
