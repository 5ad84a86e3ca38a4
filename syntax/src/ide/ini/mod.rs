//! A `variants.ini` around its Betza strings: hover on an option key (what it does, its type and
//! default, and the value the section ends up with and where that comes from), hover on a
//! section header (its parents and its board), completion of the keys a section may still set,
//! of the values of a boolean, a word or a piece option and of parents, and the way from a
//! variant's name or a piece letter to where it is defined.

use std::collections::HashMap;

mod pieces;

use super::hover::Hover;
use crate::TextRange;
use crate::host::ini::options::{self, OptionInfo, ValueKind};
use crate::host::ini::{SectionBoard, boards, header_parts};

/// One `key = value` line of a section.
#[derive(Debug, Clone)]
struct Entry {
    key: String,
    value: String,
    key_range: TextRange,
    /// Where the value starts, after the spaces following `=`.
    value_at: usize,
}

/// A section of the file, as the engine reads its lines.
#[derive(Debug, Clone)]
struct Section {
    name: String,
    parent: Option<String>,
    header: TextRange,
    entries: Vec<Entry>,
}

fn range(start: usize, end: usize) -> TextRange {
    crate::host::span(start, end)
}

/// The sections of `text`, in order (keys before the first header belong to none).
fn sections(text: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for (offset, line) in crate::host::lines(text) {
        if line.starts_with('[') {
            let (name, parent) = header_parts(line);
            sections.push(Section {
                name: name.to_owned(),
                parent: parent.map(str::to_owned),
                header: range(offset, offset + line.len()),
                entries: Vec::new(),
            });
        } else if let (Some(section), Some(equals)) = (sections.last_mut(), line.find('='))
            && !line.starts_with(['#', ';'])
        {
            let key = line[..equals].trim_end_matches(' ');
            let after = &line[equals + 1..];
            section.entries.push(Entry {
                key: key.to_owned(),
                value: after.trim().to_owned(),
                key_range: range(offset, offset + key.len()),
                value_at: offset + equals + 1 + (after.len() - after.trim_start().len()),
            });
        }
    }
    sections
}

/// The value a section ends up with for `key`, and where it comes from: this section, a parent
/// in the file, a built-in parent, or the engine's default.
fn effective(sections: &[Section], index: usize, option: &OptionInfo) -> String {
    let mut seen = vec![index];
    let mut at = index;
    loop {
        let section = &sections[at];
        let set = section
            .entries
            .iter()
            .rev()
            .find(|e| e.key == option.key && !e.value.is_empty());
        if let Some(entry) = set {
            let whence = if at == index {
                "set in this section".to_owned()
            } else {
                format!("inherited from `[{}]`", section.name)
            };
            let value = crate::quote::shortened(&entry.value);
            return match options::read_as(option.kind, &entry.value) {
                Some(read) => {
                    format!("`{value}` ({whence}), which Fairy-Stockfish reads as `{read}`")
                }
                None => format!("`{value}` ({whence})"),
            };
        }
        let Some(parent) = &section.parent else {
            return format!("`{}` (Fairy-Stockfish's default)", option.default);
        };
        match sections[..at].iter().rposition(|s| &s.name == parent) {
            Some(above) if !seen.contains(&above) => {
                seen.push(above);
                at = above;
            }
            _ if options::built_in(parent).is_some() => {
                return format!("the built-in variant `{parent}`'s own value");
            }
            _ => return format!("unknown: the parent `{parent}` is not defined above"),
        }
    }
}

