//! A variant's piece letters as a set: a bit for each ASCII character, and the rare others
//! (a broken file can give a piece any character) in a sorted list. A file holds a board for
//! each section, and a `BTreeSet<char>` cloned for each was a node of its own per board
//! (issue 56); this is one copy of 32 bytes.

/// Characters, iterated in order as a `BTreeSet<char>` iterates them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct LetterSet {
    /// Bit `c` of the pair (low word first) for each ASCII character `c` in the set.
    ascii: [u64; 2],
    /// The other characters, sorted, each once: all of them after every ASCII one.
    other: Box<[char]>,
}

impl LetterSet {
    pub fn new() -> LetterSet {
        LetterSet::default()
    }

    pub fn contains(&self, letter: char) -> bool {
        match ascii_bit(letter) {
            Some((word, bit)) => self.ascii[word] & bit != 0,
            None => self.other.binary_search(&letter).is_ok(),
        }
    }

    pub fn insert(&mut self, letter: char) {
        match ascii_bit(letter) {
            Some((word, bit)) => self.ascii[word] |= bit,
            None => {
                if let Err(at) = self.other.binary_search(&letter) {
                    let mut other = std::mem::take(&mut self.other).into_vec();
                    other.insert(at, letter);
                    self.other = other.into_boxed_slice();
                }
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.ascii == [0, 0] && self.other.is_empty()
    }

    /// The letters in character order.
    pub fn iter(&self) -> impl Iterator<Item = char> + '_ {
        let ascii = (0..128u8).map(char::from).filter(|&c| self.contains(c));
        ascii.chain(self.other.iter().copied())
    }
}

/// The word and bit of an ASCII `letter`.
fn ascii_bit(letter: char) -> Option<(usize, u64)> {
    let code = u32::from(letter);
    (code < 128).then(|| ((code / 64) as usize, 1u64 << (code % 64)))
}

impl Extend<char> for LetterSet {
    fn extend<T: IntoIterator<Item = char>>(&mut self, letters: T) {
        for letter in letters {
            self.insert(letter);
        }
    }
}

impl FromIterator<char> for LetterSet {
    fn from_iter<T: IntoIterator<Item = char>>(letters: T) -> LetterSet {
        let mut set = LetterSet::new();
        set.extend(letters);
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn behaves_as_a_btree_set_of_chars() {
        let letters = [
            'p', 'n', '\0', '\u{7f}', 'é', '?', 'A', 'é', '🐴', 'z', '@', 'ß',
        ];
        let mut set = LetterSet::new();
        let mut reference = BTreeSet::new();
        assert!(set.is_empty());
        for letter in letters {
            set.insert(letter);
            reference.insert(letter);
            assert_eq!(
                set.iter().collect::<Vec<_>>(),
                reference.iter().copied().collect::<Vec<_>>()
            );
        }
        for c in (0..0x1f500).filter_map(char::from_u32) {
            assert_eq!(set.contains(c), reference.contains(&c), "{c:?}");
        }
        assert!(!set.is_empty());
        let rebuilt: LetterSet = reference.iter().rev().copied().collect();
        assert_eq!(rebuilt, set);
    }
}
