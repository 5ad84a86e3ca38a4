//! Open documents and settings. Each document is the syntax crate's `ide::Document` (a rope
//! and its analysis, kept in step with every edit) with the version the client gave it.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use betza_syntax::analysis::{DEFAULT_MAX_FINDINGS, Options, findings_limit};
use betza_syntax::board::BoardSize;
use betza_syntax::ide::{self, HoverOptions};
use betza_syntax::lint::Engine;
use betza_syntax::quote::{length_if_cut, shortened};
use betza_syntax::{Dialect, Severity};
use serde::Deserialize;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{TextDocumentContentChangeEvent, Uri};

use super::position::{Encoding, to_offset};

/// What the server knows: the open documents, the settings, and what the client can do.
#[derive(Debug, Default)]
pub struct State {
    pub documents: HashMap<Uri, Open>,
    pub settings: Settings,
    pub encoding: Option<Encoding>,
    /// Whether the client shows a document it is asked to (`window/showDocument`); one that
    /// does not opens the explanation from the command's result itself.
    pub shows_documents: bool,
    /// Whether completion labels say what each letter is, for a client whose list shows only
    /// labels and kinds (Helix 25: neither `labelDetails` nor `detail`).
    pub described_labels: bool,
    /// Whether the client asks for each document's diagnostics (`textDocument/diagnostic`)
    /// rather than waiting for them to be sent.
    pub pulls_diagnostics: bool,
    /// Whether the client asks again for every document's diagnostics when told they changed
    /// (`workspace/diagnostic/refresh`).
    pub refreshes_diagnostics: bool,
    /// What was wrong with the initialization options, said once the client is initialized.
    pub settings_problems: Vec<String>,
}

/// Runs `work` on `state`, turning a panic into an internal error.
pub fn run_on<T>(
    state: &Mutex<State>,
    name: &str,
    work: impl FnOnce(&mut State) -> Result<T>,
) -> Result<T> {
    let mut state = locked(state);
    match catch_unwind(AssertUnwindSafe(|| work(&mut state))) {
        Ok(result) => result,
        Err(_) => {
            say!("betza lsp: {name} failed unexpectedly; the request is answered with an error");
            Err(Error::internal_error())
        }
    }
}

/// A lock taken even when a panic left it poisoned (what it guards is whole between changes).
pub fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One open document. Requests read it on the blocking pool, each through its own handle;
/// an edit changes it in place once they are done (see the backend).
#[derive(Debug)]
pub struct Open {
    pub document: Arc<ide::Document>,
    pub version: i32,
    /// Which analysis the document holds, unique in the process: a list of diagnostics made
    /// from it need not be sent again (see `publishing`).
    pub analysis: u64,
}

/// The analyses made so far, for [`Open::analysis`].
static ANALYSES: AtomicU64 = AtomicU64::new(0);

fn next_analysis() -> u64 {
    ANALYSES.fetch_add(1, Ordering::Relaxed)
}

impl Open {
    pub fn new(uri: &Uri, text: String, version: i32, language: &str, settings: &Settings) -> Self {
        Open {
            document: Arc::new(ide::Document::of_text(
                uri.path().as_str(),
                language,
                text,
                &settings.options(),
            )),
            version,
            analysis: next_analysis(),
        }
    }

    /// Analyses the document again with `options` (the settings changed).
    pub fn reanalyse(&mut self, options: &Options) {
        Arc::make_mut(&mut self.document).reanalyse(options);
        self.analysis = next_analysis();
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
                    edits.replace_all(change.text);
                    continue;
                };
                let end_of = edits.text().len_bytes();
                let start = to_offset(edits.text(), range.start, encoding).unwrap_or(end_of);
                let end = to_offset(edits.text(), range.end, encoding).unwrap_or(end_of);
                edits.replace(start, end, &change.text);
            }
        });
        self.version = version;
        self.analysis = next_analysis();
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
    /// The most findings a document shows, the first in file order (0: no limit; absent: the
    /// library's default).
    pub max_findings: Option<usize>,
}

/// Problems said at most, of one set of settings: a client can send a million unknown rule
/// codes.
const PROBLEMS_SAID: usize = 10;

/// What is wrong with some settings: the first [`PROBLEMS_SAID`] problems, and how many more.
#[derive(Debug, Default)]
struct Problems {
    said: Vec<String>,
    more: usize,
}

impl Problems {
    fn push(&mut self, problem: String) {
        if self.said.len() < PROBLEMS_SAID {
            self.said.push(problem);
        } else {
            self.more += 1;
        }
    }

    fn into_said(mut self) -> Vec<String> {
        if self.more > 0 {
            self.said.push(format!("and {} more", self.more));
        }
        self.said
    }
}

/// Why `text` does not parse as a `T`, in the parser's words.
fn parse_error<T: std::str::FromStr<Err: std::fmt::Display>>(text: &str) -> Option<String> {
    text.parse::<T>().err().map(|error| error.to_string())
}

impl Settings {
    /// The settings a client sent, each field read on its own: a field of the wrong type or
    /// with a value nothing reads (a dialect, board, engine, rule code or level unknown) is left
    /// at its default and said, and the others are kept.
    pub fn read(value: &serde_json::Value) -> (Settings, Vec<String>) {
        let mut problems = Problems::default();
        let Some(object) = value.as_object() else {
            if !value.is_null() {
                problems.push("the settings are not an object".to_owned());
            }
            return (Settings::default(), problems.into_said());
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
            max_findings: typed(field("maxFindings"), "maxFindings", &mut problems),
        };
        settings.check_values(&mut problems);
        (settings, problems.into_said())
    }

