//! Tokens to a tree of spans plus errors. The grammar lives in [`grammar`]; this module runs it
//! and turns token spans into byte ranges and messages.

mod error;
pub(crate) mod grammar;
pub(crate) mod limits;
#[cfg(test)]
pub(crate) mod tests;

pub use error::{Problem, SyntaxError, SyntaxProblem};
pub(crate) use grammar::{DigitRule, SpanNode};

use chumsky::Parser;
use rowan::{TextRange, TextSize};

use crate::lexer::Token;
use crate::{Dialect, SyntaxKind};
use grammar::{Findings, Found, Source};

/// A notation's own parser (MBN's, chained Betza's): token spans with the problems found, of
/// the notation's own kind.
pub(crate) type OwnParser<P> = fn(Source<'_>) -> (SpanNode, Vec<(usize, usize, P)>);

/// Parses the tokens of `text` in `dialect` with that notation's own parser. The returned root
/// spans every token.
pub(crate) fn parse_own<P: SyntaxProblem>(
    text: &str,
    tokens: &[Token],
    dialect: Dialect,
    own: OwnParser<P>,
) -> (SpanNode, Vec<SyntaxError>) {
    let kinds: Vec<SyntaxKind> = tokens.iter().map(|t| t.kind).collect();
    let source = Source {
        text,
        tokens,
        kinds: &kinds,
    };
    let (root, findings) = own(source);
    let mut errors: Vec<SyntaxError> = findings
        .into_iter()
        .map(|(start, end, problem)| to_syntax_error(text, tokens, dialect, start, end, &problem))
        .collect();
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    (root, errors)
}

/// Parses the tokens of `text` with the Betza grammar that XBetza and Fairy-Stockfish's
/// reading share; `digits` is how long a number `dialect` reads. The returned root spans every
/// token.
pub(crate) fn parse_betza(
    text: &str,
    tokens: &[Token],
    dialect: Dialect,
    digits: DigitRule,
) -> (SpanNode, Vec<SyntaxError>) {
    let kinds: Vec<SyntaxKind> = tokens.iter().map(|t| t.kind).collect();
    let whole = SpanNode {
        kind: SyntaxKind::PIECE,
        start: 0,
        end: tokens.len(),
        children: Vec::new(),
    };
    let source = Source {
        text,
        tokens,
        kinds: &kinds,
    };
    let mut findings = Findings::default();
    // The grammar accepts every token sequence, so there is always an output.
    let output = grammar::piece(source, digits)
        .parse_with_state(kinds.as_slice(), &mut findings)
        .into_output();
    let mut syntax_errors: Vec<SyntaxError> = findings
        .0
        .into_iter()
        .map(|(span, found)| {
            let problem: &dyn SyntaxProblem = match &found {
                Found::Problem(problem) => problem,
                Found::LongNumber => digits.too_long,
            };
            to_syntax_error(text, tokens, dialect, span.start, span.end, problem)
        })
        .collect();
    // A missing atom after nothing but letters already reported (`w`, an unclosed `(`) says
    // nothing new.
    let reported: Vec<TextRange> = syntax_errors
        .iter()
        .filter(|e| !e.is_missing_atom())
        .map(|e| e.range)
        .collect();
    syntax_errors.retain(|e| !e.is_missing_atom() || !reported.contains(&e.range));
    syntax_errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    (output.unwrap_or(whole), syntax_errors)
}

fn to_syntax_error(
    text: &str,
    tokens: &[Token],
    dialect: Dialect,
    start: usize,
    end: usize,
    problem: &dyn SyntaxProblem,
) -> SyntaxError {
    SyntaxError::new(problem, byte_range(text, tokens, start, end), text, dialect)
}

/// The bytes covered by tokens `start..end`; an empty span sits where its token would start.
fn byte_range(text: &str, tokens: &[Token], start: usize, end: usize) -> TextRange {
    let text_end = TextSize::of(text);
    let begin = tokens.get(start).map_or(text_end, |t| t.range.start());
    let finish = match end.checked_sub(1) {
        Some(last) if end > start => tokens.get(last).map_or(text_end, |t| t.range.end()),
        _ => begin,
    };
    TextRange::new(begin, finish.max(begin))
}
