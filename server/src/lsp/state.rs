//! Open documents and settings. Each document is the syntax crate's `ide::Document` (a rope
//! and its analysis, kept in step with every edit) with the version the client gave it.

use std::collections::HashMap;
use std::sync::Arc;

use betza_syntax::board::BoardSize;
use betza_syntax::document::Options;
use betza_syntax::ide::{self, HoverOptions};
use betza_syntax::lint::Engine;
use betza_syntax::{Dialect, Severity};
use serde::Deserialize;
use tower_lsp_server::ls_types::{TextDocumentContentChangeEvent, Uri};

use super::position::{Encoding, to_offset};

/// One open document. Requests read it on the blocking pool, each through its own handle;
/// an edit changes it in place once they are done (see the backend).
#[derive(Debug)]
pub struct Open {
    pub document: Arc<ide::Document>,
    pub version: i32,
}

impl Open {
    pub fn new(uri: &Uri, text: &str, version: i32, language: &str, settings: &Settings) -> Self {
        Open {
            document: Arc::new(ide::Document::new(
                uri.path().as_str(),
                language,
                text,
                &settings.options(),
            )),
            version,
        }
    }

    /// Applies a change's edits in order (one without a range replaces everything); positions
    /// past the end mean the end.
    pub fn apply(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
        encoding: Encoding,
        settings: &Settings,
    ) {
        // Copied only if a request still holds it, which the backend's edits wait out.
        let document = Arc::make_mut(&mut self.document);
        document.edit(&settings.options(), |edits| {
            for change in changes {
                let Some(range) = change.range else {
                    edits.replace_all(&change.text);
                    continue;
                };
                let end_of = edits.text().len_bytes();
                let start = to_offset(edits.text(), range.start, encoding).unwrap_or(end_of);
                let end = to_offset(edits.text(), range.end, encoding).unwrap_or(end_of);
                edits.replace(start, end, &change.text);
            }
        });
        self.version = version;
    }
}

/// The settings a client may send (initialization options or `betza` configuration).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Dialect of `.betza` lines that declare none.
    pub dialect: Option<String>,
    /// Diagram board size, `FILESxRANKS`.
    pub board_size: Option<String>,
    /// Target engines: `xboard`, `fairy-stockfish`.
    pub engines: Option<Vec<String>>,
    /// Rule levels: code → `error` | `warning` | `info` | `hint` | `off`.
    pub rules: HashMap<String, String>,
    /// Add the diagram as an SVG image to hovers, for clients that render Markdown images.
    pub hover_image: bool,
    /// Draw a variants.ini piece on its start square among the start position's pieces too
    /// (absent: yes).
    pub start_position: Option<bool>,
}

impl Settings {
    /// The settings a client sent, each field read on its own: a field of the wrong type or
    /// with a value nothing reads (a dialect, board, engine, rule code or level unknown) is left
    /// at its default and said, and the others are kept.
    pub fn read(value: &serde_json::Value) -> (Settings, Vec<String>) {
        let mut problems = Vec::new();
        let Some(object) = value.as_object() else {
            if !value.is_null() {
                problems.push("the settings are not an object".to_owned());
            }
            return (Settings::default(), problems);
        };
        let field = |key: &str| -> Option<serde_json::Value> {
            object.get(key).filter(|v| !v.is_null()).cloned()
        };
        let settings = Settings {
            dialect: typed(field("dialect"), "dialect", &mut problems),
            board_size: typed(field("boardSize"), "boardSize", &mut problems),
            engines: typed(field("engines"), "engines", &mut problems),
            rules: typed(field("rules"), "rules", &mut problems).unwrap_or_default(),
            hover_image: typed(field("hoverImage"), "hoverImage", &mut problems)
                .unwrap_or_default(),
            start_position: typed(field("startPosition"), "startPosition", &mut problems),
        };
        settings.check_values(&mut problems);
        (settings, problems)
    }

    /// Says each value nothing reads.
    fn check_values(&self, problems: &mut Vec<String>) {
        if let Some(dialect) = &self.dialect
            && let Err(error) = dialect.parse::<Dialect>()
        {
            problems.push(format!("`dialect`: {error}"));
        }
        if let Some(board) = &self.board_size
            && let Err(error) = board.parse::<BoardSize>()
        {
            problems.push(format!("`boardSize`: {error}"));
        }
        for engine in self.engines.iter().flatten() {
            if let Err(error) = engine.parse::<Engine>() {
                problems.push(format!("`engines`: {error}"));
            }
        }
        for (code, level) in &self.rules {
            if betza_syntax::ide::registry::lookup(code).is_none() {
                problems.push(format!("`rules`: `{code}` is not a diagnostic code"));
            }
            if level != "off"
                && let Err(error) = level.parse::<Severity>()
            {
                problems.push(format!("`rules.{code}`: {error}, or off"));
            }
        }
    }

