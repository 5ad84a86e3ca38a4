//! A variant's start position read for a diagram: the squares of its pieces, white's as
//! capital letters. Only what drawing needs: the placement field of the start position, its
//! pieces in hand, promotion marks and wall squares aside.

use super::ini::{Placement, PlacementItem};
use crate::board::{BoardSize, Square};

/// The board field of `fen`, its pieces in hand left out.
fn board_field(fen: &str) -> Option<&str> {
    let field = fen.split_whitespace().next()?;
    Some(field.split('[').next().unwrap_or(field))
}

/// The pieces of `fen`'s placement on a board of `size`, with their letters, read as
/// Fairy-Stockfish reads a placement (its digit rule: `host::ini`'s reader); none when the
/// placement does not fit the board, every rank as wide as the board (the host's
/// `start-position` finding says why).
pub fn placement(fen: &str, size: BoardSize) -> Option<Vec<(Square, char)>> {
    let field = board_field(fen)?;
    if field.split('/').count() != usize::from(size.ranks) {
        return None;
    }
    let files = i64::from(size.files);
    let ranks = i64::from(size.ranks);
    let mut pieces = Vec::new();
    // A promoted piece's mark, before or after its letter, stands on no square.
    let mut walk = Placement::new(field, |b| matches!(b, b'+' | b'~'));
    for (_, item) in walk.by_ref() {
        match item {
            PlacementItem::RankEnd { width, .. } if width != files => return None,
            PlacementItem::RankEnd { .. } => {}
            PlacementItem::OnSquare { rank, file, byte } if byte.is_ascii_alphabetic() => {
                let square = Square {
                    file: u8::try_from(file).ok()?,
                    rank: u8::try_from(ranks - 1 - rank).ok()?,
                };
                pieces.push((square, char::from(byte)));
            }
            PlacementItem::OnSquare { .. } => return None,
        }
    }
    (walk.width() == files).then_some(pieces)
}

/// The board a placement is drawn for: its ranks, and the squares of its first rank, read as
/// Fairy-Stockfish reads them.
pub fn size_of(fen: &str) -> Option<BoardSize> {
    let field = board_field(fen)?;
    let ranks = u8::try_from(field.split('/').count()).ok()?;
    // Only letters and walls stand on squares: marks and anything else are counted as none.
    let mut walk = Placement::new(field, |b| !b.is_ascii_alphabetic());
    let first_rank_end = walk.find_map(|(_, item)| match item {
        PlacementItem::RankEnd { width, .. } => Some(width),
        PlacementItem::OnSquare { .. } => None,
    });
    let files = u8::try_from(first_rank_end.unwrap_or(walk.width())).ok()?;
    let fits = |n: u8| (1..=crate::board::MAX_SIDE).contains(&n);
    (fits(files) && fits(ranks)).then_some(BoardSize { files, ranks })
}

/// Where white's piece `letter` starts (the first from white's side: lowest rank, then file),
/// and the other pieces of the position as white's and black's.
pub fn start_of(
    pieces: &[(Square, char)],
    letter: char,
) -> Option<(Square, Vec<Square>, Vec<Square>)> {
    let white = letter.to_ascii_uppercase();
    let from = pieces
        .iter()
        .filter(|(_, c)| *c == white)
        .map(|(square, _)| *square)
        .min_by_key(|square| (square.rank, square.file))?;
    let (friends, enemies): (Vec<_>, Vec<_>) = pieces
        .iter()
        .filter(|(square, _)| *square != from)
        .partition(|(_, c)| c.is_ascii_uppercase());
    Some((
        from,
        friends.into_iter().map(|(s, _)| s).collect(),
        enemies.into_iter().map(|(s, _)| s).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placement_gives_each_piece_its_square() {
        let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let pieces = placement(chess, BoardSize::CHESS).expect("fits");
        assert_eq!(pieces.len(), 32);
        let (from, friends, enemies) = start_of(&pieces, 'n').expect("a white knight");
        assert_eq!(from.to_string(), "b1");
        assert_eq!((friends.len(), enemies.len()), (15, 16));
        // Ten files, two-digit counts, pieces in hand, promoted marks and walls.
        let wide = BoardSize {
            files: 10,
            ranks: 2,
        };
        let pieces = placement("r8+r/10[Qq] w - - 0 1", wide).expect("fits");
        assert_eq!(pieces.len(), 2);
        assert!(
            placement("r8r/9 w", wide).is_none(),
            "a rank one square short"
        );
        assert!(placement("*9/10", wide).is_some_and(|p| p.is_empty()));
        assert_eq!(size_of("r8+r/10[Qq] w - - 0 1"), Some(wide));
        assert_eq!(size_of(""), None);
    }

    /// Digits as Fairy-Stockfish counts them (`host::ini::fen`, checked against its recorded
    /// verdicts): `100` is ten empty squares, not a hundred, so the engine's position is drawn.
    #[test]
    fn digits_count_as_the_engine_counts_them() {
        let wide = BoardSize {
            files: 12,
            ranks: 2,
        };
        let pieces = placement("r100r/12 w - - 0 1", wide).expect("r, ten squares, r");
        let squares: Vec<String> = pieces.iter().map(|(s, _)| s.to_string()).collect();
        assert_eq!(squares, ["a2", "l2"]);
        assert_eq!(size_of("r100r/12 w - - 0 1"), Some(wide));
    }
}
