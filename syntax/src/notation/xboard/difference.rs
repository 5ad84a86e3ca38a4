//! How XBoard's moves compare with a string's reading in its dialect, which XBoard's findings
//! and its reading in words both say.

use crate::BetzaString;
use crate::board::{Position, generate};
use crate::lint::{Boards, Comparison, difference};

use super::board;

/// How XBoard's moves compare with the string's reading in its dialect: where they differ,
/// first in the positions users see (`seen` first, then its board), else on the first proof
/// position where they do, on a board the string's own engine plays where it has a limit
/// (Fairy-Stockfish's), naming the squares that differ (see `lint::difference`).
pub fn xboard_difference(string: &BetzaString, seen: Option<&Position>) -> Comparison {
    let (ours, text) = (string.model_to_generate(), string.text());
    let largest = string.largest();
    difference(
        (string.notation().reader(), &|position| {
            generate(ours, position)
        }),
        ("XBoard", &|position| board::generate(text, position)),
        Boards { seen, largest },
    )
}
