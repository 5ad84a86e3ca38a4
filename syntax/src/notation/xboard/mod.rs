//! XBoard's own reading of XBetza: where it departs from the seeds, and its generator.

pub mod board;
pub mod reading;
pub(crate) mod text;
