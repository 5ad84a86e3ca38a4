//! XBetza in words: one entry for each written move, leg by leg, from the model.

use crate::model::{self, Move};
use crate::wording::MoveExplanation;
use crate::wording::legs::explain_move;

/// XBetza's moves, one entry for each move written.
pub(crate) fn moves(
    tree: &crate::tree::ast::Piece,
    piece: &model::Piece,
    slice: &dyn Fn(rowan::TextRange) -> String,
) -> Vec<MoveExplanation> {
    let mut moves = Vec::new();
    let by_source = piece.by_source();
    for a_move in tree.moves() {
        let range = a_move.text_range();
        let models: Vec<&Move> = by_source.get(&range).cloned().unwrap_or_default();
        let mut lines = match models.as_slice() {
            [] => vec!["(no move: these letters have no atom to move by)".to_owned()],
            [only] => explain_move(
                only,
                a_move.atom().and_then(|a| a.atom()),
                a_move.atom().is_some_and(|a| a.is_doubled()),
            ),
            [first, ..] => {
                // A repeat group: explain the form with one repeat, and say how it varies.
                let one = models.get(1).copied().unwrap_or(first);
                let mut lines = vec![format!(
                    "a repeat group: the parenthesised letters may occur 0 to {} times; with one repeat:",
                    models.len() - 1
                )];
                lines.extend(explain_move(
                    one,
                    a_move.atom().and_then(|a| a.atom()),
                    false,
                ));
                lines
            }
        };
        if lines.is_empty() {
            lines.push("(no move)".to_owned());
        }
        moves.push(MoveExplanation {
            text: slice(range),
            lines,
        });
    }
    moves
}
