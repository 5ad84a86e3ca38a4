//! The VS Code extension's file lists, rendered from the table of file kinds: in package.json
//! the languages, the activation events and the Explain menus' `when`, and in
//! src/fileKinds.ts the languages the client sends to the server.

use std::ops::Range;

use betza_syntax::host::{FileKind, HostFormat, kinds};
use serde::Serialize;

use crate::generated;

const MANIFEST: &str = "vscode-extension/package.json";
const FILE_KINDS: &str = "vscode-extension/src/fileKinds.ts";

/// VS Code's id for INI, which a variants file of another name opens as: the extension
/// activates on it to ask the server about the file (src/iniFiles.ts).
const INI: &str = "ini";

/// Kinds whose language other VS Code extensions provide (PGN): the extension claims none of
/// their files, which keep their language, and the client sends them to the server by name.
fn left_to_other_extensions(kind: &FileKind) -> bool {
    kind.format == HostFormat::Pgn
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Language {
    id: &'static str,
    aliases: [&'static str; 2],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    extensions: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    filenames: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    filename_patterns: Vec<String>,
    configuration: String,
}

fn languages() -> Vec<Language> {
    kinds()
        .filter(|kind| !left_to_other_extensions(kind))
        .map(|kind| {
            let names = kind.shared.map(|shared| {
                (
                    format!("{}.{}", shared.name_word, shared.extension),
                    format!("*{}*.{}", shared.name_word, shared.extension),
                )
            });
            Language {
                id: kind.language,
                aliases: [kind.title, kind.language],
                extensions: kind.extensions.iter().map(|e| format!(".{e}")).collect(),
                filenames: names.iter().map(|(name, _)| name.clone()).collect(),
                filename_patterns: names.into_iter().map(|(_, pattern)| pattern).collect(),
                configuration: format!("./language-configuration/{}.json", kind.language),
            }
        })
        .collect()
}

fn activation_events() -> Vec<String> {
    assert!(
        kinds()
            .filter_map(|kind| kind.shared)
            .any(|shared| shared.host_languages.contains(&INI)),
        "the server reads an `{INI}` document by its content"
    );
    kinds()
        .map(|kind| kind.language)
        .chain([INI])
        .map(|language| format!("onLanguage:{language}"))
        .collect()
}

/// Where the Explain command is offered: the extension's languages, and the files of the
/// others by their extension.
fn explain_when() -> String {
    let conditions: Vec<String> = kinds()
        .flat_map(|kind| {
            if left_to_other_extensions(kind) {
                kind.extensions
                    .iter()
                    .map(|e| format!("resourceExtname == .{e}"))
                    .collect()
            } else {
                vec![format!("editorLangId == {}", kind.language)]
            }
        })
        .collect();
    conditions.join(" || ")
}

/// The byte after the JSON value that starts at `at`.
fn value_end(text: &[u8], at: usize) -> usize {
    match text[at] {
        b'"' => {
            let mut i = at + 1;
            while text[i] != b'"' {
                i += if text[i] == b'\\' { 2 } else { 1 };
            }
            i + 1
        }
        b'{' | b'[' => {
            let mut i = at + 1;
            loop {
                i = space_end(text, i);
                match text[i] {
                    b'}' | b']' => return i + 1,
                    b',' | b':' => i += 1,
                    _ => i = value_end(text, i),
                }
            }
        }
        _ => (at..text.len())
            .find(|&i| matches!(text[i], b',' | b'}' | b']') || text[i].is_ascii_whitespace())
            .unwrap_or(text.len()),
    }
}

fn space_end(text: &[u8], at: usize) -> usize {
    (at..text.len())
        .find(|&i| !text[i].is_ascii_whitespace())
        .unwrap_or(text.len())
}

/// The bytes of the value at `path` in JSON `text`: object keys, or an array's index.
fn value_at(text: &str, path: &[&str]) -> Range<usize> {
    let bytes = text.as_bytes();
    let mut at = space_end(bytes, 0);
    for step in path {
        let mut i = space_end(bytes, at + 1);
        if bytes[at] == b'[' {
            let index: usize = step.parse().expect("an index into an array");
            for _ in 0..index {
                i = space_end(bytes, value_end(bytes, i));
                assert_eq!(bytes[i], b',', "{path:?}: the array is shorter");
                i = space_end(bytes, i + 1);
            }
        } else {
            loop {
                assert_eq!(bytes[i], b'"', "{path:?}: no key {step}");
                let key_end = value_end(bytes, i);
                let key: String = serde_json::from_str(&text[i..key_end]).expect("a key");
                i = space_end(bytes, space_end(bytes, key_end) + 1);
                if key == *step {
                    break;
                }
                i = space_end(bytes, value_end(bytes, i));
                if bytes[i] == b',' {
                    i = space_end(bytes, i + 1);
                }
            }
        }
        at = i;
    }
    at..value_end(bytes, at)
}

/// `text` with the value at `path` made `value`, written as npm writes package.json (two
/// spaces a level), at the indentation of the line it starts on.
fn with_value(text: &str, path: &[&str], value: &impl Serialize) -> String {
    let range = value_at(text, path);
    let line_start = text[..range.start].rfind('\n').map_or(0, |n| n + 1);
    let indent: String = text[line_start..]
        .chars()
        .take_while(|c| *c == ' ')
        .collect();
    let rendered = serde_json::to_string_pretty(value)
        .expect("JSON")
        .replace('\n', &format!("\n{indent}"));
    format!("{}{rendered}{}", &text[..range.start], &text[range.end..])
}

/// package.json as the table gives it.
fn expected_manifest() -> String {
    let mut text = generated::read(MANIFEST);
    text = with_value(&text, &["activationEvents"], &activation_events());
    text = with_value(&text, &["contributes", "languages"], &languages());
    for menu in ["commandPalette", "editor/context"] {
        let path = ["contributes", "menus", menu, "0", "when"];
        text = with_value(&text, &path, &explain_when());
    }
    serde_json::from_str::<serde_json::Value>(&text).expect("package.json stays JSON");
    text
}

fn quoted(words: impl IntoIterator<Item = String>) -> String {
    let words: Vec<String> = words.into_iter().map(|w| format!("\"{w}\"")).collect();
    words.join(", ")
}

/// src/fileKinds.ts's marked part as the table gives it.
fn file_kinds() -> String {
    let sent_by_name = kinds()
        .filter(|kind| left_to_other_extensions(kind))
        .flat_map(|kind| kind.extensions.iter().map(|e| e.to_string()));
    format!(
        "/** The language id of each kind of file the server reads. */\n\
         export const SERVER_LANGUAGES: readonly string[] = [{}];\n\n\
         /** Extensions whose files the server reads whatever their language: another \
         extension's. */\n\
         export const EXTENSIONS_SENT_BY_NAME: readonly string[] = [{}];\n",
        quoted(kinds().map(|kind| kind.language.to_owned())),
        quoted(sent_by_name),
    )
}

pub fn check() {
    generated::check(MANIFEST, "vscode", &expected_manifest());
    generated::check_part(FILE_KINDS, "//", "vscode", &file_kinds());
}
