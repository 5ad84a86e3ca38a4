//! Board sizes as plain data: what a dialect's engine accepts ([`super::fairy::LARGEST_BOARD`])
//! is part of the model; the squares of a board and stepping between them are the board's
//! (`board::square` adds them to [`BoardSize`]).

use std::fmt;
use std::str::FromStr;

/// The largest board: 26 files (a–z) by 26 ranks.
pub const MAX_SIDE: u8 = 26;

/// A board size, files by ranks, each 1 to 26.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    pub files: u8,
    pub ranks: u8,
}

impl BoardSize {
    pub const CHESS: BoardSize = BoardSize { files: 8, ranks: 8 };
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
