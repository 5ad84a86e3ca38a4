//! The languages of editors/helix/languages.toml, rendered from the table of file kinds.

use betza_syntax::host::kinds;

use crate::generated;

const FILE: &str = "editors/helix/languages.toml";

fn quoted(words: &[&str]) -> String {
    let words: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    words.join(", ")
}

/// One `[[language]]` a kind, served by betza. Helix chooses by name alone, and a glob's `*`
/// matches `/` too: a shared extension's files are claimed only when the name ends in the
/// word (`*variants.ini`), so a folder named `variants` claims nothing.
fn block() -> String {
    let languages: Vec<String> = kinds()
        .map(|kind| {
            let mut file_types: Vec<String> =
                kind.extensions.iter().map(|e| format!("\"{e}\"")).collect();
            if let Some(shared) = kind.shared {
                file_types.push(format!(
                    "{{ glob = \"*{}.{}\" }}",
                    shared.name_word, shared.extension
                ));
            }
            let comments = if kind.line_comments.is_empty() {
                String::new()
            } else {
                format!("comment-tokens = [{}]\n", quoted(kind.line_comments))
            };
            format!(
                "[[language]]\nname = \"{id}\"\nscope = \"source.{id}\"\nfile-types = [{}]\n\
                 {comments}roots = []\nlanguage-servers = [\"betza\"]\n",
                file_types.join(", "),
                id = kind.language,
            )
        })
        .collect();
    languages.join("\n")
}

pub fn check() {
    generated::check_part(FILE, "#", "helix", &block());
}
