//! `key = value` lines as Fairy-Stockfish reads them: the key exact but for trailing spaces,
//! known to the engine, set once, with a value it reads as written.

use rowan::TextRange;

use super::options::{self, ValueKind};
use super::{Entry, Line, Scanner, Section, push, rules};
use crate::Severity;
use crate::host::{HostToken, span};

impl Scanner<'_> {
    /// A `key = value` line of `section`, as the model read it.
    pub(super) fn entry(&mut self, section: &Section, line: &Line, entry: &Entry) {
        let offset = section.start + line.at;
        let key = entry.key.as_str();
        let raw_value = entry.value.as_str();
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
            let message = unknown_key_message(key, shown_key);
            self.warn(key_range, "unknown-key", message);
            return;
        };
        if raw_value.is_empty() {
            self.warn(
                key_range,
                "empty-value",
                format!(
                    "`{key}` has no value: Fairy-Stockfish stores nothing, and the value from the \
                     parent (or the default) stays"
                ),
            );
            return;
        }
        self.repeated_key(key, span(key_range.0, key_range.1));
        if let Some(instead) = &option.deprecated_for {
            push(
                &mut self.scan,
                key_range.0,
                key_range.1,
                "deprecated-key",
                Severity::Hint,
                format!("`{key}` still works but is deprecated: use {instead}"),
            );
        }
        let value_range = span(value_at, value_at + raw_value.len());
        if let Some((severity, message)) = options::misreading(key, option.kind, raw_value) {
            push(
                &mut self.scan,
                value_at,
                value_at + raw_value.len(),
                "wrong-value",
                severity,
                message,
            );
        }
        let decides_board = matches!(key, "maxRank" | "maxFile" | "startFen" | "pieceToCharTable")
            || rules::reads(key)
            || matches!(
                option.kind,
                ValueKind::PieceSet
                    | ValueKind::PieceType
                    | ValueKind::PieceValues
                    | ValueKind::PieceCounts
                    | ValueKind::PiecePieces
                    | ValueKind::Piece
                    | ValueKind::PieceWithBetza
            );
        if decides_board {
            self.scan
                .host_tokens
                .push((span(key_range.0, key_range.1), HostToken::Key));
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
            let value = raw_value.trim_end();
            self.piece_entry(key, value_at, value, option.kind);
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
            Some(earlier) => push(
                &mut self.scan,
                earlier.start().into(),
                earlier.end().into(),
                "duplicate-key",
                Severity::Warning,
                format!(
                    "`{key}` is set again further down in `[{}]`: Fairy-Stockfish keeps only the \
                     last value",
                    section.name
                ),
            ),
            None => section.keys.push((key.to_owned(), range)),
        }
    }

    /// A piece key (`knight = n`, `customPiece1 = a:WF`, `king = k:WF`) with its value at
    /// `value_at`: a letter, then for a custom piece `:` and its Betza.
    pub(super) fn piece_entry(&mut self, key: &str, value_at: usize, value: &str, kind: ValueKind) {
        if value == "-" {
            return;
        }
        let custom = key.starts_with("customPiece");
        let mut letters = value.chars();
        let letter = letters.next();
        let separated = letters.next() == Some(':') && kind == ValueKind::PieceWithBetza;
        if !self.check_piece_value(value_at, value, letter, separated, custom) {
            return;
        }
        if let Some(letter) = letter {
            self.use_letter(letter, value_at, key);
        }
        if separated {
            let betza_at = value_at + value.find(':').map_or(value.len(), |i| i + 1);
            let betza = span(betza_at, value_at + value.len());
            self.betza_region(betza, key, letter);
        }
    }
}

/// Why the engine ignores `key` (as written, `shown` without its indentation).
fn unknown_key_message(key: &str, shown: &str) -> String {
    let shown = crate::quote::shortened(shown);
    if key != key.trim() && options::lookup(key.trim()).is_some() {
        return format!(
            "Fairy-Stockfish reads the spaces or tabs around `{}` as part of the key, knows no \
             such option and ignores the line",
            key.trim()
        );
    }
    match options::nearest(key) {
        Some(near) => format!(
            "Fairy-Stockfish knows no option `{shown}` and ignores it (did you mean `{near}`?)"
        ),
        None => format!("Fairy-Stockfish knows no option `{shown}` and ignores it"),
    }
}