    pub fn options(&self) -> Options {
        Options {
            default_dialect: self
                .dialect
                .as_deref()
                .and_then(|d| d.parse().ok())
                .unwrap_or(Dialect::XBetza),
            engines: self.engines.as_ref().map(|names| {
                names
                    .iter()
                    .filter_map(|name| name.parse::<Engine>().ok())
                    .collect()
            }),
            levels: self
                .rules
                .iter()
                .map(|(code, level)| (code.clone(), level.parse::<Severity>().ok()))
                .collect(),
        }
    }

    pub fn hover(&self) -> HoverOptions {
        HoverOptions {
            board: self
                .board_size
                .as_deref()
                .and_then(|b| b.parse::<BoardSize>().ok()),
            image: self.hover_image,
            start_position: self.start_position.unwrap_or(true),
        }
    }
}

/// A settings field read as its type, or `None` (said in `problems`) when it is not one.
fn typed<T: serde::de::DeserializeOwned>(
    value: Option<serde_json::Value>,
    key: &str,
    problems: &mut Vec<String>,
) -> Option<T> {
    let value = value?;
    match serde_json::from_value(value) {
        Ok(read) => Some(read),
        Err(error) => {
            problems.push(format!("`{key}`: {error}"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

    use super::{Open, Settings};
    use crate::lsp::handlers::diagnostics::diagnostics;
    use crate::lsp::position::Encoding;

    /// The byte offset of a UTF-16 position, the slow and obvious way: lines end at `\r\n`,
    /// `\n` or `\r`; a character past the line end means the line end; a line past the last
    /// means the end of the text.
    fn naive_offset(text: &str, line: u32, character: u32) -> usize {
        let mut starts = vec![0];
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                starts.push(i + 2);
                i += 2;
            } else if bytes[i] == b'\n' || bytes[i] == b'\r' {
                starts.push(i + 1);
                i += 1;
            } else {
                i += 1;
            }
        }
        let Some(&start) = starts.get(line as usize) else {
            return text.len();
        };
        let end = starts.get(line as usize + 1).map_or(text.len(), |next| {
            let mut end = *next;
            while end > start && matches!(bytes[end - 1], b'\n' | b'\r') {
                end -= 1;
            }
            end
        });
        let mut units = 0;
        for (offset, c) in text[start..end].char_indices() {
            if units + c.len_utf16() > character as usize {
                return start + offset;
            }
            units += c.len_utf16();
        }
        end
    }

    fn edit_strategy() -> impl Strategy<Value = (u32, u32, u32, u32, String)> {
        let text = prop::collection::vec(
            prop::sample::select(vec![
                'a', 'W', 'f', 'm', '\n', '\r', ' ', '😀', 'é', ':', '=', '[', ']',
            ]),
            0..6,
        )
        .prop_map(|c| c.into_iter().collect::<String>());
        (0u32..7, 0u32..12, 0u32..7, 0u32..12, text)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Random edit sequences in UTF-16 positions through the server's document equal the
        /// same edits applied to a plain string, and after each the analysis (kept up edit by
        /// edit) and the diagnostics equal those of the text opened afresh.
        #[test]
        fn edits_match_a_plain_string(edits in prop::collection::vec(edit_strategy(), 1..12)) {
            let settings = Settings::default();
            let uri = "file:///p/variants.ini".parse().expect("uri");
            let start = "[v:chess]\ncustomPiece1 = x:mfW\r\nking = k:WF\n[w:v]\ncustomPiece2 = y:lvF\ncustomPiece3 = z:NN\n";
            let mut open = Open::new(&uri, start, 1, "fairy-variants", &settings);
            let mut plain = start.to_owned();
            for (version, (l1, c1, l2, c2, text)) in edits.into_iter().enumerate() {
                let from = naive_offset(&plain, l1, c1);
                let to = naive_offset(&plain, l2, c2).max(from);
                plain.replace_range(from..to, &text);
                let change = TextDocumentContentChangeEvent {
                    range: Some(Range {
                        start: Position { line: l1, character: c1 },
                        end: Position { line: l2, character: c2 },
                    }),
                    range_length: None,
                    text,
                };
                open.apply(vec![change], version as i32 + 2, Encoding::Utf16, &settings);
                prop_assert_eq!(open.document.text().to_string(), plain.clone());
                let fresh = Open::new(&uri, &plain, open.version, "fairy-variants", &settings);
                prop_assert_eq!(open.document.analysis(), fresh.document.analysis());
                prop_assert_eq!(
                    diagnostics(&open.document, Encoding::Utf16),
                    diagnostics(&fresh.document, Encoding::Utf16)
                );
            }
        }
    }
}
