//! Comparing two readings of one string by generating both on reference positions, and saying
//! where they first differ.

use std::collections::BTreeSet;

use rowan::TextRange;

use crate::board::reference::{fitted, placed, proof_positions, shown_positions};
use crate::board::{BoardSize, Generated, GeneratedMove, Occupant, Position, Side, Square};

/// One move as both readings can be compared: where it ends, and the squares of its side
/// effects (locust victims, an unload square), as XBoard's own answers are recorded.
pub(crate) type Move = (Square, Vec<Square>);

/// The moves of `generated`, sorted, and whether its search was cut short.
pub(crate) fn comparable(generated: &Generated, from: Square) -> (Vec<Move>, bool) {
    let mut moves: Vec<Move> = generated
        .moves
        .iter()
        .map(|m| comparable_move(m, from))
        .collect();
    moves.sort();
    moves.dedup();
    (moves, generated.truncated)
}

/// One move as [`Move`] says it.
fn comparable_move(m: &GeneratedMove, from: Square) -> Move {
    let mut vias = m.captured.clone();
    vias.extend(m.unload.filter(|u| *u != from));
    vias.sort();
    (m.to, vias)
}

/// How two readings' moves compare on the reference positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    /// The same moves in every position.
    Same,
    /// The same moves as far as they were compared: a search was cut short at its budget, and
    /// the positions after it were not compared.
    SameSoFar,
    /// Where they differ, in words.
    Differs(String),
}

/// The largest board an engine plays, with the engine's name, for a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Largest {
    pub(crate) engine: &'static str,
    pub(crate) size: BoardSize,
}

impl Largest {
    /// The largest board `engine` plays, `size`.
    pub(crate) fn of(engine: crate::diagnostic::Engine, size: BoardSize) -> Largest {
        Largest {
            engine: crate::Reading::Engine(engine).reader(),
            size,
        }
    }

    /// Whether a `size` board is one the engine plays.
    fn plays(self, size: BoardSize) -> bool {
        size.files <= self.size.files && size.ranks <= self.size.ranks
    }

    /// The smaller of two limits (both readings compared must play the board).
    pub(crate) fn both(a: Option<Largest>, b: Option<Largest>) -> Option<Largest> {
        match (a, b) {
            (Some(a), Some(b)) => Some(if b.plays(a.size) { a } else { b }),
            (a, b) => a.or(b),
        }
    }
}

/// The boards a difference is looked for on: the position the user sees, whose board comes
/// before any other, and the largest board the readings compared are played on, where one of
/// them is an engine's with a limit (Fairy-Stockfish's 12x10).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Boards<'p> {
    pub(crate) seen: Option<&'p Position>,
    pub(crate) largest: Option<Largest>,
    /// Both readings read the same text: their moves are compared move by move (by the letters
    /// each comes from) where both read those letters as one move, so that a move of one
    /// reading that goes elsewhere shows even where another move of the string goes there.
    pub(crate) by_move: bool,
}

impl Boards<'_> {
    /// Whether `position` is on the board the user sees.
    fn on_own_board(&self, position: &Position) -> bool {
        self.seen.is_some_and(|seen| seen.size == position.size)
    }

    /// The engine's limit, when `position` is on a board larger than the engine plays and not
    /// on the user's own.
    fn beyond(&self, position: &Position) -> Option<Largest> {
        self.largest
            .filter(|largest| !largest.plays(position.size) && !self.on_own_board(position))
    }
}

/// At most this many squares are named in a difference; the rest are counted.
const NAMED_SQUARES: usize = 8;

/// Where two readings' moves first differ, as [`first_difference`] finds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// The same moves in every position.
    Same,
    /// The same moves until a search was cut short at its budget.
    SameSoFar,
    /// The first position where they differ, the moves only the first reading makes there and
    /// those only the second makes.
    Differs {
        position: Position,
        only_first: Vec<Move>,
        only_second: Vec<Move>,
        /// The letters of the moves that differ, where the readings were compared move by
        /// move and both read them as one move; empty otherwise.
        moves: Vec<TextRange>,
    },
}

