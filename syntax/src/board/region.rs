//! Where a move may start and end, decided on a board (MBN, seed 002): board ranges seen from
//! the side that moves, edge riders' line ends, conditions on the position, and pieces that
//! must attack the moving piece's square.

use rowan::TextRange;

use super::{Occupant, Position, Side, Square, Step};
use crate::model::region::{Area, Condition, Region, Regions};

/// Whether the board ranges and conditions of `regions` let a move start from the position's
/// square; a condition that holds only if a piece of unknown type is of its set is taken to
/// hold, its text added to `assumed`. The pieces that must attack the moving piece's square
/// are generated, so the generator checks them (`generate::may_start`).
pub(super) fn may_start(
    regions: &Regions,
    position: &Position,
    assumed: &mut Vec<TextRange>,
) -> bool {
    regions
        .from
        .iter()
        .all(|r| contains(r, position.from, position))
        && regions
            .conditions
            .iter()
            .all(|c| holds(c, position, assumed))
}

/// Whether the board ranges of `regions` let a move start on `square` of `position`'s board,
/// for its side (its conditions and attackers aside).
pub fn starts_on(regions: &Regions, square: Square, position: &Position) -> bool {
    regions.from.iter().all(|r| contains(r, square, position))
}

/// Seed 002: "H=(/Ta1/W) … moves as a Wazir if a piece of type T is on square a1"; "/T/W … if
/// any piece of type T is on board"; "/a1/W … if square a1 is occupied by any piece".
fn holds(condition: &Condition, position: &Position, assumed: &mut Vec<TextRange>) -> bool {
    let mut unsure = false;
    let found = position.size.squares().any(|square| {
        let Some(occupant) = position.occupant(square) else {
            return false;
        };
        let placed = condition
            .place
            .as_ref()
            .is_none_or(|place| contains(place, square, position));
        let friendly = occupant == Occupant::Friend;
        let of_set = match &condition.pieces {
            None => Some(true),
            Some(set) => set.holds(position.piece_type(square), friendly),
        };
        unsure |= placed && of_set.is_none();
        placed && of_set == Some(true)
    });
    if !found && unsure {
        if !assumed.contains(&condition.source) {
            assumed.push(condition.source);
        }
        return true;
    }
    found
}

/// Whether a move limited by `regions` may end on `to`.
pub(super) fn may_end(regions: &Regions, to: Square, position: &Position) -> bool {
    regions.to.iter().all(|r| contains(r, to, position))
        && (!regions.to_edge || ends_its_line(position, to))
}

/// Whether `to` is the last square of the line from the piece's square through it (seed 002:
/// "* … denoting an edge rider, which moves to the end of the board"): one more step along the
/// line, the line's own smallest step, leaves the board.
fn ends_its_line(position: &Position, to: Square) -> bool {
    let along = |to: u8, from: u8| i8::try_from(i16::from(to) - i16::from(from)).unwrap_or(0);
    let (step, _) = Step::new(
        along(to.file, position.from.file),
        along(to.rank, position.from.rank),
    )
    .reduced();
    position.size.step(to, step, false, false).is_none()
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
