//! Section headers as Fairy-Stockfish reads them (names exact, parents defined above or built
//! in, each name once), and a section's board once it is read to its end.

use super::board::Board;
use super::options::{self, ValueKind};
use super::rules::{self, PieceType};
use super::scanner::{Scanner, SectionState};
use super::values;
use super::{Header, Outcome, Section, fen, intent};
use crate::Severity;
use crate::diagnostic::{Diagnostic, codes};
use crate::host::{HostToken, span};
use rowan::TextRange;

impl Scanner<'_> {
    /// The header of `section`: it opens a section with no piece letters used yet, on its
    /// parent's board.
    pub(super) fn header(&mut self, section: &Section, header: &Header) {
        let (line_start, line_end) = (
            section.start + header.line().0,
            section.start + header.line().1,
        );
        self.scan
            .host_tokens
            .push((span(line_start, line_end), HostToken::Section));
        self.outcome = Outcome::Skipped;
        if let Some(at) = header.text().find('\r') {
            super::scanner::lone_carriage_return(&mut self.scan, line_start, header.text(), at);
        }
        if header.byte_order_mark {
            let finding = byte_order_mark(section.start, (line_start, line_end));
            self.scan.errors.push(finding);
        }
        let name = header.name();
        if !header.closed {
            let finding = unclosed_header(name, (line_start, line_end));
            self.scan.errors.push(finding);
        }
        self.scan
            .errors
            .extend(intent::unnamed_section(header, span(line_start, line_end)));
        let name_at = section.start + header.name_at();
        if let Some(whose) = self
            .model
            .registered_above(name, self.index)
            .map(|_| "defined above")
            .or(options::built_in(name).map(|_| "built into the engine"))
        {
            self.scan.errors.push(
                Diagnostic::new(
                    span(name_at, name_at + name.len()),
                    codes::DUPLICATE_SECTION,
                    Severity::Error,
                    format!(
                        "there is already a variant `{name}` ({whose}): Fairy-Stockfish skips this \
                         section"
                    ),
                )
                .with_help(format!(
                    "give this section a name of its own, such as `{name}2`, or merge it into the \
                     one {whose}"
                )),
            );
            self.section = Some(SectionState::new(name, None));
            return;
        }
        let board = match header.parent() {
            None => Some(Board::without_parent()),
            Some(parent) => {
                let board = match self.model.registered_above(parent, self.index) {
                    Some((_, board)) => Some(board.clone()),
                    None => Board::built_in(parent),
                };
                if board.is_none() {
                    let at = section.start + header.parent_at();
                    let finding = self.unknown_parent(name, parent, span(at, at + parent.len()));
                    self.scan.errors.push(finding);
                }
                board
            }
        };
        self.section = Some(SectionState::new(name, board));
    }

    /// Why `parent`, at `range`, is no parent the engine knows when it reads section `name`.
    pub(super) fn unknown_parent(&self, name: &str, parent: &str, range: TextRange) -> Diagnostic {
        let skipped = "Fairy-Stockfish skips the section";
        let trimmed = parent.trim();
        let above: Vec<&Outcome> = (self.model.named(parent))
            .take_while(|&index| index < self.index)
            .map(|index| &self.model.sections[index].outcome)
            .collect();
        let known = |name: &str| {
            self.model.registered_above(name, self.index).is_some()
                || options::built_in(name).is_some()
        };
        let finding = |message: String| {
            Diagnostic::new(range, codes::UNKNOWN_PARENT, Severity::Error, message)
        };
        if parent == name {
            finding(format!(
                "`{name}` inherits from itself: Fairy-Stockfish looks the parent up before it \
                 registers the section, finds none, and skips it"
            ))
            .with_help("name another variant as the parent, such as `chess`")
        } else if above.iter().any(|o| **o == Outcome::Dropped) {
            finding(format!(
                "`{name}` inherits from `{parent}`, whose board is larger than the engine's, so \
                 it is dropped: {skipped} too"
            ))
            .with_help(format!(
                "make `[{parent}]`'s board fit the engine (see its size)"
            ))
        } else if !above.is_empty() {
            finding(format!(
                "`{name}` inherits from `{parent}`, which Fairy-Stockfish skips (see its header): \
                 {skipped} too"
            ))
            .with_help(format!("mend `[{parent}]`'s header first"))
        } else if self.model.named(parent).next().is_some() {
            finding(format!(
                "`{name}` inherits from `{parent}`, which is defined further down: {skipped}, as \
                 it reads sections in order"
            ))
            .with_help(format!("move `[{parent}]` above `[{name}]`"))
        } else if options::bundled(parent) {
            finding(format!(
                "`{parent}` is a variant of the variants.ini that comes with Fairy-Stockfish, not \
                 one built into the engine: it exists only once that file is loaded before this \
                 one, else {skipped}"
            ))
            .with_help(format!(
                "copy `[{parent}]` (and its own parents) from Fairy-Stockfish's variants.ini \
                 above this section, or load that file first (the engine's `VariantPath` lists \
                 files in order)"
            ))
        } else if trimmed != parent && known(trimmed) {
            finding(format!(
                "the parent's name is `{parent}`, spaces included, and there is no such variant: \
                 {skipped}"
            ))
            .with_fix(
                format!("write `{trimmed}`"),
                vec![(range, trimmed.to_owned())],
            )
        } else {
            let nearest = self.nearest_name(parent);
            let message = format!(
                "`{name}` inherits from `{parent}`, which is neither defined above nor built into \
                 the engine: {skipped}{}",
                nearest
                    .map(|known| format!(" (did you mean `{known}`?)"))
                    .unwrap_or_default()
            );
            match nearest {
                Some(known) => finding(message)
                    .with_fix(format!("write `{known}`"), vec![(range, known.to_owned())]),
                None => finding(message).with_help(
                    "name a section defined above, or a variant built into Fairy-Stockfish \
                     (such as `chess`, `shogi`, `xiangqi`)",
                ),
            }
        }
    }

    /// The name of a variant above or built in that `parent` is likely a misspelling of.
    fn nearest_name(&self, parent: &str) -> Option<&str> {
        let near_enough = (parent.chars().count() / 3).clamp(1, 2);
        // Any name above, so that the suggestion depends on names alone. Only names of about
        // the parent's length are compared, and none for a parent longer than any variant's
        // name: each comparison costs the product of the two lengths.
        let above = (self.model.sections[..self.index].iter()).filter_map(Section::name);
        above
            .chain(options::built_ins().iter().map(|b| b.name.as_str()))
            .filter(|known| parent.len() <= 64 && known.len().abs_diff(parent.len()) <= near_enough)
            .map(|known| (options::edit_distance(known, parent), known))
            .filter(|(distance, _)| *distance <= near_enough)
            .min()
            .map(|(_, known)| known)
    }

    /// The section read to its end: its board values are checked against the board its
    /// parents and its own keys make, and the engine registers it with that board.
    pub(super) fn finish_section(&mut self) {
        let Some(section) = self.section.take() else {
            return;
        };
        let Some(parent) = section.board.clone() else {
            return;
        };
        let last = |key: &str| last_value(&section, key);
        // A board larger than the engine's drops the variant before its position is read
        // (said at the size): nothing else of it is checked, and no section can inherit it.
        if ["maxRank", "maxFile"]
            .into_iter()
            .filter_map(last)
            .any(|(_, key, value, _)| values::drops_variant(key, value))
        {
            self.outcome = Outcome::Dropped;
            return;
        }
        let mut board = section_board(&section, &parent);
        // With a size it cannot read, the engine's board has no squares: no position fits it,
        // and the size is what is said.
        let unreadable_size = ["maxRank", "maxFile"].into_iter().any(|key| {
            last(key).is_some_and(|(kind, key, value, _)| {
                values::misreading(key, *kind, value).is_some()
            })
        });
        let start_fen = last("startFen");
        // The parent's start position stays shared when the section writes it again.
        if let Some((_, _, fen, _)) = start_fen.filter(|(_, _, fen, _)| **fen != *board.start_fen) {
            board.start_fen = fen.as_str().into();
        }
        match start_fen {
            _ if unreadable_size => {}
            Some((_, _, fen, range)) => self.own_start(fen, *range, &board, &parent),
            None => self.inherited_start(&section, &parent, &board),
        }
        for (kind, key, value, range) in &section.board_values {
            if last(key).is_some_and(|(_, _, _, last)| last == range) {
                self.board_value(&board, (*kind, key, value), *range);
            }
        }
        let own = &self.model.sections[self.index];
        if let Some(header) = own.header.as_ref().filter(|h| h.parent().is_none()) {
            let line = span(own.start + header.line().0, own.start + header.line().1);
            let promotion = intent::Promotion {
                settings: &section.settings,
            };
            self.scan.errors.extend(promotion.stuck_pawns(&board, line));
        }
        self.outcome = Outcome::Registered(std::sync::Arc::new(board));
    }

    /// The start position the section writes itself, checked against its board: a rejection
    /// of the engine's position check, or what its reading of the position does not keep.
    fn own_start(&mut self, fen: &str, range: TextRange, board: &Board, parent: &Board) {
        let start = usize::from(range.start());
        let swapped = intent::swapped_sides(fen, board);
        if let Some(swapped) = &swapped {
            self.scan.errors.push(swapped_sides(fen, swapped, start));
        }
        if let Err(rejection) = fen::check(fen, board) {
            let at = span(start + rejection.range.start, start + rejection.range.end);
            // A `~` only marks a piece promoted: the engine places the pieces as written
            // (position.cpp 324–326), and only its position check rejects the mark (notes V11).
            let marks_only = rejection.check == fen::Check::Character
                && fen.get(rejection.range.clone()) == Some("~");
            let finding = if marks_only {
                Diagnostic::new(
                    at,
                    codes::START_POSITION,
                    Severity::Warning,
                    format!(
                        "{}: Fairy-Stockfish still places the pieces as written, but its own \
                         position check (`validate_fen`, which GUIs and `check` run) rejects the \
                         position",
                        rejection.message
                    ),
                )
                .with_help(
                    "remove the `~` marks, or set `promotionPieceTypes` if the pieces are meant \
                     to be promoted ones",
                )
            } else {
                let help = match &swapped {
                    // The castling rights hold once the sides are swapped back.
                    Some(swapped) if rejection.check == fen::Check::Castling => format!(
                        "the position has White's pieces at the top of the board and Black's at \
                         the bottom (a FEN lists the top rank first), so no king stands on its \
                         castling rank: write `{}`",
                        swapped.fixed
                    ),
                    _ => board.start_help(),
                };
                Diagnostic::new(
                    at,
                    codes::START_POSITION,
                    Severity::Error,
                    rejection.message,
                )
                .with_help(help)
            };
            self.scan.errors.push(finding);
        } else if let Some(misread) = fen::form::misread(fen, board, &parent.start_fen) {
            let at = span(start + misread.range.start, start + misread.range.end);
            let finding =
                Diagnostic::new(at, codes::START_POSITION, misread.severity, misread.message);
            self.scan.errors.push(match misread.instead {
                Some(instead) => {
                    let mut finding = finding.with_fix(
                        format!("write `{}`", crate::quote::shortened(&instead)),
                        vec![(at, instead)],
                    );
                    finding.help = Some(misread.help);
                    finding
                }
                None => finding.with_help(misread.help),
            });
        }
    }

    /// A value the board decides about (piece letters, pairs, the piece table), the last of
    /// its key, checked against the section's board.
    fn board_value(
        &mut self,
        board: &Board,
        (kind, key, value): (ValueKind, &str, &str),
        range: TextRange,
    ) {
        let mut own_help = None;
        let (problem, severity) = match kind {
            ValueKind::PieceSet | ValueKind::PieceType => {
                match board.piece_list_problem(kind, value) {
                    Some((severity, within, message, help)) => {
                        own_help = help;
                        (Some((within, message)), severity)
                    }
                    None => (None, Severity::Error),
                }
            }
            // Values only steer the engine's evaluation; the rules stay as written.
            ValueKind::PieceValues => (board.pairs_problem(kind, value), Severity::Warning),
            ValueKind::PieceCounts | ValueKind::PiecePieces => {
                let problem = board.pairs_problem(kind, value);
                // A comment after the pairs: the engine keeps them all, as meant.
                let comment = problem.as_ref().is_some_and(|(within, _)| {
                    within.start > 0 && value[within.start..].starts_with(['#', ';'])
                });
                if comment {
                    own_help = Some("put the comment on a line of its own, starting with `#`");
                }
                let severity = if comment {
                    Severity::Warning
                } else {
                    Severity::Error
                };
                (problem, severity)
            }
            _ if key == "pieceToCharTable" => (board.table_problem(value), Severity::Warning),
            _ => (None, Severity::Error),
        };
        if let Some((within, message)) = problem {
            let start = usize::from(range.start());
            let help = match own_help {
                Some(help) => help.to_owned(),
                None => value_help(board, kind, key),
            };
            self.scan.errors.push(
                Diagnostic::new(
                    span(start + within.start, start + within.end),
                    codes::WRONG_VALUE,
                    severity,
                    message,
                )
                .with_help(help),
            );
        }
    }

    /// A section that keeps its parent's start position but changes what the check reads
    /// (the board's size, drops, castling, pieces, …): the position is checked again, and a
    /// rejection is said at the last key that decides the failing part. A position its parent
    /// already fails is said at the parent.
    fn inherited_start(&mut self, section: &SectionState, parent: &Board, board: &Board) {
        if board == parent {
            return;
        }
        let Err(rejection) = fen::check(&board.start_fen, board) else {
            return;
        };
        // A section without parent starts from the engine's defaults: chess's position and no
        // pieces, which no check has accepted before.
        let own_defaults = *parent == Board::without_parent();
        if !own_defaults && fen::check(&parent.start_fen, parent).is_err() {
            return;
        }
        // A letter that is no piece any more was taken away by the key of the parent's piece
        // with that letter.
        let removed = board
            .start_fen
            .get(rejection.range.clone())
            .and_then(|text| text.bytes().next())
            .filter(|_| rejection.check == fen::Check::Character)
            .and_then(|letter| parent.rules.piece_of(letter))
            .and_then(|(_, piece)| piece.key());
        let last_set = |wanted: &dyn Fn(&str) -> bool| {
            (section.board_values.iter().rev()).find(|(_, key, _, _)| wanted(key))
        };
        let decides_check = |key: &str| {
            rules::reads(key)
                || PieceType::named(key).is_some()
                || matches!(key, "maxRank" | "maxFile")
        };
        let Some((_, key, _, range)) = (removed.as_deref())
            .and_then(|removed| last_set(&|key| key == removed))
            .or_else(|| last_set(&|key| rejection.check.depends_on(key)))
            .or_else(|| last_set(&decides_check))
        else {
            return;
        };
        let message = if own_defaults {
            format!(
                "the section sets no `startFen`, so it keeps the engine's default (chess's start \
                 position), and Fairy-Stockfish rejects it for this variant: {} (set `startFen`)",
                rejection.message
            )
        } else {
            format!(
                "with this `{key}`, Fairy-Stockfish rejects the start position the section \
                 inherits: {} (set `startFen` here)",
                rejection.message
            )
        };
        let help = board.start_help();
        self.scan.errors.push(
            Diagnostic::new(*range, codes::START_POSITION, Severity::Error, message)
                .with_help(help),
        );
    }
}

