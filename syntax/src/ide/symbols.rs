//! Document symbols, as plain data: variants (sections) and their pieces, named when the
//! catalogue knows them.

use super::Document;
use crate::TextRange;
use crate::explain::names::identify;

/// What a symbol stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// A section of a `variants.ini`: one variant.
    Variant,
    Piece,
}

/// One symbol; a variant's pieces are its children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    /// A piece's Betza string.
    pub detail: Option<String>,
    pub kind: SymbolKind,
    pub range: TextRange,
    pub children: Vec<Symbol>,
}

/// The symbols of `document`: sections with their pieces, then pieces outside any section.
pub fn symbols(document: &Document) -> Vec<Symbol> {
    let mut sections: Vec<Symbol> = Vec::new();
    let mut loose: Vec<Symbol> = Vec::new();
    for region in document.regions() {
        let text = document.region_text(region);
        let piece = document.piece(&text, region.dialect);
        let names: Vec<&str> = identify(piece.model())
            .names
            .iter()
            .map(|e| e.name)
            .collect();
        let label = match (&region.context.piece, &region.context.name) {
            (Some(piece), _) => piece.clone(),
            (None, Some(name)) => name.clone(),
            (None, None) => text.clone(),
        };
        let symbol = Symbol {
            name: if names.is_empty() {
                label
            } else {
                format!("{label}: {}", names.join(" / "))
            },
            detail: Some(text),
            kind: SymbolKind::Piece,
            range: region.range,
            children: Vec::new(),
        };
        let Some(section) = &region.context.section else {
            loose.push(symbol);
            continue;
        };
        match sections.last_mut() {
            Some(current) if &current.name == section => {
                current.range = current.range.cover(symbol.range);
                current.children.push(symbol);
            }
            _ => sections.push(Symbol {
                name: section.clone(),
                detail: None,
                kind: SymbolKind::Variant,
                range: symbol.range,
                children: vec![symbol],
            }),
        }
    }
    sections.extend(loose);
    sections
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Options;

    #[test]
    fn pieces_sit_in_their_variants_and_are_named_when_known() {
        let text =
            "[v:chess]\ncustomPiece1 = a:N\ncustomPiece2 = b:WW\n[w:v]\ncustomPiece1 = c:N\n";
        let document = Document::new("variants.ini", "", text, &Options::default());
        let symbols = symbols(&document);
        let names: Vec<(&str, usize)> = symbols
            .iter()
            .map(|s| (s.name.as_str(), s.children.len()))
            .collect();
        assert_eq!(names, [("v", 2), ("w", 1)]);
        let first = &symbols[0];
        assert!(first.children[0].name.ends_with("Knight"), "{first:?}");
        assert_eq!(first.children[0].detail.as_deref(), Some("N"));
        // A variant reaches from its first piece to its last.
        assert_eq!(&text[first.range], "N\ncustomPiece2 = b:WW");
    }
}
