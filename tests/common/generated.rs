//! The parts of the editor clients' files that are generated from the table of file kinds
//! (`betza_syntax::host::kinds`): each editor's test renders its parts and fails when a file
//! differs, saying the command that writes them (`UPDATE_EDITORS=1`, which rewrites the parts
//! in place instead of failing).

use std::path::{Path, PathBuf};

/// Where the table is, as the generated parts name it.
pub const SOURCE: &str = "syntax/src/host/kinds.rs";

/// The command that writes the parts that `test` (a test binary of betza-server) checks.
pub fn command(test: &str) -> String {
    format!("UPDATE_EDITORS=1 cargo test -p betza-server --test {test} generated_lists")
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The text of a file of the workspace.
pub fn read(relative: &str) -> String {
    let path = workspace().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The line that opens a generated part, in the file's comment syntax.
fn begin_line(comment: &str, test: &str) -> String {
    format!(
        "{comment} Generated from {SOURCE} by `{}`: edit the table, not this part.",
        command(test)
    )
}

/// The line that closes a generated part.
fn end_line(comment: &str) -> String {
    format!("{comment} End of the generated part.")
}

/// `text` with the part between its begin and end lines (comments `comment`) made `body`.
fn with_block(text: &str, comment: &str, test: &str, body: &str) -> String {
    let opening = format!("{comment} Generated from {SOURCE}");
    let begin = text
        .find(&opening)
        .unwrap_or_else(|| panic!("no line `{opening} …` opens the generated part"));
    let end_line = end_line(comment);
    let end = text[begin..]
        .find(&end_line)
        .map(|at| begin + at + end_line.len())
        .unwrap_or_else(|| panic!("no line `{end_line}` closes the generated part"));
    format!(
        "{}{}\n{body}{end_line}{}",
        &text[..begin],
        begin_line(comment, test),
        &text[end..]
    )
}

/// [`check`] of the file at `relative` whose marked part (comments `comment`) is `body`.
pub fn check_part(relative: &str, comment: &str, test: &str, body: &str) {
    check(
        relative,
        test,
        &with_block(&read(relative), comment, test, body),
    );
}

/// Passes when the file at `relative` reads `expected`; with `UPDATE_EDITORS=1` writes it
/// instead; else fails, showing the first line that differs.
pub fn check(relative: &str, test: &str, expected: &str) {
    let actual = read(relative);
    if actual == expected {
        return;
    }
    if std::env::var("UPDATE_EDITORS").is_ok_and(|value| value == "1") {
        std::fs::write(workspace().join(relative), expected).expect("writes the generated part");
        return;
    }
    let differs = actual
        .lines()
        .zip(expected.lines())
        .position(|(a, e)| a != e)
        .unwrap_or_else(|| actual.lines().count().min(expected.lines().count()));
    panic!(
        "{relative} is not what {SOURCE} gives (line {}: `{}`, expected `{}`); `{}` writes it",
        differs + 1,
        actual.lines().nth(differs).unwrap_or_default(),
        expected.lines().nth(differs).unwrap_or_default(),
        command(test)
    );
}

/// Words joined by spaces into lines at most `width` wide, each after `indent`.
// Neovim's and Emacs's lists of built-in variants are wrapped; Helix's and VS Code's are not.
#[allow(dead_code)]
pub fn wrapped(words: &[String], indent: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in words {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(format!("{indent}{word}")),
        }
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

/// The lists of words an editor that reads an `.ini` itself recognises a variants file by
/// (`IniContent`), in lower case, each with its name (upper snake case) and what it holds.
// Neovim and Emacs read content themselves; Helix and VS Code ask the server.
#[allow(dead_code)]
pub fn content_lists(
    content: &betza_syntax::host::kinds::IniContent,
) -> [(&'static str, &'static str, Vec<String>); 3] {
    let lower = |words: Vec<&str>| words.iter().map(|w| w.to_ascii_lowercase()).collect();
    [
        (
            "KEYS",
            "The keys of Fairy-Stockfish's options that only a variants file has, in lower case.",
            lower((content.keys)()),
        ),
        (
            "PIECE_KEYS",
            "Its pieces named by a plain word, which count with a letter as their value.",
            lower((content.piece_keys)()),
        ),
        (
            "SWITCH_KEYS",
            "Its rules named by a plain word, which count with the value true or false.",
            lower((content.switch_keys)()),
        ),
    ]
}
