//! The lines of a section as Fairy-Stockfish reads them: each line classified as the engine
//! classifies it, each `key = value` split where the engine splits it, read from the section's
//! bytes with no copy of their own.

use super::super::options::{self, OptionInfo};

/// One line of a section, without its break (and the carriage return before it), read from
/// the section's bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'s> {
    at: usize,
    text: &'s str,
    content: (usize, usize),
    pub kind: LineKind<'s>,
}

impl<'s> Line<'s> {
    /// Where the line starts, in bytes relative to the section.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Its length in bytes, without its break.
    pub fn byte_len(&self) -> usize {
        self.text.len()
    }

    /// Its text, without its break.
    pub fn text(&self) -> &'s str {
        self.text
    }

    /// Bytes of the line without the spaces and tabs around it, relative to the section.
    pub fn content(&self) -> (usize, usize) {
        self.content
    }

    /// Where a carriage return stands that ends no line for the engine, relative to the line.
    pub fn carriage_return(&self) -> Option<usize> {
        self.text.find('\r')
    }
}

/// How the engine reads a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind<'s> {
    /// Nothing but spaces and tabs.
    Blank,
    /// Starts with `#` or `;`; also an indented one without `=`, which the engine ignores.
    Comment,
    /// An indented `#` or `;` line with a `=`: no comment for the engine, but a key it does
    /// not know.
    IndentedComment,
    /// An indented `[`: no header for the engine, which ignores the line.
    IndentedHeader,
    /// A line without `=`, ignored.
    NoEquals,
    Entry(Entry<'s>),
}

/// `key = value`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry<'s> {
    /// The key as the engine looks it up: everything before the first `=`, less trailing
    /// spaces (leading ones and tabs are kept).
    pub key: &'s str,
    /// The key as shown, without the spaces and tabs around it (relative to the section).
    pub key_range: (usize, usize),
    /// The value as the engine keeps it: after `=` and the whitespace that follows it, to the
    /// end of the line (trailing whitespace kept). Empty: the engine stores nothing.
    pub value: &'s str,
    /// Where the value starts, relative to the section.
    pub value_at: usize,
    /// The option the key names, when the engine knows it.
    pub option: Option<&'static OptionInfo>,
}

impl<'s> Entry<'s> {
    /// The value less the whitespace after it, which most values ignore.
    pub fn trimmed_value(&self) -> &'s str {
        self.value.trim_end()
    }
}

/// The lines of `text` with their byte offsets, without their `\n`, and without the one `\r`
/// before it that the engine drops; from either end.
pub(super) fn lines(text: &str) -> impl DoubleEndedIterator<Item = (usize, &str)> {
    text.split_inclusive('\n').map(move |chunk| {
        // `chunk` lies inside `text`: its distance from the start is its offset.
        let start = (chunk.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
        let line = chunk.strip_suffix('\n').unwrap_or(chunk);
        (start, line.strip_suffix('\r').unwrap_or(line))
    })
}

impl<'s> Line<'s> {
    /// Reads `line`, at `at` in its section, as the engine does: a comment starts at the line's
    /// first character; anything else with a `=` is a key.
    pub(super) fn read(at: usize, line: &'s str) -> Line<'s> {
        let (start, content) = crate::host::trimmed(line, at);
        let content_range = (start, start + content.len());
        let kind = if content.is_empty() {
            LineKind::Blank
        } else if line.starts_with(['#', ';']) {
            LineKind::Comment
        } else if let Some(equals) = line.find('=') {
            if content.starts_with(['#', ';']) {
                LineKind::IndentedComment
            } else {
                LineKind::Entry(Entry::read(at, line, equals))
            }
        } else if content.starts_with(['#', ';']) {
            LineKind::Comment
        } else if content.starts_with('[') {
            LineKind::IndentedHeader
        } else {
            LineKind::NoEquals
        };
        Line {
            at,
            text: line,
            content: content_range,
            kind,
        }
    }
}

impl<'s> Entry<'s> {
    /// `line` at `at` whose first `=` is at `equals`.
    fn read(at: usize, line: &'s str, equals: usize) -> Entry<'s> {
        let key = line[..equals].trim_end_matches(' ');
        let after = &line[equals + 1..];
        let value = after.trim_start();
        let (key_start, shown_key) = crate::host::trimmed(key, at);
        Entry {
            key,
            key_range: (key_start, key_start + shown_key.len()),
            value,
            value_at: at + equals + 1 + (after.len() - value.len()),
            option: options::lookup(key),
        }
    }
}
