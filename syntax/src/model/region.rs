//! Parts of the board a move is limited to (MBN's board ranges, seed 002: "A range operator
//! given before the move will restrict the range of the origin squares, and a range operator
//! given after the move will restrict this move to the destination squares"), as data the
//! board decides for a square.

use rowan::TextRange;

// Where a move may start and end names moves (its attackers'), so it lives beside the move
// (`piece.rs`); it is still found here, with the ranges it is made of.
pub use super::{Attackers, Regions};

/// `/Ta1/`, `/{T}[a2]/`, `/T/`, `/a1/` (seed 002, "Conditions"): some piece of the set (any
/// piece without one) stands in the place (anywhere on the board without one).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Condition {
    pub pieces: Option<crate::model::piece_set::PieceSet>,
    pub place: Option<Region>,
    pub source: TextRange,
}

/// One range as written: a union of areas, or its complement (`[^…]`), in White's view (seed
/// 002: "All the move definitions will be done from White's point of view, the black moves
/// will be derived implicitly with a reflection about the horizontal bisector of the board").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Region {
    pub complement: bool,
    pub areas: Vec<Area>,
    pub source: TextRange,
}

/// Files and ranks counted from 0 (file a, rank 1), both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Area {
    /// `a-c`, `1-2`, `f-h6-8`, `a1`: the files and ranks given, all of them where one is not.
    Squares {
        files: Option<(u8, u8)>,
        ranks: Option<(u8, u8)>,
    },
    /// `[#]`: "all edge squares".
    Edge,
    /// `[.]`: "all inner squares".
    Inner,
}
