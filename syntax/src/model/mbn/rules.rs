//! MBN that is a rule of the game rather than a move (seed 002, sections 2–5, 9–10 and 13), in
//! words: promotions, drops, castling rules, prefixed pieces, and the parts of a move that
//! depend on the board or the position (ranges, piece sets, conditions, board transitions).
//! None of these has a diagram; each gets a sentence that says what it does.

use crate::SyntaxKind::*;
use crate::tree::SyntaxNode;

/// The pieces of a list or set as words: "Q, R, B or N", with colours and drops said.
fn pieces(list: &SyntaxNode) -> Vec<String> {
    list.children()
        .filter(|n| n.kind() == IDENTIFIER)
        .map(|identifier| {
            let text = identifier.text().to_string();
            let drop = text.starts_with('@');
            let letter = text.trim_start_matches('@');
            let colour = match letter.chars().rev().find(char::is_ascii_alphabetic) {
                Some(c) if c.is_ascii_lowercase() => "black ",
                Some(_) if drop => "white ",
                _ => "",
            };
            format!("{colour}{letter}")
        })
        .collect()
}

fn or_list(items: &[String], last: &str) -> String {
    match items {
        [] => "nothing".to_owned(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} {last} {end}", rest.join(", ")),
    }
}

/// `+P==QRBN`, `$K==@k@K`, `*KLW==X`, `##Q==Q`: what the rule does.
pub(super) fn list_rule(identifiers: &[SyntaxNode], list: &SyntaxNode) -> String {
    let head: String = identifiers.iter().map(|i| i.text().to_string()).collect();
    let prefixes: String = head
        .chars()
        .take_while(|c| !c.is_ascii_alphabetic() && *c != ':')
        .collect();
    let letters = head[prefixes.len()..].to_owned();
    let items = pieces(list);
    if prefixes.starts_with('$') {
        return format!(
            "drop rule: the pieces are dropped in this order: {}",
            items.join(", then ")
        );
    }
    if prefixes.chars().count() >= 2 {
        return format!(
            "promotion rule of the promoted `{head}`: it promotes again, to {}",
            or_list(&items, "or")
        );
    }
    if letters.chars().count() > 1 && !letters.starts_with(':') {
        let from: Vec<String> = letters.chars().map(String::from).collect();
        return format!(
            "promotion rule (prefix `{prefixes}`): {} may promote to {}",
            or_list(&from, "and"),
            or_list(&items, "or")
        );
    }
    format!(
        "promotion rule: `{letters}` promotes to {} (as `{head}`); a small letter changes its colour",
        or_list(&items, "or")
    )
}

/// `O-O=…=…`: castling in words.
pub(super) fn castling_rule(castling: &SyntaxNode) -> String {
    let name = castling.text().to_string();
    let which = match name.matches('O').count() {
        2 => "short castling",
        3 => "long castling",
        _ => "castling",
    };
    let parts: Vec<String> = castling
        .parent()
        .map(|d| {
            d.children()
                .filter(|n| n.text_range().start() > castling.text_range().end())
                .map(|n| n.text().to_string())
                .collect()
        })
        .unwrap_or_default();
    match parts.as_slice() {
        [king, partner, ..] => format!(
            "castling rule `{name}` ({which}): the king moves `{king}`, then its partner moves `{partner}`"
        ),
        [king] => format!("castling rule `{name}` ({which}): the king moves `{king}`"),
        [] => format!("castling rule `{name}` ({which}) with no moves written"),
    }
}

/// A lone prefixed identifier (`+P`, `-Q`, `'P`, `!+G`).
pub(super) fn prefixed_piece(identifier: &SyntaxNode) -> String {
    let text = identifier.text().to_string();
    let what = match text.chars().next() {
        Some('+') => {
            "the promoted piece; with no moves written it keeps those of its unpromoted piece, and declares the default promotion"
        }
        Some('-') => "a piece before promotion; the matching promotion rule is implied",
        Some('\'') => "a side-mover: the piece's moves turned 90° clockwise",
        Some('!') => "cancels every definition of this piece",
        Some('?') => "a precondition that must hold before the move",
        Some('#' | '*' | '$' | '%' | '&') => {
            "a piece under one of the game's own prefix rules; with no moves written it keeps those of its unprefixed piece"
        }
        _ => "a piece whose moves the game's rules give",
    };
    format!("`{text}` is {what}")
}

