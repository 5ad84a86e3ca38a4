//! Words users know (issue 53): no text the tool shows a user says "seed", the project's own
//! name for the notation's published descriptions, which users have never heard of. Read here:
//! the help of every command; `betza check` (human and JSON, both engines as targets) on the
//! project's example files, on the shared corpus of real `variants.ini` files, and on strings
//! sampled from the golden move data of each dialect (with strings XBoard and Fairy-Stockfish
//! read differently), MBN's own examples (with rules) and chained Betza's; `betza explain` and
//! `betza convert` on the same samples; and the users' documents. The catalogue's own words are
//! checked beside it (`syntax/src/diagnostic/tests.rs`).
//!
//! Documents left out, because they legitimately speak of the project's internals:
//! `docs/architecture.md` (how the code is laid out, citing the specification documents by
//! their internal names as the code's comments do), `docs/robustness.md` (a fuzzer's "seed"
//! corpus, another meaning of the word) and `docs/testing.md` (the test data, whose file names
//! carry the word).

use std::path::{Path, PathBuf};

use super::scratch::Scratch;
use super::{betza, stderr, stdout, tool};

/// The project's root folder.
/// The `.ini` files of the shared corpus; where it is absent, says what goes unread
/// (`unread`) as a missing tool does (a failure in CI).
pub(crate) fn shared_corpus_inis(unread: &str) -> Vec<PathBuf> {
    let shared = root().join("../shared/corpus");
    match std::fs::read_dir(&shared) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "ini"))
            .collect(),
        Err(_) => {
            tool::missing(&format!("{} is absent: {unread}", shared.display()));
            Vec::new()
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The lines of `text` that say "seed" or "seeds" as a word: a file name (`seed-pieces.betza`,
/// `seed_moves.tsv`) is a name, not a word said to the user.
fn says_seed(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| {
            let lower = line.to_ascii_lowercase();
            lower.match_indices("seed").any(|(at, _)| {
                let before = lower[..at].chars().next_back();
                let after = lower[at + 4..].trim_start_matches('s').chars().next();
                let part_of_a_name = |c: Option<char>| {
                    c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                };
                !part_of_a_name(before) && !part_of_a_name(after)
            })
        })
        .collect()
}

/// What `args` prints, on both streams, with where it came from.
fn shown(args: &[&str]) -> (String, String) {
    let output = betza(args);
    (
        args.join(" "),
        format!("{}{}", stdout(&output), stderr(&output)),
    )
}

/// Every `(what, text)` whose text says "seed", with the lines that do.
fn offenders(texts: &[(String, String)]) -> Vec<String> {
    texts
        .iter()
        .filter_map(|(what, text)| {
            let lines = says_seed(text);
            (!lines.is_empty()).then(|| format!("{what}:\n  {}", lines.join("\n  ")))
        })
        .collect()
}

#[test]
fn the_word_check_finds_the_word_and_spares_names() {
    assert_eq!(says_seed("as seed 000 does"), ["as seed 000 does"]);
    assert_eq!(says_seed("the Seeds are silent"), ["the Seeds are silent"]);
    assert!(says_seed("corpus/examples/seed-pieces.betza:3:1").is_empty());
    assert!(says_seed("test_data/mbn/seed_moves.tsv, seedless, reseed").is_empty());
}

/// Every line of a golden file of `corpus/golden`, one in `every`: its Betza string.
fn golden_sample(file: &str, every: usize) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("corpus/golden").join(file))
        .unwrap_or_else(|e| panic!("corpus/golden/{file}: {e}"));
    text.lines()
        .step_by(every)
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|case| case["betza"].as_str().map(str::to_owned))
        .collect()
}

/// The texts of the `.betza` examples under `syntax/test_data/parser/<dialect>` (valid and
/// not), each on one line.
pub(crate) fn test_data_examples(dialect: &str) -> Vec<String> {
    let mut out = Vec::new();
    for kind in ["ok", "err"] {
        let folder = root()
            .join("syntax/test_data/parser")
            .join(dialect)
            .join(kind);
        let Ok(entries) = std::fs::read_dir(&folder) else {
            panic!("{} is missing", folder.display());
        };
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "betza"))
            .collect();
        files.sort();
        out.extend(
            files
                .iter()
                .filter_map(|p| std::fs::read_to_string(p).ok())
                .map(|text| text.trim_end_matches('\n').to_owned())
                .filter(|text| !text.is_empty() && !text.contains('\n')),
        );
    }
    out
}

