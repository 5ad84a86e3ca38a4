//! Document symbols: variants (sections) and their pieces, named when the catalogue knows them.

use betza_syntax::explain::names::identify;
use betza_syntax::{model, parse};
use tower_lsp_server::ls_types::{DocumentSymbol, SymbolKind};

use crate::lsp::position::{Encoding, to_range};
use crate::lsp::state::Document;

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written out.
pub fn symbols(document: &Document, encoding: Encoding) -> Vec<DocumentSymbol> {
    let Some(analysis) = &document.analysis else {
        return Vec::new();
    };
    let mut sections: Vec<DocumentSymbol> = Vec::new();
    let mut loose: Vec<DocumentSymbol> = Vec::new();
    for region in &analysis.regions {
        let text = region.text(&document.rope);
        let parsed = parse(&text, region.dialect);
        let piece = model::build(&parsed.piece(), region.dialect);
        let names: Vec<&str> = identify(&piece).names.iter().map(|e| e.name).collect();
        let label = match (&region.context.piece, &region.context.name) {
            (Some(piece), _) => piece.clone(),
            (None, Some(name)) => name.clone(),
            (None, None) => text.to_string(),
        };
        let range = to_range(
            &document.rope,
            usize::from(region.range.start()),
            usize::from(region.range.end()),
            encoding,
        );
        let symbol = DocumentSymbol {
            name: if names.is_empty() {
                label
            } else {
                format!("{label}: {}", names.join(" / "))
            },
            detail: Some(text.into_owned()),
            kind: SymbolKind::CLASS,
            tags: None,
            deprecated: None,
            range,
            selection_range: range,
            children: None,
        };
        match &region.context.section {
            Some(section) => {
                if sections.last().is_none_or(|s| &s.name != section) {
                    sections.push(DocumentSymbol {
                        name: section.clone(),
                        detail: None,
                        kind: SymbolKind::NAMESPACE,
                        tags: None,
                        deprecated: None,
                        range,
                        selection_range: range,
                        children: Some(Vec::new()),
                    });
                }
                if let Some(current) = sections.last_mut() {
                    current.range.end = range.end;
                    if let Some(children) = current.children.as_mut() {
                        children.push(symbol);
                    }
                }
            }
            None => loose.push(symbol),
        }
    }
    sections.extend(loose);
    sections
}
