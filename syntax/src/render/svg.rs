//! The diagram as an SVG picture: a checkered board with a mark on each square the piece can
//! use, and a legend of the marks shown. Same data as the text grid.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::text::{Mark, WithIt};
use crate::board::{Position, Square, SquareUse};

/// The side of one square of [`svg`]'s board, in its pixels: a page that shows the picture
/// finds the square under a click with it.
pub const CELL: u32 = 36;

/// The board (or the `radius` squares around the piece) as a standalone SVG document, with
/// the legend of the marks under it.
pub fn svg(position: &Position, uses: &BTreeMap<Square, SquareUse>, radius: Option<u8>) -> String {
    let board = Board::drawn(position, uses, radius);
    let legend_height = 20 * board.marks.len() as u32 + 8;
    let (width, height) = (
        (board.columns * CELL).max(legend_width(&board.marks)),
        board.rows * CELL + legend_height,
    );
    let mut out = header(width, height);
    out.push_str(&board.body);
    for (index, mark) in board.marks.iter().enumerate() {
        let y = board.rows * CELL + 18 + 20 * index as u32;
        out.push_str(&legend_shape(*mark, 3, y - 13));
        let _ = write!(out, r#"<text x="28" y="{y}">{}</text>"#, mark.meaning());
    }
    out.push_str("</svg>\n");
    out
}

/// The same picture at most `most_height` pixels tall, its legend beside the board and the
/// files' letters and ranks' numbers around it: a hover shows it whole under a line of words.
/// The board is drawn smaller, the words keep their size; a square is never smaller than
/// [`SMALLEST_CELL`] pixels, so that a 12×12 board stays legible where `most_height` is less
/// (VS Code's hover then scrolls a little).
pub fn svg_fitted(
    position: &Position,
    uses: &BTreeMap<Square, SquareUse>,
    radius: Option<u8>,
    most_height: u32,
) -> String {
    let board = Board::drawn(position, uses, radius);
    // Room for the ranks' numbers on the left and the files' letters below.
    const MARGIN: u32 = 18;
    // Whole pixels a square, so that the letters and numbers stand at the squares' middles.
    let cell = (most_height.saturating_sub(MARGIN) / board.rows.max(1)).clamp(SMALLEST_CELL, CELL);
    let board_width = board.columns * cell;
    let board_height = board.rows * cell;
    const LINE: u32 = 22;
    let legend_x = MARGIN + board_width + 12;
    let (width, height) = (
        legend_x + legend_width(&board.marks),
        (board_height + MARGIN).max(LINE * board.marks.len() as u32 + 4),
    );
    let mut out = header(width, height);
    let _ = write!(
        out,
        r#"<g transform="translate({MARGIN} 0) scale({})">{}</g>"#,
        scale(cell),
        board.body
    );
    out.push_str(&coordinates(&board, cell, MARGIN));
    for (index, mark) in board.marks.iter().enumerate() {
        let y = LINE * index as u32 + 16;
        out.push_str(&legend_shape(*mark, legend_x, y - 14));
        let _ = write!(
            out,
            r#"<text x="{}" y="{y}">{}</text>"#,
            legend_x + 24,
            mark.meaning()
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The smallest square of [`svg_fitted`], in pixels: its marks still show, and a number or a
/// letter every other square (see [`coordinates`]) stands clear of the next.
pub const SMALLEST_CELL: u32 = 9;

/// The factor from [`CELL`] to `cell` pixels, written with the digits it needs (`0.25`,
/// `0.3333`).
fn scale(cell: u32) -> String {
    let ten_thousandths = cell * 10_000 / CELL;
    let written = format!(
        "{}.{:04}",
        ten_thousandths / 10_000,
        ten_thousandths % 10_000
    );
    written
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_owned()
}

/// The size of the files' letters and ranks' numbers beside squares of `cell` pixels.
fn coordinate_size(cell: u32) -> u32 {
    if cell >= 12 { 11 } else { 10 }
}

/// The files' letters under a board drawn `margin` pixels from the left with squares of `cell`
/// pixels, and the ranks' numbers left of it, each at the middle of its square. Where squares
/// are smaller than a number is tall (or a letter wide), every other one is written, from the
/// first, so that they never run into each other.
fn coordinates(board: &Board, cell: u32, margin: u32) -> String {
    let size = coordinate_size(cell);
    // A number is `size` pixels tall, a letter about two thirds as wide; one pixel between.
    let every_rank = (size + 1).div_ceil(cell.max(1)) as usize;
    let every_file = (size * 2 / 3 + 1).div_ceil(cell.max(1)) as usize;
    let mut out = format!(r##"<g font-size="{size}" fill="#555" text-anchor="middle">"##);
    for column in (0..board.columns).step_by(every_file.max(1)) {
        let file = u32::from(board.first_file) + column;
        let letter = char::from_u32(u32::from('a') + file).unwrap_or('?');
        let x = margin + column * cell + cell / 2;
        let _ = write!(
            out,
            r#"<text x="{x}" y="{}">{letter}</text>"#,
            board.rows * cell + 13
        );
    }
    for row in (0..board.rows).rev().step_by(every_rank.max(1)) {
        let rank = u32::from(board.first_rank) + board.rows - row;
        let y = row * cell + cell / 2 + size * 4 / 11;
        let _ = write!(out, r#"<text x="{}" y="{y}">{rank}</text>"#, margin / 2);
    }
    out.push_str("</g>");
    out
}

/// The squares drawn, and the marks used on them in the legend's order.
struct Board {
    columns: u32,
    rows: u32,
    /// The file and rank of the bottom left square drawn.
    first_file: u8,
    first_rank: u8,
    body: String,
    marks: Vec<Mark>,
}

impl Board {
    fn drawn(position: &Position, uses: &BTreeMap<Square, SquareUse>, radius: Option<u8>) -> Board {
        let (files, ranks) = super::text::window(position, radius);
        let mut marks: Vec<Mark> = Vec::new();
        let mut body = String::new();
        for (row, rank) in ranks.clone().rev().enumerate() {
            for (column, file) in files.clone().enumerate() {
                let square = Square { file, rank };
                let (x, y) = (column as u32 * CELL, row as u32 * CELL);
                let dark = (u32::from(file) + u32::from(rank)) % 2 == 0;
                let _ = write!(
                    body,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}"/>"##,
                    if dark { "#b58863" } else { "#f0d9b5" }
                );
                let mark = Mark::of(
                    position,
                    square,
                    uses.get(&square).copied().unwrap_or_default(),
                );
                if mark != Mark::Empty && !marks.contains(&mark) {
                    marks.push(mark);
                }
                body.push_str(&shape(mark, x + CELL / 2, y + CELL / 2));
            }
        }
        marks.sort();
        Board {
            columns: u32::from(*files.end() - *files.start()) + 1,
            rows: u32::from(*ranks.end() - *ranks.start()) + 1,
            first_file: *files.start(),
            first_rank: *ranks.start(),
            body,
            marks,
        }
    }
}

fn header(width: u32, height: u32) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">"#
    )
}

/// Wide enough for the longest legend line (about 7 px a character at 13 px).
fn legend_width(marks: &[Mark]) -> u32 {
    marks
        .iter()
        .map(|m| 32 + 7 * m.meaning().len() as u32)
        .max()
        .unwrap_or(0)
}

/// A mark in a legend: its square's drawing at half its size, the square's top left corner at
/// (`x`, `y`), so that a line of words is as tall as the mark.
fn legend_shape(mark: Mark, x: u32, y: u32) -> String {
    format!(
        r#"<g transform="translate({x} {y}) scale(0.5)">{}</g>"#,
        shape(mark, CELL / 2, CELL / 2)
    )
}

/// The drawing of one mark centred on (`x`, `y`).
fn shape(mark: Mark, x: u32, y: u32) -> String {
    let r = CELL / 4;
    match mark {
        Mark::Piece => format!(r##"<circle cx="{x}" cy="{y}" r="{}" fill="#222"/>"##, r + 4),
        // The piece inside the ring of a move that ends where it started.
        Mark::PieceStays => format!(
            r##"<circle cx="{x}" cy="{y}" r="{}" fill="#222" stroke="#2e8b57" stroke-width="4"/>"##,
            r + 4
        ),
        Mark::Move => format!(r##"<circle cx="{x}" cy="{y}" r="{r}" fill="#2e8b57"/>"##),
        // A swap: a ring in the colour of neither a move nor a capture, around what else the
        // square allows.
        Mark::Swap => format!(
            r##"<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="#b7950b" stroke-width="4"/>"##
        ),
        Mark::MoveOrSwap => format!(
            r##"<circle cx="{x}" cy="{y}" r="{r}" fill="#2e8b57" stroke="#b7950b" stroke-width="4"/>"##
        ),
        Mark::CaptureOrSwap => format!(
            r##"<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="#b7950b" stroke-width="4"/>{}"##,
            cross(x, y, r, CAPTURE)
        ),
        Mark::Capture => cross(x, y, r, CAPTURE),
        Mark::MoveOrCapture => format!(
            r##"<circle cx="{x}" cy="{y}" r="{r}" fill="#2e8b57" stroke="#c0392b" stroke-width="3"/>"##
        ),
        Mark::InitialOnly => format!(
            r##"<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="#2e8b57" stroke-width="3"/>"##
        ),
        Mark::EnPassant => format!(
            r##"<circle cx="{x}" cy="{y}" r="{}" fill="#8e44ad"/>"##,
            r / 2
        ),
        Mark::EpRight => format!(
            r##"<circle cx="{x}" cy="{y}" r="{}" fill="#7f8c8d"/>"##,
            r / 2
        ),
        Mark::Friend(with) => occupied(
            format!(
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="#fdfefe" stroke="#222" stroke-width="2"/>"##,
                r + 3
            ),
            with,
            x,
            y,
        ),
        Mark::Enemy(with) => occupied(
            format!(
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="#555" stroke="#fdfefe" stroke-width="2"/>"##,
                r + 3
            ),
            with,
            x,
            y,
        ),
        Mark::Empty => String::new(),
    }
}

/// The colour of a capture.
const CAPTURE: &str = "#c0392b";

/// A friend or an enemy (`piece`, a disc the size of a capture's cross) with what the piece
/// does with it over or around it: a cross for a capture, outlined so that it shows on a dark
/// disc; a frame for a hop; a ring for a swap, dashed for a move it stops.
fn occupied(piece: String, with: WithIt, x: u32, y: u32) -> String {
    let r = CELL / 4;
    let around = r + 6;
    let over = match with {
        WithIt::Captures => outlined_cross(x, y, r, CAPTURE),
        WithIt::CapturesOnTheWay => outlined_cross(x, y, r, "#e67e22"),
        WithIt::SwapsWith => format!(
            r##"<circle cx="{x}" cy="{y}" r="{around}" fill="none" stroke="#b7950b" stroke-width="3"/>"##
        ),
        WithIt::HopsOver => format!(
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#2471a3" stroke-width="3"/>"##,
            x - around,
            y - around,
            2 * around,
            2 * around
        ),
        WithIt::InTheWay => format!(
            r##"<circle cx="{x}" cy="{y}" r="{around}" fill="none" stroke="#222" stroke-width="2" stroke-dasharray="4 3"/>"##
        ),
        WithIt::Nothing => String::new(),
    };
    piece + &over
}

fn cross(x: u32, y: u32, r: u32, colour: &str) -> String {
    stroked_cross(x, y, r, colour, 4)
}

/// A cross over a light outline.
fn outlined_cross(x: u32, y: u32, r: u32, colour: &str) -> String {
    stroked_cross(x, y, r, "#fdfefe", 7) + &stroked_cross(x, y, r, colour, 4)
}

fn stroked_cross(x: u32, y: u32, r: u32, colour: &str, width: u32) -> String {
    format!(
        r#"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="{colour}" stroke-width="{width}"/>"#,
        x - r,
        y - r,
        x + r,
        y + r,
        x - r,
        y + r,
        x + r,
        y - r
    )
}
