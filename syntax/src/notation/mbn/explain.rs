//! MBN in words: each term's moves by the text they come from, then what is not drawn and why.

use std::collections::HashMap;

use crate::model::{self, Move};
use crate::wording::legs::explain_move;
use crate::wording::{MoveExplanation, not_drawn};

/// MBN's moves by the text they come from (a term can give several: its juxtaposed moves, its
/// optional legs), then what is not drawn and why.
pub(crate) fn moves(
    piece: &model::Piece,
    slice: &dyn Fn(rowan::TextRange) -> String,
) -> Vec<MoveExplanation> {
    // Grouped in one pass: a string of thousands of terms must not compare each with each.
    let mut sources: Vec<(rowan::TextRange, Vec<&Move>)> = Vec::new();
    let mut index: HashMap<rowan::TextRange, usize> = HashMap::new();
    for a_move in &piece.moves {
        let at = *index.entry(a_move.source).or_insert_with(|| {
            sources.push((a_move.source, Vec::new()));
            sources.len() - 1
        });
        sources[at].1.push(a_move);
    }
    let mut out: Vec<MoveExplanation> = sources
        .into_iter()
        .map(|(source, forms)| {
            let mut lines = Vec::new();
            for (index, form) in forms.iter().enumerate() {
                if forms.len() > 1 {
                    lines.push(format!("form {} of {}:", index + 1, forms.len()));
                }
                lines.extend(explain_move(form, None, false));
            }
            MoveExplanation {
                text: slice(source),
                lines,
            }
        })
        .collect();
    out.extend(not_drawn(piece, slice));
    out
}
