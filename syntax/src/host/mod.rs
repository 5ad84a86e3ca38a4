//! Finding Betza inside the files people edit. Each scanner turns a whole file into regions
//! (the exact bytes of one Betza string, its dialect, and where it stands: section, piece) and
//! host errors (problems of the file itself that hide a piece). Scanners look at lines and
//! characters only, never panic, and accept every half-typed state of their host syntax.

mod diagram;
mod errors;
pub mod ini;
pub mod kinds;
mod pgn;
mod plain;
mod tokens;
mod xml;

#[cfg(test)]
mod tests;

use std::borrow::Cow;

use rowan::{TextRange, TextSize};

pub use diagram::StartSquare;
pub use errors::HostErrors;
pub use kinds::{FileKind, KINDS};
pub use tokens::HostTokens;
pub(crate) use tokens::moved;

use crate::diagnostic::{Diagnostic, codes};
use crate::{Dialect, Severity, Source};

/// The kinds of file that carry Betza.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostFormat {
    /// Fairy-Stockfish `variants.ini`.
    VariantsIni,
    /// PGN with a `VariantMen` tag.
    Pgn,
    /// Interactive Diagram definitions.
    Diagram,
    /// C/CIF XML with MBN pieces.
    Cif,
    /// `.betza`: one string per line.
    Betza,
    /// `.mbn`: MBN definitions.
    Mbn,
}

impl HostFormat {
    /// The dialect of the strings the format holds (before a `.betza` file's `# dialect:`
    /// line says otherwise).
    pub fn dialect(self) -> Dialect {
        match self {
            HostFormat::VariantsIni => Dialect::Fairy,
            HostFormat::Pgn | HostFormat::Diagram | HostFormat::Betza => Dialect::XBetza,
            HostFormat::Cif | HostFormat::Mbn => Dialect::Mbn,
        }
    }
}

/// Where a region stands in its file, for messages and symbols.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RegionContext {
    /// The variant section (`variants.ini`).
    pub section: Option<String>,
    /// The piece's letter or ID.
    pub piece: Option<String>,
    /// The piece's name, where the file gives one.
    pub name: Option<String>,
    /// The squares the piece starts on, as an Interactive Diagram's piece line gives them
    /// (White's, as written; shared by the regions of one line).
    pub start_squares: std::sync::Arc<[StartSquare]>,
    /// How many bracket groups of the same piece were left out of the region because they
    /// are a notation this tool does not read (Interactive Diagram): the region is then only
    /// part of the piece.
    pub unread_groups: usize,
}

impl RegionContext {
    fn says_nothing(&self) -> bool {
        // Every field named, so that a new one is weighed here too.
        let RegionContext {
            section,
            piece,
            name,
            start_squares,
            unread_groups,
        } = self;
        section.is_none()
            && piece.is_none()
            && name.is_none()
            && start_squares.is_empty()
            && *unread_groups == 0
    }
}

/// A region's context, held only when it says something: the strings of a plain file mostly
/// have none, and a million of them then take no memory for it. Reads as a [`RegionContext`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Context(Option<Box<RegionContext>>);

impl Context {
    pub fn new(context: RegionContext) -> Context {
        Context((!context.says_nothing()).then(|| Box::new(context)))
    }
}

impl std::ops::Deref for Context {
    type Target = RegionContext;

    fn deref(&self) -> &RegionContext {
        static NOTHING: std::sync::LazyLock<RegionContext> =
            std::sync::LazyLock::new(RegionContext::default);
        self.0.as_deref().unwrap_or(&NOTHING)
    }
}

/// One Betza string inside a file. An edit moves every region after it, so what is not its
/// range is boxed: a large file's regions then move in a quarter of the memory traffic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    /// The string's bytes in the file.
    pub range: TextRange,
    pub dialect: Dialect,
    pub context: Context,
    /// For hosts that escape text (XML entities): the decoded string and, for each of its
    /// bytes plus its end, the offset in the file.
    pub decoded: Option<Box<Decoded>>,
}

