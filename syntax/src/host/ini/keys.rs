//! `key = value` lines as Fairy-Stockfish reads them: the key exact but for trailing spaces,
//! known to the engine, set once, with a value it reads as written.

use crate::diagnostic::{Diagnostic, codes};
use rowan::TextRange;

use super::options::{self, OptionInfo, ValueKind};
use super::scanner::Scanner;
use super::values;
use super::{Entry, Line, Section, rules};
use crate::Severity;
use crate::host::{HostToken, span};

impl Scanner<'_> {
    /// A `key = value` line of `section`, as the model read it.
    pub(super) fn entry(&mut self, section: &Section, line: &Line, entry: &Entry) {
        let offset = section.start + line.at();
        let key = entry.key;
        let raw_value = entry.value;
        let value_at = section.start + entry.value_at;
        let key_range = (
            section.start + entry.key_range.0,
            section.start + entry.key_range.1,
        );
        let shown_key = crate::host::trimmed(key, 0).1;
        if self.section.is_none() {
            // Said once for the whole preamble (`preamble`).
            return;
        }
        // The options table holds exactly the custom pieces the engine reads.
        if key.starts_with("customPiece") && entry.option.is_none() {
            self.custom_piece_number(offset, key);
            return;
        }
        let Some(option) = entry.option else {
            self.unknown_key(key, shown_key, raw_value, key_range);
            return;
        };
        let key_range = span(key_range.0, key_range.1);
        if raw_value.is_empty() {
            self.scan.errors.push(empty_value(key, option, key_range));
            return;
        }
        self.repeated_key(key, key_range);
        if let Some(section) = self.section.as_mut() {
            section
                .settings
                .push((key.to_owned(), raw_value.to_owned()));
        }
        self.scan.errors.extend(deprecated(key, option, key_range));
        let value_range = span(value_at, value_at + raw_value.len());
        self.scan
            .errors
            .extend(misread_value(key, option, raw_value, value_range));
        self.scan
            .errors
            .extend(whitespace_kept(key, option, raw_value, value_range));
        if decides_board(key, option.kind) {
            self.scan.host_tokens.push((key_range, HostToken::Key));
            if let Some(section) = self.section.as_mut() {
                section.board_values.push((
                    option.kind,
                    key.to_owned(),
                    raw_value.to_owned(),
                    value_range,
                ));
            }
        }
        if matches!(option.kind, ValueKind::Piece | ValueKind::PieceWithBetza) {
            self.piece_entry(key, value_at, raw_value, option.kind);
        }
    }

    /// The value of a key set before in the section is dropped: said at the earlier one.
    pub(super) fn repeated_key(&mut self, key: &str, range: TextRange) {
        let Some(section) = self.section.as_mut() else {
            return;
        };
        let earlier = section
            .keys
            .iter_mut()
            .find(|(k, _)| k == key)
            .map(|(_, r)| std::mem::replace(r, range));
        match earlier {
            // Said at the line that wins, which an edit adding a line most often adds.
            Some(earlier) => {
                let finding = Diagnostic::new(
                    range,
                    codes::DUPLICATE_KEY,
                    Severity::Warning,
                    format!(
                        "`{key}` is set above too, in `[{}]`: Fairy-Stockfish keeps only this \
                         last value and ignores the one above",
                        section.name
                    ),
                )
                .with_fix(
                    "comment out the line above, which the engine ignores",
                    vec![(earlier, format!("# {key}"))],
                );
                self.scan.errors.push(finding);
            }
            None => section.keys.push((key.to_owned(), range)),
        }
    }

    /// A key the engine does not know, with its value, at `range`: it ignores the line. An
    /// error when the key meant is plain and the value would change the section; a warning
    /// when the section has that value anyway, sets the key meant too, or is skipped.
    fn unknown_key(&mut self, key: &str, shown: &str, value: &str, range: (usize, usize)) {
        let spaced = key != key.trim() && options::lookup(key.trim()).is_some();
        let near = if spaced {
            Some(key.trim())
        } else {
            options::nearest(key)
        };
        let shown = crate::quote::shortened(shown);
        let meant = near.and_then(options::lookup);
        let board = self.section.as_ref().and_then(|s| s.board.as_ref());
        let set_too = meant.is_some_and(|o| self.own_section().last_set(&o.key).is_some());
        let has_anyway = match (meant, board) {
            (Some(option), Some(board)) => {
                self.inherited_reading(option, board) == Some(values::reading(option.kind, value))
            }
            _ => false,
        };
        let changes = meant.is_some() && board.is_some() && !set_too && !has_anyway;
        let consequence = if changes {
            ", so the section does not get this value"
        } else if has_anyway {
            "; the section has this value anyway"
        } else {
            ""
        };
        let message = match near {
            _ if spaced => format!(
                "Fairy-Stockfish reads the spaces or tabs around `{}` as part of the key, knows \
                 no such option and ignores the line{consequence}",
                key.trim()
            ),
            Some(near) => format!(
                "Fairy-Stockfish knows no option `{shown}` and ignores it (did you mean \
                 `{near}`?){consequence}"
            ),
            None => format!("Fairy-Stockfish knows no option `{shown}` and ignores it"),
        };
        let severity = if changes {
            Severity::Error
        } else {
            Severity::Warning
        };
        let mut finding = Diagnostic::new(
            span(range.0, range.1),
            codes::UNKNOWN_KEY,
            severity,
            message,
        );
        finding = match near {
            // An indented key is mended by removing what stands before it on the line.
            // The key as the engine reads it runs from the line's start to the spaces before
            // `=`: the fix writes over all of it, tabs included.
            Some(near) if spaced => {
                let line_start = range.0 - (key.len() - key.trim_start().len());
                finding.with_fix(
                    format!("write `{near}` at the start of the line"),
                    vec![(span(line_start, line_start + key.len()), near.to_owned())],
                )
            }
            // A key the section sets already would only be set twice.
            Some(near) if set_too => finding.with_help(format!(
                "`{near}` is set in this section already: delete this line, or merge its value \
                 there"
            )),
            Some(near) => finding.with_fix(
                format!("write `{near}`"),
                vec![(span(range.0, range.1), near.to_owned())],
            ),
            None => finding.with_help(
                "check the key's spelling and case against Fairy-Stockfish's options (keys are \
                 case-sensitive)",
            ),
        };
        self.scan.errors.push(finding);
    }

    /// Whitespace inside or after a piece's Betza string (`betza`, at `at`, as the engine
    /// keeps it): the engine skips it in the moves but stores it and sends it as written to
    /// XBoard-protocol GUIs (piece.cpp 55–180; parser.cpp 273). A comment is said by the
    /// `fairy-inline-comment` lint.
    fn betza_whitespace(&mut self, key: &str, betza: &str, at: usize) {
        if betza.contains(['#', ';']) {
            return;
        }
        let inside = betza.trim().contains(char::is_whitespace);
        let after = betza.len() - betza.trim_end().len();
        if !inside && after == 0 {
            return;
        }
        let written: String = betza.split_whitespace().collect();
        let start = at + (betza.len() - betza.trim_start().len());
        // Inside, it changes the string GUIs draw; after it, only what they are sent.
        let severity = if inside {
            Severity::Warning
        } else {
            Severity::Hint
        };
        let finding = Diagnostic::new(
            span(start, at + betza.len()),
            codes::MALFORMED_PIECE,
            severity,
            format!(
                "`{key}`'s Betza string holds whitespace: Fairy-Stockfish skips it in the moves, \
                 but keeps `{}` as the piece's string and sends it so to XBoard-protocol GUIs",
                crate::quote::shortened(betza)
            ),
        )
        .with_fix(
            format!("write `{}`", crate::quote::shortened(&written)),
            vec![(span(at, at + betza.len()), written)],
        );
        self.scan.errors.push(finding);
    }

    /// How the engine reads `option` in the section before its own lines: the last value a
    /// parent in the file sets, else what the parent's `board` knows.
    fn inherited_reading(
        &self,
        option: &options::OptionInfo,
        board: &super::Board,
    ) -> Option<String> {
        if let Some(super::Parent::Section(above)) = self.model.parent_of(self.index)
            && let Some((_, value)) = self.model.set_in_chain(self.file, above, &option.key)
        {
            return Some(values::reading(option.kind, &value));
        }
        let reading = board.reading_of(option)?;
        // A piece whose letter another piece key of the section takes is removed anyway
        // (variant.h 181–195).
        let is_piece = option.kind == ValueKind::Piece || option.key == "king";
        let taken = is_piece
            && (self.own_section().entries()).any(|entry| {
                entry.key != option.key
                    && entry.option.is_some_and(|o| {
                        matches!(o.kind, ValueKind::Piece | ValueKind::PieceWithBetza)
                    })
                    && entry.value.get(..1) == Some(reading.as_str())
            });
        Some(if taken { "-".to_owned() } else { reading })
    }

    /// A piece key (`knight = n`, `customPiece1 = a:WF`, `king = k:WF`) whose value, as the
    /// engine keeps it (trailing whitespace included), stands at `value_at` (parser.cpp
    /// 252–298): its first character is the letter (any other character removes the piece),
    /// and for a custom piece or the king everything from the third character on is Betza.
    pub(super) fn piece_entry(&mut self, key: &str, value_at: usize, raw: &str, kind: ValueKind) {
        let Some(letter) = raw.chars().next() else {
            return;
        };
        let piece = PieceValue {
            key,
            value_at,
            raw,
            letter,
        };
        if !letter.is_ascii_alphabetic() {
            // Any other first character removes the piece: a letter an earlier line of the
            // same key gave it is no longer its.
            self.forget_letter(key);
            if letter == '-' && raw.trim_end().len() > 1 {
                self.scan.errors.push(piece.removed_with_more());
            } else if letter != '-' {
                self.scan.errors.push(piece.no_letter(kind));
            }
            return;
        }
        self.use_letter(letter, value_at, key);
        if kind == ValueKind::Piece {
            // Only the first character counts for a standard piece.
            self.scan.errors.extend(piece.standard_with_more());
            return;
        }
        let rest = &raw[letter.len_utf8()..];
        // The king alone is the standard king; one more character makes it a royal piece of
        // its own, whose moves are the Betza from the third character on.
        if key == "king" && rest.is_empty() {
            return;
        }
        let mut rest_chars = rest.chars();
        let separator = rest_chars.next();
        let betza = rest_chars.as_str();
        if separator != Some(':') {
            self.scan.errors.push(piece.no_colon(separator, betza));
            if separator.is_none() {
                return;
            }
        } else if betza.trim().is_empty() {
            self.scan.errors.push(piece.empty_betza());
            return;
        }
        let betza_at = piece.after_letter() + separator.map_or(0, char::len_utf8);
        let betza_len = betza.trim_end().len();
        self.betza_whitespace(key, betza, betza_at);
        self.betza_region(span(betza_at, betza_at + betza_len), key, Some(letter));
    }
}

