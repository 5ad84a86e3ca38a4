//! The host tokens of a whole file, kept through edits. A 10 MB `variants.ini` has about
//! 150,000 of them, and every edit moves those after it: so they are kept in blocks, each with
//! a move not yet made to its tokens. An edit rewrites the blocks it touches and adds its move
//! to each block after them, instead of to each token.

use std::fmt;

use rowan::{TextRange, TextSize};

use super::HostToken;

/// Blocks hold up to this many tokens; at least half as many unless the file has fewer or an
/// edit left a short one at the end.
const BLOCK: usize = 512;

/// Host keys, sections and comments in file order.
#[derive(Clone, Default)]
pub struct HostTokens {
    blocks: Vec<Block>,
}

#[derive(Clone)]
struct Block {
    /// Added (wrapping) to every stored offset of the block to give its place in the file.
    pending_shift: u32,
    /// Never empty.
    tokens: Vec<Packed>,
}

/// A token in 8 bytes, not the 12 of a range and a kind side by side (issue 56: a 10 MB file
/// has 220,000 tokens): its start, and its length with its kind in the top two bits. A length
/// is cut at 1 GiB, which no token of a file this tool reads reaches (the command line and
/// the server read files of up to 64 MiB).
#[derive(Clone, Copy)]
struct Packed {
    start: u32,
    length_and_kind: u32,
}

/// The bits of [`Packed::length_and_kind`] that hold the length.
const LENGTH_BITS: u32 = (1 << 30) - 1;

impl Packed {
    fn new((range, token): (TextRange, HostToken)) -> Packed {
        let kind = match token {
            HostToken::Key => 0,
            HostToken::Section => 1,
            HostToken::Comment => 2,
        };
        Packed {
            start: range.start().into(),
            length_and_kind: u32::from(range.len()).min(LENGTH_BITS) | kind << 30,
        }
    }

    /// The token, its start moved by `shift` (wrapping).
    fn unpacked(self, shift: u32) -> (TextRange, HostToken) {
        let token = match self.length_and_kind >> 30 {
            0 => HostToken::Key,
            1 => HostToken::Section,
            _ => HostToken::Comment,
        };
        let range = TextRange::at(
            TextSize::new(self.start),
            TextSize::new(self.length_and_kind & LENGTH_BITS),
        );
        (moved(range, shift), token)
    }

    fn moved(self, shift: u32) -> Packed {
        Packed {
            start: self.start.wrapping_add(shift),
            ..self
        }
    }
}

impl Block {
    fn token(&self, index: usize) -> (TextRange, HostToken) {
        self.tokens[index].unpacked(self.pending_shift)
    }

    fn last_start(&self) -> TextSize {
        self.token(self.tokens.len() - 1).0.start()
    }

    /// How many of its tokens start before `offset`.
    fn count_before(&self, offset: TextSize) -> usize {
        (self.tokens).partition_point(|packed| {
            TextSize::new(packed.start.wrapping_add(self.pending_shift)) < offset
        })
    }
}

/// `range` moved by `by` bytes, wrapping (a move back is a wrapped negative): offsets stay
/// inside the file, whose length fits in a `u32`, so this is exact, and with no branch per
/// range, moving thousands of them is fast.
pub(crate) fn moved(range: TextRange, by: u32) -> TextRange {
    TextRange::at(
        TextSize::new(u32::from(range.start()).wrapping_add(by)),
        range.len(),
    )
}

impl HostTokens {
    pub fn new(tokens: Vec<(TextRange, HostToken)>) -> HostTokens {
        HostTokens {
            blocks: into_blocks(tokens),
        }
    }