/// What one position shows of two readings: the moves only the first makes and those only the
/// second makes, `Some(Err)` when a search was cut short before any difference showed, `None`
/// when they make the same moves.
type Shown = Option<Result<OnlyOne, ()>>;

/// The moves only the first reading makes in a position, those only the second makes, and the
/// letters of the moves they come from where both readings read them as one move.
type OnlyOne = (Vec<Move>, Vec<Move>, Vec<TextRange>);

/// A move keyed by the letters it comes from, where both readings read those letters as one
/// move (`None`: compared with the piece's other such moves as one whole).
type KeyedMove = (Option<(u32, u32)>, Move);

/// A move's letters as a key that sorts (start, end).
fn letters(range: TextRange) -> (u32, u32) {
    (range.start().into(), range.end().into())
}

/// The moves of two generations keyed by their source letters where both have moves from the
/// same letters (see [`Boards::by_move`]), each list sorted.
fn keyed(a: &Generated, b: &Generated, from: Square) -> (Vec<KeyedMove>, Vec<KeyedMove>) {
    let sources = |g: &Generated| -> BTreeSet<(u32, u32)> {
        g.moves.iter().map(|m| letters(m.source)).collect()
    };
    let (in_a, in_b) = (sources(a), sources(b));
    let key = |g: &Generated| -> Vec<KeyedMove> {
        let mut moves: Vec<KeyedMove> = g
            .moves
            .iter()
            .map(|m| {
                let source = letters(m.source);
                let shared = (in_a.contains(&source) && in_b.contains(&source)).then_some(source);
                (shared, comparable_move(m, from))
            })
            .collect();
        moves.sort();
        moves.dedup();
        moves
    };
    (key(a), key(b))
}