/// A key with no value: the engine stores nothing, and the value before stays.
fn empty_value(key: &str, option: &OptionInfo, range: TextRange) -> Diagnostic {
    Diagnostic::new(
        range,
        codes::EMPTY_VALUE,
        Severity::Warning,
        format!(
            "`{key}` has no value: Fairy-Stockfish stores nothing, and the value from the parent \
             (or the default, `{}`) stays",
            crate::quote::shortened(&option.default)
        ),
    )
    .with_help(format!(
        "write the value after `=` ({}), or delete the line",
        crate::quote::shortened(&option.default)
    ))
}

/// A key that still works but is deprecated, at `range`.
fn deprecated(key: &str, option: &OptionInfo, range: TextRange) -> Option<Diagnostic> {
    let instead = option.deprecated_for.as_ref()?;
    let new_key = instead
        .split_whitespace()
        .next()
        .unwrap_or(instead)
        .trim_matches('`');
    let finding = Diagnostic::new(
        range,
        codes::DEPRECATED_KEY,
        Severity::Hint,
        format!("`{key}` still works but is deprecated: use {instead}"),
    );
    // Only a key renamed with the same kind of value is a fix of one edit.
    Some(match options::lookup(new_key) {
        Some(new) if new.kind == option.kind => finding.with_fix(
            format!("rename `{key}` to `{new_key}`"),
            vec![(range, new_key.to_owned())],
        ),
        _ => finding.with_help(format!("write {instead} instead of `{key}`")),
    })
}

