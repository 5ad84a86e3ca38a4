//! Squares, boards and step vectors.

use std::fmt;
use std::str::FromStr;

/// The largest board: 26 files (a–z) by 26 ranks.
pub const MAX_SIDE: u8 = 26;

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

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file),
            u32::from(self.rank) + 1
        )
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

/// A board size, files by ranks, each 1 to 26.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    pub files: u8,
    pub ranks: u8,
}

impl BoardSize {
    pub const CHESS: BoardSize = BoardSize { files: 8, ranks: 8 };

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

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

impl FromStr for BoardSize {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad =
            || format!("`{s}` is not a board size: write FILESxRANKS, each 1 to 26, as in `8x8`");
        let (files, ranks) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let files: u8 = files.parse().map_err(|_| bad())?;
        let ranks: u8 = ranks.parse().map_err(|_| bad())?;
        if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
            return Err(bad());
        }
        Ok(BoardSize { files, ranks })
    }
}

/// The eight king steps clockwise from forward; index `k` is a turn of `k` × 45°.
pub const COMPASS: [Step; 8] = [
    Step::new(0, 1),
    Step::new(1, 1),
    Step::new(1, 0),
    Step::new(1, -1),
    Step::new(0, -1),
    Step::new(-1, -1),
    Step::new(-1, 0),
    Step::new(-1, 1),
];

/// A step vector in white's orientation: `dy > 0` is forward, `dx > 0` is to the right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub dx: i8,
    pub dy: i8,
}

/// Which way a leg bent: clockwise (right) or anticlockwise (left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lean {
    Right,
    Left,
}

impl Lean {
    /// The lean of a turn by `eighths` clockwise, or of `step` when the turn is straight on or
    /// straight back.
    pub fn of_turn(eighths: u8, step: Step) -> Option<Lean> {
        match eighths % 8 {
            1..=3 => Some(Lean::Right),
            5..=7 => Some(Lean::Left),
            _ => step.leaning(),
        }
    }
}

impl Step {
    pub const fn new(dx: i8, dy: i8) -> Step {
        Step { dx, dy }
    }

    /// The step as black makes it: black's directions are white's rotated 180° (seed 000 and
    /// both engines).
    pub fn for_black(self) -> Step {
        Step::new(-self.dx, -self.dy)
    }

    /// Rotated 90° clockwise (forward becomes right).
    pub fn clockwise(self) -> Step {
        Step::new(self.dy, -self.dx)
    }

    /// The step turned clockwise by `eighths` × 45° (seed 000: continuation legs name their
    /// directions relative to the previous leg). An orthogonal or diagonal step turns into the
    /// other family at the same distance (W↔F, D↔A, H↔G: "atom rotation"); an oblique leap keeps
    /// its shape and moves to the next of its eight orientations.
    pub fn turned(self, eighths: u8) -> Step {
        let k = usize::from(eighths % 8);
        let (ax, ay) = (self.dx.abs(), self.dy.abs());
        if ax == 0 || ay == 0 || ax == ay {
            let n = self.king_distance();
            let unit = Step::new(self.dx.signum(), self.dy.signum());
            let Some(index) = COMPASS.iter().position(|c| *c == unit) else {
                return self;
            };
            let turned = COMPASS[(index + k) % 8];
            return Step::new(turned.dx * n, turned.dy * n);
        }
        let (a, b) = (ax.min(ay), ax.max(ay));
        let ring = [
            Step::new(a, b),
            Step::new(b, a),
            Step::new(b, -a),
            Step::new(a, -b),
            Step::new(-a, -b),
            Step::new(-b, -a),
            Step::new(-b, a),
            Step::new(-a, b),
        ];
        match ring.iter().position(|s| *s == self) {
            Some(index) => ring[(index + k) % 8],
            None => self,
        }
    }

    /// The side an oblique leap leans to from the nearest orthogonal, looking along it: (1,2)
    /// leans right of forward, (2,1) left of right. Orthogonal and diagonal steps lean nowhere.
    pub fn leaning(self) -> Option<Lean> {
        let (ax, ay) = (self.dx.abs(), self.dy.abs());
        if ax == 0 || ay == 0 || ax == ay {
            return None;
        }
        // Clockwise from the nearer orthogonal when the coordinates' product has the sign that
        // the (1,2) orientation has along the longer axis.
        let clockwise = (ax < ay) == (self.dx.signum() == self.dy.signum());
        Some(if clockwise { Lean::Right } else { Lean::Left })
    }

    /// The number of king steps the leap spans.
    pub fn king_distance(self) -> i8 {
        self.dx.abs().max(self.dy.abs())
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
