//! A variant's start position read for a diagram: the squares of its pieces, white's as
//! capital letters. Only what drawing needs: the placement field of the start position, its
//! pieces in hand, promotion marks and wall squares aside.

use crate::board::{BoardSize, Square};

/// The pieces of `fen`'s placement on a board of `size`, with their letters; none when the
/// placement does not fit the board (the host's `start-position` finding says why).
pub fn placement(fen: &str, size: BoardSize) -> Option<Vec<(Square, char)>> {
    let field = fen.split_whitespace().next()?;
    let field = field.split('[').next().unwrap_or(field);
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != usize::from(size.ranks) {
        return None;
    }
    let mut pieces = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let rank = u8::try_from(usize::from(size.ranks) - 1 - index).ok()?;
        let mut file: usize = 0;
        let mut empty: usize = 0;
        for c in row.chars() {
            if let Some(digit) = c.to_digit(10) {
                empty = empty.checked_mul(10)?.checked_add(digit as usize)?;
                continue;
            }
            file = file.checked_add(std::mem::take(&mut empty))?;
            match c {
                // A promoted piece's mark, before or after its letter.
                '+' | '~' => {}
                // A wall square: no piece stands there.
                '*' => file += 1,
                letter if letter.is_ascii_alphabetic() => {
                    let square = Square {
                        file: u8::try_from(file).ok()?,
                        rank,
                    };
                    pieces.push((square, letter));
                    file += 1;
                }
                _ => return None,
            }
        }
        file = file.checked_add(empty)?;
        if file != usize::from(size.files) {
            return None;
        }
    }
    Some(pieces)
}

/// The board a placement is drawn for: its ranks, and the squares of its first rank.
pub fn size_of(fen: &str) -> Option<BoardSize> {
    let field = fen.split_whitespace().next()?;
    let field = field.split('[').next().unwrap_or(field);
    let ranks = u8::try_from(field.split('/').count()).ok()?;
    let mut files: usize = 0;
    let mut empty: usize = 0;
    for c in field.split('/').next()?.chars() {
        match c.to_digit(10) {
            Some(digit) => empty = empty.checked_mul(10)?.checked_add(digit as usize)?,
            None => {
                files = files.checked_add(std::mem::take(&mut empty))?;
                if c.is_ascii_alphabetic() || c == '*' {
                    files += 1;
                }
            }
        }
    }
    let files = u8::try_from(files.checked_add(empty)?).ok()?;
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
}
