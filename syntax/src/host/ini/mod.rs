//! Fairy-Stockfish `variants.ini`: sections `[name]` or `[child:parent]`, `#` and `;` comment
//! lines, `key = value`. Betza is the value after `x:` of `customPiece1` to `customPiece25`, and
//! of `king = k:BETZA`.

use std::collections::{HashMap, HashSet};

use rowan::{TextRange, TextSize};

use super::{
    HostError, HostToken, HostTokens, Region, RegionContext, Rescan, Scan, lines, span, trimmed,
};
use crate::{Dialect, Severity, Source};

mod board;
#[cfg(test)]
mod cases;
mod fen;
mod keys;
pub mod options;
mod rules;
mod sections;

pub(crate) use board::Board as SectionBoard;
use board::Board;
use options::ValueKind;

struct Section {
    name: String,
    /// Each piece letter used so far (lower case), with the key that took it.
    letters: Vec<(char, String)>,
    /// Each key set so far, with its range: the engine keeps the last value of a key.
    keys: Vec<(String, TextRange)>,
    /// The board from the parent (none for a section the engine skips, or one scanned alone).
    board: Option<Board>,
    /// Values the board decides about, checked once the section is read: a key's last value
    /// counts, wherever it stands.
    board_values: Vec<(ValueKind, String, String, TextRange)>,
}

impl Section {
    fn new(name: &str, board: Option<Board>) -> Section {
        Section {
            name: name.to_owned(),
            letters: Vec::new(),
            keys: Vec::new(),
            board,
            board_values: Vec::new(),
        }
    }
}

/// The scanner between lines: what it found so far, the sections defined above and the one it
/// is in.
#[derive(Default)]
struct Scanner {
    scan: Scan,
    /// The boards of the sections the engine registers, by name.
    defined: HashMap<String, Board>,
    /// Every section name of the file, to tell a parent defined further down.
    all_names: HashSet<String>,
    /// The section names read so far, registered or not.
    seen: HashSet<String>,
    /// Sections the engine drops for a board larger than its own.
    dropped: HashSet<String>,
    section: Option<Section>,
}

/// A header line's content (`[name:parent]`): its name and parent, exactly as the engine takes
/// them (split at the first `:`, spaces kept).
pub(crate) fn header_parts(content: &str) -> (&str, Option<&str>) {
    let header = content.strip_prefix('[').unwrap_or(content);
    let name_part = header.split(']').next().unwrap_or(header);
    match name_part.split_once(':') {
        Some((name, parent)) => (name, Some(parent)),
        None => (name_part, None),
    }
}

/// Whether `text` has a section header whose parent is a Fairy-Stockfish built-in variant
/// (`[mini:chess]`): a variants file under another name.
pub(crate) fn inherits_a_built_in(text: &str) -> bool {
    lines(text).any(|(_, line)| {
        is_header(line)
            && header_parts(line)
                .1
                .is_some_and(|p| options::built_in(p).is_some())
    })
}

/// Whether a line (without its break) is a section header: its first character is `[`.
fn is_header(line: &str) -> bool {
    line.starts_with('[')
}

/// The byte-order mark, which hides the header after it from the engine.
const BYTE_ORDER_MARK: char = '\u{feff}';

pub(super) fn scan(text: &str) -> Scan {
    scanned(text).scan
}

/// The board of every section Fairy-Stockfish registers, by name.
pub(crate) fn boards(text: &str) -> HashMap<String, SectionBoard> {
    scanned(text).defined
}

/// The scanner once it has read the whole of `text`.
fn scanned(text: &str) -> Scanner {
    let mut scanner = Scanner {
        all_names: lines(text)
            .filter(|(_, line)| is_header(line))
            .map(|(_, line)| header_parts(line).0.to_owned())
            .collect(),
        ..Scanner::default()
    };
    for (offset, line) in lines(text) {
        match line.strip_prefix(BYTE_ORDER_MARK) {
            // Its header is read as the engine would read it without the mark, so that the
            // section's strings are still analysed.
            Some(rest) => {
                let width = BYTE_ORDER_MARK.len_utf8();
                push(
                    &mut scanner.scan,
                    offset,
                    offset + width + rest.len(),
                    "byte-order-mark",
                    Severity::Error,
                    "the line starts with a byte-order mark: Fairy-Stockfish reads it as part of \
                     the line, so it sees no header here and drops this section"
                        .to_owned(),
                );
                scanner.line(offset + width, rest);
            }
            None => scanner.line(offset, line),
        }
    }
    scanner.finish_section();
    scanner
}