/// A string decoded from its host's escapes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    /// For each byte of `text`, and its end, the offset in the file.
    pub offsets: Vec<TextSize>,
}

impl Region {
    /// The string to parse (empty when its range is not in `file`).
    pub fn text<'a, S: Source + ?Sized>(&'a self, file: &'a S) -> Cow<'a, str> {
        match &self.decoded {
            Some(decoded) => Cow::Borrowed(&decoded.text),
            None => file.text_at(self.range.into()).unwrap_or_default(),
        }
    }

    /// A range in the region's text, as a range in the file.
    pub fn to_file(&self, range: TextRange) -> TextRange {
        match &self.decoded {
            Some(decoded) => {
                let at = |offset: TextSize| {
                    decoded
                        .offsets
                        .get(usize::from(offset))
                        .copied()
                        .unwrap_or(self.range.end())
                };
                TextRange::new(at(range.start()), at(range.end()).max(at(range.start())))
            }
            None => range + self.range.start(),
        }
    }
}

/// Host syntax worth colouring around the Betza.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostToken {
    /// A key that holds a piece (`customPiece1`, `king`).
    Key,
    /// A section header (`[name:parent]`).
    Section,
    Comment,
}

/// What a scanner found in a file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scan {
    pub regions: Vec<Region>,
    pub errors: HostErrors,
    /// Host keys, sections and comments, in file order.
    pub host_tokens: Vec<(TextRange, HostToken)>,
    /// A `variants.ini` as the engine reads it, its sections checked.
    pub ini: Option<Box<ini::Model>>,
}

/// The format of a file, from its name and, for `.ini` files, its content (DESIGN.md: not
/// every `.ini`, only those named `*variants*.ini` and those whose content is a variants file,
/// [`ini::is_variants_file`]). The rules are the table of [`kinds::KINDS`].
pub fn detect(file_name: &str, text: &str) -> Option<HostFormat> {
    let name = base_name(file_name);
    KINDS
        .iter()
        .find(|kind| kind.claims(&name, text))
        .map(|kind| kind.format)
}

/// The format of a document an editor opened, `language` being the editor's language id.
/// A name with an extension of a kind's own (`.betza`, `.diagram`) decides. Then
/// `fairy-variants` is a choice (the user's, or the editor's own detection): it is taken
/// whatever else the name says. Otherwise the name decides, as for [`detect`]; an `.ini` whose
/// content is no variants file is nobody's, whatever its language. A name that says nothing
/// leaves it to the language, and an `ini` to its content; any other language is read as
/// `.betza` lines.
pub fn detect_document(file_name: &str, language: &str, text: &str) -> Option<HostFormat> {
    let name = base_name(file_name);
    let extension = kinds::extension(&name);
    // Before the language: Eglot 1.9 (Emacs 28) sends every document of a server with the
    // language of the buffer that started it, a `.diagram` as `fairy-variants`.
    if let Some(kind) = KINDS
        .iter()
        .find(|kind| kind.extensions.contains(&extension))
    {
        return Some(kind.format);
    }
    // Only a kind recognised by content can be a choice: the others follow from the name.
    let chosen = KINDS
        .iter()
        .find(|kind| kind.shared.is_some() && kind.language == language);
    if let Some(kind) = chosen {
        return Some(kind.format);
    }
    if let Some(format) = detect(file_name, text) {
        return Some(format);
    }
    if kinds::is_shared_extension(extension) {
        return None;
    }
    for kind in KINDS {
        if kind.language == language || kind.other_languages.contains(&language) {
            return Some(kind.format);
        }
        if let Some(shared) = kind.shared
            && shared.host_languages.contains(&language)
        {
            return (shared.content.holds)(text).then_some(kind.format);
        }
    }
    Some(HostFormat::Betza)
}

/// The last component of a path, in lower case.
fn base_name(file_name: &str) -> String {
    file_name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(file_name)
        .to_ascii_lowercase()
}

