//! Tokens to a tree of spans plus errors. The grammar lives in [`grammar`]; this module runs it
//! and turns token spans into byte ranges and messages.

mod error;
pub(crate) mod grammar;
pub(crate) mod limits;

pub use error::{Problem, SyntaxError};
pub(crate) use grammar::SpanNode;

use chumsky::Parser;
use rowan::{TextRange, TextSize};

use crate::lexer::Token;
use crate::{Dialect, SyntaxKind};
use grammar::{Findings, Source};

/// A notation's own parser (MBN's, chained Betza's): token spans with the problems found.
pub(crate) type OwnParser = fn(Source<'_>) -> (SpanNode, Vec<(usize, usize, Problem)>);

/// Parses the tokens of `text` in `dialect` with that notation's own parser. The returned root
/// spans every token.
pub(crate) fn parse_own(
    text: &str,
    tokens: &[Token],
    dialect: Dialect,
    own: OwnParser,
) -> (SpanNode, Vec<SyntaxError>) {
    let kinds: Vec<SyntaxKind> = tokens.iter().map(|t| t.kind).collect();
    let source = Source {
        text,
        tokens,
        kinds: &kinds,
        dialect,
    };
    let (root, findings) = own(source);
    let mut errors: Vec<SyntaxError> = findings
        .into_iter()
        .map(|(start, end, problem)| to_syntax_error(text, tokens, dialect, start, end, problem))
        .collect();
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    (root, errors)
}

/// Parses the tokens of `text` with the Betza grammar that XBetza and Fairy-Stockfish's
/// reading share. The returned root spans every token.
pub(crate) fn parse_betza(
    text: &str,
    tokens: &[Token],
    dialect: Dialect,
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
        dialect,
    };
    let mut findings = Findings::default();
    // The grammar accepts every token sequence, so there is always an output.
    let output = grammar::piece(source)
        .parse_with_state(kinds.as_slice(), &mut findings)
        .into_output();
    let mut syntax_errors: Vec<SyntaxError> = findings
        .0
        .into_iter()
        .map(|(span, problem)| {
            to_syntax_error(text, tokens, dialect, span.start, span.end, problem)
        })
        .collect();
    // A missing atom after nothing but letters already reported (`w`, an unclosed `(`) says
    // nothing new.
    let reported: Vec<TextRange> = syntax_errors
        .iter()
        .filter(|e| !matches!(e.problem, Problem::MissingAtom { .. }))
        .map(|e| e.range)
        .collect();
    syntax_errors.retain(|e| {
        !matches!(e.problem, Problem::MissingAtom { .. }) || !reported.contains(&e.range)
    });
    syntax_errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    (output.unwrap_or(whole), syntax_errors)
}

fn to_syntax_error(
    text: &str,
    tokens: &[Token],
    dialect: Dialect,
    start: usize,
    end: usize,
    problem: Problem,
) -> SyntaxError {
    let range = byte_range(text, tokens, start, end);
    SyntaxError {
        problem,
        range,
        message: problem.message(&text[range], dialect),
    }
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
