//! The rules of the house, checked on the code itself: the library's layers only point down,
//! and no files of `syntax/src`, `server/src` or `playground/src` import each other in a
//! circle. The import graph is read from the production code's text (`imports.rs`); what the
//! layers are is written once, here, and in `docs/architecture.md`.

mod imports;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use imports::{Crate, Import};

/// The library's layers, lowest first: a module (the first part of a path under
/// `syntax/src`) may import from its own layer and those below, never from one above. The
/// crate root (`lib.rs`) is the top: it declares and re-exports, and nothing imports it.
const LAYERS: &[&[&str]] = &[
    // What every layer reads: text, findings and their catalogue, the letter tables.
    &[
        "syntax_kind",
        "dialect",
        "source",
        "cancel",
        "quote",
        "diagnostic",
        "vocabulary",
    ],
    &["lexer"],
    &["parser"],
    &["tree"],
    &["model"],
    &["board"],
    // A Betza string in its file, as a host format found it, with the board the file gives it.
    &["region"],
    // Findings and their proofs, the words a notation explains its moves with, diagrams.
    &["lint", "wording", "render"],
    // The interface every notation implements, the string read once in one, and the notations.
    &["notation"],
    // The one place a dialect is dispatched to its notation.
    &["registry"],
    // A whole piece explained and named: each notation's words, the catalogue of pieces.
    &["explain"],
    &["convert"],
    &["host"],
    &["analysis"],
    &["ide"],
    &[""],
];

/// The crates whose files are checked, and whether the library's layers apply.
const CRATES: [(&str, bool); 3] = [("syntax", true), ("server", false), ("playground", false)];

#[test]
fn layers_only_point_down_and_no_files_import_each_other_in_a_circle() {
    let mut found = Vec::new();
    for (name, layered) in CRATES {
        let krate = read_crate(name);
        assert!(
            krate.files.len() > 3,
            "{name}/src: too few files read ({}): is the path right?",
            krate.files.len()
        );
        found.extend(problems(&krate, layered));
    }
    assert!(
        found.is_empty(),
        "the house's rules (docs/architecture.md, 'Layers'):\n  {}",
        lines(&found.iter().map(Problem::to_string).collect::<Vec<_>>()),
    );
}

/// A test of the test: the same check on the library with one back import added (the lexer
/// taking the editor layer's document) fails, naming the two files.
#[test]
fn an_import_from_a_lower_layer_to_a_higher_one_is_caught() {
    let mut sources = sources(&repository().join("syntax/src"));
    let lexer = sources
        .iter_mut()
        .find(|(path, _)| path == "lexer/mod.rs")
        .expect("syntax/src/lexer/mod.rs");
    lexer.1.push_str("\nuse crate::ide::Document;\n");
    let krate = Crate::new("syntax/src", &sources);
    let found = problems(&krate, true);
    assert!(
        found.iter().any(|problem| matches!(
            problem,
            Problem::BackImport { from, to, items, .. }
                if from == "syntax/src/lexer/mod.rs"
                    && to == "syntax/src/ide/document.rs"
                    && items == &["Document"]
        )),
        "{found:#?}"
    );
}

#[test]
fn a_circle_of_files_is_caught_and_test_code_is_not_read() {
    let sources = [
        ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
        ("a.rs", "use crate::b::Bee;\npub struct Ay;\n"),
        ("b.rs", "pub struct Bee;\nfn f() { let _ = crate::c::see(); }\n"),
        (
            "c.rs",
            "// use crate::b::Bee; (a comment)\npub fn see() -> &'static str { \"crate::b::Bee\" }\n\
             pub fn ay(ay: super::a::Ay) -> super::a::Ay { ay }\n#[cfg(test)]\nmod tests { use crate::b::Bee; }\n",
        ),
    ]
    .map(|(path, text)| (path.to_owned(), text.to_owned()));
    let krate = Crate::new("src", &sources);
    let imports: Vec<(String, String)> = krate
        .imports()
        .into_iter()
        .map(|import| {
            (
                krate.shown(&import.from).to_owned(),
                krate.shown(&import.to).to_owned(),
            )
        })
        .collect();
    assert_eq!(
        imports,
        [
            ("src/a.rs", "src/b.rs"),
            ("src/b.rs", "src/c.rs"),
            ("src/c.rs", "src/a.rs")
        ]
        .map(|(from, to)| (from.to_owned(), to.to_owned()))
    );
    assert_eq!(
        problems(&krate, false),
        [Problem::Circle {
            files: ["src/a.rs", "src/b.rs", "src/c.rs"]
                .map(str::to_owned)
                .to_vec(),
            imports: [
                "src/a.rs -> src/b.rs: Bee",
                "src/b.rs -> src/c.rs: see",
                "src/c.rs -> src/a.rs: Ay"
            ]
            .map(str::to_owned)
            .to_vec()
        }]
    );
}

/// The repository's root folder.
fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate is in the repository")
        .to_path_buf()
}

