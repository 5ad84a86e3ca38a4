//! Byte offsets of a text as lines and columns, and back: the one mapping the command line
//! (1-based lines, columns in characters), the language server (columns in UTF-8 bytes or
//! UTF-16 code units, as negotiated) and the playground (UTF-16 offsets, as JavaScript counts)
//! all use. Lines end at `\n`, `\r\n` or a lone `\r`, LSP's three line breaks; U+0085 and
//! U+2028 are ordinary characters. An offset inside a character means the character's start,
//! and a column past a line's end means the line's end.
//!
//! The mapping is written once, over [`Lines`]: a text that can find its lines and count what
//! comes before an offset. A [`LineIndex`] does so for a `str` (built once, asked thousands of
//! times); ropey's `Rope`, which an editor's document keeps up edit by edit, does so itself.

use std::borrow::Cow;
use std::ops::Range;

use super::Source;

/// What a column counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// UTF-8 bytes.
    Utf8,
    /// UTF-16 code units: two for a character past U+FFFF (a surrogate pair).
    Utf16,
    /// Characters (Unicode scalar values).
    Char,
}

impl Unit {
    fn of(self, c: char) -> usize {
        match self {
            Unit::Utf8 => c.len_utf8(),
            Unit::Utf16 => c.len_utf16(),
            Unit::Char => 1,
        }
    }
}

/// A line and a column in it, both counted from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineColumn {
    pub line: usize,
    pub column: usize,
}

/// A text whose lines can be found by number and by offset. The mapping itself is provided.
pub trait Lines: Source {
    /// How many lines the text has: one more than its line breaks.
    fn line_count(&self) -> usize;

    /// The byte offset where `line` starts; `None` past the last line.
    fn line_start(&self, line: usize) -> Option<usize>;

    /// The line that holds byte `offset`, a character boundary within the text.
    fn line_of(&self, offset: usize) -> usize;

    /// `offset` clamped to the text and moved back to a character boundary.
    fn char_boundary(&self, offset: usize) -> usize;

    /// How many `unit`s come before byte `offset`, a character boundary within the text.
    fn units_before(&self, offset: usize, unit: Unit) -> usize;

    /// Byte `offset` counted in `unit` from the start of the text (clamped, moved back to a
    /// character boundary).
    fn offset_in(&self, offset: usize, unit: Unit) -> usize {
        self.units_before(self.char_boundary(offset), unit)
    }

    /// The line and column of byte `offset` (clamped, moved back to a character boundary);
    /// the column of a line's end is one past its last character.
    fn line_column(&self, offset: usize, unit: Unit) -> LineColumn {
        let offset = self.char_boundary(offset);
        let line = self.line_of(offset);
        let start = self.line_start(line).unwrap_or(0);
        LineColumn {
            line,
            column: self.units_before(offset, unit) - self.units_before(start, unit),
        }
    }

    /// The bytes of `line` without its line break; `None` past the last line.
    fn line_range(&self, line: usize) -> Option<Range<usize>> {
        let start = self.line_start(line)?;
        let next = self.line_start(line + 1).unwrap_or(self.len_bytes());
        let text = self.text_at(start..next)?;
        let content = text.strip_suffix('\n').unwrap_or(&text);
        let content = content.strip_suffix('\r').unwrap_or(content);
        Some(start..start + content.len())
    }

    /// The byte offset of `position`, its column in `unit`; `None` when its line is past the
    /// last. A column inside a character (the second unit of a surrogate pair, a byte within a
    /// character) means the character's start; past the line's end, the line's end.
    fn offset(&self, position: LineColumn, unit: Unit) -> Option<usize> {
        let range = self.line_range(position.line)?;
        let text = self.text_at(range.clone()).unwrap_or(Cow::Borrowed(""));
        let mut units = 0;
        for (at, c) in text.char_indices() {
            units += unit.of(c);
            if units > position.column {
                return Some(range.start + at);
            }
        }
        Some(range.end)
    }
}

/// Where each line of a `str` starts, to turn byte offsets into lines and columns without
/// reading the text again for each (a file of thousands of findings asks thousands of times).
#[derive(Debug, Clone)]
pub struct LineIndex<'t> {
    text: &'t str,
    /// The byte offset of each line's start.
    starts: Vec<usize>,
    /// Character boundaries about every [`CHECKPOINT_STRIDE`] bytes, with the characters and
    /// UTF-16 units before each: a column is counted from the nearest, so a line of tens of
    /// thousands of findings is not read again from its start for each (issue 26).
    checkpoints: Vec<Checkpoint>,
}

