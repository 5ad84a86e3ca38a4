//! Hover: on a modifier or atom, its own documentation first; then the whole string explained
//! move by move with its diagram in a code block. In MBN, the definition under the cursor
//! with its macros dissolved, or the macro whose name is under it.

use betza_syntax::ide::hover;
use betza_syntax::mbn::pieces::definition_meaning;
use betza_syntax::mbn::scope::MacroScope;
use betza_syntax::tree::Parse;
use betza_syntax::{Dialect, TextRange, parse};
use tower_lsp_server::ls_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use super::region_at;
use crate::lsp::position::{Encoding, to_range};
use crate::lsp::state::{Document, Settings};

pub fn hover(
    document: &Document,
    offset: usize,
    encoding: Encoding,
    settings: &Settings,
) -> Option<Hover> {
    let region = region_at(document, offset)?;
    let text = region.text(&document.rope);
    let parsed = parse(&text, region.dialect);
    let local = offset
        .saturating_sub(usize::from(region.range.start()))
        .min(text.len());
    let mut markdown = hover::token_doc(&parsed, local);
    if let Some(name) = &region.context.piece {
        markdown.push_str(&format!("Piece `{name}`"));
        if let Some(section) = &region.context.section {
            markdown.push_str(&format!(" in `[{section}]`"));
        }
        markdown.push_str("\n\n");
    }
    let mut range = region.range;
    let mbn = (region.dialect == Dialect::Mbn)
        .then(|| mbn_definition(document, offset, settings))
        .flatten();
    match mbn {
        Some((words, definition)) => {
            markdown.push_str(&words);
            range = definition;
        }
        _ => {
            markdown.push_str(&format!("**`{text}`** ({})\n\n", region.dialect.title()));
            markdown.push_str(&meaning(&parsed, settings));
        }
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: Some(to_range(
            &document.rope,
            usize::from(range.start()),
            usize::from(range.end()),
            encoding,
        )),
    })
}

/// The explanation, move by move, and the diagram of a parsed piece.
fn meaning(parsed: &Parse, settings: &Settings) -> String {
    hover::meaning(parsed, settings.board(), settings.hover_image)
}

/// In MBN the hover is about one definition, its macros dissolved (seed 002: "Before any
/// piece definition will be interpreted, all the macro definitions have to be dissolved"); on
/// a macro's name, about the macro. Also gives the file range it speaks of.
fn mbn_definition(
    document: &Document,
    offset: usize,
    settings: &Settings,
) -> Option<(String, TextRange)> {
    let analysis = document.analysis.as_ref()?;
    let regions = &analysis.regions;
    let scope = MacroScope::at(analysis.format, &document.rope, regions, offset)?;
    let at = scope.to_scope(regions, offset)?;
    let (definition, start) = scope.definition_at(at)?;
    let mut markdown = String::new();
    let (range, written, dissolved) = match scope.macros.occurrence_at(at) {
        Some(occurrence) => {
            let key = &occurrence.key;
            let written = scope.macros.written(key).unwrap_or_default();
            let uses = scope
                .macros
                .occurrences_of(key)
                .filter(|o| !o.definition)
                .count();
            markdown.push_str(&format!(
                "**macro `{key}`** = `{written}` (used {uses} time{})\n\n",
                if uses == 1 { "" } else { "s" }
            ));
            (occurrence.range, written, scope.macros.expand(key))
        }
        None => {
            let meaning = definition_meaning(&scope.macros, &definition, start);
            let what = if meaning.is_macro { "macro" } else { "piece" };
            let title = meaning
                .title
                .as_ref()
                .map(|t| format!(" ({t})"))
                .unwrap_or_default();
            match &meaning.name {
                Some(name) => markdown.push_str(&format!(
                    "**{what} `{name}`**{title} = `{}` (Modified Betza Notation)\n\n",
                    meaning.written
                )),
                None => markdown.push_str(&format!(
                    "**`{}`** (Modified Betza Notation)\n\n",
                    meaning.written
                )),
            }
            (meaning.range, meaning.written, meaning.dissolved)
        }
    };
    match dissolved {
        Ok(text) => {
            let parsed = parse(&text, Dialect::Mbn);
            if text != written {
                markdown.push_str(&format!("with macros dissolved: `{text}`\n\n"));
            }
            markdown.push_str(&meaning(&parsed, settings));
        }
        Err(error) => markdown.push_str(&format!("cannot be dissolved: {error}\n")),
    }
    Some((markdown, scope.to_file(regions, range)))
}
