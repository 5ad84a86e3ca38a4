//! Syntax errors as data: what is wrong, where (exact bytes) and how a person should read it.

use std::fmt;

use rowan::TextRange;

use super::limits::MAX_DEPTH;
use crate::diagnostic::{Code, Diagnostic, Fix, codes};
use crate::{Dialect, Severity};

/// What the parser found wrong. The parser emits these with a token span; [`SyntaxError`] adds the
/// byte range and the message.
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
    /// More than two digits (XBetza).
    RangeTooLong,
    /// More than one digit: Fairy-Stockfish reads only the first.
    FairyReadsOneDigit,
    /// `O0`, `O*`.
    CastlingBadStep,
    /// A range on U or I.
    RangeWithoutEffect,
    /// A range after a doubled atom (`NN2`).
    RangeOnDoubledAtom,
    // MBN (seed 002).
    /// A bracket, comment bar, compound colon or condition slash that is never closed.
    MbnUnclosed(char),
    /// A closing bracket with no opening one.
    MbnUnmatched(char),
    /// Brackets nested deeper than the parser descends.
    MbnNestingTooDeep,
    /// Something else was needed here: what.
    MbnExpected(&'static str),
    /// A token that cannot stand where it is: where.
    MbnUnexpected(&'static str),
    /// `P=` or `P==` with nothing after it.
    MbnEmptyDefinition,
    /// A second `=` outside a castling rule.
    MbnSecondEquals,
    /// `@+Q`: macro names take no prefix.
    MbnMacroWithPrefix,
    /// `:ABCD:`: compound letters have at most three characters.
    MbnCompoundTooLong,
    /// Modifiers or prefixes with no move after them.
    MbnMissingMove,
    /// `W0*0`: a second exponent.
    MbnSecondSteps,
    /// `q`: the one letter MBN leaves unused.
    MbnUnusedModifier,
    /// `y` not after `c`, `j`, `w` or `x`.
    MbnLoneY,
    // Chained Extended Betza (seed 001).
    /// A chaining operator with no leg before it.
    ChainedOperatorFirst,
    /// A lower-case letter that is no modifier of seed 001.
    ChainedUnknownLetter,
    /// A capital that is no atom of seed 001.
    ChainedUnknownAtom,
    /// Modifiers or an operator with no leg after them.
    ChainedMissingLeg,
}

impl Problem {
    /// The stable code shown in diagnostics and the CLI's JSON output.
    pub fn code(self) -> Code {
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
            Problem::FairyReadsOneDigit => codes::FAIRY_ONE_DIGIT_RANGE,
            Problem::CastlingBadStep => codes::CASTLING_BAD_STEP,
            Problem::RangeWithoutEffect => codes::RANGE_WITHOUT_EFFECT,
            Problem::RangeOnDoubledAtom => codes::RANGE_ON_DOUBLED_ATOM,
            Problem::MbnUnclosed(_) => codes::UNCLOSED_BRACKET,
            Problem::MbnUnmatched(_) => codes::UNMATCHED_BRACKET,
            Problem::MbnNestingTooDeep => codes::NESTING_TOO_DEEP,
            Problem::MbnExpected(_) => codes::EXPECTED,
            Problem::MbnUnexpected(_) => codes::UNEXPECTED,
            Problem::MbnEmptyDefinition => codes::EMPTY_DEFINITION,
            Problem::MbnSecondEquals => codes::SECOND_EQUALS,
            Problem::MbnMacroWithPrefix => codes::MACRO_WITH_PREFIX,
            Problem::MbnCompoundTooLong => codes::COMPOUND_TOO_LONG,
            Problem::MbnMissingMove => codes::MISSING_MOVE,
            Problem::MbnSecondSteps => codes::SECOND_STEPS,
            Problem::MbnUnusedModifier => codes::UNUSED_MODIFIER,
            Problem::MbnLoneY => codes::LONE_Y,
            Problem::ChainedOperatorFirst => codes::OPERATOR_WITHOUT_LEG,
            Problem::ChainedUnknownLetter => codes::UNKNOWN_MODIFIER,
            Problem::ChainedUnknownAtom => codes::UNKNOWN_ATOM,
            Problem::ChainedMissingLeg => codes::MISSING_LEG,
        }
    }

    /// The code's severity: a syntax error's is its code's.
    pub fn severity(self) -> Severity {
        self.code().severity
    }

    /// The message for this problem found on `text`, the exact source it points at.
    pub fn message(self, text: &str, dialect: Dialect) -> String {
        let text = &*crate::quote::shortened(text);
        // A table read whole: one arm per kind, so the compiler checks each has a message.
        match self {
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
            Problem::FairyReadsOneDigit => {
                let first = text.get(..1).unwrap_or(text);
                format!("Fairy-Stockfish reads one digit of a range: `{text}` means `{first}`")
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
            Problem::MbnUnclosed(c) => match c {
                '|' => "unclosed comment: `|` has no closing `|`".into(),
                ':' => format!("`{text}` has no closing `:`"),
                _ => format!("unclosed `{c}`"),
            },
            Problem::MbnUnmatched(c) => format!("`{c}` has no matching opening bracket"),
            Problem::MbnNestingTooDeep => {
                format!("brackets nested deeper than {MAX_DEPTH} levels; this part is not read")
            }
            Problem::MbnExpected(what) if text.is_empty() => format!("expected {what}"),
            Problem::MbnExpected(what) => format!("expected {what}, found `{text}`"),
            Problem::MbnUnexpected(place) => {
                format!("`{}` cannot stand {place}", text.escape_debug())
            }
            Problem::MbnEmptyDefinition => format!(
                "nothing follows `{text}`: a definition needs moves after it (whitespace ends a \
                 definition; MBN allows no spaces outside comments)"
            ),
            Problem::MbnSecondEquals => {
                "a second `=` belongs to castling rules only (`O-O=[*]isR[g]=isR[f]`)".into()
            }
            Problem::MbnMacroWithPrefix => format!(
                "a macro name takes no prefix: `{text}` (seed 002, Macros: \"a prefixed letter \
                 for the macro identifier is not allowed\")"
            ),
            Problem::MbnCompoundTooLong => format!(
                "compound letter `{text}` is longer than three characters (seed 002: \"the \
                 maximal length for compound letters is three\")"
            ),
            Problem::MbnMissingMove if text.is_empty() => "a move is missing here".into(),
            Problem::MbnMissingMove => format!(
                "`{text}` has no move after it: a piece letter, `:m,n:` or a move in \
                 parentheses"
            ),
            Problem::MbnSecondSteps => format!("second exponent `{text}`: a move takes one"),
            Problem::MbnUnusedModifier => {
                "`q` has no meaning in MBN (seed 002: \"q (still unused)\")".into()
            }
            Problem::MbnLoneY => {
                "`y` means \"any\" only after `c`, `j`, `w` or `x` (`cy`, `jy`, `wy`, `xy`)".into()
            }
            Problem::ChainedOperatorFirst => format!(
                "`{text}` chains two legs, but no leg stands before it (as in `W-F` or `FtR`)"
            ),
            Problem::ChainedUnknownLetter => format!(
                "`{text}` is no modifier of chained Betza (seed 001 has c m n j p g q z o f b l r s \
                 v a h i e k, and the operators t - + ? ! x d y between legs)"
            ),
            Problem::ChainedUnknownAtom => format!(
                "`{text}` is no atom of chained Betza (O W F D A H L J G N, and K B R Q C Z)"
            ),
            Problem::ChainedMissingLeg if text.is_empty() => {
                "a leg (an atom or a group) is missing here".into()
            }
            Problem::ChainedMissingLeg => {
                format!("`{text}` needs a leg (an atom or a group) after it")
            }
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

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code().name())
    }
}

/// A syntax error or warning with its exact byte range in the parsed text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub problem: Problem,
    pub range: TextRange,
    pub message: String,
}

impl SyntaxError {
    pub fn code(&self) -> Code {
        self.problem.code()
    }

    pub fn severity(&self) -> Severity {
        self.problem.severity()
    }

    /// The error as a finding, at its own level, without a fix.
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::new(
            self.range,
            self.code(),
            self.severity(),
            self.message.clone(),
        )
    }

    /// The fix a syntax error comes with: letters with no atom after them are removed (the
    /// string is often half typed, and the quick fix is the way back to the piece before).
    pub fn fix(&self, text: &str) -> Option<Fix> {
        let letters = text.get(std::ops::Range::<usize>::from(self.range))?;
        matches!(self.problem, Problem::MissingAtom { .. }).then(|| {
            Fix::delete(
                format!("remove `{}`", crate::quote::shortened(letters)),
                &[self.range],
            )
        })
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
