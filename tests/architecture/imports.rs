//! The import graph of a crate's production code, read from its source text: every path that
//! starts with `crate::`, `super::` or `self::` (in `use` trees and inline), and every path
//! through a child module the file declares, resolved to the file that defines the item (a
//! `pub use` re-export is followed to where the item is defined). Test code is left out: files
//! named `tests.rs`, modules declared under `#[cfg(test)]`, and `#[cfg(test)]` items.

use std::collections::{BTreeMap, BTreeSet};

/// A crate's files by module path (`["board", "walk"]` for `board/walk/mod.rs`), with their
/// text stripped of comments, string literals and test code.
#[derive(Debug, Default)]
pub struct Crate {
    pub files: BTreeMap<Vec<String>, File>,
}

#[derive(Debug)]
pub struct File {
    /// The path shown in messages, from the repository's root.
    pub shown: String,
    pub code: String,
}

/// An import of one file by another: `from` takes `item` from `to`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Import {
    pub from: Vec<String>,
    pub to: Vec<String>,
    pub item: String,
}

impl Crate {
    /// The crate whose source folder is `root` (from the repository's root), from
    /// `(path relative to root, text)` pairs: its production files only.
    pub fn new(root: &str, sources: &[(String, String)]) -> Crate {
        let mut all = BTreeMap::new();
        for (path, text) in sources {
            all.insert(module_path(path), (path.clone(), text.as_str()));
        }
        let test_only = test_modules(&all);
        let mut files = BTreeMap::new();
        for (module, (path, text)) in &all {
            let is_test = path.ends_with("tests.rs")
                || test_only
                    .iter()
                    .any(|test| module.starts_with(test) && !test.is_empty());
            if is_test {
                continue;
            }
            let code = without_test_items(&without_comments_and_strings(text));
            files.insert(
                module.clone(),
                File {
                    shown: format!("{root}/{path}"),
                    code,
                },
            );
        }
        Crate { files }
    }

    /// Every import between two different production files.
    pub fn imports(&self) -> BTreeSet<Import> {
        let mut imports = BTreeSet::new();
        for (module, file) in &self.files {
            for path in paths(&file.code) {
                let Some(absolute) = self.absolute(module, file, &path) else {
                    continue;
                };
                if let Some((to, item)) = self.resolve(&absolute, 0)
                    && &to != module
                {
                    imports.insert(Import {
                        from: module.clone(),
                        to,
                        item,
                    });
                }
            }
        }
        imports
    }

    /// `path` as written in the file of `module`, from the crate root; `None` for a path
    /// into another crate.
    fn absolute(&self, module: &[String], file: &File, path: &[String]) -> Option<Vec<String>> {
        // The module a `super` or a child name is relative to: a `mod.rs` is its folder.
        let own: Vec<String> = module.to_vec();
        let (first, rest) = path.split_first()?;
        match first.as_str() {
            "crate" => Some(rest.to_vec()),
            "self" => Some([own, rest.to_vec()].concat()),
            "super" => {
                let mut base = own;
                base.pop();
                let mut rest = rest;
                while let Some((next, after)) = rest.split_first()
                    && next == "super"
                {
                    base.pop();
                    rest = after;
                }
                Some([base, rest.to_vec()].concat())
            }
            _ => {
                // A child module the file declares (`grammar::piece`, `use lower::lower`).
                let child = [own, vec![first.clone()]].concat();
                let declared = self.files.contains_key(&child)
                    && declares(&file.code, first)
                    && rest.iter().all(|segment| !segment.is_empty());
                declared.then(|| [child, rest.to_vec()].concat())
            }
        }
    }

    /// The file that defines what `path` names, and the item's name (empty for a module).
    fn resolve(&self, path: &[String], depth: usize) -> Option<(Vec<String>, String)> {
        let known = (0..=path.len())
            .rev()
            .find(|&k| self.files.contains_key(&path[..k]))?;
        let module = path[..known].to_vec();
        let rest: Vec<&String> = path[known..].iter().filter(|s| *s != "self").collect();
        let Some(item) = rest.first() else {
            return Some((module, String::new()));
        };
        let file = &self.files[&module];
        if defines(&file.code, item) || depth > 8 {
            return Some((module, (*item).clone()));
        }
        for export in re_exports(&file.code) {
            let named = export
                .last()
                .is_some_and(|last| last == *item || last == "*");
            if !named {
                continue;
            }
            let mut target = export.clone();
            if target.last().is_some_and(|last| last == "*") {
                target.pop();
                target.push((*item).clone());
            }
            let Some(absolute) = self.absolute(&module, file, &target) else {
                // Re-exported from another crate (`pub use rowan::TextRange`).
                return None;
            };
            if let Some(found) = self.resolve(&absolute, depth + 1)
                && found.0 != module
            {
                return Some(found);
            }
        }
        Some((module, (*item).clone()))
    }

