//! The words a notation explains its moves with: a move's paragraph, the lines of its legs
//! (`legs`) and the phrases for steps, reaches and regions (`words`). Each notation writes its
//! moves with them; the explanation of a whole piece (`explain`) puts the paragraphs together.

pub(crate) mod legs;
pub(crate) mod words;

use std::borrow::Cow;

use crate::model;

/// One move: its source text and one line per leg, then notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveExplanation {
    pub text: String,
    pub lines: Vec<String>,
}

/// The moves of a piece in words, as its notation says them.
pub(crate) struct Paragraphs {
    /// One paragraph per written move (or per atom the engine read).
    pub moves: Vec<MoveExplanation>,
    /// Said of the whole piece (Fairy-Stockfish's atoms together), so listed even when the
    /// list of moves is cut.
    pub together: Option<MoveExplanation>,
}

/// The text of a range of `text`. Every range the model gives lies in the text; one that would
/// not is said as nothing rather than a panic.
pub(crate) fn slicer(text: &str) -> impl Fn(rowan::TextRange) -> String + '_ {
    |range| {
        text.get(std::ops::Range::<usize>::from(range))
            .unwrap_or_default()
            .to_owned()
    }
}

/// The most lines one entry lists (a move of thousands of legs); the rest are counted.
const LINES_LISTED: usize = 64;

/// Keeps the first `most` of `items`, and says how many more there were (`said`) when any are
/// left out.
pub(crate) fn cut_to(items: &mut Vec<String>, most: usize, said: impl Fn(usize) -> String) {
    if let Some(more) = items.len().checked_sub(most).filter(|&m| m > 0) {
        items.truncate(most);
        items.push(said(more));
    }
}

impl MoveExplanation {
    /// Cut to [`LINES_LISTED`] lines, counting the rest, and a long text to its two ends.
    pub(crate) fn shorten(&mut self) {
        cut_to(&mut self.lines, LINES_LISTED, |more| {
            format!("… and {more} more lines, not listed")
        });
        self.text = crate::quote::shortened(&self.text).into_owned();
        for line in &mut self.lines {
            if let Cow::Owned(short) = crate::quote::shortened_quotes(line) {
                *line = short;
            }
        }
    }
}

/// What the model lists as not drawn, one entry each.
pub(crate) fn not_drawn(
    piece: &model::Piece,
    slice: &dyn Fn(rowan::TextRange) -> String,
) -> Vec<MoveExplanation> {
    piece
        .not_drawn
        .iter()
        .map(|(range, why)| MoveExplanation {
            text: slice(*range),
            lines: vec![format!("not drawn: {why}")],
        })
        .collect()
}
