//! A file's text as the analysis reads it: by byte ranges. The command line holds files as one
//! `str`; an editor holds them as ropes, where copying the whole text on each keystroke would
//! cost more than the analysis of the edit. An incremental update reads only the part of the
//! file it analyses again.

use std::borrow::Cow;
use std::ops::Range;

pub(crate) mod lines;

/// Text read by byte ranges.
pub trait Source {
    /// The length of the text in bytes.
    fn len_bytes(&self) -> usize;

    /// The bytes `range`, when it lies inside the text on character boundaries. Borrowed where
    /// the text holds them contiguously.
    fn text_at(&self, range: Range<usize>) -> Option<Cow<'_, str>>;
}

impl Source for str {
    fn len_bytes(&self) -> usize {
        self.len()
    }

    fn text_at(&self, range: Range<usize>) -> Option<Cow<'_, str>> {
        self.get(range).map(Cow::Borrowed)
    }
}

impl Source for String {
    fn len_bytes(&self) -> usize {
        self.len()
    }

    fn text_at(&self, range: Range<usize>) -> Option<Cow<'_, str>> {
        self.as_str().text_at(range)
    }
}

/// A borrowed text is read as the text itself: so a `&str`, unsized, can be handed over as a
/// `&dyn Source` (as `&&str`).
impl<S: Source + ?Sized> Source for &S {
    fn len_bytes(&self) -> usize {
        (**self).len_bytes()
    }

    fn text_at(&self, range: Range<usize>) -> Option<Cow<'_, str>> {
        (**self).text_at(range)
    }
}

/// A rope's bytes are borrowed when the range lies in one of its chunks.
impl Source for ropey::Rope {
    fn len_bytes(&self) -> usize {
        self.len_bytes()
    }

    fn text_at(&self, range: Range<usize>) -> Option<Cow<'_, str>> {
        let slice = self.get_byte_slice(range)?;
        Some(
            slice
                .as_str()
                .map_or_else(|| slice.to_string().into(), Cow::Borrowed),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Source;

    #[test]
    fn a_str_gives_ranges_on_character_boundaries_only() {
        let text = "a😀b";
        assert_eq!(text.len_bytes(), 6);
        assert_eq!(text.text_at(1..5).as_deref(), Some("😀"));
        assert_eq!(text.text_at(2..5), None);
        assert_eq!(text.text_at(5..7), None);
    }

    /// A rope of many chunks reads every range as its text does, borrowed or copied.
    #[test]
    fn a_rope_reads_every_range_as_its_text_does() {
        let text = "[v]\ncustomPiece1 = é:mfW😀\r\n".repeat(400);
        let rope = ropey::Rope::from_str(&text);
        assert!(rope.chunks().count() > 10, "the text spans many chunks");
        assert_eq!(rope.len_bytes(), text.len_bytes());
        let ends = (0..=text.len() + 1).step_by(7);
        for start in ends.clone() {
            for end in ends
                .clone()
                .filter(|&end| end + 300 > start && end < start + 3000)
            {
                assert_eq!(
                    Source::text_at(&rope, start..end),
                    text.text_at(start..end),
                    "{start}..{end}"
                );
            }
        }
    }
}