/// The moves of two readings compared, in the positions of [`shown_positions`] first (the one
/// users see beside a message, `seen` or 8×8 from d4), then on the proof positions, up to the
/// first position where they differ. The comparison stops at the first position where a search
/// was cut short: a piece that costly is compared no further.
///
/// A difference found off the user's own board is looked for again on it (the proof positions
/// moved onto it, the piece on the user's square first, [`placed`], then [`fitted`]), and one
/// found on a board larger than an engine compared plays is looked for again on boards it plays
/// (the proof positions that fit, then the others moved onto its largest board), so that the
/// position named is one the user can set up; only when none shows it is the larger board
/// named ([`difference_words`] says why).
pub(crate) fn first_difference(
    first: &dyn Fn(&Position) -> Generated,
    second: &dyn Fn(&Position) -> Generated,
    boards: Boards<'_>,
) -> Found {
    // A search cut short at its budget found some of its moves, not all: the other reading
    // going somewhere it did not is no proof, only its own moves the other lacks are.
    // Unmoved positions where either reading makes a first move (`i`): the same position after
    // the piece has moved is compared too, when no other shows a difference.
    let with_first_moves = std::cell::RefCell::new(Vec::new());
    let differs = |position: &Position| -> Shown {
        let (first_generated, second_generated) = (first(position), second(position));
        let first_move = |generated: &Generated| generated.moves.iter().any(|m| m.initial_only);
        if !position.moved && (first_move(&first_generated) || first_move(&second_generated)) {
            let mut moved = position.clone();
            moved.moved = true;
            with_first_moves.borrow_mut().push(moved);
        }
        let (a_truncated, b_truncated) = (first_generated.truncated, second_generated.truncated);
        let (a, b) = if boards.by_move {
            keyed(&first_generated, &second_generated, position.from)
        } else {
            let unkeyed = |g: &Generated| -> Vec<KeyedMove> {
                let (moves, _) = comparable(g, position.from);
                moves.into_iter().map(|m| (None, m)).collect()
            };
            (unkeyed(&first_generated), unkeyed(&second_generated))
        };
        let only = |moves: &[KeyedMove], others: &[KeyedMove], others_truncated: bool| {
            if others_truncated {
                return Vec::new();
            }
            // Both lists are sorted: each move is looked up, not compared with every other.
            moves
                .iter()
                .filter(|m| others.binary_search(m).is_err())
                .cloned()
                .collect::<Vec<KeyedMove>>()
        };
        let (only_b, only_a) = (only(&b, &a, a_truncated), only(&a, &b, b_truncated));
        if !only_a.is_empty() || !only_b.is_empty() {
            let sources: BTreeSet<(u32, u32)> = (only_a.iter().chain(&only_b))
                .filter_map(|(source, _)| *source)
                .collect();
            let moves: Vec<TextRange> = sources
                .into_iter()
                .map(|(start, end)| TextRange::new(start.into(), end.into()))
                .collect();
            let unkeyed = |list: Vec<KeyedMove>| -> Vec<Move> {
                let mut list: Vec<Move> = list.into_iter().map(|(_, m)| m).collect();
                list.sort();
                list.dedup();
                list
            };
            Some(Ok((unkeyed(only_a), unkeyed(only_b), moves)))
        } else if a_truncated || b_truncated {
            Some(Err(()))
        } else {
            None
        }
    };
    let mut found = shown_positions(boards.seen)
        .iter()
        .chain(proof_positions())
        .find_map(|p| differs(p).map(|d| d.map(|d| (p.clone(), d))));
    if found.is_none() {
        // A first-move test on a later leg (XBoard's `i` after a leaper leg) can differ only
        // once the piece has moved, with the room around it an unmoved position gave.
        let moved = with_first_moves.take();
        found = moved
            .iter()
            .find_map(|p| differs(p).map(|d| d.map(|d| (p.clone(), d))));
    }
    let (position, (only_first, only_second, moves)) = match found {
        None => return Found::Same,
        Some(Err(())) => return Found::SameSoFar,
        Some(Ok(found)) => found,
    };
    let better = nearer_home(&position, &differs, boards);
    let (position, (only_first, only_second, moves)) =
        better.unwrap_or((position, (only_first, only_second, moves)));
    Found::Differs {
        position,
        only_first,
        only_second,
        moves,
    }
}

/// A position the user can set up that shows the difference `found` shows, where `found` is
/// not one: on the user's own board first, then on a board the engine plays; each time `found`
/// itself moved onto that board first, so the picture stays the same where it can. The search
/// stops at a position where a search was cut short (`found` stands then).
fn nearer_home(
    found: &Position,
    differs: &dyn Fn(&Position) -> Shown,
    boards: Boards<'_>,
) -> Option<(Position, OnlyOne)> {
    let first_shown = |candidates: &mut dyn Iterator<Item = Position>| {
        for position in candidates {
            match differs(&position) {
                None => {}
                Some(Err(())) => return Err(()),
                Some(Ok(moves)) => return Ok(Some((position, moves))),
            }
        }
        Ok(None)
    };
    if let Some(seen) = boards.seen
        && !boards.on_own_board(found)
    {
        // Each with the piece where the user sees it first, then moved by [`fitted`].
        let mut own = std::iter::once(found)
            .chain(proof_positions())
            .flat_map(|p| {
                let placed = placed(p, seen);
                let fitted = fitted(p, seen.size).filter(|f| placed.as_ref() != Some(f));
                placed.into_iter().chain(fitted)
            });
        match first_shown(&mut own) {
            Ok(Some(better)) => return Some(better),
            Ok(None) => {}
            Err(()) => return None,
        }
    }
    let largest = boards.beyond(found)?;
    let playable = proof_positions().iter().filter(|p| largest.plays(p.size));
    let moved = proof_positions()
        .iter()
        .filter(|p| !largest.plays(p.size))
        .filter_map(|p| fitted(p, largest.size));
    let mut candidates = fitted(found, largest.size)
        .into_iter()
        .chain(playable.cloned())
        .chain(moved);
    first_shown(&mut candidates).ok().flatten()
}

