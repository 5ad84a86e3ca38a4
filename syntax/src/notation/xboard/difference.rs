//! How XBoard's moves compare with a string's reading in its dialect, which XBoard's findings
//! and its reading in words both say.

use rowan::TextRange;

use crate::BetzaString;
use crate::board::{Position, generate};
use crate::lint::{Boards, Comparison, Found, difference_words, first_difference};

use super::board;

/// How XBoard's moves compare with the string's reading in its dialect: where they differ,
/// first in the positions users see (`seen` first, then its board), else on the first proof
/// position where they do, on a board the string's own engine plays where it has a limit
/// (Fairy-Stockfish's), naming the squares that differ (see `lint::difference`).
pub fn xboard_difference(string: &BetzaString, seen: Option<&Position>) -> Comparison {
    xboard_difference_by_move(string, seen).0
}

/// [`xboard_difference`], with the letters of the moves that differ: the moves of both readings
/// are compared move by move where both read the same letters as one move, so a move that
/// differs shows even where another move of the string reaches the same squares.
pub(crate) fn xboard_difference_by_move(
    string: &BetzaString,
    seen: Option<&Position>,
) -> (Comparison, Vec<TextRange>) {
    let (ours, text) = (string.model_to_generate(), string.text());
    let boards = Boards {
        seen,
        largest: string.largest(),
        // Move by move only against the XBetza description, whose moves are each their own;
        // Fairy-Stockfish's reading mixes moves (one range per direction and kind, letters
        // skipped across moves), so its moves are compared as one whole.
        by_move: string.dialect() == crate::Dialect::XBetza,
    };
    let name = string.notation().reader();
    let found = first_difference(
        &|position| generate(ours, position),
        &|position| board::generate(text, position),
        boards,
    );
    match found {
        Found::Same => (Comparison::Same, Vec::new()),
        Found::SameSoFar => (Comparison::SameSoFar, Vec::new()),
        Found::Differs {
            position,
            only_first,
            only_second,
            moves,
        } => (
            Comparison::Differs(difference_words(
                &position,
                (name, &only_first),
                ("XBoard", &only_second),
                boards,
            )),
            moves,
        ),
    }
}
