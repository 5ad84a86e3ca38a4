//! Each mapping is checked on both ways of finding lines: a `LineIndex` over the text and a
//! rope of it, which must agree.

use ropey::Rope;

use super::{LineColumn, LineIndex, Lines, Unit};

/// Runs `check` on a line index of `text` and on a rope of it.
fn on_both(text: &str, check: impl Fn(&dyn Lines)) {
    check(&LineIndex::new(text));
    check(&Rope::from_str(text));
}

fn at(line: usize, column: usize) -> LineColumn {
    LineColumn { line, column }
}

#[test]
fn emoji_count_two_utf16_units_four_bytes_and_one_character() {
    on_both("😀x = W\n", |lines| {
        assert_eq!(lines.offset(at(0, 2), Unit::Utf16), Some(4));
        assert_eq!(lines.offset(at(0, 4), Unit::Utf8), Some(4));
        assert_eq!(lines.offset(at(0, 1), Unit::Char), Some(4));
        assert_eq!(lines.line_column(4, Unit::Utf16), at(0, 2));
        assert_eq!(lines.line_column(4, Unit::Utf8), at(0, 4));
        assert_eq!(lines.line_column(4, Unit::Char), at(0, 1));
        // Inside a surrogate pair: the character starts before it.
        assert_eq!(lines.offset(at(0, 1), Unit::Utf16), Some(0));
        // Inside the emoji's bytes: the character starts before them.
        for inside in 1..4 {
            for unit in [Unit::Utf8, Unit::Utf16, Unit::Char] {
                assert_eq!(lines.line_column(inside, unit), at(0, 0));
            }
        }
    });
}

#[test]
fn cjk_and_combining_marks() {
    on_both("象e\u{301}W", |lines| {
        assert_eq!(lines.offset(at(0, 1), Unit::Utf16), Some(3));
        assert_eq!(lines.offset(at(0, 3), Unit::Utf16), Some(6));
        assert_eq!(lines.line_column(6, Unit::Utf16), at(0, 3));
    });
}

/// U+2028 and U+0085 are no line breaks in LSP; a lone `\r` is one.
#[test]
fn crlf_lone_cr_and_unicode_separators() {
    on_both("a\r\nb\rc\u{2028}d\u{85}e\n", |lines| {
        assert_eq!(lines.offset(at(1, 0), Unit::Utf16), Some(3));
        assert_eq!(lines.offset(at(2, 0), Unit::Utf16), Some(5));
        assert_eq!(lines.offset(at(2, 2), Unit::Utf16), Some(9));
        assert_eq!(lines.line_column(3, Unit::Utf8), at(1, 0));
        assert_eq!(lines.line_count(), 4);
    });
}

#[test]
fn past_the_line_end_means_the_line_end_and_past_the_last_line_is_none() {
    on_both("ab\r\ncd", |lines| {
        assert_eq!(lines.offset(at(0, 99), Unit::Utf16), Some(2));
        assert_eq!(lines.offset(at(1, 99), Unit::Utf8), Some(6));
        assert_eq!(lines.offset(at(5, 0), Unit::Utf8), None);
        assert_eq!(lines.line_column(999, Unit::Utf16), at(1, 2));
    });
}

/// A lone carriage return ends a line, as `\n` and `\r\n` do (LSP's three line breaks).
#[test]
fn lines_end_at_lf_crlf_and_lone_cr() {
    let text = "a\rb\r\nc\nd\r\re";
    on_both(text, |lines| {
        let each: Vec<&str> = (0..6)
            .map(|l| &text[lines.line_range(l).expect("a line")])
            .collect();
        assert_eq!(each, ["a", "b", "c", "d", "", "e"]);
        assert_eq!(lines.line_range(6), None);
        assert_eq!(lines.line_column(2, Unit::Char), at(1, 0));
        // The `\n` of a `\r\n` is the line's, after its `\r`.
        assert_eq!(lines.line_column(4, Unit::Char), at(1, 2));
        assert_eq!(lines.line_column(5, Unit::Char), at(2, 0));
        assert_eq!(lines.line_column(text.len(), Unit::Char), at(5, 1));
    });
}

