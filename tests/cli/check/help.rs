//! Issue 53: every error and warning says what to write. `betza check --format json` is run,
//! as a user runs it, over the real variant files (../shared/corpus), the project's examples,
//! the parser's test inputs of every dialect and every golden string of corpus/golden, each
//! string placed in the file a user keeps it in (a fairy string as a `customPiece` of a
//! `variants.ini` section, an XBetza string as a line of a `.betza` file); any error or warning
//! with no help fails the test, named by its code, its string and its message.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::scratch::Scratch;
use crate::stderr;
use crate::words::{shared_corpus_inis, test_data_examples};

fn project() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every golden string of `dialect` in corpus/golden, each once, sorted.
fn golden_strings(dialect: &str) -> Vec<String> {
    let folder = project().join("corpus/golden");
    let mut strings = Vec::new();
    for entry in std::fs::read_dir(&folder).expect("corpus/golden is committed") {
        let path = entry.expect("a folder entry").path();
        if path.extension().is_none_or(|e| e != "jsonl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("golden data is UTF-8");
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).expect("a JSON line");
            if case["dialect"] == dialect
                && let Some(betza) = case["betza"].as_str()
            {
                strings.push(betza.to_owned());
            }
        }
    }
    strings.sort();
    strings.dedup();
    strings
}

/// Fairy strings as the pieces of a `variants.ini`, a section each.
fn variants_ini(strings: &[String]) -> String {
    let mut out = String::new();
    for (index, betza) in strings.iter().enumerate() {
        let _ = write!(out, "[v{index}:chess]\ncustomPiece1 = a:{betza}\n");
    }
    out
}

/// Strings as the lines of a `.betza` file of `dialect`.
fn lines(dialect: &str, strings: &[String]) -> String {
    std::iter::once(format!("# dialect: {dialect}\n"))
        .chain(strings.iter().map(|s| format!("{s}\n")))
        .collect()
}

/// The files to check: those written into `scratch`, the project's examples and the shared
/// corpus (absent: said, and a failure in CI).
fn files(scratch: &Scratch) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut write = |name: &str, text: String| {
        let path = scratch.0.join(name);
        std::fs::write(&path, text).expect("a scratch file");
        files.push(path);
    };
    write(
        "golden.variants.ini",
        variants_ini(&golden_strings("fairy")),
    );
    write(
        "tests.variants.ini",
        variants_ini(&test_data_examples("fairy")),
    );
    write("golden.betza", lines("xbetza", &golden_strings("xbetza")));
    write(
        "tests.betza",
        lines("xbetza", &test_data_examples("xbetza")),
    );
    write(
        "chained.betza",
        lines("chained", &test_data_examples("chained")),
    );
    // A file each: the strings of an MBN file share macros, and a comment left open runs on.
    for (index, betza) in test_data_examples("mbn").iter().enumerate() {
        write(&format!("test{index}.mbn"), format!("{betza}\n"));
    }
    let examples = project().join("corpus/examples");
    for entry in std::fs::read_dir(examples).expect("corpus/examples is committed") {
        files.push(entry.expect("a folder entry").path());
    }
    files.extend(shared_corpus_inis("its findings are not read for help"));
    files.sort();
    files
}

/// The findings of `betza check` on `files` with `options`, as JSON.
fn check(files: &[PathBuf], options: &[&str]) -> std::thread::JoinHandle<Vec<Value>> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_betza"));
    command
        .args(["check", "--format", "json"])
        .args(options)
        .args(files);
    std::thread::spawn(move || {
        let output = command.output().expect("the betza binary runs");
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{}",
            stderr(&output)
        );
        serde_json::from_slice(&output.stdout).expect("a JSON array")
    })
}

/// Each error or warning of `findings` that has no help, said with its string (the line it is
/// on).
fn without_help(findings: &[Value]) -> Vec<String> {
    let mut texts: std::collections::HashMap<String, Vec<String>> = Default::default();
    let mut out = Vec::new();
    for finding in findings {
        let (file, code) = (
            finding["file"].as_str().unwrap_or(""),
            finding["code"].as_str().unwrap_or(""),
        );
        let severe = matches!(finding["severity"].as_str(), Some("error" | "warning"));
        if !severe || !finding["help"].is_null() {
            continue;
        }
        let lines = texts.entry(file.to_owned()).or_insert_with(|| {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            text.lines().map(str::to_owned).collect()
        });
        let line = (finding["line"].as_u64())
            .and_then(|l| lines.get(usize::try_from(l).ok()?.checked_sub(1)?))
            .map_or("", String::as_str);
        out.push(format!(
            "{code} on `{line}` ({file}): {}",
            finding["message"].as_str().unwrap_or("")
        ));
    }
    out
}

#[test]
fn every_error_and_warning_says_what_to_write() {
    let scratch = Scratch::new("help");
    let files = files(&scratch);
    // Two processes, one for the fairy strings and one for the rest, each listing every
    // finding; one with a small cap, whose summary of the findings left out is one more; and
    // one for the real variant files with XBoard as a target too.
    let (fairy, other): (Vec<PathBuf>, Vec<PathBuf>) = files
        .iter()
        .cloned()
        .partition(|f| f.extension().is_some_and(|e| e == "ini"));
    let capped = files
        .iter()
        .filter(|f| f.ends_with("tests.betza"))
        .cloned()
        .collect::<Vec<_>>();
    // The real variant files once more for those who play them under XBoard too.
    let real: Vec<PathBuf> = (fairy.iter())
        .filter(|f| !f.starts_with(&scratch.0))
        .cloned()
        .collect();
    let both = ["--engine", "xboard", "--engine", "fairy-stockfish"];
    let runs = [
        check(&fairy, &["--max-findings", "0"]),
        check(&other, &["--max-findings", "0"]),
        check(&capped, &["--max-findings", "5"]),
        check(&real, &both),
    ];
    let findings: Vec<Value> = runs
        .into_iter()
        .flat_map(|run| run.join().expect("a check ran"))
        .collect();
    assert!(
        findings.iter().any(|f| f["code"] == "too-many-findings"),
        "the capped check sums up what it left out"
    );
    assert!(findings.len() > 5_000, "{} findings", findings.len());
    let missing = without_help(&findings);
    assert!(
        missing.is_empty(),
        "{} errors and warnings say nothing of what to write, such as:\n{}",
        missing.len(),
        missing
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
