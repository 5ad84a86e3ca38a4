//! Move diagrams, from a piece's model: the squares a piece reaches on an empty board drawn around it, and a second
//! board with friends and enemies for a piece whose moves depend on them.

use super::svg::{svg, svg_fitted};
use super::text::grid;
use crate::board::{BoardSize, Position, Side, Step, generate, starts_on};
use crate::model;

/// What a diagram shows: a position and what the piece can do on each square.
struct Drawing {
    position: Position,
    uses: std::collections::BTreeMap<crate::board::Square, crate::board::SquareUse>,
    radius: Option<u8>,
    truncated: bool,
}

/// Example pieces around the piece, relative to it (right, forward), for the second diagram of
/// pieces whose moves depend on others: a friend in front and behind-left, enemies on a
/// diagonal, further ahead, to the left and behind-right.
const EXAMPLE_FRIENDS: [(i8, i8); 2] = [(0, 1), (-1, -1)];
const EXAMPLE_ENEMIES: [(i8, i8); 4] = [(1, 1), (0, 3), (-2, 0), (2, -2)];

/// Whether some move depends on other pieces: hops, lame leaps, locust captures, induction.
fn depends_on_blockers(piece: &model::Piece) -> bool {
    if let Some(engine) = &piece.engine {
        return engine.hops() || engine.is_lame();
    }
    piece
        .moves
        .iter()
        .flat_map(|m| {
            let last = m.legs.len().saturating_sub(1);
            m.legs
                .iter()
                .enumerate()
                .map(move |(i, leg)| (i < last, leg))
        })
        .any(|(earlier, leg)| {
            leg.modes.hop
                || leg.lame.is_some()
                || leg.jumping
                || (earlier
                    && (leg.modes.capture_enemy || leg.modes.capture_friend || leg.modes.excite))
        })
}

fn drawing(piece: &model::Piece, board: Option<BoardSize>, with_blockers: bool) -> Option<Drawing> {
    drawing_with(board, with_blockers, None, |position| {
        generate(piece, position)
    })
}

/// The board of a diagram when none is given, cut to a window around the piece.
const DIAGRAM_BOARD: BoardSize = BoardSize {
    files: 15,
    ranks: 15,
};

/// The drawing of what `generator` makes of a position: the piece on `from` or in the centre
/// of `board` ([`DIAGRAM_BOARD`] cut to a window when none), alone or with the example pieces
/// around.
fn drawing_with(
    board: Option<BoardSize>,
    with_blockers: bool,
    from: Option<crate::board::Square>,
    generator: impl Fn(&Position) -> crate::board::Generated,
) -> Option<Drawing> {
    let size = board.unwrap_or(DIAGRAM_BOARD);
    let from = from.unwrap_or_else(|| size.centre());
    let around = |offsets: &[(i8, i8)]| -> Vec<crate::board::Square> {
        offsets
            .iter()
            .filter_map(|(dx, dy)| size.step(from, Step::new(*dx, *dy), false, false))
            .collect()
    };
    let (friends, enemies) = if with_blockers {
        (around(&EXAMPLE_FRIENDS), around(&EXAMPLE_ENEMIES))
    } else {
        (Vec::new(), Vec::new())
    };
    let position = Position::new(size, from, Side::White, false, &friends, &enemies).ok()?;
    let generated = generator(&position);
    let uses = generated.summary();
    let reach = uses
        .keys()
        .map(|s| s.file.abs_diff(from.file).max(s.rank.abs_diff(from.rank)))
        .max()
        .unwrap_or(0);
    Some(Drawing {
        position,
        uses,
        radius: board.is_none().then(|| reach.clamp(3, 7)),
        truncated: generated.truncated,
    })
}

/// Said under a diagram whose search was cut short.
const CUT_SHORT: &str = "(the search was cut short at its budget: some squares may be missing)\n";

pub(crate) fn diagram_built(piece: &model::Piece, board: Option<BoardSize>) -> String {
    let Some(empty) = drawing(piece, board, false) else {
        return String::new();
    };
    let mut text = grid(&empty.position, &empty.uses, empty.radius);
    text.push_str(&notes(piece, &empty));
    text.push_str(&more_boards(piece, board));
    text
}

/// The diagram for a client that shows pictures: the empty board as an SVG picture at most
/// `most_height` pixels tall, what the picture cannot show said in words, and the other boards
/// (with pieces around, from where moves limited to some squares start) as text grids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub svg: String,
    pub notes: String,
    pub more_boards: String,
}