/// Words for how the engine reads a value of `kind`.
fn kind_words(kind: ValueKind) -> String {
    match kind {
        ValueKind::Bool => "`true` or `false` (anything else is false)".to_owned(),
        ValueKind::Int => "a whole number".to_owned(),
        ValueKind::Rank => format!("a number of ranks, 1 to {}", options::MAX_RANKS),
        ValueKind::File => format!(
            "a number of files, 1 to {}, or the last file's letter (a to l)",
            options::MAX_FILES
        ),
        ValueKind::Word(words) => format!("one of {}", options::quoted_words(words)),
        ValueKind::Bitboard => {
            "squares (`e4`), whole files (`e*`), whole ranks (`*4`), or `-`".to_owned()
        }
        ValueKind::CastlingRights => "letters of `KQkq`, or `-`".to_owned(),
        ValueKind::PieceSet => "piece letters, `*` for all, `-` for none".to_owned(),
        ValueKind::PieceType => "one piece letter, `*` for any, `-` for none".to_owned(),
        ValueKind::Text => "text, to the end of the line".to_owned(),
        ValueKind::PieceValues => "piece letters with values (`p:150 n:800`)".to_owned(),
        ValueKind::PieceCounts => "piece letters with counts (`q:1`)".to_owned(),
        ValueKind::PiecePieces => "piece letters with what they become (`p:g s:g`)".to_owned(),
        ValueKind::Piece => "the piece's letter, or `-` to remove it".to_owned(),
        ValueKind::PieceWithBetza => "a letter, `:` and the piece's Betza string".to_owned(),
    }
}

/// The hover on a key or a section header of a `variants.ini`, at byte `offset`.
pub fn hover(text: &str, offset: usize) -> Option<Hover> {
    let sections = sections(text);
    for (index, section) in sections.iter().enumerate() {
        if section.header.contains_inclusive(offset_of(offset)) {
            return Some(Hover {
                markdown: header_words(&sections, index, &boards(text)),
                range: section.header,
            });
        }
        for entry in &section.entries {
            if !entry.key_range.contains_inclusive(offset_of(offset)) {
                continue;
            }
            let key = entry.key.trim();
            let Some(option) = options::lookup(&entry.key) else {
                let markdown = match options::nearest(&entry.key) {
                    Some(near) => format!(
                        "`{key}` is no Fairy-Stockfish option: the engine ignores it (did you \
                         mean `{near}`?)"
                    ),
                    None => format!("`{key}` is no Fairy-Stockfish option: the engine ignores it"),
                };
                return Some(Hover {
                    markdown,
                    range: entry.key_range,
                });
            };
            let mut markdown = format!(
                "**`{key}`** (Fairy-Stockfish option)\n\n{}\n\n- value: {}\n- default: `{}`\n",
                option.meaning,
                kind_words(option.kind),
                option.default
            );
            if let Some(instead) = &option.deprecated_for {
                markdown.push_str(&format!("- deprecated: use {instead}\n"));
            }
            if matches!(
                option.kind,
                ValueKind::Rank | ValueKind::File | ValueKind::Bitboard
            ) {
                markdown.push_str(
                    "- builds: every build reads it; ranks 9–10 and files i–l exist only in an \
                     engine compiled with LARGEBOARDS (pyffish is), 8 × 8 without\n",
                );
            }
            markdown.push_str(&format!(
                "\nIn `[{}]`: {}\n",
                section.name,
                effective(&sections, index, option)
            ));
            let last = section
                .entries
                .iter()
                .rfind(|e| e.key == entry.key && !e.value.is_empty());
            if last.is_some_and(|last| last.key_range != entry.key_range) && !entry.value.is_empty()
            {
                markdown.push_str(
                    "\nThis line is overridden: the engine keeps the last value of a key in a \
                     section.\n",
                );
            }
            return Some(Hover {
                markdown,
                range: entry.key_range,
            });
        }
    }
    None
}

fn offset_of(offset: usize) -> crate::TextSize {
    crate::TextSize::new(u32::try_from(offset).unwrap_or(u32::MAX))
}

