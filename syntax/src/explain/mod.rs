//! Plain-English explanations of a piece, move by move and leg by leg, built from the model and
//! worded only with the vocabulary's tables and phrases.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write;

mod diagram;
mod legs;
pub mod names;
mod pieces;
mod summary;
pub(crate) mod words;

#[cfg(test)]
mod tests;

pub use diagram::{Picture, diagram, diagram_svg, xboard_reading};
use diagram::{diagram_built, in_position_built, picture_built, svg_built};
use legs::explain_move;
pub use pieces::{Piece, pieces, said_in_turn};
use summary::{difference_words, is_plain, plain_words, summary, swaps_said};

use crate::Dialect;
use crate::board::BoardSize;
use crate::board::reference::{empty_board_trace, fingerprint};
use crate::model::{self, Move};
use crate::tree::Parse;

/// The explanation of a whole piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// One line about the whole piece.
    pub summary: String,
    /// One paragraph per move, in source order.
    pub moves: Vec<MoveExplanation>,
    /// Letters the dialect's engine skips (Fairy-Stockfish), as written.
    pub ignored: Vec<String>,
}

/// One move: its source text and one line per leg, then notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveExplanation {
    pub text: String,
    pub lines: Vec<String>,
}

impl Explanation {
    /// The explanation as text: the summary, each move, and any ignored letters.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n", self.summary);
        for m in &self.moves {
            let _ = writeln!(out, "\n{}:", m.text);
            for line in &m.lines {
                let _ = writeln!(out, "  {line}");
            }
        }
        if !self.ignored.is_empty() {
            let _ = writeln!(
                out,
                "\nFairy-Stockfish skips these letters without a word: {}",
                self.ignored.join(" ")
            );
        }
        out
    }
}

/// A chained Betza piece written in XBetza, when a rewriting has the same moves on every
/// reference board.
pub fn xbetza_equivalent(parse: &Parse) -> Option<String> {
    let rewriting = xbetza_rewriting(parse)?;
    let piece = model::build(&parse.piece(), Dialect::Chained);
    same_moves_as_rewriting(&piece, &rewriting, Dialect::XBetza).then_some(rewriting)
}

/// [`xbetza_equivalent`] of a chained piece already built.
fn xbetza_equivalent_of(parse: &Parse, piece: &model::Piece) -> Option<String> {
    let rewriting = xbetza_rewriting(parse)?;
    same_moves_as_rewriting(piece, &rewriting, Dialect::XBetza).then_some(rewriting)
}

/// The model's XBetza rewriting of a chained piece, before its moves are compared.
fn xbetza_rewriting(parse: &Parse) -> Option<String> {
    if parse.dialect() != Dialect::Chained || parse.has_errors() {
        return None;
    }
    crate::notation::chained::model::to_xbetza(&parse.syntax())
}

/// An XBetza piece with multi-leg moves written in chained Betza, when a rewriting has the same
/// moves on every reference board.
pub fn chained_equivalent(parse: &Parse) -> Option<String> {
    if parse.dialect() != Dialect::XBetza || parse.has_errors() {
        return None;
    }
    chained_equivalent_of(&model::build(&parse.piece(), Dialect::XBetza))
}

/// [`chained_equivalent`] of an XBetza piece already built.
fn chained_equivalent_of(piece: &model::Piece) -> Option<String> {
    let multi_leg = piece
        .moves
        .iter()
        .any(|m| m.legs.iter().filter(|l| !l.hidden).count() > 1);
    if !multi_leg {
        return None;
    }
    let rewriting = crate::notation::chained::model::from_xbetza(piece)?;
    same_moves_as_rewriting(piece, &rewriting, Dialect::Chained).then_some(rewriting)
}

/// Whether `rewriting`, read in `dialect`, makes the same moves as `piece` on every reference
/// board. The model only rewrites; this generates both to check. The quick empty-board
/// comparison comes first, so a costly piece is not compared at all.
fn same_moves_as_rewriting(piece: &model::Piece, rewriting: &str, dialect: Dialect) -> bool {
    let parsed = crate::parse(rewriting, dialect);
    if parsed.has_errors() {
        return false;
    }
    let rewritten = model::build(&parsed.piece(), dialect);
    match (empty_board_trace(piece), empty_board_trace(&rewritten)) {
        (Some(x), Some(y)) if x == y => fingerprint(piece) == fingerprint(&rewritten),
        _ => false,
    }
}

