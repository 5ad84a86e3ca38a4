//! Parts of the board a move is limited to (MBN's board ranges, seed 002: "A range operator
//! given before the move will restrict the range of the origin squares, and a range operator
//! given after the move will restrict this move to the destination squares"), as data the
//! board decides for a square.

use rowan::TextRange;

/// Where a move may start and end: every range given must hold (nested ranges intersect:
/// "[1-4](K+[1]N) is equivalent to [1-4]K+[1]N").
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Regions {
    pub from: Vec<Region>,
    pub to: Vec<Region>,
    /// MBN's edge rider (`W*`, `B*`): the move ends where its line leaves the board.
    pub to_edge: bool,
    /// MBN's conditions on the position (`/Ta1/W`): each must hold for the move.
    pub conditions: Vec<Condition>,
    /// MBN's piece set before a move (`K=K+{C}W2F2`): the move only if an enemy of the set
    /// attacks the piece's square.
    pub attacked_by: Vec<Attackers>,
}

/// A piece set whose pieces must attack the moving piece's square, each type with the moves
/// it attacks by (its definition in the same text, or MBN's basic piece of its letter).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Attackers {
    pub set: crate::model::piece_set::PieceSet,
    pub movers: Vec<(String, Vec<crate::model::Move>)>,
    /// Where each type's moves come from, said in the explanation ("C: RN, its definition").
    pub said: Vec<String>,
}

/// `/Ta1/`, `/{T}[a2]/`, `/T/`, `/a1/` (seed 002, "Conditions"): some piece of the set (any
/// piece without one) stands in the place (anywhere on the board without one).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Condition {
    pub pieces: Option<crate::model::piece_set::PieceSet>,
    pub place: Option<Region>,
    pub source: TextRange,
}

impl Regions {
    pub fn is_empty(&self) -> bool {
        self.from.is_empty()
            && self.to.is_empty()
            && !self.to_edge
            && self.conditions.is_empty()
            && self.attacked_by.is_empty()
    }
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
