//! Repeat groups (seed 000): "A group of modifiers can be surrounded by parentheses to indicate
//! it can be repeated indefinitely (including not occurring at all); (caf)R would be
//! 'Juggernaut Rook' ... A number behind the closing parenthesis would put a maximum on the
//! number of repeats." A move with groups stands for the moves its groups expand to, each a
//! plain list of legs: `(caf)R` is `R`, `cafR`, `cafcafR`, …

use rowan::TextRange;

use crate::SyntaxKind;
use crate::tree::SyntaxNode;
use crate::tree::ast::{self, LegElement};
use crate::vocabulary::Modifier;

/// An unlimited group repeats at most this often: a line of the largest board (26 squares) has
/// 25 squares besides the piece's own.
pub const REPEAT_LIMIT: u32 = 25;

/// At most this many expansions of one move, however many groups it has.
pub const EXPANSION_LIMIT: usize = 256;

/// At most this many expansions of all the moves of a piece: thousands of written moves with
/// groups would otherwise be hundreds of thousands of moves. A move past it still gets its
/// first expansion, every group written zero times.
pub const PIECE_EXPANSION_LIMIT: usize = 16 * EXPANSION_LIMIT;

/// The modifiers of one leg, in order, with their ranges.
pub type LegLetters = Vec<(Modifier, TextRange)>;

#[derive(Debug)]
enum Item {
    Letter(Modifier, TextRange),
    Again,
    Group { inner: Vec<Item>, max: u32 },
}

/// The leg lists a move stands for: one for a move without groups, one per repeat count
/// otherwise, at most `limit` (and [`EXPANSION_LIMIT`]), at least one; the flag says whether
/// the limit cut any off. The counts are taken in order with the last group counting fastest,
/// and only the kept ones are written out, so a move with thousands of groups costs as much as
/// its letters.
pub fn expansions(a_move: &ast::Move, limit: usize) -> (Vec<Vec<(LegLetters, TextRange)>>, bool) {
    let limit = limit.clamp(1, EXPANSION_LIMIT);
    let items = sequence(a_move.syntax());
    let maxima: Vec<u32> = items
        .iter()
        .filter_map(|item| match item {
            Item::Group { max, .. } => Some(*max),
            _ => None,
        })
        .collect();
    let whole = a_move.text_range();
    let mut counts = vec![0; maxima.len()];
    let mut expanded = Vec::new();
    loop {
        if expanded.len() == limit {
            return (expanded, true);
        }
        expanded.push(split_legs(&items, &counts, whole));
        // The next counts: the last group that can count further does, the ones after it
        // start again from zero.
        let Some(next) = (0..counts.len()).rev().find(|&g| counts[g] < maxima[g]) else {
            return (expanded, false);
        };
        counts[next] += 1;
        counts[next + 1..].iter_mut().for_each(|count| *count = 0);
    }
}

/// Legs and `a`s in order, from a move or a group node.
fn sequence(node: &SyntaxNode) -> Vec<Item> {
    let mut items = Vec::new();
    for element in node.children_with_tokens() {
        match element {
            rowan::NodeOrToken::Node(node) => {
                if let Some(leg) = ast::Leg::cast(node) {
                    for element in leg.elements() {
                        match element {
                            LegElement::Modifier(m) => {
                                if let Some(modifier) = m.modifier() {
                                    items.push(Item::Letter(modifier, m.text_range()));
                                }
                            }
                            LegElement::Group(group) => {
                                // Groups do not nest (the parser reports a nested one), so the
                                // inner sequence holds letters and `a`s only.
                                let inner: Vec<Item> = sequence(group.syntax())
                                    .into_iter()
                                    .filter(|i| !matches!(i, Item::Group { .. }))
                                    .collect();
                                // An empty group (reported) repeats nothing: written any
                                // number of times it is the same move.
                                if !inner.is_empty() {
                                    items.push(Item::Group {
                                        inner,
                                        max: group
                                            .max_repeats()
                                            .unwrap_or(REPEAT_LIMIT)
                                            .min(REPEAT_LIMIT),
                                    });
                                }
                            }
                        }
                    }
                }
            }
            rowan::NodeOrToken::Token(token) if token.kind() == SyntaxKind::SMALL_A => {
                items.push(Item::Again);
            }
            rowan::NodeOrToken::Token(_) => {}
        }
    }
    items
}

/// The legs of `items` with group `g` written out `counts[g]` times.
fn split_legs(items: &[Item], counts: &[u32], whole: TextRange) -> Vec<(LegLetters, TextRange)> {
    let mut legs: Vec<LegLetters> = vec![Vec::new()];
    let mut groups_seen = 0;
    let add = |item: &Item, legs: &mut Vec<LegLetters>| match item {
        Item::Letter(modifier, range) => {
            if let Some(leg) = legs.last_mut() {
                leg.push((*modifier, *range));
            }
        }
        Item::Again => legs.push(Vec::new()),
        Item::Group { .. } => {}
    };
    for item in items {
        if let Item::Group { inner, .. } = item {
            for _ in 0..counts[groups_seen] {
                inner
                    .iter()
                    .for_each(|inner_item| add(inner_item, &mut legs));
            }
            groups_seen += 1;
        } else {
            add(item, &mut legs);
        }
    }
    legs.into_iter()
        .map(|letters| {
            let range = letters
                .iter()
                .map(|(_, r)| *r)
                .reduce(|a, b| a.cover(b))
                .unwrap_or(whole);
            (letters, range)
        })
        .collect()
}

#[cfg(test)]
mod tests;
