//! The file lists of editors/emacs/betza.el, rendered from the table of file kinds.

use betza_syntax::host::{FileKind, HostFormat, kinds};

use crate::generated;

const FILE: &str = "editors/emacs/betza.el";

/// The major mode betza.el defines for a kind.
fn mode(kind: &FileKind) -> &'static str {
    match kind.format {
        HostFormat::VariantsIni => "betza-variants-mode",
        HostFormat::Pgn => "betza-pgn-mode",
        HostFormat::Diagram => "betza-diagram-mode",
        HostFormat::Cif => "betza-ccif-mode",
        HostFormat::Betza => "betza-mode",
        HostFormat::Mbn => "betza-mbn-mode",
    }
}

/// `text` as an Emacs Lisp string.
fn string(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\t', "\\t");
    format!("\"{escaped}\"")
}

/// A regexp that matches `text` in any case, as Emacs's own `.ini` entry does.
fn any_case(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            c if c.is_ascii_alphabetic() => {
                format!("[{}{}]", c.to_ascii_lowercase(), c.to_ascii_uppercase())
            }
            '.' => "\\.".to_owned(),
            c => c.to_string(),
        })
        .collect()
}

fn block() -> String {
    let (variants, shared) = kinds()
        .find_map(|kind| Some((kind, kind.shared?)))
        .expect("a kind shares .ini");
    let parents: Vec<String> = (shared.content.built_in_parents)()
        .into_iter()
        .map(string)
        .collect();
    let mut lisp = String::from("(defconst betza--built-in-variants\n");
    let listed = generated::wrapped(&parents, "    ", 96);
    lisp += &format!("  '({})\n", listed.trim().trim_end_matches('\n'));
    lisp +=
        "  \"The variants Fairy-Stockfish has built in, which a section may inherit from.\")\n\n";

    let lists = generated::content_lists(&shared.content);
    for (name, doc, words) in lists {
        let name = format!(
            "betza--variants-{}",
            name.to_ascii_lowercase().replace('_', "-")
        );
        let words: Vec<String> = words.iter().map(|w| string(w)).collect();
        let listed = generated::wrapped(&words, "    ", 96);
        lisp += &format!(
            "(defconst {name}\n  '({})\n  {})\n\n",
            listed.trim().trim_end_matches('\n'),
            string(doc)
        );
    }
    let numbered: Vec<String> = (shared.content.numbered_keys.iter())
        .map(|k| format!("{}[0-9]*", k.to_ascii_lowercase()))
        .collect();
    lisp += &format!(
        "(defconst betza--variants-numbered-key-regexp\n  {}\n  \"A key of a variants file \
         that ends in a number, in lower case.\")\n\n",
        string(&format!("\\`\\(?:{}\\)\\'", numbered.join("\\|")))
    );
    lisp += &format!(
        "(defconst betza--variants-file-regexp {}\n  \"The names of the files whose content \
         may make them variants files\n(matched in any case).\")\n\n",
        string(&format!("\\.{}\\'", shared.extension))
    );

    let modes: Vec<String> = kinds()
        .map(|kind| format!("({} :language-id {})", mode(kind), string(kind.language)))
        .collect();
    lisp += &format!(
        "(defconst betza--eglot-modes\n  '({})\n  \"The modes of the `eglot-server-programs' \
         entry for the betza server.\")\n\n",
        modes.join("\n    ")
    );

    lisp += ";; A name in any case, as the server reads it (Emacs's own `.ini' entry matches `.INI' \
             too).\n;;;###autoload\n(progn\n";
    lisp += &format!(
        "  (add-to-list 'auto-mode-alist\n               '({} . {}))\n",
        string(&format!(
            "{}[^/]*{}\\'",
            any_case(shared.name_word),
            any_case(&format!(".{}", shared.extension))
        )),
        mode(variants)
    );
    lisp += &format!(
        "  (add-to-list 'magic-mode-alist '(betza-variants-file-p . {}))\n",
        mode(variants)
    );
    let by_extension: Vec<String> = kinds()
        .flat_map(|kind| kind.extensions.iter().map(move |e| (kind, e)))
        .map(|(kind, extension)| {
            format!(
                "  (add-to-list 'auto-mode-alist '({} . {}))",
                string(&format!("\\.{extension}\\'")),
                mode(kind)
            )
        })
        .collect();
    lisp += &by_extension.join("\n");
    lisp += ")\n";
    lisp
}

pub fn check() {
    generated::check_part(FILE, ";;", "emacs", &block());
}
