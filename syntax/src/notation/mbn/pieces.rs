//! The definitions of MBN text one by one, each with its macros dissolved. A definition's moves
//! only mean something once that is done (seed 002: "Before any piece definition will be
//! interpreted, all the macro definitions have to be dissolved"), so explanations and
//! diagrams are made from the dissolved text, one definition at a time.

use rowan::TextSize;

use super::macros::{Macros, key_of};
use crate::SyntaxKind::{self, *};
use crate::notation::definitions::Definition;
use crate::tree::{Parse, SyntaxNode};

/// The meaning of `definition` (a DEFINITION node whose text starts at `offset`) under `macros`.
pub fn definition_meaning(
    macros: &Macros,
    definition: &SyntaxNode,
    offset: TextSize,
) -> Definition {
    let identifier = definition.children().find(|n| n.kind() == IDENTIFIER);
    let name = identifier.as_ref().map(|i| {
        i.descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| !in_comment(t.parent()))
            .map(|t| t.text().to_owned())
            .collect::<String>()
    });
    // `I|Nightrider|=…`: the comment between the identifier and `=` names the piece.
    // A lone identifier's comment follows the definition node (`I|Nightrider|`).
    let title = definition
        .children_with_tokens()
        .take_while(|e| e.kind() != EQUALS)
        .find(|e| e.kind() == COMMENT)
        .map(|c| c.to_string())
        .or_else(|| {
            let next = definition.next_sibling()?;
            (next.kind() == COMMENT && next.text_range().start() == definition.text_range().end())
                .then(|| next.text().to_string())
        })
        .map(|c| c.trim_matches('|').to_owned());
    let is_macro = identifier
        .as_ref()
        .is_some_and(|i| i.children_with_tokens().any(|e| e.kind() == AT));
    // Nothing to dissolve with: the text as written, comments left out.
    let written = Macros::default()
        .dissolve_definition(definition, offset)
        .unwrap_or_default();
    let lone = definition
        .children_with_tokens()
        .all(|e| matches!(e.kind(), IDENTIFIER | COMMENT));
    let overriding = identifier
        .as_ref()
        .filter(|_| lone)
        .map(|i| key_of(&letter_of(i)))
        .filter(|key| macros.written(key).is_some());
    let dissolved = match overriding {
        // "I|Nightrider| … @I=N0": a lone letter takes the macro that overrides its piece.
        Some(key) => macros.expand(&key),
        None => macros.dissolve_definition(definition, offset),
    };
    Definition {
        range: definition.text_range() + offset,
        name,
        title,
        is_macro,
        written,
        dissolved,
    }
}

/// Every definition of one MBN string, under the macros the string itself defines.
pub fn definitions(parse: &Parse) -> Vec<Definition> {
    let root = parse.syntax();
    let macros = Macros::collect([(TextSize::new(0), &root)]);
    root.children()
        .filter(|n| n.kind() == DEFINITION)
        .map(|d| definition_meaning(&macros, &d, TextSize::new(0)))
        .collect()
}

/// The letter or compound letter of an identifier, without prefixes, suffixes or comments.
fn letter_of(identifier: &SyntaxNode) -> String {
    identifier
        .children_with_tokens()
        .find_map(|e| match e {
            rowan::NodeOrToken::Token(t) if t.kind().letter().is_some() => {
                Some(t.text().to_owned())
            }
            rowan::NodeOrToken::Node(n) if n.kind() == COMPOUND => Some(n.text().to_string()),
            _ => None,
        })
        .unwrap_or_default()
}

fn in_comment(parent: Option<SyntaxNode>) -> bool {
    parent.is_some_and(|p| p.ancestors().any(|a| a.kind() == SyntaxKind::COMMENT))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::definitions::ExpandError;
    use crate::{Dialect, parse};

    /// Name, whether a macro, written text and dissolved text of each definition.
    type Read = (Option<String>, bool, String, Result<String, ExpandError>);

    fn read(text: &str) -> Vec<Read> {
        definitions(&parse(text, Dialect::Mbn))
            .into_iter()
            .map(|d| (d.name, d.is_macro, d.written, d.dissolved))
            .collect()
    }

    #[test]
    fn the_comment_after_the_identifier_is_the_title() {
        let titles: Vec<Option<String>> = definitions(&parse(
            "I|Nightrider| Z|Amazon-Rider|=Q|queen| W",
            Dialect::Mbn,
        ))
        .into_iter()
        .map(|d| d.title)
        .collect();
        assert_eq!(
            titles,
            [Some("Nightrider".into()), Some("Amazon-Rider".into()), None]
        );
    }

    /// Seed 002, section 16: "@:NR:=N0 I|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR:".
    #[test]
    fn each_definition_is_read_with_its_macros_dissolved() {
        let read = read("@:NR:=N0 I|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR:");
        assert_eq!(
            read,
            vec![
                (Some("@:NR:".into()), true, "N0".into(), Ok("N0".into())),
                (Some("I".into()), false, ":NR:".into(), Ok("(N0)".into())),
                (
                    Some("Z".into()),
                    false,
                    "Q+:NR:".into(),
                    Ok("Q+(N0)".into())
                ),
            ]
        );
    }

    /// Seed 002: "I|Nightrider| Z|Amazon-Rider|=QI @I=N0 … the macro definition is overwriting
    /// the basic piece I": the lone `I` is the Nightrider.
    #[test]
    fn a_lone_letter_takes_the_macro_that_overrides_it() {
        let read = read("I|Nightrider| Z|Amazon-Rider|=QI @I=N0");
        assert_eq!(read[0].3, Ok("N0".into()));
        assert_eq!(read[1].3, Ok("Q(N0)".into()));
        // With no macro a lone letter is the basic piece itself ("B and B=B are equivalent").
        assert_eq!(self::read("B")[0].3, Ok("B".into()));
    }

    #[test]
    fn a_recursive_macro_says_so() {
        let read = read("@:AA:=:BB: @:BB:=:AA: X=:AA:");
        assert!(matches!(read[2].3, Err(ExpandError::Recursive(_))));
    }
}
