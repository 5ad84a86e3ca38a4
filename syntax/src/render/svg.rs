//! The diagram as an SVG picture: a checkered board with a mark on each square the piece can
//! use, and a legend of the marks shown. Same data as the text grid.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::text::Mark;
use crate::board::{Position, Square, SquareUse};

const CELL: u32 = 36;

/// The board (or the `radius` squares around the piece) as a standalone SVG document.
pub fn svg(position: &Position, uses: &BTreeMap<Square, SquareUse>, radius: Option<u8>) -> String {
    let (files, ranks) = super::text::window(position, radius);
    let columns = u32::from(*files.end() - *files.start()) + 1;
    let rows = u32::from(*ranks.end() - *ranks.start()) + 1;
    let mut used: Vec<Mark> = Vec::new();
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
            if mark != Mark::Empty && !used.contains(&mark) {
                used.push(mark);
            }
            body.push_str(&shape(mark, x + CELL / 2, y + CELL / 2));
        }
    }
    used.sort();
    let legend_height = 20 * used.len() as u32 + 8;
    // Wide enough for the longest legend line (about 7 px a character at 13 px).
    let legend_width = used
        .iter()
        .map(|m| 32 + 7 * m.meaning().len() as u32)
        .max()
        .unwrap_or(0);
    let (width, height) = (
        (columns * CELL).max(legend_width),
        rows * CELL + legend_height,
    );
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">"#
    );
    out.push_str(&body);
    for (index, mark) in used.iter().enumerate() {
        let y = rows * CELL + 18 + 20 * index as u32;
        out.push_str(&shape(*mark, 12, y - 4));
        let _ = write!(out, r#"<text x="28" y="{y}">{}</text>"#, mark.meaning());
    }
    out.push_str("</svg>\n");
    out
}

/// The drawing of one mark centred on (`x`, `y`).
fn shape(mark: Mark, x: u32, y: u32) -> String {
    let r = CELL / 4;
    match mark {
        Mark::Piece => format!(r##"<circle cx="{x}" cy="{y}" r="{}" fill="#222"/>"##, r + 4),
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
            cross(x, y, r, "#c0392b")
        ),
        Mark::Capture => cross(x, y, r, "#c0392b"),
        Mark::MoveOrCapture => format!(
            r##"<circle cx="{x}" cy="{y}" r="{r}" fill="#2e8b57" stroke="#c0392b" stroke-width="3"/>"##
        ),
        Mark::InitialOnly => format!(
            r##"<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="#2e8b57" stroke-width="3"/>"##
        ),
        Mark::LocustVictim => cross(x, y, r, "#e67e22"),
        Mark::HopMount => format!(
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#2471a3" stroke-width="3"/>"##,
            x - r,
            y - r,
            2 * r,
            2 * r
        ),
        Mark::EnPassant => format!(
            r##"<circle cx="{x}" cy="{y}" r="{}" fill="#8e44ad"/>"##,
            r / 2
        ),
        Mark::EpRight => format!(
            r##"<circle cx="{x}" cy="{y}" r="{}" fill="#7f8c8d"/>"##,
            r / 2
        ),
        Mark::Friend => format!(
            r##"<circle cx="{x}" cy="{y}" r="{r}" fill="#fdfefe" stroke="#222" stroke-width="2"/>"##
        ),
        Mark::Enemy => format!(r##"<circle cx="{x}" cy="{y}" r="{r}" fill="#555"/>"##),
        Mark::Empty => String::new(),
    }
}

fn cross(x: u32, y: u32, r: u32, colour: &str) -> String {
    format!(
        r#"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="{colour}" stroke-width="4"/>"#,
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
