//! Byte offsets of a Rust string as offsets in the same text as JavaScript holds it (UTF-16
//! code units), so that the page underlines exactly the letters a finding names, emoji
//! included.

/// The UTF-16 offset of every byte offset of one text, counted once.
#[derive(Debug)]
pub struct Utf16Offsets {
    /// For each byte offset 0..=len, the UTF-16 units before it; inside a character, the
    /// offset of the character's start (the library's ranges never fall there, but the page
    /// must get a number for anything).
    units: Vec<u32>,
}

impl Utf16Offsets {
    pub fn new(text: &str) -> Self {
        let mut units = Vec::with_capacity(text.len() + 1);
        let mut before = 0u32;
        for c in text.chars() {
            units.extend(std::iter::repeat_n(before, c.len_utf8()));
            before += c.len_utf16() as u32;
        }
        units.push(before);
        Utf16Offsets { units }
    }

    /// The UTF-16 offset of byte `offset`; past the end, the end.
    pub fn of(&self, offset: usize) -> u32 {
        let last = self.units.len() - 1;
        self.units[offset.min(last)]
    }
}

#[cfg(test)]
mod tests {
    use super::Utf16Offsets;

    #[test]
    fn ascii_offsets_are_byte_offsets() {
        let offsets = Utf16Offsets::new("fmWfcF");
        assert_eq!(
            (0..=6).map(|b| offsets.of(b)).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5, 6]
        );
    }

    /// `é` is two bytes and one unit, `😀` four bytes and two units (a surrogate pair).
    #[test]
    fn wide_characters_count_as_javascript_counts_them() {
        let text = "é😀W";
        let offsets = Utf16Offsets::new(text);
        assert_eq!(offsets.of(0), 0);
        assert_eq!(offsets.of(2), 1);
        assert_eq!(offsets.of(6), 3);
        assert_eq!(offsets.of(7), 4);
        assert_eq!(offsets.of(100), 4);
        assert_eq!(text.encode_utf16().count(), 4);
    }

    #[test]
    fn the_empty_text_has_one_offset() {
        assert_eq!(Utf16Offsets::new("").of(0), 0);
    }
}
