//! PGN: the `[VariantMen "P:fmWfceFifmnD;N:N"]` tag, a `;`-separated list of `ID:betza`, with
//! `+ID` for promoted pieces (XBoard's `-men` format).

use std::sync::Arc;

use super::interface::Host;
use super::kinds::FileKind;
use super::position::size_of;
use super::{Context, FileBoard, HostFormat, Region, RegionContext, Scan, lines, span};
use crate::Dialect;

/// PGN games whose pieces are given in `VariantMen` tags.
pub(super) struct Pgn;

const KIND: FileKind = FileKind {
    format: HostFormat::Pgn,
    dialect: Dialect::XBetza,
    language: "pgn",
    other_languages: &[],
    title: "PGN",
    extensions: &["pgn"],
    shared: None,
    line_comments: &[],
};

impl Host for Pgn {
    fn kind(&self) -> &'static FileKind {
        &KIND
    }

    fn scan(&self, text: &str, _: Dialect, per_code: Option<usize>) -> Scan {
        let mut scan = scan(text, per_code);
        with_game_boards(text, &mut scan);
        scan
    }
}

fn scan(text: &str, per_code: Option<usize>) -> Scan {
    let mut scan = Scan::bounded(per_code);
    for (offset, line) in lines(text) {
        let mut search = 0;
        while let Some(found) = line[search..].find("[VariantMen") {
            let tag = search + found;
            let Some(open) = line[tag..].find('"').map(|i| tag + i + 1) else {
                break;
            };
            let close = line[open..].find('"').map_or(line.len(), |i| open + i);
            pieces(&line[open..close], offset + open, &mut scan);
            search = close.min(line.len());
            if search >= line.len() {
                break;
            }
            search += 1;
        }
    }
    scan
}

/// `ID:betza;ID:betza…` starting at byte `offset`.
pub(super) fn pieces(list: &str, offset: usize, scan: &mut Scan) {
    let mut start = 0;
    for item in list.split(';') {
        let item_at = offset + start;
        start += item.len() + 1;
        let Some((id, betza)) = item.split_once(':') else {
            continue;
        };
        let betza_at = item_at + id.len() + 1;
        let trimmed = betza.trim_end();
        let lead = trimmed.len() - trimmed.trim_start().len();
        if trimmed.trim().is_empty() {
            continue;
        }
        scan.regions.push(Region {
            range: span(betza_at + lead, betza_at + trimmed.len()),
            dialect: Dialect::XBetza,
            context: Context::new(RegionContext {
                piece: Some(id.trim().to_owned().into()),
                ..RegionContext::default()
            }),
            decoded: None,
        });
    }
}

/// Gives each piece the board of its game: the `FEN` tag among the tag lines around it (the
/// lines between the blank lines before and after it), when the position fits a board.
fn with_game_boards(text: &str, scan: &mut Scan) {
    // Where each blank line's two line feeds are (`\n\n\n` holds two), read once as the
    // regions go by in file order: no list of them, however many the file holds.
    let mut breaks = (text.as_bytes().windows(2).enumerate())
        .filter(|(_, pair)| pair == b"\n\n")
        .map(|(at, _)| at)
        .peekable();
    let mut block_start = 0;
    // The regions come in file order: a game's board is read once.
    let mut last_block = None;
    let mut board: Option<Arc<FileBoard>> = None;
    for region in &mut scan.regions {
        let start = usize::from(region.range.start());
        while let Some(at) = breaks.next_if(|&at| at + 2 <= start) {
            block_start = at + 2;
        }
        // A string never starts on a line feed, so the next break is past its start.
        let block_end = breaks.peek().copied().unwrap_or(text.len());
        if last_block != Some((block_start, block_end)) {
            last_block = Some((block_start, block_end));
            board = game_board(text.get(block_start..block_end).unwrap_or_default());
        }
        if board.is_some() {
            let mut context = (*region.context).clone();
            context.set_board(board.clone());
            region.context = Context::new(context);
        }
    }
}

/// The board of the game whose tag lines are `tags`: its `FEN` tag's.
fn game_board(tags: &str) -> Option<Arc<FileBoard>> {
    let fen = tags
        .lines()
        .find_map(|line| line.trim().strip_prefix("[FEN \"")?.split('"').next())?;
    Some(Arc::new(FileBoard {
        size: size_of(fen)?,
        whose: "the game's",
        start_fen: Some(fen.to_owned()),
    }))
}
