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
        "-- An `.{ext}` is a variants file by a word in its name, or by a key of these (in lower \
         case;\n-- a numbered key takes any digits) or a section inheriting from a built-in \
         variant or\n-- from a section above it.\n\
         local VARIANTS = {{\n  filetype = \"{}\",\n  extension = \"{ext}\",\n  \
         name_word = \"{}\",\n  keys = {{ {} }},\n  numbered_keys = {{ {} }},\n}}\n",
        variants.language,
        shared.name_word,
        quoted(shared.content.keys.iter().map(|k| k.to_ascii_lowercase())),
        quoted(
            shared
                .content
                .numbered_keys
                .iter()
                .map(|k| k.to_ascii_lowercase())
        ),
        ext = shared.extension,
    );
    let parents: Vec<String> = (shared.content.built_in_parents)()
        .into_iter()
        .map(str::to_owned)
        .collect();
    lua += "-- The variants Fairy-Stockfish has built in, which a section may inherit from.\n\
            local BUILT_IN = {}\nfor name in ([[\n";
    lua += &generated::wrapped(&parents, "  ", 96);
    lua += "]]):gmatch(\"%S+\") do\n  BUILT_IN[name] = true\nend\n";
    lua
}

pub fn check() {
    generated::check_part(FILE, "--", "neovim", &block());
}
