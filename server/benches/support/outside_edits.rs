//! Where the latency bench types outside Betza strings in a generated `variants.ini`: a section
//! past the middle of the file, found by its lines, and the edits made in it.

use std::collections::HashSet;

/// A section of a variants.ini: its header's line, name and parent, and its body's lines.
struct Section<'a> {
    line: u32,
    name: &'a str,
    parent: Option<&'a str>,
    body: Vec<(u32, &'a str)>,
}

fn sections(text: &str) -> Vec<Section<'_>> {
    let mut sections: Vec<Section> = Vec::new();
    for (line, content) in (0..).zip(text.lines()) {
        if let Some(header) = content.strip_prefix('[') {
            let names = header.split(']').next().unwrap_or(header);
            let (name, parent) = match names.split_once(':') {
                Some((name, parent)) => (name, Some(parent)),
                None => (names, None),
            };
            sections.push(Section {
                line,
                name,
                parent,
                body: Vec::new(),
            });
        } else if let Some(section) = sections.last_mut() {
            section.body.push((line, content));
        }
    }
    sections
}

/// One edit outside Betza strings: what it is, and the character typed at a position.
pub struct OutsideEdit {
    pub what: String,
    pub at: (u32, u32),
    pub typed: &'static str,
}

/// A `key = value` line's key, its value, and the column the value starts at.
fn key_value(content: &str) -> Option<(&str, &str, u32)> {
    let (key, rest) = content.split_once('=')?;
    let value = rest.trim();
    let column = content.len() - rest.trim_start().len();
    (!key.starts_with('#')).then_some((key.trim(), value, column as u32))
}

/// The section the edits outside Betza strings are made in, and those edits: the first section
/// from the middle of the file on that sets a start position (so what it defines is read by its
/// children), has a comment among its keys and a number that is not the board's size, and has
/// children if any section has.
pub fn outside_edits(text: &str) -> Option<(String, Vec<OutsideEdit>)> {
    let sections = sections(text);
    let parents: HashSet<&str> = sections.iter().filter_map(|s| s.parent).collect();
    let middle = text.lines().count() as u32 / 2;
    sections
        .iter()
        .filter(|s| s.line >= middle && (parents.is_empty() || parents.contains(s.name)))
        .find_map(|section| {
            let body = &section.body;
            // A comment among the section's keys, not one heading the next section.
            let last_key = body.iter().rposition(|(_, c)| key_value(c).is_some())?;
            let &(comment, _) = body[..last_key].iter().find(|(_, c)| c.starts_with('#'))?;
            // A number that is not the board's size: typing a digit after it keeps the board
            // and the positions on it.
            let (number, (key, value, column)) = body.iter().find_map(|&(line, content)| {
                let (key, value, column) = key_value(content)?;
                let counts = !["maxRank", "maxFile"].contains(&key)
                    && !value.is_empty()
                    && value.bytes().all(|b| b.is_ascii_digit());
                counts.then_some((line, (key, value, column)))
            })?;
            let (fen, fen_column) = body.iter().find_map(|&(line, content)| {
                let (key, _, column) = key_value(content)?;
                (key == "startFen").then_some((line, column))
            })?;
            let header = match section.parent {
                Some(parent) => format!("[{}:{parent}]", section.name),
                None => format!("[{}]", section.name),
            };
            // Lines counted from 1, as an editor shows them.
            let edit = |what: &str, at: (u32, u32), typed| OutsideEdit {
                what: format!("{what} (line {})", at.0 + 1),
                at,
                typed,
            };
            let edits = vec![
                edit("a letter in a comment", (comment, 1), "x"),
                edit(
                    &format!("a digit after `{key} = {value}`"),
                    (number, column + value.len() as u32),
                    "1",
                ),
                edit("a letter in the startFen value", (fen, fen_column + 1), "p"),
                edit(
                    "a letter in the header's name",
                    (section.line, 1 + section.name.len() as u32),
                    "X",
                ),
            ];
            Some((format!("{header} (line {})", section.line + 1), edits))
        })
}
