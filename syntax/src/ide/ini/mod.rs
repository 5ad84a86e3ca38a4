//! A `variants.ini` around its Betza strings: hover on an option key (what it does, its type and
//! default, and the value the section ends up with and where that comes from), hover on a
//! section header (its parents and its board), completion of the keys a section may still set,
//! of the values of a boolean, a word or a piece option and of parents, and the way from a
//! variant's name or a piece letter to where it is defined.

mod glance;
mod pieces;
mod variants;

pub use super::answers::IniCompletion;
use super::answers::{Hover, Place};
use crate::host::ini::options::{self, OptionInfo, ValueKind};
use crate::host::ini::values;
use crate::host::ini::{Entry, Header, Model, Parent, Section, SectionText};
use crate::{Source, TextRange};
pub use variants::{Glance, GlancePiece, Listed, Listing, Variants};

fn range(start: usize, end: usize) -> TextRange {
    crate::host::span(start, end)
}

/// The value a section ends up with for `key`, and where it comes from: this section, a parent
/// in the file, a built-in parent, or the engine's default; `file` is the file's text.
fn effective(model: &Model, file: &dyn Source, index: usize, option: &OptionInfo) -> String {
    let sections = model.sections();
    if let Some((at, value)) = model.set_in_chain(file, index, &option.key) {
        let whence = if at == index {
            "set in this section".to_owned()
        } else {
            format!(
                "inherited from `[{}]`",
                sections[at].name().unwrap_or_default()
            )
        };
        let shown = crate::quote::shortened(value.trim_end());
        return match values::read_as(option.kind, &value) {
            Some(read) => format!("`{shown}` ({whence}), which Fairy-Stockfish reads as `{read}`"),
            None => format!("`{shown}` ({whence})"),
        };
    }
    // Where the chain ends: a built-in, the engine's defaults, or a parent it does not know.
    let ancestors = model.ancestors(index);
    let last = match ancestors.last() {
        Some(Parent::BuiltIn(name)) => return format!("the built-in variant `{name}`'s own value"),
        Some(Parent::Section(above)) => *above,
        None => index,
    };
    match sections[last].header.as_ref().and_then(Header::parent) {
        Some(parent) => format!("unknown: the parent `{parent}` is not defined above"),
        None => format!("`{}` (Fairy-Stockfish's default)", option.default),
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

/// The hover on a key, a section header or a piece letter of a `variants.ini`, at byte
/// `offset`; `file` is the file's text.
pub fn hover(model: &Model, file: &dyn Source, offset: usize) -> Option<Hover> {
    let index = model.section_at(offset);
    let section = model.sections().get(index)?.read_in(file);
    let at = offset_of(offset);
    if let Some(header) = &section.header
        && section.range(header.line()).contains_inclusive(at)
    {
        return Some(Hover {
            markdown: header_words(model, file, index),
            range: section.range(header.line()),
        });
    }
    if let Some(hover) = pieces::letter_hover(model, file, index, offset) {
        return Some(hover);
    }
    let entry = section
        .entries()
        .find(|e| section.range(e.key_range).contains_inclusive(at))?;
    let key_range = section.range(entry.key_range);
    let key = entry.key.trim();
    let Some(option) = entry.option else {
        let markdown = match options::nearest(entry.key) {
            Some(near) => format!(
                "`{key}` is no Fairy-Stockfish option: the engine ignores it (did you mean \
                 `{near}`?)"
            ),
            None => format!("`{key}` is no Fairy-Stockfish option: the engine ignores it"),
        };
        return Some(Hover {
            markdown,
            range: key_range,
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
            "- builds: every build reads it; ranks 9–10 and files i–l exist only in an engine \
             compiled with LARGEBOARDS (pyffish is), 8 × 8 without\n",
        );
    }
    markdown.push_str(&format!(
        "\nIn `[{}]`: {}\n",
        section.name().unwrap_or_default(),
        effective(model, file, index, option)
    ));
    let overridden = section
        .last_set(entry.key)
        .is_some_and(|last| last.key_range != entry.key_range);
    // The start position is seen, not only read: drawn with the pieces it places.
    if key == "startFen"
        && !overridden
        && let Some(glance) = glance::glance(model, file, index)
    {
        markdown.push('\n');
        markdown.push_str(&glance);
    }
    if overridden && !entry.value.is_empty() {
        markdown.push_str(
            "\nThis line is overridden: the engine keeps the last value of a key in a section.\n",
        );
    }
    Some(Hover {
        markdown,
        range: key_range,
    })
}

fn offset_of(offset: usize) -> crate::TextSize {
    crate::TextSize::new(u32::try_from(offset).unwrap_or(u32::MAX))
}

/// A header's hover: the chain of parents, then the board the engine makes of the section:
/// drawn with its pieces, then in words.
fn header_words(model: &Model, file: &dyn Source, index: usize) -> String {
    let section = &model.sections()[index];
    let name = section.name().unwrap_or_default();
    // The title starts the chain, so the name is said once (issue 42 saw it twice).
    let mut chain = vec![format!("**Variant `{name}`**")];
    let mut needs = None;
    let mut last = index;
    for parent in model.ancestors(index) {
        match parent {
            Parent::Section(above) => {
                last = above;
                chain.push(format!(
                    "`{}`",
                    model.sections()[above].name().unwrap_or_default()
                ));
            }
            Parent::BuiltIn(built_in) => {
                needs = options::built_in(&built_in)
                    .filter(|b| !b.build.is_empty())
                    .map(|b| (built_in.clone(), b.build.replace('+', " and ")));
                chain.push(format!("`{built_in}` (built in)"));
                last = usize::MAX;
            }
        }
    }
    let unknown = (model.sections().get(last))
        .and_then(|s| s.header.as_ref())
        .and_then(Header::parent);
    if let Some(parent) = unknown {
        chain.push(format!("`{parent}` (not defined above)"));
    }
    let mut markdown = format!("{}\n\n", chain.join(" ← "));
    // The drawing first, so that a hover a few rows high (VS Code's 250 px, a terminal's popup)
    // shows the position before the lines that say it again in words.
    if let Some(glance) = glance::glance(model, file, index) {
        markdown.push_str(&glance);
        markdown.push('\n');
    }
    match section.board() {
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
            "\n`{built_in}` is built into Fairy-Stockfish only when it is compiled with {flags} \
             (pyffish is); an engine compiled without does not know it and skips this section.\n"
        ));
    }
    markdown
}

/// The name and parent of a header, with their ranges.
fn header_names(section: &Section) -> Option<(TextRange, Option<TextRange>)> {
    let header = section.header.as_ref()?;
    let name = section.range((header.name_at(), header.name_at() + header.name().len()));
    let parent = (header.parent()).map(|parent| {
        let at = header.parent_at();
        section.range((at, at + parent.len()))
    });
    Some((name, parent))
}

/// The places of the variant named at byte `offset` (in a header, as its name or parent): the
/// section that defines it, and the headers that inherit from it; `file` is the file's text.
pub fn places(model: &Model, file: &dyn Source, offset: usize) -> Vec<Place> {
    let letters = pieces::letter_places(model, file, offset);
    if !letters.is_empty() {
        return letters;
    }
    let at = offset_of(offset);
    let section = &model.sections()[model.section_at(offset)];
    let Some((name, parent)) = header_names(section) else {
        return Vec::new();
    };
    let named = if name.contains_inclusive(at) {
        section.name()
    } else if parent.is_some_and(|p| p.contains_inclusive(at)) {
        section.header.as_ref().and_then(Header::parent)
    } else {
        None
    };
    let Some(named) = named else {
        return Vec::new();
    };
    let definition = (model.named(named).next())
        .and_then(|index| header_names(&model.sections()[index]))
        .map(|(range, _)| Place {
            range,
            definition: true,
        });
    let uses = (model.sections().iter())
        .filter(|s| s.header.as_ref().and_then(Header::parent) == Some(named))
        .filter_map(|s| header_names(s)?.1)
        .map(|range| Place {
            range,
            definition: false,
        });
    definition.into_iter().chain(uses).collect()
}

/// Each section of the file that has a header: its index and its range, from its header to
/// the next one; [`outline_label`] names it. Linear in the file, with a checkpoint a section.
pub fn outline(model: &Model) -> impl Iterator<Item = (usize, TextRange)> + '_ {
    (model.sections().iter().enumerate())
        .filter(|(_, section)| section.header.is_some())
        .map(|(index, section)| {
            crate::cancel::checkpoint();
            (index, range(section.start, section.end()))
        })
}

