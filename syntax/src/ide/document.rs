//! One open document: its text as a rope, its host format and its analysis, kept in step with
//! every edit. An edit inside one Betza string (or one section body of a `variants.ini`)
//! analyses only that part again; the parse and model of each distinct string are built at most
//! once while the document holds it, whichever request asks first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use ropey::Rope;

use crate::convert::{Reading, convert};
use crate::diagnostic::Diagnostic;
use crate::document::{self, Analysis, Options, RegionCache};
use crate::host::{self, HostFormat, Region};
use crate::tree::Parse;
use crate::{Dialect, model, parse};

/// A string's parse and its model, each built once, when first asked for, and shared by every
/// request about the string.
#[derive(Debug)]
pub struct Piece {
    pub parse: Parse,
    model: OnceLock<model::Piece>,
    /// The string converted between readings, proven exact, by (from, to): each asked for once.
    conversions: Mutex<HashMap<(Reading, Reading), Option<String>>>,
}

impl Piece {
    pub fn model(&self) -> &model::Piece {
        self.model
            .get_or_init(|| model::build(&self.parse.piece(), self.parse.dialect()))
    }

    /// The string, read as `from`, written so that `to` reads it the same: proven by
    /// generation (`convert`), and different from the string; `None` when no such string is
    /// found.
    pub fn converted(&self, from: Reading, to: Reading) -> Option<String> {
        let mut conversions = self
            .conversions
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        conversions
            .entry((from, to))
            .or_insert_with(|| {
                let text = self.parse.syntax().text().to_string();
                let conversion = convert(&text, from, to).ok()?;
                (conversion.exact && conversion.betza != text).then_some(conversion.betza)
            })
            .clone()
    }
}

/// An open document.
#[derive(Debug)]
pub struct Document {
    rope: Rope,
    format: Option<HostFormat>,
    analysis: Option<Analysis>,
    /// Findings per Betza string, so an edit re-analyses only the strings it changed.
    findings: RegionCache,
    /// Parses and models per Betza string, built when a request first needs them. Behind a
    /// lock because requests only read the document.
    pieces: Mutex<HashMap<(Dialect, String), Arc<Piece>>>,
}

/// The edits of one change of a document, applied in order; see [`Document::edit`].
#[derive(Debug)]
pub struct Edits<'d> {
    document: &'d mut Document,
    options: &'d Options,
    /// An edit needed the whole file analysed again: done once, after the last edit.
    whole: bool,
}

impl Edits<'_> {
    /// The text as the edits so far left it (positions of the next edit are counted in it).
    pub fn text(&self) -> &Rope {
        &self.document.rope
    }

    /// Replaces bytes `start..end` (clamped to the text and to character boundaries) with
    /// `inserted`.
    pub fn replace(&mut self, start: usize, end: usize, inserted: &str) {
        let rope = &mut self.document.rope;
        let start = char_boundary(rope, start);
        let end = char_boundary(rope, end).max(start);
        let (start_char, end_char) = (rope.byte_to_char(start), rope.byte_to_char(end));
        // Both come from the rope itself, on character boundaries: neither fails.
        let _ = rope.try_remove(start_char..end_char);
        let _ = rope.try_insert(start_char, inserted);
        if self.whole {
            return;
        }
        let Document {
            rope,
            analysis,
            findings,
            ..
        } = &mut *self.document;
        let kept_up = analysis.as_mut().is_some_and(|analysis| {
            analysis
                .apply_edit(rope, (start, end), inserted, self.options, findings)
                .is_some()
        });
        self.whole = !kept_up;
    }

    /// Replaces the whole text.
    pub fn replace_all(&mut self, text: &str) {
        self.document.rope = Rope::from_str(text);
        self.whole = true;
    }
}

/// `offset` clamped to the rope and moved back to a character boundary.
fn char_boundary(rope: &Rope, offset: usize) -> usize {
    let mut offset = offset.min(rope.len_bytes());
    while rope.try_char_to_byte(rope.byte_to_char(offset)).ok() != Some(offset) {
        offset -= 1;
    }
    offset
}

/// A copy for an edit while a request still reads the document (a server answers requests on
/// a snapshot): the text and analysis are copied, the built pieces shared.
impl Clone for Document {
    fn clone(&self) -> Document {
        let pieces = self.pieces.lock().unwrap_or_else(PoisonError::into_inner);
        Document {
            rope: self.rope.clone(),
            format: self.format,
            analysis: self.analysis.clone(),
            findings: self.findings.clone(),
            pieces: Mutex::new(pieces.clone()),
        }
    }
}

impl Document {
    /// A document named `path`, of the editor's `language` (its host format: see
    /// [`host::detect_document`]), analysed at once.
    pub fn new(path: &str, language: &str, text: &str, options: &Options) -> Document {
        let format = host::detect_document(path, language, text);
        let mut document = Document {
            rope: Rope::from_str(text),
            format,
            analysis: None,
            findings: RegionCache::default(),
            pieces: Mutex::default(),
        };
        document.analyse(text, options);
        document
    }

    pub fn text(&self) -> &Rope {
        &self.rope
    }