/// The samples, by dialect: strings from the golden data (among them strings XBoard reads
/// differently, `xboard-*.jsonl`, and strings Fairy-Stockfish reads otherwise than XBetza),
/// MBN's examples (among them rules and the mistakes the MBN findings name) and chained
/// Betza's.
fn samples() -> Vec<(&'static str, Vec<String>)> {
    let mut xbetza = golden_sample("xbetza-visible.jsonl", 4);
    xbetza.extend(golden_sample("xboard-random.jsonl", 60));
    xbetza.extend(golden_sample("xboard-crowded.jsonl", 40));
    // Known differences: XBoard's lone `h`, its `j` on a step, a leading `v`, `o` twice, a
    // lame leap; Fairy-Stockfish's initial captures.
    for known in ["hW", "jK", "vrN", "ooafK", "nN", "iK", "mamamaB"] {
        xbetza.push(known.to_owned());
    }
    let mut fairy = golden_sample("fairy-visible.jsonl", 4);
    fairy.extend(golden_sample("fairy-random.jsonl", 100));
    fairy.extend(["nN", "R10", "mfWcfF#comment"].map(str::to_owned));
    let mut mbn = test_data_examples("mbn");
    mbn.extend(["R4", "ffF", "(lr)W", ":4,2:", "qW"].map(str::to_owned));
    let mut chained = test_data_examples("chained");
    chained.push("uW-F".to_owned());
    vec![
        ("xbetza", xbetza),
        ("fairy", fairy),
        ("mbn", mbn),
        ("chained", chained),
    ]
}

#[test]
fn no_help_text_says_seed() {
    let mut texts = vec![shown(&["--help"])];
    for command in ["check", "explain", "moves", "tree", "convert", "lsp"] {
        texts.push(shown(&[command, "--help"]));
    }
    let found = offenders(&texts);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn no_finding_says_seed() {
    let scratch = Scratch::new("words");
    let mut files: Vec<PathBuf> = vec![root().join("corpus/examples")];
    for (dialect, strings) in samples() {
        let extension = if dialect == "mbn" { "mbn" } else { "betza" };
        let file = scratch.0.join(format!("{dialect}.{extension}"));
        let header = if dialect == "mbn" {
            String::new()
        } else {
            format!("# dialect: {dialect}\n")
        };
        std::fs::write(&file, header + &strings.join("\n") + "\n").expect("a scratch file");
        files.push(file);
    }
    files.extend(shared_corpus_inis(
        "its findings are not read for the word `seed`",
    ));
    let mut texts = Vec::new();
    for file in &files {
        let path = file.to_string_lossy();
        for format in ["human", "json"] {
            let args = [
                "check",
                &path,
                "--format",
                format,
                "--engine",
                "xboard",
                "--engine",
                "fairy-stockfish",
                "--max-findings",
                "0",
            ];
            let (what, text) = shown(&args);
            assert!(text.len() > 2, "{what} printed nothing");
            texts.push((what, text));
        }
    }
    // The samples do have findings that compare readings, where the words were.
    let all: String = texts.iter().map(|(_, t)| t.as_str()).collect();
    for code in [
        "xboard-reads-differently",
        "engines-disagree",
        "mbn-rider-range",
    ] {
        assert!(
            all.contains(code),
            "no `{code}` among the samples' findings"
        );
    }
    let found = offenders(&texts);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn no_explanation_or_conversion_says_seed() {
    let mut texts = Vec::new();
    for (dialect, strings) in samples() {
        // Every tenth string, and every MBN rule (`==`, castling, drops), whose words cite
        // the MBN description.
        let picked = strings.iter().enumerate().filter(|(index, text)| {
            index % 10 == 0 || (dialect == "mbn" && (text.contains("==") || text.contains("O-")))
        });
        for (_, text) in picked {
            texts.push(shown(&["explain", text, "--dialect", dialect]));
            match dialect {
                "xbetza" => {
                    texts.push(shown(&["explain", text, "--dialect", "xboard"]));
                    for to in ["fairy", "xboard"] {
                        texts.push(shown(&["convert", text, "--from", "xbetza", "--to", to]));
                    }
                    let json = ["convert", text, "--from", "xboard", "--to", "xbetza"];
                    texts.push(shown(&[&json[..], &["--json"]].concat()));
                }
                "fairy" => {
                    texts.push(shown(&[
                        "convert", text, "--from", "fairy", "--to", "xbetza",
                    ]));
                    let json = ["convert", text, "--from", "fairy", "--to", "xboard"];
                    texts.push(shown(&[&json[..], &["--json"]].concat()));
                }
                _ => {}
            }
        }
    }
    let all: String = texts.iter().map(|(_, t)| t.as_str()).collect();
    for said in [
        "XBoard reads this string differently",
        "MBN description, section",
    ] {
        assert!(all.contains(said), "no explanation says {said:?}");
    }
    let found = offenders(&texts);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn no_user_document_says_seed() {
    let mut documents: Vec<PathBuf> = [
        "README.md",
        "syntax/DIAGNOSTICS.md",
        "vscode-extension/README.md",
    ]
    .iter()
    .map(|p| root().join(p))
    .collect();
    let internal = ["architecture.md", "robustness.md", "testing.md"];
    let docs = std::fs::read_dir(root().join("docs")).expect("the docs folder");
    documents.extend(docs.flatten().map(|e| e.path()).filter(|p| {
        p.extension().is_some_and(|e| e == "md") && !internal.iter().any(|name| p.ends_with(name))
    }));
    // The settings VS Code shows: each rule's description.
    documents.push(root().join("vscode-extension/package.json"));
    let texts: Vec<(String, String)> = documents
        .iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.display().to_string(), text)
        })
        .collect();
    assert!(texts.len() > 8, "{texts:?}");
    let found = offenders(&texts);
    assert!(found.is_empty(), "{}", found.join("\n"));
}