/// A carriage return inside line `line` (at `offset`), at byte `at` of it: an editor ends a
/// line there, Fairy-Stockfish does not (it ends lines at line feeds, dropping one carriage
/// return before them), so what the editor shows as the next lines is part of this one.
fn lone_carriage_return(scan: &mut Scan, offset: usize, line: &str, at: usize) {
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
    push(
        scan,
        offset + at,
        offset + line.len(),
        "line-ending",
        severity,
        message,
    );
}

/// Scans the whole lines `from..to` of `text` as the body of the section `name` (`None`: before
/// the first header), alone; `None` when one of them is a header, which changes the file's
/// structure.
fn scan_body(text: &str, (from, to): (usize, usize), name: Option<&str>) -> Option<Scan> {
    let mut scanner = Scanner {
        section: name.map(|name| Section::new(name, None)),
        ..Scanner::default()
    };
    for (offset, line) in lines(text.get(from..to)?) {
        if is_header(line) {
            return None;
        }
        scanner.line(from + offset, line);
    }
    // A body with keys the board decides about is checked against its parents: the whole file.
    if scanner
        .section
        .as_ref()
        .is_some_and(|section| !section.board_values.is_empty())
        || scanner
            .scan
            .host_tokens
            .iter()
            .any(|(_, t)| *t == HostToken::Key)
    {
        return None;
    }
    Some(scanner.scan)
}

/// A section body is the unit an edit re-scans: what a line means depends on the lines above
/// it only through its section's name and the letters used in the section so far. For an edit
/// of the old bytes `start..end` into `inserted` bytes that touches no header line, the body's
/// old bounds and its scan in `text`, the text after the edit. Only the section is read, from
/// its header to the next one.
pub(super) fn rescan<S: Source + ?Sized>(
    text: &S,
    tokens: &HostTokens,
    (start, end): (usize, usize),
    inserted: usize,
) -> Option<Rescan> {
    let is_section = |(_, token): &(TextRange, HostToken)| *token == HostToken::Section;
    let at = TextSize::new(u32::try_from(start).ok()?);
    let header = tokens.before(at).find(is_section).map(|(r, _)| r);
    let next = tokens.from(at).find(is_section).map(|(r, _)| r);
    let grown = |offset: usize| (offset + inserted).checked_sub(end - start);
    // The next header must come after the edit; the header before it is unchanged.
    let next_at = match next {
        Some(range) if usize::from(range.start()) < end => return None,
        Some(range) => grown(usize::from(range.start()))?,
        None => text.len_bytes(),
    };
    let base = header.map_or(0, |range| usize::from(range.start()));
    // A body that held keys the board decides about is checked against its parents (and its
    // children against it): the whole file.
    let old_end = next.map(|range| range.start());
    if tokens
        .from(TextSize::new(u32::try_from(base).ok()?))
        .take_while(|(range, _)| old_end.is_none_or(|end| range.start() < end))
        .any(|(_, token)| token == HostToken::Key)
    {
        return None;
    }
    let section = text.text_at(base..next_at)?;
    // The body starts after the header's line break and ends where the next header's line
    // starts (a header is a line's first word, so a break lies between the two).
    let from = match header {
        Some(range) => {
            let after = usize::from(range.end()) - base;
            after + section.get(after..)?.find('\n')? + 1
        }
        None => 0,
    };
    let to = match next {
        Some(_) => section.rfind('\n').map_or(0, |i| i + 1),
        None => section.len(),
    };
    if base + from > start || base + to < start + inserted {
        return None;
    }
    let name = match header {
        // The section starts with its header.
        Some(range) => Some(header_parts(section.get(..usize::from(range.len()))?).0),
        None => None,
    };
    let scan = scan_body(&section, (from, to), name)?.shifted(base);
    let (from, to) = (base + from, base + to);
    Some(Rescan {
        old: (from, (to + end - start).checked_sub(inserted)?),
        new: (from, to),
        scan,
    })
}

