//! A `variants.ini` read section by section as Fairy-Stockfish reads it: each section's
//! findings, its pieces' Betza strings, and what the engine makes of it.

use crate::diagnostic::{Diagnostic, codes};
use rowan::TextRange;
use std::borrow::Cow;
use std::sync::Arc;

use super::board::Board;
use super::model::{Header, Line, LineKind, Model, Outcome, Section, SectionText};
use super::options::{self, ValueKind};
use crate::host::{Context, HostToken, Region, RegionContext, Scan, span};
use crate::{Dialect, Severity, Source};

/// What a check has read of the section so far.
pub(super) struct SectionState {
    /// Shared with the context of each of the section's strings.
    pub(super) name: Arc<str>,
    /// Each piece letter used so far (lower case), with the key that took it.
    pub(super) letters: Vec<(char, String)>,
    /// Each key set so far, with its range: the engine keeps the last value of a key.
    pub(super) keys: Vec<(String, TextRange)>,
    /// Each known option set so far with a value, as the engine keeps it, in file order.
    pub(super) settings: Vec<(String, String)>,
    /// The board from the parent (none for a section the engine skips).
    pub(super) board: Option<Board>,
    /// Values the board decides about, checked once the section is read: a key's last value
    /// counts, wherever it stands.
    pub(super) board_values: Vec<(ValueKind, String, String, TextRange)>,
}

impl SectionState {
    pub(super) fn new(name: &str, board: Option<Board>) -> SectionState {
        SectionState {
            name: name.into(),
            letters: Vec::new(),
            keys: Vec::new(),
            settings: Vec::new(),
            board,
            board_values: Vec::new(),
        }
    }
}

/// The check of one section of the model: its findings, and what the engine makes of it.
pub(super) struct Scanner<'m> {
    pub(super) scan: Scan,
    pub(super) model: &'m Model,
    /// The file's text, for the lines of the sections above (the model keeps no copy).
    pub(super) file: &'m dyn Source,
    /// The section checked.
    pub(super) index: usize,
    /// Its bytes.
    pub(super) own: &'m str,
    pub(super) section: Option<SectionState>,
    pub(super) outcome: Outcome,
}

pub(super) fn scan(text: &str, per_code: Option<usize>) -> Scan {
    let mut model = Model::read(text);
    let mut scan = Scan::bounded(per_code);
    let mut boards = SharedBoards::default();
    for index in 0..model.sections.len() {
        let section = &model.sections[index];
        let own = text.get(section.start..section.end()).unwrap_or_default();
        let (found, outcome) = check_section(&model, &text, index, own, per_code);
        model.sections[index].outcome = boards.share(outcome);
        scan.extend(found);
    }
    // Grown a section at a time, up to twice their length: held as long as the file is.
    scan.regions.shrink_to_fit();
    scan.host_tokens.shrink_to_fit();
    scan.errors.shrink_to_fit();
    scan.ini = Some(Box::new(model));
    scan
}

/// The boards of a file's sections, each held once however many sections make it: a board is
/// a hundred bytes and more, and a large file made of variants copied or generated from a few
/// holds tens of thousands of equal ones (issue 56).
#[derive(Default)]
struct SharedBoards(std::collections::HashSet<Arc<Board>>);

impl SharedBoards {
    /// `outcome`, its board replaced by an equal one seen before.
    fn share(&mut self, outcome: Outcome) -> Outcome {
        let Outcome::Registered(board) = outcome else {
            return outcome;
        };
        match self.0.get(&*board) {
            Some(equal) => Outcome::Registered(Arc::clone(equal)),
            None => {
                self.0.insert(Arc::clone(&board));
                Outcome::Registered(board)
            }
        }
    }
}

/// The board of every section Fairy-Stockfish registers, by name.
#[cfg(test)]
pub(crate) fn boards(text: &str) -> std::collections::HashMap<String, Board> {
    scan(text, None)
        .ini
        .map(|model| model.boards())
        .unwrap_or_default()
}

/// Checks section `index` of `model`, whose text is `text` in the file's text `file`, against
/// the sections above it: its findings in file offsets, and what the engine makes of it.
pub(super) fn check_section(
    model: &Model,
    file: &dyn Source,
    index: usize,
    text: &str,
    per_code: Option<usize>,
) -> (Scan, Outcome) {
    let section = &model.sections[index];
    let mut scanner = Scanner {
        scan: Scan::bounded(per_code),
        model,
        file,
        index,
        own: text,
        section: None,
        outcome: Outcome::Preamble,
    };
    if let Some(header) = &section.header {
        scanner.header(section, header);
    } else {
        scanner.preamble(section, text);
    }
    for line in section.with_text(text).lines() {
        scanner.line(section, &line, text);
    }
    scanner.finish_section();
    (scanner.scan, scanner.outcome)
}

