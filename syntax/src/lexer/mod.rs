//! Text to tokens. Every byte of the input lands in exactly one token: trivia and characters that
//! belong to no dialect included, so the tree built on top can reproduce the text exactly.

use logos::Logos;
use rowan::{TextRange, TextSize};

use crate::SyntaxKind;

/// One token: its kind and the bytes it covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: SyntaxKind,
    pub range: TextRange,
}

/// Splits `text` into tokens. Characters no rule matches become `UNKNOWN` tokens, one per run of
/// consecutive unknown characters, so a multi-byte character is never split.
///
/// Ranges are 32-bit (rowan's `TextSize`); callers hand in at most `u32::MAX` bytes.
pub fn lex(text: &str) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::with_capacity(text.len());
    let mut lexer = SyntaxKind::lexer(text);
    while let Some(result) = lexer.next() {
        let span = lexer.span();
        let range = TextRange::new(offset(span.start), offset(span.end));
        match result {
            Ok(kind) => tokens.push(Token { kind, range }),
            Err(()) => match tokens.last_mut() {
                Some(last)
                    if last.kind == SyntaxKind::UNKNOWN && last.range.end() == range.start() =>
                {
                    last.range = last.range.cover(range);
                }
                _ => tokens.push(Token {
                    kind: SyntaxKind::UNKNOWN,
                    range,
                }),
            },
        }
    }
    tokens
}

fn offset(byte: usize) -> TextSize {
    // Offsets are 32-bit (documented on `lex` and `parse`); a larger input would get clamped
    // ranges here rather than a crash.
    TextSize::new(u32::try_from(byte).unwrap_or(u32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use SyntaxKind::*;

    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        lex(text)
            .into_iter()
            .map(|t| (t.kind, &text[t.range]))
            .collect()
    }

    #[test]
    fn letters_digits_and_punctuation_get_their_own_kinds() {
        assert_eq!(
            kinds("fmW10(caf)*"),
            vec![
                (SMALL_F, "f"),
                (SMALL_M, "m"),
                (CAPITAL_W, "W"),
                (DIGITS, "10"),
                (L_PAREN, "("),
                (SMALL_C, "c"),
                (SMALL_A, "a"),
                (SMALL_F, "f"),
                (R_PAREN, ")"),
                (STAR, "*"),
            ]
        );
    }

    #[test]
    fn unknown_characters_form_one_token_per_run_and_never_split_a_character() {
        assert_eq!(
            kinds("W😀\u{301}é N\0~"),
            vec![
                (CAPITAL_W, "W"),
                (UNKNOWN, "😀\u{301}é"),
                (WHITESPACE, " "),
                (CAPITAL_N, "N"),
                (UNKNOWN, "\0~"),
            ]
        );
    }

    #[test]
    fn unicode_line_separators_are_not_whitespace() {
        assert_eq!(kinds("W\u{2028}F")[1], (UNKNOWN, "\u{2028}"));
        assert_eq!(kinds("W\r\nF")[1], (WHITESPACE, "\r\n"));
    }

    #[test]
    fn tokens_cover_every_byte_in_order() {
        let text = "a(😀)Z9 ~\t\u{85}";
        let tokens = lex(text);
        let mut end = TextSize::new(0);
        for token in &tokens {
            assert_eq!(token.range.start(), end);
            end = token.range.end();
        }
        assert_eq!(usize::from(end), text.len());
    }
}
