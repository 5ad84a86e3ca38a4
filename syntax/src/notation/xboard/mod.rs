//! XBoard's own reading of XBetza: where it departs from the seeds, its generator, and the
//! findings that say where it reads a string otherwise.

pub mod board;
mod difference;
pub(crate) mod lint;
pub mod reading;
pub(crate) mod text;

pub use difference::xboard_difference;

use crate::board::BoardSize;
use crate::lint::Comparison;
use crate::{BetzaString, Dialect};

/// XBoard's reading of a string as XBetza: whether its moves differ from the XBetza description's (decided
/// by generating both), and a diagram of XBoard's own moves on an empty board.
pub fn xboard_reading(string: &BetzaString, board: Option<BoardSize>) -> String {
    let text = string.text();
    let read_again;
    let as_xbetza = if string.dialect() == Dialect::XBetza {
        string
    } else {
        read_again = BetzaString::read(text, &super::xbetza::XBetza, string.reader());
        &read_again
    };
    let mut out = match xboard_difference(
        as_xbetza,
        board.and_then(crate::board::reference::centred).as_ref(),
    ) {
        Comparison::Differs(difference) => {
            format!(
                "XBoard reads this string differently from the XBetza description: {difference}.\n"
            )
        }
        Comparison::Same => {
            "XBoard makes the same moves as the XBetza description on every reference position.\n"
                .to_owned()
        }
        Comparison::SameSoFar => {
            "XBoard makes the same moves as the XBetza description as far as they were \
            compared: a search was cut short at its budget, and the rest was not compared.\n"
                .to_owned()
        }
    };
    if let Some(grid) = crate::render::diagram::empty_board_grid(board, |position| {
        self::board::generate(text, position)
    }) {
        out.push_str("\nXBoard's moves on an empty board:\n");
        out.push_str(&grid);
    }
    out
}
