//! XBoard's own reading of XBetza: where it departs from the seeds, its generator, and the
//! findings that say where it reads a string otherwise.

pub mod board;
pub(crate) mod lint;
pub mod reading;
pub(crate) mod text;

use crate::board::{Position, generate, without_repeats};
use crate::lint::{Comparison, difference};
use crate::{Dialect, model, parse};

/// How XBoard's moves compare with the dialect's reading: where they differ, first in the
/// positions users see (`seen` first), else on the first proof position where they do, naming
/// the squares that differ (see `lint::difference`).
pub fn xboard_difference(text: &str, dialect: Dialect, seen: Option<&Position>) -> Comparison {
    // Generated in many positions: thousands of copies of a move are found once.
    let ours = without_repeats(&model::build(&parse(text, dialect).piece(), dialect));
    difference(
        (super::of(dialect).reader(), &|position| {
            generate(&ours, position)
        }),
        ("XBoard", &|position| board::generate(text, position)),
        seen,
    )
}
