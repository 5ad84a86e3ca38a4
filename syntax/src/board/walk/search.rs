//! How hard a search looks: the budget of squares it may visit, and whether it takes the
//! shortcuts (tests compare them with a search that follows every path).

/// How the walker searches multi-leg moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::board) enum Search {
    /// Remembers start states, stops when everything in reach is found, hunts missing squares.
    Shortcuts,
    /// The shortcuts within a twentieth of the budget.
    Quick,
    /// Follows every path: the reference the shortcuts are tested against.
    #[cfg(test)]
    EveryPath,
    /// The shortcuts within a small budget a move, so that tests reach the hunt for missing
    /// squares.
    #[cfg(test)]
    ShortcutsWithin(u32),
}

/// The most squares one move's search may look at before it stops and says so.
const MOVE_BUDGET: u32 = 1_000_000;

/// The most squares all moves of a piece may look at together.
const PIECE_BUDGET: u32 = 4_000_000;

impl Search {
    /// The most squares one move's search may look at.
    pub(in crate::board) fn move_budget(self) -> u32 {
        match self {
            Search::Shortcuts => MOVE_BUDGET,
            Search::Quick => MOVE_BUDGET / 20,
            #[cfg(test)]
            Search::EveryPath => MOVE_BUDGET,
            #[cfg(test)]
            Search::ShortcutsWithin(budget) => budget,
        }
    }

    /// The most squares all moves of a piece may look at together.
    pub(in crate::board) fn piece_budget(self) -> u32 {
        match self {
            Search::Quick => PIECE_BUDGET / 20,
            _ => PIECE_BUDGET,
        }
    }

    /// Whether the shortcuts are taken.
    pub(super) fn shortcuts(self) -> bool {
        match self {
            Search::Shortcuts | Search::Quick => true,
            #[cfg(test)]
            Search::EveryPath => false,
            #[cfg(test)]
            Search::ShortcutsWithin(_) => true,
        }
    }
}
