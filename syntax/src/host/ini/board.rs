//! What a section's board is once its parents are applied: its size, its pieces' letters, its
//! start position and the rules that position is checked against (the check itself is
//! `fen.rs`), and the checks of piece letters in options, each as Fairy-Stockfish reads them.

use std::collections::BTreeSet;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use super::letters::LetterSet;
use super::options::{self, ValueKind};
use super::rules::Rules;
use super::values;
use crate::Severity;

/// A variant's board as far as the checks need it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    pub files: u8,
    pub ranks: u8,
    /// Its pieces' letters, lower case.
    pub letters: LetterSet,
    /// Shared with the parent's board unless the section sets its own.
    pub start_fen: Arc<str>,
    /// What else the engine's check of a start position reads: shared with the parent's
    /// board while the section's keys leave it as it was (most sections change no rule, and
    /// a file holds a board for each section).
    pub rules: Arc<Rules>,
    /// A hash of every value the section and its parents in the file set: a child's findings
    /// read its parents' values, so a change of any of them changes the outcome the child is
    /// checked again for, without the board holding the values themselves.
    pub values_hash: u64,
    /// The built-in variant the chain of parents starts from, whose other values are not
    /// recorded; none for a chain that starts from the engine's defaults.
    pub built_in: Option<&'static str>,
}

/// The rules of a section without parent, shared by every board that keeps them.
static DEFAULT_RULES: OnceLock<Arc<Rules>> = OnceLock::new();

/// The start position of a section without parent, shared likewise.
static DEFAULT_START: OnceLock<Arc<str>> = OnceLock::new();

