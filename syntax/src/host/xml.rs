//! C/CIF XML: the `pieces` attribute of `<game>` elements, MBN, with XML entities decoded for
//! parsing while every decoded byte keeps the offset of the original text it came from.

use crate::diagnostic::{Diagnostic, codes};
use rowan::TextSize;

use super::interface::Host;
use super::kinds::FileKind;
use super::{Context, Decoded, HostFormat, Region, Scan, span};
use crate::{Dialect, Severity};

/// C/CIF game files, each game's pieces in MBN.
pub(super) struct Cif;

const KIND: FileKind = FileKind {
    format: HostFormat::Cif,
    dialect: Dialect::Mbn,
    language: "ccif",
    other_languages: &["xml"],
    title: "C/CIF",
    extensions: &["cif", "ccif"],
    shared: None,
    line_comments: &[],
};

impl Host for Cif {
    fn kind(&self) -> &'static FileKind {
        &KIND
    }

    fn scan(&self, text: &str, _: Dialect, per_code: Option<usize>) -> Scan {
        scan(text, per_code)
    }

    /// Each `pieces` attribute is one game's.
    fn macros_per_string(&self) -> bool {
        true
    }
}

fn scan(text: &str, per_code: Option<usize>) -> Scan {
    let mut scan = Scan::bounded(per_code);
    let mut search = 0;
    while let Some(found) = text[search..].find("<game") {
        let element = search + found;
        let end = text[element..]
            .find('>')
            .map_or(text.len(), |i| element + i);
        let tag = &text[element..end];
        search = end.min(text.len());
        let Some(name) = attribute_start(tag, "pieces") else {
            if search >= text.len() {
                break;
            }
            continue;
        };
        let quote_at = element + name;
        let quote = text[quote_at..].chars().next().unwrap_or('"');
        let value_start = quote_at + 1;
        let Some(value_len) = text[value_start..end].find(quote) else {
            scan.errors.push(
                Diagnostic::new(
                    span(quote_at, end),
                    codes::UNCLOSED_ATTRIBUTE,
                    Severity::Error,
                    "the `pieces` attribute has no closing quote".into(),
                )
                .with_help(format!(
                    "close the value with `{quote}` after the last piece"
                )),
            );
            continue;
        };
        let (decoded, map) = decode(&text[value_start..value_start + value_len], value_start);
        scan.regions.push(Region {
            range: span(value_start, value_start + value_len),
            dialect: Dialect::Mbn,
            context: Context::default(),
            decoded: Some(Box::new(Decoded {
                text: decoded,
                offsets: map,
            })),
        });
        if search >= text.len() {
            break;
        }
    }
    scan
}

/// Where the quote of `name="…"` stands in `tag`.
fn attribute_start(tag: &str, name: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = tag[from..].find(name) {
        let at = from + found;
        let before_ok = at == 0 || tag[..at].ends_with(char::is_whitespace);
        let rest = tag[at + name.len()..].trim_start();
        if before_ok && let Some(after_eq) = rest.strip_prefix('=') {
            let value = after_eq.trim_start();
            if value.starts_with(['"', '\'']) {
                return Some(tag.len() - value.len());
            }
        }
        from = at + name.len();
    }
    None
}

/// Decodes `&amp; &lt; &gt; &quot; &apos;` and numeric references; each output byte maps to
/// the offset of the input it came from, plus one entry for the end.
fn decode(raw: &str, offset: usize) -> (String, Vec<TextSize>) {
    let at = |n: usize| TextSize::new(u32::try_from(offset + n).unwrap_or(u32::MAX));
    let mut out = String::new();
    let mut map = Vec::new();
    let mut index = 0;
    while index < raw.len() {
        let rest = &raw[index..];
        let entity = rest
            .starts_with('&')
            .then(|| rest.find(';'))
            .flatten()
            .filter(|end| *end <= 10)
            .and_then(|end| Some((entity(&rest[1..end])?, end + 1)));
        let (decoded, width) = match entity {
            Some((c, width)) => (c, width),
            None => {
                let c = rest.chars().next().unwrap_or(' ');
                (c, c.len_utf8())
            }
        };
        for _ in 0..decoded.len_utf8() {
            map.push(at(index));
        }
        out.push(decoded);
        index += width;
    }
    map.push(at(raw.len()));
    (out, map)
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let number = name.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}