/// A header's hover: the chain of parents, then the board the engine makes of the section.
fn header_words(
    sections: &[Section],
    index: usize,
    boards: &HashMap<String, SectionBoard>,
) -> String {
    let section = &sections[index];
    let mut chain = vec![format!("`{}`", section.name)];
    let mut needs = None;
    let mut parent = section.parent.clone();
    while let Some(name) = parent.take() {
        let built_in = options::built_in(&name).is_some();
        let above = sections[..index].iter().rfind(|s| s.name == name);
        match above {
            Some(above) if chain.len() < 32 => {
                chain.push(format!("`{name}`"));
                parent.clone_from(&above.parent);
            }
            _ if built_in => {
                chain.push(format!("`{name}` (built in)"));
                needs = options::built_in(&name)
                    .filter(|b| !b.build.is_empty())
                    .map(|b| (name.clone(), b.build.replace('+', " and ")));
            }
            _ => chain.push(format!("`{name}` (not defined above)")),
        }
    }
    let mut markdown = format!("**Variant `{}`**: {}\n\n", section.name, chain.join(" ← "));
    match boards.get(&section.name) {
        Some(board) => markdown.push_str(&format!(
            "- board: {} files × {} ranks\n- pieces: {}\n- start position: `{}`\n",
            board.files,
            board.ranks,
            if board.letters.is_empty() {
                "none".to_owned()
            } else {
                board.letters.iter().collect::<String>()
            },
            board.start_fen
        )),
        None => markdown.push_str("Fairy-Stockfish does not register this section.\n"),
    }
    if let Some((built_in, flags)) = needs {
        markdown.push_str(&format!(
            "\n`{built_in}` is built into Fairy-Stockfish only when it is compiled with \
             {flags} (pyffish is); an engine compiled without does not know it and skips this \
             section.\n"
        ));
    }
    markdown
}

/// The name and parent of a header, with their ranges.
fn header_names(section: &Section) -> (TextRange, Option<TextRange>) {
    let start = usize::from(section.header.start()) + 1;
    let name = range(start, start + section.name.len());
    let parent = section.parent.as_ref().map(|parent| {
        let at = start + section.name.len() + 1;
        range(at, at + parent.len())
    });
    (name, parent)
}

/// The places of the variant named at byte `offset` (in a header, as its name or parent): the
/// section that defines it, and the headers that inherit from it.
pub fn places(text: &str, offset: usize) -> Vec<super::macros::Place> {
    let sections = sections(text);
    let letters = pieces::letter_places(text, &sections, offset);
    if !letters.is_empty() {
        return letters;
    }
    let at = offset_of(offset);
    let named = sections.iter().find_map(|section| {
        let (name, parent) = header_names(section);
        if name.contains_inclusive(at) {
            Some(section.name.clone())
        } else {
            parent
                .filter(|p| p.contains_inclusive(at))
                .and(section.parent.clone())
        }
    });
    let Some(named) = named else {
        return Vec::new();
    };
    let definition = sections
        .iter()
        .find(|s| s.name == named)
        .map(|s| super::macros::Place {
            range: header_names(s).0,
            definition: true,
        });
    let uses = sections
        .iter()
        .filter(|s| s.parent.as_deref() == Some(named.as_str()))
        .filter_map(|s| header_names(s).1)
        .map(|range| super::macros::Place {
            range,
            definition: false,
        });
    definition.into_iter().chain(uses).collect()
}

/// Each section of `text`: its name, its parents (`← chess`, nearest first) and its range, from
/// its header to the next one.
pub fn outline(text: &str) -> Vec<(String, String, TextRange)> {
    let sections = sections(text);
    sections
        .iter()
        .enumerate()
        .map(|(index, section)| {
            let end = sections
                .get(index + 1)
                .map_or(text.len(), |next| usize::from(next.header.start()));
            let mut parents = Vec::new();
            let mut parent = section.parent.clone();
            while let Some(name) = parent.take() {
                if parents.len() == 32 || parents.contains(&name) {
                    break;
                }
                parent = sections[..index]
                    .iter()
                    .rfind(|s| s.name == name)
                    .and_then(|s| s.parent.clone());
                parents.push(name);
            }
            let chain = parents
                .iter()
                .map(|p| format!("← {p}"))
                .collect::<Vec<_>>()
                .join(" ");
            let start = usize::from(section.header.start());
            (section.name.clone(), chain, range(start, end.max(start)))
        })
        .collect()
}

/// What completion offers on a line of a `variants.ini`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IniCompletion {
    /// An option the section does not set yet, typed over `replace`.
    Key {
        key: String,
        detail: String,
        documentation: String,
        replace: TextRange,
    },
    /// A value of the key on the line (or a parent's name in a header), typed over
    /// `replace`, with where it comes from.
    Value {
        value: String,
        detail: Option<String>,
        replace: TextRange,
    },
}