    pub fn len(&self) -> usize {
        self.blocks.iter().map(|b| b.tokens.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Every token, in file order.
    pub fn iter(&self) -> impl Iterator<Item = (TextRange, HostToken)> + '_ {
        self.blocks
            .iter()
            .flat_map(|block| (0..block.tokens.len()).map(|index| block.token(index)))
    }

    /// Where the first token starting at `offset` or later is: its block and its index there
    /// (one past the last token when there is none).
    fn position(&self, offset: TextSize) -> (usize, usize) {
        let block = self.blocks.partition_point(|b| b.last_start() < offset);
        match self.blocks.get(block) {
            Some(found) => (block, found.count_before(offset)),
            None => match self.blocks.len().checked_sub(1) {
                Some(last) => (last, self.blocks[last].tokens.len()),
                None => (0, 0),
            },
        }
    }

    /// The tokens that start at `offset` or later, in file order.
    pub fn from(&self, offset: TextSize) -> impl Iterator<Item = (TextRange, HostToken)> + '_ {
        let (block, index) = self.position(offset);
        self.blocks
            .iter()
            .enumerate()
            .skip(block)
            .flat_map(move |(at, b)| {
                let first = if at == block { index } else { 0 };
                (first..b.tokens.len()).map(|i| b.token(i))
            })
    }

    /// The tokens that start before `offset`, the last first.
    pub fn before(&self, offset: TextSize) -> impl Iterator<Item = (TextRange, HostToken)> + '_ {
        let (block, index) = self.position(offset);
        let blocks = self.blocks.get(..=block).unwrap_or_default();
        blocks.iter().enumerate().rev().flat_map(move |(at, b)| {
            let end = if at == block { index } else { b.tokens.len() };
            (0..end).rev().map(|i| b.token(i))
        })
    }

    /// Replaces the tokens from the first starting at `from` on while they are `inside` with
    /// `fresh` (which lie where those were, in the new text), and moves the tokens after them
    /// by `shift` bytes (wrapping). Only the blocks holding the replaced tokens are rewritten.
    pub(crate) fn replace_part(
        &mut self,
        from: TextSize,
        inside: impl Fn(TextRange) -> bool,
        shift: u32,
        fresh: Vec<(TextRange, HostToken)>,
    ) {
        let (first, index) = self.position(from);
        if self.blocks.is_empty() {
            self.blocks = into_blocks(fresh);
            return;
        }
        // The blocks from `first` to `last` (included) are rewritten; `rest` is where the
        // tokens kept after the replaced ones start in `last`.
        let (mut last, mut rest) = (first, index);
        loop {
            let block = &self.blocks[last];
            while rest < block.tokens.len() && inside(block.token(rest).0) {
                rest += 1;
            }
            if rest < block.tokens.len() || last + 1 == self.blocks.len() {
                break;
            }
            (last, rest) = (last + 1, 0);
        }
        // Within one block that stays within its sizes (a keystroke): edited in place.
        let in_place = first == last && {
            let new_len = index + fresh.len() + self.blocks[first].tokens.len() - rest;
            let short = new_len < BLOCK / 2 && first + 1 < self.blocks.len();
            (1..=BLOCK).contains(&new_len) && !short
        };
        if in_place {
            let block = &mut self.blocks[first];
            let unmoved = block.pending_shift.wrapping_neg();
            for packed in &mut block.tokens[rest..] {
                *packed = packed.moved(shift);
            }
            let fresh = fresh
                .into_iter()
                .map(|token| Packed::new(token).moved(unmoved));
            block.tokens.splice(index..rest, fresh);
            for block in &mut self.blocks[first + 1..] {
                block.pending_shift = block.pending_shift.wrapping_add(shift);
            }
            return;
        }
        let mut tokens: Vec<_> = (0..index).map(|i| self.blocks[first].token(i)).collect();
        tokens.extend(fresh);
        let kept = &self.blocks[last];
        tokens.extend((rest..kept.tokens.len()).map(|i| {
            let (range, token) = kept.token(i);
            (moved(range, shift), token)
        }));
        // A short block takes in the next, so that edits cannot leave ever more short blocks.
        while tokens.len() < BLOCK / 2 && last + 1 < self.blocks.len() {
            last += 1;
            let next = &self.blocks[last];
            let by = next.pending_shift.wrapping_add(shift);
            tokens.extend(next.tokens.iter().map(|packed| packed.unpacked(by)));
        }
        for block in &mut self.blocks[last + 1..] {
            block.pending_shift = block.pending_shift.wrapping_add(shift);
        }
        self.blocks.splice(first..=last, into_blocks(tokens));
    }
}

