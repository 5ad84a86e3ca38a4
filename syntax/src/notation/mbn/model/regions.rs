//! MBN's board ranges read as regions of the board (seed 002, "Board Ranges"), where the
//! board alone decides them: files, ranks, squares, their unions and complements, the edge and
//! the inner squares. Threatened squares, unmoved pieces and iterators need a game: `None`.

use crate::SyntaxKind::{self, *};
use crate::model::region::{Area, Region};
use crate::notation::mbn::ast::{self as ast, SpecialRange};

/// The region a range stands for, or `None` when deciding it needs more than the board.
pub(super) fn region(range: &ast::BoardRange) -> Option<Region> {
    let source = range.syntax().text_range();
    match range.special() {
        Some(SpecialRange::Edge) => return Some(whole(vec![Area::Edge], source)),
        Some(SpecialRange::Inner) => return Some(whole(vec![Area::Inner], source)),
        Some(_) => return None,
        None => {}
    }
    let tokens: Vec<(SyntaxKind, String)> = range
        .syntax()
        .children_with_tokens()
        .map(|e| (e.kind(), e.to_string()))
        .filter(|(kind, _)| !matches!(kind, L_BRACKET | R_BRACKET))
        .collect();
    let (complement, tokens) = match tokens.split_first() {
        Some(((CARET, _), rest)) => (true, rest),
        _ => (false, tokens.as_slice()),
    };
    let mut areas = Vec::new();
    // `[]` is "the empty board range", `[^]` "the whole board".
    if !tokens.is_empty() {
        for part in tokens.split(|(kind, _)| *kind == COMMA) {
            areas.push(area(part)?);
        }
    }
    Some(Region {
        complement,
        areas,
        source,
    })
}

fn whole(areas: Vec<Area>, source: rowan::TextRange) -> Region {
    Region {
        complement: false,
        areas,
        source,
    }
}

/// One part between commas: "A file designator is a single file or two files separated by a
/// hyphen. A rank designator is analogous … A square range is a file designator followed by a
/// rank designator."
pub(super) fn area(tokens: &[(SyntaxKind, String)]) -> Option<Area> {
    let file = |text: &str| match text.as_bytes() {
        [letter @ b'a'..=b'z'] => Some(letter - b'a'),
        _ => None,
    };
    // Rank numbers past any board match nothing; past 255 they are not read.
    let rank = |text: &str| text.parse::<u8>().ok()?.checked_sub(1);
    let mut rest = tokens;
    let mut designator = |read: &dyn Fn(&str) -> Option<u8>,
                          kind_ok: &dyn Fn(SyntaxKind) -> bool| {
        let ((kind, text), after) = rest.split_first()?;
        if !kind_ok(*kind) {
            return None;
        }
        let first = read(text)?;
        let last = match after {
            [(MINUS, _), (kind, text), tail @ ..] if kind_ok(*kind) => {
                rest = tail;
                read(text)?
            }
            _ => {
                rest = after;
                first
            }
        };
        Some((first.min(last), first.max(last)))
    };
    let is_letter = |kind: SyntaxKind| kind != DIGITS && kind != MINUS && kind != COMMA;
    let files = designator(&file, &is_letter);
    let ranks = designator(&rank, &|kind| kind == DIGITS);
    (rest.is_empty() && (files.is_some() || ranks.is_some()))
        .then_some(Area::Squares { files, ranks })
}

/// The files a range of whole files spans, first and last (`[b,g]`, `[b-g]`); `None` for one
/// with ranks, squares or a complement.
pub(super) fn files_of(range: &ast::BoardRange) -> Option<(u8, u8)> {
    let region = region(range)?;
    if region.complement || region.areas.is_empty() {
        return None;
    }
    let spans = region
        .areas
        .iter()
        .map(|area| match *area {
            Area::Squares {
                files: Some(files),
                ranks: None,
            } => Some(files),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let first = spans.iter().map(|(a, _)| *a).min()?;
    let last = spans.iter().map(|(_, b)| *b).max()?;
    (first < last).then_some((first, last))
}
