//! `.ini` files that an editor's own rules must recognise as variants files exactly when the
//! server does (`betza_syntax::host::detect`): names, contents, and a section inheriting from
//! each of Fairy-Stockfish's built-in variants, whose names the editor configs list.

use std::path::Path;

use betza_syntax::host::{self, HostFormat};

/// Each sample's path (relative to the folder) and text.
pub fn samples() -> Vec<(String, String)> {
    let plain = "[server]\nport = 8080\n";
    let mut samples: Vec<(String, String)> = [
        ("pychess-variants.ini", plain),
        ("Fairy-Stockfish-Variants.INI", plain),
        ("variants/settings.ini", plain),
        ("settings.ini", plain),
        ("pieces.ini", "[x]\n  CustomPiece3 = a:W\n"),
        ("table.ini", "[x]\npieceToCharTable = PNBRQK:pnbrqk\n"),
        (
            "comment.ini",
            "[x]\n; customPiece1 = a:W\nnote = pieceToCharTable\n",
        ),
        ("inherited.ini", "[base]\nmaxRank = 6\n[child : Base ]\n"),
        ("below.ini", "[child:base]\n[base]\n"),
        (
            "tox.ini",
            "[testenv]\ndeps = pytest\n[testenv:lint]\ncommands = ruff\n",
        ),
        ("supervisord.ini", "[program:web]\ncommand = serve\n"),
        ("unknown-parent.ini", "[mine:chesss]\nmaxRank = 6\n"),
        ("scratch.ini", "[v]\npawn = p\nKing = k:WF\n"),
        ("rule.ini", "[v]\n  castling = FALSE \n"),
        ("economy.ini", "[money]\ngold = 100\nsilver = ag\n"),
        ("password.ini", "[db]\npass = secret\n"),
    ]
    .into_iter()
    .map(|(name, text)| (name.to_owned(), text.to_owned()))
    .collect();
    for (n, variant) in host::ini::options::built_ins().iter().enumerate() {
        samples.push((
            format!("parent-{n}.ini"),
            format!(
                "# inherits from {}\n[mine:{}]\n",
                variant.name, variant.name
            ),
        ));
    }
    samples.push(("parent-upper.ini".into(), "[mine:Shogi]\n".into()));
    samples
}

/// Writes the samples below `folder`.
pub fn write(folder: &Path) {
    for (name, text) in samples() {
        let path = folder.join(name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("sample folder");
        std::fs::write(&path, text).expect("sample");
    }
}

/// Whether the server reads the sample at `name` as a variants file.
pub fn server_claims(name: &str) -> bool {
    let text = samples()
        .into_iter()
        .find(|(sample, _)| sample == name)
        .map(|(_, text)| text)
        .unwrap_or_else(|| panic!("no sample {name}"));
    host::detect(name, &text) == Some(HostFormat::VariantsIni)
}
