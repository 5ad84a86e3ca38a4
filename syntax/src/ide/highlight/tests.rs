use super::*;
use crate::analysis::Options;

#[test]
fn mbn_colours_w_as_a_mode_and_f_as_a_direction() {
    let class = |text: &str, dialect| {
        crate::parse(text, dialect)
            .syntax()
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .map(|t| token_class(dialect, t.kind(), false))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        class("wfK", Dialect::Mbn),
        [
            Some(TokenClass::Mode),
            Some(TokenClass::Direction),
            Some(TokenClass::Atom)
        ]
    );
    assert_eq!(class("wK", Dialect::XBetza)[0], Some(TokenClass::Invalid));
}

/// A range that starts inside a key or a string, or ends inside one, still colours it
/// whole; what lies wholly outside is left out.
#[test]
fn a_range_colours_what_it_touches() {
    let text = "[v:chess]\ncustomPiece1 = x:mfW\ncustomPiece2 = y:N\n[w:v]\n";
    let document = Document::new("variants.ini", "", text, &Options::default());
    let shown = |from: usize, to: usize| {
        highlights(&document, from, to)
            .into_iter()
            .map(|h| (&text[h.range], h.class))
            .collect::<Vec<_>>()
    };
    let key = text.find("Piece1").expect("key");
    let touched = shown(key, text.find("mfW").expect("string") + 1);
    assert!(
        touched.contains(&("customPiece1", TokenClass::HostKey)),
        "{touched:?}"
    );
    assert!(touched.contains(&("W", TokenClass::Atom)), "{touched:?}");
    assert!(!touched.iter().any(|t| t.0 == "N"), "{touched:?}");
    let letter = text.find("fW").expect("letter");
    assert!(shown(letter, letter + 1).contains(&("f", TokenClass::Direction)));
    let all = shown(0, text.len());
    assert!(all.contains(&("[v:chess]", TokenClass::Section)));
    assert!(all.contains(&("[w:v]", TokenClass::Section)));
    assert!(all.contains(&("N", TokenClass::Atom)), "{all:?}");
}
