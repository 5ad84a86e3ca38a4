//! Interactive Diagram definitions: whitespace-separated `key=value` settings and piece lines
//! `name:ID:betza:image:squares` (seed 000 shows one: `checker:P:fmFcafmFimfD:pawn:a2-l2`). An
//! empty Betza field (`rook::::a1,l1`) keeps the piece's standard moves.
//!
//! The diagram's own script also reads bracket groups in the Betza field (`[F?R]`, the
//! Griffon): H. G. Muller's "Betza 2.1" proposal, where a group holds the legs of one move
//! joined by `-` (the move goes on) or `?` (it may also stop there: `[A?B]` is `[A][A-B]`),
//! and which, he wrote, the diagram already supports for simple cases (chessvariants.com,
//! comments 56519 and 58488). This tool does not read that notation: a group is said once,
//! as a finding of the file, and never reaches the Betza parser. What stands outside the
//! groups is a sequence of whole moves (a group holds whole moves, so no modifier before it or
//! range after it belongs to it), and each such part is a region of its own: the parts are
//! never joined, which could make letters on either side of a group one move.

use crate::diagnostic::{Diagnostic, codes};
use std::sync::Arc;

use super::interface::Host;
use super::kinds::FileKind;
use super::{
    Context, DiagramContext, FileBoard, HostFormat, Region, RegionContext, Scan, StartSquare, span,
};
use crate::board::{BoardSize, MAX_SIDE as MAX_BOARD_SIDE};
use crate::{Dialect, Severity};

/// Interactive Diagram definitions: settings and piece lines.
pub(super) struct Diagram;

const KIND: FileKind = FileKind {
    format: HostFormat::Diagram,
    dialect: Dialect::XBetza,
    language: "interactive-diagram",
    other_languages: &[],
    title: "Interactive Diagram",
    extensions: &["diagram"],
    shared: None,
    line_comments: &[],
};

impl Host for Diagram {
    fn kind(&self) -> &'static FileKind {
        &KIND
    }

    fn scan(&self, text: &str, _: Dialect, per_code: Option<usize>) -> Scan {
        scan(text, per_code)
    }
}

#[cfg(test)]
mod tests;

/// The largest board side whose squares are kept (files `a` to `z`).
const MAX_SIDE: u8 = 26;

fn scan(text: &str, per_code: Option<usize>) -> Scan {
    let mut scan = Scan::bounded(per_code);
    let mut offset = 0;
    let (mut files, mut ranks) = (None, None);
    for word in text.split_inclusive(char::is_whitespace) {
        let at = offset;
        offset += word.len();
        let word = word.trim_end();
        if word.contains('=') {
            // The first `files=` and `ranks=` that give a number are the board's.
            let number = |key: &str| word.strip_prefix(key)?.parse::<u8>().ok();
            files = files.or_else(|| number("files="));
            ranks = ranks.or_else(|| number("ranks="));
            continue;
        }
        let fields: Vec<&str> = word.split(':').collect();
        if fields.len() < 3 || fields[2].is_empty() {
            continue;
        }
        let betza_at = at + fields[0].len() + fields[1].len() + 2;
        let field = Field::split(fields[2]);
        let context = RegionContext {
            piece: Some(fields[1])
                .filter(|id| !id.is_empty())
                .map(|id| id.to_owned().into()),
            name: Some(fields[0])
                .filter(|name| !name.is_empty())
                .map(|name| name.to_owned().into()),
            diagram: DiagramContext {
                start_squares: fields
                    .get(4)
                    .map_or_else(Arc::default, |f| start_squares(f)),
                unread_groups: field.groups.len(),
                board: None,
            }
            .boxed(),
            ..RegionContext::default()
        };
        for &(start, end) in &field.parts {
            scan.regions.push(Region {
                range: span(betza_at + start, betza_at + end),
                dialect: Dialect::XBetza,
                context: Context::new(context.clone()),
                decoded: None,
            });
        }
        scan.errors
            .extend(field.findings(fields[2], betza_at, context.piece.as_deref()));
    }
    let fits = |n: &u8| (1..=MAX_BOARD_SIDE).contains(n);
    if let (Some(files), Some(ranks)) = (files.filter(fits), ranks.filter(fits)) {
        let board = Arc::new(FileBoard {
            size: BoardSize { files, ranks },
            whose: "the diagram's",
            start_fen: None,
        });
        for region in &mut scan.regions {
            let mut context = (*region.context).clone();
            context.set_board(Some(board.clone()));
            region.context = Context::new(context);
        }
    }
    scan
}

/// A Betza field cut at its bracket groups, in the field's own offsets.
#[derive(Debug, Default, PartialEq, Eq)]
struct Field {
    /// The stretches outside any group, none empty.
    parts: Vec<(usize, usize)>,
    /// The groups, brackets included.
    groups: Vec<(usize, usize)>,
    /// Where a `[` opens a group the field ends inside.
    unclosed: Option<usize>,
    /// Each `]` that closes no group.
    unmatched: Vec<usize>,
}