/// A start position `fen`, at `start`, with the sides swapped: said at its board field, with
/// the field the right way up as the fix.
fn swapped_sides(fen: &str, swapped: &intent::Swapped, start: usize) -> Diagnostic {
    let field = fen.get(swapped.range.clone()).unwrap_or_default();
    let fixed = swapped.fixed.get(swapped.range.clone()).unwrap_or(field);
    let at = span(start + swapped.range.start, start + swapped.range.end);
    Diagnostic::new(
        at,
        codes::SWAPPED_SIDES,
        Severity::Error,
        format!(
            "White's pieces stand at the top of the board and Black's at the bottom (a FEN lists \
             the top rank first), yet the castling rights `{}` are those of each side on its own \
             side: Fairy-Stockfish plays the position as written",
            crate::quote::shortened(&swapped.castling)
        ),
    )
    .with_fix(
        format!("write `{}`", crate::quote::shortened(fixed)),
        vec![(at, fixed.to_owned())],
    )
    .with_help(format!(
        "write each rank that holds one side's pieces only in the other case, so that each \
         side's pieces stand in its own half: `{fixed}`"
    ))
}

/// The last value of `key` the section sets that the board decides about.
fn last_value<'s>(
    section: &'s SectionState,
    key: &str,
) -> Option<&'s (ValueKind, String, String, TextRange)> {
    section
        .board_values
        .iter()
        .rev()
        .find(|(_, k, _, _)| k == key)
}