/// A carriage return inside `line` (at `offset`), at byte `at` of it: an editor ends a line
/// there, Fairy-Stockfish does not (it ends lines at line feeds, dropping one carriage return
/// before them), so what the editor shows as the next lines is part of this one.
pub(super) fn lone_carriage_return(scan: &mut Scan, offset: usize, line: &str, at: usize) {
    let line_shown = crate::quote::shortened(line);
    let (severity, message) = if line[at..].trim().is_empty() {
        (
            Severity::Warning,
            format!(
                "the line ends in more carriage returns than Fairy-Stockfish drops (one, before \
                 the line feed): the others are part of the line, `{line_shown}`"
            ),
        )
    } else {
        let shown_lines = line[at..].trim_end().matches('\r').count();
        let (lines, them) = if shown_lines == 1 {
            ("the line shown after this one is".to_owned(), "it")
        } else {
            (
                format!("the {shown_lines} lines shown after this one are"),
                "them",
            )
        };
        (
            Severity::Error,
            format!(
                "a carriage return alone ends no line for Fairy-Stockfish, which ends lines at \
                 line feeds: {lines} part of this line to it, `{line_shown}`, and no option on \
                 {them} is read"
            ),
        )
    };
    // Each carriage return alone becomes a line break, which is what the editor shows.
    let mended = line[at..].trim_end_matches('\r').replace('\r', "\n");
    let kept = line[at..].trim_end_matches('\r').len();
    let finding = Diagnostic::new(
        span(offset + at, offset + line.len()),
        codes::LINE_ENDING,
        severity,
        message,
    );
    scan.errors.push(if mended.trim().is_empty() {
        finding.with_fix(
            "remove the carriage returns at the end of the line",
            vec![(span(offset + at + kept, offset + line.len()), String::new())],
        )
    } else {
        finding.with_fix(
            "end the line where the editor shows it, with a line feed (save the file with \
             LF or CRLF line endings)",
            vec![(span(offset + at, offset + at + kept), mended)],
        )
    });
}

impl<'m> Scanner<'m> {
    /// The section checked, with its bytes.
    pub(super) fn own_section(&self) -> SectionText<'m, 'm> {
        self.model.sections[self.index].with_text(self.own)
    }
    /// One line of `section` (whose text is `text`), as the model read it.
    pub(super) fn line(&mut self, section: &Section, line: &Line, text: &str) {
        let offset = section.start + line.at();
        if let (Some(at), Some(own)) = (
            line.carriage_return(),
            text.get(line.at()..line.at() + line.byte_len()),
        ) {
            lone_carriage_return(&mut self.scan, offset, own, at);
        }
        let (start, end) = (
            section.start + line.content().0,
            section.start + line.content().1,
        );
        let comment = (span(start, end), HostToken::Comment);
        match &line.kind {
            LineKind::Blank => {}
            LineKind::Comment => self.scan.host_tokens.push(comment),
            LineKind::IndentedComment | LineKind::IndentedHeader => {
                let header = line.kind == LineKind::IndentedHeader;
                let (code, severity, message) = if header {
                    (
                        codes::INDENTED_HEADER,
                        Severity::Error,
                        "an indented header is no header to Fairy-Stockfish: it ignores the \
                         line, and the keys below stay in the section above",
                    )
                } else {
                    self.scan.host_tokens.push(comment);
                    (
                        codes::UNKNOWN_KEY,
                        Severity::Warning,
                        "an indented comment is no comment to Fairy-Stockfish: with its `=` it \
                         is read as a key, which it ignores",
                    )
                };
                let finding = Diagnostic::new(span(start, end), code, severity, message.to_owned())
                    .with_fix(
                        format!("start the line with `{}`", if header { "[" } else { "#" }),
                        vec![(span(offset, start), String::new())],
                    );
                self.scan.errors.push(finding);
            }
            LineKind::NoEquals => self.scan.errors.push(
                Diagnostic::new(
                    span(start, end),
                    codes::NO_EQUALS,
                    Severity::Warning,
                    "Fairy-Stockfish ignores a line without `=`".to_owned(),
                )
                .with_help("write `key = value`, or start the line with `#` to make it a comment"),
            ),
            LineKind::Entry(entry) => self.entry(section, line, entry),
        }
    }

