//! Board ranges decided on a board: whether a square lies in a region, seen from the side
//! that moves.

use super::{Position, Side, Square};
use crate::model::region::{Area, Region, Regions};

/// Whether a move limited by `regions` may start from the position's square.
pub(super) fn may_start(regions: &Regions, position: &Position) -> bool {
    regions
        .from
        .iter()
        .all(|r| contains(r, position.from, position))
}

/// Whether a move limited by `regions` may end on `to`.
pub(super) fn may_end(regions: &Regions, to: Square, position: &Position) -> bool {
    regions.to.iter().all(|r| contains(r, to, position))
}

/// Whether `square` lies in `region`. Ranges are written in White's view, and "the black moves
/// will be derived implicitly with a reflection about the horizontal bisector of the board"
/// (seed 002): Black counts ranks from its own side, files as White does (notes MB23).
fn contains(region: &Region, square: Square, position: &Position) -> bool {
    let size = position.size;
    let file = square.file;
    let rank = match position.side {
        Side::White => square.rank,
        Side::Black => (size.ranks - 1).saturating_sub(square.rank),
    };
    let on_edge = file == 0 || rank == 0 || file + 1 == size.files || rank + 1 == size.ranks;
    let within = |span: Option<(u8, u8)>, at: u8| span.is_none_or(|(a, b)| (a..=b).contains(&at));
    let inside = region.areas.iter().any(|area| match *area {
        Area::Squares { files, ranks } => within(files, file) && within(ranks, rank),
        Area::Edge => on_edge,
        Area::Inner => !on_edge,
    });
    inside != region.complement
}