/// A value (at `value_range`) the engine reads otherwise than written.
fn misread_value(
    key: &str,
    option: &OptionInfo,
    raw_value: &str,
    value_range: TextRange,
) -> Option<Diagnostic> {
    let misread = values::misreading(key, option.kind, raw_value)?;
    let value_at = usize::from(value_range.start());
    let range = span(value_at + misread.range.start, value_at + misread.range.end);
    let mut finding = Diagnostic::new(range, codes::WRONG_VALUE, misread.severity, misread.message)
        .with_help(misread.help.clone());
    if let Some(instead) = misread.instead {
        finding = finding.with_fix(
            format!("write `{}`", crate::quote::shortened(&instead)),
            vec![(value_range, instead)],
        );
        finding.help = Some(misread.help);
    }
    Some(finding)
}

/// Whitespace after a table or a template, which is stored and sent to GUIs as written (a
/// start position's is said with its other fields).
fn whitespace_kept(
    key: &str,
    option: &OptionInfo,
    raw_value: &str,
    value_range: TextRange,
) -> Option<Diagnostic> {
    if option.kind != ValueKind::Text || key == "startFen" || raw_value == raw_value.trim_end() {
        return None;
    }
    let value_at = usize::from(value_range.start());
    let kept = span(
        value_at + raw_value.trim_end().len(),
        usize::from(value_range.end()),
    );
    Some(
        Diagnostic::new(
            kept,
            codes::WRONG_VALUE,
            Severity::Warning,
            format!(
                "the whitespace after `{key}`'s value is part of it: Fairy-Stockfish keeps it and \
                 sends it so to XBoard-protocol GUIs"
            ),
        )
        .with_fix("remove the whitespace", vec![(kept, String::new())]),
    )
}