    pub fn format(&self) -> Option<HostFormat> {
        self.format
    }

    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// Every finding, in file order.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        self.analysis.as_ref().map_or(&[], |a| &a.diagnostics)
    }

    /// The regions (Betza strings) of the document, in file order.
    pub fn regions(&self) -> &[Region] {
        self.analysis.as_ref().map_or(&[], |a| &a.regions)
    }

    /// The region that contains byte `offset` (its end included, for typing).
    pub fn region_at(&self, offset: usize) -> Option<&Region> {
        let regions = self.regions();
        let after = regions.partition_point(|r| usize::from(r.range.end()) < offset);
        regions
            .get(after)
            .filter(|r| usize::from(r.range.start()) <= offset)
    }

    /// The text of `region`.
    pub fn region_text(&self, region: &Region) -> String {
        region.text(&self.rope).into_owned()
    }

    /// A `variants.ini` as Fairy-Stockfish reads it, kept in step with every edit.
    pub fn ini(&self) -> Option<&host::ini::Model> {
        self.analysis.as_ref()?.ini.as_deref()
    }

    /// The board Fairy-Stockfish makes of the `variants.ini` section that holds byte `offset`,
    /// when it registers the section.
    pub fn section_board(&self, offset: usize) -> Option<&host::ini::SectionBoard> {
        let model = self.ini()?;
        model.sections().get(model.section_at(offset))?.board()
    }

    /// The parse (and model) of a string, built the first time they are asked for.
    pub fn piece(&self, text: &str, dialect: Dialect) -> Arc<Piece> {
        let mut pieces = self.pieces.lock().unwrap_or_else(PoisonError::into_inner);
        pieces
            .entry((dialect, text.to_owned()))
            .or_insert_with(|| {
                Arc::new(Piece {
                    parse: parse(text, dialect),
                    model: OnceLock::new(),
                    conversions: Mutex::default(),
                })
            })
            .clone()
    }

    /// Applies one change's edits in order, through `edit`, then brings the analysis up to
    /// date: once for the whole file if an edit needed it, else it already is.
    pub fn edit(&mut self, options: &Options, edit: impl FnOnce(&mut Edits)) {
        let mut edits = Edits {
            document: self,
            options,
            whole: false,
        };
        edit(&mut edits);
        if edits.whole {
            let text = self.rope.to_string();
            self.analyse(&text, options);
        } else {
            // Requests during typing build each half-typed string once.
            self.forget_unused_pieces();
        }
    }

    /// Analyses everything again, after the options changed.
    pub fn reanalyse(&mut self, options: &Options) {
        self.findings = RegionCache::default();
        let text = self.rope.to_string();
        self.analyse(&text, options);
    }

    fn analyse(&mut self, text: &str, options: &Options) {
        self.analysis = self
            .format
            .map(|format| document::analyse_cached(format, text, options, &mut self.findings));
        self.forget_unused_pieces();
    }

    /// Strings no longer in the document are let go once they outnumber those in it by 1024:
    /// the pass over the regions that takes is paid once in a thousand new strings.
    fn forget_unused_pieces(&mut self) {
        let pieces = self
            .pieces
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        let regions = self.analysis.as_ref().map_or(&[][..], |a| &a.regions);
        if pieces.len() <= 2 * regions.len() + 1024 {
            return;
        }
        let used: std::collections::HashSet<(Dialect, String)> = regions
            .iter()
            .map(|r| (r.dialect, r.text(&self.rope).into_owned()))
            .collect();
        pieces.retain(|key, _| used.contains(key));
    }
}

#[cfg(test)]
mod tests {
    use super::Document;
    use crate::document::Options;

    /// A hover and a symbol list about the same string build its model once between them.
    #[test]
    fn a_string_is_built_once_for_every_request() {
        let document = Document::new("p.betza", "", "mafsW\n", &Options::default());
        let first = document.piece("mafsW", crate::Dialect::XBetza);
        let again = document.piece("mafsW", crate::Dialect::XBetza);
        assert!(std::sync::Arc::ptr_eq(&first, &again));
    }

    /// Strings asked about while typing are let go once they are no longer in the document, so
    /// a long session does not grow without bound.
    #[test]
    fn strings_no_longer_in_the_document_are_let_go() {
        let options = Options::default();
        let mut document = Document::new("p.betza", "", "W\n", &options);
        for n in 0..3000 {
            document.piece(&format!("W{n}"), crate::Dialect::XBetza);
        }
        document.edit(&options, |edits| edits.replace(0, 1, "F"));
        let kept = document.pieces.lock().map_or(usize::MAX, |p| p.len());
        assert!(kept <= 1, "{kept}");
    }

    #[test]
    fn offsets_past_the_end_or_inside_a_character_are_clamped() {
        let options = Options::default();
        let mut document = Document::new("p.betza", "", "😀W\n", &options);
        document.edit(&options, |edits| {
            edits.replace(2, 1, "x");
            edits.replace(99, 200, "F");
        });
        assert_eq!(document.text().to_string(), "x😀W\nF");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// The model a document keeps through edits equals that of its text read afresh, after
        /// any edits: each section read again where an edit falls, and checked again with
        /// every section whose outcome can change.
        #[test]
        fn the_model_follows_every_edit(
            edits in proptest::collection::vec(
                (0usize..120, 0usize..8, proptest::sample::select(vec![
                    "", "6", "\n", "maxRank = 6\n", "[w:v]\n", "a", "=", "k", "10", "R", "\r",
                    "startFen = 8/8/8/8/8/KAk5 w - - 0 1\n", "customPiece2 = b:W\n", "#", ":",
                ])),
                1..8,
            )
        ) {
            let options = Options::default();
            let start = "[v:chess]\nmaxFile = 9\ncustomPiece1 = a:WF\nmaxRank = 8\n[w:v]\nking = k:K\n";
            let mut document = Document::new("variants.ini", "", start, &options);
            for (at, length, inserted) in edits {
                let end = at.saturating_add(length);
                document.edit(&options, |e| e.replace(at, end, inserted));
                let text = document.text().to_string();
                let fresh = crate::host::scan(
                    crate::host::HostFormat::VariantsIni,
                    &text,
                    crate::Dialect::Fairy,
                );
                proptest::prop_assert_eq!(document.ini(), fresh.ini.as_deref(), "{:?}", text);
            }
        }
    }
}