/// The name of the section `index` and its parent as its header writes it (`← chess`, or
/// nothing). The parent alone, not the whole chain: a chain 10,000 deep repeated in every
/// section was a 642 MB answer (issue 56), and the hover on the header says the chain.
pub fn outline_label(model: &Model, index: usize) -> Option<(String, String)> {
    let header = model.sections().get(index)?.header.as_ref()?;
    let parent = (header.parent()).map_or_else(String::new, |p| format!("← {p}"));
    Some((header.name().to_owned(), parent))
}

/// Keys and values to offer at byte `offset` of the file `model` reads, outside any Betza
/// string, whose text is `file`; `before` is the line up to the cursor.
pub fn completion(
    model: &Model,
    file: &dyn Source,
    before: &str,
    offset: usize,
) -> Vec<IniCompletion> {
    let Some(line_start) = offset.checked_sub(before.len()) else {
        return Vec::new();
    };
    let index = model.section_at(offset);
    if let Some(header) = before.strip_prefix('[') {
        return parents(model, index, header, offset);
    }
    if before.starts_with(['#', ';']) || index == 0 {
        return Vec::new();
    }
    let section = model.sections()[index].read_in(file);
    if let Some((key, typed)) = before.split_once('=') {
        let Some(option) = options::lookup(key.trim_end_matches(' ')) else {
            return Vec::new();
        };
        let words: &[&str] = match option.kind {
            ValueKind::Bool => &["true", "false"],
            ValueKind::Word(words) => words,
            ValueKind::PieceSet | ValueKind::PieceType => {
                return pieces::letter_values(model, file, index, option.kind, typed, offset);
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
    let set: Vec<&str> = section.entries().map(|e| e.key).collect();
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

/// Parents to offer after the `:` of the header of section `index`, typed as `header` (its
/// `[` aside): the sections above it, nearest first, then the built-in variants. The engine
/// knows no section defined further down when it reads this one.
fn parents(model: &Model, index: usize, header: &str, offset: usize) -> Vec<IniCompletion> {
    let Some((_, typed)) = header.split_once(':') else {
        return Vec::new();
    };
    if typed.contains(']') {
        return Vec::new();
    }
    let replace = range(offset - typed.len(), offset);
    let above = (model.sections()[..index].iter().rev())
        .filter_map(Section::name)
        .map(|name| (name.to_owned(), "a section above".to_owned()));
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

/// The entry on the line of `section` that holds byte `offset` of the file.
pub(crate) fn entry_at<'s>(section: &'s SectionText, offset: usize) -> Option<Entry<'s>> {
    let within = offset.checked_sub(section.start)?;
    let line = (section.lines())
        .find(|line| line.at() <= within && within <= line.at() + line.byte_len())?;
    match line.kind {
        crate::host::ini::LineKind::Entry(entry) => Some(entry),
        _ => None,
    }
}

#[cfg(test)]
pub(super) mod tests;
