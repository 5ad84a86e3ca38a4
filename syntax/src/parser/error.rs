//! Syntax errors as data: what is wrong, where (exact bytes) and how a person should read it.

use std::fmt;

use rowan::TextRange;

use crate::diagnostic::{Code, Diagnostic, Fix, codes};
use crate::{Dialect, Severity};

/// What a problem a parser reports is: its code, and its message on the text it points at.
/// The shared Betza grammar's problems are [`Problem`]; each notation with a grammar of its own
/// (MBN, chained Betza) or a rule of its own (Fairy-Stockfish's one-digit ranges) defines its
/// problems beside that grammar, so the parser names no notation.
pub trait SyntaxProblem {
    /// The stable code shown in diagnostics and the CLI's JSON output.
    fn code(&self) -> Code;

    /// The message for this problem found on `text`, the source it points at, already
    /// shortened for a message ([`crate::quote::shortened`]).
    fn message(&self, text: &str, dialect: Dialect) -> String;

    /// What to write instead, said on the user's letters: `found` (shortened as for the
    /// message) `at` its range of the whole parsed text. Guidance, never a claim about moves;
    /// a notation's grammar may say it in its own terms (`Grammar::parse`).
    fn help(&self, found: &str, at: (&str, TextRange), dialect: Dialect) -> Option<String>;
}

/// What the Betza grammar that XBetza and Fairy-Stockfish's reading share found wrong. The
/// parser emits these with a token span; [`SyntaxError`] adds the byte range and the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Problem {
    /// `w`: the one lower-case letter with no meaning.
    UnknownModifier,
    /// E, M, P, V: capitals that are no atom.
    UnknownAtom,
    UnknownCharacter,
    /// Punctuation other than `(`, `)` and `*`.
    StrayPunctuation,
    /// Modifiers (or `a`) with no atom after them.
    MissingAtom {
        ends_with_again: bool,
        at_end: bool,
        before_space: bool,
    },
    /// Digits with no atom before them.
    StrayNumber,
    /// `*` with no atom before it.
    StrayStar,
    /// X or Y with no atom before it.
    StrayExtension,
    UnclosedParen,
    UnmatchedParen,
    EmptyGroup,
    NestedParen,
    DuplicateRange,
    DuplicateExtension,
    /// X or Y after an atom that is not a single leaper.
    ExtensionOnNonLeaper,
    /// More than two digits (XBetza's digit rule).
    RangeTooLong,
    /// `O0`, `O*`.
    CastlingBadStep,
    /// A range on U or I.
    RangeWithoutEffect,
    /// A range after a doubled atom (`NN2`).
    RangeOnDoubledAtom,
}

impl SyntaxProblem for Problem {
    fn code(&self) -> Code {
        match self {
            Problem::UnknownModifier => codes::UNKNOWN_MODIFIER,
            Problem::UnknownAtom => codes::UNKNOWN_ATOM,
            Problem::UnknownCharacter => codes::UNKNOWN_CHARACTER,
            Problem::StrayPunctuation => codes::STRAY_PUNCTUATION,
            Problem::MissingAtom { .. } => codes::MISSING_ATOM,
            Problem::StrayNumber => codes::STRAY_NUMBER,
            Problem::StrayStar => codes::STRAY_STAR,
            Problem::StrayExtension => codes::STRAY_EXTENSION,
            Problem::UnclosedParen => codes::UNCLOSED_PAREN,
            Problem::UnmatchedParen => codes::UNMATCHED_PAREN,
            Problem::EmptyGroup => codes::EMPTY_GROUP,
            Problem::NestedParen => codes::NESTED_PAREN,
            Problem::DuplicateRange => codes::DUPLICATE_RANGE,
            Problem::DuplicateExtension => codes::DUPLICATE_EXTENSION,
            Problem::ExtensionOnNonLeaper => codes::EXTENSION_ON_NON_LEAPER,
            Problem::RangeTooLong => codes::RANGE_TOO_LONG,
            Problem::CastlingBadStep => codes::CASTLING_BAD_STEP,
            Problem::RangeWithoutEffect => codes::RANGE_WITHOUT_EFFECT,
            Problem::RangeOnDoubledAtom => codes::RANGE_ON_DOUBLED_ATOM,
        }
    }

    fn help(&self, found: &str, at: (&str, TextRange), _: Dialect) -> Option<String> {
        Some(self.help_text(found, at))
    }

