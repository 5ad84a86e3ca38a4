//! Hover: the library's Markdown and the range it speaks of.

use betza_syntax::ide::{self, Document, HoverOptions};
use tower_lsp_server::ls_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use crate::lsp::position::{Encoding, to_range};

pub fn hover(
    document: &Document,
    offset: usize,
    encoding: Encoding,
    options: HoverOptions,
) -> Option<Hover> {
    let shown = ide::hover::hover(document, offset, options)?;
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: shown.markdown,
        }),
        range: Some(to_range(document.text(), shown.range, encoding)),
    })
}