#[derive(Debug, Clone, Copy)]
struct Checkpoint {
    at: usize,
    chars: usize,
    utf16: usize,
}

const CHECKPOINT_STRIDE: usize = 256;

impl<'t> LineIndex<'t> {
    pub fn new(text: &'t str) -> Self {
        let bytes = text.as_bytes();
        let starts = std::iter::once(0)
            .chain(
                (text.match_indices(['\n', '\r']))
                    // The `\r` of a `\r\n` ends no line: its `\n` does.
                    .filter(|(at, _)| bytes[*at] == b'\n' || bytes.get(at + 1) != Some(&b'\n'))
                    .map(|(at, _)| at + 1),
            )
            .collect();
        let mut checkpoints = vec![Checkpoint {
            at: 0,
            chars: 0,
            utf16: 0,
        }];
        let (mut chars, mut utf16) = (0, 0);
        let mut next = CHECKPOINT_STRIDE;
        for (at, c) in text.char_indices() {
            if at >= next {
                checkpoints.push(Checkpoint { at, chars, utf16 });
                next = at + CHECKPOINT_STRIDE;
            }
            chars += 1;
            utf16 += c.len_utf16();
        }
        LineIndex {
            text,
            starts,
            checkpoints,
        }
    }

    /// 1-based line and column (in characters) of byte `offset`, as the command line reports
    /// them (clamped, moved back to a character boundary).
    pub fn line_column_one_based(&self, offset: usize) -> (usize, usize) {
        let LineColumn { line, column } = self.line_column(offset, Unit::Char);
        (line + 1, column + 1)
    }

    /// The bytes of 1-based `line`, without its line break; empty at the end past the last
    /// line.
    pub fn line_range_one_based(&self, line: usize) -> Range<usize> {
        let end = self.text.len();
        line.checked_sub(1)
            .and_then(|line| self.line_range(line))
            .unwrap_or(end..end)
    }
}

impl Source for LineIndex<'_> {
    fn len_bytes(&self) -> usize {
        self.text.len()
    }

    fn text_at(&self, range: Range<usize>) -> Option<Cow<'_, str>> {
        self.text.text_at(range)
    }
}

impl Lines for LineIndex<'_> {
    fn line_count(&self) -> usize {
        self.starts.len()
    }

    fn line_start(&self, line: usize) -> Option<usize> {
        self.starts.get(line).copied()
    }

    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset) - 1
    }

    fn char_boundary(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    fn units_before(&self, offset: usize, unit: Unit) -> usize {
        if unit == Unit::Utf8 {
            return offset;
        }
        let nearest = self.checkpoints.partition_point(|c| c.at <= offset) - 1;
        let checkpoint = self.checkpoints[nearest];
        let between = self.text[checkpoint.at..offset].chars();
        match unit {
            Unit::Char => checkpoint.chars + between.count(),
            _ => checkpoint.utf16 + between.map(char::len_utf16).sum::<usize>(),
        }
    }
}

/// A rope finds its lines with its own index, kept up edit by edit (ropey's `cr_lines`
/// feature ends lines as LSP does).
impl Lines for ropey::Rope {
    fn line_count(&self) -> usize {
        self.len_lines()
    }

    fn line_start(&self, line: usize) -> Option<usize> {
        // ropey gives the text's end for the line after the last.
        (line < self.len_lines())
            .then(|| self.try_line_to_byte(line).ok())
            .flatten()
    }

    fn line_of(&self, offset: usize) -> usize {
        self.try_byte_to_line(offset)
            .unwrap_or(self.len_lines() - 1)
    }

    fn char_boundary(&self, offset: usize) -> usize {
        let offset = offset.min(self.len_bytes());
        self.char_to_byte(self.byte_to_char(offset))
    }

    fn units_before(&self, offset: usize, unit: Unit) -> usize {
        match unit {
            Unit::Utf8 => offset,
            Unit::Char => self.byte_to_char(offset),
            Unit::Utf16 => self.char_to_utf16_cu(self.byte_to_char(offset)),
        }
    }
}

#[cfg(test)]
mod tests;