    /// `key` at `start` names a custom piece the engine does not have.
    pub(super) fn custom_piece_number(&mut self, start: usize, key: &str) {
        let error = Diagnostic::new(
            span(start, start + key.len()),
            codes::CUSTOM_PIECE_NUMBER,
            Severity::Error,
            format!(
                "`{key}` is not a custom piece: Fairy-Stockfish has customPiece1 to \
                 customPiece{}, and ignores this line",
                options::CUSTOM_PIECES
            ),
        )
        .with_help(format!(
            "use a free number from 1 to {}; a variant has at most {} custom pieces",
            options::CUSTOM_PIECES,
            options::CUSTOM_PIECES
        ));
        self.scan.errors.push(error);
    }

    /// Records piece `letter` (at `at`, the value of `key`) as used in the current section,
    /// reporting a second use with the key that took it first: Fairy-Stockfish keeps only one
    /// of the two pieces.
    pub(super) fn use_letter(&mut self, letter: char, at: usize, key: &str) {
        let lower = letter.to_ascii_lowercase();
        // A key set again keeps only its last letter, as the engine keeps only its last value.
        self.forget_letter(key);
        let Some(current) = self.section.as_mut() else {
            return;
        };
        let Some((_, first)) = current.letters.iter().find(|(used, _)| *used == lower) else {
            current.letters.push((lower, key.to_owned()));
            self.inherited_letter(lower, at, key);
            return;
        };
        // The engine reads piece keys in a fixed order (standard pieces, custom pieces by
        // number, the king), and a piece takes its letter from any read before it.
        let (kept, dropped) = if read_order(key) > read_order(first) {
            (key, first.as_str())
        } else {
            (first.as_str(), key)
        };
        let message = format!(
            "piece letter `{letter}` is both `{first}`'s and `{key}`'s in `[{}]`: Fairy-Stockfish \
             keeps `{kept}` and drops `{dropped}`, wherever the lines stand",
            current.name
        );
        let used: Vec<char> = current.letters.iter().map(|(l, _)| *l).collect();
        let parent_letters = current
            .board
            .as_ref()
            .map(|b| b.letters.clone())
            .unwrap_or_default();
        let free = ('a'..='z').find(|l| !used.contains(l) && !parent_letters.contains(*l));
        let help = match free {
            Some(free) => format!(
                "give `{dropped}` a letter no other piece of `[{}]` has, such as `{free}`",
                current.name
            ),
            None => format!(
                "give `{dropped}` a letter no other piece of `[{}]` has",
                current.name
            ),
        };
        self.scan.errors.push(
            Diagnostic::new(
                span(at, at + 1),
                codes::LETTER_USED_TWICE,
                Severity::Error,
                message,
            )
            .with_help(help),
        );
    }

    /// The letter piece key `key` gave its piece on an earlier line, which a later line replaces.
    pub(super) fn forget_letter(&mut self, key: &str) {
        if let Some(current) = self.section.as_mut() {
            current.letters.retain(|(_, used_by)| used_by != key);
        }
    }

    /// A piece key of the section that takes the letter of another piece of its parents:
    /// `add_piece` removes that piece (variant.h 181–195), and its letters in the start
    /// position become this one. Said as information: it is how variants replace a piece
    /// (`customPiece1 = n:NN`, the nightrider for the knight), and a slip looks the same.
    pub(super) fn inherited_letter(&mut self, letter: char, at: usize, key: &str) {
        let Some(section) = self.section.as_ref() else {
            return;
        };
        let Some(parent) = section.board.as_ref() else {
            return;
        };
        let Some((_, owner)) = u8::try_from(letter)
            .ok()
            .and_then(|l| parent.rules.piece_of(l))
        else {
            return;
        };
        // The king's key sets the king or, with Betza, the royal piece of its own.
        let royal = [
            super::rules::PieceType::KING,
            super::rules::PieceType::CUSTOM_KING,
        ];
        let this = super::rules::PieceType::named(key);
        if this == Some(owner) || (key == "king" && royal.contains(&owner)) {
            return;
        }
        // The section sets the owner's key itself: the clash is said between its two lines.
        let owner_key = owner.key().unwrap_or_default();
        if self.own_section().last_set(&owner_key).is_some() {
            return;
        }
        let owner_name = owner.key().unwrap_or_else(|| "piece".to_owned());
        let finding = Diagnostic::new(
            span(at, at + 1),
            codes::LETTER_USED_TWICE,
            Severity::Info,
            format!(
                "`{letter}` is the letter of `{owner_name}`, a piece `[{}]` inherits: \
                 Fairy-Stockfish drops `{owner_name}`, and the `{letter}` and `{}` of the start \
                 position become this piece",
                section.name,
                letter.to_ascii_uppercase()
            ),
        )
        .with_help(format!(
            "keep `{letter}` if `{key}` is meant to replace `{owner_name}`; else give it a letter \
             no piece of `[{}]` has",
            section.name
        ));
        self.scan.errors.push(finding);
    }