/// The board a section makes of its parent's: its own piece letters, its settings, the size
/// and rules its keys set.
fn section_board(section: &SectionState, parent: &Board) -> Board {
    let mut board = parent.clone();
    board
        .letters
        .extend(section.letters.iter().map(|(letter, _)| *letter));
    board.values_hash = {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (parent.values_hash, &section.settings).hash(&mut hasher);
        hasher.finish()
    };
    // A size the engine cannot read was said with its value; the board is not checked
    // against it.
    let size = |key: &str| {
        last_value(section, key)
            .filter(|(kind, key, value, _)| values::misreading(key, *kind, value).is_none())
    };
    if let Some((_, _, value, _)) = size("maxRank") {
        board.ranks = (values::read_ranks(value))
            .and_then(|n| u8::try_from(n).ok())
            .unwrap_or(board.ranks);
    }
    if let Some((_, _, value, _)) = size("maxFile") {
        board.files = (values::read_files(value))
            .and_then(|n| u8::try_from(n).ok())
            .unwrap_or(board.files);
    }
    let values: Vec<(&str, &str)> = (section.board_values.iter())
        .map(|(_, key, value, _)| (key.as_str(), value.as_str()))
        .collect();
    let rules = board.rules.with_section(&values, board.ranks);
    if rules != *board.rules {
        board.rules = std::sync::Arc::new(rules);
    }
    board
}

