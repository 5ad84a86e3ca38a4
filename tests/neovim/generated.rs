//! The file lists of editors/neovim/lua/betza.lua, rendered from the table of file kinds.

use betza_syntax::host::kinds;

use crate::generated;

const FILE: &str = "editors/neovim/lua/betza.lua";

/// The filetype Neovim gives a kind: the language Neovim has for it where the server reads
/// that too (`xml` for C/CIF, coloured as XML), else the kind's own.
fn filetype(kind: &betza_syntax::host::FileKind) -> &'static str {
    kind.other_languages.first().unwrap_or(&kind.language)
}

fn quoted(words: impl IntoIterator<Item = String>) -> String {
    let words: Vec<String> = words.into_iter().map(|w| format!("\"{w}\"")).collect();
    words.join(", ")
}

fn block() -> String {
    let mut lua = String::from(
        "-- The filetype a file of each extension the server reads gets: the name decides.\n\
         local FILETYPES = {\n",
    );
    for kind in kinds() {
        for extension in kind.extensions {
            lua += &format!("  {extension} = \"{}\",\n", filetype(kind));
        }
    }
    lua += "}\n";
    let (variants, shared) = kinds()
        .find_map(|kind| Some((kind, kind.shared?)))
        .expect("a kind shares .ini");
    lua += &format!(
        "-- An `.{ext}` is a variants file by a word in its name, or by its content: a key of \
         KEYS\n-- (in lower case; a numbered key takes any digits), one of PIECE_KEYS whose value \
         is a letter\n-- (alone or before `:`), one of SWITCH_KEYS whose value is `true` or \
         `false`, or a section\n-- inheriting from a built-in variant or from a section above \
         it.\n\
         local VARIANTS = {{\n  filetype = \"{}\",\n  extension = \"{ext}\",\n  \
         name_word = \"{}\",\n  numbered_keys = {{ {} }},\n}}\n",
        variants.language,
        shared.name_word,
        quoted(
            shared
                .content
                .numbered_keys
                .iter()
                .map(|k| k.to_ascii_lowercase())
        ),
        ext = shared.extension,
    );
    let parents = (shared.content.built_in_parents)();
    let built_in = (
        "BUILT_IN",
        "The variants Fairy-Stockfish has built in, which a section may inherit from.",
        parents.iter().map(|p| p.to_string()).collect(),
    );
    let lists = generated::content_lists(&shared.content)
        .into_iter()
        .chain([built_in]);
    for (name, comment, words) in lists {
        lua += &format!("-- {comment}\nlocal {name} = set_of([[\n");
        lua += &generated::wrapped(&words, "  ", 96);
        lua += "]])\n";
    }
    lua
}

pub fn check() {
    generated::check_part(FILE, "--", "neovim", &block());
}
