//! Document symbols, as plain data: variants (sections) and their pieces, named when the
//! catalogue knows them.

use std::sync::Arc;

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

/// An outline: the top-level symbols it lists, each made only when asked for
/// ([`Outline::symbols`]), and where the first of those left out stands and how many are.
#[derive(Debug)]
pub struct Outline<'d> {
    document: &'d Document,
    listed: Vec<Placed>,
    /// How many symbols are listed, pieces counted apart from their variants.
    pub count: usize,
    pub left_out: Option<LeftOut>,
}

/// The symbols an outline leaves out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeftOut {
    /// The range of the first left out.
    pub range: TextRange,
    /// How many are left out, pieces counted apart from their variants.
    pub count: usize,
}

/// A top-level symbol placed: a variant with the regions of its pieces, or a piece outside
/// any section (no variant, one region). Nothing is named yet: 100,000 sections placed with
/// their names were 15 MB for an outline that lists 10,000.
#[derive(Debug)]
struct Placed {
    variant: Option<Variant>,
    range: TextRange,
    pieces: Vec<usize>,
}

/// A variant placed: a section of the `variants.ini` model, by its index, or a section that
/// only a region's context names.
#[derive(Debug)]
enum Variant {
    Section(usize),
    Named(Arc<str>),
}

impl Outline<'_> {
    /// The symbols listed, in order, each variant with its pieces: made one at a time, so that
    /// a caller writing them out holds one variant's at once.
    pub fn symbols(&self) -> impl Iterator<Item = Symbol> + '_ {
        let regions = self.document.regions();
        self.listed.iter().filter_map(move |placed| {
            let mut pieces = (placed.pieces.iter())
                .filter_map(|&at| regions.get(at))
                .map(|region| piece(self.document, region));
            match &placed.variant {
                Some(variant) => {
                    let (name, detail) = match variant {
                        Variant::Section(index) => {
                            let model = self.document.ini()?;
                            let (name, parent) = super::ini::outline_label(model, *index)?;
                            (name, (!parent.is_empty()).then_some(parent))
                        }
                        Variant::Named(name) => (name.to_string(), None),
                    };
                    Some(Symbol {
                        name,
                        detail,
                        kind: SymbolKind::Variant,
                        range: placed.range,
                        children: pieces.collect(),
                    })
                }
                None => pieces.next(),
            }
        })
    }
}

/// The outline of `document`: sections with their pieces, then pieces outside any section, the
/// first `most` symbols (a variant and its pieces counted apart, and listed whole or not at
/// all). In a `variants.ini` every section is one, with its parent as its detail. Each piece is
/// placed by its range alone, and only the symbols listed are made: a 10 MB file has 80,000 of
/// them. Linear in the symbols, with a checkpoint for each (`crate::cancel`): the outline of a
/// large file is asked for again on edits, and an answer no longer wanted stops.
pub fn symbols(document: &Document, most: usize) -> Outline<'_> {
    let mut sections: Vec<Placed> = Vec::new();
    if let Some(model) = document.ini() {
        sections = super::ini::outline(model)
            .map(|(index, range)| Placed {
                variant: Some(Variant::Section(index)),
                range,
                pieces: Vec::new(),
            })
            .collect();
    }
    let mut loose: Vec<Placed> = Vec::new();
    // The sections of the file's model, in file order and not overlapping: a piece's section
    // is found by its start.
    let listed = sections.len();
    let regions = document.regions();
    for (at, region) in regions.iter().enumerate() {
        crate::cancel::checkpoint();
        let range = region.range;
        let Some(section) = &region.context.section else {
            loose.push(Placed {
                variant: None,
                range,
                pieces: vec![at],
            });
            continue;
        };
        let named = |placed: &Placed| match &placed.variant {
            Some(Variant::Section(index)) => (document.ini())
                .and_then(|model| model.sections().get(*index)?.header.as_ref())
                .is_some_and(|header| header.name() == &**section),
            Some(Variant::Named(name)) => name == section,
            None => false,
        };
        // A variants.ini's sections are all listed already; a piece goes in the one it lies in
        // (found by halving, where looking through them all made a file of many sections
        // quadratic).
        let after = sections[..listed].partition_point(|s| s.range.start() <= range.start());
        let holder = (after.checked_sub(1))
            .and_then(|at| sections.get_mut(at))
            .filter(|s| s.range.contains_range(range) && named(s));
        if let Some(holder) = holder {
            holder.pieces.push(at);
            continue;
        }
        match sections.last_mut() {
            Some(current) if named(current) => {
                current.range = current.range.cover(range);
                current.pieces.push(at);
            }
            _ => sections.push(Placed {
                variant: Some(Variant::Named(section.clone())),
                range,
                pieces: vec![at],
            }),
        }
    }
    let size = |placed: &Placed| usize::from(placed.variant.is_some()) + placed.pieces.len();
    let total: usize = sections.iter().chain(&loose).map(size).sum();
    let mut outline = Outline {
        document,
        listed: Vec::new(),
        count: 0,
        left_out: None,
    };
    for placed in sections.into_iter().chain(loose) {
        if outline.count + size(&placed) > most {
            outline.left_out = Some(LeftOut {
                range: placed.range,
                count: total - outline.count,
            });
            break;
        }
        outline.count += size(&placed);
        outline.listed.push(placed);
    }
    outline
}