/// `tokens` in blocks whose sizes differ by at most one, none empty.
fn into_blocks(tokens: Vec<(TextRange, HostToken)>) -> Vec<Block> {
    let count = tokens.len().div_ceil(BLOCK);
    let Some(size) = tokens.len().checked_div(count) else {
        return Vec::new();
    };
    // The first `tokens.len() % count` blocks take one more.
    let longer = tokens.len() % count;
    let mut tokens = tokens;
    let mut blocks = Vec::with_capacity(count);
    // Cut from the end, the list shrinking as its blocks are taken: a large file's tokens are
    // megabytes, not held twice (issue 56).
    for block in (0..count).rev() {
        let rest = tokens
            .len()
            .saturating_sub(size + usize::from(block < longer));
        // Packed into a list of their own: collected in place, they would keep the bytes of
        // the unpacked list.
        let mut packed = Vec::with_capacity(tokens.len() - rest);
        packed.extend(tokens.drain(rest..).map(Packed::new));
        tokens.shrink_to_fit();
        blocks.push(Block {
            pending_shift: 0,
            tokens: packed,
        });
    }
    blocks.reverse();
    blocks
}

impl PartialEq for HostTokens {
    /// The same tokens, however they are split into blocks.
    fn eq(&self, other: &HostTokens) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for HostTokens {}

impl fmt::Debug for HostTokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rowan::{TextRange, TextSize};

    use super::{BLOCK, HostTokens};
    use crate::host::HostToken;

    fn token(start: u32, len: u32) -> (TextRange, HostToken) {
        (
            TextRange::at(TextSize::new(start), TextSize::new(len)),
            HostToken::Key,
        )
    }

    /// `count` tokens of 2 bytes, 5 bytes apart.
    fn spaced(count: u32) -> Vec<(TextRange, HostToken)> {
        (0..count).map(|i| token(i * 5, 2)).collect()
    }

    /// The same replacement on a plain list.
    fn replaced_plainly(
        tokens: &[(TextRange, HostToken)],
        from: u32,
        to: u32,
        shift: i64,
        fresh: &[(TextRange, HostToken)],
    ) -> Vec<(TextRange, HostToken)> {
        let at = tokens.partition_point(|(r, _)| u32::from(r.start()) < from);
        let removed = tokens[at..]
            .iter()
            .take_while(|(r, _)| u32::from(r.start()) < to)
            .count();
        let mut result = tokens[..at].to_vec();
        result.extend_from_slice(fresh);
        result.extend(tokens[at + removed..].iter().map(|&(range, token)| {
            let start = i64::from(u32::from(range.start())) + shift;
            (
                TextRange::at(TextSize::new(start as u32), range.len()),
                token,
            )
        }));
        result
    }