fn read_crate(name: &str) -> Crate {
    let root = format!("{name}/src");
    Crate::new(&root, &sources(&repository().join(&root)))
}

/// Every `.rs` file under `root`, as (path relative to `root`, text).
fn sources(root: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries =
            std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path
                    .strip_prefix(root)
                    .expect("under the root")
                    .to_string_lossy()
                    .replace('\\', "/");
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                out.push((relative, text));
            }
        }
    }
    out.sort();
    out
}

/// What breaks the house's rules.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Problem {
    /// `from` (its layer's module `from_layer`) takes `items` from `to`, in a higher layer.
    BackImport {
        from: String,
        from_layer: String,
        to: String,
        to_layer: String,
        items: Vec<String>,
    },
    /// Files that import each other, sorted, and the imports among them (`a -> b: items`):
    /// what to move to break the circle.
    Circle {
        files: Vec<String>,
        imports: Vec<String>,
    },
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::BackImport {
                from,
                from_layer,
                to,
                to_layer,
                items,
            } => write!(
                f,
                "back import: {from} ({from_layer}) -> {to} ({to_layer}): {}",
                items.join(", ")
            ),
            Problem::Circle { files, imports } => write!(
                f,
                "circle: {}\n    imports in it:\n      {}",
                files.join(" "),
                imports.join("\n      ")
            ),
        }
    }
}

/// What breaks the rules in `krate`: each back import (when `layered`) and each circle.
fn problems(krate: &Crate, layered: bool) -> Vec<Problem> {
    let imports = krate.imports();
    let mut out = Vec::new();
    if layered {
        let mut items: BTreeMap<(&Vec<String>, &Vec<String>), Vec<String>> = BTreeMap::new();
        for import in &imports {
            if layer(krate, &import.to) > layer(krate, &import.from) {
                let named = items.entry((&import.from, &import.to)).or_default();
                if !import.item.is_empty() {
                    named.push(import.item.clone());
                }
            }
        }
        for ((from, to), items) in items {
            out.push(Problem::BackImport {
                from: krate.shown(from).to_owned(),
                from_layer: top(from).to_owned(),
                to: krate.shown(to).to_owned(),
                to_layer: top(to).to_owned(),
                items,
            });
        }
    }
    for circle in circles(&imports) {
        let files = circle.iter().map(|module| krate.shown(module).to_owned());
        let mut inside: BTreeMap<(&Vec<String>, &Vec<String>), Vec<&str>> = BTreeMap::new();
        for import in &imports {
            if circle.contains(&import.from) && circle.contains(&import.to) {
                let named = inside.entry((&import.from, &import.to)).or_default();
                if !import.item.is_empty() {
                    named.push(&import.item);
                }
            }
        }
        let imports = inside.into_iter().map(|((from, to), items)| {
            let (from, to) = (krate.shown(from), krate.shown(to));
            format!("{from} -> {to}: {}", items.join(", "))
        });
        out.push(Problem::Circle {
            files: files.collect(),
            imports: imports.collect(),
        });
    }
    out
}

/// The first part of a module's path: the module that gives its layer (`""` for the root).
fn top(module: &[String]) -> &str {
    module.first().map_or("", String::as_str)
}

fn layer(krate: &Crate, module: &[String]) -> usize {
    let top = top(module);
    LAYERS
        .iter()
        .position(|layer| layer.contains(&top))
        .unwrap_or_else(|| {
            panic!(
                "{}: module `{top}` is in no layer: add it to LAYERS in this file",
                krate.shown(module)
            )
        })
}

/// The groups of two or more files that import each other, each sorted (Tarjan's strongly
/// connected components).
fn circles(imports: &BTreeSet<Import>) -> Vec<Vec<Vec<String>>> {
    let mut next: BTreeMap<&Vec<String>, Vec<&Vec<String>>> = BTreeMap::new();
    for import in imports {
        next.entry(&import.from).or_default().push(&import.to);
        next.entry(&import.to).or_default();
    }
    let nodes: Vec<&Vec<String>> = next.keys().copied().collect();
    let index_of: BTreeMap<&Vec<String>, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| next[n].iter().map(|m| index_of[m]).collect())
        .collect();
    let mut tarjan = Tarjan {
        edges: &edges,
        index: vec![None; nodes.len()],
        low: vec![0; nodes.len()],
        stack: Vec::new(),
        on_stack: vec![false; nodes.len()],
        counter: 0,
        out: Vec::new(),
    };
    for node in 0..nodes.len() {
        if tarjan.index[node].is_none() {
            tarjan.visit(node);
        }
    }
    let mut circles: Vec<Vec<Vec<String>>> = tarjan
        .out
        .into_iter()
        .map(|group| {
            let mut files: Vec<Vec<String>> = group.iter().map(|&i| nodes[i].clone()).collect();
            files.sort();
            files
        })
        .collect();
    circles.sort();
    circles
}