impl Field {
    /// A group ends at the first `]` after its `[`: the notation does not nest groups, so a
    /// second `]` closes nothing. Brackets are ASCII, so every cut is a character boundary.
    fn split(field: &str) -> Field {
        let mut out = Field::default();
        let mut part_start = 0;
        let mut at = 0;
        let bytes = field.as_bytes();
        while at < bytes.len() {
            match bytes[at] {
                b'[' => {
                    out.part(part_start, at);
                    match field[at..].find(']') {
                        Some(close) => {
                            out.groups.push((at, at + close + 1));
                            at += close + 1;
                        }
                        None => {
                            out.unclosed = Some(at);
                            at = bytes.len();
                        }
                    }
                    part_start = at;
                }
                b']' => {
                    out.part(part_start, at);
                    out.unmatched.push(at);
                    at += 1;
                    part_start = at;
                }
                _ => at += 1,
            }
        }
        out.part(part_start, bytes.len());
        out
    }

    fn part(&mut self, start: usize, end: usize) {
        if start < end {
            self.parts.push((start, end));
        }
    }

    /// What the file is told of the groups and stray brackets of `field`, which starts at
    /// `offset` in the file.
    fn findings(&self, field: &str, offset: usize, piece: Option<&str>) -> Vec<Diagnostic> {
        let whose = piece.map_or_else(String::new, |id| format!(" of piece `{id}`"));
        // Said without the parts' text: an edit inside a part re-reads that part alone and
        // leaves this finding as it was.
        let rest = if self.parts.is_empty() {
            "nothing of this piece is checked or drawn"
        } else {
            "the piece's moves outside its groups are checked and drawn without them"
        };
        let mut out = Vec::new();
        for &(start, end) in &self.groups {
            out.push(
                Diagnostic::new(
                    span(offset + start, offset + end),
                    codes::DIAGRAM_BRACKET_GROUP,
                    Severity::Info,
                    format!(
                        "`{}`{whose} is a bracket group of the Interactive Diagram (legs of one \
                         move joined by `-`, or by `?` where the move may also stop), a \
                         notation this tool does not read: its moves are not checked or drawn",
                        crate::quote::shortened(&field[start..end])
                    ),
                )
                .with_help(rest),
            );
        }
        if let Some(start) = self.unclosed {
            out.push(
                Diagnostic::new(
                    span(offset + start, offset + field.len()),
                    codes::DIAGRAM_UNCLOSED_GROUP,
                    Severity::Error,
                    "this `[` opens a bracket group that the Betza field ends inside: write \
                     `]` after the group's last leg"
                        .to_owned(),
                )
                .with_help("the group's text is not read as Betza until it is closed"),
            );
        }
        for &at in &self.unmatched {
            out.push(
                Diagnostic::new(
                    span(offset + at, offset + at + 1),
                    codes::DIAGRAM_UNMATCHED_BRACKET,
                    Severity::Error,
                    "this `]` closes no bracket group: a group opens with `[`".to_owned(),
                )
                .with_help("write `[` where the group's first leg starts, or remove this `]`"),
            );
        }
        out
    }
}

/// The squares of a piece line's squares field: squares (`b1`), lists (`b1,i1`) and ranges
/// along one rank or one file (`a2-l2`, `a1-a3`), each square once, in the order written.
/// What is not understood (`z0`, `a1-c3`, `x`) is left out.
fn start_squares(field: &str) -> Arc<[StartSquare]> {
    let mut seen = [[false; MAX_SIDE as usize]; MAX_SIDE as usize];
    let mut out = Vec::new();
    let mut add = |square: StartSquare| {
        let mark = &mut seen[usize::from(square.file)][usize::from(square.rank)];
        if !*mark {
            *mark = true;
            out.push(square);
        }
    };
    for item in field.split(',') {
        let item = item.trim();
        match item.split_once('-') {
            None => square(item).into_iter().for_each(&mut add),
            Some((from, to)) => {
                let (Some(from), Some(to)) = (square(from), square(to)) else {
                    continue;
                };
                let files = from.file.min(to.file)..=from.file.max(to.file);
                let ranks = from.rank.min(to.rank)..=from.rank.max(to.rank);
                if from.rank == to.rank {
                    files.for_each(|file| {
                        add(StartSquare {
                            file,
                            rank: from.rank,
                        })
                    });
                } else if from.file == to.file {
                    ranks.for_each(|rank| {
                        add(StartSquare {
                            file: from.file,
                            rank,
                        })
                    });
                }
            }
        }
    }
    out.into()
}

/// `a1` to `z26`; anything else is no square.
fn square(text: &str) -> Option<StartSquare> {
    let (file, rank) = text.split_at_checked(1)?;
    let file = file.bytes().next().filter(u8::is_ascii_lowercase)? - b'a';
    if rank.is_empty() || rank.len() > 2 || !rank.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: u8 = rank.parse().ok()?;
    (1..=MAX_SIDE).contains(&rank).then(|| StartSquare {
        file,
        rank: rank - 1,
    })
}