/// The command line's positions: 1-based lines and columns in characters.
#[test]
fn the_command_line_counts_lines_and_characters_from_one() {
    let text = "ab\n😀x\r\nlast";
    let index = LineIndex::new(text);
    assert_eq!(index.line_column_one_based(0), (1, 1));
    assert_eq!(index.line_column_one_based(2), (1, 3));
    assert_eq!(index.line_column_one_based(3), (2, 1));
    // After the emoji: one character, whatever its bytes; inside it: its start.
    assert_eq!(index.line_column_one_based(7), (2, 2));
    assert_eq!(index.line_column_one_based(5), (2, 1));
    // `\r` is a character of its line; the next line starts after `\n`.
    assert_eq!(index.line_column_one_based(text.len()), (3, 5));
    assert_eq!(index.line_column_one_based(usize::MAX), (3, 5));
    assert_eq!(&text[index.line_range_one_based(2)], "😀x");
    assert_eq!(index.line_range_one_based(4), text.len()..text.len());
    assert_eq!(index.line_range_one_based(0), text.len()..text.len());
}

/// Issue 26: a column was counted from its line's start, so 30,000 findings on a line of
/// 60,000 letters read a billion of them. Counted from a checkpoint near the offset, it must
/// agree with counting at every offset, across checkpoints and multi-byte letters, in every
/// unit, as the rope counts.
#[test]
fn columns_on_a_long_line() {
    let text = format!("x\n{}\nlast", "aé😀b".repeat(5_000));
    let index = LineIndex::new(&text);
    let rope = Rope::from_str(&text);
    let (mut line, mut chars, mut utf16) = (0, 0, 0);
    let mut line_start = 0;
    for (offset, c) in text.char_indices() {
        assert_eq!(
            index.line_column(offset, Unit::Char),
            at(line, chars),
            "{offset}"
        );
        assert_eq!(
            index.line_column(offset, Unit::Utf16),
            at(line, utf16),
            "{offset}"
        );
        let bytes = at(line, offset - line_start);
        assert_eq!(index.line_column(offset, Unit::Utf8), bytes, "{offset}");
        if offset % 97 == 0 {
            for unit in [Unit::Utf8, Unit::Utf16, Unit::Char] {
                assert_eq!(
                    rope.line_column(offset, unit),
                    index.line_column(offset, unit)
                );
            }
        }
        (chars, utf16) = (chars + 1, utf16 + c.len_utf16());
        if c == '\n' {
            (line, chars, utf16, line_start) = (line + 1, 0, 0, offset + 1);
        }
    }
    assert_eq!(index.line_column(text.len(), Unit::Char), at(2, 4));
}

/// The playground underlines in JavaScript's strings: offsets from the start of the text in
/// UTF-16 units. `é` is two bytes and one unit, `😀` four bytes and two units.
#[test]
fn offsets_from_the_start_count_as_javascript_counts_them() {
    let text = "é😀W";
    on_both(text, |lines| {
        let units: Vec<usize> = [0, 2, 6, 7, 100]
            .into_iter()
            .map(|offset| lines.offset_in(offset, Unit::Utf16))
            .collect();
        assert_eq!(units, [0, 1, 3, 4, 4]);
        assert_eq!(
            lines.offset_in(4, Unit::Utf16),
            1,
            "inside the emoji: its start"
        );
    });
    assert_eq!(text.encode_utf16().count(), 4);
    on_both("fmWfcF", |lines| {
        let units: Vec<usize> = (0..=6).map(|b| lines.offset_in(b, Unit::Utf16)).collect();
        assert_eq!(units, [0, 1, 2, 3, 4, 5, 6]);
    });
    on_both("", |lines| assert_eq!(lines.offset_in(0, Unit::Utf16), 0));
}