struct Tarjan<'e> {
    edges: &'e [Vec<usize>],
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    stack: Vec<usize>,
    on_stack: Vec<bool>,
    counter: usize,
    out: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    fn visit(&mut self, node: usize) {
        self.index[node] = Some(self.counter);
        self.low[node] = self.counter;
        self.counter += 1;
        self.stack.push(node);
        self.on_stack[node] = true;
        for &next in &self.edges[node] {
            match self.index[next] {
                None => {
                    self.visit(next);
                    self.low[node] = self.low[node].min(self.low[next]);
                }
                Some(index) if self.on_stack[next] => {
                    self.low[node] = self.low[node].min(index);
                }
                Some(_) => {}
            }
        }
        if Some(self.low[node]) == self.index[node] {
            let mut group = Vec::new();
            while let Some(member) = self.stack.pop() {
                self.on_stack[member] = false;
                group.push(member);
                if member == node {
                    break;
                }
            }
            if group.len() > 1 {
                self.out.push(group);
            }
        }
    }
}

fn lines(items: &[String]) -> String {
    if items.is_empty() {
        return "(none)".to_owned();
    }
    items.join("\n  ")
}

/// Where one notation may be named by its name (`notation::mbn`, `Dialect::Fairy`,
/// `Engine::XBoard`): the notations themselves, the host formats (a `variants.ini` holds
/// Fairy-Stockfish's reading), the lists of dialects and engines, the registry, and the CLI's
/// arguments.
const MAY_NAME_A_NOTATION: &[&str] = &[
    "syntax/src/notation/",
    "syntax/src/host/",
    "syntax/src/dialect.rs",
    "syntax/src/diagnostic/rule.rs",
    "syntax/src/registry.rs",
    "server/src/cli/mod.rs",
];

/// The production files elsewhere that name one notation, at most three: conversions write for
/// XBoard's own reading (its order of modifiers, the letters it reads), and the catalogue of
/// named pieces is written in XBetza. A file that stops naming one is taken off the list (the
/// test fails until it is), and none is added.
const KNOWN_NAMING_A_NOTATION: &[&str] = &[
    "syntax/src/convert/mod.rs",
    "syntax/src/convert/candidates.rs",
    "syntax/src/explain/names.rs",
];

/// What names one notation in code: its module, its dialect, its engine's reading.
fn names_a_notation(code: &str) -> Vec<&'static str> {
    const NAMES: &[&str] = &[
        "notation::mbn",
        "notation::fairy",
        "notation::xbetza",
        "notation::xboard",
        "notation::chained",
        "Dialect::Mbn",
        "Dialect::Fairy",
        "Dialect::XBetza",
        "Dialect::Chained",
        "Engine::XBoard",
        "Engine::FairyStockfish",
    ];
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    NAMES
        .iter()
        .copied()
        .filter(|name| {
            code.match_indices(name).any(|(at, _)| {
                // A whole name: `Dialect::Mbn`, not `Dialect::MbnLike`.
                !code[at + name.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        })
        .collect()
}

#[test]
fn few_files_outside_the_notations_name_one() {
    let mut naming = Vec::new();
    for (name, _) in CRATES {
        let krate = read_crate(name);
        for file in krate.files.values() {
            let allowed = MAY_NAME_A_NOTATION
                .iter()
                .any(|place| file.shown.starts_with(place));
            let names = names_a_notation(&file.code);
            if !allowed && !names.is_empty() {
                naming.push(format!("{}: {}", file.shown, names.join(", ")));
            }
        }
    }
    let files: Vec<&str> = naming
        .iter()
        .map(|line| line.split(':').next().unwrap_or(line))
        .collect();
    let new: Vec<&String> = naming
        .iter()
        .zip(&files)
        .filter(|(_, file)| !KNOWN_NAMING_A_NOTATION.contains(file))
        .map(|(line, _)| line)
        .collect();
    let gone: Vec<&&str> = KNOWN_NAMING_A_NOTATION
        .iter()
        .filter(|known| !files.contains(known))
        .collect();
    assert!(
        KNOWN_NAMING_A_NOTATION.len() <= 3,
        "issue 52: at most three"
    );
    assert!(
        new.is_empty() && gone.is_empty(),
        "files outside the notations that name one (docs/architecture.md, 'Layers'): {}\n\
         new:\n  {}\nno longer naming one (remove them from KNOWN_NAMING_A_NOTATION):\n  \
         {gone:?}",
        files.len(),
        new.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n  "),
    );
}

#[test]
fn a_notation_is_named_by_its_module_dialect_or_engine_only_as_a_whole_word() {
    assert_eq!(
        names_a_notation("use crate::notation::mbn::scope::MacroScope;\nlet d = Dialect :: Fairy;"),
        ["notation::mbn", "Dialect::Fairy"]
    );
    assert!(names_a_notation("Dialect::FairyLike; notation::mbnish").is_empty());
}