/// A parsed piece with its model built once, for everything said and drawn about it (a hover
/// shows the explanation, the diagram and perhaps a picture).
#[derive(Debug)]
pub struct Described<'p> {
    parse: &'p Parse,
    piece: std::borrow::Cow<'p, model::Piece>,
}

impl<'p> Described<'p> {
    pub fn new(parse: &'p Parse) -> Self {
        Described {
            parse,
            piece: std::borrow::Cow::Owned(model::build(&parse.piece(), parse.dialect())),
        }
    }

    /// A parsed piece whose model was built before (an editor keeps it between requests).
    pub fn with_model(parse: &'p Parse, piece: &'p model::Piece) -> Self {
        Described {
            parse,
            piece: std::borrow::Cow::Borrowed(piece),
        }
    }

    pub fn explanation(&self) -> Explanation {
        self.explanation_on(None)
    }

    /// The explanation in words that speak of `board` (a `variants.ini` section's, the
    /// playground's) before the 8×8 one; `None`: 8×8.
    pub fn explanation_on(&self, board: Option<BoardSize>) -> Explanation {
        explain_built(self.parse, &self.piece, board)
    }

    pub fn diagram(&self, board: Option<BoardSize>) -> String {
        diagram_built(&self.piece, board)
    }

    pub fn diagram_svg(&self, board: Option<BoardSize>) -> String {
        svg_built(&self.piece, board)
    }

    /// The piece on `from` among `friends` and `enemies` (white's pieces and black's of a
    /// start position), as a text grid of the whole board.
    pub fn diagram_in_position(
        &self,
        size: BoardSize,
        from: crate::board::Square,
        pieces: (&[crate::board::Square], &[crate::board::Square]),
    ) -> Option<String> {
        in_position_built(&self.piece, size, from, pieces)
    }

    /// The diagram for a client that shows pictures, the picture at most `most_height`
    /// pixels tall; none for a piece with nothing to draw.
    pub fn picture(&self, board: Option<BoardSize>, most_height: u32) -> Option<Picture> {
        picture_built(&self.piece, board, most_height)
    }
}

/// Explains a parsed piece.
pub fn explain(parse: &Parse) -> Explanation {
    Described::new(parse).explanation()
}

