//! The one reader of a `variants.ini`: the file as Fairy-Stockfish's `VariantMap::parse_istream`
//! reads it (variant.cpp 2147–2206; notes V9), cut into sections at header lines, each line of a
//! section classified as the engine classifies it, each `key = value` split where the engine
//! splits it (`model/lines.rs`). The checks, the hover, completion, the outline and go to definition all read this
//! model; none reads the file's lines again. Each section also keeps what the engine made of it
//! ([`Outcome`]), so that an edit re-reads and re-checks one section and only the sections whose
//! outcome can change with it (`incremental.rs`).
//!
//! Offsets inside a section are relative to its start, so an edit moves a section by changing
//! one number. A section keeps where its bytes are, not the bytes: its lines are read from the
//! file's text, which the reader hands over ([`Section::read_in`]). A line costs no memory of
//! its own (a file of a million short lines held a million lines, boxed entries and owned keys
//! and values, about 200 bytes each), nor does the text twice (a copy of each section's bytes
//! was as large as the file; issue 56).

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::ops::Deref;
use std::sync::Arc;

use rowan::TextRange;

mod lines;

use lines::lines;
pub use lines::{Entry, Line, LineKind};

use super::board::Board;
use super::options;
use crate::Source;
use crate::host::span;

/// A whole file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Model {
    /// The text before the first header (a section without header, which the engine skips),
    /// then one section per header line, in file order.
    pub(super) sections: Vec<Section>,
    /// The sections with a header, ordered by name, then in file order: those with one name
    /// are together, found by their name without a copy of it (a map of names held each name
    /// again, with a list for each; issue 56).
    names: Vec<u32>,
}

/// A header line and the lines up to the next header line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// Where the section starts in the file (its header line, or 0 for the preamble).
    pub start: usize,
    pub header: Option<Header>,
    /// Its length in bytes, up to the next header line (that line's break included): the
    /// header line and the lines after it.
    len: usize,
    /// What the engine made of the section, once checked.
    pub outcome: Outcome,
}

/// `[name]` or `[name:parent]`, exactly as the engine takes them: split at the first `:`, up to
/// the first `]`, spaces kept. One string, the name and parent lengths in it: a file holds a
/// header for each section (three strings each were 2.5 MB of a 10 MB file; issue 56).
#[derive(Debug, Clone)]
pub struct Header {
    /// The line as written, without a byte-order mark (the spaces and tabs after it kept: an
    /// unclosed name ends with them).
    content: Box<str>,
    /// The length of [`Header::text`].
    text_len: u32,
    /// The name's length; it starts after the `[`.
    name_len: u32,
    /// The parent's length, after the name and its `:`; 0 for none.
    parent_len: u32,
    pub closed: bool,
    /// The line starts with a byte-order mark, which hides the `[` from the engine.
    pub byte_order_mark: bool,
}

/// Compared as they were when a header held its text, name and parent as strings: spaces
/// after a closed header change none of them.
impl PartialEq for Header {
    fn eq(&self, other: &Header) -> bool {
        (
            self.text(),
            self.name(),
            self.parent(),
            self.closed,
            self.byte_order_mark,
        ) == (
            other.text(),
            other.name(),
            other.parent(),
            other.closed,
            other.byte_order_mark,
        )
    }
}

impl Eq for Header {}

impl Header {
    /// The line as written, without a byte-order mark and the spaces and tabs after it.
    pub fn text(&self) -> &str {
        self.content
            .get(..self.text_len as usize)
            .unwrap_or_default()
    }

    pub fn name(&self) -> &str {
        // After the `[`.
        let to = 1 + self.name_len as usize;
        self.content.get(1..to).unwrap_or_default()
    }

    pub fn parent(&self) -> Option<&str> {
        // After the `[`, the name and the `:`.
        let from = self.name_len as usize + 2;
        (self.parent_len > 0)
            .then(|| self.content.get(from..from + self.parent_len as usize))
            .flatten()
    }

    /// Bytes of [`Header::text`], relative to the section.
    pub fn line(&self) -> (usize, usize) {
        let lead = self.lead();
        (lead, lead + self.text_len as usize)
    }

    /// Where the name starts (after `[`, and a byte-order mark before it).
    pub fn name_at(&self) -> usize {
        self.lead() + 1
    }

    /// Where the parent's name starts, after the `:`.
    pub fn parent_at(&self) -> usize {
        self.name_at() + self.name_len as usize + 1
    }

    /// The bytes of the byte-order mark before the content, if any.
    fn lead(&self) -> usize {
        if self.byte_order_mark {
            BYTE_ORDER_MARK.len_utf8()
        } else {
            0
        }
    }
}

/// What Fairy-Stockfish made of a section.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Outcome {
    /// Not checked yet.
    #[default]
    Unchecked,
    /// The text before the first header: the engine skips it.
    Preamble,
    /// Registered, with the board its parents and keys make.
    /// Shared by the sections whose boards are equal (see `scanner::SharedBoards`).
    Registered(Arc<Board>),
    /// Skipped: its name is taken, or its parent unknown when it is read.
    Skipped,
    /// Dropped for a board larger than the engine's.
    Dropped,
}