    fn message(&self, text: &str, dialect: Dialect) -> String {
        // A table read whole: one arm per kind, so the compiler checks each has a message.
        match *self {
            Problem::UnknownModifier => format!("`{text}` is not a modifier"),
            Problem::UnknownAtom => format!("`{text}` is not an atom"),
            Problem::UnknownCharacter => {
                format!("`{}` is not part of Betza notation", text.escape_debug())
            }
            Problem::StrayPunctuation => {
                format!("`{text}` is not part of {} notation", dialect.title())
            }
            Problem::MissingAtom {
                ends_with_again,
                at_end,
                before_space,
            } => missing_atom_message(text, ends_with_again, at_end, before_space),
            Problem::StrayNumber => {
                format!(
                    "number `{text}` has no atom before it (a range follows its atom, as in `W4`)"
                )
            }
            Problem::StrayStar => "`*` has no atom before it (it is a range, as in `fW*`)".into(),
            Problem::StrayExtension => format!(
                "`{text}` extends the leaper before it, but there is none (as in `FX`, the Giraffe)"
            ),
            Problem::UnclosedParen => "unclosed `(`".into(),
            Problem::UnmatchedParen => "`)` has no matching `(`".into(),
            Problem::EmptyGroup => "empty parentheses repeat nothing".into(),
            Problem::NestedParen => "parentheses cannot be nested".into(),
            Problem::DuplicateRange => format!("second range `{text}`: an atom takes one range"),
            Problem::DuplicateExtension => {
                format!("second extension `{text}`: an atom takes one X or Y suffix")
            }
            Problem::ExtensionOnNonLeaper => {
                format!("`{text}` extends single leapers only (W F D N A H C Z G L J), as in `FX`")
            }
            Problem::RangeTooLong => {
                format!("number `{text}` has more than two digits; no board is that large")
            }
            Problem::CastlingBadStep => {
                format!("castling `O` needs a king step of 1 or more, not `{text}`")
            }
            Problem::RangeWithoutEffect => {
                format!("range `{text}` has no effect here: this atom has no step to repeat")
            }
            Problem::RangeOnDoubledAtom => format!(
                "range `{text}` contradicts the doubled atom, which already rides without limit"
            ),
        }
    }
}

/// Modifiers (`text`) with no atom after them, said by what they are and where they stop:
/// `at_end` of the text or `before_space`; `ends_with_again` when the last is `a`.
fn missing_atom_message(
    text: &str,
    ends_with_again: bool,
    at_end: bool,
    before_space: bool,
) -> String {
    let place = if at_end {
        " at the end"
    } else if before_space {
        " before the whitespace"
    } else {
        ""
    };
    if ends_with_again {
        format!("`{text}`{place} has no atom: its last `a` starts a leg that never comes")
    } else if !text.chars().all(|c| c.is_ascii_lowercase()) {
        format!("`{text}`{place} has no atom")
    } else if text.len() == 1 {
        format!("modifier `{text}`{place} has no atom")
    } else {
        format!("modifiers `{text}`{place} have no atom")
    }
}