/// What is wrong with a list of piece letters: the severity, the bytes at fault, what to
/// say, and what to write when it is not the variant's letters.
type PieceListProblem = (Severity, Range<usize>, String, Option<&'static str>);

impl Board {
    /// A section without parent: chess's board and start position, and no pieces.
    pub fn without_parent() -> Board {
        Board {
            files: 8,
            ranks: 8,
            letters: LetterSet::new(),
            start_fen: Arc::clone(
                DEFAULT_START.get_or_init(|| {
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()
                }),
            ),
            rules: Arc::clone(DEFAULT_RULES.get_or_init(|| Arc::new(Rules::without_parent()))),
            values_hash: 0,
            built_in: None,
        }
    }

    pub fn built_in(name: &str) -> Option<Board> {
        let b = options::built_in(name)?;
        Some(Board {
            files: b.files,
            ranks: b.ranks,
            letters: b.letters.chars().collect(),
            start_fen: b.start_fen.as_str().into(),
            rules: Rules::built_in_shared(name)?,
            values_hash: 0,
            built_in: Some(b.name.as_str()),
        })
    }

    /// How the engine misreads a list of piece letters (parser.cpp 222–238): it reads letters
    /// of this variant's pieces (whitespace between them skipped), `*` for all, and stops at
    /// anything else, keeping what came before; for a single piece type the last letter read
    /// wins. The severity, the bytes at fault, what to say, and what to write when it is not
    /// the variant's letters.
    pub fn piece_list_problem(&self, kind: ValueKind, value: &str) -> Option<PieceListProblem> {
        let value = value.trim_end();
        if value.starts_with('-') {
            return None;
        }
        let mut read: Vec<char> = Vec::new();
        let mut stop = None;
        for (at, c) in value.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            if c != '*' && !self.letters.contains(c.to_ascii_lowercase()) {
                stop = Some((at, c));
                break;
            }
            read.push(c);
        }
        if let Some(stop) = stop {
            return Some(self.list_stopped(kind, value, &read, stop));
        }
        if kind == ValueKind::PieceType && read.len() > 1 {
            let last = read.last().copied().unwrap_or('*');
            return Some((
                Severity::Error,
                0..value.len(),
                format!(
                    "this option takes one piece: Fairy-Stockfish reads every letter and keeps the \
                     last, `{last}`"
                ),
                None,
            ));
        }
        None
    }

    /// A list of piece letters `value` the engine stops reading at `stop` (its byte and
    /// character), having read the letters `read`.
    fn list_stopped(
        &self,
        kind: ValueKind,
        value: &str,
        read: &[char],
        (at, stop): (usize, char),
    ) -> PieceListProblem {
        let kept = if read.is_empty() {
            "nothing".to_owned()
        } else {
            format!(
                "`{}`",
                crate::quote::shortened(&read.iter().collect::<String>())
            )
        };
        // A comment after the list: the engine keeps the list, as meant, but its own check
        // calls the value invalid.
        if matches!(stop, '#' | ';') && !read.is_empty() {
            return (
                Severity::Warning,
                at..value.len(),
                format!(
                    "there are no comments after a value: Fairy-Stockfish stops at `{stop}` and \
                     keeps {kept}, which seems meant, but its own check reports `{stop}` as an \
                     invalid piece type"
                ),
                Some("put the comment on a line of its own, starting with `#`"),
            );
        }
        let what = if kind == ValueKind::PieceType {
            "the letter"
        } else {
            "the list"
        };
        // Only what names a piece can be lost: `kg` is read as `k`, as it can only mean.
        // Quotes are part of the value: what they hold is never read.
        let quoted = matches!(stop, '"' | '\'');
        let lost: String = value[at..]
            .chars()
            .filter(|c| *c == '*' || self.letters.contains(c.to_ascii_lowercase()))
            .collect();
        if lost.is_empty() || quoted {
            return (
                Severity::Warning,
                at..value.len(),
                format!(
                    "`{stop}` is no piece of this variant{}: Fairy-Stockfish stops reading {what} \
                     there and keeps {kept}, losing no piece, but its own check reports `{stop}` \
                     as an invalid piece type",
                    self.letters_said()
                ),
                None,
            );
        }
        (
            Severity::Error,
            at..value.len(),
            format!(
                "`{stop}` is no piece of this variant{}: Fairy-Stockfish stops reading {what} \
                 there and keeps {kept}, losing `{lost}`",
                self.letters_said()
            ),
            None,
        )
    }

    /// Where a list of pairs (`p:150 n:800`, `q:1`, `s:g`) stops being read. Fairy-Stockfish
    /// reads a piece letter, takes the next character as the separator whatever it is, then a
    /// number (or, for `promotedPieceType`, a letter or `-`), and stops at the first pair it
    /// cannot read, keeping those before. The range is the dropped part, from the value's start.
    pub fn pairs_problem(&self, kind: ValueKind, value: &str) -> Option<(Range<usize>, String)> {
        let mut at = 0;
        let mut kept: Vec<&str> = Vec::new();
        loop {
            at += value[at..].len() - value[at..].trim_start().len();
            let pair_at = at;
            let letter = value[at..].chars().next()?;
            match self.pair_end(kind, value, (pair_at, letter), &kept) {
                Ok(end) => {
                    kept.push(&value[pair_at..end]);
                    at = end;
                }
                Err(message) => return Some((pair_at..value.len(), message)),
            }
        }
    }

    /// Where the pair of `value` at `pair_at`, starting with `letter`, ends; else why the
    /// engine stops reading the list there, having read the pairs `kept`.
    fn pair_end(
        &self,
        kind: ValueKind,
        value: &str,
        (pair_at, letter): (usize, char),
        kept: &[&str],
    ) -> Result<usize, String> {
        if !self.letters.contains(letter.to_ascii_lowercase()) {
            return Err(format!(
                "`{letter}` is no piece of this variant{}: Fairy-Stockfish stops reading the \
                 list there and keeps {}",
                self.letters_said(),
                kept_said(kept)
            ));
        }
        let after_letter = value[pair_at + letter.len_utf8()..].trim_start();
        let Some(separator) = after_letter.chars().next() else {
            return Err(format!(
                "`{letter}` has nothing after it: Fairy-Stockfish drops it and keeps {}",
                kept_said(kept)
            ));
        };
        let rest = &after_letter[separator.len_utf8()..];
        let pair_end = match kind {
            ValueKind::PiecePieces => self.target_end((letter, separator), rest, kept)?,
            _ => number_end(&value[pair_at..], (letter, separator), rest, kept)?,
        };
        Ok(value.len() - rest.len() + pair_end)
    }

    /// Where the piece a pair `letter`, `separator` becomes ends in `rest` (a letter of the
    /// variant, or `-`); else why the engine stops there.
    fn target_end(
        &self,
        (letter, separator): (char, char),
        rest: &str,
        kept: &[&str],
    ) -> Result<usize, String> {
        let target_at = rest.len() - rest.trim_start().len();
        match rest[target_at..].chars().next() {
            Some(target) if target == '-' || self.letters.contains(target.to_ascii_lowercase()) => {
                Ok(target_at + target.len_utf8())
            }
            Some(target) => Err(format!(
                "`{target}` is no piece of this variant{}: Fairy-Stockfish stops reading the \
                 list there and keeps {}",
                self.letters_said(),
                kept_said(kept)
            )),
            None => Err(format!(
                "`{letter}{separator}` says nothing it becomes: Fairy-Stockfish drops it and \
                 keeps {}",
                kept_said(kept)
            )),
        }
    }

    /// What is wrong with a `pieceToCharTable` the section sets, as the engine's own check
    /// sees it: letters of no piece of the variant, and pieces of the start position the
    /// table leaves out. The range is the first letter at fault, from the value's start.
    pub fn table_problem(&self, table: &str) -> Option<(Range<usize>, String)> {
        if table == "-" {
            return None;
        }
        let strangers: Vec<(usize, char)> = table
            .char_indices()
            .filter(|(_, c)| {
                c.is_ascii_alphabetic() && !self.letters.contains(c.to_ascii_lowercase())
            })
            .collect();
        if let Some(&(at, first)) = strangers.first() {
            let listed: Vec<String> = strangers.iter().map(|(_, c)| c.to_string()).collect();
            let (listed, one) = (letters_listed(&listed), strangers.len() == 1);
            return Some((
                at..at + first.len_utf8(),
                format!(
                    "{listed} in the table {} of this variant{}: Fairy-Stockfish's own check \
                     reports {}; the table only tells an XBoard-protocol GUI which image to draw \
                     for each letter",
                    if one { "is no piece" } else { "are no pieces" },
                    self.letters_said(),
                    if one { "it" } else { "them" },
                ),
            ));
        }
        let placement = self.start_fen.split_whitespace().next().unwrap_or("");
        let mut missing: Vec<String> = Vec::new();
        for c in placement.chars() {
            if self.letters.contains(c.to_ascii_lowercase())
                && !table.contains(c)
                && !missing.contains(&c.to_string())
            {
                missing.push(c.to_string());
            }
        }
        (!missing.is_empty()).then(|| {
            let one = missing.len() == 1;
            (
                0..table.len(),
                format!(
                    "the start position has {}, which the table leaves out: an XBoard-protocol \
                     GUI given it has no image for {} (Fairy-Stockfish's own check reports {} \
                     as missing)",
                    letters_listed(&missing),
                    if one { "that piece" } else { "those pieces" },
                    if one { "it" } else { "them" },
                ),
            )
        })
    }

    /// How the engine reads the value of option `key` on this board, as [`values::reading`]
    /// says it, when the board knows it without the file's values: part of the board or of the
    /// rules tracked for a built-in parent, or the engine's default when no built-in is at the
    /// chain's root.
    pub fn reading_of(&self, option: &options::OptionInfo) -> Option<String> {
        // A piece's letter, or `-` when the variant has no such piece.
        if option.kind == ValueKind::Piece || option.key == "king" {
            let piece = super::rules::PieceType::named(&option.key)?;
            return Some(
                self.rules
                    .letter(piece)
                    .map_or("-".to_owned(), |l| char::from(l).to_string()),
            );
        }
        let known = match option.key.as_str() {
            "maxRank" => self.ranks.to_string(),
            "maxFile" => self.files.to_string(),
            "startFen" => self.start_fen.to_string(),
            "castling" => self.rules.castling.to_string(),
            "chess960" => self.rules.chess960.to_string(),
            "doubleStep" => self.rules.double_step.to_string(),
            "pieceDrops" => self.rules.piece_drops.to_string(),
            "seirawanGating" => self.rules.seirawan_gating.to_string(),
            "checkCounting" => self.rules.check_counting.to_string(),
            "castlingDroppedPiece" => self.rules.castling_dropped_piece.to_string(),
            _ if self.built_in.is_none() => values::reading(option.kind, &option.default),
            _ => return None,
        };
        Some(known)
    }

    /// What a start position for this board must be, to say with a rejected one.
    pub fn start_help(&self) -> String {
        format!(
            "write a `startFen` of {} ranks of {} files each, from rank {} down, with pieces \
             of this variant{}, then the side to move (`w`), castling rights (or `-`), the \
             en-passant square (or `-`) and the move counters",
            self.ranks,
            self.files,
            self.ranks,
            self.letters_said()
        )
    }

    pub fn letters_said(&self) -> String {
        pieces_said(self.letters.iter())
    }
}