    pub fn shown(&self, module: &[String]) -> &str {
        self.files
            .get(module)
            .map_or("?", |file| file.shown.as_str())
    }
}

/// `board/walk/mod.rs` → `["board", "walk"]`; `lib.rs` → `[]`.
fn module_path(path: &str) -> Vec<String> {
    let without = path.strip_suffix(".rs").unwrap_or(path);
    let mut segments: Vec<String> = without.split('/').map(str::to_owned).collect();
    if segments
        .last()
        .is_some_and(|last| ["mod", "lib", "main"].contains(&last.as_str()))
    {
        segments.pop();
    }
    segments
}

/// The modules declared under `#[cfg(test)]` (`#[cfg(test)] mod tests;`), everywhere.
fn test_modules(all: &BTreeMap<Vec<String>, (String, &str)>) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (module, (_, text)) in all {
        let code = without_comments_and_strings(text);
        let mut rest = code.as_str();
        while let Some(at) = rest.find("#[cfg(test)]") {
            rest = &rest[at + "#[cfg(test)]".len()..];
            let item = skip_attributes(rest);
            let item = item
                .trim_start()
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub ");
            if let Some(declared) = item.strip_prefix("mod ") {
                let name: String = declared.chars().take_while(|c| is_ident(*c)).collect();
                out.push([module.clone(), vec![name]].concat());
            }
        }
    }
    out
}