/// The byte-order mark, which hides the header after it from the engine.
pub(super) const BYTE_ORDER_MARK: char = '\u{feff}';

/// A line (without its break) that starts a section: its first character is `[` (after a
/// byte-order mark, which the checks report).
fn is_header_line(line: &str) -> bool {
    line.strip_prefix(BYTE_ORDER_MARK)
        .unwrap_or(line)
        .starts_with('[')
}

impl Model {
    /// Reads a whole file. Sections are not checked yet.
    pub fn read(text: &str) -> Model {
        let mut sections = Vec::new();
        let (mut start, mut header) = (0, None);
        for (offset, line) in lines(text) {
            if is_header_line(line) {
                let own = text.get(start..offset).unwrap_or_default();
                sections.push(Section::new(start, header, own));
                (start, header) = (offset, Some(Header::read(line)));
            }
        }
        sections.push(Section::new(
            start,
            header,
            text.get(start..).unwrap_or_default(),
        ));
        sections.shrink_to_fit();
        let mut model = Model {
            sections,
            names: Vec::new(),
        };
        model.index_names();
        model
    }

    /// Reads `text`, which stands at `start` in the file, as one section: the preamble, or a
    /// section with its header; `None` when it is not one section of that kind (a header line
    /// was typed or lost), so that the file's sections change.
    pub(super) fn read_section(start: usize, text: &str, preamble: bool) -> Option<Section> {
        let header = match lines(text).next() {
            Some((_, line)) if is_header_line(line) && !preamble => Some(Header::read(line)),
            None if preamble => None,
            Some((_, line)) if preamble && !is_header_line(line) => None,
            _ => return None,
        };
        // Without a header, the first line is a line of the preamble.
        let body = lines(text).skip(usize::from(header.is_some()));
        for (_, line) in body {
            if is_header_line(line) {
                return None;
            }
        }
        Some(Section::new(start, header, text))
    }

    /// Section `index`, which now has its new header, was renamed: it moves to its new name's
    /// place among the names.
    pub(super) fn renamed(&mut self, index: usize) {
        let Ok(index) = u32::try_from(index) else {
            return;
        };
        self.names.retain(|&i| i != index);
        let at = (self.names).partition_point(|&i| self.by_name(i, index) == Ordering::Less);
        self.names.insert(at, index);
    }

    /// How section `a` sorts against section `b` among the names: by name, then in file order.
    fn by_name(&self, a: u32, b: u32) -> Ordering {
        let name = |i: u32| (self.sections.get(i as usize)).and_then(Section::name);
        name(a).cmp(&name(b)).then(a.cmp(&b))
    }

    fn index_names(&mut self) {
        let mut names: Vec<u32> = (self.sections.iter().enumerate())
            .filter(|(_, section)| section.header.is_some())
            .filter_map(|(index, _)| u32::try_from(index).ok())
            .collect();
        names.sort_unstable_by(|&a, &b| self.by_name(a, b));
        self.names = names;
    }

    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// The index of the section that holds byte `offset` of the file.
    pub fn section_at(&self, offset: usize) -> usize {
        self.sections
            .partition_point(|s| s.start <= offset)
            .saturating_sub(1)
    }

    /// The sections named `name`, in file order.
    pub fn named(&self, name: &str) -> impl DoubleEndedIterator<Item = usize> + '_ {
        let named = |i: &u32| (self.sections.get(*i as usize)).and_then(Section::name);
        let from = self.names.partition_point(|i| named(i) < Some(name));
        let to = self.names.partition_point(|i| named(i) <= Some(name));
        self.names
            .get(from..to)
            .unwrap_or_default()
            .iter()
            .map(|&i| i as usize)
    }

    /// The section the engine has registered under `name` when it reads section `before`: the
    /// one above it with that name that it did not skip.
    pub fn registered_above(&self, name: &str, before: usize) -> Option<(usize, &Board)> {
        (self.named(name))
            .take_while(|&index| index < before)
            .find_map(|index| match &self.sections[index].outcome {
                Outcome::Registered(board) => Some((index, &**board)),
                _ => None,
            })
    }

    /// The board of every section the engine registers, by name.
    pub fn boards(&self) -> HashMap<String, Board> {
        self.sections
            .iter()
            .filter_map(|s| match (&s.header, &s.outcome) {
                (Some(header), Outcome::Registered(board)) => {
                    Some((header.name().to_owned(), (**board).clone()))
                }
                _ => None,
            })
            .collect()
    }

    /// The section's parent as the engine finds it when it reads section `index`: a section
    /// above, else a built-in variant.
    pub fn parent_of(&self, index: usize) -> Option<Parent> {
        let parent = self.sections.get(index)?.header.as_ref()?.parent()?;
        if let Some(first) = self.named(parent).next()
            && first < index
        {
            return Some(Parent::Section(first));
        }
        options::built_in(parent).map(|_| Parent::BuiltIn(parent.to_owned()))
    }

    /// The last value of `key` that section `index` or its parents in the file set, nearest
    /// first, as the engine keeps it, with the section that sets it; `file` is the file's text.
    pub fn set_in_chain(
        &self,
        file: &dyn Source,
        index: usize,
        key: &str,
    ) -> Option<(usize, String)> {
        let parents = self
            .ancestors(index)
            .into_iter()
            .map_while(|parent| match parent {
                Parent::Section(above) => Some(above),
                Parent::BuiltIn(_) => None,
            });
        std::iter::once(index).chain(parents).find_map(|at| {
            let section = self.sections.get(at)?.read_in(file);
            Some((at, section.last_set(key)?.value.to_owned()))
        })
    }

    /// The chain of parents of section `index`, nearest first, as far as the engine follows it.
    pub fn ancestors(&self, index: usize) -> Vec<Parent> {
        let mut chain = Vec::new();
        let mut at = index;
        while let Some(parent) = self.parent_of(at) {
            chain.push(parent.clone());
            match parent {
                // A parent is always above its child, so the chain ends.
                Parent::Section(above) => at = above,
                Parent::BuiltIn(_) => break,
            }
        }
        chain
    }
}

