//! Open documents and settings. Documents are kept as ropes, so an edit costs the same in a
//! large file as in a small one; every edit is applied in order and the part of the document it
//! changed is analysed again, read from the rope.

use std::collections::HashMap;

use betza_syntax::board::BoardSize;
use betza_syntax::document::{self, Analysis, Options, RegionCache};
use betza_syntax::host::{self, HostFormat};
use betza_syntax::lint::Engine;
use betza_syntax::{Dialect, Severity};
use ropey::Rope;
use serde::Deserialize;
use tower_lsp_server::ls_types::{TextDocumentContentChangeEvent, Uri};

use super::handlers::diagnostics::SentFindings;
use super::position::{Encoding, to_offset};

/// One open document.
#[derive(Debug)]
pub struct Document {
    pub rope: Rope,
    pub version: i32,
    pub format: Option<HostFormat>,
    pub analysis: Option<Analysis>,
    /// Findings per Betza string, so an edit re-analyses only the strings it changed.
    cache: RegionCache,
    /// The findings as last sent to the client.
    pub sent: SentFindings,
}

impl Document {
    pub fn new(uri: &Uri, text: String, version: i32, language: &str, settings: &Settings) -> Self {
        let mut document = Document {
            rope: Rope::from_str(&text),
            version,
            format: format_of(uri, language, &text),
            analysis: None,
            cache: RegionCache::default(),
            sent: SentFindings::default(),
        };
        document.analyse(&text, settings);
        document
    }

    /// Applies edits in order (a change without a range replaces everything). An edit inside
    /// one Betza string, or one section body of a `variants.ini`, re-analyses only that part
    /// (`Analysis::apply_edit`) and the findings sent are kept in step; other edits analyse the
    /// file again.
    pub fn apply(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
        encoding: Encoding,
        settings: &Settings,
    ) {
        let options = settings.options();
        let mut full = false;
        for change in changes {
            let Some(range) = change.range else {
                self.rope = Rope::from_str(&change.text);
                full = true;
                continue;
            };
            let end_of = self.rope.len_bytes();
            let start = to_offset(&self.rope, range.start, encoding).unwrap_or(end_of);
            let end = to_offset(&self.rope, range.end, encoding)
                .unwrap_or(end_of)
                .max(start);
            let (start_char, end_char) =
                (self.rope.byte_to_char(start), self.rope.byte_to_char(end));
            let (edit_line, line_count) = (self.rope.byte_to_line(end), self.rope.len_lines());
            // Both offsets come from the rope itself, on character boundaries: neither fails.
            let _ = self.rope.try_remove(start_char..end_char);
            let _ = self.rope.try_insert(start_char, &change.text);
            let lines_added = self.rope.len_lines() as isize - line_count as isize;
            let splice = self
                .analysis
                .as_mut()
                .filter(|_| !full)
                .and_then(|analysis| {
                    analysis.apply_edit(
                        &self.rope,
                        (start, end),
                        &change.text,
                        &options,
                        &mut self.cache,
                    )
                });
            match splice {
                Some(splice) => self.sent.follow(splice, edit_line, lines_added),
                None => full = true,
            }
        }
        self.version = version;
        if full {
            self.analyse(&self.rope.to_string(), settings);
        }
    }

    /// Analyses all of `text`, the document's text as one string.
    fn analyse(&mut self, text: &str, settings: &Settings) {
        self.sent.forget();
        let options = settings.options();
        self.analysis = self
            .format
            .map(|format| document::analyse_cached(format, text, &options, &mut self.cache));
    }

    /// Analyses everything again, after the settings changed.
    pub fn reanalyse(&mut self, settings: &Settings) {
        self.cache = RegionCache::default();
        self.analyse(&self.rope.to_string(), settings);
    }
}

