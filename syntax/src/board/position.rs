//! The board a piece moves on: its size, the moving piece's square and side, and the friends
//! and enemies standing around it.

use super::{BoardSize, Square};

/// Which side the piece plays; black's directions are white's rotated 180°.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Side {
    #[default]
    White,
    Black,
}

/// What stands on a square, seen from the moving piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Occupant {
    Friend,
    Enemy,
}

/// A board with the moving piece and the pieces around it. Blockers never move; their type
/// plays no part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub size: BoardSize,
    pub from: Square,
    pub side: Side,
    /// Whether the piece has moved: initial (`i`) moves are only for a piece that has not.
    pub moved: bool,
    grid: Vec<Option<Occupant>>,
    /// The type of the piece on each square where it is known (`N`, `GC+`), for moves limited
    /// to sets of pieces (MBN's `c{L}`); elsewhere its type is not known.
    types: Vec<Option<String>>,
}

/// Why a position cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    OffBoard { square: Square, size: BoardSize },
    Overlap(Square),
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::OffBoard { square, size } => {
                write!(f, "square {square} is off the {size} board")
            }
            PositionError::Overlap(square) => {
                write!(
                    f,
                    "square {square} is given twice (the piece, a friend or an enemy)"
                )
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    pub fn new(
        size: BoardSize,
        from: Square,
        side: Side,
        moved: bool,
        friends: &[Square],
        enemies: &[Square],
    ) -> Result<Position, PositionError> {
        let mut position = Position {
            size,
            from,
            side,
            moved,
            grid: vec![None; usize::from(size.files) * usize::from(size.ranks)],
            types: vec![None; usize::from(size.files) * usize::from(size.ranks)],
        };
        position.check(from)?;
        let mut seen = vec![from];
        for (squares, occupant) in [(friends, Occupant::Friend), (enemies, Occupant::Enemy)] {
            for square in squares {
                position.check(*square)?;
                if seen.contains(square) {
                    return Err(PositionError::Overlap(*square));
                }
                seen.push(*square);
                let index = position.index(*square);
                position.grid[index] = Some(occupant);
            }
        }
        Ok(position)
    }

    fn check(&self, square: Square) -> Result<(), PositionError> {
        if self.size.contains(square) {
            Ok(())
        } else {
            Err(PositionError::OffBoard {
                square,
                size: self.size,
            })
        }
    }

    pub(super) fn index(&self, square: Square) -> usize {
        usize::from(square.rank) * usize::from(self.size.files) + usize::from(square.file)
    }

    /// How many squares hold a piece (the moving piece's own square is empty).
    pub fn occupied_count(&self) -> usize {
        self.grid.iter().filter(|o| o.is_some()).count()
    }

    /// Gives the piece on `square` a type; `false` (and nothing changes) where no piece stands.
    pub fn name_piece(&mut self, square: Square, name: &str) -> bool {
        if self.occupant(square).is_none() {
            return false;
        }
        let index = self.index(square);
        self.types[index] = Some(name.to_ascii_uppercase());
        true
    }

    /// The type of the piece on `square`, where it is known.
    pub fn piece_type(&self, square: Square) -> Option<&str> {
        if self.size.contains(square) {
            self.types[self.index(square)].as_deref()
        } else {
            None
        }
    }

    pub fn occupant(&self, square: Square) -> Option<Occupant> {
        if self.size.contains(square) {
            self.grid[self.index(square)]
        } else {
            None
        }
    }
}
