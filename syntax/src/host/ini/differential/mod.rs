//! A differential test of the whole-file checks of a `variants.ini`: real sections with one
//! typical author mistake each (`mutations.jsonl`), and what Fairy-Stockfish does with each
//! file compared with the file the author meant (recorded by `generate.py`; see `README.md`).
//!
//! Each case is analysed exactly as `betza check` analyses a file, and:
//! * a mistake that changes what the engine does must get a finding whose range touches one of
//!   the case's blame ranges (the mutated lines, and where the effect is elsewhere by nature,
//!   the other lines it involves: the other key of a letter clash, the header of a parent): an
//!   error or a warning where the change shows in play (moves, positions, results, which
//!   sections load), any finding where it shows only in what the engine stores or sends a GUI
//!   (a start position whose text alone differs is one), and any finding for a custom piece
//!   that takes an inherited piece's letter, which is also how a variant replaces a piece, and
//!   for a side left without a king or a start position of its own board alone, which are also
//!   how variants are designed;
//! * a mistake the engine reads as the author meant must get no error (warnings, infos and
//!   hints are welcome), except where the text names more than the engine reads: several
//!   letters for one piece type are never read as written, whichever the engine keeps;
//! * every original, unmutated, gets no error.
//!
//! The originals are sections of real variants files named by file and line range; the files
//! of `../shared/corpus` are not copied into the project, so their cases are skipped when that
//! folder is absent: said on the terminal, and a failure in CI. A hash checks every text rebuilt
//! from them.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::Severity;
use crate::analysis::{self, LineIndex, Options};
use crate::diagnostic::Diagnostic;
use crate::host::HostFormat;

/// Mistakes that leave a file the engine reads as written, so that no check can see them: a
/// header deleted where the lines below it merge into the section above without clashing
/// with any of its keys or letters (the section is simply longer).
const UNSEEABLE: &[(&str, &str)] = &[
    (
        "m0902",
        "`[nineholes]`'s keys merge into `[picaria]` and set nothing it sets",
    ),
    (
        "m0911",
        "`[cfour-misere]`'s one key merges into `[cfour]`, which does not set it",
    ),
];

/// The kinds of mistake `generate.py` makes; each must have cases.
const KINDS: &[&str] = &[
    "bad-square",
    "betza-space",
    "bool-word",
    "byte-order-mark",
    "comment-indented",
    "cr-line-ending",
    "cr-only-file",
    "crlf-file",
    "custom-builtin-letter",
    "custom-piece-number",
    "custom-without-colon",
    "deprecated-key",
    "duplicate-key-earlier",
    "duplicate-key-later",
    "empty-value",
    "fen-board-only",
    "fen-castling",
    "fen-no-king",
    "fen-rank-extra",
    "fen-rank-missing",
    "fen-removed-piece",
    "fen-side",
    "fen-unknown-letter",
    "file-uppercase",
    "header-indented",
    "header-trailing",
    "header-unclosed",
    "key-case",
    "key-indented",
    "key-misspelt",
    "key-tab-before-equals",
    "keys-before-header",
    "king-empty-betza",
    "line-no-equals",
    "name-builtin",
    "name-earlier",
    "no-header",
    "number-word",
    "pairs-format",
    "parent-later",
    "parent-misspelt",
    "parent-spaces",
    "piece-letter-case",
    "piece-list-commas",
    "piece-list-spaces",
    "piece-list-unknown-letter",
    "piece-type-several",
    "square-list-commas",
    "standard-with-betza",
    "trailing-whitespace",
    "two-builtins-one-letter",
    "value-comment",
    "value-quoted",
    "word-value-case",
];

fn here() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/host/ini/differential")
}

