//! Chained Extended Betza (seed 001) in words: each written move leg by leg, as written, with
//! what each operator asks of the square where two legs meet. The model expands a move into
//! one path per orientation; the words follow the text instead, so they say it once.

use rowan::NodeOrToken;

use super::MoveExplanation;
use super::words::steps_words;
use crate::SyntaxKind::*;
use crate::model::chained::{atom_leaps, vector_leap};
use crate::model::{Reach, orientations};
use crate::parser::chained::is_operator;
use crate::tree::SyntaxNode;
use crate::vocabulary::chained::operator_meaning;

/// What an operator asks of the square where the legs meet.
fn operator_words(operator: char) -> &'static str {
    operator_meaning(operator).map_or("", |(_, words)| words)
}

/// A move's prefix in words: its directions select by where the whole path ends (seed 001:
/// "frm(WxlW) … an F step … to your forward right"), its modes say what the last leg may do.
fn prefix_words(prefix: &str) -> String {
    let directions: String = prefix.chars().filter(|c| "fblrsvh".contains(*c)).collect();
    let mut parts = Vec::new();
    if !directions.is_empty() {
        parts.push(format!(
            "only paths that end `{directions}` of the start, by their overall step"
        ));
    }
    match (prefix.contains('m'), prefix.contains('c')) {
        (true, false) => parts.push("the last leg only moves to an empty square".to_owned()),
        (false, true) => parts.push("the last leg only captures".to_owned()),
        _ => {}
    }
    if prefix.contains('i') {
        parts.push("only on the piece's first move".to_owned());
    }
    if prefix.contains('n') {
        parts.push("a leap can be blocked on the way".to_owned());
    }
    if parts.is_empty() {
        parts.push("no effect on its own".to_owned());
    }
    format!("prefix `{prefix}`: {}", parts.join("; "))
}

/// One line for a leg's element: its atom in words, or its group's text.
fn element_words(leg: &SyntaxNode) -> String {
    let Some(element) = leg.children().find(|n| matches!(n.kind(), ATOM | GROUP)) else {
        return "a leg".to_owned();
    };
    let text = element.text().to_string();
    if element.kind() == GROUP {
        return format!("the group `{text}`");
    }
    let leaps = match element.children().find(|n| n.kind() == VECTOR) {
        Some(vector) => vector_leap(&vector).map(|leap| (vec![leap], Reach::Steps(1))),
        None => text.chars().next().and_then(atom_leaps),
    };
    match leaps {
        Some((leaps, reach)) => format!("`{text}`: {}", steps_words(&orientations(&leaps), reach)),
        None if text == "O" => "`O`: the null move".to_owned(),
        None => format!("`{text}`"),
    }
}

/// The exponent of a leg in words: "`3`: up to 3 times, each straight on".
fn exponent_words(range: &SyntaxNode) -> String {
    let text = range.text().to_string();
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let operator = text
        .chars()
        .find(|c| "t-+?!xdy".contains(*c))
        .unwrap_or('t');
    let letters: String = text
        .chars()
        .filter(|c| c.is_ascii_lowercase() && !"txdy".contains(*c))
        .collect();
    let count = if digits == "0" {
        "any number of times".to_owned()
    } else if operator == 't' {
        format!("up to {digits} times")
    } else {
        format!("exactly {digits} times")
    };
    format!(
        "`{text}`: repeated {count}, each repeat turned `{}` from the one before{}",
        if letters.is_empty() { "f" } else { &letters },
        if operator == 't' {
            String::new()
        } else {
            format!(
                "; between repeats, `{operator}`: {}",
                operator_words(operator)
            )
        }
    )
}

/// Each written move of a chained piece, leg by leg.
pub(super) fn moves(root: &SyntaxNode) -> Vec<MoveExplanation> {
    root.children()
        .filter(|n| n.kind() == MOVE)
        .map(|written| {
            let mut lines = Vec::new();
            let mut operator: Option<char> = None;
            let mut letters = String::new();
            let mut number = 0;
            for element in written.children_with_tokens() {
                match element {
                    NodeOrToken::Token(token) if is_operator(token.kind()) => {
                        operator = token.text().chars().next();
                    }
                    NodeOrToken::Node(node) if node.kind() == MODIFIER && number == 0 => {
                        lines.push(prefix_words(&node.text().to_string()));
                    }
                    NodeOrToken::Node(node) if node.kind() == MODIFIER => {
                        letters = node.text().to_string();
                    }
                    NodeOrToken::Node(leg) if leg.kind() == LEG => {
                        number += 1;
                        let mut line = format!("{number}. {}", element_words(&leg));
                        if let Some(symbol) = operator.take() {
                            line = format!(
                                "after `{symbol}` ({}): {number}. {}",
                                operator_words(symbol),
                                element_words(&leg)
                            );
                        }
                        if number > 1 {
                            let turn = if letters.is_empty() {
                                "f"
                            } else {
                                letters.as_str()
                            };
                            line.push_str(&format!(
                                ", turned `{turn}` from the leg before{}",
                                if letters.contains('e') {
                                    ", as many steps as it (e)"
                                } else {
                                    ""
                                }
                            ));
                        }
                        letters.clear();
                        lines.push(line);
                        if let Some(range) = leg.children().find(|n| n.kind() == RANGE) {
                            lines.push(format!("   {}", exponent_words(&range)));
                        }
                    }
                    _ => {}
                }
            }
            MoveExplanation {
                text: written.text().to_string(),
                lines,
            }
        })
        .collect()
}