    proptest! {
        /// Random replacements, each moving what follows, keep the same tokens as a plain
        /// list does; the searches agree with it; blocks stay within their sizes.
        #[test]
        fn blocks_hold_what_a_plain_list_holds(
            count in prop_oneof![0u32..10, 0u32..3000],
            edits in prop::collection::vec((0u32..1000, 0u32..40, 0u32..30, 0usize..600), 1..20),
        ) {
            let mut plain = spaced(count);
            let mut blocks = HostTokens::new(plain.clone());
            for (per_mille, removed_bytes, inserted_bytes, fresh_count) in edits {
                // Anywhere in the tokens or just past them.
                let end = plain.last().map_or(0, |(r, _)| u32::from(r.end()));
                let from = (end + 10) * per_mille / 1000;
                let to = from + removed_bytes;
                let shift = i64::from(inserted_bytes) - i64::from(removed_bytes);
                // Fresh tokens fit in the inserted bytes, one per byte.
                let fresh: Vec<_> = (0..fresh_count.min(inserted_bytes as usize) as u32)
                    .map(|i| token(from + i, 1))
                    .collect();
                // Tokens that straddle the part's end cannot occur: drop the edit then.
                if plain.iter().any(|(r, _)| u32::from(r.start()) < to && u32::from(r.end()) > to && u32::from(r.start()) >= from) {
                    continue;
                }
                plain = replaced_plainly(&plain, from, to, shift, &fresh);
                let inside = |range: TextRange| u32::from(range.start()) < to;
                blocks.replace_part(TextSize::new(from), inside, shift as u32, fresh);
                prop_assert_eq!(blocks.iter().collect::<Vec<_>>(), plain.clone());
                prop_assert_eq!(blocks.len(), plain.len());
                let probe = TextSize::new(from);
                let at = plain.partition_point(|(r, _)| r.start() < probe);
                prop_assert_eq!(blocks.from(probe).collect::<Vec<_>>(), plain[at..].to_vec());
                prop_assert_eq!(
                    blocks.before(probe).collect::<Vec<_>>(),
                    plain[..at].iter().rev().copied().collect::<Vec<_>>()
                );
                prop_assert!(blocks.blocks.iter().all(|b| !b.tokens.is_empty() && b.tokens.len() <= BLOCK));
            }
        }
    }

    /// A token packed in 8 bytes comes back as it was, of each kind and any length a file of
    /// up to a gigabyte holds; a longer one is cut there.
    #[test]
    fn a_packed_token_comes_back_as_it_was() {
        use super::Packed;
        for token in [HostToken::Key, HostToken::Section, HostToken::Comment] {
            for (start, len) in [(0, 0), (7, 1), (u32::MAX - 5, 5), (3, (1 << 30) - 1)] {
                let range = TextRange::at(TextSize::new(start), TextSize::new(len));
                let packed = Packed::new((range, token));
                assert_eq!(packed.unpacked(0), (range, token));
                assert_eq!(packed.moved(9).unpacked(u32::MAX - 8), (range, token));
            }
            let long = TextRange::at(TextSize::new(0), TextSize::new(1 << 31));
            let (cut, kind) = Packed::new((long, token)).unpacked(0);
            assert_eq!((u32::from(cut.len()), kind), ((1 << 30) - 1, token));
        }
    }

    /// Removing every token leaves none, and searches find none.
    #[test]
    fn removing_every_token_leaves_none() {
        for count in [1, 3, BLOCK as u32, 3 * BLOCK as u32] {
            let mut blocks = HostTokens::new(spaced(count));
            blocks.replace_part(TextSize::new(0), |_| true, 0, Vec::new());
            assert!(blocks.is_empty());
            assert_eq!(blocks.from(TextSize::new(0)).count(), 0);
            assert_eq!(blocks.before(TextSize::new(100)).count(), 0);
            blocks.replace_part(TextSize::new(0), |_| true, 0, spaced(2));
            assert_eq!(blocks.iter().collect::<Vec<_>>(), spaced(2));
        }
    }

    /// Removing most tokens one by one, across the file, leaves no more blocks than the tokens
    /// left need (a block that shrinks takes in the next).
    #[test]
    fn removals_do_not_leave_many_short_blocks() {
        let mut blocks = HostTokens::new(spaced(10_000));
        // The file starts as 20 blocks of 500: the ends of each block stay.
        for removed in (0..10_000u32).filter(|i| (1..=450).contains(&(i % 500))) {
            let at = TextSize::new(removed * 5);
            blocks.replace_part(at, |r| r.start() == at, 0, Vec::new());
        }
        assert_eq!(blocks.len(), 1000);
        let needed = 1000usize.div_ceil(BLOCK / 2);
        assert!(
            blocks.blocks.len() <= needed + 1,
            "{} blocks",
            blocks.blocks.len()
        );
    }
}