    /// The Betza string of piece key `key`, at `range`, as a region to parse.
    pub(super) fn betza_region(&mut self, range: TextRange, key: &str, letter: Option<char>) {
        if range.is_empty() {
            return;
        }
        self.scan.regions.push(Region {
            range,
            dialect: Dialect::Fairy,
            context: Context::new(RegionContext {
                section: self.section.as_ref().map(|s| Arc::clone(&s.name)),
                piece: letter.map(letter_text),
                name: Some(options::lookup(key).map_or_else(
                    || Cow::Owned(key.to_owned()),
                    |option| Cow::Borrowed(option.key.as_str()),
                )),
                ..RegionContext::default()
            }),
            decoded: None,
        });
    }
}

impl Scanner<'_> {
    /// The lines before the first header, which the engine skips: one finding for all their
    /// keys, at the first (a file without any header defines no variant at all).
    pub(super) fn preamble(&mut self, section: &Section, text: &str) {
        // A comment after a byte-order mark has a `=` in it, not a key the author meant.
        let own = section.with_text(text);
        let keys: Vec<Line> = (own.lines())
            .filter(|line| match &line.kind {
                LineKind::Entry(entry) => !entry
                    .key
                    .trim_start_matches(super::model::BYTE_ORDER_MARK)
                    .trim_start()
                    .starts_with(['#', ';']),
                _ => false,
            })
            .collect();
        let (Some(first), Some(last)) = (keys.first(), keys.last()) else {
            return;
        };
        let first_range = section.range(first.content());
        let count = match keys.len() {
            1 => "the key here".to_owned(),
            n => format!("the {n} keys here"),
        };
        let Some(next) = self.model.sections.get(1) else {
            let error = Diagnostic::new(
                first_range,
                codes::OUTSIDE_SECTION,
                Severity::Error,
                format!(
                    "this file has no section header, so Fairy-Stockfish defines no variant from \
                     it: it skips every line until one starts with `[`, and {count} belong to no \
                     variant"
                ),
            )
            .with_fix(
                "put a header above the first key, such as `[myvariant:chess]` (a new variant \
                 `myvariant` with chess's rules, which the keys change)",
                vec![(
                    span(first_range.start().into(), first_range.start().into()),
                    "[myvariant:chess]\n".to_owned(),
                )],
            );
            self.scan.errors.push(error);
            return;
        };
        let Some(header) = &next.header else {
            return;
        };
        let header_line = header.text();
        let error = Diagnostic::new(
            first_range,
            codes::OUTSIDE_SECTION,
            Severity::Error,
            format!(
                "Fairy-Stockfish skips every line before the first section header, so {count} \
                 (down to `{}`) belong to no variant",
                crate::quote::shortened(text.get(last.content().0..last.content().1).unwrap_or(""))
            ),
        )
        .with_fix(
            format!(
                "move the header `{}` above them",
                crate::quote::shortened(header_line)
            ),
            vec![
                (
                    span(first_range.start().into(), first_range.start().into()),
                    format!("{header_line}\n"),
                ),
                (section_line_span(next, header), String::new()),
            ],
        );
        self.scan.errors.push(error);
    }
}

/// A header as written (and a byte-order mark before it), which a fix that moves it deletes:
/// its line stays, empty, so that the fix depends on the header alone.
fn section_line_span(section: &Section, header: &Header) -> TextRange {
    span(section.start, section.start + header.line().1)
}

/// A piece's `letter` as text: a Latin letter borrowed from a table of them.
fn letter_text(letter: char) -> Cow<'static, str> {
    const LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    match (LETTERS.find(letter)).and_then(|at| LETTERS.get(at..at + letter.len_utf8())) {
        Some(text) => Cow::Borrowed(text),
        None => Cow::Owned(letter.to_string()),
    }
}

/// Where Fairy-Stockfish reads piece key `key` among the piece keys: the standard pieces in its
/// own order, then `customPiece1` to `customPiece25`, then `king`.
fn read_order(key: &str) -> usize {
    if key == "king" {
        return usize::MAX;
    }
    if let Some(number) = key
        .strip_prefix("customPiece")
        .and_then(|n| n.parse::<usize>().ok())
    {
        return 1000 + number;
    }
    options::all()
        .iter()
        .position(|o| o.key == key)
        .unwrap_or(0)
}
