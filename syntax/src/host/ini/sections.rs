//! Section headers as Fairy-Stockfish reads them (names exact, parents defined above or built
//! in, each name once), and a section's board once it is read to its end.

use super::board::Board;
use super::options::{self, ValueKind};
use super::{Scanner, Section, header_parts, push};
use crate::Severity;
use crate::host::{HostError, HostToken, span};

impl Scanner {
    /// A header line `[name]` or `[child:parent]` at `start`: it ends the section above and
    /// opens one with no piece letters used yet, on its parent's board.
    pub(super) fn header(&mut self, start: usize, content: &str) {
        self.finish_section();
        self.scan
            .host_tokens
            .push((span(start, start + content.len()), HostToken::Section));
        let (name, parent) = header_parts(content);
        if !content.contains(']') {
            push(
                &mut self.scan,
                start,
                start + content.len(),
                "unclosed-section",
                Severity::Error,
                format!(
                    "section header `{}` has no closing `]`",
                    crate::quote::shortened(content)
                ),
            );
        }
        let name_at = start + 1;
        let known = |scanner: &Scanner, name: &str| {
            scanner.defined.contains_key(name) || options::built_in(name).is_some()
        };
        if known(self, name) {
            let whose = if self.defined.contains_key(name) {
                "defined above"
            } else {
                "built into the engine"
            };
            push(
                &mut self.scan,
                name_at,
                name_at + name.len(),
                "duplicate-section",
                Severity::Error,
                format!(
                    "there is already a variant `{name}` ({whose}): Fairy-Stockfish skips this \
                     section"
                ),
            );
            self.seen.insert(name.to_owned());
            self.section = Some(Section::new(name, None));
            return;
        }
        let board = match parent {
            None => Some(Board::without_parent()),
            Some(parent) => {
                let board = self
                    .defined
                    .get(parent)
                    .cloned()
                    .or_else(|| Board::built_in(parent));
                if board.is_none() {
                    let at = name_at + name.len() + 1;
                    let message = self.unknown_parent(name, parent);
                    push(
                        &mut self.scan,
                        at,
                        at + parent.len(),
                        "unknown-parent",
                        Severity::Error,
                        message,
                    );
                }
                board
            }
        };
        self.seen.insert(name.to_owned());
        self.section = Some(Section::new(name, board));
    }

    /// Why `parent` is no parent the engine knows when it reads section `name`.
    pub(super) fn unknown_parent(&self, name: &str, parent: &str) -> String {
        let skipped = "Fairy-Stockfish skips the section";
        let trimmed = parent.trim();
        if self.dropped.contains(parent) {
            format!(
                "`{name}` inherits from `{parent}`, whose board is larger than the engine's, so \
                 it is dropped: {skipped} too"
            )
        } else if self.seen.contains(parent) {
            format!(
                "`{name}` inherits from `{parent}`, which Fairy-Stockfish skips (see its header): \
                 {skipped} too"
            )
        } else if self.all_names.contains(parent) {
            format!(
                "`{name}` inherits from `{parent}`, which is defined further down: \
                 {skipped}, as it reads sections in order (move `{parent}` above it)"
            )
        } else if trimmed != parent
            && (self.defined.contains_key(trimmed) || options::built_in(trimmed).is_some())
        {
            format!(
                "the parent's name is `{parent}`, spaces included, and there is no such \
                 variant: {skipped} (write `{trimmed}`)"
            )
        } else {
            let near_enough = (parent.chars().count() / 3).clamp(1, 2);
            let nearest = self
                .defined
                .keys()
                .map(String::as_str)
                .chain(options::built_ins().iter().map(|b| b.name.as_str()))
                .map(|known| (options::edit_distance(known, parent), known))
                .filter(|(distance, _)| *distance <= near_enough)
                .min()
                .map(|(_, known)| format!(" (did you mean `{known}`?)"))
                .unwrap_or_default();
            format!(
                "`{name}` inherits from `{parent}`, which is neither defined above nor built \
                 into the engine: {skipped}{nearest}"
            )
        }
    }

    /// The section read to its end: its board values are checked against the board its
    /// parents and its own keys make, and the engine registers it with that board.
    pub(super) fn finish_section(&mut self) {
        let Some(section) = self.section.take() else {
            return;
        };
        let Some(mut board) = section.board else {
            return;
        };
        board
            .letters
            .extend(section.letters.iter().map(|(letter, _)| *letter));
        let last = |key: &str| {
            section
                .board_values
                .iter()
                .rev()
                .find(|(_, k, _, _)| k == key)
        };
        // A board larger than the engine's drops the variant before its position is read
        // (said at the size): nothing else of it is checked, and no section can inherit it.
        if ["maxRank", "maxFile"]
            .into_iter()
            .filter_map(last)
            .any(|(_, key, value, _)| options::drops_variant(key, value))
        {
            self.dropped.insert(section.name);
            return;
        }
        // A size the engine cannot read was said with its value; the board is not checked
        // against it.
        let size = |key: &str| {
            last(key)
                .filter(|(kind, key, value, _)| options::misreading(key, *kind, value).is_none())
        };
        if let Some((_, _, value, _)) = size("maxRank") {
            board.ranks = value.parse().unwrap_or(board.ranks);
        }
        if let Some((_, _, value, _)) = size("maxFile") {
            board.files = match value.as_bytes() {
                [letter @ b'a'..=b'l'] => letter - b'a' + 1,
                _ => value.parse().unwrap_or(board.files),
            };
        }
        let start_fen = last("startFen").cloned();
        let resized = ["maxRank", "maxFile"]
            .into_iter()
            .filter_map(size)
            .next_back();
        if let (None, Some((_, key, _, range))) = (&start_fen, resized)
            && let Some(problem) = board.fen_problem(&board.start_fen)
        {
            self.scan.errors.push(HostError {
                range: *range,
                code: "start-position",
                severity: Severity::Error,
                message: format!(
                    "with this `{key}`, the start position the section inherits no longer fits: \
                     {problem} (set `startFen` here)"
                ),
            });
        }
        if let Some((_, _, fen, range)) = &start_fen {
            let problem = board.fen_problem(fen);
            board.start_fen.clone_from(fen);
            if let Some(problem) = problem {
                self.scan.errors.push(HostError {
                    range: *range,
                    code: "start-position",
                    severity: Severity::Error,
                    message: problem,
                });
            }
        }
        for (kind, key, value, range) in &section.board_values {
            if last(key).is_none_or(|(_, _, _, last)| last != range) {
                continue;
            }
            let (problem, severity) = match kind {
                ValueKind::PieceSet | ValueKind::PieceType => (
                    board
                        .piece_list_problem(*kind, value)
                        .map(|message| (0..value.len(), message)),
                    Severity::Error,
                ),
                // Values only steer the engine's evaluation; the rules stay as written.
                ValueKind::PieceValues => (board.pairs_problem(*kind, value), Severity::Warning),
                ValueKind::PieceCounts | ValueKind::PiecePieces => {
                    (board.pairs_problem(*kind, value), Severity::Error)
                }
                _ if key == "pieceToCharTable" => (board.table_problem(value), Severity::Warning),
                _ => (None, Severity::Error),
            };
            if let Some((within, message)) = problem {
                let start = usize::from(range.start());
                self.scan.errors.push(HostError {
                    range: span(start + within.start, start + within.end),
                    code: "wrong-value",
                    severity,
                    message,
                });
            }
        }
        self.defined.insert(section.name, board);
    }
}
