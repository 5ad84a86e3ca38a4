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

/// The modifiers of one leg, in order, with their ranges.
pub type LegLetters = Vec<(Modifier, TextRange)>;

#[derive(Debug, Clone)]
enum Item {
    Letter(Modifier, TextRange),
    Again,
    Group { inner: Vec<Item>, max: u32 },
}

/// The leg lists a move stands for: one for a move without groups, one per repeat count
/// otherwise, capped by [`EXPANSION_LIMIT`]; the flag says whether the cap cut any off.
pub fn expansions(a_move: &ast::Move) -> (Vec<Vec<(LegLetters, TextRange)>>, bool) {
    let items = sequence(a_move.syntax());
    let mut flats: Vec<Vec<Item>> = vec![Vec::new()];
    let mut capped = false;
    for item in items {
        match item {
            Item::Group { inner, max } => {
                let mut next = Vec::new();
                'prefixes: for prefix in &flats {
                    for repeats in 0..=max {
                        if next.len() >= EXPANSION_LIMIT {
                            capped = true;
                            break 'prefixes;
                        }
                        let mut flat = prefix.clone();
                        for _ in 0..repeats {
                            flat.extend(inner.iter().cloned());
                        }
                        next.push(flat);
                    }
                }
                flats = next;
            }
            other => flats.iter_mut().for_each(|flat| flat.push(other.clone())),
        }
    }
    let whole = a_move.text_range();
    let legs = flats
        .into_iter()
        .map(|flat| split_legs(&flat, whole))
        .collect();
    (legs, capped)
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
                            LegElement::Group(group) => items.push(Item::Group {
                                // Groups do not nest (the parser reports a nested one), so the
                                // inner sequence holds letters and `a`s only.
                                inner: sequence(group.syntax())
                                    .into_iter()
                                    .filter(|i| !matches!(i, Item::Group { .. }))
                                    .collect(),
                                max: group
                                    .max_repeats()
                                    .unwrap_or(REPEAT_LIMIT)
                                    .min(REPEAT_LIMIT),
                            }),
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

fn split_legs(flat: &[Item], whole: TextRange) -> Vec<(LegLetters, TextRange)> {
    let mut legs = vec![Vec::new()];
    for item in flat {
        match item {
            Item::Letter(modifier, range) => {
                if let Some(leg) = legs.last_mut() {
                    leg.push((*modifier, *range));
                }
            }
            Item::Again => legs.push(Vec::new()),
            Item::Group { .. } => {}
        }
    }
    legs.into_iter()
        .map(|letters: LegLetters| {
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
mod tests {
    use super::*;
    use crate::{Dialect, parse};

    fn shapes(betza: &str) -> Vec<String> {
        let parsed = parse(betza, Dialect::XBetza);
        let a_move = parsed.piece().moves().next().expect("a move");
        expansions(&a_move)
            .0
            .into_iter()
            .map(|legs| {
                legs.iter()
                    .map(|(letters, _)| {
                        letters
                            .iter()
                            .map(|(m, _)| m.entry().letter)
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join("a")
            })
            .collect()
    }

    #[test]
    fn a_group_repeats_from_zero_up_to_its_count() {
        // Seed 003 "Ideas": "(s(paf)2cR)" — repeat the group at most twice.
        assert_eq!(shapes("s(paf)2cR"), ["sc", "spafc", "spafpafc"]);
        // The Juggernaut Rook: R, cafR, cafcafR, ...
        let juggernaut = shapes("(caf)R");
        assert_eq!(&juggernaut[..3], ["", "caf", "cafcaf"]);
        assert_eq!(juggernaut.len(), REPEAT_LIMIT as usize + 1);
        assert_eq!(shapes("fmW"), ["fm"]);
    }
}
