//! Plain-English explanations of a piece, move by move and leg by leg, built from the model and
//! worded only with the vocabulary's tables and phrases.

use std::borrow::Cow;
use std::fmt::Write;

pub mod names;
mod pieces;
mod summary;

#[cfg(test)]
mod tests;

pub use crate::render::Picture;
use crate::render::diagram::{diagram_built, in_position_built, picture_built, svg_built};
pub use crate::wording::MoveExplanation;
use crate::wording::{Paragraphs, cut_to, slicer};
use names::is_plain;
pub use pieces::{Piece, pieces, said_in_turn};
use summary::{difference_words, plain_words, summary, swaps_said};

use crate::board::BoardSize;
use crate::model;
use crate::notation::Equivalent;
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
            piece: std::borrow::Cow::Owned(crate::registry::lower(&parse.piece(), parse.dialect())),
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
    let text = parse.syntax().text().to_string();
    let slice = slicer(&text);
    let notation = crate::registry::notation(parse.dialect());
    let Paragraphs {
        mut moves,
        together,
    } = notation.explain_moves((parse, &text), piece, seen);
    let (en_passant, ignored) = skipped_by_engine(piece, &slice);
    // The catalogue is written in XBetza; a Fairy-Stockfish piece is named by what the engine
    // builds, which the comparison of moves handles the same way.
    let identity = names::identify(piece);
    let written = moves_written(piece, &moves);
    list_first(&mut moves);
    // Fairy-Stockfish's atoms that make moves together that none makes alone are not said
    // one by one in the summary.
    let atoms_combine = together.is_some();
    moves.extend(together);
    let opening = swaps_said(piece, &moves, &slice)
        .or_else(|| plain_words(piece, &moves, &slice, atoms_combine));
    let moves_said = opening.is_some();
    let mut summary = match opening {
        Some(words) => format!("{words} {}", summary(piece, written)),
        None => summary(piece, written),
    };
    summary.push_str(&notes(piece, en_passant, notation.equivalent(parse, piece)));
    let summary = with_twin(summary, piece, &identity, moves_said);
    Explanation {
        summary: with_names(summary, &identity),
        moves,
        ignored,
    }
}

/// The letters the engine skips, as written, cut to [`MOVES_LISTED`]; and whether one was an
/// `e`. The move reader skips `e`, but a variants.ini piece with an `e` captures en passant
/// (note F9): said in the summary, not among the letters skipped.
fn skipped_by_engine(
    piece: &model::Piece,
    slice: &dyn Fn(rowan::TextRange) -> String,
) -> (bool, Vec<String>) {
    let skipped: Vec<String> = piece
        .engine
        .as_ref()
        .map(|engine| engine.skipped.iter().copied().map(slice).collect())
        .unwrap_or_default();
    let (en_passant, mut ignored): (Vec<String>, Vec<String>) =
        skipped.into_iter().partition(|letter| letter == "e");
    cut_to(&mut ignored, MOVES_LISTED, |more| {
        format!("(and {more} more)")
    });
    (!en_passant.is_empty(), ignored)
}

/// How many moves the string writes. In MBN the explanation also holds what is said in words
/// only; the count is of moves.
fn moves_written(piece: &model::Piece, moves: &[MoveExplanation]) -> usize {
    match &piece.engine {
        Some(engine) => engine.atoms.len(),
        None => moves.len() - piece.not_drawn.len(),
    }
}

/// A string of thousands of moves is listed by its first ones: the list is for reading, and a
/// hover of megabytes helps no one.
fn list_first(moves: &mut Vec<MoveExplanation>) {
    for entry in moves.iter_mut() {
        entry.shorten();
    }
    if let Some(more) = moves.len().checked_sub(MOVES_LISTED).filter(|&m| m > 0) {
        moves.truncate(MOVES_LISTED);
        moves.push(MoveExplanation {
            text: "…".to_owned(),
            lines: vec![format!("and {more} more, not listed")],
        });
    }
}

/// The sentences after the summary: what is not drawn, an `e` Fairy-Stockfish reads as en
/// passant, and the piece written in another notation.
fn notes(piece: &model::Piece, en_passant: bool, equivalent: Option<Equivalent>) -> String {
    let mut out = String::new();
    if let Some(count) = std::num::NonZeroUsize::new(piece.not_drawn.len()) {
        out.push_str(&format!(
            " {count} part{} said in words, not drawn.",
            if count.get() == 1 { "" } else { "s" }
        ));
    }
    if en_passant {
        out.push_str(
            " Its `e` is no move to Fairy-Stockfish, but makes it capture en passant (the \
             engine puts a piece with an `e` among its en-passant types).",
        );
    }
    if let Some(equivalent) = equivalent {
        out.push_str(&format!(" In {}: `{}`.", equivalent.named, equivalent.text));
    }
    out
}

/// An unnamed piece is compared with a named twin; a named piece is not said to move like
/// another named piece (the Pawn is no Metamachy Pawn), only what sets it apart: the Xiangqi
/// Horse can be blocked on the way.
fn with_twin(
    summary: String,
    piece: &model::Piece,
    identity: &names::Identity,
    moves_said: bool,
) -> String {
    let Some(twin) = identity.twins.first() else {
        return summary;
    };
    let difference = difference_words(piece);
    if identity.names.is_empty() {
        return format!(
            "Moves like the {} on an empty board, but {}. {summary}",
            twin.name,
            difference.unwrap_or(Cow::Borrowed("other pieces change what it can do"))
        );
    }
    let Some(difference) = difference else {
        return summary;
    };
    // A plain twin (the Knight to the Xiangqi Horse) tells what the piece is like; one with a
    // feature of its own (the Metamachy Pawn to the Pawn) does not.
    match identity.twins.iter().find(|twin| is_plain(twin.betza)) {
        Some(plain) => format!(
            "Moves like the {} on an empty board, but {difference}. {summary}",
            plain.name
        ),
        // The sentence of its moves says it already ("unless blocked").
        None if moves_said => summary,
        None => {
            let mut sentence = difference.into_owned();
            sentence[..1].make_ascii_uppercase();
            format!("{sentence}. {summary}")
        }
    }
}

/// The summary opened with the piece's names, when the catalogue knows it.
fn with_names(summary: String, identity: &names::Identity) -> String {
    let names: Vec<&str> = identity.names.iter().map(|e| e.name).collect();
    match names.split_first() {
        None => summary,
        Some((first, [])) => format!("The {first}. {summary}"),
        Some((first, others)) => format!(
            "The {first} (also known as: {}). {summary}",
            others.join(", ")
        ),
    }
}

/// The most entries an explanation lists; the rest are counted.
const MOVES_LISTED: usize = 64;

/// The squares of the piece on an empty board, drawn around it as text. Without a board: a
/// 15×15 board cut to a window at least 7×7 and large enough for its nearest moves; with one,
/// the whole board with the piece in the centre. Pieces whose moves depend on others get a
/// second diagram with example friends and enemies.
pub fn diagram(parse: &Parse, board: Option<BoardSize>) -> String {
    Described::new(parse).diagram(board)
}

/// The empty-board diagram as an SVG document.
pub fn diagram_svg(parse: &Parse, board: Option<BoardSize>) -> String {
    Described::new(parse).diagram_svg(board)
}