    /// Says each value nothing reads.
    fn check_values(&self, problems: &mut Problems) {
        let mut check = |key: &str, text: &str, reads: &dyn Fn(&str) -> Option<String>| {
            if let Some(problem) = not_read(key, text, reads) {
                problems.push(problem);
            }
        };
        if let Some(dialect) = &self.dialect {
            check("dialect", dialect, &parse_error::<Dialect>);
        }
        if let Some(board) = &self.board_size {
            check("boardSize", board, &parse_error::<BoardSize>);
        }
        for engine in self.engines.iter().flatten() {
            check("engines", engine, &parse_error::<Engine>);
        }
        for (code, level) in &self.rules {
            check("rules", code, &|t| {
                (betza_syntax::diagnostic::lookup(t).is_none())
                    .then(|| format!("`{t}` is not a diagnostic code"))
            });
            check(&format!("rules.{}", shortened(code)), level, &|t| {
                let error = if t == "off" {
                    None
                } else {
                    parse_error::<Severity>(t)
                };
                error.map(|e| format!("{e}, or off"))
            });
        }
    }

    pub fn options(&self) -> Options {
        Options {
            default_dialect: self
                .dialect
                .as_deref()
                .and_then(|d| d.parse().ok())
                .unwrap_or_default(),
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
            max_findings: self
                .max_findings
                .map_or(Some(DEFAULT_MAX_FINDINGS), findings_limit),
            board: self.board(),
            position: None,
        }
    }

    /// The board the user asked diagrams to be drawn on (`boardSize`), which findings then
    /// speak of too.
    fn board(&self) -> Option<BoardSize> {
        self.board_size
            .as_deref()
            .and_then(|b| b.parse::<BoardSize>().ok())
    }

    pub fn hover(&self) -> HoverOptions {
        HoverOptions {
            board: self.board(),
            image: self.hover_image,
            start_position: self.start_position.unwrap_or(true),
        }
    }
}

/// What is wrong with `text`, a value of the setting `key`, as `reads` says (`None`: nothing).
/// The user's text is quoted by its ends and its length said: `reads` quotes the text it is
/// given, so it is given the text shortened to say why.
fn not_read(key: &str, text: &str, reads: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    reads(text)?;
    let shown = shortened(text);
    // The shortened text is read the same (an ellipsis or a control picture reads as nothing).
    let why = reads(&shown).unwrap_or_else(|| format!("`{shown}` is not read"));
    Some(format!("`{key}`: {why}{}", length_if_cut(text)))
}

/// A settings field read as its type, or `None` (said in `problems`) when it is not one.
fn typed<T: serde::de::DeserializeOwned>(
    value: Option<serde_json::Value>,
    key: &str,
    problems: &mut Problems,
) -> Option<T> {
    let value = value?;
    let read = |value: &serde_json::Value| T::deserialize(value).map_err(|e| e.to_string());
    match read(&value) {
        Ok(read) => Some(read),
        Err(error) => {
            // serde's message quotes a text of the wrong type whole.
            let problem = match &value {
                serde_json::Value::String(text) => not_read(key, text, &|t| {
                    read(&serde_json::Value::String(t.to_owned())).err()
                }),
                _ => Some(format!("`{key}`: {error}")),
            };
            if let Some(problem) = problem {
                problems.push(problem);
            }
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

    /// Issue 41: every echo of the user's text in a settings problem is bounded, whatever the
    /// field; `maxFindings` feeds the analysis (0: no limit).
    #[test]
    fn settings_problems_quote_long_text_by_its_ends() {
        let long = "é".repeat(1_000_000);
        let sent = serde_json::json!({
            "dialect": long,
            "boardSize": long,
            "engines": [long],
            "rules": { long.clone(): long },
            "hoverImage": long,
            "maxFindings": long,
        });
        let (settings, problems) = Settings::read(&sent);
        assert_eq!(problems.len(), 7, "{problems:?}");
        for problem in &problems {
            assert!(problem.chars().count() < 300, "{problem}");
            assert!(
                problem.ends_with("; it is 1000000 characters long"),
                "{problem}"
            );
        }
        assert_eq!(settings.options().max_findings, Some(3000));
        let read = |value| Settings::read(&value).0.options().max_findings;
        assert_eq!(read(serde_json::json!({ "maxFindings": 0 })), None);
        assert_eq!(read(serde_json::json!({ "maxFindings": 12 })), Some(12));
        let (_, problems) = Settings::read(&serde_json::json!({ "maxFindings": -1 }));
        assert_eq!(problems.len(), 1, "{problems:?}");
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
            let mut open = Open::new(&uri, start.to_owned(), 1, "fairy-variants", &settings);
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
                let fresh = Open::new(&uri, plain.clone(), open.version, "fairy-variants", &settings);
                prop_assert_eq!(open.document.analysis(), fresh.document.analysis());
                prop_assert_eq!(
                    diagnostics(&open.document, Encoding::Utf16),
                    diagnostics(&fresh.document, Encoding::Utf16)
                );
            }
        }
    }
}
