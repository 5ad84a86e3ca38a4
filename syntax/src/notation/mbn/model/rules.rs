//! MBN that is a rule of the game rather than a move (MBN description, sections 2–5, 9–10 and 13), in
//! words: promotions, drops, castling rules, prefixed pieces, and the parts of a move that
//! depend on the board or the position (ranges, piece sets, conditions, board transitions).
//! None of these has a diagram; each gets a sentence that says what it does.

use crate::notation::mbn::ast::{self as ast, CastlingKind, SpecialRange};
use crate::notation::mbn::vocabulary::Prefix;

/// The pieces of a list or set as words: "Q, R, B or N", with colours and drops said.
fn pieces(identifiers: impl Iterator<Item = ast::Identifier>) -> Vec<String> {
    identifiers
        .map(|identifier| {
            let written = identifier.syntax().text().to_string();
            let drop = identifier.has_at();
            // "If the black piece has a different move, then lowercase letters will be used
            // instead of uppercase letters" (section 1); a drop names the side either way.
            let small = identifier
                .letter()
                .and_then(|l| l.letters().last().copied())
                .map(|c| c.is_ascii_lowercase());
            let colour = match small {
                Some(true) => "black ",
                Some(false) if drop => "white ",
                _ => "",
            };
            // The `@` of a drop (section 5) is said as the colour, not quoted.
            let piece = written.strip_prefix('@').unwrap_or(&written);
            format!("{colour}{piece}")
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

/// A rule's words with the section of the MBN description it comes from.
fn cited(words: String, section: &str) -> String {
    format!("{words} (MBN description, section {section})")
}

/// `+P==QRBN`, `$K==@k@K`, `*KLW==X`, `##Q==Q`: what the rule does, with its section.
pub(super) fn list_rule(identifiers: &[ast::Identifier], list: &ast::PieceList) -> String {
    let drop = identifiers
        .first()
        .and_then(|i| i.prefixes().next())
        .is_some_and(|p| p == Prefix::Game('$'));
    let section = if drop {
        "5, \"Drop Rules\""
    } else {
        "4, \"Promotions\""
    };
    cited(list_rule_words(identifiers, list), section)
}

fn list_rule_words(identifiers: &[ast::Identifier], list: &ast::PieceList) -> String {
    let head: String = identifiers
        .iter()
        .map(|i| i.syntax().text().to_string())
        .collect();
    let prefixes: Vec<Prefix> = identifiers
        .first()
        .map(|i| i.prefixes().collect())
        .unwrap_or_default();
    let symbols: String = prefixes.iter().map(|p| p.symbol()).collect();
    let letters: Vec<String> = identifiers
        .iter()
        .filter_map(|i| i.letter())
        .map(|l| l.to_string())
        .collect();
    let items = pieces(list.identifiers());
    // "The piece prefix (here "$") will be declared with board rule pieces" (section 5).
    if prefixes.first() == Some(&Prefix::Game('$')) {
        return format!(
            "drop rule: the pieces are dropped in this order: {}",
            items.join(", then ")
        );
    }
    // "A double piece letter prefix … can only occur when defining the promotion rule of a
    // promoted piece to any other piece."
    if prefixes.len() >= 2 {
        return format!(
            "promotion rule of the promoted `{head}`: it promotes again, to {}",
            or_list(&items, "or")
        );
    }
    // "It's allowed to define the promotion rule for multiple pieces with one definition".
    if letters.len() > 1 {
        return format!(
            "promotion rule (prefix `{symbols}`): {} may promote to {}",
            or_list(&letters, "and"),
            or_list(&items, "or")
        );
    }
    format!(
        "promotion rule: `{}` promotes to {} (as `{head}`); a small letter changes its colour",
        letters.concat(),
        or_list(&items, "or")
    )
}

/// `O-O=…=…`: castling in words, with its section.
pub(super) fn castling_rule(castling: &ast::Castling) -> String {
    cited(castling_words(castling), "13, \"Castling\"")
}

fn castling_words(castling: &ast::Castling) -> String {
    let name = castling.syntax().text().to_string();
    let which = match castling.kind() {
        Some(CastlingKind::Short) => "short castling",
        Some(CastlingKind::Long) => "long castling",
        _ => "castling",
    };
    let parts: Vec<String> = castling
        .moves()
        .iter()
        .map(|m| m.syntax().text().to_string())
        .collect();
    match parts.as_slice() {
        [king, partner, ..] => format!(
            "castling rule `{name}` ({which}): the king moves `{king}`, then its partner moves `{partner}`"
        ),
        [king] => format!("castling rule `{name}` ({which}): the king moves `{king}`"),
        [] => format!("castling rule `{name}` ({which}) with no moves written"),
    }
}

/// A lone prefixed identifier (`+P`, `-Q`, `'P`, `!+G`).
pub(super) fn prefixed_piece(identifier: &ast::Identifier) -> String {
    let text = identifier.syntax().text().to_string();
    let prefix = identifier.prefixes().next();
    let what = match prefix {
        _ if identifier.is_side_mover() => "a side-mover: the piece's moves turned 90° clockwise",
        // A macro's name (section 16) is no prefixed piece.
        _ if identifier.has_at() => "a piece whose moves the game's rules give",
        Some(Prefix::Promoted) => {
            "the promoted piece; with no moves written it keeps those of its unpromoted piece, and declares the default promotion"
        }
        Some(Prefix::Unpromoted) => {
            "a piece before promotion; the matching promotion rule is implied"
        }
        Some(Prefix::Cancel) => "a cancellation of every definition of this piece",
        Some(Prefix::Precondition) => "a precondition that must hold before the move",
        Some(Prefix::Game(_)) => {
            "a piece under one of the game's own prefix rules; with no moves written it keeps those of its unprefixed piece"
        }
        None => "a piece whose moves the game's rules give",
    };
    cited(format!("`{text}` is {what}"), "2, \"Prefixed Pieces\"")
}

/// A part of a move that depends on the position, said in words; a board range after the move
/// (`after_move`) limits where it ends rather than where it starts (seed 002).
pub(super) fn positional(restriction: &ast::Restriction, after_move: bool) -> String {
    let text = restriction.syntax().text().to_string();
    let way = if after_move { "to" } else { "from" };
    match restriction {
        ast::Restriction::BoardRange(range) => match range.special() {
            Some(SpecialRange::Unthreatened) => {
                format!("`{text}`: only {way} a square no enemy attacks")
            }
            Some(SpecialRange::Threatened) => {
                format!("`{text}`: only {way} a square an enemy attacks")
            }
            Some(SpecialRange::Unmoved) => {
                format!("`{text}`: only {way} a square of an unmoved piece")
            }
            _ => format!(
                "`{text}`: only {way} the squares of this range, which is not drawn yet (an \
                 iterator, or a form the board cannot decide)"
            ),
        },
        ast::Restriction::PieceSet(set) => format!(
            "`{text}`: only when one of {} attacks the piece's square",
            or_list(&pieces(set.identifiers()), "or")
        ),
        ast::Restriction::Condition(_) => {
            format!("`{text}`: only when this condition on the position holds")
        }
        ast::Restriction::Board(_) => cited(
            format!(
                "`{text}`: to or on other boards of a 3D or 4D game, which a flat diagram cannot \
                 show"
            ),
            "8, \"Board Transition Operator\"",
        ),
    }
}

/// `(N)(rf)8`: a circular rider, as the seed defines it: "(P)mλ := P-{(mP)(λ-1)}".
pub(super) fn circular(rider: &ast::Move) -> String {
    let text = rider.syntax().text().to_string();
    let turn = rider.circular();
    // The piece is what comes before the turn: `(N)` in `(N)(rf)8`.
    let piece_end = turn.as_ref().map_or(text.len(), |t| {
        usize::from(t.text_range().start() - rider.text_range().start())
    });
    let piece = &text[..piece_end];
    let turn = turn
        .map(|t| t.syntax().text().to_string())
        .unwrap_or_default();
    let how_many = match rider.steps() {
        None => "with no count, which is".to_owned(),
        Some(steps) => format!("`{}` times, a count that is", steps.syntax().text()),
    };
    format!(
        "a circular rider: `{piece}` once, then `{piece}` again, each turned `{turn}` from the one \
         before, {how_many} not drawn yet (MBN description: (P)mλ = P-{{(mP)(λ-1)}})"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dialect, parse};

    fn definition(text: &str) -> ast::Definition {
        let parse = parse(text, Dialect::Mbn);
        parse.piece().definitions().next().expect("a definition")
    }

    fn list_words(text: &str) -> String {
        let d = definition(text);
        let identifiers: Vec<ast::Identifier> = d.identifiers().collect();
        let list = d.piece_list().expect("a list");
        list_rule(&identifiers, &list)
    }

    /// Seed 002, sections 2, 4 and 5, each rule as the seed states it.
    #[test]
    fn promotions_and_drops_in_words() {
        // "+P==QRBN … defining a promotion set of promoted piece +P"
        assert_eq!(
            list_words("+P==QRBN"),
            "promotion rule: `P` promotes to Q, R, B or N (as `+P`); a small letter changes its colour (MBN description, section 4, \"Promotions\")"
        );
        // "Black has to drop his King, then White … his King, then Black … (W) … White … (S)"
        assert_eq!(
            list_words("$K==@k@K@w@S"),
            "drop rule: the pieces are dropped in this order: black k, then white K, then black w, then white S (MBN description, section 5, \"Drop Rules\")"
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
            .syntax()
            .descendants()
            .filter_map(ast::Move::cast)
            .find(|m| m.circular().is_some())
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
        let castling = d.castling().expect("castling");
        assert_eq!(
            castling_rule(&castling),
            "castling rule `O-O` (short castling): the king moves `[*]irD02`, then its partner moves `ij{k}lD0-D` (MBN description, section 13, \"Castling\")"
        );
    }
}