/// What to write instead of a value of `kind` for `key` the board does not read as written.
fn value_help(board: &Board, kind: ValueKind, key: &str) -> String {
    match kind {
        ValueKind::PieceValues | ValueKind::PieceCounts | ValueKind::PiecePieces => format!(
            "write each pair as a piece letter of this variant, `:` and {} (`{}`), separated by \
             spaces{}",
            if kind == ValueKind::PiecePieces {
                "the letter it becomes"
            } else {
                "a number"
            },
            match kind {
                ValueKind::PiecePieces => "p:g s:g",
                ValueKind::PieceCounts => "q:1",
                _ => "p:150 n:800",
            },
            board.letters_said()
        ),
        _ if key == "pieceToCharTable" => "list each piece letter of the variant once, white's \
                                            in upper case then black's in lower case, or write `-`"
            .to_owned(),
        ValueKind::PieceType => format!(
            "write one letter of this variant's pieces{}, or `*` for any, `-` for none",
            board.letters_said()
        ),
        _ => format!(
            "use only letters of this variant's pieces{}, or `*` for all, `-` for none",
            board.letters_said()
        ),
    }
}

/// A byte-order mark before the header line `line` (from the section's `start`), which hides
/// the header from the engine.
fn byte_order_mark(start: usize, (line_start, line_end): (usize, usize)) -> Diagnostic {
    Diagnostic::new(
        span(start, line_end),
        codes::BYTE_ORDER_MARK,
        Severity::Error,
        "the line starts with a byte-order mark: Fairy-Stockfish reads it as part of the line, so \
         it sees no header here and drops this section"
            .to_owned(),
    )
    .with_fix(
        "remove the byte-order mark (save the file as UTF-8 without BOM)",
        vec![(span(start, line_start), String::new())],
    )
}

/// A header line with no closing `]`, of the section `name`.
fn unclosed_header(name: &str, (line_start, line_end): (usize, usize)) -> Diagnostic {
    Diagnostic::new(
        span(line_start, line_end),
        codes::UNCLOSED_SECTION,
        Severity::Error,
        format!(
            "section header `{}` has no closing `]`: Fairy-Stockfish reads the name on into the \
             lines below, up to the next `]`",
            crate::quote::shortened(&format!("[{name}"))
        ),
    )
    .with_fix(
        "close the header with `]`",
        vec![(span(line_end, line_end), "]".to_owned())],
    )
}