/// A variant's piece letters for a message, in the same order wherever they are said (a
/// finding and its help): alphabetical, in lower case.
pub(super) fn pieces_said(letters: impl IntoIterator<Item = char>) -> String {
    let letters: BTreeSet<char> = (letters.into_iter())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if letters.is_empty() {
        " (it has none: a section without parent starts with no pieces)".to_owned()
    } else {
        format!(" (its pieces: {})", letters.iter().collect::<String>())
    }
}

/// Letters in backticks: `` `a` ``, `` `a` and `b` ``, `` `a`, `b` and `c` ``.
fn letters_listed(letters: &[String]) -> String {
    let quoted: Vec<String> = letters.iter().map(|l| format!("`{l}`")).collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The pairs the engine read before it stopped, in words.
fn kept_said(kept: &[&str]) -> String {
    match kept {
        [] => "nothing".to_owned(),
        pairs => format!("`{}`", crate::quote::shortened(&pairs.join(" "))),
    }
}

/// Where the number of a pair `letter`, `separator` ends in `rest` (`pair` is the list from
/// the pair on); else why the engine stops there.
fn number_end(
    pair: &str,
    (letter, separator): (char, char),
    rest: &str,
    kept: &[&str],
) -> Result<usize, String> {
    if separator.is_ascii_digit() || matches!(separator, '+' | '-') {
        // With nothing after the digit taken as separator, the number is missing and the pair
        // is dropped.
        let misread = match rest.split_whitespace().next() {
            Some(number) => format!("{letter}:{number}"),
            None => format!("`{letter}` with no number, which it drops"),
        };
        return Err(format!(
            "Fairy-Stockfish takes the character after `{letter}` as the separator whatever it \
             is, so it reads `{}` as `{}`: write `{letter}:` before the number",
            crate::quote::shortened(
                pair.split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ")
                    .as_str()
            ),
            crate::quote::shortened(&misread)
        ));
    }
    let number = rest.trim_start();
    let sign = usize::from(number.starts_with(['+', '-']));
    let digits = number[sign..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(number.len() - sign);
    if digits == 0 || number[..sign + digits].parse::<i32>().is_err() {
        return Err(format!(
            "`{letter}{separator}` has no number after it: Fairy-Stockfish stops reading the list \
             there and keeps {}",
            kept_said(kept)
        ));
    }
    Ok(rest.len() - number.len() + sign + digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_has_its_rules() {
        for variant in options::built_ins() {
            assert!(Board::built_in(&variant.name).is_some(), "{}", variant.name);
        }
    }
}