/// The host format of a document, from its name, else from the editor's language id.
fn format_of(uri: &Uri, language: &str, text: &str) -> Option<HostFormat> {
    let path = uri.path().to_string();
    host::detect(&path, text).or(match language {
        "fairy-variants" | "ini" => Some(HostFormat::VariantsIni),
        "pgn" => Some(HostFormat::Pgn),
        "ccif" | "xml" => Some(HostFormat::Cif),
        "mbn" => Some(HostFormat::Mbn),
        _ => Some(HostFormat::Betza),
    })
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
}

impl Settings {
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

    pub fn board(&self) -> Option<BoardSize> {
        self.board_size.as_deref().and_then(|b| b.parse().ok())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use tower_lsp_server::ls_types::{Position, Range, TextDocumentContentChangeEvent};

    use super::{Document, Settings};
    use crate::lsp::handlers::diagnostics::deltas::apply;
    use crate::lsp::handlers::diagnostics::tests::params_of;
    use crate::lsp::handlers::diagnostics::{Delivery, publish_frame};
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

    /// An edit, and whether the diagnostics are published after it (editors send several
    /// edits between two publishes).
    fn edit_strategy() -> impl Strategy<Value = (u32, u32, u32, u32, String, bool)> {
        let text = prop::collection::vec(
            prop::sample::select(vec![
                'a', 'W', 'f', 'm', '\n', '\r', ' ', '😀', 'é', ':', '=', '[', ']',
            ]),
            0..6,
        )
        .prop_map(|c| c.into_iter().collect::<String>());
        (0u32..7, 0u32..12, 0u32..7, 0u32..12, text, any::<bool>())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Random edit sequences through the server's document equal the same edits applied to
        /// a plain string, and after each the analysis, and the diagnostics when sent (made
        /// partly from those sent before), equal fresh ones; so does the list of a client that
        /// takes them as deltas.
        #[test]
        fn edits_match_a_plain_string(edits in prop::collection::vec(edit_strategy(), 1..12)) {
            let settings = Settings::default();
            let uri = "file:///p/variants.ini".parse().expect("uri");
            let start = "[v:chess]\ncustomPiece1 = x:mfW\r\nking = k:WF\n[w:v]\ncustomPiece2 = y:lvF\ncustomPiece3 = z:NN\n";
            let mut document = Document::new(&uri, start.to_owned(), 1, "fairy-variants", &settings);
            let mut by_deltas = Document::new(&uri, start.to_owned(), 1, "fairy-variants", &settings);
            let first = publish_frame(&uri, Some(&mut by_deltas), Encoding::Utf16, Delivery::Deltas);
            let mut client_list = apply(&[], &params_of(&first)).expect("a delta");
            let mut plain = start.to_owned();
            for (version, (l1, c1, l2, c2, text, publish)) in edits.into_iter().enumerate() {
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
                document.apply(vec![change.clone()], version as i32 + 2, Encoding::Utf16, &settings);
                by_deltas.apply(vec![change], version as i32 + 2, Encoding::Utf16, &settings);
                prop_assert_eq!(document.rope.to_string(), plain.clone());
                let mut fresh = Document::new(&uri, plain.clone(), document.version, "fairy-variants", &settings);
                prop_assert_eq!(&document.analysis, &fresh.analysis);
                if !publish {
                    continue;
                }
                let sent = publish_frame(&uri, Some(&mut document), Encoding::Utf16, Delivery::Whole);
                let fresh_sent = publish_frame(&uri, Some(&mut fresh), Encoding::Utf16, Delivery::Whole);
                prop_assert_eq!(String::from_utf8_lossy(sent.as_bytes()), String::from_utf8_lossy(fresh_sent.as_bytes()));
                let delta = publish_frame(&uri, Some(&mut by_deltas), Encoding::Utf16, Delivery::Deltas);
                client_list = apply(&client_list, &params_of(&delta)).expect("a delta");
                prop_assert_eq!(serde_json::Value::from(client_list.clone()), params_of(&fresh_sent)["diagnostics"].clone());
            }
        }
    }
}
