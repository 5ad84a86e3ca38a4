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
mod tests;