/// Where two readings' moves differ (see [`first_difference`]), naming the squares only one of
/// them goes to ("XBoard also goes to c4 d3; only the seed goes to e7").
pub(crate) fn difference(
    (first_name, first): (&str, &dyn Fn(&Position) -> Generated),
    (second_name, second): (&str, &dyn Fn(&Position) -> Generated),
    boards: Boards<'_>,
) -> Comparison {
    match first_difference(first, second, boards) {
        Found::Same => Comparison::Same,
        Found::SameSoFar => Comparison::SameSoFar,
        Found::Differs {
            position,
            only_first,
            only_second,
            ..
        } => Comparison::Differs(difference_words(
            &position,
            (first_name, &only_first),
            (second_name, &only_second),
            boards,
        )),
    }
}

/// A difference in words: where (an empty board said to be empty, the others with their pieces;
/// a board larger than an engine compared plays said to be so, since no game of it shows the
/// difference), then the squares only the second reading goes to and those only the first goes
/// to.
pub(crate) fn difference_words(
    position: &Position,
    (first_name, only_first): (&str, &[Move]),
    (second_name, only_second): (&str, &[Move]),
    boards: Boards<'_>,
) -> String {
    let describe = |moves: &[Move]| {
        let mut list: Vec<String> = moves
            .iter()
            .map(|(to, vias)| match vias.as_slice() {
                [] => to.to_string(),
                vias => format!(
                    "{to} (capturing on {})",
                    vias.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            })
            .collect();
        list.sort();
        list.dedup();
        let more = list.len().saturating_sub(NAMED_SQUARES);
        list.truncate(NAMED_SQUARES);
        let mut words = list.join(" ");
        if more > 0 {
            words.push_str(&format!(" and {more} more"));
        }
        words
    };
    let (second_words, first_words) = (describe(only_second), describe(only_first));
    let mut said = Vec::new();
    if !second_words.is_empty() {
        said.push(format!("{second_name} also goes to {second_words}"));
    }
    if !first_words.is_empty() {
        said.push(format!("only {first_name} goes to {first_words}"));
    }
    let beyond = boards.beyond(position).map_or_else(String::new, |largest| {
        format!(
            "only on a board larger than {} plays ({}), ",
            largest.engine, largest.size
        )
    });
    format!(
        "{beyond}{}: {}",
        where_words(position, boards.seen),
        said.join("; ")
    )
}

/// A position in words, for a message: an empty board is said to be empty; the position the
/// reader sees (`seen`, the playground's) is said to be theirs, and its pieces are named.
fn where_words(position: &Position, seen: Option<&Position>) -> String {
    let empty = position
        .size
        .squares()
        .all(|s| position.occupant(s).is_none());
    if empty && shown_positions(seen).contains(position) {
        return format!("from {} on an empty {} board", position.from, position.size);
    }
    let list = |occupant: Occupant| {
        position
            .size
            .squares()
            .filter(|s| position.occupant(*s) == Some(occupant))
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut words = if seen == Some(position) {
        format!(
            "in the position shown, from {} on the {} board",
            position.from, position.size
        )
    } else {
        format!("from {} on a {} board", position.from, position.size)
    };
    let (friends, enemies) = (list(Occupant::Friend), list(Occupant::Enemy));
    if !friends.is_empty() {
        words.push_str(&format!(", friends on {friends}"));
    }
    if !enemies.is_empty() {
        words.push_str(&format!(", enemies on {enemies}"));
    }
    if position.side == Side::Black {
        words.push_str(", for black");
    }
    if position.moved {
        words.push_str(", after the piece has moved");
    }
    words
}
