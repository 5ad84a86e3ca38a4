//! MBN's conditions on the position read as data (seed 002, "Conditions": "The condition is
//! enclosed inside a pair of slashes … A condition is a combination of a piece set and a board
//! range", either of which may be left out, and braces and brackets with them for one piece or
//! one square).

use super::regions::area;
use crate::SyntaxKind::{self, *};
use crate::model::piece_set::{Member, PieceSet};
use crate::model::region::{Condition, Region};
use crate::notation::mbn::ast;

/// The condition, or `None` for one the board cannot decide (a compound letter, a special
/// range, a board of another dimension).
pub(super) fn condition(condition: &ast::Condition) -> Option<Condition> {
    let source = condition.syntax().text_range();
    let tokens: Vec<(SyntaxKind, String)> = condition
        .syntax()
        .children_with_tokens()
        .map(|e| (e.kind(), e.to_string()))
        .filter(|(kind, _)| *kind != SLASH)
        .collect();
    let mut rest = tokens.as_slice();
    let pieces = match rest.first() {
        Some((L_BRACE, _)) => {
            let close = rest.iter().position(|(kind, _)| *kind == R_BRACE)?;
            let set = piece_set(&rest[1..close], source)?;
            rest = &rest[close + 1..];
            Some(set)
        }
        Some((kind, letter)) if kind.is_capital_letter() => {
            let set = PieceSet {
                complement: false,
                members: vec![Member {
                    name: letter.clone(),
                    friendly: None,
                }],
                source,
            };
            rest = &rest[1..];
            Some(set)
        }
        _ => None,
    };
    let place = match rest {
        [] => None,
        [(L_BRACKET, _), inner @ .., (R_BRACKET, _)] => Some(place(inner, source)?),
        square => Some(place(square, source)?),
    };
    (pieces.is_some() || place.is_some()).then_some(Condition {
        pieces,
        place,
        source,
    })
}

/// The letters between braces: `T`, `!Qb`, `^AB`.
fn piece_set(tokens: &[(SyntaxKind, String)], source: rowan::TextRange) -> Option<PieceSet> {
    let (by_colour, tokens) = match tokens.split_first() {
        Some(((BANG, _), rest)) => (true, rest),
        _ => (false, tokens),
    };
    let (complement, tokens) = match tokens.split_first() {
        Some(((CARET, _), rest)) => (true, rest),
        _ => (false, tokens),
    };
    let members = tokens
        .iter()
        .map(|(kind, letter)| {
            let lower = !kind.is_capital_letter();
            (kind.is_capital_letter() || kind.is_modifier_letter() || *kind == SMALL_A).then(|| {
                Member {
                    name: letter.to_ascii_uppercase(),
                    friendly: by_colour.then_some(!lower),
                }
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(PieceSet {
        complement,
        members,
        source,
    })
}

fn place(tokens: &[(SyntaxKind, String)], source: rowan::TextRange) -> Option<Region> {
    let areas = tokens
        .split(|(kind, _)| *kind == COMMA)
        .map(area)
        .collect::<Option<Vec<_>>>()?;
    Some(Region {
        complement: false,
        areas,
        source,
    })
}