/// Whether a key's value is checked against the section's board once it is read.
fn decides_board(key: &str, kind: ValueKind) -> bool {
    matches!(key, "maxRank" | "maxFile" | "startFen" | "pieceToCharTable")
        || rules::reads(key)
        || matches!(
            kind,
            ValueKind::PieceSet
                | ValueKind::PieceType
                | ValueKind::PieceValues
                | ValueKind::PieceCounts
                | ValueKind::PiecePieces
                | ValueKind::Piece
                | ValueKind::PieceWithBetza
        )
}

/// The value of a piece key as the engine keeps it, at byte `value_at`, and its first
/// character.
struct PieceValue<'v> {
    key: &'v str,
    value_at: usize,
    raw: &'v str,
    letter: char,
}

impl PieceValue<'_> {
    fn after_letter(&self) -> usize {
        self.value_at + self.letter.len_utf8()
    }

    fn king(&self) -> bool {
        self.key == "king"
    }

    /// `-` and more (parser.cpp 262–298): `-` removes the piece; for the king, anything after
    /// it still makes the king type a royal piece of its own.
    fn removed_with_more(&self) -> Diagnostic {
        let tail = self.raw[1..].trim();
        let range = span(self.value_at + 1, self.value_at + self.raw.len());
        let message = if self.king() {
            format!(
                "`-` removes the king, but what follows it, `{}`, makes Fairy-Stockfish take a \
                 royal piece of its own with those moves as the king type",
                crate::quote::shortened(tail)
            )
        } else {
            format!(
                "`-` removes the piece: Fairy-Stockfish ignores `{}`",
                crate::quote::shortened(tail)
            )
        };
        Diagnostic::new(range, codes::MALFORMED_PIECE, Severity::Warning, message).with_fix(
            format!("remove `{}`", crate::quote::shortened(tail)),
            vec![(range, String::new())],
        )
    }

    /// A value that starts with no letter, which removes the piece.
    fn no_letter(&self, kind: ValueKind) -> Diagnostic {
        let trimmed = self.raw.trim_end();
        Diagnostic::new(
            span(self.value_at, self.value_at + trimmed.len()),
            codes::MALFORMED_PIECE,
            Severity::Error,
            format!(
                "`{}` does not start with a piece letter: Fairy-Stockfish removes the piece",
                crate::quote::shortened(trimmed)
            ),
        )
        .with_help(match kind {
            ValueKind::Piece => "write the piece's letter, or `-` to remove it",
            _ => "write the piece's letter, `:` and its Betza string (as in `x:mfWcfF`)",
        })
    }

    /// More than the letter for a piece whose moves the engine knows, which it ignores.
    fn standard_with_more(&self) -> Option<Diagnostic> {
        let after_letter = self.after_letter();
        let tail = self.raw[self.letter.len_utf8()..].trim_end();
        if tail.is_empty() {
            return None;
        }
        let range = span(after_letter, after_letter + tail.len());
        let message = format!(
            "`{}` is a piece Fairy-Stockfish already knows the moves of: it reads only the \
             letter `{}` and ignores `{}`",
            self.key,
            self.letter,
            crate::quote::shortened(tail)
        );
        let finding = Diagnostic::new(range, codes::MALFORMED_PIECE, Severity::Warning, message);
        Some(finding.with_fix(
            format!("remove `{}`", crate::quote::shortened(tail)),
            vec![(range, String::new())],
        ))
    }

    /// A character other than `:` after the letter (`separator`, or none), which the engine
    /// drops whatever it is; `betza` is what follows it.
    fn no_colon(&self, separator: Option<char>, betza: &str) -> Diagnostic {
        let (letter, king) = (self.letter, self.king());
        let trimmed = self.raw.trim_end();
        let rest = &self.raw[letter.len_utf8()..];
        let after_letter = self.after_letter();
        let shown = crate::quote::shortened(trimmed);
        let (message, fix) = match separator {
            None => (
                format!(
                    "`{shown}` has no `:` and no Betza string: Fairy-Stockfish gives the piece no \
                     moves at all"
                ),
                None,
            ),
            Some(c) if c.is_whitespace() && betza.trim().is_empty() && king => (
                format!(
                    "the whitespace after `{letter}` makes this a royal piece of its own with no \
                     moves: Fairy-Stockfish reads the standard king only from `{letter}` alone"
                ),
                Some("remove the whitespace after the letter".to_owned()),
            ),
            Some(_) => (
                format!(
                    "Fairy-Stockfish drops the character after the letter whatever it is, so \
                     `{shown}` moves as `{}`",
                    crate::quote::shortened(betza.trim_end())
                ),
                Some(format!(
                    "write `{letter}:{}`",
                    crate::quote::shortened(rest.trim_end())
                )),
            ),
        };
        let range = span(self.value_at, self.value_at + trimmed.len().max(1));
        let finding = Diagnostic::new(range, codes::MALFORMED_PIECE, Severity::Error, message);
        match fix {
            Some(title) if king && betza.trim().is_empty() => finding.with_fix(
                title,
                vec![(
                    span(after_letter, self.value_at + self.raw.len()),
                    String::new(),
                )],
            ),
            // A `:` further on is the separator misplaced, not one missing.
            Some(title) if !rest.contains(':') => finding.with_fix(
                title,
                vec![(span(after_letter, after_letter), ":".to_owned())],
            ),
            Some(_) => finding.with_help(format!(
                "write the letter, then `:` right after it, then the Betza string (as in \
                 `{letter}:mfWcfF`)"
            )),
            None => finding.with_help(format!(
                "write `{letter}:` and the piece's Betza string (as in `{letter}:mfWcfF`)"
            )),
        }
    }

    /// A `:` with no Betza string after it: no moves at all.
    fn empty_betza(&self) -> Diagnostic {
        let trimmed = self.raw.trim_end();
        let finding = Diagnostic::new(
            span(self.value_at, self.value_at + trimmed.len()),
            codes::MALFORMED_PIECE,
            Severity::Error,
            format!(
                "`{}` has an empty Betza string: Fairy-Stockfish gives {} no moves at all",
                crate::quote::shortened(trimmed),
                if self.king() { "the king" } else { "the piece" }
            ),
        );
        if self.king() {
            let edits = vec![(
                span(self.after_letter(), self.value_at + self.raw.len()),
                String::new(),
            )];
            finding.with_fix("remove the `:`, for the standard king", edits)
        } else {
            finding.with_help("write the piece's Betza string after `:` (as in `a:mfWcfF`)")
        }
    }
}

#[cfg(test)]
mod tests;
