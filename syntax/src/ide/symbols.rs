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

/// The symbols of `document`: sections with their pieces, then pieces outside any section. In a
/// `variants.ini` every section is one, with its parent as its detail. Linear in the symbols,
/// with a checkpoint for each (`crate::cancel`): the outline of a large file is asked for
/// again on edits, and an answer no longer wanted stops.
pub fn symbols(document: &Document) -> Vec<Symbol> {
    let mut sections: Vec<Symbol> = Vec::new();
    let mut loose: Vec<Symbol> = Vec::new();
    if let Some(model) = document.ini() {
        sections = super::ini::outline(model)
            .into_iter()
            .map(|(name, parents, range)| Symbol {
                name,
                detail: (!parents.is_empty()).then_some(parents),
                kind: SymbolKind::Variant,
                range,
                children: Vec::new(),
            })
            .collect();
    }
    // The sections of the file's model, in file order and not overlapping: a piece's section
    // is found by its start.
    let listed = sections.len();
    for region in document.regions() {
        crate::cancel::checkpoint();
        let text = document.region_text(region);
        let string = document.string(&text, region.dialect);
        // A string that is only part of its piece (bracket groups left out) names no piece.
        let names: Vec<&str> = if region.context.unread_groups() > 0 {
            Vec::new()
        } else {
            identify(string.model())
                .names
                .iter()
                .map(|e| e.name)
                .collect()
        };
        let label = match (&region.context.piece, &region.context.name) {
            (Some(piece), _) => piece.to_string(),
            (None, Some(name)) => name.to_string(),
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
        // A variants.ini's sections are all listed already; a piece goes in the one it lies in
        // (found by halving, where looking through them all made a file of many sections
        // quadratic).
        let after = sections[..listed].partition_point(|s| s.range.start() <= symbol.range.start());
        let holder = (after.checked_sub(1))
            .and_then(|at| sections.get_mut(at))
            .filter(|s| s.range.contains_range(symbol.range) && *s.name == **section);
        if let Some(holder) = holder {
            holder.children.push(symbol);
            continue;
        }
        match sections.last_mut() {
            Some(current) if *current.name == **section => {
                current.range = current.range.cover(symbol.range);
                current.children.push(symbol);
            }
            _ => sections.push(Symbol {
                name: section.to_string(),
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
    use crate::analysis::Options;

    /// Issue 40: `K` beside a bracket group is only part of its piece, so it is not named the
    /// King.
    #[test]
    fn a_part_of_a_piece_is_not_named() {
        let text = "beast:B:K[F?fsR]:beast:e1\nking:K:K:king:e1\n";
        let document = Document::new("a.diagram", "", text, &Options::default());
        let names: Vec<String> = symbols(&document).into_iter().map(|s| s.name).collect();
        assert_eq!(names, ["B", "K: King / Commoner"]);
    }

    #[test]
    fn pieces_sit_in_their_variants_and_are_named_when_known() {
        let text =
            "[v:chess]\ncustomPiece1 = a:N\ncustomPiece2 = b:WW\n[w:v]\ncustomPiece1 = c:N\n";
        let document = Document::new("variants.ini", "", text, &Options::default());
        let found = symbols(&document);
        let names: Vec<(&str, usize)> = found
            .iter()
            .map(|s| (s.name.as_str(), s.children.len()))
            .collect();
        assert_eq!(names, [("v", 2), ("w", 1)]);
        let first = &found[0];
        assert!(first.children[0].name.ends_with("Knight"), "{first:?}");
        assert_eq!(first.children[0].detail.as_deref(), Some("N"));
        // A variant reaches from its header to the next one, and names its parent only.
        assert_eq!(
            &text[first.range],
            "[v:chess]\ncustomPiece1 = a:N\ncustomPiece2 = b:WW\n"
        );
        assert_eq!(found[1].detail.as_deref(), Some("← v"));
        // A section without pieces is a variant too.
        let bare = Document::new(
            "variants.ini",
            "",
            "[x:chess]\nmaxRank = 6\n",
            &Options::default(),
        );
        assert_eq!(symbols(&bare)[0].name, "x");
    }

    /// A chain of `depth` sections, each the parent of the next, with a piece in each.
    fn chain(depth: usize) -> String {
        let mut text = String::from("[v1:chess]\ncustomPiece1 = a:N\n");
        for i in 2..=depth {
            text.push_str(&format!("[v{i}:v{}]\ncustomPiece1 = a:N\n", i - 1));
        }
        text
    }

    /// Issue 56: each section's detail named its whole ancestry, so a chain 10,000 deep was a
    /// 642 MB outline. Now the detail is the parent alone, and the answer grows with the file.
    #[test]
    fn the_outline_names_the_parent_alone_and_grows_with_the_file() {
        let text = chain(1_000);
        let document = Document::new("variants.ini", "", &text, &Options::default());
        let found = symbols(&document);
        assert_eq!(found.len(), 1_000);
        assert_eq!(found[0].detail.as_deref(), Some("← chess"));
        for (i, section) in found.iter().enumerate().skip(1) {
            assert_eq!(section.detail.as_deref(), Some(format!("← v{i}").as_str()));
            // Each piece found its own section.
            assert_eq!(section.children.len(), 1, "{}", section.name);
        }
        let answer: usize = (found.iter())
            .map(|s| s.name.len() + s.detail.as_ref().map_or(0, String::len))
            .sum();
        assert!(
            answer < text.len(),
            "{answer} bytes for {} of text",
            text.len()
        );
    }

    /// The outline stops at its next checkpoint once its request no longer matters.
    #[test]
    fn a_cancelled_outline_stops() {
        use crate::cancel;
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        let text = chain(2_000);
        let document = Document::new("variants.ini", "", &text, &Options::default());
        let flag = Arc::new(AtomicBool::new(false));
        let raise = flag.clone();
        let outcome = cancel::run(flag, || {
            // The client cancels as the work starts.
            raise.store(true, Ordering::Relaxed);
            symbols(&document)
        });
        assert_eq!(outcome, Err(cancel::Cancelled));
    }
}
