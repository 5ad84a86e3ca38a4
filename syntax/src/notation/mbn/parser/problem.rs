//! What the MBN grammar (seed 002) finds wrong, with each problem's code and message.

use rowan::TextRange;

use crate::Dialect;
use crate::diagnostic::{Code, codes};
use crate::parser::SyntaxProblem;
use crate::parser::limits::nesting_too_deep;

/// A problem of an MBN text. The parser emits these with a token span; `SyntaxError` adds the
/// byte range and the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum MbnProblem {
    /// A bracket, comment bar, compound colon or condition slash that is never closed.
    Unclosed(char),
    /// A closing bracket with no opening one.
    Unmatched(char),
    /// Brackets nested deeper than the parser descends.
    NestingTooDeep,
    /// Something else was needed here: what.
    Expected(&'static str),
    /// A token that cannot stand where it is: where.
    Unexpected(&'static str),
    /// `P=` or `P==` with nothing after it.
    EmptyDefinition,
    /// A second `=` outside a castling rule.
    SecondEquals,
    /// `@+Q`: macro names take no prefix.
    MacroWithPrefix,
    /// `:ABCD:`: compound letters have at most three characters.
    CompoundTooLong,
    /// Modifiers or prefixes with no move after them.
    MissingMove,
    /// `W0*0`: a second exponent.
    SecondSteps,
    /// `q`: the one letter MBN leaves unused.
    UnusedModifier,
    /// `y` not after `c`, `j`, `w` or `x`.
    LoneY,
}

impl SyntaxProblem for MbnProblem {
    fn code(&self) -> Code {
        match self {
            MbnProblem::Unclosed(_) => codes::UNCLOSED_BRACKET,
            MbnProblem::Unmatched(_) => codes::UNMATCHED_BRACKET,
            MbnProblem::NestingTooDeep => codes::NESTING_TOO_DEEP,
            MbnProblem::Expected(_) => codes::EXPECTED,
            MbnProblem::Unexpected(_) => codes::UNEXPECTED,
            MbnProblem::EmptyDefinition => codes::EMPTY_DEFINITION,
            MbnProblem::SecondEquals => codes::SECOND_EQUALS,
            MbnProblem::MacroWithPrefix => codes::MACRO_WITH_PREFIX,
            MbnProblem::CompoundTooLong => codes::COMPOUND_TOO_LONG,
            MbnProblem::MissingMove => codes::MISSING_MOVE,
            MbnProblem::SecondSteps => codes::SECOND_STEPS,
            MbnProblem::UnusedModifier => codes::UNUSED_MODIFIER,
            MbnProblem::LoneY => codes::LONE_Y,
        }
    }

    fn message(&self, text: &str, _: Dialect) -> String {
        // A table read whole: one arm per kind, so the compiler checks each has a message.
        match *self {
            MbnProblem::Unclosed(c) => match c {
                '|' => "unclosed comment: `|` has no closing `|`".into(),
                ':' => format!("`{text}` has no closing `:`"),
                _ => format!("unclosed `{c}`"),
            },
            MbnProblem::Unmatched(c) => format!("`{c}` has no matching opening bracket"),
            MbnProblem::NestingTooDeep => nesting_too_deep(),
            MbnProblem::Expected(what) if text.is_empty() => format!("expected {what}"),
            MbnProblem::Expected(what) => format!("expected {what}, found `{text}`"),
            MbnProblem::Unexpected(place) => {
                format!("`{}` cannot stand {place}", text.escape_debug())
            }
            MbnProblem::EmptyDefinition => format!(
                "nothing follows `{text}`: a definition needs moves after it (whitespace ends a \
                 definition; MBN allows no spaces outside comments)"
            ),
            MbnProblem::SecondEquals => {
                "a second `=` belongs to castling rules only (`O-O=[*]isR[g]=isR[f]`)".into()
            }
            MbnProblem::MacroWithPrefix => format!(
                "a macro name takes no prefix: `{text}` (MBN description, Macros: \"a prefixed letter \
                 for the macro identifier is not allowed\")"
            ),
            MbnProblem::CompoundTooLong => format!(
                "compound letter `{text}` is longer than three characters (MBN description: \"the \
                 maximal length for compound letters is three\")"
            ),
            MbnProblem::MissingMove if text.is_empty() => "a move is missing here".into(),
            MbnProblem::MissingMove => format!(
                "`{text}` has no move after it: a piece letter, `:m,n:` or a move in \
                 parentheses"
            ),
            MbnProblem::SecondSteps => format!("second exponent `{text}`: a move takes one"),
            MbnProblem::UnusedModifier => {
                "`q` has no meaning in MBN (its description: \"q (still unused)\")".into()
            }
            MbnProblem::LoneY => {
                "`y` means \"any\" only after `c`, `j`, `w` or `x` (`cy`, `jy`, `wy`, `xy`)".into()
            }
        }
    }

    fn help(&self, found: &str, _: (&str, TextRange), _: Dialect) -> Option<String> {
        // A table read whole, as the messages are.
        Some(match *self {
            MbnProblem::Unclosed('|') => "close the comment with a second `|`".into(),
            MbnProblem::Unclosed(':') => format!("close `{found}` with `:` (as `:1,2:`)"),
            MbnProblem::Unclosed(c) => {
                format!("close `{c}` with its `{}`, or remove it", closing(c))
            }
            MbnProblem::Unmatched(c) => {
                format!("remove `{c}`, or open it with its `{}` before", opening(c))
            }
            MbnProblem::NestingTooDeep => {
                "write the brackets less deeply nested (a macro can name an inner part)".into()
            }
            MbnProblem::Expected(what) => format!("write {what} here"),
            MbnProblem::Unexpected(_) => {
                format!(
                    "remove `{}`, or move it where it belongs",
                    found.escape_debug()
                )
            }
            MbnProblem::EmptyDefinition => format!(
                "write the moves right after `{found}`, with no space (as `{found}fW`), or \
                 remove `{found}`"
            ),
            MbnProblem::SecondEquals => "remove the second `=`".into(),
            MbnProblem::MacroWithPrefix => {
                format!("remove the prefix of `{found}`: a macro is named by its letter alone")
            }
            MbnProblem::CompoundTooLong => {
                format!("name it with at most three characters in place of `{found}`")
            }
            MbnProblem::MissingMove if found.is_empty() => {
                "write a move here: a piece letter (as `W`), `:m,n:` or a move in parentheses"
                    .into()
            }
            MbnProblem::MissingMove => {
                format!("write a move after `{found}` (as `{found}W`), or remove `{found}`")
            }
            MbnProblem::SecondSteps => format!("keep one exponent: remove `{found}`"),
            MbnProblem::UnusedModifier => "remove `q`".into(),
            MbnProblem::LoneY => "write `y` right after `c`, `j`, `w` or `x`, or remove it".into(),
        })
    }
}

/// The bracket that closes `open`.
fn closing(open: char) -> char {
    match open {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        other => other,
    }
}

/// The bracket that `close` closes.
fn opening(close: char) -> char {
    match close {
        ')' => '(',
        ']' => '[',
        '}' => '{',
        '>' => '<',
        other => other,
    }
}
