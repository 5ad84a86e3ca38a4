//! Squares, and the squares of a board. Board sizes and step vectors are the model's
//! ([`crate::model::BoardSize`], [`crate::model::Step`]); the board adds what needs squares.

use std::fmt;
use std::str::FromStr;

use crate::model::{BoardSize, MAX_SIDE, Step};

/// A square, 0-based: file 0 is `a`, rank 0 is `1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    /// The number of king steps between two squares (on a board without wrapping).
    pub fn distance(self, other: Square) -> u32 {
        u32::from(
            self.file
                .abs_diff(other.file)
                .max(self.rank.abs_diff(other.rank)),
        )
    }
}

/// The letter of a file counted from 0 (`a` for 0); past `z` the letters go on in ASCII order,
/// as no board is that wide.
pub fn file_letter(file: u8) -> char {
    char::from(b'a'.saturating_add(file))
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_letter(self.file), u32::from(self.rank) + 1)
    }
}

impl FromStr for Square {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("`{s}` is not a square: write a file letter and a rank, as in `d4`");
        let mut chars = s.trim().chars();
        let file = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(bad)?;
        let rank: u8 = chars.as_str().parse().map_err(|_| bad())?;
        if rank == 0 || rank > MAX_SIDE {
            return Err(bad());
        }
        Ok(Square {
            file: file as u8 - b'a',
            rank: rank - 1,
        })
    }
}

// The model keeps a board size as plain data; its squares belong here.
impl BoardSize {
    pub fn contains(self, square: Square) -> bool {
        square.file < self.files && square.rank < self.ranks
    }

    /// The centre square the CLI defaults to (d4 on 8×8, e5 on 9×9): rounded down.
    pub fn centre(self) -> Square {
        Square {
            file: (self.files - 1) / 2,
            rank: (self.ranks - 1) / 2,
        }
    }

    /// The square one `step` from `square`, wrapping across the side edges (`wrap_files`) and
    /// the top and bottom (`wrap_ranks`); `None` off the board.
    pub fn step(
        self,
        square: Square,
        step: Step,
        wrap_files: bool,
        wrap_ranks: bool,
    ) -> Option<Square> {
        let coordinate = |value: i16, size: u8, wraps: bool| -> Option<u8> {
            let size = i16::from(size);
            if wraps {
                u8::try_from(value.rem_euclid(size)).ok()
            } else if (0..size).contains(&value) {
                u8::try_from(value).ok()
            } else {
                None
            }
        };
        Some(Square {
            file: coordinate(
                i16::from(square.file) + i16::from(step.dx),
                self.files,
                wrap_files,
            )?,
            rank: coordinate(
                i16::from(square.rank) + i16::from(step.dy),
                self.ranks,
                wrap_ranks,
            )?,
        })
    }

    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.files).flat_map(move |file| (0..self.ranks).map(move |rank| Square { file, rank }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_rotates_atoms_and_keeps_oblique_shapes() {
        // Seed 000: "W interchanges with F, D with A and G with H ('atom rotation')".
        assert_eq!(Step::new(0, 1).turned(1), Step::new(1, 1));
        assert_eq!(Step::new(0, 2).turned(7), Step::new(-2, 2));
        assert_eq!(Step::new(3, 3).turned(1), Step::new(3, 0));
        assert_eq!(Step::new(0, 1).turned(4), Step::new(0, -1));
        // Oblique atoms keep their shape: the next orientation clockwise.
        assert_eq!(Step::new(1, 2).turned(1), Step::new(2, 1));
        assert_eq!(Step::new(-1, 2).turned(1), Step::new(1, 2));
    }
    #[test]
    fn squares_and_sizes_parse_and_print() {
        let square: Square = "j10".parse().unwrap();
        assert_eq!(square, Square { file: 9, rank: 9 });
        assert_eq!(square.to_string(), "j10");
        assert!("d0".parse::<Square>().is_err());
        assert!("D4".parse::<Square>().is_err());
        assert!("d27".parse::<Square>().is_err());
        let size: BoardSize = "12x10".parse().unwrap();
        assert_eq!((size.files, size.ranks), (12, 10));
        assert!("27x8".parse::<BoardSize>().is_err());
        assert!("0x8".parse::<BoardSize>().is_err());
        assert_eq!(BoardSize::CHESS.centre().to_string(), "d4");
        assert_eq!(
            "9x9".parse::<BoardSize>().unwrap().centre().to_string(),
            "e5"
        );
    }
}

/// A piece of a known type on a square, as `--piece` writes it: `N@e4` (upper case: White),
/// `p@d5` (lower case: Black), `:GC+:@c3` (an MBN compound letter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedPiece {
    /// Upper case, without an MBN compound's colons.
    pub name: String,
    pub white: bool,
    pub square: Square,
}

impl FromStr for PlacedPiece {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            format!(
                "`{s}` is not a piece on a square: write its letter, `@` and the square, as in \
                 `N@e4` (upper case White, lower case Black)"
            )
        };
        let (letters, square) = s.trim().split_once('@').ok_or_else(bad)?;
        let name = letters.trim_matches(':');
        let first = name
            .chars()
            .next()
            .filter(char::is_ascii_alphabetic)
            .ok_or_else(bad)?;
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '+') {
            return Err(bad());
        }
        Ok(PlacedPiece {
            name: name.to_ascii_uppercase(),
            white: first.is_ascii_uppercase(),
            square: square.parse()?,
        })
    }
}