fn skip_attributes(mut text: &str) -> &str {
    loop {
        let trimmed = text.trim_start();
        if !trimmed.starts_with("#[") {
            return trimmed;
        }
        let Some(end) = trimmed.find(']') else {
            return trimmed;
        };
        text = &trimmed[end + 1..];
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The text with comments and the contents of string and character literals blanked, so
/// that a path in a doc comment or a message is not read as an import.
pub fn without_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !prev_is_ident(&chars, i) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{1F600}') or a lifetime ('a).
            let closing = if next == Some('\\') {
                (i + 2..chars.len().min(i + 12)).find(|&j| chars[j] == '\'')
            } else {
                (chars.get(i + 2) == Some(&'\'')).then_some(i + 2)
            };
            match closing {
                Some(end) => {
                    out.push_str("' '");
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(chars: &[char], i: usize) -> bool {
    i > 0 && is_ident(chars[i - 1])
}

/// The code without the items marked `#[cfg(test)]` (a `mod tests { … }`, a `use`, a
/// `thread_local!`): from the attribute to the item's `;` or its closing brace.
fn without_test_items(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let end = item_end(item);
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// The length of the item starting at `item` (its attributes included).
fn item_end(item: &str) -> usize {
    let mut depth = 0usize;
    let mut in_attribute = 0usize;
    for (at, c) in item.char_indices() {
        match c {
            '[' => in_attribute += 1,
            ']' => in_attribute = in_attribute.saturating_sub(1),
            ';' if depth == 0 && in_attribute == 0 => return at + 1,
            '{' | '(' if in_attribute == 0 => depth += 1,
            '}' | ')' if in_attribute == 0 => {
                depth = depth.saturating_sub(1);
                if depth == 0 && c == '}' {
                    return at + 1;
                }
            }
            _ => {}
        }
    }
    item.len()
}

/// Whether the code declares a child module `name` (`mod name;`, `pub mod name;`).
fn declares(code: &str, name: &str) -> bool {
    code.split([';', '{', '}']).any(|statement| {
        let words: Vec<&str> = statement.split_whitespace().collect();
        words.len() >= 2 && words[words.len() - 2] == "mod" && words[words.len() - 1] == name
    })
}

/// Whether the code defines an item named `name`.
fn defines(code: &str, name: &str) -> bool {
    const KINDS: [&str; 10] = [
        "fn",
        "struct",
        "enum",
        "trait",
        "type",
        "const",
        "static",
        "union",
        "mod",
        "macro_rules!",
    ];
    let tokens = tokens(code);
    tokens
        .windows(2)
        .any(|pair| KINDS.contains(&pair[0].as_str()) && pair[1] == name)
}

/// The code's words and punctuation, in order (`!` kept on `macro_rules!`).
fn tokens(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in code.chars() {
        if is_ident(c) || (c == '!' && word == "macro_rules") {
            word.push(c);
        } else {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            if !c.is_whitespace() {
                out.push(c.to_string());
            }
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// The paths of every private `use` tree (expanded) and every inline path in the code. A
/// `pub use` re-exports and is no use of its own: an import through it is followed to the
/// file that defines the item ([`Crate::resolve`]).
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for tree in use_trees(code, Visibility::Private) {
        out.extend(expand(&tree));
    }
    // Inline: `crate::a::b`, `super::a`, `child::item` (checked against declared children).
    let tokens = tokens(code);
    let mut i = 0;
    while i < tokens.len() {
        let starts = tokens[i]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && tokens.get(i + 1).is_some_and(|t| t == ":")
            && tokens.get(i + 2).is_some_and(|t| t == ":")
            && !(i >= 2 && tokens[i - 1] == ":" && tokens[i - 2] == ":");
        if !starts {
            i += 1;
            continue;
        }
        let mut path = vec![tokens[i].clone()];
        let mut j = i + 1;
        while tokens.get(j).is_some_and(|t| t == ":")
            && tokens.get(j + 1).is_some_and(|t| t == ":")
            && tokens
                .get(j + 2)
                .is_some_and(|t| t.chars().all(is_ident) && !t.is_empty())
        {
            path.push(tokens[j + 2].clone());
            j += 3;
        }
        // `crate::a::{…}` is a `use` tree, read above: its prefix alone names nothing.
        let opens_a_tree = tokens.get(j).is_some_and(|t| t == ":")
            && tokens.get(j + 1).is_some_and(|t| t == ":")
            && tokens.get(j + 2).is_some_and(|t| t == "{");
        if path.len() > 1 && !opens_a_tree {
            out.push(path);
        }
        i = j.max(i + 1);
    }
    out
}

#[derive(PartialEq)]
enum Visibility {
    /// `use`.
    Private,
    /// `pub use`, `pub(crate) use`, `pub(super) use`, `pub(in …) use`.
    Public,
}

/// The tokens of each `use …;` of the visibility asked for.
fn use_trees(code: &str, visibility: Visibility) -> Vec<Vec<String>> {
    let tokens = tokens(code);
    let mut out = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if token != "use" {
            continue;
        }
        let visibility_ends_at = |n: usize| i >= n && tokens[i - n] == "pub";
        let public = visibility_ends_at(1)
            || (i >= 1 && tokens[i - 1] == ")" && (visibility_ends_at(4) || visibility_ends_at(6)));
        if public != (visibility == Visibility::Public) {
            continue;
        }
        out.push(
            tokens[i + 1..]
                .iter()
                .take_while(|t| *t != ";")
                .cloned()
                .collect(),
        );
    }
    out
}

/// The paths a `pub use` in the code re-exports (`*` ending a glob).
fn re_exports(code: &str) -> Vec<Vec<String>> {
    use_trees(code, Visibility::Public)
        .iter()
        .flat_map(|tree| expand(tree))
        .collect()
}

/// A `use` tree (`crate::a::{b, c::d as e}`) as the paths it names: `crate::a::b` and
/// `crate::a::c::d` (an alias names the same item).
fn expand(tree: &[String]) -> Vec<Vec<String>> {
    fn group(tree: &[String], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        let done = |path: &mut Vec<String>, out: &mut Vec<Vec<String>>| {
            if path.len() > prefix.len() {
                out.push(std::mem::replace(path, prefix.to_vec()));
            }
        };
        while let Some(token) = tree.get(*at) {
            *at += 1;
            match token.as_str() {
                "{" => {
                    group(tree, at, &path, out);
                    path = prefix.to_vec();
                }
                "}" => break,
                "," => done(&mut path, out),
                ":" => {}
                "as" => *at += 1,
                word => path.push(word.to_owned()),
            }
        }
        done(&mut path, out);
    }
    let mut out = Vec::new();
    group(tree, &mut 0, &[], &mut out);
    out
}