/// Keys and values to offer at byte `offset` of `text`, outside any Betza string.
pub fn completion(text: &str, offset: usize) -> Vec<IniCompletion> {
    let Some(line_start) = text
        .get(..offset)
        .map(|b| b.rfind('\n').map_or(0, |i| i + 1))
    else {
        return Vec::new();
    };
    let before = &text[line_start..offset];
    let sections = sections(text);
    if let Some(header) = before.strip_prefix('[') {
        return parents(&sections, line_start, header, offset);
    }
    if before.starts_with(['#', ';']) {
        return Vec::new();
    }
    let Some(index) = sections
        .iter()
        .rposition(|s| usize::from(s.header.start()) < line_start)
    else {
        return Vec::new();
    };
    if let Some((key, typed)) = before.split_once('=') {
        let Some(option) = options::lookup(key.trim_end_matches(' ')) else {
            return Vec::new();
        };
        let words: &[&str] = match option.kind {
            ValueKind::Bool => &["true", "false"],
            ValueKind::Word(words) => words,
            ValueKind::PieceSet | ValueKind::PieceType => {
                return pieces::letter_values(text, &sections, index, option.kind, typed, offset);
            }
            _ => &[],
        };
        let start = offset - typed.trim_start().len();
        return words
            .iter()
            .map(|word| IniCompletion::Value {
                value: (*word).to_owned(),
                detail: None,
                replace: range(start, offset),
            })
            .collect();
    }
    let set: Vec<&str> = sections[index]
        .entries
        .iter()
        .map(|e| e.key.as_str())
        .collect();
    // The families built from piece names (a custom piece is offered whole, with a free
    // number and letter) come only once their start is typed.
    let typed = before.trim();
    let family = |key: &str| {
        ["customPiece", "mobilityRegion"]
            .iter()
            .any(|f| key.starts_with(f) && !typed.starts_with(&f[..3]))
    };
    options::all()
        .iter()
        .filter(|o| !set.contains(&o.key.as_str()) && o.deprecated_for.is_none() && !family(&o.key))
        .map(|o| IniCompletion::Key {
            key: o.key.clone(),
            detail: kind_words(o.kind),
            documentation: format!("{}\n\nDefault: `{}`", o.meaning, o.default),
            replace: range(line_start, offset),
        })
        .collect()
}