/// The symbol of the piece whose string is `region`: its letter or name, with the names the
/// catalogue knows it by, and its string as its detail.
fn piece(document: &Document, region: &crate::host::Region) -> Symbol {
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
    Symbol {
        name: if names.is_empty() {
            label
        } else {
            format!("{label}: {}", names.join(" / "))
        },
        detail: Some(text),
        kind: SymbolKind::Piece,
        range: region.range,
        children: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Options;

    /// Every symbol of `document`, none left out.
    fn every_symbol(document: &Document) -> Vec<Symbol> {
        symbols(document, usize::MAX).symbols().collect()
    }

    /// Issue 40: `K` beside a bracket group is only part of its piece, so it is not named the
    /// King.
    #[test]
    fn a_part_of_a_piece_is_not_named() {
        let text = "beast:B:K[F?fsR]:beast:e1\nking:K:K:king:e1\n";
        let document = Document::new("a.diagram", "", text, &Options::default());
        let names: Vec<String> = every_symbol(&document)
            .into_iter()
            .map(|s| s.name)
            .collect();
        assert_eq!(names, ["B", "K: King / Commoner"]);
    }

    #[test]
    fn pieces_sit_in_their_variants_and_are_named_when_known() {
        let text =
            "[v:chess]\ncustomPiece1 = a:N\ncustomPiece2 = b:WW\n[w:v]\ncustomPiece1 = c:N\n";
        let document = Document::new("variants.ini", "", text, &Options::default());
        let found = every_symbol(&document);
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
        assert_eq!(every_symbol(&bare)[0].name, "x");
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
        let found = every_symbol(&document);
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
            every_symbol(&document)
        });
        assert_eq!(outcome, Err(cancel::Cancelled));
    }

    /// Issue 56: the outline is cut where the server's answer ends, and only the symbols
    /// listed are made. A variant is listed with all its pieces or not at all, and what is left
    /// out is counted and placed at the first of it.
    #[test]
    fn an_outline_lists_the_first_symbols_whole_and_counts_the_rest() {
        // v1..v4, each with one piece: 8 symbols.
        let text = chain(4);
        let document = Document::new("variants.ini", "", &text, &Options::default());
        assert_eq!(symbols(&document, usize::MAX).left_out, None);
        let all = every_symbol(&document);
        for most in 0..=8 {
            let outline = symbols(&document, most);
            // Whole variants only: 2 symbols each.
            let listed = most / 2;
            assert_eq!(
                outline.symbols().collect::<Vec<_>>(),
                all[..listed],
                "{most}"
            );
            assert_eq!(outline.count, 2 * listed);
            let left_out = outline.left_out.map(|l| (l.count, l.range));
            let expected = all.get(listed).map(|v| (8 - 2 * listed, v.range));
            assert_eq!(left_out, expected, "{most}");
        }
        // Pieces outside any section come after the sections, one symbol each.
        let text = "P: fmWfcF\nN\nB\n";
        let document = Document::new("a.betza", "", text, &Options::default());
        let all = every_symbol(&document);
        assert_eq!(all.len(), 3);
        let outline = symbols(&document, 1);
        assert_eq!(outline.symbols().collect::<Vec<_>>(), all[..1]);
        assert_eq!(
            outline.left_out.map(|l| (l.count, l.range)),
            Some((2, all[1].range))
        );
    }
}
