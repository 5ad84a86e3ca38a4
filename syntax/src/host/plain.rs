//! Plain files. `.betza`: one string per line, optionally `Name: STRING`, `#` comments, and
//! `# dialect: xbetza|fairy|mbn|chained` lines that set the dialect of the lines after them.
//! `.mbn`: MBN definitions separated by whitespace, `|comments|` between bars.

use super::interface::Host;
use super::kinds::FileKind;
use super::{Context, HostFormat, HostToken, Region, RegionContext, Scan, lines, span, trimmed};
use crate::diagnostic::{Diagnostic, codes};
use crate::{Dialect, Severity};

/// `.betza` files: one string a line.
pub(super) struct Betza;

const BETZA: FileKind = FileKind {
    format: HostFormat::Betza,
    dialect: Dialect::XBetza,
    language: "betza",
    other_languages: &[],
    title: "Betza",
    extensions: &["betza"],
    shared: None,
    line_comments: &["#"],
};

impl Host for Betza {
    fn kind(&self) -> &'static FileKind {
        &BETZA
    }

    fn scan(&self, text: &str, default_dialect: Dialect, per_code: Option<usize>) -> Scan {
        scan_betza(text, default_dialect, per_code)
    }
}

/// `.mbn` files: MBN definitions.
pub(super) struct Mbn;

const MBN: FileKind = FileKind {
    format: HostFormat::Mbn,
    dialect: Dialect::Mbn,
    language: "mbn",
    other_languages: &[],
    title: "Modified Betza Notation",
    extensions: &["mbn"],
    shared: None,
    line_comments: &[],
};

impl Host for Mbn {
    fn kind(&self) -> &'static FileKind {
        &MBN
    }

    fn scan(&self, text: &str, _: Dialect, per_code: Option<usize>) -> Scan {
        scan_mbn(text, per_code)
    }
}

fn scan_betza(text: &str, default_dialect: Dialect, per_code: Option<usize>) -> Scan {
    let mut scan = Scan::bounded(per_code);
    let mut dialect = default_dialect;
    for (offset, line) in lines(text) {
        let (start, content) = trimmed(line, offset);
        if content.is_empty() {
            continue;
        }
        if let Some(comment) = content.strip_prefix('#') {
            scan.host_tokens
                .push((span(start, start + content.len()), HostToken::Comment));
            if let Some(name) = comment.trim().strip_prefix("dialect:") {
                match name.trim().parse::<Dialect>() {
                    Ok(chosen) => dialect = chosen,
                    Err(error) => scan.errors.push(
                        Diagnostic::new(
                            span(start, start + content.len()),
                            codes::UNKNOWN_DIALECT,
                            Severity::Error,
                            error.to_string(),
                        )
                        .with_help(
                            "write one of `xbetza`, `fairy`, `xboard`, `mbn`, `chained` after \
                             `# dialect:`",
                        ),
                    ),
                }
            }
            continue;
        }
        let (name, at, betza) = match content.split_once(": ") {
            Some((name, rest)) => {
                let (at, betza) = trimmed(rest, start + name.len() + 2);
                (Some(name.trim().to_owned().into()), at, betza)
            }
            None => (None, start, content),
        };
        if betza.is_empty() {
            continue;
        }
        scan.regions.push(Region {
            range: span(at, at + betza.len()),
            dialect,
            context: Context::new(RegionContext {
                name,
                ..RegionContext::default()
            }),
            decoded: None,
        });
    }
    scan
}

fn scan_mbn(text: &str, per_code: Option<usize>) -> Scan {
    let mut scan = Scan::bounded(per_code);
    let mut in_comment = false;
    let mut word_start: Option<usize> = None;
    let close = |scan: &mut Scan, start: Option<usize>, end: usize| {
        if let Some(start) = start {
            scan.regions.push(Region {
                range: span(start, end),
                dialect: Dialect::Mbn,
                context: Context::default(),
                decoded: None,
            });
        }
    };
    // A definition is a run of text up to whitespace outside a comment; comments belong to
    // the definition they stand in (`B|Blue Whale|=vW+fF`, seed 002).
    for (index, c) in text.char_indices() {
        if c == '|' {
            in_comment = !in_comment;
        } else if c.is_whitespace() && !in_comment {
            close(&mut scan, word_start.take(), index);
            continue;
        }
        if word_start.is_none() {
            word_start = Some(index);
        }
    }
    close(&mut scan, word_start.take(), text.len());
    scan
}
