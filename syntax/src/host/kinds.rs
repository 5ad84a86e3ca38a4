//! The kinds of file the server reads: how each is recognised (its extensions, a word in its
//! name, its content) and what editors call it. Each host gives its own (`Host::kind`);
//! [`super::detect`] and [`super::detect_document`] read them in [`super::kinds`]'s order, and
//! the editor clients' file lists (VS Code's
//! manifest, Neovim's and Emacs's configs, Helix's languages.toml) are generated from it by
//! their tests (`UPDATE_EDITORS=1`, docs/testing.md), so no editor claims a file the server
//! does not read, or misses one it does.

use super::format::HostFormat;
use crate::Dialect;

/// One kind of file that carries Betza.
#[derive(Debug, Clone, Copy)]
pub struct FileKind {
    pub format: HostFormat,
    /// The dialect of the strings such a file holds (before a `.betza` file's `# dialect:`
    /// line says otherwise).
    pub dialect: Dialect,
    /// The language id editors give these files (VS Code's language, Neovim's filetype, Helix's
    /// language, the id Eglot sends), which the server reads when a name says nothing.
    pub language: &'static str,
    /// Other ids that mean this kind when a name says nothing: an editor's own name for the
    /// language the kind is written in (Neovim gives C/CIF files `xml`).
    pub other_languages: &'static [&'static str],
    /// What users call it.
    pub title: &'static str,
    /// Extensions in lower case, without the dot, whose every file is of this kind.
    pub extensions: &'static [&'static str],
    /// An extension the kind shares with files of other formats, of which only some are its.
    pub shared: Option<SharedExtension>,
    /// What starts a comment to the end of the line.
    pub line_comments: &'static [&'static str],
}

/// An extension most of whose files are something else (DESIGN.md: "Do not claim every
/// `*.ini`"): a file of it is of the kind by its name or by its content.
#[derive(Debug, Clone, Copy)]
pub struct SharedExtension {
    /// In lower case, without the dot.
    pub extension: &'static str,
    /// A word anywhere in the file's name (in any case) that makes it one: `*variants*.ini`.
    pub name_word: &'static str,
    /// The ids editors give the extension's other files (VS Code's `ini`, Neovim's `dosini`):
    /// a document of one of these is of the kind when its content is.
    pub host_languages: &'static [&'static str],
    pub content: IniContent,
}

/// What makes an INI file of another name one of the kind by its content: for the server,
/// [`IniContent::holds`]; editors that read the content themselves are given the keys and
/// the built-in parents (a test holds the lists to the function).
#[derive(Debug, Clone, Copy)]
pub struct IniContent {
    /// Keys, in any case, that only this kind of file has (all the options Fairy-Stockfish
    /// knows but those below).
    pub keys: fn() -> Vec<&'static str>,
    /// Keys only it has that end in a number (`customPiece1`): any digits, or none.
    pub numbered_keys: &'static [&'static str],
    /// Keys that are plain words other files use too (`pawn`, `gold`), which count, in any
    /// case, with a value of one letter, alone or before `:` (`pawn = p`, `king = k:WF`).
    pub piece_keys: fn() -> Vec<&'static str>,
    /// Keys that are plain words other files use too (`pass`), which count, in any case, with
    /// the value `true` or `false`, in any case, spaces around it ignored.
    pub switch_keys: fn() -> Vec<&'static str>,
    /// Whether a text is such a file: one of those keys, or a section inheriting from a
    /// built-in parent ([`IniContent::built_in_parents`]) or from a section above it.
    pub holds: fn(&str) -> bool,
    /// The parents a section may name without defining them, in lower case.
    pub built_in_parents: fn() -> Vec<&'static str>,
}

impl FileKind {
    /// Whether a file is of this kind, by its base name in lower case and its text.
    pub(crate) fn claims(&self, name: &str, text: &str) -> bool {
        let extension = extension(name);
        self.extensions.contains(&extension)
            || self.shared.is_some_and(|shared| {
                shared.extension == extension
                    && (name.contains(shared.name_word) || (shared.content.holds)(text))
            })
    }
}

/// The extension of a file name, after its last dot (empty without one).
pub(crate) fn extension(name: &str) -> &str {
    name.rsplit_once('.').map_or("", |(_, extension)| extension)
}