pub(crate) fn picture_built(
    piece: &model::Piece,
    board: Option<BoardSize>,
    most_height: u32,
) -> Option<Picture> {
    let empty = drawing(piece, board, false)?;
    Some(Picture {
        svg: svg_fitted(&empty.position, &empty.uses, empty.radius, most_height),
        notes: notes(piece, &empty),
        more_boards: more_boards(piece, board),
    })
}

/// What a drawing leaves out: squares a search cut short did not reach, moves said in words.
fn notes(piece: &model::Piece, drawn: &Drawing) -> String {
    let mut text = String::new();
    if drawn.truncated {
        text.push_str(CUT_SHORT);
    }
    if !piece.not_drawn.is_empty() {
        text.push_str("(some parts are not drawn: the explanation says what they do)\n");
    }
    text
}

/// The boards after the first: with pieces around, from where limited moves start.
fn more_boards(piece: &model::Piece, board: Option<BoardSize>) -> String {
    let mut text = with_pieces_around(piece, board);
    text.push_str(&from_where_limited_moves_start(piece, board));
    text
}

/// For a piece with moves that start only on some squares (MBN's Pawn `[1-2]mefW02`), the
/// centre not among them: the board again, the piece on the nearest square where one starts.
fn from_where_limited_moves_start(piece: &model::Piece, board: Option<BoardSize>) -> String {
    let size = board.unwrap_or(DIAGRAM_BOARD);
    let centre = size.centre();
    let Ok(at_centre) = Position::new(size, centre, Side::White, false, &[], &[]) else {
        return String::new();
    };
    let left_out: Vec<&model::Move> = piece
        .moves
        .iter()
        .filter(|m| !starts_on(&m.regions, centre, &at_centre))
        .collect();
    let nearest = size
        .squares()
        .filter(|s| {
            left_out
                .iter()
                .any(|m| starts_on(&m.regions, *s, &at_centre))
        })
        .min_by_key(|s| {
            let (files, ranks) = (s.file.abs_diff(centre.file), s.rank.abs_diff(centre.rank));
            (files.max(ranks), files + ranks, s.rank, s.file)
        });
    let Some(example) = nearest.and_then(|from| {
        drawing_with(board, false, Some(from), |position| {
            generate(piece, position)
        })
    }) else {
        return String::new();
    };
    let mut text = format!(
        "\nFrom {}, where the moves limited to some squares of the board start:\n{}",
        example.position.from,
        grid(&example.position, &example.uses, example.radius)
    );
    if example.truncated {
        text.push_str(CUT_SHORT);
    }
    text
}

/// For a piece whose moves depend on others (hoppers, lame leapers), a second grid with
/// friends and enemies around it; empty for the others.
fn with_pieces_around(piece: &model::Piece, board: Option<BoardSize>) -> String {
    let Some(example) = depends_on_blockers(piece)
        .then(|| drawing(piece, board, true))
        .flatten()
    else {
        return String::new();
    };
    format!(
        "\nWith other pieces around (F friend, E enemy):\n{}",
        grid(
            &example.position,
            &example.uses,
            example.radius.map(|r| r.max(3)),
        )
    )
}

/// A built piece on `from` of a position of `size` with `friends` and `enemies` around it (a
/// variant's start position), drawn whole as a text grid; none when the squares do not make a
/// position.
pub(crate) fn in_position_built(
    piece: &model::Piece,
    size: BoardSize,
    from: crate::board::Square,
    (friends, enemies): (&[crate::board::Square], &[crate::board::Square]),
) -> Option<String> {
    let position = Position::new(size, from, Side::White, false, friends, enemies).ok()?;
    let generated = generate(piece, &position);
    let mut text = grid(&position, &generated.summary(), None);
    if generated.truncated {
        text.push_str(CUT_SHORT);
    }
    Some(text)
}

/// The empty-board drawing of a built piece as an SVG document.
pub(crate) fn svg_built(piece: &model::Piece, board: Option<BoardSize>) -> String {
    drawing(piece, board, false)
        .map(|d| svg(&d.position, &d.uses, d.radius))
        .unwrap_or_default()
}

/// The moves `generate` makes on an empty board as a text grid, and a word if its search was
/// cut short; `None` with nothing to draw.
pub(crate) fn empty_board_grid(
    board: Option<BoardSize>,
    generate: impl Fn(&Position) -> crate::board::Generated,
) -> Option<String> {
    let empty = drawing_with(board, false, None, generate)?;
    let mut out = grid(&empty.position, &empty.uses, empty.radius);
    if empty.truncated {
        out.push_str(CUT_SHORT);
    }
    Some(out)
}
