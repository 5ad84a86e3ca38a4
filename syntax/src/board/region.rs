//! Where a move may start and end, decided on a board (MBN, seed 002): board ranges seen from
//! the side that moves, edge riders' line ends, conditions on the position, and pieces that
//! must attack the moving piece's square.

use rowan::TextRange;

use super::{Occupant, Position, Side, Square, Step};
use crate::Dialect;
use crate::model::Piece;
use crate::model::WalkRules;
use crate::model::region::{Area, Attackers, Condition, Region, Regions};

/// Whether a move limited by `regions` may start from the position's square, its conditions
/// holding; a condition that holds only if a piece of unknown type is of its set is taken to
/// hold, its text added to `assumed`. Attackers are pieces of the same game, so of the same
/// `dialect`.
pub(super) fn may_start(
    regions: &Regions,
    (position, dialect): (&Position, Dialect),
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
        && regions
            .attacked_by
            .iter()
            .all(|a| attacked(a, (position, dialect), assumed))
}

/// Whether the board ranges of `regions` let a move start on `square` of `position`'s board,
/// for its side (its conditions and attackers aside).
pub fn starts_on(regions: &Regions, square: Square, position: &Position) -> bool {
    regions.from.iter().all(|r| contains(r, square, position))
}

/// Whether an enemy of the set attacks the piece's square: generated from the enemy's square
/// with its type's moves, as the other side, the piece standing on its square to be taken. An
/// enemy of unknown type may be of the set: the set is then taken to attack, and said.
fn attacked(
    attackers: &Attackers,
    (position, dialect): (&Position, Dialect),
    assumed: &mut Vec<TextRange>,
) -> bool {
    let squares: Vec<Square> = position.size.squares().collect();
    let with = |wanted: Occupant| -> Vec<Square> {
        squares
            .iter()
            .copied()
            .filter(|s| position.occupant(*s) == Some(wanted))
            .collect()
    };
    let (friends, enemies) = (with(Occupant::Friend), with(Occupant::Enemy));
    let mut unsure = false;
    for &square in &enemies {
        let name = position.piece_type(square);
        match attackers.set.holds(name, false) {
            Some(false) => continue,
            None => {
                unsure = true;
                continue;
            }
            Some(true) => {}
        }
        let Some((_, moves)) = name.and_then(|n| attackers.movers.iter().find(|(m, _)| m == n))
        else {
            unsure = true;
            continue;
        };
        let piece = Piece {
            dialect,
            moves: moves.clone(),
            incomplete: false,
            not_drawn: Vec::new(),
            engine: None,
            walk: WalkRules::default(),
        };
        let its_friends: Vec<Square> = enemies.iter().copied().filter(|s| *s != square).collect();
        let mut its_enemies = friends.clone();
        its_enemies.push(position.from);
        let side = match position.side {
            Side::White => Side::Black,
            Side::Black => Side::White,
        };
        let Ok(view) = Position::new(
            position.size,
            square,
            side,
            true,
            &its_friends,
            &its_enemies,
        ) else {
            continue;
        };
        let takes = super::generate(&piece, &view)
            .moves
            .iter()
            .any(|m| m.to == position.from && m.capture.is_some());
        if takes {
            return true;
        }
    }
    if unsure && !assumed.contains(&attackers.set.source) {
        assumed.push(attackers.set.source);
    }
    unsure
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