/// Scans a whole file. `default_dialect` applies to `.betza` lines before any `# dialect:` line.
pub fn scan(format: HostFormat, text: &str, default_dialect: Dialect) -> Scan {
    scan_bounded(format, text, default_dialect, None)
}

/// [`scan`], keeping at most the first `per_code` errors of each code (in file order) and
/// counting the others.
pub fn scan_bounded(
    format: HostFormat,
    text: &str,
    default_dialect: Dialect,
    per_code: Option<usize>,
) -> Scan {
    let mut scan = match format {
        HostFormat::VariantsIni => ini::scan(text, per_code),
        HostFormat::Pgn => pgn::scan(text, per_code),
        HostFormat::Diagram => diagram::scan(text, per_code),
        HostFormat::Cif => xml::scan(text, per_code),
        HostFormat::Betza => plain::scan_betza(text, default_dialect, per_code),
        HostFormat::Mbn => plain::scan_mbn(text, per_code),
    };
    drop_long_regions(&mut scan);
    scan
}

/// Moves the strings too long to analyse from the regions to the errors.
pub(crate) fn drop_long_regions(scan: &mut Scan) {
    // In place: a file of a million strings is not copied for the few too long.
    let long: Vec<Region> = (scan.regions)
        .extract_if(.., |r| usize::from(r.range.len()) > REGION_LIMIT)
        .collect();
    for region in long {
        let message = format!(
            "this Betza string is {} bytes long; strings over {} KiB are not analysed",
            usize::from(region.range.len()),
            REGION_LIMIT / 1024
        );
        scan.errors.push(
            Diagnostic::new(
                region.range,
                codes::STRING_TOO_LONG,
                Severity::Error,
                message,
            )
            .with_help(
                "split the piece's moves over shorter strings, or check the file is the \
                     one meant",
            ),
        );
    }
    scan.errors.sort_by_key(|e| e.range.start());
}

impl Scan {
    /// An empty scan whose errors are bounded as [`scan_bounded`] says.
    fn bounded(per_code: Option<usize>) -> Scan {
        Scan {
            errors: HostErrors::bounded(per_code),
            ..Scan::default()
        }
    }

    /// Adds what `other`, a later part of the file, holds.
    fn extend(&mut self, other: Scan) {
        self.regions.extend(other.regions);
        self.errors.append(other.errors);
        self.host_tokens.extend(other.host_tokens);
    }
}

/// The part of a file that an edit is confined to, scanned again alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rescan {
    /// The part's bytes before the edit.
    pub old: (usize, usize),
    /// Its bytes after the edit.
    pub new: (usize, usize),
    /// Whether an empty finding at its end is its own: a string's findings may point just past
    /// its last letter, and so may those of a file's last section; any other section ends at
    /// the start of a line that is not its own.
    pub closed: bool,
    /// What the part holds now, in the new text's offsets.
    pub scan: Scan,
}

/// Betza strings longer than this are not analysed, hovered or coloured. Real pieces are at
/// most a few hundred characters; a 10 MB one took 13 s and 2 GB to analyse.
pub const REGION_LIMIT: usize = 64 * 1024;

/// The lines of `text` with their byte offsets, without their `\n` or `\r\n`.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    text.split_inclusive('\n').map(move |chunk| {
        let start = offset;
        offset += chunk.len();
        let line = chunk.strip_suffix('\n').unwrap_or(chunk);
        (start, line.strip_suffix('\r').unwrap_or(line))
    })
}

/// The byte range `start..end` as a `TextRange`.
pub(crate) fn span(start: usize, end: usize) -> TextRange {
    let at = |n: usize| TextSize::new(u32::try_from(n).unwrap_or(u32::MAX));
    TextRange::new(at(start), at(end.max(start)))
}

/// `s` trimmed of spaces and tabs, with the offset of what remains.
pub(crate) fn trimmed(s: &str, offset: usize) -> (usize, &str) {
    let start = s.len() - s.trim_start_matches([' ', '\t']).len();
    (offset + start, s[start..].trim_end_matches([' ', '\t']))
}
