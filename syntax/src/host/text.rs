//! Lines, spans and trimming as every scanner reads its file: by bytes, never panicking.

use rowan::{TextRange, TextSize};

/// The lines of `text` with their byte offsets, without their `\n` or `\r\n`.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    text.split_inclusive('\n').map(move |chunk| {
        let start = offset;
        offset += chunk.len();
        let line = chunk.strip_suffix('\n').unwrap_or(chunk);
        (start, line.strip_suffix('\r').unwrap_or(line))
    })
}

/// The byte range `start..end` as a `TextRange`.
pub(crate) fn span(start: usize, end: usize) -> TextRange {
    let at = |n: usize| TextSize::new(u32::try_from(n).unwrap_or(u32::MAX));
    TextRange::new(at(start), at(end.max(start)))
}

/// `s` trimmed of spaces and tabs, with the offset of what remains.
pub(crate) fn trimmed(s: &str, offset: usize) -> (usize, &str) {
    let start = s.len() - s.trim_start_matches([' ', '\t']).len();
    (offset + start, s[start..].trim_end_matches([' ', '\t']))
}
