//! What Fairy-Stockfish's reading adds to the shared Betza grammar: its engine reads one digit
//! of a range (../shared/reference).

use crate::Dialect;
use crate::diagnostic::{Code, codes};
use crate::parser::{DigitRule, SyntaxProblem};

/// Fairy-Stockfish reads one digit of a range or a repeat count; a longer number is
/// [`ReadsOneDigit`].
pub(crate) const DIGITS: DigitRule = DigitRule {
    most: 1,
    too_long: &ReadsOneDigit,
};

/// A number of more than one digit: Fairy-Stockfish reads only the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ReadsOneDigit;

impl SyntaxProblem for ReadsOneDigit {
    fn code(&self) -> Code {
        codes::FAIRY_ONE_DIGIT_RANGE
    }

    fn message(&self, text: &str, _: Dialect) -> String {
        let first = text.get(..1).unwrap_or(text);
        format!("Fairy-Stockfish reads one digit of a range: `{text}` means `{first}`")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_one_digit_problem_is_registered() {
        crate::parser::tests::assert_registered(&[&super::ReadsOneDigit]);
    }
}
