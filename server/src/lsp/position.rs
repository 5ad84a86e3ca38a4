//! LSP positions to byte offsets and back, in the negotiated encoding. Lines end at `\n`,
//! `\r\n` or a lone `\r` (LSP's three line endings; ropey's `cr_lines`); U+0085 and U+2028 are
//! ordinary characters. A character past the end of a line means the line's end.

use betza_syntax::TextRange;
use ropey::Rope;
use tower_lsp_server::ls_types::{Position, Range};

/// How `Position.character` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf16,
}

/// The byte offset of `position`, or `None` when its line is past the end of the document.
pub fn to_offset(rope: &Rope, position: Position, encoding: Encoding) -> Option<usize> {
    let line_index = usize::try_from(position.line).ok()?;
    if line_index >= rope.len_lines() {
        return None;
    }
    let line_start = rope.try_line_to_byte(line_index).ok()?;
    let line = rope.get_line(line_index)?;
    let content = line_content_len(&line.to_string());
    let wanted = usize::try_from(position.character).unwrap_or(usize::MAX);
    let text: String = line.to_string();
    let text = &text[..content];
    let within = match encoding {
        Encoding::Utf8 => {
            let mut at = wanted.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at
        }
        Encoding::Utf16 => {
            let mut units = 0;
            let mut at = text.len();
            for (byte, c) in text.char_indices() {
                if units + c.len_utf16() > wanted {
                    at = byte;
                    break;
                }
                units += c.len_utf16();
            }
            at
        }
    };
    Some(line_start + within)
}

/// The LSP position of byte `offset` (clamped to the document, moved back to a character
/// boundary). Two lookups in the rope and a walk along the line: every diagnostic of a large
/// file is placed on every edit.
pub fn to_position(rope: &Rope, offset: usize, encoding: Encoding) -> Position {
    let mut offset = offset.min(rope.len_bytes());
    let line_index = rope.byte_to_line(offset);
    let line_start = rope.line_to_byte(line_index);
    // The line up to the offset, moved back to a character boundary (at most three bytes).
    let before = loop {
        match rope.get_byte_slice(line_start..offset) {
            Some(slice) => break slice,
            None => offset -= 1,
        }
    };
    let character = match encoding {
        Encoding::Utf8 => before.len_bytes(),
        Encoding::Utf16 => before.len_utf16_cu(),
    };
    Position {
        line: u32::try_from(line_index).unwrap_or(u32::MAX),
        character: u32::try_from(character).unwrap_or(u32::MAX),
    }
}

/// The LSP range of the bytes `range`.
pub fn to_range(rope: &Rope, range: TextRange, encoding: Encoding) -> Range {
    Range {
        start: to_position(rope, range.start().into(), encoding),
        end: to_position(rope, range.end().into(), encoding),
    }
}

/// The length of a line without its line ending.
fn line_content_len(line: &str) -> usize {
    let without_lf = line.strip_suffix('\n').unwrap_or(line);
    without_lf.strip_suffix('\r').unwrap_or(without_lf).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn emoji_count_two_utf16_units_and_four_bytes() {
        let rope = Rope::from_str("😀x = W\n");
        assert_eq!(to_offset(&rope, position(0, 2), Encoding::Utf16), Some(4));
        assert_eq!(to_offset(&rope, position(0, 4), Encoding::Utf8), Some(4));
        assert_eq!(to_position(&rope, 4, Encoding::Utf16), position(0, 2));
        assert_eq!(to_position(&rope, 4, Encoding::Utf8), position(0, 4));
        // Inside a surrogate pair: the character starts before it.
        assert_eq!(to_offset(&rope, position(0, 1), Encoding::Utf16), Some(0));
        // Inside the emoji's bytes: the character starts before them.
        for inside in 1..4 {
            assert_eq!(to_position(&rope, inside, Encoding::Utf16), position(0, 0));
            assert_eq!(to_position(&rope, inside, Encoding::Utf8), position(0, 0));
        }
    }

    #[test]
    fn cjk_and_combining_marks() {
        let rope = Rope::from_str("象e\u{301}W");
        assert_eq!(to_offset(&rope, position(0, 1), Encoding::Utf16), Some(3));
        assert_eq!(to_offset(&rope, position(0, 3), Encoding::Utf16), Some(6));
        assert_eq!(to_position(&rope, 6, Encoding::Utf16), position(0, 3));
    }

    #[test]
    fn crlf_lone_cr_and_unicode_separators() {
        let rope = Rope::from_str("a\r\nb\rc\u{2028}d\u{85}e\n");
        assert_eq!(to_offset(&rope, position(1, 0), Encoding::Utf16), Some(3));
        assert_eq!(to_offset(&rope, position(2, 0), Encoding::Utf16), Some(5));
        // U+2028 and U+0085 are not line breaks in LSP.
        assert_eq!(to_offset(&rope, position(2, 2), Encoding::Utf16), Some(9));
        assert_eq!(to_position(&rope, 3, Encoding::Utf8), position(1, 0));
    }

    #[test]
    fn past_the_line_end_means_the_line_end_and_past_the_last_line_is_none() {
        let rope = Rope::from_str("ab\r\ncd");
        assert_eq!(to_offset(&rope, position(0, 99), Encoding::Utf16), Some(2));
        assert_eq!(to_offset(&rope, position(1, 99), Encoding::Utf8), Some(6));
        assert_eq!(to_offset(&rope, position(5, 0), Encoding::Utf8), None);
        assert_eq!(to_position(&rope, 999, Encoding::Utf16), position(1, 2));
    }
}