fn explain_built(parse: &Parse, piece: &model::Piece, seen: Option<BoardSize>) -> Explanation {
    let dialect = parse.dialect();
    let tree = parse.piece();
    let text = parse.syntax().text().to_string();
    // Every range the model gives lies in the text; one that would not is said as nothing
    // rather than a panic.
    let slice = |range: rowan::TextRange| {
        text.get(std::ops::Range::<usize>::from(range))
            .unwrap_or_default()
            .to_owned()
    };
    // Fairy-Stockfish's paragraph on the atoms together is kept when the list is cut.
    let mut together = None;
    let mut moves = match dialect {
        Dialect::Mbn => mbn_moves(piece, &slice),
        Dialect::Chained => {
            let mut moves = crate::notation::chained::explain::moves(&parse.syntax());
            moves.extend(not_drawn(piece, &slice));
            moves
        }
        Dialect::Fairy => {
            let paragraphs = crate::notation::fairy::explain::moves(piece, &text, seen);
            together = paragraphs.together;
            paragraphs.atoms
        }
        Dialect::XBetza => xbetza_moves(&tree, piece, &slice),
    };
    // The move reader skips `e`, but a variants.ini piece with an `e` captures en passant
    // (note F9): said in the summary, not among the letters skipped.
    let (en_passant, ignored): (Vec<String>, Vec<String>) = piece
        .fairy
        .as_ref()
        .map(|engine| {
            engine
                .skipped
                .iter()
                .copied()
                .map(slice)
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
        .into_iter()
        .partition(|letter| letter == "e");
    let mut ignored = ignored;
    cut_to(&mut ignored, MOVES_LISTED, |more| {
        format!("(and {more} more)")
    });
    // The catalogue is written in XBetza; a Fairy-Stockfish piece is named by what the engine
    // builds, which the comparison of moves handles the same way.
    let identity = names::identify(piece);
    let names: Vec<&str> = identity.names.iter().map(|e| e.name).collect();
    // In MBN the explanation also holds what is said in words only; the count is of moves.
    let written = match &piece.fairy {
        Some(engine) => engine.atoms.len(),
        None => moves.len() - piece.not_drawn.len(),
    };
    // A string of thousands of moves is listed by its first ones: the list is for reading,
    // and a hover of megabytes helps no one.
    for entry in &mut moves {
        entry.shorten();
    }
    if let Some(more) = moves.len().checked_sub(MOVES_LISTED).filter(|&m| m > 0) {
        moves.truncate(MOVES_LISTED);
        moves.push(MoveExplanation {
            text: "…".to_owned(),
            lines: vec![format!("and {more} more, not listed")],
        });
    }
    // Fairy-Stockfish's atoms that make moves together that none makes alone are not said
    // one by one in the summary.
    let atoms_combine = together.is_some();
    moves.extend(together);
    let mut summary = summary(piece, written);
    let mut moves_said = true;
    if let Some(swaps) = swaps_said(piece, &moves, &slice) {
        summary = format!("{swaps} {summary}");
    } else if let Some(plain) = plain_words(piece, &moves, &slice, atoms_combine) {
        summary = format!("{plain} {summary}");
    } else {
        moves_said = false;
    }
    if let Some(count) = std::num::NonZeroUsize::new(piece.not_drawn.len()) {
        summary.push_str(&format!(
            " {count} part{} said in words, not drawn.",
            if count.get() == 1 { "" } else { "s" }
        ));
    }
    if !en_passant.is_empty() {
        summary.push_str(
            " Its `e` is no move to Fairy-Stockfish, but makes it capture en passant (the \
             engine puts a piece with an `e` among its en-passant types).",
        );
    }
    if let Some(xbetza) = xbetza_equivalent_of(parse, piece) {
        summary.push_str(&format!(" In XBetza: `{xbetza}`."));
    }
    let chained = (dialect == Dialect::XBetza && !parse.has_errors())
        .then(|| chained_equivalent_of(piece))
        .flatten();
    if let Some(chained) = chained {
        summary.push_str(&format!(" In chained Betza: `{chained}`."));
    }
    // An unnamed piece is compared with a named twin; a named piece is not said to move like
    // another named piece (the Pawn is no Metamachy Pawn), only what sets it apart: the
    // Xiangqi Horse can be blocked on the way.
    let difference = difference_words(piece);
    match identity.twins.first() {
        Some(twin) if names.is_empty() => {
            summary = format!(
                "Moves like the {} on an empty board, but {}. {summary}",
                twin.name,
                difference.unwrap_or("other pieces change what it can do")
            );
        }
        Some(_) => {
            if let Some(difference) = difference {
                // A plain twin (the Knight to the Xiangqi Horse) tells what the piece is like;
                // one with a feature of its own (the Metamachy Pawn to the Pawn) does not.
                summary = match identity.twins.iter().find(|twin| is_plain(twin.betza)) {
                    Some(plain) => format!(
                        "Moves like the {} on an empty board, but {difference}. {summary}",
                        plain.name
                    ),
                    // The sentence of its moves says it already ("unless blocked").
                    None if moves_said => summary,
                    None => {
                        let mut sentence = difference.to_owned();
                        sentence[..1].make_ascii_uppercase();
                        format!("{sentence}. {summary}")
                    }
                };
            }
        }
        None => {}
    }
    if let Some((first, others)) = names.split_first() {
        summary = if others.is_empty() {
            format!("The {first}. {summary}")
        } else {
            format!(
                "The {first} (also known as: {}). {summary}",
                others.join(", ")
            )
        };
    }
    Explanation {
        summary,
        moves,
        ignored,
    }
}

/// The most entries an explanation lists; the rest are counted.
const MOVES_LISTED: usize = 64;

/// The most lines one entry lists (a move of thousands of legs); the rest are counted.
const LINES_LISTED: usize = 64;

/// Keeps the first `most` of `items`, and says how many more there were (`said`) when any are
/// left out.
fn cut_to(items: &mut Vec<String>, most: usize, said: impl Fn(usize) -> String) {
    if let Some(more) = items.len().checked_sub(most).filter(|&m| m > 0) {
        items.truncate(most);
        items.push(said(more));
    }
}

impl MoveExplanation {
    /// Cut to [`LINES_LISTED`] lines, counting the rest, and a long text to its two ends.
    fn shorten(&mut self) {
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

/// XBetza's moves, one entry for each move written.
fn xbetza_moves(
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
            [] => vec![
                "(no move: the letters have no atom, or Fairy-Stockfish builds nothing from them)"
                    .to_owned(),
            ],
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

/// MBN's moves by the text they come from (a term can give several: its juxtaposed moves, its
/// optional legs), then what is not drawn and why.
fn mbn_moves(
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

/// What the model lists as not drawn, one entry each.
fn not_drawn(
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