impl Scanner {
    /// Reads one line, `line` at `offset` (without its break), as the engine does: a comment or
    /// a header starts at the line's first character; anything else with a `=` is a key.
    fn line(&mut self, offset: usize, line: &str) {
        if let Some(carriage_return) = line.find('\r') {
            lone_carriage_return(&mut self.scan, offset, line, carriage_return);
        }
        let (start, content) = trimmed(line, offset);
        if content.is_empty() {
            return;
        }
        let comment = (span(start, start + content.len()), HostToken::Comment);
        if line.starts_with(['#', ';']) {
            self.scan.host_tokens.push(comment);
        } else if is_header(line) {
            self.header(start, content);
        } else if let Some(equals) = line.find('=') {
            if content.starts_with(['#', ';']) {
                self.scan.host_tokens.push(comment);
                self.warn(
                    (start, start + content.len()),
                    "unknown-key",
                    "an indented comment is no comment to Fairy-Stockfish: with its `=` it is \
                     read as a key, which it ignores (start the line with `#`)"
                        .to_owned(),
                );
            } else {
                self.entry(offset, line, equals);
            }
        } else if content.starts_with(['#', ';']) {
            self.scan.host_tokens.push(comment);
        } else if content.starts_with('[') {
            push(
                &mut self.scan,
                start,
                start + content.len(),
                "indented-header",
                Severity::Error,
                "an indented header is no header to Fairy-Stockfish: it ignores the line, and \
                 the keys below stay in the section above (start the line with `[`)"
                    .to_owned(),
            );
        } else {
            self.warn(
                (start, start + content.len()),
                "no-equals",
                "Fairy-Stockfish ignores a line without `=`".to_owned(),
            );
        }
    }

    fn warn(&mut self, (start, end): (usize, usize), code: &'static str, message: String) {
        push(&mut self.scan, start, end, code, Severity::Warning, message);
    }

    /// Fairy-Stockfish numbers custom pieces 1 to 25; `key` at `start` ends in `number`.
    fn custom_piece_number(&mut self, start: usize, key: &str, number: &str) {
        if matches!(number.parse::<u32>(), Ok(1..=25)) {
            return;
        }
        push(
            &mut self.scan,
            start,
            start + key.len(),
            "custom-piece-number",
            Severity::Error,
            format!(
                "`{key}` is not a custom piece: Fairy-Stockfish has customPiece1 to customPiece25"
            ),
        );
    }

    /// Reports a piece `value` at `value_at` that is not a letter, then `:` and Betza; whether
    /// its letter and Betza are still read.
    fn check_piece_value(
        &mut self,
        value_at: usize,
        value: &str,
        letter: Option<char>,
        separated: bool,
        custom: bool,
    ) -> bool {
        let shown = crate::quote::shortened(value);
        let mut malformed = |message: String| {
            push(
                &mut self.scan,
                value_at,
                value_at + value.len(),
                "malformed-piece",
                Severity::Error,
                message,
            );
        };
        match (letter, separated) {
            (Some(letter), _) if !letter.is_ascii_alphabetic() => {
                malformed(format!("`{shown}` does not start with a piece letter"));
                true
            }
            (Some(_), false) if custom || value.chars().count() > 1 => {
                malformed(format!(
                    "`{shown}` should be a piece letter, `:` and the Betza string (as in \
                     `x:mfWcfF`)"
                ));
                false
            }
            _ => true,
        }
    }

    /// Records piece `letter` (at `at`, the value of `key`) as used in the current section,
    /// reporting a second use with the key that took it first: Fairy-Stockfish keeps only one
    /// of the two pieces.
    fn use_letter(&mut self, letter: char, at: usize, key: &str) {
        let Some(current) = self.section.as_mut() else {
            return;
        };
        let lower = letter.to_ascii_lowercase();
        let Some((_, first)) = current.letters.iter().find(|(used, _)| *used == lower) else {
            current.letters.push((lower, key.to_owned()));
            return;
        };
        // The same key set twice is one piece, its last value (said as `duplicate-key`).
        if first == key {
            return;
        }
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
        push(
            &mut self.scan,
            at,
            at + 1,
            "letter-used-twice",
            Severity::Error,
            message,
        );
    }

    /// The Betza string of piece key `key`, at `range`, as a region to parse.
    fn betza_region(&mut self, range: TextRange, key: &str, letter: Option<char>) {
        if range.is_empty() {
            return;
        }
        self.scan.regions.push(Region {
            range,
            dialect: Dialect::Fairy,
            context: Box::new(RegionContext {
                section: self.section.as_ref().map(|s| s.name.clone()),
                piece: letter.map(String::from),
                name: Some(key.to_owned()),
            }),
            decoded: None,
        });
    }
}

fn push(
    scan: &mut Scan,
    start: usize,
    end: usize,
    code: &'static str,
    severity: Severity,
    message: String,
) {
    scan.errors.push(HostError {
        range: span(start, end),
        code,
        severity,
        message,
    });
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