/// A part of a move that depends on the board or the position.
pub(super) fn positional(part: &SyntaxNode) -> String {
    let text = part.text().to_string();
    match part.kind() {
        BOARD_RANGE if text == "[*]" => {
            format!("`{text}`: only from a square no enemy attacks")
        }
        BOARD_RANGE if text == "[+]" => format!("`{text}`: only from a square an enemy attacks"),
        BOARD_RANGE if text == "[#]" => format!("`{text}`: only from an edge square"),
        BOARD_RANGE if text == "[.]" => format!("`{text}`: only from an inner square"),
        BOARD_RANGE if text.starts_with("[^") => {
            format!("`{text}`: only from squares outside this range")
        }
        BOARD_RANGE => {
            format!("`{text}`: only from the squares of this range of the board")
        }
        PIECE_SET => format!(
            "`{text}`: only when one of {} attacks the piece's square",
            or_list(&pieces(part), "or")
        ),
        CONDITION => format!("`{text}`: only when this condition on the position holds"),
        BOARD => format!(
            "`{text}`: to or on other boards of a 3D or 4D game, which a flat diagram cannot show"
        ),
        _ => format!("`{text}` depends on the position"),
    }
}

/// `(N)(rf)8`: a circular rider, as the seed defines it: "(P)mλ := P-{(mP)(λ-1)}".
pub(super) fn circular(rider: &SyntaxNode) -> String {
    let text = rider.text().to_string();
    let turns: Vec<SyntaxNode> = rider
        .children()
        .filter(|n| matches!(n.kind(), MODIFIER | AMALGAM))
        .collect();
    // The piece is what comes before the turn: `(N)` in `(N)(rf)8`.
    let piece_end = turns.first().map_or(text.len(), |t| {
        usize::from(t.text_range().start() - rider.text_range().start())
    });
    let piece = &text[..piece_end];
    let turn: String = turns.iter().map(|n| n.text().to_string()).collect();
    let count = rider
        .children()
        .find(|n| n.kind() == RANGE)
        .map(|n| n.text().to_string())
        .unwrap_or_default();
    let how_many = match count.as_str() {
        "" => "with no count, which is".to_owned(),
        n => format!("`{n}` times, a count that is"),
    };
    format!(
        "a circular rider: `{piece}` once, then `{piece}` again, each turned `{turn}` from the one \
         before, {how_many} not drawn yet (seed 002: (P)mλ = P-{{(mP)(λ-1)}})"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dialect, parse};

    fn definition(text: &str) -> SyntaxNode {
        let root = parse(text, Dialect::Mbn).syntax();
        root.children()
            .find(|n| n.kind() == DEFINITION)
            .expect("a definition")
    }

    fn list_words(text: &str) -> String {
        let d = definition(text);
        let identifiers: Vec<SyntaxNode> =
            d.children().filter(|n| n.kind() == IDENTIFIER).collect();
        let list = d
            .children()
            .find(|n| n.kind() == PIECE_LIST)
            .expect("a list");
        list_rule(&identifiers, &list)
    }

    /// Seed 002, sections 2, 4 and 5, each rule as the seed states it.
    #[test]
    fn promotions_and_drops_in_words() {
        // "+P==QRBN … defining a promotion set of promoted piece +P"
        assert_eq!(
            list_words("+P==QRBN"),
            "promotion rule: `P` promotes to Q, R, B or N (as `+P`); a small letter changes its colour"
        );
        // "Black has to drop his King, then White … his King, then Black … (W) … White … (S)"
        assert_eq!(
            list_words("$K==@k@K@w@S"),
            "drop rule: the pieces are dropped in this order: black k, then white K, then black w, then white S"
        );
        // "promotion rule for the pieces K, L, W, N, C, and P"
        assert!(list_words("*KLWNCP==X").contains("K, L, W, N, C and P may promote to X"));
        // "##Q==Q … the promotion of the promoted piece to un-promoted piece"
        assert!(list_words("##Q==Q").starts_with("promotion rule of the promoted `##Q`"));
    }

    /// Seed 002, circular riders: counts other than `λ`, `0` and `0*` (here `*`, to the edge)
    /// are said in words.
    #[test]
    fn a_circular_rider_with_another_count_in_words() {
        let rider = definition(":CK:=(K)(fr)*")
            .descendants()
            .find(|n| n.kind() == GROUP && n.children().any(|c| c.kind() == AMALGAM))
            .expect("the rider");
        let words = circular(&rider);
        assert!(words.starts_with("a circular rider: `(K)` once"), "{words}");
        assert!(words.contains("turned `(fr)`"), "{words}");
        assert!(
            words.contains("`*` times, a count that is not drawn yet"),
            "{words}"
        );
    }

    /// Seed 002, section 13: "O-O=[*]irD02=ij{k}lD0-D".
    #[test]
    fn castling_in_words() {
        let d = definition("O-O=[*]irD02=ij{k}lD0-D");
        let castling = d
            .children()
            .find(|n| n.kind() == CASTLING)
            .expect("castling");
        assert_eq!(
            castling_rule(&castling),
            "castling rule `O-O` (short castling): the king moves `[*]irD02`, then its partner moves `ij{k}lD0-D`"
        );
    }
}
