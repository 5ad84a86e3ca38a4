//! Finding Betza inside the files people edit. Each format is one host ([`Host`], registered in
//! `HOSTS`), whose scanner turns a whole file into regions (the exact bytes of one Betza string,
//! its dialect, and where it stands: section, piece, board) and host errors (problems of the
//! file itself that hide a piece). Scanners look at lines and characters only, never panic,
//! and accept every half-typed state of their host syntax.

mod diagram;
mod errors;
mod format;
pub mod ini;
mod interface;
pub mod kinds;
mod pgn;
mod plain;
pub mod position;
mod scan;
mod text;
mod tokens;
mod xml;

#[cfg(test)]
mod tests;

pub use crate::region::{
    Context, Decoded, DiagramContext, FileBoard, Region, RegionContext, StartSquare,
};
pub use errors::HostErrors;
pub use format::HostFormat;
pub use interface::Host;
pub use kinds::FileKind;
pub(crate) use scan::drop_long_regions;
pub use scan::{HostToken, REGION_LIMIT, Rescan, Scan};
pub(crate) use text::{lines, span, trimmed};
pub use tokens::HostTokens;
pub(crate) use tokens::moved;

use crate::Dialect;

/// Every host format, in the order their recognition rules are tried. A new format is its
/// module, implementing [`Host`], its [`HostFormat`], and a line here.
const HOSTS: &[&dyn Host] = &[
    &ini::VariantsIni,
    &pgn::Pgn,
    &diagram::Diagram,
    &xml::Cif,
    &plain::Betza,
    &plain::Mbn,
];

/// The host of `format` (every format has one: `every_format_has_its_host`).
pub fn of(format: HostFormat) -> &'static dyn Host {
    HOSTS
        .iter()
        .copied()
        .find(|host| host.kind().format == format)
        .unwrap_or(&plain::Betza)
}

/// Every kind of file, in the order their rules are tried: what the editors' file lists are
/// generated from.
pub fn kinds() -> impl Iterator<Item = &'static FileKind> {
    HOSTS.iter().map(|host| host.kind())
}

impl HostFormat {
    /// The dialect of the strings the format holds (before a `.betza` file's `# dialect:`
    /// line says otherwise).
    pub fn dialect(self) -> Dialect {
        of(self).kind().dialect
    }
}

/// The format of a file, from its name and, for `.ini` files, its content (DESIGN.md: not
/// every `.ini`, only those named `*variants*.ini` and those whose content is a variants file,
/// [`ini::is_variants_file`]). The rules are each host's [`FileKind`].
pub fn detect(file_name: &str, text: &str) -> Option<HostFormat> {
    let name = base_name(file_name);
    kinds()
        .find(|kind| kind.claims(&name, text))
        .map(|kind| kind.format)
}

/// The format of a file the user named (on the command line): as for [`detect`], and a file of
/// an extension a kind shares (`.ini`) that its content does not claim is of that kind all the
/// same. Naming it is the user's choice; content only decides for files nobody named (found in
/// a folder, or opened in an editor, which asks [`detect_document`]).
pub fn detect_named(file_name: &str, text: &str) -> Option<HostFormat> {
    detect(file_name, text).or_else(|| {
        let name = base_name(file_name);
        let extension = kinds::extension(&name);
        kinds()
            .find(|kind| {
                kind.shared
                    .is_some_and(|shared| shared.extension == extension)
            })
            .map(|kind| kind.format)
    })
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
    if let Some(kind) = kinds().find(|kind| kind.extensions.contains(&extension)) {
        return Some(kind.format);
    }
    // Only a kind recognised by content can be a choice: the others follow from the name.
    let chosen = kinds().find(|kind| kind.shared.is_some() && kind.language == language);
    if let Some(kind) = chosen {
        return Some(kind.format);
    }
    if let Some(format) = detect(file_name, text) {
        return Some(format);
    }
    if is_shared_extension(extension) {
        return None;
    }
    for kind in kinds() {
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
    let mut scan = of(format).scan(text, default_dialect, per_code);
    drop_long_regions(&mut scan);
    scan
}

/// Whether files of `extension` may be of a kind only by name or content (`ini`): such a file
/// that no rule claims is nobody's, whatever its language.
fn is_shared_extension(extension: &str) -> bool {
    kinds().any(|kind| {
        kind.shared
            .is_some_and(|shared| shared.extension == extension)
    })
}
