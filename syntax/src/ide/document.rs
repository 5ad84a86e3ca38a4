//! One open document: its text as a rope, its host format and its analysis, kept in step with
//! every edit. An edit inside one Betza string (or one section body of a `variants.ini`)
//! analyses only that part again; each distinct string is read once (a [`BetzaString`]: its
//! parse and model), kept with its findings and shared by the analysis and every request.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use ropey::Rope;

use crate::analysis::{self, Analysis, Options, Strings};
use crate::diagnostic::Diagnostic;
use crate::host::{self, HostFormat, Region};
use crate::notation::scope::MacroScope;
use crate::source::lines::Lines;
use crate::{BetzaString, Dialect};

/// An open document.
#[derive(Debug)]
pub struct Document {
    rope: Rope,
    format: Option<HostFormat>,
    analysis: Option<Analysis>,
    /// Each distinct Betza string read once, with its findings, so an edit re-analyses only
    /// the strings it changed and a request reads what the analysis built. Behind a lock
    /// because requests only read the document.
    strings: Mutex<Strings>,
    /// The MBN strings that share macros, in scopes, built by the first request that asks in
    /// this revision (hover, rename, references) and dropped by the next edit.
    macro_scopes: OnceLock<Vec<MacroScope>>,
}

/// The edits of one change of a document, applied in order; see [`Document::edit`].
#[derive(Debug)]
pub struct Edits<'d> {
    document: &'d mut Document,
    options: &'d Options,
    /// An edit needed the whole file analysed again: done once, after the last edit.
    whole: bool,
    /// The bytes the edits so far read again to keep the analysis up.
    read: usize,
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
        let start = rope.char_boundary(start);
        let end = rope.char_boundary(end).max(start);
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
            strings,
            ..
        } = &mut *self.document;
        let strings = strings.get_mut().unwrap_or_else(PoisonError::into_inner);
        let read = analysis.as_mut().and_then(|analysis| {
            analysis.kept_up(rope, (start, end), inserted, self.options, strings)
        });
        // Edits that read again more than the whole text (a replace-all inside one long
        // string: each change read it all) are cheaper as one analysis once they are done.
        self.read = self.read.saturating_add(read.unwrap_or(usize::MAX));
        self.whole = self.read > rope.len_bytes();
    }

    /// Replaces the whole text. The whole file is analysed again once the edits are done, so
    /// the analysis and the rope it replaces are let go first, not held beside the new ones.
    pub fn replace_all(&mut self, text: String) {
        self.document.analysis = None;
        self.document.rope = Rope::new();
        self.document.rope = rope_of(text);
        self.whole = true;
    }
}

/// A copy for an edit while a request still reads the document (a server answers requests on
/// a snapshot): the text and analysis are copied, the strings read shared.
impl Clone for Document {
    fn clone(&self) -> Document {
        let strings = self.strings.lock().unwrap_or_else(PoisonError::into_inner);
        Document {
            rope: self.rope.clone(),
            format: self.format,
            analysis: self.analysis.clone(),
            strings: Mutex::new(strings.clone()),
            macro_scopes: self.macro_scopes.clone(),
        }
    }
}

impl Document {
    /// A document named `path`, of the editor's `language` (its host format: see
    /// [`host::detect_document`]), analysed at once.
    pub fn new(path: &str, language: &str, text: &str, options: &Options) -> Document {
        Document::of_text(path, language, text.to_owned(), options)
    }

    /// [`Document::new`] of a text the document keeps: it becomes the rope, which is built
    /// after the analysis and from the text's own bytes, so that the text is held once while
    /// the analysis runs and about once while the rope is built.
    pub fn of_text(path: &str, language: &str, text: String, options: &Options) -> Document {
        let format = host::detect_document(path, language, &text);
        let mut document = Document {
            rope: Rope::new(),
            format,
            analysis: None,
            strings: Mutex::default(),
            macro_scopes: OnceLock::new(),
        };
        document.analyse(&text, options);
        document.rope = rope_of(text);
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

    /// A string of the document read: as the analysis read it, or read now, the first time
    /// a request asks for it.
    pub fn string(&self, text: &str, dialect: Dialect) -> Arc<BetzaString> {
        let mut strings = self.strings.lock().unwrap_or_else(PoisonError::into_inner);
        strings.read(text, dialect)
    }

    /// The MBN strings that share macros with the one at byte `offset`, read as the analysis
    /// read them. The file's scopes are built once per revision.
    pub fn macro_scope_at(&self, offset: usize) -> Option<&MacroScope> {
        let analysis = self.analysis()?;
        let scopes = self.macro_scopes.get_or_init(|| {
            let read = &mut |text: &str, dialect| self.string(text, dialect);
            let per_string = crate::host::of(analysis.format).macros_per_string();
            MacroScope::all(per_string, &self.rope, &analysis.regions, read)
        });
        scopes
            .iter()
            .find(|scope| scope.holds(&analysis.regions, offset))
    }

    /// Applies one change's edits in order, through `edit`, then brings the analysis up to
    /// date: once for the whole file if an edit needed it, else it already is.
    pub fn edit(&mut self, options: &Options, edit: impl FnOnce(&mut Edits)) {
        self.macro_scopes = OnceLock::new();
        let mut edits = Edits {
            document: self,
            options,
            whole: false,
            read: 0,
        };
        edit(&mut edits);
        if edits.whole {
            self.analyse_whole(options);
        }
    }

    /// Analyses everything again, after the options changed.
    pub fn reanalyse(&mut self, options: &Options) {
        self.strings = Mutex::default();
        self.macro_scopes = OnceLock::new();
        self.analyse_whole(options);
    }

    /// Analyses the whole text. The analysis reads it in one piece, so the rope is turned into
    /// that piece and built again after, rather than held beside it while the analysis runs;
    /// the analysis it replaces is dropped first, so two are never held.
    fn analyse_whole(&mut self, options: &Options) {
        self.analysis = None;
        let text = std::mem::take(&mut self.rope).to_string();
        self.analyse(&text, options);
        self.rope = rope_of(text);
    }

    fn analyse(&mut self, text: &str, options: &Options) {
        let strings = self
            .strings
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        self.analysis = self
            .format
            .map(|format| analysis::analyse_cached(format, text, options, strings));
    }
}

/// The bytes of text a rope is built from at a time by [`rope_of`].
const ROPE_PIECE: usize = 1 << 20;

/// A rope of `text`, built from its end a piece at a time, each piece's bytes given back to
/// the allocator once it is in the rope: a document of many megabytes is not held twice.
fn rope_of(text: String) -> Rope {
    rope_in_pieces(text, ROPE_PIECE)
}

fn rope_in_pieces(mut text: String, piece: usize) -> Rope {
    let piece = piece.max(1);
    let mut rope = Rope::new();
    while !text.is_empty() {
        let mut start = text.len().saturating_sub(piece);
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let mut before = Rope::from_str(&text[start..]);
        text.truncate(start);
        text.shrink_to_fit();
        // Joins a carriage return and a line feed the cut parted (ropey mends the seam).
        before.append(rope);
        rope = before;
    }
    rope
}

#[cfg(test)]
mod tests;