/// Where a section's parent comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parent {
    Section(usize),
    BuiltIn(String),
}

impl Section {
    fn new(start: usize, header: Option<Header>, text: &str) -> Section {
        Section {
            start,
            header,
            len: text.len(),
            outcome: Outcome::Unchecked,
        }
    }

    /// The section with its bytes, read from `file`, the file's text: borrowed where the
    /// text holds them in one piece. Out of step with the text, it reads no lines.
    pub fn read_in<'t>(&self, file: &'t dyn Source) -> SectionText<'_, 't> {
        let text = (file.text_at(self.start..self.end())).unwrap_or(Cow::Borrowed(""));
        SectionText {
            section: self,
            text,
        }
    }

    /// The section with its bytes, `text`, as the check already holds them.
    pub(super) fn with_text<'t>(&self, text: &'t str) -> SectionText<'_, 't> {
        SectionText {
            section: self,
            text: Cow::Borrowed(text),
        }
    }

    pub fn name(&self) -> Option<&str> {
        self.header.as_ref().map(Header::name)
    }

    pub fn end(&self) -> usize {
        self.start + self.len
    }

    /// A range relative to the section, in the file.
    pub fn range(&self, (from, to): (usize, usize)) -> TextRange {
        span(self.start + from, self.start + to)
    }

    pub fn board(&self) -> Option<&Board> {
        match &self.outcome {
            Outcome::Registered(board) => Some(board),
            _ => None,
        }
    }
}

/// A section with its bytes, for reading its lines: the model keeps no copy of them.
#[derive(Debug)]
pub struct SectionText<'m, 't> {
    section: &'m Section,
    text: Cow<'t, str>,
}

impl Deref for SectionText<'_, '_> {
    type Target = Section;

    fn deref(&self) -> &Section {
        self.section
    }
}

impl SectionText<'_, '_> {
    /// The lines after the header, in file order (or from the end).
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = Line<'_>> {
        let mut body = lines(&self.text);
        if self.section.header.is_some() {
            body.next();
        }
        body.map(|(at, line)| Line::read(at, line))
    }

    /// The section's `key = value` lines, in file order.
    pub fn entries(&self) -> impl DoubleEndedIterator<Item = Entry<'_>> {
        self.lines().filter_map(|line| match line.kind {
            LineKind::Entry(entry) => Some(entry),
            _ => None,
        })
    }

    /// The entry that sets `key` last with a value: the one the engine keeps.
    pub fn last_set(&self, key: &str) -> Option<Entry<'_>> {
        self.entries()
            .rev()
            .find(|e| e.key == key && !e.value.is_empty())
    }
}

impl Header {
    fn read(line: &str) -> Header {
        let (bom, content) = match line.strip_prefix(BYTE_ORDER_MARK) {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let (name, parent) = header_parts(content);
        let text = content.trim_end_matches([' ', '\t']);
        // A line over 4 GiB is cut short rather than refused (`check` reads 64 MiB at most).
        let length = |part: &str| u32::try_from(part.len()).unwrap_or(u32::MAX);
        Header {
            content: content.into(),
            text_len: length(text),
            name_len: length(name),
            parent_len: parent.map_or(0, length),
            closed: content.contains(']'),
            byte_order_mark: bom,
        }
    }
}

/// A header line's content (`[name:parent]`): its name and parent, exactly as the engine takes
/// them (split at the first `:`, spaces kept). An empty parent (`[v:]`) is none: the engine
/// builds the variant from scratch (variant.cpp 2158–2159, 2180, 2186: an empty template is no
/// template).
pub(crate) fn header_parts(content: &str) -> (&str, Option<&str>) {
    let header = content.strip_prefix('[').unwrap_or(content);
    let name_part = header.split(']').next().unwrap_or(header);
    match name_part.split_once(':') {
        Some((name, parent)) => (name, Some(parent).filter(|parent| !parent.is_empty())),
        None => (name_part, None),
    }
}