fn lines_of(file: &str) -> Vec<Value> {
    let path = here().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run generate.py)", path.display()));
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// FNV-1a, 64 bits, as `generate.py` writes it.
fn fnv(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in bytes {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn number(value: &Value) -> usize {
    usize::try_from(value.as_u64().expect("a number")).expect("a small number")
}

fn text_of(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

/// The originals `generate.py` used, by id: their text, or `None` when their file is absent.
/// A text that does not hash as recorded is a changed source: the data must be recorded again.
fn originals() -> BTreeMap<String, Option<Vec<u8>>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut sources: BTreeMap<String, Option<Vec<u8>>> = BTreeMap::new();
    let mut out = BTreeMap::new();
    for original in lines_of("originals.jsonl") {
        if original["used"] != true {
            continue;
        }
        let source = text_of(&original["source"]).to_owned();
        let file = sources
            .entry(source.clone())
            .or_insert_with(|| std::fs::read(root.join(&source)).ok());
        let id = text_of(&original["id"]).to_owned();
        let Some(file) = file else {
            out.insert(id, None);
            continue;
        };
        let lines: Vec<&[u8]> = file.split(|b| *b == b'\n').collect();
        let blocks: Vec<Vec<u8>> = original["blocks"]
            .as_array()
            .expect("blocks")
            .iter()
            .map(|block| {
                let (first, last) = (number(&block[0]), number(&block[1]));
                lines[first - 1..last].join(&b'\n')
            })
            .collect();
        let mut text = blocks.join(&b"\n\n"[..]);
        text.push(b'\n');
        assert_eq!(
            fnv(&text),
            text_of(&original["fnv"]),
            "{id}: {source} changed since the data was recorded: run generate.py again"
        );
        out.insert(id, Some(text));
    }
    out
}

struct Case {
    id: String,
    kind: String,
    form: String,
    text: String,
    /// Byte ranges a finding may touch.
    blame: Vec<(usize, usize)>,
    lines: (usize, usize),
    changes: bool,
    /// The engine process died loading it.
    crashed: bool,
    seen_in: String,
    effect: String,
}

/// The cases whose original is at hand, and how many were skipped.
fn cases() -> (Vec<Case>, usize) {
    let originals = originals();
    let mut skipped = 0;
    let mut out = Vec::new();
    for case in lines_of("mutations.jsonl") {
        let id = text_of(&case["id"]).to_owned();
        let Some(original) = &originals[text_of(&case["original"])] else {
            skipped += 1;
            continue;
        };
        let mut bytes = Vec::new();
        for piece in case["pieces"].as_array().expect("pieces") {
            match piece {
                Value::String(literal) => bytes.extend_from_slice(literal.as_bytes()),
                range => bytes.extend_from_slice(&original[number(&range[0])..number(&range[1])]),
            }
        }
        assert_eq!(fnv(&bytes), text_of(&case["fnv"]), "{id}: rebuilt text");
        let text = String::from_utf8(bytes).expect("UTF-8");
        let mut blame: Vec<(usize, usize)> = case["blame"]
            .as_array()
            .expect("blame")
            .iter()
            .map(|range| (number(&range[0]), number(&range[1])))
            .collect();
        // A header lost merges its lines into the section above (or leaves them before any
        // header): what can be seen of it stands in those lines, down to the next header.
        if text_of(&case["kind"]) == "no-header"
            && let Some(&(start, _)) = blame.first()
        {
            let next = text[start..]
                .match_indices("\n[")
                .next()
                .map_or(text.len(), |(at, _)| start + at);
            blame.push((start, next));
        }
        let seen_in: Vec<&str> = case["seen_in"]
            .as_array()
            .map(|seen| seen.iter().map(text_of).collect())
            .unwrap_or_default();
        out.push(Case {
            id,
            kind: text_of(&case["kind"]).to_owned(),
            form: text_of(&case["form"]).to_owned(),
            text,
            blame,
            lines: (number(&case["lines"][0]), number(&case["lines"][1])),
            changes: case["changes"] == true,
            crashed: case["crashed"] == true,
            seen_in: seen_in.join(", "),
            effect: text_of(&case["effect"]).to_owned(),
        });
    }
    (out, skipped)
}

/// The findings of a whole file, as `betza check` makes them.
fn findings(text: &str) -> Vec<Diagnostic> {
    analysis::analyse(HostFormat::VariantsIni, text, &Options::default()).diagnostics
}

fn shown(text: &str, most: usize) -> String {
    let text = text.escape_debug().to_string();
    match text.char_indices().nth(most) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

fn said(text: &str, finding: &Diagnostic) -> String {
    let index = LineIndex::new(text);
    let (line, column) = index.line_column_one_based(finding.range.start().into());
    format!(
        "{:?} {} at {line}:{column}: {}",
        finding.severity,
        finding.code,
        shown(&finding.message, 150)
    )
}

#[test]
fn the_data_has_every_kind_and_enough_cases() {
    let cases = lines_of("mutations.jsonl");
    assert!(cases.len() >= 1000, "{} cases", cases.len());
    let kinds: BTreeSet<&str> = cases.iter().map(|c| text_of(&c["kind"])).collect();
    let missing: Vec<&&str> = KINDS.iter().filter(|k| !kinds.contains(**k)).collect();
    assert!(missing.is_empty(), "no case of {missing:?}");
    let unknown: Vec<&&str> = kinds.iter().filter(|k| !KINDS.contains(k)).collect();
    assert!(
        unknown.is_empty(),
        "kinds this test does not list: {unknown:?}"
    );
    // Every original used loads cleanly: each section registered, its start position valid.
    for original in lines_of("originals.jsonl") {
        if original["used"] != true {
            continue;
        }
        let id = text_of(&original["id"]);
        assert_eq!(original["crashed"], false, "{id}");
        let names = |field: &str| -> BTreeSet<&str> {
            original[field]
                .as_array()
                .into_iter()
                .flatten()
                .map(text_of)
                .collect()
        };
        assert_eq!(names("registered"), names("sections"), "{id}");
        for (name, valid) in original["start_fens_valid"].as_object().expect("validity") {
            assert_eq!(valid, true, "{id}: the start position of {name}");
        }
    }
}

#[test]
fn the_checks_follow_the_engine() {
    let originals = originals();
    let (cases, skipped) = cases();
    if skipped > 0 {
        crate::tool::missing(&format!(
            "{skipped} cases: their originals' files (../shared/corpus) are absent"
        ));
    }
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut count = 0;
    for (id, text) in &originals {
        let Some(text) = text else { continue };
        let text = String::from_utf8(text.clone()).expect("UTF-8");
        let errors: Vec<String> = findings(&text)
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| said(&text, f))
            .collect();
        if !errors.is_empty() {
            count += 1;
            failures
                .entry("(original)".to_owned())
                .or_default()
                .push(format!(
                    "{id}: errors on the unmutated file:\n      {}",
                    errors.join("\n      ")
                ));
        }
    }
    let mut per_kind: BTreeMap<&str, usize> = BTreeMap::new();
    for case in &cases {
        *per_kind.entry(&case.kind).or_default() += 1;
        let all = findings(&case.text);
        let errors: Vec<&Diagnostic> = all
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .collect();
        let touches = |f: &&Diagnostic| {
            let (start, end) = (usize::from(f.range.start()), usize::from(f.range.end()));
            case.blame.iter().any(|&(s, e)| start <= e && end >= s)
        };
        // A start position written otherwise but read the same (`qkQK` for `KQkq`) differs in
        // its text alone: what the engine stores and sends a GUI, not what it plays.
        let text_only = case.effect.split("; ").all(|part| {
            [
                "start position differs",
                "it sends a GUI",
                "it stores",
                "and ",
            ]
            .iter()
            .any(|prefix| part.starts_with(prefix))
        });
        let in_play = (case.seen_in.contains("play") && !text_only) || case.crashed;
        // A custom piece taking an inherited piece's letter is how a variant replaces a piece
        // (`customPiece1 = n:NN` for the knight); a slip looks the same, so it is information.
        let replaces = (case.kind == "custom-builtin-letter"
            && case.form.starts_with("clashes with inherited"))
            // A side without a king is a design too (the Maharajah), and so is a start
            // position of the board alone (nim, alapo in Fairy-Stockfish's own file).
            || case.kind == "fen-no-king"
            || (case.kind == "fen-board-only" && case.form.contains("own startFen"));
        let said_here = all
            .iter()
            .filter(|f| !in_play || replaces || f.severity <= Severity::Warning)
            .any(|f| touches(&f));
        let read_as_written = case.kind != "piece-type-several";
        let problem = if case.changes {
            (!said_here).then_some(if in_play {
                "changes what the engine does in play, no error or warning here"
            } else {
                "changes what the engine stores, no finding here"
            })
        } else {
            (read_as_written && !errors.is_empty())
                .then_some("the engine reads it as meant, yet an error")
        };
        let Some(problem) = problem else { continue };
        if UNSEEABLE.iter().any(|(id, _)| *id == case.id) {
            continue;
        }
        count += 1;
        let line = case
            .text
            .get(case.blame[0].0..case.blame[0].1)
            .unwrap_or_default();
        let mut report = format!(
            "{} [{}] line {}: `{}`\n      {problem}; the engine: {}{}\n",
            case.id,
            case.form,
            case.lines.0,
            shown(line, 100),
            shown(&case.effect, 220),
            if case.seen_in.is_empty() {
                String::new()
            } else {
                format!(" (seen in: {})", case.seen_in)
            },
        );
        if all.is_empty() {
            report.push_str("      findings: none");
        } else {
            let _ = write!(
                report,
                "      findings: {}",
                all.iter()
                    .map(|f| said(&case.text, f))
                    .collect::<Vec<_>>()
                    .join("\n                ")
            );
        }
        failures.entry(case.kind.clone()).or_default().push(report);
    }
    if failures.is_empty() {
        return;
    }
    let mut out = String::new();
    for (kind, list) in &failures {
        let of = per_kind
            .get(kind.as_str())
            .copied()
            .unwrap_or(originals.len());
        let _ = writeln!(out, "\n== {kind}: {} of {of} fail", list.len());
        for report in list {
            let _ = writeln!(out, "  {report}");
        }
    }
    let total = cases.len() + originals.values().filter(|t| t.is_some()).count();
    let _ = writeln!(
        out,
        "\n{count} of {total} files fail (kinds: {})",
        failures
            .iter()
            .map(|(kind, list)| format!("{kind} {}", list.len()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    panic!("{out}");
}
