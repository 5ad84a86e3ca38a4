//! The board field of a position (its placement) read as Fairy-Stockfish walks it when it fills
//! its board (`FEN::validate_fen`, apiutil.h; `Position::set`, position.cpp): rank by rank from
//! the top, each digit an empty square count, `*` a wall square, `/` the end of a rank, and the
//! field over at a space or at `[` (the pieces in hand). The engine's digit rule is kept: a
//! run of digits counts each digit plus nine times the one before, so `10` is ten and `100` is
//! also ten. What else stands on no square (promotion marks, a pocket's `-`) the caller says,
//! as the variant's rules decide it; what the walk makes of a board that does not fit, too.

use std::ops::Range;

/// What the walk meets at one byte of the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PlacementItem {
    /// A character on square `file` of rank `rank`, ranks counted from the top from 0: a
    /// piece's letter, or anything else that is neither empty squares nor a mark.
    OnSquare { rank: i64, file: i64, byte: u8 },
    /// A `/`: rank `rank` (from the top) ended `width` squares wide; its characters are at
    /// `range`.
    RankEnd {
        rank: i64,
        width: i64,
        range: Range<usize>,
    },
}

/// The walk along a board field: an iterator of each item at its byte offset. Once it is
/// over, [`Placement::rank`] and [`Placement::width`] say where it stopped: the last rank
/// read and how wide it was.
#[derive(Debug)]
pub(crate) struct Placement<'f, M> {
    field: &'f [u8],
    at: usize,
    is_mark: M,
    rank: i64,
    file: i64,
    rank_start: usize,
    previous: u8,
}

impl<'f, M: Fn(u8) -> bool> Placement<'f, M> {
    /// The walk along `field` (the position, or its board field alone); `is_mark` says which
    /// other characters stand on no square.
    pub(crate) fn new(field: &'f str, is_mark: M) -> Self {
        Placement {
            field: field.as_bytes(),
            at: 0,
            is_mark,
            rank: 0,
            file: 0,
            rank_start: 0,
            previous: b'?',
        }
    }

    /// The rank the walk is on, from the top: after it, the number of `/` read.
    pub(crate) fn rank(&self) -> i64 {
        self.rank
    }

    /// The squares of the rank the walk is on, so far.
    pub(crate) fn width(&self) -> i64 {
        self.file
    }
}

impl<M: Fn(u8) -> bool> Iterator for Placement<'_, M> {
    type Item = (usize, PlacementItem);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let at = self.at;
            let b = *self.field.get(at)?;
            if matches!(b, b' ' | b'[') {
                return None;
            }
            self.at += 1;
            let previous = std::mem::replace(&mut self.previous, b);
            match b {
                b'*' => self.file += 1,
                b'0'..=b'9' => {
                    self.file += i64::from(b - b'0');
                    if previous.is_ascii_digit() {
                        self.file += 9 * i64::from(previous - b'0');
                    }
                }
                b'/' => {
                    let ended = PlacementItem::RankEnd {
                        rank: self.rank,
                        width: self.file,
                        range: self.rank_start..at,
                    };
                    self.rank += 1;
                    self.file = 0;
                    self.rank_start = at + 1;
                    return Some((at, ended));
                }
                mark if (self.is_mark)(mark) => {}
                byte => {
                    let item = PlacementItem::OnSquare {
                        rank: self.rank,
                        file: self.file,
                        byte,
                    };
                    self.file += 1;
                    return Some((at, item));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Placement, PlacementItem};

    fn squares(field: &str) -> Vec<(i64, i64, char)> {
        Placement::new(field, |b| b == b'+')
            .filter_map(|(_, item)| match item {
                PlacementItem::OnSquare { rank, file, byte } => {
                    Some((rank, file, char::from(byte)))
                }
                PlacementItem::RankEnd { .. } => None,
            })
            .collect()
    }

    /// The engine's digit rule (`fen.rs`, checked against its verdicts in `fen/verdicts.tsv`):
    /// two digits read as the number they write, three as the last two.
    #[test]
    fn digits_count_as_the_engine_counts_them() {
        assert_eq!(squares("10r"), [(0, 10, 'r')]);
        assert_eq!(squares("12r"), [(0, 12, 'r')]);
        assert_eq!(squares("100r"), [(0, 10, 'r')]);
        assert_eq!(squares("1+1r"), [(0, 2, 'r')]);
    }

    #[test]
    fn ranks_end_at_slashes_and_the_field_at_a_space_or_a_pocket() {
        let mut walk = Placement::new("r*+k/3 w", |b| b == b'+');
        let items: Vec<_> = walk.by_ref().collect();
        assert_eq!(
            items,
            [
                (
                    0,
                    PlacementItem::OnSquare {
                        rank: 0,
                        file: 0,
                        byte: b'r'
                    }
                ),
                (
                    3,
                    PlacementItem::OnSquare {
                        rank: 0,
                        file: 2,
                        byte: b'k'
                    }
                ),
                (
                    4,
                    PlacementItem::RankEnd {
                        rank: 0,
                        width: 3,
                        range: 0..4
                    }
                ),
            ]
        );
        assert_eq!((walk.rank(), walk.width()), (1, 3));
        let mut walk = Placement::new("8[Qq]", |_| false);
        assert_eq!(walk.by_ref().count(), 0);
        assert_eq!((walk.rank(), walk.width()), (0, 8));
    }
}