/// Parents to offer after the `:` of a header typed as `header` (its `[` aside) on the line
/// at `line_start`: the sections above it, nearest first, then the built-in variants. The
/// engine knows no section defined further down when it reads this one.
fn parents(
    sections: &[Section],
    line_start: usize,
    header: &str,
    offset: usize,
) -> Vec<IniCompletion> {
    let Some((_, typed)) = header.split_once(':') else {
        return Vec::new();
    };
    if typed.contains(']') {
        return Vec::new();
    }
    let replace = range(offset - typed.len(), offset);
    let above = sections
        .iter()
        .filter(|s| usize::from(s.header.start()) < line_start)
        .rev()
        .map(|s| (s.name.clone(), "a section above".to_owned()));
    let built_in = options::built_ins().iter().map(|b| {
        (
            b.name.clone(),
            format!("built in: {} files × {} ranks", b.files, b.ranks),
        )
    });
    let mut offered: Vec<String> = Vec::new();
    above
        .chain(built_in)
        .filter(|(name, _)| {
            let new = !offered.contains(name);
            offered.push(name.clone());
            new
        })
        .map(|(name, detail)| IniCompletion::Value {
            value: name,
            detail: Some(detail),
            replace,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "[a:chess]\nmaxRank = 6\ncastling = false\n[b:a]\nmaxFile = 7\n";

    #[test]
    fn a_key_says_its_meaning_and_where_its_value_comes_from() {
        let at = FILE.rfind("maxFile").expect("key");
        let own = hover(FILE, at + 2).expect("a hover").markdown;
        assert!(own.contains("**`maxFile`**"), "{own}");
        assert!(own.contains("`7` (set in this section)"), "{own}");
        let text = format!("{FILE}maxRank = \n");
        let at = text.rfind("maxRank").expect("key");
        let inherited = hover(&text, at).expect("a hover").markdown;
        assert!(
            inherited.contains("`6` (inherited from `[a]`)"),
            "{inherited}"
        );
        // A value is said as the engine reads it (case 06-bool-yes), a line set again as
        // overridden (case 34-duplicate-key).
        let text = "[a:chess]\ncastling = yes\ncastling = no\n";
        let first = hover(text, 11).expect("a hover").markdown;
        assert!(
            first.contains("`no` (set in this section), which Fairy-Stockfish reads as `false`"),
            "{first}"
        );
        assert!(first.contains("This line is overridden"), "{first}");
        let last = hover(text, text.rfind("castling").expect("key")).expect("a hover");
        assert!(!last.markdown.contains("overridden"), "{}", last.markdown);
        let misspelt = hover("[a:chess]\nmaxRanks = 6\n", 12)
            .expect("a hover")
            .markdown;
        assert!(misspelt.contains("did you mean `maxRank`"), "{misspelt}");
    }

    #[test]
    fn a_header_says_its_parents_and_its_board() {
        let at = FILE.find("[b:a]").expect("header");
        let words = hover(FILE, at + 1).expect("a hover").markdown;
        assert!(words.contains("`b` ← `a` ← `chess` (built in)"), "{words}");
        assert!(words.contains("7 files × 6 ranks"), "{words}");
        // A parent built in only with large boards says so.
        let text = "[s:shogi]\n";
        let words = hover(text, 1).expect("a hover").markdown;
        assert!(words.contains("compiled with LARGEBOARDS"), "{words}");
        assert!(
            !hover(FILE, 1)
                .expect("a hover")
                .markdown
                .contains("compiled")
        );
    }

    #[test]
    fn a_variant_name_leads_to_its_section_and_its_children() {
        let text = "[a:chess]\n[b:a]\n[c:a]\n";
        let found: Vec<(TextRange, bool)> = places(text, text.find("[c:a]").expect("c") + 3)
            .into_iter()
            .map(|p| (p.range, p.definition))
            .collect();
        assert_eq!(
            found,
            [
                (range(1, 2), true),
                (range(13, 14), false),
                (range(19, 20), false)
            ]
        );
        // A built-in parent has no section in the file, only its children.
        assert_eq!(places(text, 4).len(), 1);
    }

    #[test]
    fn a_header_offers_the_sections_above_and_the_built_ins_as_parents() {
        let text = "[a:chess]\n[b:a]\n[c:";
        let offered: Vec<(String, Option<String>)> = completion(text, text.len())
            .into_iter()
            .filter_map(|c| match c {
                IniCompletion::Value { value, detail, .. } => Some((value, detail)),
                IniCompletion::Key { .. } => None,
            })
            .collect();
        assert_eq!(offered[0].0, "b", "the nearest section first");
        assert_eq!(offered[1].0, "a");
        let chess = offered.iter().find(|(v, _)| v == "chess").expect("chess");
        assert_eq!(chess.1.as_deref(), Some("built in: 8 files × 8 ranks"));
        assert!(
            completion("[c", 2).is_empty(),
            "a name, not a parent, is typed"
        );
    }

    #[test]
    fn completion_offers_keys_not_set_and_the_words_of_a_value() {
        let text = "[a:chess]\nmaxRank = 6\nca";
        let keys = completion(text, text.len());
        let offered = |key: &str| {
            keys.iter()
                .any(|c| matches!(c, IniCompletion::Key { key: k, .. } if k == key))
        };
        assert!(offered("castling") && offered("stalemateValue"));
        assert!(!offered("maxRank"), "already set");
        assert!(!offered("promotionRank"), "deprecated");
        let text = "[a:chess]\nstalemateValue = l";
        let values: Vec<String> = completion(text, text.len())
            .into_iter()
            .filter_map(|c| match c {
                IniCompletion::Value { value, .. } => Some(value),
                IniCompletion::Key { .. } => None,
            })
            .collect();
        assert_eq!(values, ["win", "loss", "draw", "none"]);
    }
}
