//! LSP positions to byte offsets and back, in the negotiated encoding. The mapping is the
//! library's one (`analysis::Lines`, over the document's rope): lines end at `\n`, `\r\n` or a
//! lone `\r`, U+0085 and U+2028 are ordinary characters, and a character past the end of a
//! line means the line's end; it is tested there.

use betza_syntax::TextRange;
use betza_syntax::analysis::{LineColumn, Lines, Unit};
use ropey::Rope;
use tower_lsp_server::ls_types::{Position, Range};

/// How `Position.character` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
}

impl Encoding {
    fn unit(self) -> Unit {
        match self {
            Encoding::Utf8 => Unit::Utf8,
            Encoding::Utf16 => Unit::Utf16,
        }
    }
}

/// The byte offset of `position`, or `None` when its line is past the end of the document.
pub fn to_offset(rope: &Rope, position: Position, encoding: Encoding) -> Option<usize> {
    let line_column = LineColumn {
        line: usize::try_from(position.line).ok()?,
        column: usize::try_from(position.character).unwrap_or(usize::MAX),
    };
    rope.offset(line_column, encoding.unit())
}

/// The LSP position of byte `offset` (clamped to the document, moved back to a character
/// boundary). A few lookups in the rope: every diagnostic of a large file is placed on every
/// edit.
pub fn to_position(rope: &Rope, offset: usize, encoding: Encoding) -> Position {
    let LineColumn { line, column } = rope.line_column(offset, encoding.unit());
    Position {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        character: u32::try_from(column).unwrap_or(u32::MAX),
    }
}

/// The LSP range of the bytes `range`.
pub fn to_range(rope: &Rope, range: TextRange, encoding: Encoding) -> Range {
    Range {
        start: to_position(rope, range.start().into(), encoding),
        end: to_position(rope, range.end().into(), encoding),
    }
}
