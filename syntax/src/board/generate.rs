//! Walking the legs of each move over the board.

use std::collections::BTreeMap;

use rowan::TextRange;

use std::cell::Cell;

use super::walk::Walker;
use super::{Occupant, Position, Side, Square, Step};
use crate::Dialect;
use crate::model::{Initial, MoveKind, Piece};

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
}

/// Every move of a piece in a position, in generation order (the piece's moves in order, each
/// move's steps in the atom's order, nearest square first), plus what was not generated.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Generated {
    pub moves: Vec<GeneratedMove>,
    /// Moves with no squares of their own, by source range, with the reason.
    pub not_generated: Vec<(TextRange, &'static str)>,
    /// Friends whose moves the piece borrows (`x` on a final leg): they depend on the friends'
    /// types, which a position does not have.
    pub borrowed_from: Vec<Square>,
    /// Empty squares where an `e` leg would capture en passant if the square had e.p. rights
    /// (a position has none, so these are not moves).
    pub en_passant: Vec<Square>,
    /// Empty squares where the move could capture if an enemy stood there (for diagrams).
    pub could_capture: std::collections::BTreeSet<Square>,
    /// Empty squares where the move could swap places with a piece standing there.
    pub could_swap: std::collections::BTreeSet<Square>,
    /// The search hit its budget, or a repeat group had more expansions than are generated;
    /// the moves found so far are kept.
    pub truncated: bool,
}

impl GeneratedMove {
    /// A one-leg move with nothing on the way: castling, the universal leaper.
    fn direct(
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
        for square in &self.en_passant {
            map.entry(*square).or_default().en_passant = true;
        }
        map
    }
}

/// The moves of `piece` in `position`.
pub fn generate(piece: &Piece, position: &Position) -> Generated {
    generate_searching(piece, position, Search::Shortcuts)
}

/// Like [`generate`] within a small budget (a twentieth), for comparisons that may give up
/// on a costly piece: a truncated result says so.
pub fn generate_quickly(piece: &Piece, position: &Position) -> Generated {
    generate_searching(piece, position, Search::Quick)
}

/// How the walker searches multi-leg moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Search {
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

impl Search {
    fn move_budget(self) -> u32 {
        match self {
            Search::Shortcuts => MOVE_BUDGET,
            Search::Quick => MOVE_BUDGET / 20,
            #[cfg(test)]
            Search::EveryPath => MOVE_BUDGET,
            #[cfg(test)]
            Search::ShortcutsWithin(budget) => budget,
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

pub(super) fn generate_searching(piece: &Piece, position: &Position, search: Search) -> Generated {
    if let Some(engine) = &piece.fairy {
        return super::fairy::generate(engine, position);
    }
    let mut out = Generated {
        truncated: piece.incomplete,
        ..Generated::default()
    };
    let mut total = if search == Search::Quick {
        PIECE_BUDGET / 20
    } else {
        PIECE_BUDGET
    };
    for a_move in &piece.moves {
        let initial_only = a_move.initial != Initial::Always;
        if initial_only && position.moved {
            continue;
        }
        match &a_move.kind {
            MoveKind::Legs => {
                // Each move has its own share, so one expensive move cannot starve the others,
                // and the piece as a whole stays bounded.
                let share = search.move_budget().min(total);
                let budget = Cell::new(share);
                Walker::new(position, initial_only, a_move.source, &budget, search)
                    .run(&a_move.legs, &mut out);
                total -= share - budget.get();
            }
            MoveKind::Universal => {
                for to in position.size.squares().filter(|s| *s != position.from) {
                    let occupant = position.occupant(to);
                    if occupant != Some(Occupant::Friend) {
                        out.moves.push(GeneratedMove::direct(
                            to,
                            occupant,
                            initial_only,
                            a_move.source,
                        ));
                    }
                }
            }
            MoveKind::Castling {
                king_step,
                directions,
                next_closer,
            } => {
                if !position.moved {
                    for direction in directions {
                        let direction = match position.side {
                            Side::White => *direction,
                            Side::Black => direction.for_black(),
                        };
                        if let Some(to) = castling(position, direction, *king_step, *next_closer) {
                            out.moves
                                .push(GeneratedMove::direct(to, None, true, a_move.source));
                        }
                    }
                }
            }
            MoveKind::Imitator => out.not_generated.push((
                a_move.source,
                "the imitator copies the piece that moved last",
            )),
        }
    }
    if piece.dialect == Dialect::Mbn {
        // Seed 002: "the start square and the arrival square cannot be equal" (notes MB9).
        out.moves.retain(|m| m.to != position.from);
    }
    out
}

/// The most squares one move's search may look at before it stops and says so.
const MOVE_BUDGET: u32 = 1_000_000;

/// The most squares all moves of a piece may look at together.
const PIECE_BUDGET: u32 = 4_000_000;

/// Where the piece lands when it castles along `direction` (seed 000: "O Castling with the
/// piece at the board edge in the given direction. The range specifies the King step"): the
/// partner is a friend on the edge square (with `j`, the next piece in from the edge, the edge
/// square holding a piece too); every square between the piece and its partner is empty, and the
/// king's step stays short of the partner. An unmoved piece only.
fn castling(
    position: &Position,
    direction: Step,
    king_step: u32,
    next_closer: bool,
) -> Option<Square> {
    let mut ray = Vec::new();
    let mut square = position.from;
    while let Some(next) = position.size.step(square, direction, false, false) {
        ray.push(next);
        square = next;
    }
    let occupied: Vec<usize> = (0..ray.len())
        .filter(|i| position.occupant(ray[*i]).is_some())
        .collect();
    let edge = ray.len().checked_sub(1)?;
    let partner = match (next_closer, occupied.as_slice()) {
        (false, [only]) if *only == edge => *only,
        (true, [first, last]) if *last == edge => *first,
        _ => return None,
    };
    if position.occupant(ray[partner]) != Some(Occupant::Friend) {
        return None;
    }
    let step = usize::try_from(king_step).ok()?;
    (step >= 1 && step <= partner).then(|| ray[step - 1])
}