impl Problem {
    /// What to write instead of the problem's letters `found` at `range` of `text`.
    fn help_text(&self, found: &str, (text, range): (&str, TextRange)) -> String {
        let before = &text[..usize::from(range.start())];
        let atom_before = before.chars().next_back().filter(char::is_ascii_uppercase);
        match *self {
            Problem::UnknownModifier => format!(
                "remove `{found}`, or write the modifier you meant in its place (a direction \
                 f b l r v s, a mode m c)"
            ),
            Problem::UnknownAtom => format!(
                "write an atom in place of `{found}` (W F D N A H C Z G, or K R B Q), or remove it"
            ),
            Problem::UnknownCharacter => format!("remove `{}`", found.escape_debug()),
            Problem::StrayPunctuation if found == "-" => {
                "remove `-`: the moves of a piece are written one after another, and the legs of \
                 one move joined by `a` (`mafW`)"
                    .into()
            }
            Problem::StrayPunctuation => format!("remove `{found}`"),
            Problem::MissingAtom { .. } => {
                format!("write an atom after `{found}` (as `{found}W`), or remove `{found}`")
            }
            Problem::StrayNumber => format!(
                "write `{found}` right after the atom it limits (as `W{found}`), or remove it"
            ),
            Problem::StrayStar => {
                "write `*` right after the atom it is the range of (as `fW*`), or remove it".into()
            }
            Problem::StrayExtension => {
                format!("write `{found}` right after a single leaper (as `F{found}`), or remove it")
            }
            Problem::UnclosedParen => {
                "close the group with `)` after the letters it repeats (as `(caf)R`), or \
                 remove `(`"
                    .into()
            }
            Problem::UnmatchedParen => {
                "open the group with `(` before the letters it repeats (as `(caf)R`), or \
                 remove `)`"
                    .into()
            }
            Problem::EmptyGroup => {
                "write the letters to repeat inside the parentheses (as `(caf)R`), or remove \
                 them"
                    .into()
            }
            Problem::NestedParen => "write one group with no group inside it (as `(caf)R`)".into(),
            Problem::DuplicateRange => format!("keep one range: remove `{found}`"),
            Problem::DuplicateExtension => format!("keep one suffix: remove `{found}`"),
            Problem::ExtensionOnNonLeaper => {
                format!("remove `{found}`, or write it after a single leaper (as `F{found}`)")
            }
            Problem::RangeTooLong => format!(
                "write a range of at most two digits in place of `{found}` (`0` rides without \
                 limit)"
            ),
            Problem::CastlingBadStep => {
                format!("write a king step of 1 or more in place of `{found}` (as `O2`)")
            }
            Problem::RangeWithoutEffect => format!("remove `{found}`"),
            Problem::RangeOnDoubledAtom => {
                let atom = atom_before.unwrap_or('N');
                if found == "1" {
                    format!(
                        "remove `1` for the rider without limit (`{atom}{atom}`), or write \
                         `{atom}` for one leap"
                    )
                } else {
                    format!(
                        "remove `{found}` for the rider without limit (`{atom}{atom}`), or write \
                         the atom once with the range for at most {found} leaps (`{atom}{found}`)"
                    )
                }
            }
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code().name())
    }
}

/// A syntax error or warning with its exact byte range in the parsed text, and what to do
/// about it: a fix, or in words when no fix is proven.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    code: Code,
    pub range: TextRange,
    pub message: String,
    fix: Option<Fix>,
    /// What to write instead.
    pub help: Option<String>,
}

impl SyntaxError {
    /// `problem` found at `range` of `text` (the whole parsed text) in `dialect`.
    pub(crate) fn new(
        problem: &dyn SyntaxProblem,
        range: TextRange,
        text: &str,
        dialect: Dialect,
    ) -> SyntaxError {
        let found = crate::quote::shortened(&text[range]);
        let code = problem.code();
        // Letters with no atom after them are removed: the string is often half typed, and the
        // quick fix is the way back to the piece before.
        let fix = (code == codes::MISSING_ATOM)
            .then(|| Fix::delete(format!("remove `{found}`"), &[range]));
        SyntaxError {
            code,
            range,
            message: problem.message(&found, dialect),
            fix,
            help: problem.help(&found, (text, range), dialect),
        }
    }

    /// A finding a notation makes of the parser's on what its reader really does, with the
    /// fix it proved or the help that says what to write.
    pub(crate) fn said(
        code: Code,
        range: TextRange,
        message: String,
        fix: Option<Fix>,
        help: Option<String>,
    ) -> SyntaxError {
        SyntaxError {
            code,
            range,
            message,
            fix,
            help,
        }
    }

    pub fn code(&self) -> Code {
        self.code
    }

    pub fn severity(&self) -> Severity {
        self.code.severity
    }

    /// Whether it is an error rather than a warning: the string does not read as written.
    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }

    /// The error as a finding, at its own level, with its help but without its fix.
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic {
            help: self.help.clone(),
            ..Diagnostic::new(
                self.range,
                self.code(),
                self.severity(),
                self.message.clone(),
            )
        }
    }

    /// Whether modifiers have no atom after them ([`Problem::MissingAtom`], the one problem
    /// with this code).
    pub(crate) fn is_missing_atom(&self) -> bool {
        self.code == codes::MISSING_ATOM
    }

    /// The fix a syntax error comes with, if any.
    pub fn fix(&self) -> Option<Fix> {
        self.fix.clone()
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {:?} [{}]: {}",
            self.severity().as_str(),
            self.range,
            self.code(),
            self.message
        )
    }
}
