//! What move generation produces: each move a piece can make, what it does on each square, and
//! what was not generated. The leg-by-leg walk, the fairy engines and XBoard's reading all
//! return these records, so they sit below all three.

use std::collections::{BTreeMap, BTreeSet};

use rowan::TextRange;

use super::{Occupant, Square};

/// One way the piece can end its move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedMove {
    pub to: Square,
    /// What it captures on `to`, if anything.
    pub capture: Option<Occupant>,
    /// It swaps places with the piece on `to` (MBN's `w`) instead of taking it.
    pub swap: bool,
    /// Squares passed over on the way (not including `to`).
    pub path: Vec<Square>,
    /// Squares hopped over (mounts of `p`/`g`).
    pub hopped: Vec<Square>,
    /// Only on the piece's first move.
    pub initial_only: bool,
    /// Where the captured piece reappears (`u`).
    pub unload: Option<Square>,
    /// Pieces captured on the way by non-final legs (locust victims).
    pub captured: Vec<Square>,
    /// Where each leg but the last ended, in order.
    pub waypoints: Vec<Square>,
    /// Squares where the move creates e.p. rights (`n`).
    pub ep_rights: Vec<Square>,
    /// The move of the piece (its source letters) this comes from.
    pub source: TextRange,
}

/// What the piece can do on one square, for diagrams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SquareUse {
    pub moves: bool,
    pub captures: bool,
    pub initial_only: bool,
    pub hop_mount: bool,
    /// An `e` leg could capture en passant here, given e.p. rights on the square.
    pub en_passant: bool,
    /// A non-final leg captures here and the move goes on (a locust capture).
    pub locust_victim: bool,
    /// A move passing here creates e.p. rights.
    pub ep_right: bool,
    /// The piece could capture an enemy here (the square is empty now).
    pub could_capture: bool,
    /// The piece swaps places with the piece here, or would if one stood here (MBN's `w`).
    pub swaps: bool,
    /// A piece stands here that the move cannot take, where the move could end were the
    /// square empty or the piece the other side's.
    pub in_the_way: bool,
}

/// Every move of a piece in a position, in generation order (the piece's moves in order, each
/// move's steps in the atom's order, nearest square first), plus what was not generated.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Generated {
    pub moves: Vec<GeneratedMove>,
    /// Moves with no squares of their own, by source range, with the reason.
    pub not_generated: Vec<(TextRange, &'static str)>,
    /// Piece sets (their text) that a piece of unknown type was taken to be in: the moves
    /// shown assume it.
    pub assumed: Vec<TextRange>,
    /// Friends whose moves the piece borrows (`x` on a final leg): they depend on the friends'
    /// types, which a position does not have.
    pub borrowed_from: Vec<Square>,
    /// Empty squares where an `e` leg would capture en passant if the square had e.p. rights
    /// (a position has none, so these are not moves).
    pub en_passant: Vec<Square>,
    /// Empty squares where the move could capture if an enemy stood there (for diagrams).
    pub could_capture: BTreeSet<Square>,
    /// Empty squares where the move could swap places with a piece standing there.
    pub could_swap: BTreeSet<Square>,
    /// Occupied squares where a final leg arrives and could end were the square empty or its
    /// piece the other side's, but cannot end on the piece there (for diagrams).
    pub in_the_way: BTreeSet<Square>,
    /// The search hit its budget, or a repeat group had more expansions than are generated;
    /// the moves found so far are kept.
    pub truncated: bool,
}

impl GeneratedMove {
    /// A one-leg move with nothing on the way: castling, the universal leaper.
    pub(super) fn direct(
        to: Square,
        capture: Option<Occupant>,
        initial_only: bool,
        source: TextRange,
    ) -> Self {
        GeneratedMove {
            to,
            capture,
            swap: false,
            path: Vec::new(),
            hopped: Vec::new(),
            initial_only,
            unload: None,
            captured: Vec::new(),
            waypoints: Vec::new(),
            ep_rights: Vec::new(),
            source,
        }
    }
}

impl Generated {
    /// The destinations, each once, sorted by file then rank.
    pub fn destinations(&self) -> Vec<Square> {
        let mut squares: Vec<Square> = self.moves.iter().map(|m| m.to).collect();
        squares.sort();
        squares.dedup();
        squares
    }

    /// What happens on each square the piece can reach or hop over.
    pub fn summary(&self) -> BTreeMap<Square, SquareUse> {
        let mut map: BTreeMap<Square, SquareUse> = BTreeMap::new();
        for m in &self.moves {
            let entry = map.entry(m.to).or_default();
            if m.swap {
                entry.swaps = true;
            } else if m.capture.is_some() {
                entry.captures = true;
            } else {
                entry.moves = true;
            }
            entry.initial_only |= m.initial_only;
            for mount in &m.hopped {
                map.entry(*mount).or_default().hop_mount = true;
            }
            for victim in &m.captured {
                map.entry(*victim).or_default().locust_victim = true;
            }
            for square in &m.ep_rights {
                map.entry(*square).or_default().ep_right = true;
            }
        }
        for square in &self.could_capture {
            map.entry(*square).or_default().could_capture = true;
        }
        for square in &self.could_swap {
            map.entry(*square).or_default().swaps = true;
        }
        for square in &self.in_the_way {
            map.entry(*square).or_default().in_the_way = true;
        }
        for square in &self.en_passant {
            map.entry(*square).or_default().en_passant = true;
        }
        map
    }
}
