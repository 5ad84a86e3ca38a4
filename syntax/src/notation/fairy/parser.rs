//! What Fairy-Stockfish's reading adds to the shared Betza grammar: its engine reads one digit
//! of a range (../shared/reference).

use rowan::TextRange;

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

    fn help(&self, found: &str, (text, range): (&str, TextRange), _: Dialect) -> Option<String> {
        let first = found.get(..1).unwrap_or(found);
        let atom = text[..usize::from(range.start())].chars().next_back();
        let played: String = atom.into_iter().chain(first.chars()).collect();
        let unlimited = match atom {
            Some(slider @ ('R' | 'B' | 'Q')) => {
                format!("; with no digit (`{slider}`) it rides without limit")
            }
            _ => String::new(),
        };
        Some(format!(
            "write one digit: `{played}` is what Fairy-Stockfish plays{unlimited}"
        ))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_one_digit_problem_is_registered() {
        crate::parser::tests::assert_registered(&[&super::ReadsOneDigit]);
    }
}
