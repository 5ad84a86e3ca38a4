//! The notations, one module each: its grammar hooks, typed views, letter table, lowering to
//! the move model, lints and wording.

pub mod chained;
pub mod fairy;
pub mod mbn;
pub mod xbetza;
pub mod xboard;
